// a21: which LZW reading each reader takes, shown on a one-page PDF of its own (no signature): a content stream
// whose first 3841 codes draw "shared", then poppler's 9-bit reading draws "NINE-BIT (poppler)" and the 12-bit
// reading "TWELVE-BIT (sealcheck)".   npx tsx scripts/attack-s16/lzw-probe.ts
import { work, save } from "../attack36/lib.js";
import { pdfiumAndPdfjs } from "../attack-s11/lib.js";
import { tool } from "../attack36/lib.js";
import { latin } from "./lib.js";
import { twoWay } from "./lzw.js";

const data = twoWay(
  latin("BT /F1 24 Tf 50 750 Td (shared) Tj ET %"),
  "\nBT /F1 24 Tf 50 650 Td (NINE-BIT poppler) Tj ET %",
  latin("\nBT /F1 24 Tf 50 550 Td (TWELVE-BIT sealcheck) Tj ET\n"),
)!;
const objs = [
  "<< /Type /Catalog /Pages 2 0 R >>",
  "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
  "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>",
];
const out: number[] = [...latin("%PDF-1.7\n")];
const offs: number[] = [];
objs.forEach((o, i) => {
  offs.push(out.length);
  out.push(...latin(`${i + 1} 0 obj\n${o}\nendobj\n`));
});
offs.push(out.length);
out.push(...latin(`4 0 obj\n<< /Length ${data.length} /Filter /LZWDecode >>\nstream\n`), ...data, ...latin("\nendstream\nendobj\n"));
const xref = out.length;
out.push(
  ...latin(
    `xref\n0 5\n0000000000 65535 f \n${offs.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
  ),
);
const file = save(work("s16-lzw-probe"), "probe.pdf", Uint8Array.from(out));
console.log(`wrote ${file}`);
console.log(`== pdftotext: ${JSON.stringify(tool("pdftotext", [file, "-"]).trim())}`);
for (const l of pdfiumAndPdfjs(file, 120)) console.log(`== ${l}`);
