// a23: page 1 re-stated, value for value, in an object stream (listed), Flate + a PNG or TIFF predictor whose
// parameters sealcheck's agreed decoding accepts (/Colors 1-32, /BitsPerComponent 1/2/4/8/16, /Columns up to 2^24):
// does every reader un-predict it as sealcheck does? Rows of every PNG type (0-4 cycling), so any difference in
// bytes-per-pixel or row length shows as a garbled (dropped) page 1.
//   npx tsx scripts/attack-s18/pred-probe.ts <predictor> <colors> <bpc> <columns>   e.g. 12 5 8 7; 2 3 8 5
import { deflateSync } from "node:zlib";
import { decodeFilters } from "../../src/input/pdf/filters.js";
import type { PdfDict } from "../../src/input/pdf/objects.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const [pred, colors, bpc, columns] = process.argv.slice(2, 6).map(Number) as [number, number, number, number];
const p = page1();
const text = latin(`${p.num} 0 << ${[...p.kept, ...p.sealedTail].join(" ")} >>\n`);
const first = latin(`${p.num} 0 `).length;
const rowLen = Math.ceil((colors * bpc * columns) / 8);
const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
const plain = [...text];
while (plain.length % rowLen) plain.push(0x20);
const rows: number[] = [];
const nrows = plain.length / rowLen;
for (let r = 0; r < nrows; r++) {
  const cur = plain.slice(r * rowLen, (r + 1) * rowLen);
  const prev = r > 0 ? plain.slice((r - 1) * rowLen, r * rowLen) : new Array(rowLen).fill(0);
  if (pred === 2) {
    // TIFF at 8 bits: difference with the byte `colors` back
    rows.push(...cur.map((v, i) => (i >= colors ? (v - cur[i - colors]!) & 0xff : v)));
    continue;
  }
  const type = r % 5;
  rows.push(type);
  for (let i = 0; i < rowLen; i++) {
    const a = i >= bpp ? cur[i - bpp]! : 0;
    const b = prev[i]!;
    const c = i >= bpp ? prev[i - bpp]! : 0;
    const pa = Math.abs(b - c),
      pb = Math.abs(a - c),
      pc = Math.abs(a + b - 2 * c);
    const pr = type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    rows.push((cur[i]! - pr) & 0xff);
  }
}
const parmsText = `<< /Predictor ${pred} /Colors ${colors} /BitsPerComponent ${bpc} /Columns ${columns} >>`;
const parms = {
  kind: "dict",
  entries: new Map(
    [
      ["Predictor", pred],
      ["Colors", colors],
      ["BitsPerComponent", bpc],
      ["Columns", columns],
    ].map(([k, v]) => [k as string, { kind: "number", value: v as number, integer: true }]),
  ),
} as unknown as PdfDict;
const z = deflateSync(Uint8Array.from(rows));
const back = decodeFilters(z, [{ name: "FlateDecode", parms }], 1 << 24, { agreed: true });
if (Buffer.compare(Buffer.from(back), Buffer.from(plain)) !== 0) throw new Error("sealcheck's decoding differs from the encoder");
judge(`pred ${parmsText}`, p.write({ filter: `/Filter /FlateDecode /DecodeParms ${parmsText}`, first, data: z }, `pred-${pred}-${colors}-${bpc}-${columns}`));
