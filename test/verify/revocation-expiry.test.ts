// The one revocation rule at the edges of an item's time (attack-s5 E1 and N1):
// - E1: a CA stops listing a certificate once it has expired (RFC 5280 §3.3), so an item issued after the
//   certificate's notAfter that does not list it says nothing of it, unless the CRL carries expiredCertsOnCRL
//   (X.509, 2.5.29.60) or the OCSP answer archiveCutoff (RFC 6960 §4.4.4) at or before the notAfter (as EU DSS's
//   RevocationConsistent check). A "revoked" it states still counts. Neither F1's later "good" nor H1's lifting
//   of a hold may rest on such silence.
// - N1: an OCSP answer without nextUpdate is current at its thisUpdate only (RFC 6960 §4.2.2.1), never for every
//   later time.
// The seal certificate of these archives expires on 2026-01-15 (the generator's expiredSeal); sealed on
// 2025-12-08 at 08:36 with a genuine signature timestamp, no revocation data in the CMS; every test states its time.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { speaksFor, type RevocationStatement } from "../../src/pki/revocation.js";
import { addDss, buildArchive, createCrl, createOcspResponse, TIMELINE, type CrlOptions } from "../../scripts/generator/index.js";
import { expiredSeal } from "../../scripts/generator/lta.js";
import { serialBytes } from "../../scripts/generator/pki.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const P = { ...base, seal: expiredSeal(base) };
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const NOW = "2026-03-01T00:00:00Z";

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-rev-expiry-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
}

/** The sealed archive (nothing in the CMS) plus a DSS with the TSA CA's current "good" for its unit and `add`. */
async function archive(add: { ocsps?: Uint8Array[]; crls?: Uint8Array[] }) {
  const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
  const tsaGood = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: at("2026-02-28T23:00:00Z") });
  return addDss(sealed, P, "table", { sealRevocation: false, ocsps: [tsaGood, ...(add.ocsps ?? [])], crls: add.crls ?? [] });
}

const crl = (o: Omit<CrlOptions, "issuer">) => createCrl({ issuer: P.sealRoot, ...o });
const afterExpiry = { number: 90, thisUpdate: at("2026-02-01T06:00:00Z"), nextUpdate: at("2026-02-08T06:00:00Z") };
const listed = [{ serial: serialBytes(P.seal), at: compromise, reason: 1 }];
const hold = () =>
  createOcspResponse({
    subject: P.seal,
    issuer: P.sealRoot,
    responder: P.sealRoot,
    status: { revokedAt: compromise, reason: 6 },
    producedAt: new Date(compromise.getTime() + 5 * 60_000),
  });

describe("E1: an item issued after the certificate expired says nothing of it by not listing it", () => {
  it("the CA's CRL after the expiry, without the seal: INDETERMINATE/TRY_LATER, not TOTAL-PASSED", async () => {
    const r = await verify(await archive({ crls: [crl(afterExpiry)] }), NOW);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").status).toBe("indeterminate");
  });

  it("honest: the CA's CRL before the expiry lists the seal: TOTAL-FAILED/REVOKED", async () => {
    const r = await verify(
      await archive({ crls: [crl({ number: 80, thisUpdate: at("2026-01-10T06:00:00Z"), nextUpdate: at("2026-01-17T06:00:00Z"), revoked: listed })] }),
      NOW,
    );
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("a CRL after the expiry that lists the seal still states its revocation: TOTAL-FAILED/REVOKED", async () => {
    const r = await verify(await archive({ crls: [crl({ ...afterExpiry, revoked: listed })] }), NOW);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("a CRL with expiredCertsOnCRL at or before the notAfter speaks of the expired seal: TOTAL-PASSED", async () => {
    const r = await verify(await archive({ crls: [crl({ ...afterExpiry, expiredCertsOnCrl: at("2025-01-01T00:00:00Z") })] }), NOW);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toContain("Not revoked at the sealing time (dss-crl)");
  });

  it("a CRL whose expiredCertsOnCRL is after the notAfter does not: INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await archive({ crls: [crl({ ...afterExpiry, expiredCertsOnCrl: at("2026-01-20T00:00:00Z") })] }), NOW);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
  });

  it("an OCSP 'good' after the expiry without archiveCutoff says nothing; with archiveCutoff before the notAfter it speaks", async () => {
    const good = (archiveCutoff: Date | null) =>
      createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: at("2026-02-01T06:00:00Z"), archiveCutoff });
    const silent = await verify(await archive({ ocsps: [good(null)] }), NOW);
    expect([silent.indication, silent.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const cutoffAfter = await verify(await archive({ ocsps: [good(at("2026-01-20T00:00:00Z"))] }), NOW);
    expect([cutoffAfter.indication, cutoffAfter.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const kept = await verify(await archive({ ocsps: [good(P.sealRoot.cert.notBefore.value)] }), NOW);
    expect(kept.indication).toBe("TOTAL-PASSED");
  });

  it("a hold never lifted is not lifted by the CRL after the expiry (attack36b H1b at today's time): INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await archive({ ocsps: [hold()], crls: [crl(afterExpiry)] }), NOW);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toContain("no later item of its CA lifts the suspension");
  });

  it("honest hold: the hold answer alone: INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await archive({ ocsps: [hold()] }), NOW);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
  });

  it("a CRL before the expiry without the seal lifts the hold: TOTAL-PASSED", async () => {
    const r = await verify(
      await archive({ ocsps: [hold()], crls: [crl({ number: 80, thisUpdate: at("2026-01-10T06:00:00Z"), nextUpdate: at("2026-01-17T06:00:00Z") })] }),
      NOW,
    );
    expect(r.indication).toBe("TOTAL-PASSED");
  });
});

describe("N1: an OCSP answer without nextUpdate is current at its thisUpdate only", () => {
  const stmt = (thisUpdate: string, nextUpdate: string | null): RevocationStatement => ({
    kind: "ocsp",
    thisUpdate: at(thisUpdate),
    nextUpdate: nextUpdate ? at(nextUpdate) : null,
    source: `OCSP of ${thisUpdate}`,
    revokedAt: null,
    onHold: false,
    text: "",
  });

  it("speaksFor: without nextUpdate, for its thisUpdate (± skew) and earlier times only", () => {
    const s = stmt("2025-11-01T10:00:00Z", null);
    expect(speaksFor(s, at("2025-12-08T08:36:38Z"), 60)).toBe(false);
    expect(speaksFor(s, at("2025-11-01T10:00:30Z"), 60)).toBe(true);
    expect(speaksFor(s, at("2025-11-01T09:00:00Z"), 60)).toBe(true); // issued after the time: a revocation is irreversible
    expect(speaksFor(stmt("2025-11-01T10:00:00Z", "2025-11-04T10:00:00Z"), at("2025-11-03T00:00:00Z"), 60)).toBe(true);
    expect(speaksFor(stmt("2025-11-01T10:00:00Z", "2025-11-04T10:00:00Z"), at("2025-11-05T00:00:00Z"), 60)).toBe(false);
  });

  const good = (thisUpdate: Date) =>
    createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: thisUpdate, thisUpdate, nextUpdate: null });
  const sealedWith = async (ocsp: Uint8Array) => {
    const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
    return addDss(sealed, base, "table", { sealRevocation: false, ocsps: [ocsp] });
  };

  it("a month-old 'good' without nextUpdate in a DSS does not prove the seal at sealing: INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await sealedWith(good(at("2025-11-01T10:00:00Z"))), "2025-12-09T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").status).toBe("indeterminate");
  });

  it("a 'good' without nextUpdate issued after the sealing proves it (a revocation is irreversible): TOTAL-PASSED", async () => {
    const r = await verify(await sealedWith(good(new Date(sealing.getTime() + 3600_000))), "2025-12-09T00:00:00Z");
    expect(r.indication).toBe("TOTAL-PASSED");
  });
});
