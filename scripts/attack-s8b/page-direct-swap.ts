// Held (P1/W3b, tried): page 1 replaced by a *direct* copy in /Kids whose /Contents is a new stream with the rent forged
// ("Husleje: 9.500 kr." -> "1 kr."). The page count stays 4; what changed is page 1's content as every reader
// draws it (pdftotext, pdftoppm). d64b9ba counts direct leaves, but the page-number map is by object number, so
// the new page is no page for the words: they say what the page tree did, not what page 1 shows.
//   npx tsx scripts/attack-s8b/page-direct-swap.ts [direct|honest]
// last: the direct forged copy as the last kid (page 1 dropped): the rent page is now page 4.
// honest: page 1 (object 6) itself rewritten to point at the forged content (attack-s4's forgery): "page 1's
// content changed".
import { readFileSync } from "node:fs";
import { save, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData } from "../attack-s4/raw.js";

const mode = process.argv[2] ?? "direct";
if (!["direct", "last", "honest"].includes(mode)) throw new Error(`mode: direct|last|honest, not ${mode}`);
const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const text = Buffer.from(base).toString("latin1");
const size = Number([...text.matchAll(/\/Size\s+(\d+)/g)].at(-1)![1]);
const content = size;
const forged = { num: content, body: streamBody("", forgedRent(streamData(base, 5))) };
const page1 = (contents: string) =>
  `<< /Annots [ 23 0 R ] /Contents [ ${contents} ] /MediaBox [ 0 0 595 842 ] /Parent 1 0 R /Resources << /ExtGState << >> /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> >> /Type /Page >>`;
const objects =
  mode === "direct"
    ? [forged, { num: 1, body: `<< /Count 4 /Kids [ ${page1(`${content} 0 R`)} 8 0 R 11 0 R 14 0 R ] /Type /Pages >>` }]
    : mode === "last"
      ? [forged, { num: 1, body: `<< /Count 4 /Kids [ 8 0 R 11 0 R 14 0 R ${page1(`${content} 0 R`)} ] /Type /Pages >>` }]
      : [forged, { num: 6, body: page1(`${content} 0 R`) }];
const id = /\/ID\s*(\[[^\]]*\])/.exec(text)![1];
const pdf = appendRaw(base, objects, `/Root 2 0 R /Info 3 0 R /ID ${id}`);
const dir = work(`s8b-w9-${mode}`);
const file = save(dir, "archive.pdf", pdf);
console.log(`wrote ${file} (${mode})`);
console.log(`== pdfinfo: ${/Pages:\s+\d+/.exec(tool("pdfinfo", [file]))?.[0]}`);
for (const p of [1, 4]) {
  const t = tool("pdftotext", ["-f", String(p), "-l", String(p), file, "-"]).split("\n");
  console.log(`== pdftotext page ${p}: ${t.slice(0, 4).join(" | ")}`);
}
const v = verify(file);
const m = v.report.checks.find((c) => c.id === "seal-modifications");
console.log(`== sealcheck verify --json: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
console.log(`   seal-modifications ${m?.status}: ${m?.message}`);
