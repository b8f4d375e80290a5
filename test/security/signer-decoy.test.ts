// a8 S3: the CMS certificate set lies outside every signature, so anyone may add a certificate with the seal's
// issuer and serial number (their own key) before the seal's own. The first match used to be the signer: any
// genuine archive became TOTAL-FAILED ("not genuine") without a key. The signer is the certificate the signed ESS
// attribute names and whose key verifies, and a decoy after it is named in a warning. A decoy first is what readers
// judge the seal by (pdfsig: invalid; EU DSS: NO_SIGNING_CERTIFICATE_FOUND; a19 K1 by an SKI sid): readers disagree,
// so the seal is not decided, INDETERMINATE/FORMAT_FAILURE, never FAILED.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { decodeSignedData, findSignerCertificate, signerCandidates } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { extensions, generateRsaKey, issueCertificate, OIDS, SEAL_SUBJECT } from "../../scripts/generator/index.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { reissuedBy, withCmsCertificates } from "../../scripts/attack-s6/lib.js";
import { setElements, signedDataFields } from "../../scripts/attack-s9/lib.js";
import { encode, raw, seq } from "../../scripts/generator/der.js";
import { derChildren, readTlv } from "../../src/pki/der.js";
import * as asn1js from "asn1js";
import { certificateDer } from "../../src/pki/certificate.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const KEY = generateRsaKey(2048);

/** `pdf` with a certificate of one's own making (the seal's issuer and serial, another key; the sample seal's names) added to the seal's CMS. */
function withDecoy(pdf: Uint8Array, last = false, subject: [string, string][] = SEAL_SUBJECT): Uint8Array {
  const { der } = sealGap(pdf);
  const cms = decodeSignedData(der, "the seal", pkiSession(), true);
  const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
  const decoy = issueCertificate({
    subject,
    subjectKey: KEY,
    issuer: { ...testPki().sealRoot, key: KEY, cert: { subject: seal.issuer } as ReturnType<typeof testPki>["sealRoot"]["cert"] },
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: new Uint8Array(seal.serialNumber.valueBlock.valueHexView),
    extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
  });
  return withSealContents(pdf, withCmsCertificates(der, [decoy], last));
}

/** `contentInfo` with its SignerInfo's sid (unsigned) rewritten to a subjectKeyIdentifier `ski` (versions 3, RFC 5652). */
function withSkiSid(contentInfo: Uint8Array, ski: Uint8Array): Uint8Array {
  const f = signedDataFields(contentInfo);
  const [own, ...rest] = setElements(f.fields.at(-1)!);
  const t = readTlv(own!, 0, own!.length)!;
  const parts = derChildren(own!, t.body, t.end)!.map((x) => own!.subarray(x.start, x.end));
  const sid = encode(new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: ski }));
  const si = encode(seq(raw(encode(new asn1js.Integer({ value: 3 }))), raw(sid), ...parts.slice(2).map(raw)));
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [si, ...rest].map(raw) }));
  f.fields[0] = encode(new asn1js.Integer({ value: 3 }));
  return f.rebuild(f.fields);
}

async function verify(pdf: Uint8Array, o: { trust?: string; at?: string } = {}) {
  const file = join(tempDir("sealcheck-decoy-"), "archive.pdf");
  writeFileSync(file, pdf);
  // The decoys' names are what these tests read: shown (a decoy's certificate shows no organisation, so the report
  // masks its name by default: person-names.test.ts).
  return verifyArchive({ evidence: file, trust: [o.trust ?? trustDirectory()], showPersonalData: true, ...(o.at ? { at: o.at } : {}) });
}

describe("a decoy signer certificate in the seal's CMS (a8 S3, a19 K1)", () => {
  it("first in the certificate set: readers judge the seal by the decoy, so not decided (INDETERMINATE/FORMAT_FAILURE)", async () => {
    const pdf = withDecoy(new Uint8Array(readFileSync("samples/valid/archive.pdf")));
    const cms = decodeSignedData(sealGap(pdf).der, "the seal", pkiSession(), true);
    expect(signerCandidates(cms.signedData.signerInfos[0]!, cms.certificates)).toHaveLength(2);
    const r = await verify(pdf);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "FORMAT_FAILURE"]);
    const c = check(r, "seal-signature");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "FORMAT_FAILURE"]);
    expect(c.message).toContain("the first certificate of the CMS that its SignerInfo's identifier designates is another");
    expect(c.message).toContain("has the seal's name but another key, so those readers show the seal as broken");
  });

  it("a decoy with another name first: named as the signer readers show", async () => {
    const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const r = await verify(withDecoy(base, false, [[OIDS.commonName, "Other Transact ST"]]));
    const c = check(r, "seal-signature");
    expect([r.indication, c.subIndication]).toEqual(["INDETERMINATE", "FORMAT_FAILURE"]);
    expect(c.message).toContain('names another signer, "Other Transact ST"');
  });

  it("a10: a decoy with the seal's own key (its TBS re-signed by another key): first not decided, after named as verifying too", async () => {
    const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const { der } = sealGap(base);
    const cms = decodeSignedData(der, "the seal", pkiSession(), true);
    const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
    const sameKey = reissuedBy(certificateDer(seal), new Uint8Array(seal.issuer.toSchema().toBER(false)), generateRsaKey(2048));
    const first = check(await verify(withSealContents(base, withCmsCertificates(der, [sameKey]))), "seal-signature");
    expect([first.status, first.subIndication]).toEqual(["indeterminate", "FORMAT_FAILURE"]);
    expect(first.message).toContain("has the seal's name and key but is not the certificate the ESS attribute names");
    const r = await verify(withSealContents(base, withCmsCertificates(der, [sameKey], true)));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-signature");
    expect(c.status).toBe("warning");
    expect(c.message).toContain(
      "1 other certificate(s) that its SignerInfo's identifier designates, with the signer's own key, so the signature verifies with it too, but the ESS attribute does not name it",
    );
    expect(c.message).not.toContain("nor the signature verifies with");
    // Both kinds at once, after the seal's own: each said for what it is.
    const both = await verify(withDecoy(withSealContents(base, withCmsCertificates(der, [sameKey], true)), true));
    expect(check(both, "seal-signature").message).toContain(
      "2 other certificate(s) that its SignerInfo's identifier designates: 1 with the signer's own key, so the signature verifies with it too, but the ESS attribute does not name it, and 1 which neither the ESS attribute names nor the signature verifies with",
    );
  });

  it("after the seal's own: TOTAL-PASSED with the decoy named", async () => {
    const r = await verify(withDecoy(new Uint8Array(readFileSync("samples/valid/archive.pdf")), true));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-signature");
    expect(c.status).toBe("warning");
    expect(c.message).toContain(
      "1 other certificate(s) that its SignerInfo's identifier designates, which neither the ESS attribute names nor the signature verifies with",
    );
    expect(check(r, "seal-certificate").status).toBe("passed");
  });

  it("the broker's real archive, at its sealing time: a decoy first is not decided, after passes", async () => {
    const real = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
    const o = { trust: join(REAL, "trust"), at: "2025-12-08T09:35:10Z" };
    const first = await verify(withDecoy(real), o);
    expect([first.indication, first.subIndication, check(first, "seal-signature").status]).toEqual(["INDETERMINATE", "FORMAT_FAILURE", "indeterminate"]);
    const last = await verify(withDecoy(real, true), o);
    expect([last.indication, check(last, "seal-signature").status]).toEqual(["TOTAL-PASSED", "warning"]);
  });

  it("a19 K1: an SKI sid and a certificate of another key with the seal's SKI first: not decided (was TOTAL-PASSED; EU DSS NO_SIGNING_CERTIFICATE_FOUND)", async () => {
    const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const { der } = sealGap(base);
    const cms = decodeSignedData(der, "the seal", pkiSession(), true);
    const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
    const ski = seal.extensions!.find((e) => e.extnID === "2.5.29.14")!.parsedValue as asn1js.OctetString;
    const twin = issueCertificate({
      subject: [[OIDS.commonName, "Other Transact ST"]],
      subjectKey: KEY,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: Uint8Array.of(0x19),
      extensions: [extensions.subjectKeyIdentifier(new Uint8Array(seal.subjectPublicKeyInfo.toSchema().toBER(false)))],
    });
    const bySki = (certs: Uint8Array[], last = false) =>
      verify(withSealContents(base, withSkiSid(withCmsCertificates(der, certs, last), ski.valueBlock.valueHexView)));
    // The control: the genuine seal by an SKI sid passes (EU DSS agrees).
    expect((await bySki([])).indication).toBe("TOTAL-PASSED");
    const first = await bySki([twin]);
    const c = check(first, "seal-signature");
    expect([first.indication, c.subIndication]).toEqual(["INDETERMINATE", "FORMAT_FAILURE"]);
    expect(c.message).toContain('names another signer, "Other Transact ST", which those readers show as the signer');
    const last = await bySki([twin], true);
    expect([last.indication, check(last, "seal-signature").status]).toEqual(["TOTAL-PASSED", "warning"]);
  });
});
