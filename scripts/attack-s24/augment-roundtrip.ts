// a28 (copied by a29 for e5a614e): does sealcheck's own augment writer (a DSS and a document timestamp appended as an update) still pass the
// checks 69cbed0 added (strayTrailers: a 'trailer' in an update's bytes other than its table's; unaccountedBytes: a
// comment longer than 254 bytes between an update's objects)? Augments samples/valid, samples/lta (a second update on
// top of an LTA archive) and the real broker archive with a loopback TSA (scripts/generator startTsa), then verifies
// each result and prints seal-modifications and the verdict.
//   npx tsx scripts/attack-s24/augment-roundtrip.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { createOcspResponse } from "../generator/index.js";
import { loadPki } from "../generator/pki.js";
import { startTsa } from "../generator/servers.js";

const pki = loadPki("samples/pki");
const dir = "/tmp/a29-augment";
mkdirSync(dir, { recursive: true });
const tsaOcsp = join(dir, "tsa-ocsp.der");
const now = new Date();
writeFileSync(tsaOcsp, createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: now, thisUpdate: now }));
const tsa = await startTsa(pki.tsa);
const REAL = "test/fixtures/real/broker-example";
const cases: [string, string, string[]][] = [
  ["valid", "samples/valid/archive.pdf", ["--trust", "samples/trust"]],
  ["lta", "samples/lta/archive.pdf", ["--trust", "samples/trust"]],
  ["real", `${REAL}/archive.pdf`, ["--trust", `${REAL}/trust`, "--trust", "samples/trust"]],
];
// spawn, not spawnSync: the loopback TSA answers from this process's event loop.
const cli = (args: string[]) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const p = spawn("node", ["dist/cli/main.js", ...args]);
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("close", (code) => resolve({ code, out }));
  });
for (const [label, input, trust] of cases) {
  const out = join(dir, `${label}-aug.pdf`);
  const a = await cli(["augment", input, "--out", out, "--tsa", tsa.url, ...trust, "--ocsp", tsaOcsp, "--force"]);
  console.log(`== augment ${label}: exit ${a.code} ${a.out.split("\n").slice(0, 3).join(" | ").slice(0, 400)}`);
  const at = label === "real" ? ["--at", "2025-12-08T09:35:10Z"] : [];
  const v = await cli(["verify", out, ...trust, ...at]);
  console.log(
    `   verify: exit ${v.code} ` +
      v.out
        .split("\n")
        .filter((l) => /Verdict|seal-modifications|trailer|comment longer|revision \d/.test(l))
        .map((l) => l.trim().slice(0, 300))
        .join(" | "),
  );
}
await tsa.close();
