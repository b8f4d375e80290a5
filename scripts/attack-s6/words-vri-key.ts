// W5b: W5's class in a TOTAL-PASSED. The one DSS reading names an unreadable item by where it is listed
// (src/evidence/dss-items.ts dssPlace: "revision 2 /DSS /VRI /<key> /OCSP [0] ..."), with the VRI key, a PDF name
// anyone writes (any byte through #xx), cut at 40 characters but not quoted; seal-certificate puts it in its warning
// ("DSS items that cannot be read, so said nothing of: ..."), which a TOTAL-PASSED report shows.
// File: samples/valid/archive.pdf plus one revision whose DSS has one VRI entry listing one 3-byte junk "OCSP"
// stream under the key `none; all of them were read and checked`.
//   npx tsx scripts/attack-s6/words-vri-key.ts [attack|honest]
// honest: the same junk under a VRI key as EN 319 142-1 writes one (40 hex digits).
import { NumberAllocator, appendUpdate, arr, dict, name, ref, withEntry, type NewObject } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { sample, save, show, verify, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const key = mode === "attack" ? "none; all of them were read and checked" : "0123456789ABCDEF0123456789ABCDEF01234567";
const pdf = sample("valid/archive.pdf");
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const alloc = new NumberAllocator(doc);
const root = rawGet(view.trailer, "Root");
if (root?.kind !== "ref") throw new Error("no /Root reference");
const objects: NewObject[] = [];
const junk = alloc.take();
objects.push({ num: junk, raw: "<< /Length 3 >>\nstream\nabc\nendstream" });
const dss = alloc.take();
objects.push({ num: dss, value: dict({ Type: name("DSS"), VRI: dict({ [key]: dict({ OCSP: arr([ref(junk)]) }) }) }) });
objects.push({ num: root.num, gen: root.gen, value: withEntry(view.catalog(), "DSS", ref(dss)) });
const file = save(work(`s6-w5b-${mode}`), "archive.pdf", appendUpdate(doc, objects, alloc).bytes);
console.log(`wrote ${file} (${mode}): one VRI entry ${JSON.stringify(key)} listing one junk stream`);
const v = verify(file);
show(mode, v);
console.log(`   seal-certificate: ${v.report.checks.find((c) => c.id === "seal-certificate")?.message.replace(/^.*(DSS items)/, "… $1")}`);
