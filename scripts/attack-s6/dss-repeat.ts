// D3: the one DSS reading (src/evidence/dss-items.ts) walks every revision's DSS, every array of it and of every VRI
// entry, entry by entry; it de-duplicates *streams* (by object and defining revision) but not the dictionaries and
// arrays that list them. A VRI of E entries whose /OCSP is one shared array of R references to one junk stream
// costs E x R steps per revision, and a DSS inherited unchanged by later revisions is walked again for each.
// Nothing of it decodes twice or counts against maxValidationDataItems (one stream, read once), so no limit stops it.
//   npx tsx scripts/attack-s6/dss-repeat.ts [flood|honest] [E] [R] [revisions]
// flood: samples/valid/archive.pdf plus one revision with such a DSS (default E 20,000, R 1,000), then `revisions`
// (default 1) more revisions that each rewrite the DSS dictionary unchanged. honest: the same with E = 1.
// Prints the file size and the wall time of one `verify`.
import { statSync } from "node:fs";
import { sample, save, show, verify, work } from "../attack36/lib.js";
import { withDssRewritten, withRepeatedDss } from "./lib.js";

const mode = process.argv[2] ?? "flood";
if (!["flood", "honest"].includes(mode)) throw new Error(`mode: flood|honest, not ${mode}`);
const E = mode === "honest" ? 1 : Number(process.argv[3] ?? 20_000);
const R = Number(process.argv[4] ?? 1_000);
const REVS = Number(process.argv[5] ?? 1);

let pdf = withRepeatedDss(sample("valid/archive.pdf"), E, R);
for (let i = 0; i < REVS; i++) pdf = withDssRewritten(pdf);
const file = save(work(`s6-d3-${mode}`), "archive.pdf", pdf);
console.log(
  `wrote ${file} (${mode}): a VRI of ${E} entries sharing one /OCSP array of ${R} references to one stream, then ${REVS} revision(s) rewriting the DSS; ${statSync(file).size} bytes`,
);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(mode, v);
