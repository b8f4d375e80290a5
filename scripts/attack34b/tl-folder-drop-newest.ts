// B7: supersession holds only among the lists the folder shows; a shared trusted-list folder whose newest list
// is hidden (renamed to ".DK-2.xml" or "DK-2.xml.old": not "*.xml" or hidden, so never read, silently) lets the
// older list vouch for a CA that the newer one withdrew before the sealing time. Nothing asks that the newest list
// given be current now (freshness is judged at the list's own issue date), so the folder's writer decides which
// list of a territory "is the newest".
// Two DK lists signed by one pinned test signer: #1 says the samples' seal CA is granted since 2016; #2 says it
// was withdrawn on 2025-11-01 (the sample was sealed 2025-12-08). Run:
//   npx tsx scripts/attack34b/tl-folder-drop-newest.ts [honest]   (honest: both lists visible; control)
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildList, makeIdentities, sampleAnchorServices, sign } from "../../test/trustlist/sign.js";

process.chdir(join(import.meta.dirname, "..", ".."));
if (!existsSync("dist/cli/main.js")) execFileSync("npm", ["run", "build"], { stdio: "ignore" });
const honest = process.argv[2] === "honest";
const K = await makeIdentities({ lister: 2048 });
const dir = mkdtempSync(join(tmpdir(), "attack34b-tl-"));
const lists = join(dir, "tl");
execFileSync("mkdir", ["-p", lists]);
writeFileSync(join(dir, "lister.pem"), K.lister.certPem);
const issued = new Date(K.lister.notBefore.getTime() + 3_600_000);
const day = 86_400_000;
const services = sampleAnchorServices();
const withdrawn = services.map((s, i) =>
  i === 0 ? { ...s, status: "withdrawn", since: new Date("2025-11-01T00:00:00Z"), history: [{ status: "granted", since: s.since }] } : s,
);
writeFileSync(
  join(lists, "DK-1.xml"),
  sign(buildList({ territory: "DK", issued, nextUpdate: new Date(issued.getTime() + 180 * day), sequence: "1", services }), K.lister),
);
const i2 = new Date(issued.getTime() + 3_600_000);
writeFileSync(
  join(lists, "DK-2.xml"),
  sign(buildList({ territory: "DK", issued: i2, nextUpdate: new Date(i2.getTime() + 180 * day), sequence: "2", services: withdrawn }), K.lister),
);
if (!honest) {
  renameSync(join(lists, "DK-2.xml"), join(lists, ".DK-2.xml")); // the newer list is still there, unread
  console.log("attacker: DK-2.xml renamed to .DK-2.xml in the shared folder");
}
const cli = [
  "dist/cli/main.js",
  "verify",
  "samples/valid/archive.pdf",
  "samples/valid/originals",
  "--trusted-list",
  lists,
  "--tl-signer",
  join(dir, "lister.pem"),
  "--summary",
];
let rc = 0;
let out = "";
try {
  out = execFileSync("node", cli, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
} catch (e) {
  const x = e as { status: number; stdout: string; stderr: string };
  rc = x.status;
  out = x.stdout + x.stderr;
}
console.log(out.split("\n").slice(0, 8).join("\n"));
console.log(`verify --trusted-list ${lists}: exit ${rc}`);
execFileSync("rm", ["-rf", dir]);
process.exit(rc);
