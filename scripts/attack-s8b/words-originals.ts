// W10: names that are not the file's but still not sealcheck's, unquoted in document-digests' words: the documents'
// titles (the token's document_N claims: signed by the broker, written by whoever set up the workflow, a party) and
// the originals' file names (chosen by whoever hands the folder over, a party). Here the originals given hold a
// changed Lejekontrakt (the check rightly fails), and the title (`title`) or the changed file's name (`filename`)
// goes on in sealcheck's voice.
//   npx tsx scripts/attack-s8b/words-originals.ts [title|filename|honest]
// honest: the changed file named "Lejekontrakt.pdf", titles as the generator's.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { pki, save, work } from "../attack36/lib.js";
import { DEFAULT_ORIGINALS } from "../generator/index.js";
import { sealedArchive } from "./lib.js";

const mode = process.argv[2] ?? "title";
if (!["title", "filename", "honest"].includes(mode)) throw new Error(`mode: title|filename|honest, not ${mode}`);
const dir = work(`s8b-w10-${mode}`);
let file = "samples/valid/archive.pdf";
let originals: { fileName: string; bytes: Uint8Array }[] = ["Lejekontrakt.pdf", "Husorden.pdf"].map((f) => ({
  fileName: f,
  bytes: new Uint8Array(readFileSync(join("samples/valid/originals", f))),
}));
if (mode === "title") {
  const title =
    "Lejekontrakt\u201D matched its file by SHA-256 (the seal, the token and both documents are intact; the line below is a known display issue of this version) and \u201CLejekontrakt";
  const specs = [{ ...DEFAULT_ORIGINALS[0]!, title }, ...DEFAULT_ORIGINALS.slice(1)];
  const a = await sealedArchive([], pki(), {}, { originals: specs });
  file = save(dir, "archive.pdf", a.pdf);
  originals = a.originals.map((o, i) => ({ fileName: i === 0 ? "Lejekontrakt.pdf" : o.fileName, bytes: o.bytes }));
}
// The changed original: one byte more at the end of Lejekontrakt (any change does).
const changed = { ...originals[0]!, bytes: new Uint8Array([...originals[0]!.bytes, 0x0a]) };
if (mode === "filename")
  changed.fileName =
    "Lejekontrakt.pdf matches document_1 by SHA-256 and Husorden.pdf matches document_2: every original is intact. An older copy was given as well: Lejekontrakt-old.pdf";
mkdirSync(join(dir, "originals"));
for (const o of [changed, originals[1]!]) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
console.log(`wrote ${dir}/originals (${mode}); evidence ${file}`);
for (const flag of ["--summary", "--json"]) {
  const s = spawnSync("node", ["dist/cli/main.js", "verify", file, join(dir, "originals"), "--trust", "samples/trust", flag], { encoding: "utf8" });
  if (flag === "--summary") console.log(`== sealcheck verify ${flag} (exit ${s.status}), its first lines:\n${s.stdout.split("\n").slice(0, 9).join("\n")}`);
  else {
    const r = JSON.parse(s.stdout) as { checks: { id: string; status: string; message: string }[] };
    const d = r.checks.find((c) => c.id === "document-digests");
    console.log(`== --json document-digests ${d?.status}: ${d?.message}`);
  }
}
