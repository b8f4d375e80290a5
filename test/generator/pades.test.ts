// Cross-checks of the sealed PAdES and its variants with pdfsig, qpdf, pdfdetach and openssl.
import { join } from "node:path";
import * as pkijs from "pkijs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  buildArchive,
  buildPdfVariants,
  hasTool,
  lastStartXref,
  latin1Text,
  loadPki,
  OIDS,
  runTool,
  scratch,
  sealedBase,
  TIMELINE,
  type Archive,
  type PdfVariant,
  type TestPki,
} from "../../scripts/generator/index.js";

const TOOLS = { pdfsig: hasTool("pdfsig"), qpdf: hasTool("qpdf"), openssl: hasTool("openssl"), pdfdetach: hasTool("pdfdetach") };
const missing = (...t: (keyof typeof TOOLS)[]): string =>
  t
    .filter((x) => !TOOLS[x])
    .map((x) => `${x} not installed: skipped`)
    .join("; ");
const atIat = String(Math.floor(TIMELINE.iat.getTime() / 1000));
let pki: TestPki;
let archive: Archive;
let variants: PdfVariant[];

beforeAll(async () => {
  pki = loadPki(join(import.meta.dirname, "../../samples/pki"));
  archive = await buildArchive(pki);
  variants = await buildPdfVariants(pki, await sealedBase(pki, archive.evidence, { contentsSize: 8 * 1024 }));
});

/** ByteRange, the signed bytes and the CMS DER of the first signature dictionary. */
function firstSignature(pdf: Uint8Array): { range: number[]; signed: Uint8Array; cms: Uint8Array } {
  const text = latin1Text(pdf);
  const range = /\/ByteRange\s*\[([^\]]*)\]/.exec(text)![1]!.trim().split(/\s+/).map(Number);
  const hex = /\/Contents\s*<([0-9a-fA-F]*)>/.exec(text)![1]!;
  const signed = Buffer.concat([pdf.subarray(range[0], range[0]! + range[1]!), pdf.subarray(range[2], range[2]! + range[3]!)]);
  const cms = Buffer.from(hex, "hex");
  const ci = pkijs.ContentInfo.fromBER(cms); // trailing zero padding is ignored by the parser
  return { range, signed, cms: new Uint8Array(ci.toSchema().toBER()) };
}

describe(`valid PAdES ${missing("pdfsig", "qpdf", "pdfdetach", "openssl")}`, () => {
  it("has the real structure (header, ESIC, DocMDP, one revision, no signingTime)", () => {
    const text = latin1Text(archive.pdf);
    expect(text.startsWith("%PDF-1.7")).toBe(true);
    expect(text).toMatch(/\/ESIC <<\s*\/BaseVersion \/1\.7\s*\/ExtensionLevel 2/);
    expect(text).toMatch(/\/TransformMethod \/DocMDP\s*\/TransformParams <<\s*\/Type \/TransformParams\s*\/P 1\s*\/V \/1\.2/);
    expect(text).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached/);
    expect(text).toContain("/M (D:20251208083635Z)");
    expect(text).toContain("/Subtype /application#2Foctet-stream");
    expect(text).not.toMatch(/\/AF\s/);
    expect(text.match(/%%EOF/g)).toHaveLength(1);
    const { range, cms } = firstSignature(archive.pdf);
    expect(range[0]).toBe(0);
    expect(range[2]! + range[3]!).toBe(archive.pdf.length);
    const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cms).content });
    const attrs = sd.signerInfos[0]!.signedAttrs!.attributes.map((a) => a.type);
    expect(attrs.sort()).toEqual([OIDS.contentType, OIDS.messageDigest, OIDS.signingCertificateV2, OIDS.adbeRevocationInfoArchival].sort());
    expect(sd.signerInfos[0]!.unsignedAttrs!.attributes.map((a) => a.type)).toEqual([OIDS.signatureTimeStampToken]);
    expect(lastStartXref(archive.pdf)).toBeGreaterThan(range[2]!);
  });

  it("pdfsig: Signature is Valid, total document signed", { skip: !TOOLS.pdfsig }, () => {
    const d = scratch({ "a.pdf": archive.pdf });
    const out = runTool("pdfsig", [`${d}/a.pdf`]).output;
    expect(out).toContain("Signature Field Name: Signature1");
    expect(out).toContain("Signature is Valid");
    expect(out).toContain("Total document signed");
    expect(out).toContain("ETSI.CAdES.detached");
  });

  it("qpdf --check passes; pdfdetach lists the three attachments", { skip: !TOOLS.qpdf || !TOOLS.pdfdetach }, () => {
    const d = scratch({ "a.pdf": archive.pdf });
    expect(runTool("qpdf", ["--check", `${d}/a.pdf`]).status).toBe(0);
    const list = runTool("pdfdetach", ["-list", `${d}/a.pdf`]).output;
    expect(list).toMatch(/3 embedded files\s+1: workflow_token\.jwt\s+2: workflow_token\.ocsp\s+3: workflow_token_pub\.pem/);
  });

  it("openssl verifies the CMS over the ByteRange and the signature timestamp over the signature value", { skip: !TOOLS.openssl }, () => {
    const { signed, cms } = firstSignature(archive.pdf);
    const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cms).content });
    const signer = sd.signerInfos[0]!;
    const tst = new Uint8Array(signer.unsignedAttrs!.attributes[0]!.values[0]!.toBER());
    const d = scratch({
      "cms.der": cms,
      "data.bin": signed,
      "seal-root.pem": pki.sealRoot.pem,
      "tsa-root.pem": pki.tsaRoot.pem,
      "tst.der": tst,
      "sigvalue.bin": signer.signature.valueBlock.valueHexView,
    });
    const v = runTool("openssl", [
      "cms",
      "-verify",
      "-binary",
      "-inform",
      "DER",
      "-in",
      `${d}/cms.der`,
      "-content",
      `${d}/data.bin`,
      "-CAfile",
      `${d}/seal-root.pem`,
      "-attime",
      atIat,
      "-purpose",
      "any",
      "-out",
      "/dev/null",
    ]);
    expect(v.output).toContain("Verification successful");
    const ts = runTool("openssl", [
      "ts",
      "-verify",
      "-data",
      `${d}/sigvalue.bin`,
      "-in",
      `${d}/tst.der`,
      "-token_in",
      "-CAfile",
      `${d}/tsa-root.pem`,
      "-attime",
      atIat,
    ]);
    expect(ts.output).toContain("Verification: OK");
  });
});

describe.skipIf(!TOOLS.pdfsig)(`PDF variants (pdfsig) ${missing("pdfsig")}`, () => {
  const pdfsig = (v: PdfVariant): string => runTool("pdfsig", [`${scratch({ "v.pdf": v.bytes })}/v.pdf`]).output;
  const sig1 = (out: string): string => out.split("Signature #2")[0]!;

  it("covers every attack class", () => {
    const names = variants.map((v) => v.name);
    for (const prefix of ["ltv-", "isa-", "shadow-", "sw-", "usf-", "attachment-", "second-signature-field"]) {
      expect(
        names.some((n) => n.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it("LTV updates keep signature #1 valid; changes after sealing are not 'Total document signed'", () => {
    for (const v of variants.filter((x) => /^(ltv|isa|shadow)-/.test(x.name) || x.name === "sw-objects-in-contents-gap")) {
      const out = sig1(pdfsig(v));
      expect(out, v.name).toContain("Signature is Valid");
      expect(out, v.name).not.toContain("Total document signed");
    }
  });

  it("pdfsig agrees with each variant's documented pdfsig verdict", () => {
    for (const v of variants) expect(sig1(pdfsig(v)).includes("Signature is Valid"), v.name).toBe(v.expected.pdfsigValid);
  });

  it("qpdf --check passes on the LTV variants", { skip: !TOOLS.qpdf }, () => {
    for (const v of variants.filter((x) => x.name.startsWith("ltv-"))) {
      expect(runTool("qpdf", ["--check", `${scratch({ "v.pdf": v.bytes })}/v.pdf`]).status, v.name).toBe(0);
    }
  });
});
