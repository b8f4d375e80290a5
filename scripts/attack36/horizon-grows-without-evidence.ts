// P1: less evidence, longer protection. `protectedUntil` is the newest proven POE's horizon, or, when no POE is
// proven and the seal certificate is valid at the validation time, the seal certificate's expiry. An LTV-only
// revision that empties the DSS of samples/lta/archive.pdf (the analysis accepts any DSS change as LTV) leaves no
// proven POE, so "protected until" moves from 2026-01-01 (the TSA key's forecast date: renew now) to 2124-01-15,
// and `verify-batch --expiring-before` stops listing the archive for renewal: the archive that lost its
// validation data is the one that drops out of the renewal list. The verdict stays TOTAL-PASSED; the PAdES level
// reads B-T although a document timestamp is there.
//   npx tsx scripts/attack36/horizon-grows-without-evidence.ts [honest]
// honest: the archive as augment wrote it: listed to renew before 2027-01-01.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { sample, save, show, verify, withDss, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const dir = work("p1");
const archive = join(dir, "store", "w1");
mkdirSync(archive, { recursive: true });
const file = honest ? join(archive, "archive.pdf") : save(archive, "archive.pdf", withDss(sample("lta/archive.pdf"), {}, { dropOld: true }));
if (honest) copyFileSync("samples/lta/archive.pdf", file);
mkdirSync(join(archive, "originals"));
for (const f of ["Lejekontrakt.pdf", "Husorden.pdf"]) copyFileSync(join("samples/valid/originals", f), join(archive, "originals", f));
show(honest ? "honest: as augment wrote it" : "attack: DSS emptied by a later revision", verify(file));
const out = join(dir, "results.jsonl");
const r = spawnSync(
  "node",
  ["dist/cli/main.js", "verify-batch", join(dir, "store"), "--trust", "samples/trust", "--expiring-before", "2027-01-01T00:00:00Z", "--out", out],
  {
    encoding: "utf8",
  },
);
console.log(`== verify-batch --expiring-before 2027-01-01 (exit ${r.status}):`);
console.log(
  `${r.stdout}${r.stderr}`
    .split("\n")
    .filter((l) => /renew|expir|protect|TOTAL|archive/i.test(l))
    .join("\n"),
);
const line = readFileSync(out, "utf8").split("\n").find(Boolean);
if (line) console.log(`   results line: protectedUntil ${(JSON.parse(line) as { protectedUntil?: string | null }).protectedUntil ?? "(none)"}`);
