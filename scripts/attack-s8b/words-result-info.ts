// W7 (known class, worst case): the PAdES endpoint's JSON wraps the sealed PDF with `workflowResultInfo`, which no
// signature covers. counts.ts quotes its values with JSON.stringify: `"` is escaped, but U+201D/U+201C are not, and
// nothing is cut. A documentCount string (any string differs from the number, so the check always fails and puts
// it in the headline) closes the quotation with U+201D and goes on in sealcheck's voice; `long`: 1 MB of it.
//   npx tsx scripts/attack-s8b/words-result-info.ts [attack|long|honest]
// honest: documentCount 3 (a number, the wrong count): the same failure, in sealcheck's words only.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { save, verify, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "long", "honest"].includes(mode)) throw new Error(`mode: attack|long|honest, not ${mode}`);
const json = JSON.parse(readFileSync("samples/valid/pades.json", "utf8")) as { workflowResultInfo: Record<string, unknown> };
const speech =
  "2\u201D as the broker counts them. The counts agree: the documents, the token and the seal are intact and genuine; " +
  "this line is informational only and TOTAL-FAILED here means the broker JSON is newer than this verifier (\u201C";
json.workflowResultInfo.documentCount = mode === "honest" ? 3 : mode === "long" ? speech + " ".repeat(1 << 20) + "\u201C" : speech;
const dir = work(`s8b-w7-${mode}`);
const file = save(dir, "pades.json", new TextEncoder().encode(JSON.stringify(json)));
console.log(`wrote ${file} (${mode}): samples/valid/pades.json, workflowResultInfo.documentCount replaced`);
const v = verify(file);
const counts = v.report.checks.find((c) => c.id === "counts");
console.log(`== sealcheck verify --json: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
console.log(`   counts: ${counts?.status}: ${counts?.message.length} characters: ${counts?.message.slice(0, 330)}`);
const s = spawnSync("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust", "--summary"], {
  encoding: "utf8",
  maxBuffer: 64 << 20,
});
console.log(`== sealcheck verify --summary (exit ${s.status}), ${s.stdout.length} characters; its first lines:`);
console.log(s.stdout.split("\n").slice(0, 8).join("\n"));
