// Revocation rules (attack round 36, L1–L4), with EU DSS and RFC 5280 / EN 319 102-1 as the reference:
// - L1: an authentic "revoked at or before the POE" about a TSA decides, whatever else the file holds and in
//   whatever order (never "the first acceptable answer wins");
// - L2: a CRL that does not cover the certificate (RFC 5280 §6.3.3: delta, IDP scope) gives no answer;
// - L3/L4: an item's date decides only whether a "good" may speak for the time judged; an authentic "revoked"
//   is never discarded for being produced later. Revoked at or before the sealing time: TOTAL-FAILED/REVOKED;
//   revoked before the validation time without a proven POE before the revocation: INDETERMINATE/REVOKED_NO_POE.
// Archives built with the generator over the test PKI; every test states its time.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import {
  addDocumentTimestamp,
  addDss,
  buildArchive,
  createCrl,
  createOcspResponse,
  sealVariant,
  serialFor,
  TIMELINE,
  type CrlOptions,
  type TestPki,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory, tsaCertificate } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-rev-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
}

describe("L2: a CRL that does not cover the certificate gives no answer (RFC 5280 §6.3.3)", () => {
  // The seal revoked for key compromise before it was made; no revocation data in the CMS, only the CA's CRL of
  // the sealing day in a DSS, complete or of a limited scope.
  const day = { issuer: base.sealRoot, thisUpdate: at("2025-12-08T06:00:00Z"), nextUpdate: at("2025-12-15T06:00:00Z") };
  const revoked = [{ serial: serialOf(base.seal), at: at("2025-11-20T12:00:00Z") }];
  const archive = async (crl: Omit<CrlOptions, "issuer">) => {
    const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
    return addDss(sealed, base, "table", { sealRevocation: false, crls: [createCrl({ ...day, ...crl })] });
  };

  it("the CA's complete CRL lists the seal: TOTAL-FAILED/REVOKED", async () => {
    const r = await verify(await archive({ number: 42, revoked }), "2025-12-09T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  const cases: [string, Omit<CrlOptions, "issuer">, string][] = [
    ["a CA-certificates-only CRL (ARL)", { number: 45, idp: { onlyContainsCACerts: true } }, "onlyContainsCACerts"],
    ["a delta CRL alone", { number: 43, deltaOf: 42 }, "delta CRL"],
    ["a CRL of some reasons only", { number: 44, idp: { onlySomeReasons: [3, 4] } }, "onlySomeReasons"],
    ["an indirect CRL", { number: 46, idp: { indirectCRL: true } }, "indirect CRL"],
    ["a CRL of another distribution point", { number: 47, idp: { uri: "http://crl.example.test/other.crl" } }, "distribution point"],
  ];
  for (const [label, crl, why] of cases) {
    it(`${label} does not list the seal and says nothing of it: INDETERMINATE, never "not revoked"`, async () => {
      const r = await verify(await archive(crl), "2025-12-09T00:00:00Z");
      expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
      const c = check(r, "seal-certificate");
      expect([c.status, c.subIndication]).toEqual(["indeterminate", "TRY_LATER"]);
      expect(c.message).toContain("does not cover the certificate");
      expect(c.message).toContain(why);
    });
  }

  it("an end-entity-only CRL covers the seal: it answers (here: revoked)", async () => {
    const r = await verify(await archive({ number: 48, revoked, idp: { onlyContainsUserCerts: true } }), "2025-12-09T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });
});

describe("L3/L4: an authentic 'revoked' is never discarded for being produced later", () => {
  const sealing = TIMELINE.timestampAt;
  const revokedAt = new Date(sealing.getTime() - 30 * 60_000);
  const later = new Date(sealing.getTime() + 2 * 86_400_000);
  // The CA's last "good" before the revocation, in the CMS (inside the 7-day window).
  const goodOcsp = createOcspResponse({
    subject: base.seal,
    issuer: base.sealRoot,
    responder: base.sealRoot,
    producedAt: new Date(sealing.getTime() - 3600_000),
  });
  const sealedWithStaleGood = async () => (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [goodOcsp] } } })).pdf;

  it("L3: a CRL issued after the sealing time that lists the seal as revoked before it: TOTAL-FAILED/REVOKED", async () => {
    const crl = createCrl({
      issuer: base.sealRoot,
      thisUpdate: later,
      nextUpdate: new Date(later.getTime() + 7 * 86_400_000),
      revoked: [{ serial: serialOf(base.seal), at: revokedAt }],
    });
    const r = await verify(await addDss(await sealedWithStaleGood(), base, "table", { sealRevocation: false, crls: [crl] }), "2025-12-10T09:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "seal-certificate").message).toContain(`revoked at ${revokedAt.toISOString()}`);
  });

  it("L3: the same as a later OCSP response: TOTAL-FAILED/REVOKED (as before)", async () => {
    const ocsp = createOcspResponse({
      subject: base.seal,
      issuer: base.sealRoot,
      responder: base.sealRoot,
      status: { revokedAt, reason: 1 },
      producedAt: later,
    });
    const r = await verify(await addDss(await sealedWithStaleGood(), base, "table", { sealRevocation: false, ocsps: [ocsp] }), "2025-12-10T09:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  // L4: the seal revoked after the sealing time, before the validation time; the signature timestamp's TSA has no
  // revocation data, so nothing proves the seal existed before the revocation.
  const revokedLater = at("2026-06-01T00:00:00Z");
  const caSaysRevoked = createOcspResponse({
    subject: base.seal,
    issuer: base.sealRoot,
    responder: base.sealRoot,
    status: { revokedAt: revokedLater, reason: 1 },
    producedAt: at("2026-06-02T00:00:00Z"),
  });
  const caCrlSaysRevoked = createCrl({
    issuer: base.sealRoot,
    thisUpdate: at("2026-06-02T00:00:00Z"),
    nextUpdate: at("2026-06-09T00:00:00Z"),
    revoked: [{ serial: serialOf(base.seal), at: revokedLater }],
  });

  const l4: [string, { ocsps?: Uint8Array[]; crls?: Uint8Array[] }][] = [
    ["OCSP", { ocsps: [caSaysRevoked] }],
    ["CRL", { crls: [caCrlSaysRevoked] }],
  ];
  for (const [label, extra] of l4) {
    it(`L4: revoked after the sealing time (${label}), no proven POE before the revocation: INDETERMINATE/REVOKED_NO_POE`, async () => {
      const r = await verify(await addDss((await buildArchive(base)).pdf, base, "table", extra), "2026-11-28T00:00:00Z");
      expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "REVOKED_NO_POE", ["long-term"]]);
      const c = check(r, "seal-certificate");
      expect(c.status).toBe("warning"); // revoked after the sealing time: said, not dropped
      expect(c.message).toContain("2026-06-01T00:00:00.000Z");
      expect(r.longTerm?.protectedUntil).toBeNull();
    });
  }

  it("L4: before the revocation the same archive passes (the revocation is later than the validation time)", async () => {
    const r = await verify(await addDss((await buildArchive(base)).pdf, base, "table", { ocsps: [caSaysRevoked] }), "2026-05-01T00:00:00Z");
    expect(r.indication).toBe("TOTAL-PASSED");
  });
});

describe("L1: a revoked TSA is not shadowed by another answer about it", () => {
  // The seal expires 2026-12-08; archived on 2027-01-01 (after it), so only the signature timestamp, proven by the
  // archive timestamp, carries the seal. Its TSA was revoked on 2026-12-31, before that proof.
  const shortPki: TestPki = {
    ...base,
    seal: sealVariant(base, { key: base.seal.key, serial: serialFor("seal-short") }),
    tsa: tsaCertificate(base, "short", at("2027-06-01T00:00:00Z")),
  };
  const archivePki: TestPki = { ...base, tsa: tsaCertificate(base, "archive", at("2124-01-01T00:00:00Z")) };
  const tsaCrl = (thisUpdate: string, revokedAt?: string) =>
    createCrl({
      issuer: base.tsaRoot,
      thisUpdate: at(thisUpdate),
      nextUpdate: new Date(at(thisUpdate).getTime() + 7 * 86400_000),
      ...(revokedAt ? { revoked: [{ serial: serialOf(shortPki.tsa), at: at(revokedAt) }] } : {}),
    });
  // A genuine "good" of the TSA's CA, issued after the signature timestamp, before the revocation.
  const oldGood = createOcspResponse({ subject: shortPki.tsa, issuer: base.tsaRoot, responder: base.tsaRoot, producedAt: at("2026-12-01T00:00:00Z") });
  const revokingCrl = () => tsaCrl("2027-02-02T00:00:00Z", "2026-12-31T00:00:00Z");
  /** The archive timestamp of 2027-01-01 over the B-T, then a DSS holding `items` (in this order). */
  const archive = async (items: { ocsps?: Uint8Array[]; crls?: Uint8Array[] }) => {
    const bt = (await buildArchive(shortPki)).pdf;
    const withCerts = await addDss(bt, shortPki, "table", { certs: [shortPki.tsa.der] });
    const stamped = await addDocumentTimestamp(withCerts, archivePki, at("2027-01-01T00:00:00Z"));
    return addDss(stamped, shortPki, "table", { certs: [shortPki.tsa.der, archivePki.tsa.der], ...items });
  };
  const AFTER = "2028-06-01T00:00:00Z";

  it("control: a fresh 'good' OCSP for the first TSA and a CRL not listing it: TOTAL-PASSED through the archive timestamp", async () => {
    const r = await verify(await archive({ ocsps: [oldGood], crls: [tsaCrl("2027-02-02T00:00:00Z")] }), AFTER);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([true, true]);
  });

  it("an older 'good' OCSP listed before the CA's CRL saying 'revoked before the POE': the signature timestamp proves nothing", async () => {
    const r = await verify(await archive({ ocsps: [oldGood], crls: [revokingCrl()] }), AFTER);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([false, true]);
    expect(r.longTerm?.proofsOfExistence[0]?.reason).toContain("revoked at 2026-12-31T00:00:00Z");
  });

  it("a 'good' CRL listed before the revoking one: the same", async () => {
    const r = await verify(await archive({ crls: [tsaCrl("2026-12-01T00:00:00Z"), revokingCrl()] }), AFTER);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.longTerm?.proofsOfExistence[0]).toMatchObject({ proven: false });
  });

  it("the CA's OCSP saying 'revoked before the POE' beside a fresh 'good' CRL: the same", async () => {
    const revokedOcsp = createOcspResponse({
      subject: shortPki.tsa,
      issuer: base.tsaRoot,
      responder: base.tsaRoot,
      status: { revokedAt: at("2026-12-31T00:00:00Z"), reason: 1 },
      producedAt: at("2027-02-02T00:00:00Z"),
    });
    const r = await verify(await archive({ ocsps: [oldGood, revokedOcsp], crls: [tsaCrl("2027-02-02T00:00:00Z")] }), AFTER);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.longTerm?.proofsOfExistence[0]?.reason).toContain("revoked at 2026-12-31T00:00:00Z");
  });
});
