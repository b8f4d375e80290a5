// The seal's CMS rules for every other signature of the PDF (approval signatures; document timestamps already follow
// them through timestamp.ts): signerInfos lies outside every signature, so anyone may add a SignerInfo to an approval
// signature's CMS without a key. It was FORMAT_FAILURE "failed" ("The CMS has 2 signers"), and a decode limit in it
// "failed" too. Now readers' first SignerInfo is judged (cms.ts decidingSigner), the others named; a first that does
// not verify while another does is not decided (readers disagree); a limit in the signed parts is not decided.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lastGap, withCmsField, withLastContents } from "../../scripts/attack-s8/lib.js";
import { minimalSigner, setElements, signedDataFields, withSigners } from "../../scripts/attack-s9/lib.js";
import { verifyArchive, type ArchiveReport } from "../../src/index.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";

const approved = () => new Uint8Array(readFileSync("samples/attacks/later-approval-signature.pdf"));
const verify = (bytes: Uint8Array, limits = {}): Promise<ArchiveReport> =>
  verifyArchive({ evidence: { name: "approval.pdf", bytes }, trust: ["samples/trust"], limits });
const approval = (r: ArchiveReport) => r.pdfSignatures.find((p) => p.kind === "approval")!;
/** The approval signature's CMS rewritten by `f`. */
const rewrite = (f: (cms: Uint8Array) => Uint8Array) => {
  const pdf = approved();
  return withLastContents(pdf, f(lastGap(pdf).der));
};
/** Its own SignerInfo with the signature value's last byte changed: a broken copy (anyone can make one). */
const brokenCopy = (cms: Uint8Array) => {
  const si = setElements(signedDataFields(cms).fields.at(-1)!)[0]!.slice();
  si[si.length - 1]! ^= 0xff;
  return si;
};

describe("another signature's CMS judged by the seal's rules", () => {
  it("honest: the approval signature passes", async () => {
    expect(approval(await verify(approved())).status).toBe("passed");
  }, 60_000);

  it("a SignerInfo anyone adds after its own: a warning naming it (was FAILED/FORMAT_FAILURE, 2 signers)", async () => {
    const r = await verify(rewrite((cms) => withSigners(cms, [minimalSigner(cms)], false)));
    const a = approval(r);
    expect(a.status).toBe("warning");
    expect(a.message).toMatch(/^Signed by .*Also: its CMS also carries 1 other SignerInfo\(s\), after the one judged: ignored/);
    expect(a.details.ignoredSignerInfos).toEqual([expect.stringMatching(/^signerInfos \[1\]: its signature does not verify/)]);
  }, 60_000);

  it("a broken copy of its SignerInfo put first: not decided, INDETERMINATE/FORMAT_FAILURE (readers show it broken), never FAILED", async () => {
    const r = await verify(rewrite((cms) => withSigners(cms, [brokenCopy(cms)], true)));
    const a = approval(r);
    expect([a.status, a.subIndication]).toEqual(["indeterminate", "FORMAT_FAILURE"]);
    expect(a.message).toMatch(/first SignerInfo does not verify .* number 2 does .*Readers disagree/);
  }, 60_000);

  it("a broken copy after its own: a warning; the broken one alone: FAILED/SIG_CRYPTO_FAILURE as before", async () => {
    expect(approval(await verify(rewrite((cms) => withSigners(cms, [brokenCopy(cms)], false)))).status).toBe("warning");
    const only = rewrite((cms) => {
      const { fields, rebuild } = signedDataFields(cms);
      fields[fields.length - 1] = Uint8Array.from([0x31, ...lengthOf(brokenCopy(cms).length), ...brokenCopy(cms)]);
      return rebuild(fields);
    });
    const a = approval(await verify(only));
    expect([a.status, a.subIndication]).toEqual(["failed", "SIG_CRYPTO_FAILURE"]);
  }, 60_000);

  it("70 nested SEQUENCEs among its CRLs: left out and named, a warning (never FORMAT_FAILURE)", async () => {
    let deep: Uint8Array = Uint8Array.from([0x05, 0x00]);
    for (let i = 0; i < 70; i++) deep = Uint8Array.from([0x30, ...lengthOf(deep.length), ...deep]);
    const a = approval(await verify(rewrite((cms) => withCmsField(cms, 0xa1, [deep]))));
    expect(a.status).toBe("warning");
    expect(a.message).toMatch(/unsigned parts also hold 1 element\(s\) that do not decode: left out/);
  }, 60_000);

  it("a limit reached in what its signature covers: not decided, INDETERMINATE/FORMAT_FAILURE (was FAILED)", async () => {
    const a = approval(await verify(approved(), { maxAsn1Nodes: 100 }));
    expect([a.status, a.subIndication]).toEqual(["indeterminate", "FORMAT_FAILURE"]);
    expect(a.message).toMatch(/not judged, so not decided: .*maxAsn1Nodes/);
  }, 60_000);
});

function lengthOf(n: number): number[] {
  if (n < 0x80) return [n];
  const out: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return [0x80 | out.length, ...out];
}

describe("a decoy among the certificates its SignerInfo designates (a19 K1's rule, for other signatures)", () => {
  /** The approval signer's certificate with one byte of its key changed: same issuer and serial, another key. */
  const decoyOf = (cms: Uint8Array) => {
    const d = decodeSignedData(cms, "the approval", pkiSession(), true);
    const signer = findSignerCertificate(d.signedData.signerInfos[0]!, d.certificates)!;
    const der = certificateDer(signer).slice();
    const key = signer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
    const at = Buffer.from(der).indexOf(Buffer.from(key.subarray(0, 32)));
    der[at + 40]! ^= 0x01;
    return der;
  };

  it("put first: not decided, INDETERMINATE/FORMAT_FAILURE naming it (readers judge by it)", async () => {
    const a = approval(await verify(rewrite((cms) => withCmsField(cms, 0xa0, [decoyOf(cms)], true))));
    expect([a.status, a.subIndication]).toEqual(["indeterminate", "FORMAT_FAILURE"]);
    expect(a.message).toMatch(/first certificate of the CMS that its SignerInfo's identifier designates is another/);
  }, 60_000);

  it("put after the signer's own: a remark (a warning)", async () => {
    const a = approval(await verify(rewrite((cms) => withCmsField(cms, 0xa0, [decoyOf(cms)], false))));
    expect(a.status).toBe("warning");
    expect(a.message).toMatch(/1 other certificate\(s\) that its SignerInfo's identifier designates, after the signer's: ignored/);
  }, 60_000);
});
