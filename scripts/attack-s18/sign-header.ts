// a23 (after a22 hidden-header.ts): headers with a sign, `+4 0 obj`, `4 +0 obj`, `4 -0 obj`: qpdf's tokenizer reads a signed
// integer as tt_integer and reconstruct_xref takes it (string_to_int); the unlisted scan wants digits only.
// a22: `N G obj` headers the unlisted-definitions scan (src/input/pdf/unlisted.ts HEADER: 1-10 digits, PDF white
// space) does not match but a rebuilding reader's scanner does:
//   comment: `4 0 %c\nobj` (qpdf 11's reconstruct_xref tokenizes each line start, skipping comments),
//   zeros:   `00000000004 0 obj` (11 digits; poppler atoi, pdf.js `\d+`, qpdf's tokenizer all read 4),
//   plain:   `4 0 obj` (the scan's own form: the control, must be FORMAT_FAILURE).
// One update holds, unlisted, page 1 re-defined (/Contents a new stream, also unlisted) and an xref stream listing
// itself and, with `lzw`, 700 free entries of new numbers, LZW-coded without a clear code past 4096 table entries:
// sealcheck (and pdf.js, poppler, PDFium, as a21 showed) read 12-bit codes on; qpdf ("LZWDecoder: table full") fails
// the xref stream, says "file is damaged" and reconstructs by scanning, where the last definition wins.
//   npx tsx scripts/attack-s17/hidden-header.ts <plain|zeros|comment|plus|plusgen|minus> [raw|lzw]   REAL=0 for samples/valid
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { decodeFilters } from "../../src/input/pdf/filters.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { Bits } from "../attack-s16/lzw.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "comment";
const coding = process.argv[3] ?? "lzw";
if (!["plain", "zeros", "comment", "plus", "plusgen", "minus"].includes(mode) || !["raw", "lzw"].includes(coding))
  throw new Error("usage: <plain|zeros|comment|plus|plusgen|minus> [raw|lzw]");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const alloc = new NumberAllocator(doc);
const [B, C] = [alloc.take(), alloc.take()];
const head = (n: number) =>
  mode === "plain"
    ? `${n} 0 obj`
    : mode === "zeros"
      ? `${String(n).padStart(11, "0")} 0 obj`
      : mode === "plus"
        ? `+${n} 0 obj`
        : mode === "plusgen"
          ? `${n} +0 obj`
          : mode === "minus"
            ? `${n} -0 obj`
            : `${n} 0 %c\nobj`;

/** LZW codes, one literal byte each, no clear code after the first: the table fills at 4096 and 12-bit codes go on. */
function lzwLiterals(data: readonly number[]): number[] {
  const bits = new Bits();
  let next = 258;
  let width = 9;
  bits.put(256, 9);
  data.forEach((b, i) => {
    bits.put(b, width);
    if (i > 0 && next < 4096) next++;
    if (next + 1 >= 1 << width && width < 12) width++;
  });
  bits.put(257, width);
  while (bits.n) bits.put(0, 1);
  return bits.bytes;
}

const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
push([...latin(`${head(B)}\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
push(latin(`${head(page.ref!.num)}\n${forgedPage}\nendobj\n`));
const offC = at;
const FREE = coding === "lzw" ? 700 : 0;
const rows = [1, (offC >>> 24) & 0xff, (offC >>> 16) & 0xff, (offC >>> 8) & 0xff, offC & 0xff, 0, 0];
for (let i = 0; i < FREE; i++) rows.push(0, 0, 0, 0, 0, (i * 37) & 0xff, (i * 101 + 7) & 0xff);
const data = coding === "lzw" ? lzwLiterals(rows) : rows;
if (coding === "lzw") {
  const back = decodeFilters(Uint8Array.from(data), [{ name: "LZWDecode" }] as never, 1 << 24);
  if (Buffer.compare(Buffer.from(back), Buffer.from(rows)) !== 0) throw new Error(`LZW round trip differs (${back.length} vs ${rows.length})`);
}
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${C + 1 + FREE} /W [1 4 2] /Index [${C} ${1 + FREE}] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")}${coding === "lzw" ? " /Filter /LZWDecode" : ""} /Length ${data.length} >>\nstream\n`,
  ),
  ...data,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const file = save(work(`s18-sign-header-${mode}-${coding}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`hidden ${mode} ${coding}`, file);
console.log(`== qpdf page 1 contents: ${JSON.stringify(tool("qpdf", ["--show-object=" + page.ref!.num, file]).slice(0, 300))}`);
