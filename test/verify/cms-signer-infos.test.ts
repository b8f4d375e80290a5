// a13 S3d: the SignedData's signerInfos SET lies outside every signature (RFC 5652 §5.1) and /Contents outside the
// /ByteRange, so anyone may add a SignerInfo to a genuine seal without a key. A second one made the seal
// TOTAL-FAILED/FORMAT_FAILURE ("a PAdES signature has exactly one"), the broker's real archive too (EU DSS:
// TOTAL_PASSED, format PDF-NOT-ETSI; pdfsig valid). The SignerInfo that verifies over the byte ranges decides now;
// the others are named and ignored (a warning).
import { readFileSync } from "node:fs";
import * as asn1js from "asn1js";
import { describe, expect, it } from "vitest";
import { sign } from "node:crypto";
import { pki, sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { withCmsField } from "../../scripts/attack-s8/lib.js";
import { minimalSigner, setElements, signedDataFields, signerInfoByOther, withSigners } from "../../scripts/attack-s9/lib.js";
import { encode, raw, seq } from "../../scripts/generator/der.js";
import { verifyArchive } from "../../src/index.js";
import { generateRsaKey } from "../../scripts/generator/keys.js";
import { pkiSession } from "../../src/pki/session.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { derChildren, readTlv } from "../../src/pki/der.js";
import { check, trustDirectory } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const AT = new Date("2025-12-08T09:35:10Z");

const genuine = (cms: Uint8Array) => setElements(signedDataFields(cms).fields.at(-1)!)[0]!;

describe("a13 S3d: a SignerInfo anyone adds never decides the seal", () => {
  it("the real archive with a second, empty SignerInfo after its own: TOTAL-PASSED, named (was FORMAT_FAILURE)", async () => {
    const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
    const cms = sealGap(pdf).der;
    const bytes = withSealContents(pdf, withSigners(cms, [minimalSigner(cms)], false));
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [`${REAL}/trust`], at: AT });
    expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
    const c = check(r, "seal-signature");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/also carries 1 other SignerInfo\(s\), not the one that verifies the byte ranges with the seal's certificate: ignored/);
    const ignored = (c.details as { ignoredSignerInfos: string[] }).ignoredSignerInfos;
    expect(ignored).toHaveLength(1);
    expect(ignored[0]).toMatch(/^signerInfos \[1\]: its signature does not verify \(the SignerInfo has no signed attributes/);
    expect(check(r, "seal-timestamp").status).toBe("passed");
  }, 60_000);

  it("before its own (a18 S4: pdfsig says invalid, EU DSS not intact): not decided, never FAILED", async () => {
    const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
    const cms = sealGap(pdf).der;
    const bytes = withSealContents(pdf, withSigners(cms, [minimalSigner(cms)], true));
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [`${REAL}/trust`], at: AT });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "FORMAT_FAILURE"]);
    const c = check(r, "seal-signature");
    expect(c.message).toMatch(
      /holds the broker's SignerInfo as number 2, but its first SignerInfo is not one that verifies .*show the seal as broken or untrusted/,
    );
    expect((c.details as { ignoredSignerInfos: string[] }).ignoredSignerInfos[0]).toMatch(/^signerInfos \[0\]: its signature does not verify/);
  }, 60_000);

  it("the sample with its own SignerInfo twice (a copy): TOTAL-PASSED, the copy named", async () => {
    const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const cms = sealGap(pdf).der;
    const bytes = withSealContents(pdf, withSigners(cms, [genuine(cms)], false));
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes }, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect((check(r, "seal-signature").details as { ignoredSignerInfos: string[] }).ignoredSignerInfos).toEqual(["signerInfos [1]: a copy of the one judged"]);
  }, 60_000);

  it("no SignerInfo that verifies: the first one's verdict stands (failed), the others do not rescue it", async () => {
    const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
    const cms = sealGap(pdf).der;
    const junk = minimalSigner(cms);
    const only = signedDataFields(cms);
    only.fields[only.fields.length - 1] = encode(new asn1js.Set({ value: [raw(junk), raw(junk)] }));
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: withSealContents(pdf, only.rebuild(only.fields)) },
      trust: [`${REAL}/trust`],
      at: AT,
    });
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(check(r, "seal-signature").status).toBe("failed");
  }, 60_000);
});

// a17 S2: a copy of the genuine SignerInfo whose sid (unsigned) names a decoy with the seal's names and key (its TBS
// with another serial, signed by a key of no CA) verified too and, put first and "preferred" by its names, decided
// the seal: INDETERMINATE/NO_SIGNING_CERTIFICATE_FOUND although the genuine one beside it verifies and is bound.
describe("a17 S2: the SignerInfo bound by its ESS attribute decides before a copy naming a decoy", () => {
  it("the copy first: the bound genuine one is judged, not decided as readers disagree (the copy decided: NO_SIGNING_CERTIFICATE_FOUND)", async () => {
    const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const cms = sealGap(pdf).der;
    const decoded = decodeSignedData(cms, "the seal", pkiSession(), true);
    const seal = certificateDer(findSignerCertificate(decoded.signedData.signerInfos[0]!, decoded.certificates)!);
    const top = readTlv(seal, 0, seal.length, true)!;
    const [tbs, alg] = derChildren(seal, top.body, top.end)!;
    const fields = derChildren(seal, tbs!.body, tbs!.end)!;
    const at = fields[0]!.tag === 0xa0 ? 1 : 0;
    const bytes = (t: { start: number; end: number }) => seal.subarray(t.start, t.end);
    const serial = encode(new asn1js.Integer({ valueHex: Uint8Array.from([0x7f, 0x17, 0xa1, 0x7e]) }));
    const newTbs = encode(seq(...fields.map((t, i) => raw(i === at ? serial : bytes(t)))));
    const decoy = encode(seq(raw(newTbs), raw(bytes(alg!)), new asn1js.BitString({ valueHex: sign("sha256", newTbs, generateRsaKey(2048)) })));
    const withDecoy = withCmsField(cms, 0xa0, [decoy]);
    const own = setElements(signedDataFields(withDecoy).fields.at(-1)!)[0]!;
    const t = readTlv(own, 0, own.length)!;
    const parts = derChildren(own, t.body, t.end)!.map((x) => own.subarray(x.start, x.end));
    const copy = encode(seq(...parts.map((p, i) => raw(i === 1 ? encode(seq(raw(bytes(fields[at + 2]!)), raw(serial))) : p))));
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", bytes: withSealContents(pdf, withSigners(withDecoy, [copy], true)) },
      trust: [trustDirectory()],
    });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "FORMAT_FAILURE"]);
    const c = check(r, "seal-signature");
    expect(c.message).toMatch(/holds the broker's SignerInfo as number 2/);
    expect((c.details as { ignoredSignerInfos: string[] }).ignoredSignerInfos[0]).toMatch(/^signerInfos \[0\]: /);
  }, 60_000);
});

// a17 S1: a SignerInfo by another certificate of the test PKI over the genuine signed attributes, put first: the
// seal's own verifies and was judged (TOTAL-PASSED, a warning), while pdfsig (NSS) and EU DSS judge the first one
// and name "Other Transact ST" as the signer. Readers disagree on who sealed the file: not decided.
describe("a17 S1: a first SignerInfo that names another signer", () => {
  const withOther = (first: boolean) => {
    const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const cms = sealGap(pdf).der;
    const other = pki().otherTokenSigner;
    const byOther = signerInfoByOther(cms, other);
    return withSealContents(pdf, withSigners(withCmsField(cms, 0xa0, [other.der]), [byOther], first));
  };

  it("first: INDETERMINATE/FORMAT_FAILURE naming the signer readers show (was TOTAL-PASSED)", async () => {
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: withOther(true) }, trust: [trustDirectory()] });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "FORMAT_FAILURE"]);
    const c = check(r, "seal-signature");
    expect(c.message).toMatch(/its first SignerInfo names another signer, .*Other Transact ST.*, which readers that judge the first one/);
    // Never the other signer judged as the seal's (h8a: sealIdentity prefers the broker's seal).
    expect((c.details as { ignoredSignerInfos: string[] }).ignoredSignerInfos).toEqual([
      "signerInfos [0]: another signature over the same content, by a certificate not preferred",
    ]);
  }, 60_000);

  it("after the seal's own: TOTAL-PASSED, named and ignored (readers show the seal's signer)", async () => {
    const r = await verifyArchive({ evidence: { name: "archive.pdf", bytes: withOther(false) }, trust: [trustDirectory()] });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-signature").status).toBe("warning");
  }, 60_000);
});
