// What a revocation item states (attack round 36b), with EU DSS and RFC 5280 / EN 319 102-1 as the reference:
// - U1: only authentic items are evidence: an OCSP response or CRL whose signature does not verify with the CA's
//   (or its authorised responder's) key says nothing of the certificate: a warning naming it, never a failure.
// - H1: certificateHold is a suspension: superseded by a later authentic item of the CA that no longer lists it; a
//   hold still in force at the time judged is INDETERMINATE/TRY_LATER, never REVOKED (EU DSS: TOTAL_PASSED when lifted).
// Archives built with the generator over the test PKI (or the bundled sample); every test states its time.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import {
  addDss,
  buildArchive,
  createCrl,
  createOcspResponse,
  generateRsaKey,
  issued,
  TIMELINE,
  type CrlOptions,
  type TestPki,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const sample = (name = "valid/archive.pdf") => new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", name)));

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-rev2-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
}

const withDss = (pdf: Uint8Array, extra: { ocsps?: Uint8Array[]; crls?: Uint8Array[] }) => addDss(pdf, base, "table", { sealRevocation: false, ...extra });

describe("U1: an item that is not the CA's statement says nothing", () => {
  const day = { thisUpdate: at("2025-12-08T06:00:00Z"), nextUpdate: at("2025-12-15T06:00:00Z"), number: 3 };
  // The seal CA's name with someone else's key: a CRL "of the CA" the CA did not sign.
  const impostor = issued("sealRoot", base.sealRoot.der, generateRsaKey(2048));
  const T = "2025-12-09T00:00:00Z";

  it("a CRL under the CA's name signed with another key: TOTAL-PASSED, a warning naming it (as EU DSS)", async () => {
    const r = await verify(await withDss(sample(), { crls: [createCrl({ issuer: impostor, ...day })] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toContain(`the CRL of 2025-12-08T06:00:00.000Z under "NETS AS Intermediate CA" (dss-crl)`);
    expect(c.message).toContain("does not verify");
  });

  it("the same CRL listing the seal as revoked: not a revocation (no REVOKED, no revocation time)", async () => {
    const crl = createCrl({ issuer: impostor, ...day, revoked: [{ serial: serialOf(base.seal), at: at("2025-12-01T00:00:00Z") }] });
    const r = await verify(await withDss(sample(), { crls: [crl] }), "2026-11-28T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "seal-certificate").status).toBe("warning");
    expect(check(r, "long-term").message).not.toContain("revoked");
  });

  it("an OCSP 'good' about the seal whose signature was altered: TOTAL-PASSED, a warning naming it (as EU DSS)", async () => {
    const der = createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: at("2025-12-08T08:30:00Z") });
    const bad = Uint8Array.from(der);
    bad[bad.length - 10]! ^= 0xff; // inside the signature value
    const r = await verify(await withDss(sample(), { ocsps: [bad] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toContain("the OCSP response produced at 2025-12-08T08:30:00.000Z (dss-ocsp)");
  });

  it("with only unauthentic items there is no revocation data: INDETERMINATE/TRY_LATER naming them, never a failure", async () => {
    const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
    const crl = createCrl({ issuer: impostor, ...day, revoked: [{ serial: serialOf(base.seal), at: at("2025-12-01T00:00:00Z") }] });
    const r = await verify(await withDss(sealed, { crls: [crl] }), T);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "seal-certificate");
    expect(c.message).toContain("holds no revocation information");
    expect(c.message).toContain("Not the CA's statement, so ignored: the CRL of 2025-12-08T06:00:00.000Z");
  });

  it("the CA's own CRL of the day: TOTAL-PASSED, seal-certificate passed (the control)", async () => {
    const r = await verify(await withDss(sample(), { crls: [createCrl({ issuer: base.sealRoot, ...day })] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "seal-certificate").status).toBe("passed");
  });
});

describe("F1: the broker's window is the CMS's; a DSS 'not revoked' issued after the sealing time proves it", () => {
  const sealedAt = at("2025-12-08T08:36:38Z");
  const after = at("2025-12-08T10:06:38Z"); // 1.5 h after sealing
  const T = "2025-12-09T00:00:00Z";
  const bare = async (ocsps: Uint8Array[] = []) => (await buildArchive(base, { seal: { revocation: { crls: [], ocsps } } })).pdf;

  it("the CA's OCSP 'good' produced after sealing, in a DSS: TOTAL-PASSED (as EU DSS)", async () => {
    const ocsp = createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: after });
    const r = await verify(await withDss(await bare(), { ocsps: [ocsp] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("passed");
    expect(c.message).toContain("Not revoked at the sealing time (dss-ocsp)");
  });

  it("the CA's CRL issued after sealing, in a DSS: TOTAL-PASSED", async () => {
    const crl = createCrl({ issuer: base.sealRoot, thisUpdate: after, nextUpdate: at("2025-12-15T10:00:00Z"), number: 4 });
    const r = await verify(await withDss(await bare(), { crls: [crl] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "seal-certificate").status).toBe("passed");
  });

  it("the same CRL listing the seal revoked before sealing: TOTAL-FAILED / REVOKED (the rule's revocation decides)", async () => {
    const crl = createCrl({
      issuer: base.sealRoot,
      thisUpdate: after,
      nextUpdate: at("2025-12-15T10:00:00Z"),
      number: 4,
      revoked: [{ serial: serialOf(base.seal), at: at("2025-12-08T08:06:00Z") }],
    });
    const r = await verify(await withDss(await bare(), { crls: [crl] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("the same 'good' archived in the CMS is still refused: the broker's profile (produced before sealing)", async () => {
    const ocsp = createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: after });
    const r = await verify(await bare([ocsp]), T);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toContain(`after the sealing time ${sealedAt.toISOString()}`);
  });
});

describe("S1: a CRL's entry is read before its scope", () => {
  // L3's scenario: the seal revoked for key compromise 30 minutes before it was made, sealed with the CA's last
  // "good"; the CA's CRL of two days later in the DSS lists it, with the scope each case gives.
  const sealing = TIMELINE.timestampAt;
  const revokedAt = new Date(sealing.getTime() - 30 * 60_000);
  const later = new Date(sealing.getTime() + 2 * 86_400_000);
  const goodOcsp = createOcspResponse({
    subject: base.seal,
    issuer: base.sealRoot,
    responder: base.sealRoot,
    producedAt: new Date(sealing.getTime() - 3600_000),
  });
  const crlOf = (scope: Omit<CrlOptions, "issuer">, revoked: Date, thisUpdate: Date) =>
    createCrl({
      issuer: base.sealRoot,
      thisUpdate,
      nextUpdate: new Date(thisUpdate.getTime() + 7 * 86_400_000),
      revoked: [{ serial: serialOf(base.seal), at: revoked }],
      ...scope,
    });
  const scopes: [string, Omit<CrlOptions, "issuer">][] = [
    ["a delta CRL alone", { number: 8, deltaOf: 7 }],
    ["the keyCompromise partition (onlySomeReasons)", { number: 9, idp: { onlySomeReasons: [1] } }],
    ["the partition of another distribution point", { number: 10, idp: { uri: "http://crl.example.test/partition-7.crl" } }],
  ];
  for (const [label, scope] of scopes) {
    it(`${label} listing the seal as revoked before the sealing time: TOTAL-FAILED/REVOKED`, async () => {
      const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [goodOcsp] } } })).pdf;
      const r = await verify(await withDss(sealed, { crls: [crlOf(scope, revokedAt, later)] }), "2025-12-10T09:00:00Z");
      expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
      expect(check(r, "seal-certificate").message).toContain(`revoked at ${revokedAt.toISOString()}`);
    });
  }

  it("L4's case on a distribution-point partition: revoked after the sealing time, no POE before it: REVOKED_NO_POE (as EU DSS)", async () => {
    const crl = crlOf({ number: 10, idp: { uri: "http://crl.example.test/partition-7.crl" } }, at("2026-06-01T00:00:00Z"), at("2026-06-02T00:00:00Z"));
    const r = await verify(await withDss(sample(), { crls: [crl] }), "2026-11-28T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_NO_POE"]);
  });

  it("an indirect CRL's entries are not read (they may be another issuer's): no answer", async () => {
    const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
    const r = await verify(await withDss(sealed, { crls: [crlOf({ number: 11, idp: { indirectCRL: true } }, revokedAt, later)] }), "2025-12-10T09:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toContain("indirect CRL");
  });
});

describe("H1: certificateHold is a suspension, lifted by the CA's later word", () => {
  const CERTIFICATE_HOLD = 6;
  const holdOf = (subject: TestPki["seal"], issuer: TestPki["sealRoot"], holdAt: string, producedAt: string) =>
    createOcspResponse({ subject, issuer, responder: issuer, status: { revokedAt: at(holdAt), reason: CERTIFICATE_HOLD }, producedAt: at(producedAt) });
  const goodOf = (subject: TestPki["seal"], issuer: TestPki["sealRoot"], producedAt: string) =>
    createOcspResponse({ subject, issuer, responder: issuer, producedAt: at(producedAt) });

  it("the seal on hold 08:00-08:20 on the sealing day, lifted (the CMS's 'good' of 08:36:08, the next day's): TOTAL-PASSED (as EU DSS)", async () => {
    const hold = holdOf(base.seal, base.sealRoot, "2025-12-08T08:00:00Z", "2025-12-08T08:05:00Z");
    const r = await verify(await withDss(sample(), { ocsps: [hold, goodOf(base.seal, base.sealRoot, "2025-12-09T08:00:00Z")] }), "2025-12-10T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "seal-certificate").status).toBe("passed");
  });

  it("a hold from before the sealing time that no later item lifts: INDETERMINATE/TRY_LATER, never REVOKED", async () => {
    const sealing = TIMELINE.timestampAt;
    const before = createOcspResponse({
      subject: base.seal,
      issuer: base.sealRoot,
      responder: base.sealRoot,
      producedAt: new Date(sealing.getTime() - 3600_000),
    });
    const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [before] } } })).pdf;
    const hold = holdOf(base.seal, base.sealRoot, "2025-12-08T08:00:00Z", "2025-12-08T08:05:00Z");
    const r = await verify(await withDss(sealed, { ocsps: [hold] }), "2025-12-10T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "seal-certificate");
    expect(c.message).toContain("on hold (suspended) since 2025-12-08T08:00:00Z");
    expect(c.message).toContain("no later item of its CA lifts the suspension");
  });

  it("the TSA on hold for two hours in 2026, its CA's current 'good' beside it: TOTAL-PASSED (as EU DSS)", async () => {
    const hold = holdOf(base.tsa, base.tsaRoot, "2026-02-01T10:00:00Z", "2026-02-01T10:30:00Z");
    const r = await verify(
      await withDss(sample("expired/archive-lta.pdf"), { ocsps: [hold, goodOf(base.tsa, base.tsaRoot, "2026-11-27T00:00:00Z")] }),
      "2026-11-28T00:00:00Z",
    );
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });

  it("the TSA on hold and not lifted: its timestamps prove nothing now, never REVOKED", async () => {
    const hold = holdOf(base.tsa, base.tsaRoot, "2026-02-01T10:00:00Z", "2026-02-01T10:30:00Z");
    const r = await verify(await withDss(sample("expired/archive-lta.pdf"), { ocsps: [hold] }), "2026-11-28T00:00:00Z");
    expect(r.indication).toBe("INDETERMINATE");
    expect(["REVOKED", "REVOKED_NO_POE"]).not.toContain(r.subIndication);
    expect(r.longTerm!.proofsOfExistence.some((p) => p.revocation.includes("on hold (suspended) since 2026-02-01T10:00:00Z"))).toBe(true);
  });
});
