// dropUndecodable (4b4cc56) on an appended document timestamp's token, whose /Contents has no room limit but the
// file's: the test TSA's genuine token over the revision, plus N junk elements (`[2] { INTEGER 0 }`, 5 bytes each)
// in its certificate set. Every junk element is tried alone and named (no count limit). Time, verdict, report size.
//   npx tsx scripts/attack-s9/drop-many-ts.ts [N]   (default 200,000: a 1 MB token, a 2 MB file)
import { spawnSync } from "node:child_process";
import { createTimestampToken } from "../generator/cms.js";
import { pki, sample, save, show, verify, work } from "../attack36/lib.js";
import { withCmsField, withDocTimestamp } from "../attack-s8/lib.js";

const n = Number(process.argv[2] ?? 200_000);
const P = pki();
const junk = Array.from({ length: n }, () => new Uint8Array([0xa2, 0x03, 0x02, 0x01, 0x00]));
const pdf = withDocTimestamp(sample("valid/archive.pdf"), P, 32 * 1024 + 5 * n + 16, (signed) =>
  withCmsField(createTimestampToken({ tsa: P.tsa, data: signed, genTime: new Date("2026-01-10T12:00:00Z"), serial: 20260110 }), 0xa0, junk),
);
const file = save(work(`s9-drop-many-ts-${n}`), "archive.pdf", pdf);
console.log(`wrote ${file} (${(pdf.length / 1e6).toFixed(1)} MB): a document timestamp whose token carries ${n} junk certificate-set elements`);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(`${n}`, v);
const r = spawnSync("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust", "--json"], { maxBuffer: 1 << 30 });
console.log(`== JSON report: ${r.stdout.length} bytes`);
