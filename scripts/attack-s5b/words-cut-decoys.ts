// W3: the reader's words show four changes, most visible *kind* first (saying.ts: groups sorted by
// reader.ts VISIBILITY, ties in the order found, then "and N more change(s)"). The rank is the kind's, not what
// a reader sees: changes no one can see, of kinds ranked higher, push the one that forges the document out of
// the words into "and 1 more change(s)".
// File: samples/valid/archive.pdf plus one revision that puts a FreeText annotation on page 1 whose appearance
// covers the rent line with "Husleje: 1 kr. pr. maaned" (what a reader sees: pdftotext and pdftoppm), and, as
// decoys, appends "q Q" (save and restore the graphics state: nothing drawn) to the content of pages 2, 3 and 4
// and gives page 2 a /CropBox equal to its /MediaBox (nothing changes). The verdict stays TOTAL-FAILED /
// HASH_FAILURE; the point is what the reason says.
//   npx tsx scripts/attack-s5b/words-cut-decoys.ts [attack|honest]
// honest: the annotation alone: the words name it.
import { sample, save, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, freeTextRent, streamBody, streamData, type RawObject } from "../attack-s4/raw.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const base = sample("valid/archive.pdf");
const objects: RawObject[] = freeTextRent(base);
if (mode === "attack") {
  for (const num of [7, 10, 15]) objects.push({ num, body: streamBody("", Buffer.concat([Buffer.from(streamData(base, num)), Buffer.from("\nq Q\n")])) });
  objects.push({
    num: 8,
    body: "<< /Annots [ ] /Contents [ 7 0 R ] /MediaBox [ 0 0 595 842 ] /CropBox [ 0 0 595 842 ] /Parent 1 0 R /Resources << /ExtGState << >> /Font << /Helvetica-9742682568 4 0 R >> /XObject << >> >> /Type /Page >>",
  });
}
const dir = work(`w3-${mode}`);
const file = save(dir, "archive.pdf", appendRaw(base, objects, "/Root 2 0 R /Info 3 0 R"));
console.log(`wrote ${file} (${mode})`);
const v = verify(file);
console.log(`== sealcheck: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
const c = v.report.checks.find((x) => x.id === "seal-modifications") as unknown as { details?: { summary?: string } };
console.log(`   reader's words (JSON details.summary): ${c.details?.summary ?? "-"}`);
tool("pdftoppm", ["-f", "1", "-l", "1", "-r", "60", "-png", "-singlefile", file, `${dir}/page1`]);
console.log(`== pdftoppm page 1 as a person sees it: ${dir}/page1.png (the rent line reads "Husleje: 1 kr. pr. maaned")`);
for (const p of ["2", "3", "4"]) {
  const before = tool("sh", ["-c", `pdftoppm -f ${p} -l ${p} -r 40 -gray samples/valid/archive.pdf | md5sum`]);
  const after = tool("sh", ["-c", `pdftoppm -f ${p} -l ${p} -r 40 -gray ${file} | md5sum`]);
  console.log(`== pdftoppm page ${p}: ${before === after ? "renders identically to the sealed revision" : "renders differently"}`);
}
const p1b = tool("sh", ["-c", "pdftoppm -f 1 -l 1 -r 40 -gray samples/valid/archive.pdf | md5sum"]);
const p1a = tool("sh", ["-c", `pdftoppm -f 1 -l 1 -r 40 -gray ${file} | md5sum`]);
console.log(`== pdftoppm page 1: ${p1b === p1a ? "renders identically" : "renders differently (the forged rent)"}`);
