// h10b (h9a's "not done"): an OCSP response or CRL stream in a DSS that this reader cannot decode stayed "unread" with
// no bytes, so it could never show it was junk nor its issuer's: the seal certificate's status not decided
// (INDETERMINATE/TRY_LATER) for the real archive with an LTV update holding one, where EU DSS passes it. A stream
// with no bytes proves nothing; what matters is what a lenient reader reads of it. Measured on the real archive
// with its own OCSP response in such a stream (EU DSS 5.13.1 on PDFBox 2.0.27: does the diagnostic data list an
// OCSP response of origin DSS_DICTIONARY; qpdf 11: --show-object --filtered-stream-data):
//   read by both: /Crypt (identity), FlateDecode without its final block or with a wrong Adler-32, ASCIIHexDecode
//     with a bad character after the data; by EU DSS alone: ASCIIHexDecode with "z3" for a byte 0xF3 (PDFBox reads a
//     character that is no digit as -1);
//   read by neither: /DCTDecode, an unknown filter, a PNG predictor that does not fit, deflate junk,
//     raw deflate under /FlateDecode.
// Now those bytes go to the one rule (h9a: undecided only when its issuer signed it); no bytes of the kind: junk,
// named and ignored (a warning). Each filter's output up to its first error is a superset of what the readers read
// (PDFBox and qpdf read nothing of a short item whose deflate data breaks after it: not decided here, stricter).
import { readFileSync } from "node:fs";
import { deflateSync, constants } from "node:zlib";
import { describe, expect, it } from "vitest";
import { rawStream, withDssStreams, type Stream } from "../../scripts/attack-s6/lib.js";
import { sealGap } from "../../scripts/attack36/lib.js";
import { verifyArchive } from "../../src/index.js";
import { decodeSignedData, revocationArchival } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { check } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const real = () => new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
const verifyReal = (pdf: Uint8Array) =>
  verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust: [`${REAL}/trust`], at: new Date("2025-12-08T09:35:10Z") });
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");

/** The real archive's own OCSP response (its seal CMS's), signed by its CA. */
const ocsp = (() => {
  const cms = decodeSignedData(sealGap(real()).der, "the seal", pkiSession(), true);
  return revocationArchival(cms.signedData.signerInfos[0]!).ocsps[0]!;
})();
/** The same with its signature zeroed: the outline of an OCSP response, signed by nobody. */
const forged = (() => {
  const b = ocsp.slice();
  b.fill(0, b.length - 64);
  return b;
})();
/** Deflate data without its final block or trailer (PDFBox and qpdf read it; zlib says "unexpected end of file"). */
const noFinal = (b: Uint8Array) => deflateSync(b, { finishFlush: constants.Z_SYNC_FLUSH });

const withOcspStream = (s: Stream) => withDssStreams(real(), { ocsps: [s] });

describe("h10b: a DSS stream no reader decodes is named and ignored (was not decided)", () => {
  const junk: [string, () => Stream][] = [
    ["/DCTDecode", () => rawStream("DCTDecode", latin(ocsp))],
    ["an unknown filter", () => rawStream("FooDecode", latin(ocsp))],
    ["deflate junk", () => rawStream("FlateDecode", latin(Uint8Array.from({ length: 300 }, (_, i) => (i * 37 + 11) & 0xff)))],
    ["raw deflate under /FlateDecode", () => rawStream("FlateDecode", latin(deflateSync(ocsp).subarray(2)))],
    ["an OCSP response signed by nobody, in deflate data without its final block", () => rawStream("FlateDecode", latin(noFinal(forged)))],
  ];
  for (const [label, stream] of junk) {
    it(`${label}: TOTAL-PASSED with the item named (as EU DSS; was INDETERMINATE/TRY_LATER)`, async () => {
      const r = await verifyReal(withOcspStream(stream()));
      expect([r.indication, r.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-T"]);
      const c = check(r, "seal-certificate");
      expect(c.status).toBe("warning");
      expect(c.message).toMatch(
        /DSS items that cannot be read, so said nothing of: revision 2 \/DSS \/OCSPs \[0\] \(object \d+ 0 R\): the OCSP response does not decode/,
      );
      expect(c.message).not.toMatch(/another may/);
    }, 60_000);
  }

  // a25 L1: where this lenient reading stops in a predictor, its parameters, /EarlyChange or a /Crypt, PDFBox may read on
  // (a CA's "revoked" CRL under /Predictor 1.0, a short last PNG row, a row type 5, /Columns 16.0, /EarlyChange 2,
  // /DecodeParms 5, /Crypt /StdCF: EU DSS REVOKED_NO_POE, sealcheck TOTAL-PASSED): not decided, never junk.
  const stopped = (parms: string, data: Uint8Array) => ({
    raw: `<< /Filter /FlateDecode /DecodeParms ${parms} /Length ${data.length} >>\nstream\n${latin(data)}\nendstream`,
  });
  it.each([
    ["a PNG predictor that does not fit", () => stopped("<< /Predictor 12 /Columns 7 >>", deflateSync(ocsp))],
    ["/Predictor 1.0 (a real)", () => stopped("<< /Predictor 1.0 >>", deflateSync(ocsp))],
    ["/CCITTFaxDecode (a27 C1: lossless, PDFBox decodes it)", () => rawStream("CCITTFaxDecode", latin(ocsp))],
    ["/CCF", () => rawStream("CCF", latin(ocsp))],
    ["/JBIG2Decode", () => rawStream("JBIG2Decode", latin(ocsp))],
    ["/DecodeParms 5", () => stopped("5", deflateSync(ocsp))],
    [
      "/Crypt with /Name /StdCF",
      () => ({
        raw: `<< /Filter [/Crypt /FlateDecode] /DecodeParms [<< /Name /StdCF >> null] /Length ${deflateSync(ocsp).length} >>\nstream\n${latin(deflateSync(ocsp))}\nendstream`,
      }),
    ],
  ])(
    "%s: not decided (INDETERMINATE), never ignored as junk (a25 L1)",
    async (_, stream) => {
      const r = await verifyReal(withOcspStream(stream()));
      expect(r.indication).toBe("INDETERMINATE");
      expect(check(r, "seal-certificate").message).toMatch(/what lenient readers read of it is not learnt: they may read on where this reader stops/);
    },
    60_000,
  );

  it("the names say why: no reader reads one out of an image filter; a signature of nobody", async () => {
    const dct = check(await verifyReal(withOcspStream(rawStream("DCTDecode", latin(ocsp)))), "seal-certificate").message;
    expect(dct).toMatch(/unsupported stream filter \/DCTDecode, and no reader reads an OCSP response out of it/);
    const unsigned = check(await verifyReal(withOcspStream(rawStream("FlateDecode", latin(noFinal(forged))))), "seal-certificate").message;
    expect(unsigned).toMatch(
      /what lenient readers \(PDFBox, qpdf\) read of it is an OCSP response \(471 bytes\).*Of those, no issuer signed: .*its signature does not verify/,
    );
  }, 60_000);
});

describe("h10b: a DSS stream a lenient reader decodes keeps the status undecided when its issuer signed it", () => {
  const read: [string, () => Stream][] = [
    ["/Crypt (the identity)", () => rawStream("Crypt", latin(ocsp))],
    ["deflate data without its final block", () => rawStream("FlateDecode", latin(noFinal(ocsp)))],
    ["deflate data with a wrong Adler-32", () => rawStream("FlateDecode", latin(Uint8Array.from([...deflateSync(ocsp).subarray(0, -4), 1, 2, 3, 4])))],
    ["ASCIIHexDecode with a bad character after the data", () => rawStream("ASCIIHexDecode", `${Buffer.from(ocsp).toString("hex")}zz>`)],
    [
      // PDFBox reads a character that is no hex digit as -1: "z3" is 0xF3 (EU DSS lists the response; qpdf stops there).
      "ASCIIHexDecode with one byte written as PDFBox reads it (z3 for 0xF3)",
      () => {
        const hex = Buffer.from(ocsp).toString("hex");
        const at = hex.lastIndexOf("f3");
        expect(at % 2).toBe(0);
        return rawStream("ASCIIHexDecode", `${hex.slice(0, at)}z3${hex.slice(at + 2)}>`);
      },
    ],
  ];
  for (const [label, stream] of read) {
    it(`${label}: INDETERMINATE/TRY_LATER naming it, signed by its CA (never said nothing of)`, async () => {
      const r = await verifyReal(withOcspStream(stream()));
      expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
      expect(check(r, "seal-certificate").message).toMatch(
        /cannot read and another may \(revision 2 \/DSS \/OCSPs \[0\] .*what lenient readers \(PDFBox, qpdf\) read of it is an OCSP response \(471 bytes\) \(signed by "NETS AS Intermediate CA"\)/,
      );
    }, 60_000);
  }

  it("a deflate bomb past the lenient reading's budget learns nothing: not decided, as before", async () => {
    // 64 MiB of zeros and then junk: each halving inflates up to the stream limit; past two streams' worth, nothing is learnt.
    const bomb = Uint8Array.from([...noFinal(new Uint8Array(60 * 1024 ** 2)), 0xff, 0xff, 0xff, 0xff]);
    const r = await verifyReal(withOcspStream(rawStream("FlateDecode", latin(bomb))));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toMatch(/what lenient readers read of it is not learnt \(more than \d+ bytes inflated/);
  }, 120_000);
});
