// a20: does augment renew (and so timestamp, B-LTA) an archive whose seal readers attribute to another signer (C1)?
//   npx tsx scripts/attack-s15/augment-twin.ts <archive.pdf from cert-twin.ts> [originals dir]
// The loopback TSA of scripts/generator/servers.ts, the TSA CA's current "good" as --ocsp (as attack-s11/augment-rounding.ts).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { dss, pki, show, tool, verify } from "../attack36/lib.js";

const file = process.argv[2];
if (!file) throw new Error("usage: <archive.pdf> [originals]");
const originals = process.argv[3] ?? "samples/valid/originals";
const dir = dirname(file);
const P = pki();
show("before", verify(file, [], originals));
writeFileSync(`${dir}/tsa.ocsp`, createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) }));
const tsa = await startTsa(P.tsa);
try {
  const r = await promisify(execFile)(
    "node",
    ["dist/cli/main.js", "augment", file, "--out", `${dir}/renewed.pdf`, "--tsa", tsa.url, "--trust", "samples/trust", "--ocsp", `${dir}/tsa.ocsp`],
    { encoding: "utf8" },
  ).then(
    (x) => ({ status: 0, out: `${x.stdout}${x.stderr}` }),
    (x: { code?: number; stdout?: string; stderr?: string }) => ({ status: x.code ?? -1, out: `${x.stdout ?? ""}${x.stderr ?? ""}` }),
  );
  console.log(`== sealcheck augment: exit ${r.status}: ${r.out.trim().split("\n").slice(0, 6).join(" | ").slice(0, 900)}`);
  if (r.status === 0) {
    const renewed = `${dir}/renewed.pdf`;
    show("renewed", verify(renewed, [], originals));
    const sig = tool("pdfsig", [renewed])
      .split("\n")
      .filter((l) => /Signature #|Common Name|Validation|Total document/.test(l));
    console.log(`== pdfsig (renewed): ${sig.map((l) => l.trim()).join(" | ")}`);
    dss(renewed);
  }
} finally {
  await tsa.close();
}
