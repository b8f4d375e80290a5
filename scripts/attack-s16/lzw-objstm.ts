// a21: an update re-states page 1 in a new LZW object stream of more than 3840 codes without a clear-table code.
// poppler's LZWStream stores one table entry more than fits 12 bits (nextCode 4097) and then, on the next code,
// clears the table itself ("Bad LZW stream - expected clear-table code") and reads on with 9-bit codes; sealcheck
// (and pdf.js) keep the full table and 12-bit codes, as the encoder did. After the 3841st code the stream is read two
// ways: poppler's 9-bit reading holds "/Contents <new> 0 R /Resources <<...>> >>", which sealcheck's 12-bit
// reading of the same bits sees as bytes inside a comment; then sealcheck's 12-bit codes close the dictionary with
// the sealed /Contents and /Resources, after poppler's dictionary has ended.
//   npx tsx scripts/attack-s16/lzw-objstm.ts <honest|split>   REAL=0 for samples/valid (default: the real archive)
import { decodeFilters } from "../../src/input/pdf/filters.js";
import { judge, latin, page1, printable } from "./lib.js";
import { popplerLzw, twoWay } from "./lzw.js";

const mode = process.argv[2] ?? "split";
if (!["honest", "split"].includes(mode)) throw new Error("usage: <honest|split>");
const p = page1();
const header = `${p.num} 0\n`;

const open = latin(`${header}<< ${p.kept.join(" ")} %`);
const sealedText = latin(`\n${p.sealedTail.join(" ")} >>\n`);
const data = twoWay(
  open,
  `\n /Contents ${p.content} 0 R /Resources << /Font << /F9 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >> %`,
  sealedText,
  mode === "honest",
);
if (!data) throw new Error("no encoding found");
const mine = decodeFilters(Uint8Array.from(data), [{ name: "LZWDecode" }], 1 << 20);
const theirs = popplerLzw(data);
const tail = (b: readonly number[]) => printable([...b].slice(Math.max(0, open.length - 40)).filter((x, i, a) => !(x === 0x20 && a[i - 1] === 0x20)));
console.log(`sealcheck reads (${mine.length} bytes; runs of spaces shown once): ${tail([...mine])}`);
console.log(`poppler reads (${theirs.length} bytes): ${tail(theirs)}`);
judge(`lzw-objstm ${mode}`, p.write({ filter: "/Filter /LZWDecode", first: header.length, data: Uint8Array.from(data) }, `lzw-objstm-${mode}`));
