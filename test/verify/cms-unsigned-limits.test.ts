// a13 S3e (BER) and a15's route: 70 nested SEQUENCEs (140 bytes in BER indefinite form) anyone may add where no
// signature covers them (a PDF's /Contents lies outside its /ByteRange): among the seal CMS's CRLs, as the value of
// an unsigned attribute of its SignerInfo, inside its signature timestamp token's own CRLs, inside a document
// timestamp token's CRLs. Each made the whole CMS's decode reach maxAsn1Depth: TOTAL-FAILED/FORMAT_FAILURE on the
// broker's real archive (EU DSS TOTAL_PASSED, pdfsig valid). Each element is now read on its own: left out, named.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lastGap, mapUnsignedAttribute, withCmsField, withLastContents, withUnsignedAttribute } from "../../scripts/attack-s8/lib.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { verifyArchive } from "../../src/index.js";
import { berValue } from "../../src/pki/ber.js";
import { withoutUnsignedPastLimits } from "../../src/pki/cms-unsigned.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { derLength } from "../../src/pki/der.js";
import { check } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const real = () => new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
const verifyReal = (pdf: Uint8Array) =>
  verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust: [`${REAL}/trust`], at: new Date("2025-12-08T09:35:10Z") });
const tlv = (tag: number, v: Uint8Array) => Uint8Array.from([tag, ...derLength(v.length), ...v]);
/** `n` nested SEQUENCEs of indefinite length (BER): 2n bytes of headers, 2n of end-of-contents. */
const berDeep = (n: number) => Uint8Array.from([...Array.from({ length: n }, () => [0x30, 0x80]).flat(), ...new Array<number>(2 * n).fill(0)]);
const TOKEN = "1.2.840.113549.1.9.16.2.14";

describe("a13 S3e in BER, a15's unsigned-attribute route: what no signature covers never decides the seal", () => {
  it("70 nested indefinite SEQUENCEs among the real seal CMS's CRLs: TOTAL-PASSED, the element named (was FORMAT_FAILURE)", async () => {
    const pdf = real();
    const r = await verifyReal(withSealContents(pdf, withCmsField(sealGap(pdf).der, 0xa1, [berDeep(70)])));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-signature");
    expect(c.message).toMatch(/also holds? 1 element\(s\) that do not decode: left out/);
    expect((c.details as { ignoredCmsElements: string[] }).ignoredCmsElements[0]).toMatch(/^crls \[\d+\]: .*maxAsn1Depth|nesting deeper/);
  }, 60_000);

  it("the same as the value of an unsigned attribute (1.2.3.4) of the real seal's SignerInfo, DER and BER: TOTAL-PASSED", async () => {
    let der = Uint8Array.from([0x05, 0x00]);
    for (let i = 0; i < 70; i++) der = tlv(0x30, der);
    for (const deep of [der, berDeep(70)]) {
      const pdf = real();
      const attribute = tlv(0x30, Uint8Array.from([0x06, 0x03, 0x2a, 0x03, 0x04, ...tlv(0x31, deep)]));
      const r = await verifyReal(withSealContents(pdf, withUnsignedAttribute(sealGap(pdf).der, attribute)));
      expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
      expect(JSON.stringify(check(r, "seal-signature").details)).toMatch(/unsigned attribute 1\.2\.3\.4 \[0\]: /);
    }
  }, 60_000);

  it("the same inside the real seal's signature timestamp token's CRLs: TOTAL-PASSED, the timestamp still verified", async () => {
    const pdf = real();
    const cms = mapUnsignedAttribute(sealGap(pdf).der, TOKEN, (token) => withCmsField(token, 0xa1, [berDeep(70)]));
    const r = await verifyReal(withSealContents(pdf, cms));
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    expect(check(r, "seal-timestamp").status).toBe("passed");
    expect(JSON.stringify(check(r, "seal-signature").details)).toMatch(/unsigned attribute 1\.2\.840\.113549\.1\.9\.16\.2\.14 \[0\]: crls \[0\]: /);
  }, 60_000);

  it("the same in a document timestamp token's CRLs (a13's addendum): still TOTAL-PASSED, B-LTA", async () => {
    const lta = new Uint8Array(readFileSync("samples/lta/archive.pdf"));
    const pdf = withLastContents(lta, withCmsField(lastGap(lta).der, 0xa1, [berDeep(70)]));
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LTA"]);
  }, 60_000);

  it("a CRL of a reader's outline, past the limits here, signed by nobody, among the real seal CMS's CRLs: junk (a13 U2's rest)", async () => {
    // CertificateList { tbsCertList { sha256WithRSA, issuer {}, thisUpdate, [0] { <70 nested SEQUENCEs> } }, alg, BIT STRING }:
    // BouncyCastle's outline, but no issuer signed it: no reader relies on it (was INDETERMINATE/TRY_LATER). The CA's
    // own CRL past the limits stays not decided (test/verify/unread-proof.test.ts).
    let deep = Uint8Array.from([0x05, 0x00]);
    for (let i = 0; i < 70; i++) deep = tlv(0x30, deep);
    const alg = Buffer.from("300b06092a864886f70d01010b", "hex");
    const time = Buffer.from("170d3235313230383038333633385a", "hex");
    const tbs = tlv(0x30, Uint8Array.from([...alg, 0x30, 0x00, ...time, ...tlv(0xa0, tlv(0x30, deep))]));
    const crl = tlv(0x30, Uint8Array.from([...tbs, ...alg, 0x03, 0x02, 0x00, 0x01]));
    const pdf = real();
    const r = await verifyReal(withSealContents(pdf, withCmsField(sealGap(pdf).der, 0xa1, [crl])));
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    expect(check(r, "seal-certificate").message).toMatch(/no issuer signed, so ignored: an archived CRL \(unsigned-crl\): /);
  }, 60_000);

  it("a limit reached in what the signature covers is not decided: INDETERMINATE/FORMAT_FAILURE, never TOTAL-FAILED", async () => {
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: real() },
      trust: [`${REAL}/trust`],
      at: new Date("2025-12-08T09:35:10Z"),
      limits: { maxAsn1Nodes: 1500 },
    });
    expect(r.indication).toBe("INDETERMINATE");
    const c = check(r, "seal-signature");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "FORMAT_FAILURE"]);
    expect(c.message).toMatch(/not decided: .*maxAsn1Nodes/);
  }, 60_000);

  it("signature timestamp tokens nested 20,000 deep in each other's unsigned attributes: screened without recursing past the depth limit", () => {
    const h = (x: string) => [...Buffer.from(x.replace(/ /g, ""), "hex")];
    // BER: ContentInfo { signedData, [0] { SignedData { 1, {}, { data }, { SignerInfo { 1, {}, {}, '', [1] { { tst, { ...
    const open = h(
      "3080 06092a864886f70d010702 a080 3080 020101 3100 300b 06092a864886f70d010701 3180 3080 020101 3000 3000 0400 a180 3080 060b2a864886f70d010910020e 3180",
    );
    const n = 20_000;
    const bytes = Uint8Array.from([...Array.from({ length: n }, () => open).flat(), 0x05, 0x00, ...new Array<number>(n * 16).fill(0)]);
    const r = withoutUnsignedPastLimits(bytes, DEFAULT_LIMITS, "the seal", false);
    expect(r?.count).toBe(1);
    expect(r?.ignored[0]).toMatch(/^unsigned attribute 1\.2\.840\.113549\.1\.9\.16\.2\.14 \[0\]: /);
  });

  it("finds where an indefinite value ends by a flat scan, whatever its depth (no recursion)", () => {
    const deep = berDeep(100_000);
    const bytes = Uint8Array.from([...deep, 0x05, 0x00]);
    expect(berValue(bytes, 0, bytes.length)).toMatchObject({ tag: 0x30, body: 2, contentEnd: deep.length - 2, end: deep.length });
    expect(berValue(deep, 0, deep.length - 1)).toBeNull(); // an end-of-contents missing
  });
});
