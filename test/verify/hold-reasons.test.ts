// certificateHold and removeFromCRL written on complete CRLs (the generator's createCrl with entry reasons), and a
// hold placed after the sealing time that is still in force at the validation time. EU DSS 5.13.1
// (scripts/attack36b/hold-after-sealing.ts, DSS=1) on the bundled sample with the seal CA's hold from 2026-06-01 in
// a DSS, now: B-T INDETERMINATE/TRY_LATER ("The best-signature-time is not before the certificate's suspension
// time"); B-LTA (a proven proof of existence before the hold) TOTAL_PASSED; the hold lifted a day later
// TOTAL_PASSED. Every test states its time.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pkijs from "pkijs";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createCrl, createOcspResponse, TIMELINE, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const KEY_COMPROMISE = 1;
const CERTIFICATE_HOLD = 6;
const REMOVE_FROM_CRL = 8;
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const sample = (name = "valid/archive.pdf") => new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", name)));
const withDss = (pdf: Uint8Array, crls: Uint8Array[]) => addDss(pdf, base, "table", { sealRevocation: false, crls });

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-hold-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
}

/** The seal CA's complete CRL number `n` of `thisUpdate` (valid a week), listing the seal with `reason` since `since` (or not at all). */
const sealCrl = (n: number, thisUpdate: string, entry?: { since: string; reason: number }) =>
  createCrl({
    issuer: base.sealRoot,
    number: n,
    thisUpdate: at(thisUpdate),
    nextUpdate: new Date(at(thisUpdate).getTime() + 7 * 86400_000),
    ...(entry ? { revoked: [{ serial: serialOf(base.seal), at: at(entry.since), reason: entry.reason }] } : {}),
  });

describe("the generator writes CRL entry reasons (crlEntryExtensions, reasonCode)", () => {
  it("each entry carries the reasonCode asked for, read back by pkijs; none when not asked", () => {
    for (const reason of [KEY_COMPROMISE, CERTIFICATE_HOLD, REMOVE_FROM_CRL]) {
      const crl = pkijs.CertificateRevocationList.fromBER(sealCrl(9, "2026-01-01T00:00:00Z", { since: "2026-01-01T00:00:00Z", reason }));
      const ext = crl.revokedCertificates![0]!.crlEntryExtensions!.extensions;
      expect(ext.map((e) => e.extnID)).toEqual(["2.5.29.21"]);
      expect((ext[0]!.parsedValue as { valueBlock: { valueDec: number } }).valueBlock.valueDec).toBe(reason);
    }
    const plain = createCrl({ issuer: base.sealRoot, revoked: [{ serial: serialOf(base.seal), at: at("2026-01-01T00:00:00Z") }] });
    expect(pkijs.CertificateRevocationList.fromBER(plain).revokedCertificates![0]!.crlEntryExtensions).toBeUndefined();
  });
});

describe("certificateHold and removeFromCRL on complete CRLs", () => {
  const sealing = TIMELINE.timestampAt; // 2025-12-08T08:36:38Z
  /** Sealed with the CA's "good" of an hour before in the CMS (nothing later in it that could lift a hold). */
  const sealedEarly = async () =>
    (
      await buildArchive(base, {
        seal: {
          revocation: {
            crls: [],
            ocsps: [
              createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) }),
            ],
          },
        },
      })
    ).pdf;
  const holdBeforeSealing = () => sealCrl(30, "2025-12-08T08:10:00Z", { since: "2025-12-08T08:00:00Z", reason: CERTIFICATE_HOLD });

  it("a complete CRL lists the seal on hold since before the sealing time, nothing lifts it: INDETERMINATE/TRY_LATER, never REVOKED", async () => {
    const r = await verify(await withDss(await sealedEarly(), [holdBeforeSealing()]), "2025-12-10T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toContain("lists it on hold (suspended) since 2025-12-08T08:00:00Z");
  });

  it("the CA's next complete CRL no longer lists it: the hold is lifted, TOTAL-PASSED (as EU DSS)", async () => {
    const r = await verify(await withDss(await sealedEarly(), [holdBeforeSealing(), sealCrl(31, "2025-12-09T06:00:00Z")]), "2025-12-10T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });

  it("a complete CRL that lists it with removeFromCRL (the CA's word that the hold is over) is no revocation: the hold is lifted, TOTAL-PASSED", async () => {
    const removed = sealCrl(31, "2025-12-09T06:00:00Z", { since: "2025-12-08T08:20:00Z", reason: REMOVE_FROM_CRL });
    const r = await verify(await withDss(await sealedEarly(), [holdBeforeSealing(), removed]), "2025-12-10T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(JSON.stringify(r)).not.toContain("as revoked at 2025-12-08T08:20:00Z");
  });

  it("control: the same complete CRL with keyCompromise instead is a revocation before the sealing time: TOTAL-FAILED/REVOKED", async () => {
    const revoked = sealCrl(31, "2025-12-09T06:00:00Z", { since: "2025-12-08T08:20:00Z", reason: KEY_COMPROMISE });
    const r = await verify(await withDss(await sealedEarly(), [revoked]), "2025-12-10T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });
});

describe("a hold placed after the sealing time and still in force: the seal certificate is suspended at the validation time", () => {
  const hold = () => sealCrl(40, "2026-06-01T01:00:00Z", { since: "2026-06-01T00:00:00Z", reason: CERTIFICATE_HOLD });
  const NOW = "2026-11-28T00:00:00Z";

  it("B-T (no proven proof of existence): seal-certificate warns, long-term INDETERMINATE/TRY_LATER naming the suspension (as EU DSS)", async () => {
    const r = await verify(await withDss(sample(), [hold()]), NOW);
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "TRY_LATER", ["long-term"]]);
    const sc = check(r, "seal-certificate");
    expect(sc.status).toBe("warning");
    expect(sc.message).toMatch(/on hold \(suspended\) since 2026-06-01T00:00:00(\.000)?Z/);
    const lt = check(r, "long-term");
    expect(lt.message).toMatch(
      /^At 2026-11-28T00:00:00Z the seal certificate is on hold \(suspended\) since 2026-06-01T00:00:00Z \(no later item of its CA lifts it\), and no proof of existence from before the suspension holds/,
    );
    expect(r.longTerm?.protectedAtValidationTime).toBe(false);
  });

  it("B-LTA (the signature timestamp proven, before the hold): past signature validation passes, TOTAL-PASSED (as EU DSS)", async () => {
    const r = await verify(await withDss(sample("lta/archive.pdf"), [hold()]), NOW);
    expect(r.indication).toBe("TOTAL-PASSED");
    const lt = check(r, "long-term");
    expect(lt.message).toMatch(
      /^The seal certificate is on hold \(suspended\) since 2026-06-01T00:00:00Z and no later item of its CA lifts it, but the seal existed at 2025-12-08T08:36:38Z, before that/,
    );
    expect(r.longTerm?.protectedAtValidationTime).toBe(true);
  });

  it("lifted by the CA's next complete CRL, or judged before the hold began: TOTAL-PASSED, the seal valid at the validation time", async () => {
    for (const [crls, time] of [
      [[hold(), sealCrl(41, "2026-06-02T01:00:00Z")], NOW],
      [[hold()], "2026-05-01T00:00:00Z"],
    ] as const) {
      const r = await verify(await withDss(sample(), [...crls]), time);
      expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
      expect(check(r, "long-term").message).toContain("the seal certificate is still valid");
    }
  });
});
