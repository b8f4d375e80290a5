// a23 (after a21 f-content): an update re-states page 1's sealed content stream, data byte for byte, its dictionary with one key more that
// pdf.js (and poppler, where /Filter is absent) take for the filter or its parameters: f (`/F /ASCIIHexDecode`,
// pdf.js prefers /F to /Filter), dp (`/DP << /Predictor 12 /Columns 4 >>`, pdf.js prefers /DP to /DecodeParms).
// Does the comparer see the key? The data is sealed, so readers can only show garbage: page 1 blank.
// a23: fnull (`/F null`): pdf.js stores null values and Dict.get("F", "Filter") returns the null, so no filter at all;
// a null value is an absent key (ISO 32000-1 7.3.7): does the comparer see it?
//   npx tsx scripts/attack-s16/f-content.ts <honest|f|dp|fnull|dpnull>   REAL=0 for samples/valid (default: the real archive)
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "f";
if (!["honest", "f", "dp", "fnull", "dpnull"].includes(mode)) throw new Error("usage: <honest|f|dp|fnull|dpnull>");
const pdf = page1().pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
// TARGET=<n>: re-state object n instead of page 1's content stream (e.g. 23, the real archive's workflow_token.jwt)
const cref = process.env.TARGET
  ? ({ kind: "ref", num: Number(process.env.TARGET), gen: 0 } as const)
  : rawGet(view.object(page.ref!)!.value as never, "Contents");
if (cref?.kind !== "ref") throw new Error("page 1 /Contents is not one reference");
const s = view.object(cref)!.value;
if (s.kind !== "stream") throw new Error("the target is not a stream");
const raw = [...view.rawStreamData(s)];
const extra =
  mode === "f"
    ? " /F /ASCIIHexDecode"
    : mode === "dp"
      ? " /DP << /Predictor 12 /Columns 4 >>"
      : mode === "fnull"
        ? " /F null"
        : mode === "dpnull"
          ? " /DP null"
          : "";
const dictText = serialize(s.dict).replace(/>>$/, `${extra} >>`);
const alloc = new NumberAllocator(doc);
const C = alloc.take();
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const offS = at;
push([...latin(`${cref.num} ${cref.gen} obj\n${dictText}\nstream\n`), ...raw, ...latin("\nendstream\nendobj\n")]);
const offC = at;
const row = (t: number, f2: number, f3: number) => [t, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];
const rows = [...row(1, offS, cref.gen), ...row(1, offC, 0)];
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
push([
  ...latin(
    `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 2] /Index [${cref.num} 1 ${C} 1] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")} /Length ${rows.length} >>\nstream\n`,
  ),
  ...rows,
  ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
]);
const file = save(work(`s18-null-key-${mode}${process.env.TARGET ? `-obj${process.env.TARGET}` : ""}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`null-key ${mode}${process.env.TARGET ? ` object ${process.env.TARGET}` : ""}`, file);
console.log(`== attachments (pdf.js): ${tool("node", ["scripts/attack-s18/attachments.mjs", file])}`);
