// Widget of a document timestamp (the one revision DocMDP P=1 allows) that a reader may show, after h7c's V1 fix
// (rules.ts visibleWidget: zero-area /Rect, or Hidden, or NoView with neutral flags only).
//   npx tsx scripts/attack-s9b/ltv-widget.ts <mode>
// modes: honest (F 32, on the rent line); zero-width (F 4 Print, /Rect of no width); raw-rect (/Rect written with
// a token sealcheck and poppler may read apart); raw-flags (/F written so).
import { PDFObject, type PDFContext } from "pdf-lib";
import { pki, save, tool, verify, work } from "../attack36/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { readFileSync } from "node:fs";

/** A PDF token written as is (pdf-lib writes objects by copyBytesInto). */
class Raw extends PDFObject {
  constructor(private readonly text: string) {
    super();
  }
  override clone(_c?: PDFContext): PDFObject {
    return this;
  }
  override toString(): string {
    return this.text;
  }
  override sizeInBytes(): number {
    return this.text.length;
  }
  override copyBytesInto(buffer: Uint8Array, offset: number): number {
    for (let i = 0; i < this.text.length; i++) buffer[offset + i] = this.text.charCodeAt(i);
    return this.text.length;
  }
}

const mode = process.argv[2] ?? "honest";
const raw = process.argv[3];
const widgets: Record<string, Record<string, unknown>> = {
  honest: { F: 32, Rect: [55, 634, 395, 664] },
  "zero-width": { F: 4, Rect: [55, 634, 55, 664] },
  "raw-rect": { F: 4, Rect: new Raw(raw ?? "[55 634 55 664]") },
  "raw-flags": { F: new Raw(raw ?? "32"), Rect: [55, 634, 395, 664] },
};
const w = widgets[mode];
if (!w) throw new Error(`mode: ${Object.keys(widgets).join("|")}, not ${mode}`);
const P = pki();
const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const pdf = await addDocumentTimestamp(base, P, new Date("2025-12-09T10:00:00Z"), "Husleje: 1 kr. pr. maaned", undefined, w as never);
const dir = work(`s9b-widget-${mode}`);
const file = save(dir, "archive.pdf", pdf);
console.log(`wrote ${file} (${mode}${raw ? ` ${raw}` : ""})`);
console.log(
  `== pdfsig: ${tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature #|Signature Validation|Total document/.test(l))
    .join(" | ")}`,
);
const v = verify(file);
const m = v.report.checks.find((c) => c.id === "seal-modifications");
console.log(`== sealcheck verify --json: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
console.log(`   seal-modifications ${m?.status}: ${m?.message.slice(0, 400)}`);
tool("pdftoppm", ["-f", "1", "-l", "1", "-r", "60", "-png", file, `${dir}/page`]);
console.log(
  `== pdftotext page 1 (rent line): ${tool("pdftotext", ["-f", "1", "-l", "1", "-layout", file, "-"])
    .split("\n")
    .filter((l) => /Husleje|kr\./.test(l))
    .join(" / ")}`,
);
console.log(`== page 1 rendered by pdftoppm: ${dir}/page-1.png`);
