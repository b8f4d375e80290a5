// a11 T1: revocation data in a CMS outside its signed attributes, in forms EU DSS reads (CAdESCRLSource,
// CAdESOCSPSource): `other` entries of type id-pkix-ocsp-basic in SignedData.crls, and the unsigned attribute
// revocation-values (crlVals, ocspVals). sealcheck read only CRLs and id-ri-ocsp-response in a timestamp token's
// crls, so the CA's "revoked" in those forms said nothing: a seal revoked before sealing was TOTAL-PASSED where EU
// DSS says INDETERMINATE/REVOKED_NO_POE. Now read in every timestamp token, and in the seal's CMS too (anyone may
// add there, so it counts as a DSS does). Scenario (attack-s5 P1c's): the seal revoked 08:06 (keyCompromise),
// sealed 08:36 with the CA's "good" of 07:36 in the CMS; a document timestamp of 2025-12-10 whose token carries
// the CA's statement.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { revokedSealed, toBer, withDssStreams } from "../../scripts/attack-s6/lib.js";
import { basicOcspOf, lastGap, replaceFirstCertificate, withCmsField, withLastContents, withUnsignedAttribute } from "../../scripts/attack-s8/lib.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { addDocumentTimestamp, createOcspResponse } from "../../scripts/generator/index.js";
import { encode, explicit, implicitConstructed, oid, raw, seq, set } from "../../scripts/generator/der.js";
import { verifyArchive } from "../../src/index.js";
import { asOcspResponse } from "../../src/pki/ber.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { decodeSignedData } from "../../src/pki/cms.js";
import { PkiSession } from "../../src/pki/session.js";
import { check, testPki, trustDirectory } from "../helpers/fixtures.js";

const P = testPki();
const ID_PKIX_OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1";
const REVOCATION_VALUES = "1.2.840.113549.1.9.16.2.24";
const other = (type: string, value: Uint8Array) => encode(implicitConstructed(1, [oid(type), raw(value)]));
const revocationValues = (tag: 0 | 1, item: Uint8Array) => encode(seq(oid(REVOCATION_VALUES), set(seq(explicit(tag, seq(raw(item)))))));

let sealed: Uint8Array;
let stamped: Uint8Array;
let crl: Uint8Array;
let basic: Uint8Array;
beforeAll(async () => {
  const s = await revokedSealed();
  sealed = s.sealed;
  crl = s.crl;
  basic = basicOcspOf(
    createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder: P.sealRoot,
      status: { revokedAt: s.compromise, reason: 1 },
      producedAt: new Date("2025-12-10T08:36:38Z"),
    }),
  );
  stamped = await addDocumentTimestamp(sealed, P, new Date("2025-12-10T09:36:38Z"));
}, 60_000);

const verify = (pdf: Uint8Array) => verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust: [trustDirectory()] });

describe("a11 T1: the CA's 'revoked' in every form EU DSS reads in a CMS", () => {
  const inToken: [string, () => Uint8Array][] = [
    [
      "a document timestamp's crls: [1] other id-pkix-ocsp-basic (a BasicOCSPResponse)",
      () => withCmsField(lastGap(stamped).der, 0xa1, [other(ID_PKIX_OCSP_BASIC, basic)]),
    ],
    ["a document timestamp's revocation-values attribute: crlVals", () => withUnsignedAttribute(lastGap(stamped).der, revocationValues(0, crl))],
    ["a document timestamp's revocation-values attribute: ocspVals", () => withUnsignedAttribute(lastGap(stamped).der, revocationValues(1, basic))],
  ];
  for (const [label, token] of inToken) {
    it(`${label}: TOTAL-FAILED/REVOKED (was TOTAL-PASSED)`, async () => {
      const r = await verify(withLastContents(stamped, token()));
      expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
      expect(check(r, "seal-certificate").message).toMatch(/revoked at 2025-12-08T08:06:38/);
    }, 60_000);
  }

  const inSeal: [string, () => Uint8Array][] = [
    ["the seal CMS's own crls: the CA's CRL", () => withCmsField(sealGap(sealed).der, 0xa1, [crl])],
    ["the seal CMS's revocation-values attribute: ocspVals", () => withUnsignedAttribute(sealGap(sealed).der, revocationValues(1, basic))],
  ];
  for (const [label, cms] of inSeal) {
    it(`${label} (outside the signed attributes, read as a DSS's): TOTAL-FAILED/REVOKED`, async () => {
      const r = await verify(withSealContents(sealed, cms()));
      expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
      expect(check(r, "seal-certificate").message).toMatch(/revoked at 2025-12-08T08:06:38/);
    }, 60_000);
  }

  it("honest: the document timestamp's token with no statement: the CMS's 'good' decides (TOTAL-PASSED)", async () => {
    const r = await verify(stamped);
    expect(r.indication).toBe("TOTAL-PASSED");
  }, 60_000);
});

// a11 G1b: BER below the level derFramed re-framed in the DSS: an OCSP response's BasicOCSPResponse (inside its
// OCTET STRING), a CRL in a timestamp token's crls, a certificate in the seal CMS's certificate set. BouncyCastle
// (EU DSS) verifies the DER of what was signed; checked over BER bytes, the CA's "revoked" was "not the CA's
// statement" (TOTAL-PASSED), and the seal's own certificate in BER made a genuine archive INDETERMINATE.
describe("a11 G1b: BER at every level a signature covers is read as DER", () => {
  it("the CA's OCSP 'revoked' in the DSS with its BasicOCSPResponse in BER (every length indefinite): TOTAL-FAILED/REVOKED", async () => {
    const berBasic = toBer(basic, "indefinite");
    const pdf = await addDocumentTimestamp(withDssStreams(sealed, { ocsps: [{ bytes: asOcspResponse(berBasic) }] }), P, new Date("2025-12-10T09:36:38Z"));
    const r = await verify(pdf);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  }, 60_000);

  it("the CA's CRL in a document timestamp's crls, every length indefinite: TOTAL-FAILED/REVOKED", async () => {
    const token = toBer(withCmsField(lastGap(stamped).der, 0xa1, [crl]), "indefinite");
    const r = await verify(withLastContents(stamped, token));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  }, 60_000);

  it("a genuine archive whose seal CMS carries its own certificate in BER: still TOTAL-PASSED (was INDETERMINATE)", async () => {
    const genuine = readFileSync("samples/valid/archive.pdf");
    const cms = sealGap(genuine).der;
    const first = new Uint8Array(certificateDer(decodeSignedData(cms, "the seal", new PkiSession(), true).certificates[0]!));
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: withSealContents(genuine, replaceFirstCertificate(cms, toBer(first, "indefinite"))) },
      originals: ["samples/valid/originals"],
      trust: ["samples/trust"],
    });
    expect(r.indication).toBe("TOTAL-PASSED");
  }, 60_000);
});
