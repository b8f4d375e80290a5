// Measurement, no finding: the CLI reads evidence of 16 MB or more through the sparse source (blocks read on use,
// the range digest continuing the hashing pass's states), the library given bytes through a whole source. The
// sample with a later revision holding a 17 MB object no reader reaches (honest), and the same with page 1's
// content changed (W1's honest change): both forms give the same verdict, the same checks and the same SHA-256.
//   npx tsx scripts/attack-s4/sparse-probe.ts
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { sample, save, verify, work } from "../attack36/lib.js";
import { appendRaw, forgedRent, streamBody, streamData } from "./raw.js";
import { verifyArchive } from "../../src/api/archive.js";
const base = sample("valid/archive.pdf");
const dir = work("sparse");
const big = streamBody("", randomBytes(17 * 1024 * 1024)); // unreachable: listed in the xref, used by nothing
for (const [label, objs] of [
  ["padded", [{ num: 40, body: big }]],
  [
    "padded+w1",
    [
      { num: 40, body: big },
      { num: 5, body: streamBody("", forgedRent(streamData(base, 5))) },
    ],
  ],
] as const) {
  const file = save(dir, `${label}.pdf`, appendRaw(base, objs as never, "/Root 2 0 R /Info 3 0 R"));
  const cli = verify(file);
  const lib = await verifyArchive({
    evidence: { name: file, bytes: new Uint8Array(readFileSync(file)) },
    originals: ["samples/valid/originals"],
    trust: ["samples/trust"],
  });
  const pick = (cs: { id: string; status: string; subIndication: string | null }[]) => cs.map((c) => `${c.id}:${c.status}`).join(",");
  console.log(
    label,
    "size",
    readFileSync(file).length,
    "| CLI",
    cli.indication,
    cli.subIndication,
    "| library(bytes)",
    lib.indication,
    lib.subIndication,
    "| same checks:",
    pick(cli.report.checks) === pick(lib.checks),
    "| sha",
    (cli.report as never as { evidence: { sha256: string } }).evidence.sha256 === lib.evidence.sha256,
  );
}
