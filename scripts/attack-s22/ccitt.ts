// A CRL's (any bytes') DER as a 1-bit bitmap, BYTES a row, CCITT-coded by netpbm's pamtotiff: the strip of its TIFF.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BYTES = 16;
/** netpbm's pamtotiff (apt-get install netpbm), or the one PAMTOTIFF names. */
const PAMTOTIFF = process.env.PAMTOTIFF ?? "pamtotiff";
/** The CCITT-coded strip of a PBM of `data` (BYTES a row), read out of pamtotiff's one-strip TIFF. */
export function ccitt(data: Uint8Array, invert: boolean, g3: boolean): { coded: Uint8Array; rows: number } {
  const rows = Math.ceil(data.length / BYTES);
  const bits = new Uint8Array(rows * BYTES);
  bits.set(data);
  if (invert) for (let i = 0; i < bits.length; i++) bits[i] = ~bits[i]! & 0xff;
  const dir = mkdtempSync(join(tmpdir(), "a27-ccitt-"));
  writeFileSync(join(dir, "x.pbm"), Buffer.concat([Buffer.from(`P4\n${BYTES * 8} ${rows}\n`), Buffer.from(bits)]));
  const tiff = execFileSync(PAMTOTIFF, [g3 ? "-g3" : "-g4", "-rowsperstrip", String(rows), join(dir, "x.pbm")]);
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
