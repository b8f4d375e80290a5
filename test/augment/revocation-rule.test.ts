// augment weighs every certificate its new archive timestamp rests on by the one revocation rule
// (src/pki/revocation.ts statusAt / pathStatusAt), the same function long-term validation reads the result with:
// - A1b (attack36b): the TSA that answers now, before its answer is used, with every item augment holds, was
//   given or fetched: an authentic "revoked" stops the renewal, naming the item and where it came from;
// - A1c (attack36b): when a held item and a given one both prove a certificate, the one issued later is used, and
//   augment's "proves" is long-term's (one skew, one reason);
// - hs4's rule: an item about a certificate that cannot be checked (its algorithm outside the table) is no proof,
//   and augment adds no archive timestamp on its strength.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SealcheckError, verifyArchive } from "../../src/index.js";
import { augmentArchive } from "../../src/api/internal.js";
import { parsePdf, readDss } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { addDss, buildArchive, createCrl, createOcspResponse, startTsa, TIMELINE, type Loopback, type TsaMode } from "../../scripts/generator/index.js";
import { tempDir, testPki, trustDirectory, tsaCertificate } from "../helpers/fixtures.js";
import { resignedOcsp } from "../helpers/resign.js";
import { runCliAsync } from "../helpers/cli.js";

const pki = testPki();
const SAMPLE = "samples/valid/archive.pdf";
/** A second time-stamping unit of the same TSA CA (a provider runs several). */
const unit2 = tsaCertificate(pki, "2", new Date("2124-01-01T00:00:00Z"));
const hourAgo = () => new Date(Date.now() - 3600_000);
const ocspAbout = (subject: typeof pki.tsa, o: { producedAt?: Date; revokedAt?: Date } = {}) =>
  createOcspResponse({
    subject,
    issuer: pki.tsaRoot,
    responder: pki.tsaRoot,
    producedAt: o.producedAt ?? hourAgo(),
    ...(o.revokedAt ? { status: { revokedAt: o.revokedAt, reason: 1 } } : {}),
  });
const KEY_COMPROMISE = new Date("2026-03-01T00:00:00Z");

let tsa2: Loopback & { mode: TsaMode };
let tsa1: Loopback & { mode: TsaMode };
let dir: string;
beforeAll(async () => {
  tsa1 = await startTsa(pki.tsa);
  tsa2 = await startTsa(unit2);
  dir = tempDir("augment-rule-");
});
afterAll(async () => {
  await tsa1?.close();
  await tsa2?.close();
});

const outcome = (p: Promise<{ timestamp: { field: string } }>) =>
  p.then(
    (r) => `augmented ${r.timestamp.field}`,
    (e: unknown) => (e instanceof SealcheckError ? `${e.code}: ${e.message}` : String(e)),
  );

describe("A1b: the TSA that answers goes through the one revocation rule before its answer is used", () => {
  it("honest: the new TSA shown good (or nothing said about it): augmented", async () => {
    expect(await outcome(augmentArchive({ evidence: SAMPLE, tsa: tsa2.url, trust: [trustDirectory()], ocsp: [ocspAbout(pki.tsa), ocspAbout(unit2)] }))).toBe(
      "augmented ArchiveTimestamp1",
    );
  }, 60_000);

  it("--ocsp says the new TSA was revoked (keyCompromise) before its answer: refused, naming the item and where it came from; the archive untouched (exit 3)", async () => {
    const file = join(dir, "in-place.pdf");
    copyFileSync(SAMPLE, file);
    const revoked = join(dir, "unit2-revoked.ocsp.der");
    writeFileSync(revoked, ocspAbout(unit2, { revokedAt: KEY_COMPROMISE }));
    const good = join(dir, "unit1-good.ocsp.der");
    writeFileSync(good, ocspAbout(pki.tsa));
    const r = await runCliAsync(["augment", file, "--in-place", "--tsa", tsa2.url, "--trust", trustDirectory(), "--ocsp", good, "--ocsp", revoked]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(
      /the TSA that answered \(http:\/\/127\.0\.0\.1:\d+\): its certificate "Sealcheck Test Time-Stamping Unit 2" \(serial [0-9A-F]+\) is revoked: the OCSP response of .* says it was revoked at 2026-03-01T00:00:00Z, before .*\(given with --ocsp .*unit2-revoked\.ocsp\.der\)\. Its timestamp of .* proves nothing; nothing was written/,
    );
    expect(readFileSync(file).equals(readFileSync(SAMPLE))).toBe(true);
  }, 60_000);

  it("a CRL the archive already holds lists the new TSA: refused, the item named as held in the archive", async () => {
    const crl = createCrl({
      issuer: pki.tsaRoot,
      thisUpdate: hourAgo(),
      nextUpdate: new Date(Date.now() + 86400_000),
      revoked: [{ serial: new Uint8Array(unit2.cert.serialNumber.valueBlock.valueHexView), at: KEY_COMPROMISE }],
    });
    const archive = await addDss((await buildArchive(pki)).pdf, pki, "table", { crls: [crl] });
    const msg = await outcome(
      augmentArchive({ evidence: { name: "held.pdf", bytes: archive }, tsa: tsa2.url, trust: [trustDirectory()], ocsp: [ocspAbout(pki.tsa)] }),
    );
    expect(msg).toMatch(
      /^ERR_AUGMENT: held\.pdf: the TSA that answered .*Unit 2.* is revoked: the CRL of .* lists it as revoked at 2026-03-01T00:00:00Z.*\(held in the archive\)/,
    );
  }, 60_000);

  it("a revocation after the new timestamp's time (none can be stated yet) or about another unit does not stop it", async () => {
    // Unit 1 (the archive's own TSA) is shown good; the revoked answer is about Unit 2, which does not answer here.
    const msg = await outcome(
      augmentArchive({
        evidence: SAMPLE,
        tsa: tsa1.url,
        trust: [trustDirectory()],
        ocsp: [ocspAbout(pki.tsa), ocspAbout(unit2, { revokedAt: KEY_COMPROMISE })],
      }),
    );
    expect(msg).toBe("augmented ArchiveTimestamp1");
  }, 60_000);
});

describe("A1c: augment's proof is long-term's, and of two items that prove, the later one is used", () => {
  /** samples/valid/archive.pdf with a DSS holding the TSA CA's "good" for Unit 1 produced `before` ms before the signature timestamp. */
  const heldBefore = async (before: number) => {
    const held = ocspAbout(pki.tsa, { producedAt: new Date(TIMELINE.timestampAt.getTime() - before) });
    return { held, bytes: await addDss((await buildArchive(pki)).pdf, pki, "table", { ocsps: [held] }) };
  };
  const dssOcsps = (bytes: Uint8Array): string[] => {
    const view = parsePdf(wholeSource(bytes), resolveLimits()).latest();
    return (readDss(view)?.ocsps ?? []).map((r) => {
      const o = view.object(r);
      return o?.value.kind === "stream" ? Buffer.from(view.decode(o.value)).toString("hex") : "";
    });
  };

  it("held (30 s before the timestamp, inside the skew) and given (an hour ago) both prove: the given, issued later, goes in the DSS and long-term names it", async () => {
    const { held, bytes } = await heldBefore(30_000);
    const current = ocspAbout(pki.tsa);
    const r = await augmentArchive({ evidence: { name: "a1c.pdf", bytes }, tsa: tsa1.url, trust: [trustDirectory()], ocsp: [current] });
    const ocsps = dssOcsps(r.bytes);
    expect(ocsps).toContain(Buffer.from(current).toString("hex"));
    expect(ocsps).toContain(Buffer.from(held).toString("hex")); // what the archive held stays
    const sigTs = r.report.longTerm!.proofsOfExistence.find((p) => p.kind === "signature-timestamp")!;
    expect(sigTs).toMatchObject({ proven: true });
    expect(sigTs.revocation).toContain(`OCSP of ${hourAgo().toISOString().slice(0, 13)}`);
  }, 60_000);

  it("held 3 min before the timestamp (outside the policy's 60 s skew), nothing given: augment refuses with long-term's own reason", async () => {
    const { bytes } = await heldBefore(180_000);
    const file = join(dir, "a1c-stale.pdf");
    writeFileSync(file, bytes);
    const lt = await verifyArchive({ evidence: file, trust: [trustDirectory()] });
    const reason = lt.longTerm!.proofsOfExistence.find((p) => p.kind === "signature-timestamp")!.reason!;
    expect(reason).toMatch(/^the revocation data for it was issued before the timestamp \(1 item\(s\)\)/);
    const msg = await outcome(augmentArchive({ evidence: file, tsa: tsa1.url, trust: [trustDirectory()] }));
    expect(msg).toMatch(/^ERR_AUGMENT: .*no OCSP response or CRL proves these certificates unrevoked: "Sealcheck Test Time-Stamping Unit 1"/);
    expect(msg).toContain(reason);
    // The archivist's current answer renews it.
    expect(await outcome(augmentArchive({ evidence: file, tsa: tsa1.url, trust: [trustDirectory()], ocsp: [ocspAbout(pki.tsa)] }))).toBe(
      "augmented ArchiveTimestamp1",
    );
  }, 60_000);
});

describe("hs4's rule in augment: an item that cannot be checked proves nothing and stops the renewal", () => {
  it("--ocsp about the TSA signed sha512-256WithRSAEncryption (outside the table) beside a good one: refused, naming it; the same item in SHA3-256 is checked and proves", async () => {
    const good = ocspAbout(pki.tsa);
    const unchecked = resignedOcsp(good, pki.tsaRoot.key, "sha512-256", "1.2.840.113549.1.1.16");
    const msg = await outcome(augmentArchive({ evidence: SAMPLE, tsa: tsa1.url, trust: [trustDirectory()], ocsp: [good, unchecked] }));
    expect(msg).toMatch(
      /^ERR_AUGMENT: .*"Sealcheck Test Time-Stamping Unit 1" .* cannot be shown unrevoked: an OCSP response about it cannot be checked \(.*1\.2\.840\.113549\.1\.1\.16.*\), so its revocation status is not decided \(given with --ocsp\)\. .*nothing was written/,
    );
    const checked = resignedOcsp(good, pki.tsaRoot.key, "sha3-256", "2.16.840.1.101.3.4.3.14");
    expect(await outcome(augmentArchive({ evidence: SAMPLE, tsa: tsa1.url, trust: [trustDirectory()], ocsp: [checked] }))).toBe("augmented ArchiveTimestamp1");
  }, 60_000);

  it("RSASSA-PSS with SHA3-256 about the new TSA: the new timestamp is not used", async () => {
    const pss = resignedOcsp(ocspAbout(unit2), pki.tsaRoot.key, "sha3-256", "1.2.840.113549.1.1.10", "2.16.840.1.101.3.4.2.8");
    const msg = await outcome(augmentArchive({ evidence: SAMPLE, tsa: tsa2.url, trust: [trustDirectory()], ocsp: [ocspAbout(pki.tsa), pss] }));
    expect(msg).toMatch(
      /^ERR_AUGMENT: .*the TSA that answered .*Unit 2.* cannot be shown unrevoked: an OCSP response about it cannot be checked \(.*RSASSA-PSS with sha3-256/,
    );
  }, 60_000);
});
