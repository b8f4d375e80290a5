// The Workflow token's certificates judged by the one revocation rule over every authentic item the evidence
// holds (attack36b T2): the token's own OCSP response is one source among the DSS, the seal's CMS and the
// timestamps' CMS. As EN 319 102-1 §5.3 reads a revocation against a signing-time claim (and EU DSS does):
// revoked at or before the token's iat: TOTAL-FAILED/REVOKED; after it but at or before the seal's timestamp
// (the token's proof of existence): INDETERMINATE/REVOKED_NO_POE; later: a warning. The token's delegated OCSP
// responder revoked at or before then: its response is not relied upon. Every test states its time.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import {
  addDss,
  buildArchive,
  createCrl,
  createOcspResponse,
  extensions,
  generateEcKey,
  issueCertificate,
  issued,
  OIDS,
  sealRevocation,
  serialFor,
  TIMELINE,
  type TestPki,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const sample = (name = "valid/archive.pdf") => new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", name)));

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-tokrev-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
}

/** The token CA's CRL of the day after sealing, listing `who` revoked at `revokedAt`. */
const tokenCaCrl = (who: TestPki["tokenSigner"], revokedAt: Date) =>
  createCrl({
    issuer: base.tokenCa,
    thisUpdate: at("2025-12-09T08:00:00Z"),
    nextUpdate: at("2025-12-16T08:00:00Z"),
    number: 11,
    revoked: [{ serial: serialOf(who), at: revokedAt }],
  });
const withDss = (pdf: Uint8Array, crls: Uint8Array[], ocsps: Uint8Array[] = []) => addDss(pdf, base, "table", { crls, ocsps, certs: [base.tokenCa.der] });
// At the sealing day: the seal, its TSA and the token's responder all valid; no question of time but the rule's.
const SEALING_DAY = "2025-12-09T12:00:00Z";

describe("T2: the token-signing certificate, by every item the evidence holds", () => {
  it("the token CA's CRL in the DSS lists it revoked 2 s before the token's iat: TOTAL-FAILED/REVOKED naming the CRL", async () => {
    const r = await verify(await withDss(sample(), [tokenCaCrl(base.tokenSigner, new Date(TIMELINE.iat.getTime() - 2000))]), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    const c = check(r, "ocsp-status");
    expect(c.status).toBe("failed");
    expect(c.message).toContain('The token certificate "NEB Transact ST" was revoked before the token was issued');
    expect(c.message).toContain("the CRL of 2025-12-09T08:00:00Z lists it as revoked at 2025-12-08T08:36:33Z (the DSS)");
    // The profile's reading of the carried response is unchanged beside it.
    expect(check(r, "ocsp-freshness").status).toBe("passed");
  });

  it("the same CRL in the seal's CMS decides as well (named there)", async () => {
    const crl = tokenCaCrl(base.tokenSigner, new Date(TIMELINE.iat.getTime() - 2000));
    const own = sealRevocation(base);
    const pdf = (await buildArchive(base, { seal: { revocation: { crls: [...own.crls, crl], ocsps: own.ocsps } } })).pdf;
    const r = await verify(pdf, SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "ocsp-status").message).toContain("(the seal's CMS)");
  });

  it("revoked after the iat, before the seal's timestamp: INDETERMINATE/REVOKED_NO_POE (nothing shows the token was made before)", async () => {
    const r = await verify(await withDss(sample(), [tokenCaCrl(base.tokenSigner, new Date(TIMELINE.iat.getTime() + 1000))]), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_NO_POE"]);
    expect(check(r, "ocsp-status").message).toContain("at or before the earliest proof of its existence (2025-12-08T08:36:38Z, the seal's timestamp)");
  });

  it("honest control: revoked at 08:40, after the seal's proven timestamp: TOTAL-PASSED, ocsp-status a warning naming it", async () => {
    // The B-LTA sample: its archive timestamp proves the signature timestamp, so the token existed before 08:40.
    const r = await verify(await withDss(sample("lta/archive.pdf"), [tokenCaCrl(base.tokenSigner, at("2025-12-08T08:40:00Z"))]), "2026-06-01T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "ocsp-status");
    expect(c.status).toBe("warning");
    expect(c.message).toContain("was revoked later: the CRL of 2025-12-09T08:00:00Z lists it as revoked at 2025-12-08T08:40:00Z (the DSS)");
  });

  it("an OCSP answer of the token's responder in the DSS saying 'revoked' before the iat decides over the carried 'good'", async () => {
    const ocsp = createOcspResponse({
      subject: base.tokenSigner,
      issuer: base.tokenCa,
      responder: base.ocspResponder,
      producedAt: at("2025-12-08T10:00:00Z"),
      status: { revokedAt: at("2025-12-08T08:00:00Z"), reason: 1 },
    });
    const r = await verify(await withDss(sample(), [], [ocsp]), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "ocsp-status").message).toContain("the OCSP response of 2025-12-08T10:00:00.000Z says it was revoked at 2025-12-08T08:00:00Z (the DSS)");
  });

  it("a CRL under the token CA's name it did not sign says nothing: TOTAL-PASSED", async () => {
    const crl = createCrl({
      issuer: { ...base.tokenCa, key: base.sealRoot.key },
      thisUpdate: at("2025-12-09T08:00:00Z"),
      revoked: [{ serial: serialOf(base.tokenSigner), at: at("2025-12-01T00:00:00Z") }],
    });
    const r = await verify(await withDss(sample(), [crl]), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "ocsp-status").status).toBe("passed");
  });
});

describe("T2: the token's OCSP responder, by the same rule", () => {
  it("the delegated responder (ocsp-nocheck) listed revoked on the token CA's CRL before the seal's timestamp: INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await withDss(sample(), [tokenCaCrl(base.ocspResponder, at("2025-12-08T08:00:00Z"))]), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "ocsp-signature");
    expect(c.status).toBe("indeterminate");
    expect(c.message).toContain('The OCSP responder "Sealcheck Test OCES udstedende-CA OCSP 1" that signed the token\'s response was revoked');
    expect(c.message).toContain("(the DSS)");
    expect(check(r, "ocsp-status").message).toContain("not relied upon");
  });

  it("control: the responder revoked after the seal's timestamp: TOTAL-PASSED", async () => {
    const r = await verify(await withDss(sample(), [tokenCaCrl(base.ocspResponder, at("2025-12-09T00:00:00Z"))]), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "ocsp-signature").status).toBe("passed");
  });
});

// s6 edge b: an OCSP answer in the DSS from a delegated responder of the token's CA that an item states revoked at
// or before the token's proof of existence is not relied upon either, as the token's own response is not.
describe("T2: another delegated responder of the token's CA, revoked, answering in the DSS", () => {
  const key = generateEcKey();
  const other = issued(
    "ocspResponder",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Sealcheck Test"],
        [OIDS.commonName, "Sealcheck Test OCES udstedende-CA OCSP 2"],
      ],
      subjectKey: key,
      issuer: base.tokenCa,
      notBefore: at("2025-12-01T00:00:00Z"),
      notAfter: at("2026-01-01T00:00:00Z"),
      serial: serialFor("s6-edge-b-responder-2"),
      extensions: [extensions.keyUsage("digitalSignature"), extensions.extKeyUsage(false, OIDS.kpOcspSigning), extensions.ocspNoCheck()],
    }),
    key,
  );
  // The token CA's CRL: the token certificate on hold since before the iat, and (or not) the second responder revoked.
  const crl = (responderRevoked: boolean) =>
    createCrl({
      issuer: base.tokenCa,
      thisUpdate: at("2025-12-09T08:00:00Z"),
      nextUpdate: at("2025-12-16T08:00:00Z"),
      number: 12,
      revoked: [
        { serial: serialOf(base.tokenSigner), at: at("2025-12-08T08:00:00Z"), reason: 6 },
        ...(responderRevoked ? [{ serial: serialOf(other), at: at("2025-12-08T08:00:00Z"), reason: 1 }] : []),
      ],
    });
  // Its "good", produced after the CRL: it would lift the hold.
  const good = () => createOcspResponse({ subject: base.tokenSigner, issuer: base.tokenCa, responder: other, producedAt: at("2025-12-09T10:00:00Z") });
  const file = (responderRevoked: boolean) =>
    addDss(sample(), base, "table", { crls: [crl(responderRevoked)], ocsps: [good()], certs: [base.tokenCa.der, other.der] });

  it("control: the responder in good standing lifts the hold with its later 'good': TOTAL-PASSED", async () => {
    const r = await verify(await file(false), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });

  it("the responder revoked before the seal's timestamp: its 'good' is not relied upon, the hold stands: INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await file(true), SEALING_DAY);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "ocsp-status");
    expect(c.message).toContain("was suspended");
    expect(c.message).toContain('"Sealcheck Test OCES udstedende-CA OCSP 2"');
  });
});
