// G1: a DSS item that every reference reader decodes is "cannot be read" here and said nothing of. The PDF layer
// (src/input/pdf/filters.ts) decodes FlateDecode alone and refuses a zlib stream without its Adler-32 trailer, and
// dss-items.ts `shapeOf` refuses DER followed by anything (a line end inside /Length); each such item becomes a
// named "problem", and the seal's revocation is judged without it. ISO 32000-1 §7.4 lists ASCIIHexDecode,
// ASCII85Decode, LZWDecode, RunLengthDecode as standard filters; PDFBox (EU DSS) decodes them, accepts a truncated
// Flate stream and the abbreviation /Fl; BouncyCastle and asn1crypto (pyHanko, non-strict load) read DER followed
// by trailing bytes.
// Scenario (attack-s5 P1c's): seal revoked 08:06 (keyCompromise), sealed 08:36 with the CA's "good" of 07:36 in
// the CMS; the archivist adds the CA's CRL of 2025-12-10 listing the seal to a DSS and an archive timestamp over it.
//   npx tsx scripts/attack-s6/dss-filter.ts [honest|hex|a85|rl|trailing|flate-truncated|fl|ber|raw-deflate]
// honest: the CRL stream as augment writes it (FlateDecode). hex, a85, rl: the CRL with /Filter /ASCIIHexDecode,
// /ASCII85Decode, /RunLengthDecode. trailing: no filter, the DER followed by CR LF inside /Length. flate-truncated:
// FlateDecode without the 4-byte Adler-32 trailer. fl: /Filter /Fl. ber: the CRL's outer length in 4 bytes (BER, not
// DER; the signed tbsCertList unchanged). raw-deflate (a control no one reads: a deflate
// stream without its zlib header; EU DSS drops it too).
// DSS=1 adds EU DSS (now).
import { deflateSync } from "node:zlib";
import { dss, save, show, tool, verify, work } from "../attack36/lib.js";
import { archivedWith, ascii85, asciiHex, rawStream, revokedSealed, runLength, type Stream } from "./lib.js";

const modes = ["honest", "hex", "a85", "rl", "trailing", "flate-truncated", "fl", "ber", "raw-deflate"];
const mode = process.argv[2] ?? "hex";
if (!modes.includes(mode)) throw new Error(`mode: ${modes.join("|")}, not ${mode}`);

const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");

/** The CRL with its outer SEQUENCE's length in a longer form than DER's (BER, X.690 §8.1.3.5): the signed tbsCertList unchanged. */
function berOuter(der: Uint8Array): Uint8Array {
  const n = der[1]! & 0x7f;
  if (!(der[1]! & 0x80) || n > 3) throw new Error("unexpected CRL length form");
  const len = der.subarray(2, 2 + n);
  return new Uint8Array([0x30, 0x84, ...new Uint8Array(4 - n), ...len, ...der.subarray(2 + n)]);
}
const { sealed, crl, compromise } = await revokedSealed();
const z = deflateSync(crl);
const streams: Record<string, Stream> = {
  honest: { bytes: crl },
  hex: asciiHex(crl),
  a85: rawStream("ASCII85Decode", ascii85(crl)),
  rl: rawStream("RunLengthDecode", runLength(crl)),
  trailing: { raw: `<< /Length ${crl.length + 2} >>\nstream\n${latin(crl)}\r\n\nendstream` },
  "flate-truncated": rawStream("FlateDecode", latin(z.subarray(0, z.length - 4))),
  fl: rawStream("Fl", latin(z)),
  ber: { bytes: berOuter(crl) },
  "raw-deflate": rawStream("FlateDecode", latin(z.subarray(2))),
};
const file = save(work(`s6-filter-${mode}`), "archive.pdf", await archivedWith(sealed, streams[mode]!));
console.log(
  `wrote ${file}: seal revoked ${compromise.toISOString()} (keyCompromise), sealed 08:36 with a "good" of 07:36 in the CMS; the CA's CRL listing it in a DSS (${mode}), under an archive timestamp of 2025-12-10T09:36:38Z`,
);
show(mode, verify(file));
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]);
dss(file);
