// a11 S3c: the certificate and CRL sets of a CMS lie outside every signature, and a PDF's /Contents outside its
// /ByteRange, so anyone may add to them in a genuine archive without a key. One element pkijs's SignedData schema
// refused (an attribute certificate [2] holding an INTEGER; a SEQUENCE { INTEGER 0 } among the CRLs) made the seal
// "not a CMS SignedData": TOTAL-FAILED/FORMAT_FAILURE, the broker's real archive too (EU DSS: TOTAL_PASSED; pdfsig
// valid). Such an element is left out and named now; a CRL-shaped one is unread (not decided), as in a DSS.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lastGap, withCmsField, withLastContents } from "../../scripts/attack-s8/lib.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";
import { derLength } from "../../src/pki/der.js";

const REAL = "test/fixtures/real/broker-example";
const attr = new Uint8Array([0xa2, 0x03, 0x02, 0x01, 0x00]);
const junkCrl = new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00]);
// SEQUENCE { SEQUENCE {}, SEQUENCE {}, BIT STRING }: a CRL's shape that no CRL decoder reads.
const crlShaped = new Uint8Array([0x30, 0x07, 0x30, 0x00, 0x30, 0x00, 0x03, 0x01, 0x00]);

// A CertificateList of BouncyCastle's outline (algorithm, issuer Name, thisUpdate) whose one entry is SEQUENCE {}: BC
// reads it (its entries lazily), pkijs refuses it.
const bcOutlineCrl = Uint8Array.from(
  Buffer.from("30363022300b06092a864886f70d01010b3000170d3235313230383038333633385a30023000300b06092a864886f70d01010b0303000102", "hex"),
);
// [1] { id-ri-ocsp-response, NULL }: an "OCSP response" of two bytes (a13 U2's addendum).
const ocspJunk = Uint8Array.from(Buffer.from("a10c06082b06010505071002" + "0500", "hex"));

const sample = () => new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const withSealSet = (pdf: Uint8Array, tag: 0xa0 | 0xa1, el: Uint8Array) => withSealContents(pdf, withCmsField(sealGap(pdf).der, tag, [el]));
const verifySample = (pdf: Uint8Array) =>
  verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, originals: ["samples/valid/originals"], trust: ["samples/trust"] });

describe("a11 S3c: an element of a CMS's unsigned sets that does not decode is that element's problem", () => {
  it("a junk attribute certificate in the seal CMS's certificate set: TOTAL-PASSED, named in seal-signature's warning (was FORMAT_FAILURE)", async () => {
    const r = await verifySample(withSealSet(sample(), 0xa0, attr));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-signature");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/unsigned certificate or CRL set also holds 1 element\(s\) that do not decode: left out/);
  }, 60_000);

  it("a junk SEQUENCE among the seal CMS's CRLs: TOTAL-PASSED (was FORMAT_FAILURE)", async () => {
    const r = await verifySample(withSealSet(sample(), 0xa1, junkCrl));
    expect(r.indication).toBe("TOTAL-PASSED");
  }, 60_000);

  it("a CRL-shaped element no decoder reads among the seal CMS's CRLs: junk, named (a13 U2: was INDETERMINATE/TRY_LATER)", async () => {
    // BouncyCastle's TBSCertList refuses SEQUENCE {} (EU DSS: TOTAL_PASSED): no reader reads it as a CRL.
    const r = await verifySample(withSealSet(sample(), 0xa1, crlShaped));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-signature").message).toMatch(/also holds 1 element\(s\) that do not decode: left out/);
  }, 60_000);

  it("an element with the outline BouncyCastle reads as a CRL, refused here, signed by nobody: junk, named (a13 U2's rest: was TRY_LATER)", async () => {
    // The CA's own refused CRL stays not decided: test/verify/unread-proof.test.ts.
    const r = await verifySample(withSealSet(sample(), 0xa1, bcOutlineCrl));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toMatch(/cannot be read and that no issuer signed, so ignored: an archived CRL \(unsigned-crl\): /);
  }, 60_000);

  it("`[1] { id-ri-ocsp-response, NULL }` among the real seal CMS's CRLs: junk, named in seal-certificate (a13 U2: was INDETERMINATE)", async () => {
    const real = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: withSealSet(real, 0xa1, ocspJunk) },
      trust: [`${REAL}/trust`],
      at: new Date("2025-12-08T09:35:10Z"),
    });
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-certificate");
    expect(c.message).toMatch(/Not relied upon: an OCSP response \(unsigned-ocsp\): an archived OCSP response is unreadable/);
    expect(c.message).not.toMatch(/another may/);
  }, 60_000);

  it("the broker's real archive with the junk attribute certificate: TOTAL-PASSED at its sealing time (was FORMAT_FAILURE)", async () => {
    const real = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: withSealSet(real, 0xa0, attr) },
      trust: [`${REAL}/trust`],
      at: new Date("2025-12-08T09:35:10Z"),
    });
    expect(r.indication).toBe("TOTAL-PASSED");
  }, 60_000);

  it("a document timestamp's token with the junk element: still TOTAL-PASSED, B-LTA", async () => {
    const lta = new Uint8Array(readFileSync("samples/lta/archive.pdf"));
    const pdf = withLastContents(lta, withCmsField(lastGap(lta).der, 0xa0, [attr]));
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LTA"]);
  }, 60_000);
});

// a13 S3e: 70 nested SEQUENCEs (DER) among the seal CMS's CRLs reached maxAsn1Depth in the whole-CMS decode: the
// seal's FORMAT_FAILURE, the real archive too (EU DSS: TOTAL_PASSED). Such an element is left out and named now.
describe("a13 S3e: an unsigned element past the decode limits is that element's problem", () => {
  it("70 nested SEQUENCEs among the seal CMS's CRLs: TOTAL-PASSED, the element named (was FORMAT_FAILURE)", async () => {
    let deep = new Uint8Array([0x05, 0x00]);
    for (let i = 0; i < 70; i++) deep = Uint8Array.from([0x30, ...derLength(deep.length), ...deep]);
    const r = await verifySample(withSealSet(sample(), 0xa1, deep));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-signature").message).toMatch(/also holds 1 element\(s\) that do not decode: left out/);
  }, 60_000);
});
