// a23: PDFium merges an /XRefStm stream's dictionary into its trailer (CPDF_CrossRefTable::UpdateTrailer: keys the
// trailer lacks are added), so an /Encrypt there makes PDFium treat the file as encrypted (a password prompt, or every
// string and stream "decrypted" into garbage). sealcheck refuses /Encrypt in a section's trailer (the table's, or an xref
// stream's own dictionary) but does not look at a hybrid section's /XRefStm dictionary; poppler, pdf.js, qpdf ignore it.
// modes: attack (/Encrypt, RC4 40-bit, /U not matching the empty password: PDFium wants a password), honest (no /Encrypt).
//   npx tsx scripts/attack-s18/xrefstm-encrypt.ts <attack|honest>   REAL=0 for samples/valid
import { serialize } from "../../src/augment/writer.js";
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error("usage: <attack|honest>");
const pdf = page1().pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const S = new NumberAllocator(doc).take();
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
const entry = (off: number) => `${String(off).padStart(10, "0")} 00000 n \n`;
const offS = at;
const rows = [1, (offS >>> 24) & 0xff, (offS >>> 16) & 0xff, (offS >>> 8) & 0xff, offS & 0xff, 0, 0];
const enc = mode === "attack" ? ` /Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /O <${"41".repeat(32)}> /U <${"42".repeat(32)}> /P -4 >>` : "";
push([
  ...latin(`${S} 0 obj\n<< /Type /XRef /Size ${S + 1} /W [1 4 2] /Index [${S} 1]${enc} /Length ${rows.length} >>\nstream\n`),
  ...rows,
  ...latin("\nendstream\nendobj\n"),
]);
const x = at;
push(
  latin(
    `xref\n${S} 1\n${entry(offS)}trailer\n<< /Size ${S + 1} ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} /XRefStm ${offS} >>\nstartxref\n${x}\n%%EOF\n`,
  ),
);
judge(`xrefstm-encrypt ${mode}`, save(work(`s18-xrefstm-encrypt-${mode}`), "archive.pdf", Uint8Array.from(parts.flat())));
