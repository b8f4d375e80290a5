// A4: `sealcheck augment` fails with "internal error" on a DSS item that `verify` names as unreadable. augment's
// writeDss (src/augment/augment.ts) reads the latest DSS's streams to avoid duplicates with `view.decode`, outside
// any try: a stream that does not decode (a filter the PDF layer does not read, or Flate that does not inflate)
// throws a FormatError out of augment, which the CLI reports as "internal error ... please report this". P1c's
// rule (an unreadable DSS item is that item's problem) holds in verify, not in augment's writer. Anyone can append
// such a revision (LTV-only), and from then on the archive cannot be renewed (issue 36: the archive system's way to
// keep it provable), while `verify` says TOTAL-PASSED with a warning.
//   npx tsx scripts/attack-s6/augment-unreadable.ts [junk|dss-number|ocsps-number|vri-number|vri-entry-number|undecodable|hex|honest]
// dss-number, ocsps-number, vri-number, vri-entry-number: one revision whose catalog /DSS is the number 5, or a DSS
// whose /OCSPs (or /VRI) is a number, or whose VRI entry is a number: verify reads past each (TOTAL-PASSED).
// junk: samples/valid/archive.pdf (genuine) plus one DSS revision whose one more OCSP entry is two bytes in
// /ASCIIHexDecode (no key, no meaning). undecodable (a control): the entry is FlateDecode over bytes that do not
// inflate (attack-s5 P1c's `undecodable` item): augment succeeds. hex: G1's file (the CA's CRL in ASCIIHexDecode).
// honest: samples/valid/archive.pdf as shipped. Each is given to the CLI `augment` with the loopback TSA
// (scripts/generator/servers.ts) and the TSA CA's current "good" as --ocsp.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { writeFileSync } from "node:fs";
import { dict, name } from "../../src/augment/writer.js";
import { appendDssEntries } from "../generator/dss-entries.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";
import { archivedWith, asciiHex, oddDss, revokedSealed } from "./lib.js";

const SHAPES = ["dss-number", "ocsps-number", "vri-number", "vri-entry-number"];
const mode = process.argv[2] ?? "junk";
if (!["junk", ...SHAPES, "undecodable", "hex", "honest"].includes(mode)) throw new Error(`mode: junk|${SHAPES.join("|")}|undecodable|hex|honest, not ${mode}`);

const P = pki();
const dir = work(`s6-a4-${mode}`);
let pdf: Uint8Array;
if (mode === "hex") {
  const { sealed, crl } = await revokedSealed();
  pdf = await archivedWith(sealed, asciiHex(crl));
} else if (mode === "junk" || mode === "undecodable") {
  // withDss gives the genuine sample a DSS (one genuine item: the TSA CA's certificate), then one junk entry.
  const base = withDss(sample("valid/archive.pdf"), { certs: [P.tsaRoot.der] });
  if (mode === "undecodable")
    pdf = appendDssEntries(base, 1, (num) => ({ num, stream: new TextEncoder().encode("not zlib data"), dict: dict({ Filter: name("FlateDecode") }) }));
  else pdf = appendDssEntries(base, 1, (num) => ({ num, raw: "<< /Filter /ASCIIHexDecode /Length 5 >>\nstream\n0A0B>\nendstream" }));
} else if (SHAPES.includes(mode)) pdf = oddDss(sample("valid/archive.pdf"), mode);
else pdf = sample("valid/archive.pdf");
const file = save(dir, "archive.pdf", pdf);
console.log(`wrote ${file} (${mode})`);
show(mode, verify(file));
const current = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
writeFileSync(`${dir}/tsa.ocsp`, current);
const tsa = await startTsa(P.tsa);
try {
  // Asynchronously: the TSA answers from this process's event loop.
  const r = await promisify(execFile)(
    "node",
    ["dist/cli/main.js", "augment", file, "--out", `${dir}/renewed.pdf`, "--tsa", tsa.url, "--trust", "samples/trust", "--ocsp", `${dir}/tsa.ocsp`],
    { encoding: "utf8" },
  ).then(
    (x) => ({ status: 0, stdout: x.stdout, stderr: x.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({ status: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" }),
  );
  console.log(`== sealcheck augment: exit ${r.status}: ${`${r.stdout}${r.stderr}`.trim().split("\n").slice(0, 3).join(" | ")}`);
} finally {
  await tsa.close();
}
if (mode === "honest") show("renewed", verify(`${dir}/renewed.pdf`));
