// The injected clock (issue 36 part 4): verify and augment take "now" from the session's clock (or augment's
// `now`), never from the system clock scattered through the code, so that a test says the time it means.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIMELINE, addDss, createOcspResponse, startTsa, type Loopback, type TsaMode } from "../../scripts/generator/index.js";
import { readFileSync } from "node:fs";
import { SealcheckError, createSession, verifyArchive } from "../../src/index.js";
import { augmentArchive } from "../../src/api/internal.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const pki = testPki();
const NOW = new Date("2026-03-01T12:00:00Z");
let tsa: Loopback & { mode: TsaMode };
let ocspFile: string;

beforeAll(async () => {
  // The TSA's clock is the test's too: its genTime is the time the test means.
  tsa = await startTsa(pki.tsa, { clock: () => NOW });
  ocspFile = join(tempDir("augment-clock-"), "tsa.ocsp.der");
  writeFileSync(ocspFile, createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: NOW, thisUpdate: NOW }));
}, 60_000);
afterAll(async () => {
  await tsa?.close();
});

describe("the session's clock is verify's now", () => {
  it("without --at, the validation time is the clock's, said as the current time; the expired B-T sample turns with it", async () => {
    const before = createSession({ trust: ["samples/trust"], clock: () => new Date("2025-12-20T00:00:00Z") });
    const r1 = await verifyArchive({ evidence: "samples/expired/archive.pdf", originals: ["samples/valid/originals"], session: before });
    expect([r1.validationTime, r1.validationTimeSource, r1.indication]).toEqual(["2025-12-20T00:00:00.000Z", "current-time", "TOTAL-PASSED"]);
    const after = createSession({ trust: ["samples/trust"], clock: () => new Date("2027-06-01T00:00:00Z") });
    const r2 = await verifyArchive({ evidence: "samples/expired/archive.pdf", originals: ["samples/valid/originals"], session: after });
    expect([r2.validationTime, r2.indication, r2.subIndication]).toEqual(["2027-06-01T00:00:00.000Z", "INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
  });

  it("a clock that is not a function, or returns no valid Date, is a usage error", async () => {
    expect(() => createSession({ clock: "now" as never })).toThrow(/clock: expected a function/);
    const s = createSession({ trust: ["samples/trust"], clock: () => new Date(Number.NaN) });
    await expect(verifyArchive({ evidence: "samples/valid/archive.pdf", session: s })).rejects.toThrow(/clock: it returned no valid Date/);
  });
});

describe("augment's now", () => {
  it("both verifications and the TSA's time check use it", async () => {
    const r = await augmentArchive({ evidence: "samples/valid/archive.pdf", tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile], now: NOW });
    expect(r.timestamp.genTime).toBe(NOW.toISOString());
    expect([r.report.validationTime, r.report.indication]).toEqual([NOW.toISOString(), "TOTAL-PASSED"]);
  }, 60_000);

  it("a TSA whose time is an hour after the caller's now is refused: its answer is outside the exchange (attack36 A2)", async () => {
    const e = await augmentArchive({
      evidence: "samples/valid/archive.pdf",
      tsa: tsa.url,
      trust: [trustDirectory()],
      ocsp: [ocspFile],
      now: new Date(NOW.getTime() - 3600_000),
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SealcheckError);
    expect((e as Error).message).toMatch(/says it is 2026-03-01T12:00:00.000Z, outside the exchange \(sent 2026-03-01T11:00:00.000Z, .*± 60 s clock skew/);
  }, 60_000);

  it("now given beside a session is a usage error (the session's clock applies)", async () => {
    await expect(
      augmentArchive({ evidence: "samples/valid/archive.pdf", tsa: tsa.url, session: createSession({ trust: [trustDirectory()] }), now: NOW }),
    ).rejects.toThrow(/^now: given with a session/);
  });
});

describe("the TSA window is read at the exchange (attack36b A2b)", () => {
  it("a clock that moves 30 s a reading: the honest TSA is judged against the time the request is sent, not the call's start", async () => {
    // Each reading of the session's clock moves it on by 30 s; the TSA answers with the clock's current time.
    // Anchored at the call's start, its answer would lie minutes after the window; read at the exchange, inside.
    let t = NOW.getTime();
    const moving = await startTsa(pki.tsa, { clock: () => new Date(t) });
    try {
      const session = createSession({ trust: [trustDirectory()], clock: () => new Date((t += 30_000)) });
      const r = await augmentArchive({ evidence: "samples/valid/archive.pdf", tsa: moving.url, session, ocsp: [ocspFile] });
      expect(Date.parse(r.timestamp.genTime)).toBeGreaterThan(NOW.getTime() + 60_000);
    } finally {
      await moving.close();
    }
  }, 60_000);
});

describe("augment's proof test is long-term's: the policy's one skew (attack36b A1c)", () => {
  // The archive's DSS holds the TSA CA's "good" of 3 minutes before the signature timestamp: no proof for the
  // time after it at the policy's 60 s (long-term's reading). augment took it as one at its own 300 s, never read
  // the archivist's current answer, and its re-check then refused the renewal.
  it("a held 'good' 3 min before the timestamp is no proof; the archivist's current --ocsp is used: augmented", async () => {
    const held = createOcspResponse({
      subject: pki.tsa,
      issuer: pki.tsaRoot,
      responder: pki.tsaRoot,
      producedAt: new Date(TIMELINE.timestampAt.getTime() - 180_000),
    });
    const pdf = await addDss(new Uint8Array(readFileSync("samples/expired/archive.pdf")), pki, "table", { sealRevocation: false, ocsps: [held] });
    const r = await augmentArchive({ evidence: { name: "archive.pdf", bytes: pdf }, tsa: tsa.url, trust: [trustDirectory()], ocsp: [ocspFile], now: NOW });
    expect(r.report.indication).toBe("TOTAL-PASSED");
  }, 60_000);
});
