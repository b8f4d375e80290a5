// W3b: the W3 fix (saying.ts cut: the first item of every place, then the rest up to four) keeps one change per
// page; a second change on the same page is "a repetition within a place" and is cut when four places are
// named. A forger who makes an invisible change of a higher-ranked kind on the forged page itself ("q Q"
// appended to page 1's content: page-content outranks annotation-added) and on three other pages (2-4) gets
// four places named by invisible content changes, and the FreeText annotation that paints "Husleje: 1 kr." over
// page 1's rent is said only as "and 1 more change(s)". The words do name page 1, as "page 1's content
// changed" (true, and invisible), not as the added annotation a reader sees. Low: the place is named (W3's
// rule holds), the kind is not.
// File: samples/valid/archive.pdf plus one revision. Verdict stays TOTAL-FAILED / HASH_FAILURE; the point is the
// reason's words.
//   npx tsx scripts/attack-s5c/words-same-page.ts [attack|honest]
// honest: the annotation alone: the words name it.
import { sample, save, tool, verify, work } from "../attack36/lib.js";
import { appendRaw, freeTextRent, streamBody, streamData, type RawObject } from "../attack-s4/raw.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const base = sample("valid/archive.pdf");
const objects: RawObject[] = freeTextRent(base);
if (mode === "attack") {
  for (const num of [5, 7, 10, 15]) objects.push({ num, body: streamBody("", Buffer.concat([Buffer.from(streamData(base, num)), Buffer.from("\nq Q\n")])) });
}
const dir = work(`w3b-${mode}`);
const file = save(dir, "archive.pdf", appendRaw(base, objects, "/Root 2 0 R /Info 3 0 R"));
console.log(`wrote ${file} (${mode})`);
const v = verify(file);
console.log(`== sealcheck: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
const c = v.report.checks.find((x) => x.id === "seal-modifications") as unknown as { details?: { summary?: string } };
console.log(`   reader's words (JSON details.summary): ${c.details?.summary ?? "-"}`);
const said = c.details?.summary ?? "";
console.log(`   the words name the annotation: ${/annotation/i.test(said) ? "yes" : "NO"}`);
const t1b = tool("pdftotext", ["-f", "1", "-l", "1", "samples/valid/archive.pdf", "-"]);
const t1a = tool("pdftotext", ["-f", "1", "-l", "1", file, "-"]);
console.log(`== pdftotext page 1: ${t1b === t1a ? "the same as the sealed revision" : "differs"}; shows "1 kr.": ${t1a.includes("1 kr.") ? "yes" : "no"}`);
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
