// a27 (h10d 4c821ec, target 4): "--token given the same delivery" is a usage error (exit 3) decided on the token
// alone (the same JWS byte for byte in the same kind of copy), after the evidence's own report is built and then
// dropped. A forged or tampered archive that carries the genuine token (every attack on the PDF around the token
// does) given with --token the genuine delivery of the same kind: exit 3 "the same delivery ... nothing to
// cross-check" in place of its TOTAL-FAILED.
// modes (each: the verdict without --token, then with it):
//   pdf       samples/attacks/isa-page-content-replaced.pdf (a page replaced), --token samples/valid/archive.pdf
//   sig       samples/attacks/seal-hash-mismatch.pdf (seal signature fails), --token samples/valid/archive.pdf
//   reverse   samples/valid/archive.pdf, --token the page-replaced PDF (the genuine one first: exit 3 too, and the
//             tampered copy is called "the same delivery")
//   json      samples/valid/workflowtoken.json with its ocspResponse taken from samples/tampered/ocsp-stale,
//             --token samples/valid/workflowtoken.json
//   jwt       the page-replaced PDF, --token the bare Workflow-token JWT (a file of the wrong form: exit 3 too)
//   npx tsx scripts/attack-s22/same-delivery.ts <pdf|sig|reverse|json|jwt>
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const mode = process.argv[2] ?? "pdf";
const MODES = ["pdf", "sig", "reverse", "json", "jwt"];
if (!MODES.includes(mode)) throw new Error(`usage: <${MODES.join("|")}>`);
let evidence = "";
let token = "";
if (mode === "pdf") [evidence, token] = ["samples/attacks/isa-page-content-replaced.pdf", "samples/valid/archive.pdf"];
if (mode === "sig") [evidence, token] = ["samples/attacks/seal-hash-mismatch.pdf", "samples/valid/archive.pdf"];
if (mode === "reverse") [evidence, token] = ["samples/valid/archive.pdf", "samples/attacks/isa-page-content-replaced.pdf"];
if (mode === "jwt") {
  const j = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { workflowToken: string };
  mkdirSync("/tmp/a27-same-delivery", { recursive: true });
  token = "/tmp/a27-same-delivery/token.jwt";
  writeFileSync(token, j.workflowToken);
  evidence = "samples/attacks/isa-page-content-replaced.pdf";
}
if (mode === "json") {
  const j = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, unknown>;
  const stale = JSON.parse(readFileSync("samples/tampered/ocsp-stale/workflowtoken.json", "utf8")) as Record<string, unknown>;
  j.ocspResponse = stale.ocspResponse;
  mkdirSync("/tmp/a27-same-delivery", { recursive: true });
  evidence = "/tmp/a27-same-delivery/workflowtoken.json";
  writeFileSync(evidence, JSON.stringify(j));
  token = "samples/valid/workflowtoken.json";
}
const run = (extra: string[]) => {
  const r = spawnSync("node", ["dist/cli/main.js", "verify", evidence, "samples/valid/originals", "--trust", "samples/trust", ...extra], { encoding: "utf8" });
  const verdict = r.stdout.split("\n").find((l) => l.startsWith("Verdict")) ?? "(no verdict)";
  return `exit ${r.status}: ${verdict}${r.stderr.trim() ? ` | stderr: ${r.stderr.trim().slice(0, 300)}` : ""}`;
};
console.log(`== ${mode}: ${evidence}`);
console.log(`   alone:              ${run([])}`);
console.log(`   --token ${token}: ${run(["--token", token])}`);
