// a13 U2's rest: a revocation item of BouncyCastle's outline that this reader refuses, or cannot read within its
// limits, was "unread" whoever wrote it: the seal certificate's status not decided (INDETERMINATE/TRY_LATER), for
// a genuine archive too, where EU DSS passes it (junk of the right outline, signed by nobody). "Unread" now needs
// proof that a reader could use it: its signature verifies with the key of a certificate of its issuer's name that
// has a path to a trust anchor (pki/reader-proof.ts). Otherwise it is junk: named, ignored, a warning at most.
// One rule for the seal CMS's unsigned sets, the timestamps' CMS and the DSS.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { withCmsField } from "../../scripts/attack-s8/lib.js";
import { withDssStreams } from "../../scripts/attack-s6/lib.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { createOcspResponse } from "../../scripts/generator/index.js";
import { bits, encode, explicit, raw, seq, x509Time } from "../../scripts/generator/der.js";
import { defaultScheme, signatureAlgorithm, signBytes } from "../../scripts/generator/keys.js";
import { subjectNameDer } from "../../scripts/generator/pki.js";
import { verifyArchive } from "../../src/index.js";
import { decodeSignedData } from "../../src/pki/cms.js";
import { issuedProof } from "../../src/pki/reader-proof.js";
import { pkiSession } from "../../src/pki/session.js";
import { certificateFromPem, sameName } from "../../src/pki/certificate.js";
import { check, testPki } from "../helpers/fixtures.js";

const P = testPki();
const REAL = "test/fixtures/real/broker-example";
const sample = () => new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const real = () => new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
const verifySample = (pdf: Uint8Array) =>
  verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
const verifyReal = (pdf: Uint8Array) =>
  verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust: [`${REAL}/trust`], at: new Date("2025-12-08T09:35:10Z") });
const withSealCrl = (pdf: Uint8Array, el: Uint8Array) => withSealContents(pdf, withCmsField(sealGap(pdf).der, 0xa1, [el]));

/** 70 nested SEQUENCEs around a NULL, in DER: past the depth limit (64). */
const deep = () => {
  let d: Uint8Array = Uint8Array.from([0x05, 0x00]);
  for (let i = 0; i < 70; i++) d = encode(seq(raw(d)));
  return d;
};

/**
 * A CertificateList of BouncyCastle's outline under `issuerName`, signed with `key` (or with a signature of zeros):
 * `body` is what follows thisUpdate. `refused`: one revoked entry SEQUENCE {} (BC reads entries lazily, pkijs refuses
 * it); `deep`: crlExtensions [0] holding 70 nested SEQUENCEs (past this reader's depth limit).
 */
function crl(issuerName: Uint8Array, body: "refused" | "deep", key: typeof P.sealRoot.key | null = P.sealRoot.key): Uint8Array {
  const scheme = key ? defaultScheme(key) : "rsa-pkcs1";
  const tail = body === "refused" ? seq(seq()) : explicit(0, raw(encode(seq(raw(deep())))));
  const tbs = encode(seq(signatureAlgorithm(scheme), raw(issuerName), x509Time(new Date("2025-12-10T08:36:38Z")), tail));
  const sig = key ? signBytes(key, scheme, tbs) : new Uint8Array(256);
  return encode(seq(raw(tbs), signatureAlgorithm(scheme), bits(sig)));
}
const unsigned = (issuerName: Uint8Array, body: "refused" | "deep") => crl(issuerName, body, null);

/** The real archive's seal CA's name (its key is not ours: only junk can be made under it). */
function realCaName(): Uint8Array {
  const cms = decodeSignedData(sealGap(real()).der, "the seal", pkiSession(), true);
  // The leaf: the certificate that issued none of the others.
  const seal = cms.certificates.find((c) => !cms.certificates.some((o) => o !== c && sameName(o.issuer, c.subject)));
  return new Uint8Array(seal!.issuer.toSchema().toBER(false));
}

describe("issuedProof: a refused revocation item counts only when its issuer signed it", () => {
  const S = pkiSession();
  const root = certificateFromPem(readFileSync("samples/trust/seal-root.pem", "utf8"), "root", S);
  const ctx = { session: S, pool: [], anchors: [root], at: new Date("2025-12-10T00:00:00Z") };
  const name = subjectNameDer(P.sealRoot);

  it("signed by the CA (an anchor): issued; the same bytes with a signature of zeros, or under a name nobody has: junk", async () => {
    expect((await issuedProof(ctx, "crl", crl(name, "refused"))).verdict).toBe("issued");
    expect((await issuedProof(ctx, "crl", crl(name, "deep"))).verdict).toBe("issued");
    const zeros = await issuedProof(ctx, "crl", unsigned(name, "refused"));
    expect(zeros).toMatchObject({ verdict: "junk", why: expect.stringMatching(/its signature does not verify with the key of its issuer/) });
    const nobody = await issuedProof(ctx, "crl", unsigned(encode(seq()), "refused"));
    expect(nobody).toMatchObject({ verdict: "junk", why: expect.stringMatching(/no certificate of its issuer .* is known/) });
  });

  it("signed by a key whose certificate has no path to an anchor: junk, and that key is never tried", async () => {
    // The CA's own certificate, but no anchor: a certificate of its name without a path is anyone's to add.
    const p = await issuedProof({ ...ctx, pool: [root], anchors: [] }, "crl", crl(name, "refused"));
    expect(p).toMatchObject({ verdict: "junk", why: expect.stringMatching(/has a path to a trust anchor/) });
  });

  it("an OCSP response by the CA, by name and by key hash: issued; a copy with its signature zeroed: junk", async () => {
    for (const responderId of ["byName", "byKey"] as const) {
      const ocsp = createOcspResponse({
        subject: P.seal,
        issuer: P.sealRoot,
        responder: P.sealRoot,
        producedAt: new Date("2025-12-10T08:36:38Z"),
        responderId,
      });
      expect((await issuedProof(ctx, "ocsp", ocsp)).verdict).toBe("issued");
      const broken = ocsp.slice();
      broken.fill(0, broken.length - 64);
      expect((await issuedProof(ctx, "ocsp", broken)).verdict).toBe("junk");
    }
  });

  it("a status without responseBytes (tryLater) and junk of no outline: junk", async () => {
    expect((await issuedProof(ctx, "ocsp", Uint8Array.from([0x30, 0x03, 0x0a, 0x01, 0x03]))).verdict).toBe("junk");
    expect((await issuedProof(ctx, "crl", Uint8Array.from([0x30, 0x07, 0x30, 0x00, 0x30, 0x00, 0x03, 0x01, 0x00]))).verdict).toBe("junk");
  });
});

describe("a13 U2's rest: junk of a reader's outline never leaves a genuine seal undecided", () => {
  it("the real archive: a CRL under its CA's name, past the limits, signed by nobody, in the seal CMS: TOTAL-PASSED (was TRY_LATER)", async () => {
    const r = await verifyReal(withSealCrl(real(), unsigned(realCaName(), "deep")));
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/cannot be read and that no issuer signed, so ignored: an archived CRL \(unsigned-crl\): .*its signature does not verify/);
  }, 60_000);

  it("the real archive: the same refused by pkijs (one empty entry): TOTAL-PASSED (was TRY_LATER)", async () => {
    const r = await verifyReal(withSealCrl(real(), unsigned(realCaName(), "refused")));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).not.toMatch(/another may/);
  }, 60_000);

  it("the sample: the CA's own CRL refused here, or past the limits, in the seal CMS: still not decided (INDETERMINATE/TRY_LATER)", async () => {
    for (const body of ["refused", "deep"] as const) {
      const r = await verifySample(withSealCrl(sample(), crl(subjectNameDer(P.sealRoot), body)));
      expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
      expect(check(r, "seal-certificate").message).toMatch(
        /cannot read and another may \(an archived CRL \(unsigned-crl\): .*\(signed by "NETS AS Intermediate CA"\)/,
      );
    }
  }, 60_000);

  it("the sample: the same bytes signed by nobody: TOTAL-PASSED with the item named", async () => {
    for (const body of ["refused", "deep"] as const) {
      const r = await verifySample(withSealCrl(sample(), unsigned(subjectNameDer(P.sealRoot), body)));
      expect(r.indication).toBe("TOTAL-PASSED");
      expect(check(r, "seal-certificate").message).toMatch(/no issuer signed, so ignored/);
    }
  }, 60_000);

  it("the DSS: the CA's refused CRL is not decided; the same signed by nobody is said nothing of (one rule)", async () => {
    const signed = await verifySample(withDssStreams(sample(), { crls: [{ bytes: crl(subjectNameDer(P.sealRoot), "refused") }] }));
    expect([signed.indication, signed.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(signed, "seal-certificate").message).toMatch(/The DSS holds revocation data this reader cannot read and another may .*signed by/);
    const junk = await verifySample(withDssStreams(sample(), { crls: [{ bytes: unsigned(subjectNameDer(P.sealRoot), "refused") }] }));
    expect(junk.indication).toBe("TOTAL-PASSED");
    expect(check(junk, "seal-certificate").message).toMatch(/Of those, no issuer signed: revision \d+ \/DSS \/CRLs \[0\]/);
  }, 60_000);
});

describe("a DSS revocation item past the limits on its own is that item's problem (as in a CMS)", () => {
  it("the CA's CRL past the depth limit in the DSS: not decided (TRY_LATER); signed by nobody: TOTAL-PASSED (was GENERIC)", async () => {
    const signed = await verifySample(withDssStreams(sample(), { crls: [{ bytes: crl(subjectNameDer(P.sealRoot), "deep") }] }));
    expect([signed.indication, signed.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(signed, "seal-certificate").message).toMatch(/the CRL cannot be read within the limits: .*nesting deeper .*signed by/);
    const junk = await verifySample(withDssStreams(sample(), { crls: [{ bytes: unsigned(subjectNameDer(P.sealRoot), "deep") }] }));
    expect(junk.indication).toBe("TOTAL-PASSED");
    expect(check(junk, "seal-certificate").message).not.toMatch(/not all read/);
  }, 60_000);
});
