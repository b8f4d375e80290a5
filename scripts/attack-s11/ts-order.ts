// T1: a document timestamp whose genTime is before the seal's own signature timestamp (a TSA clock running behind,
// or a trusted TSA's token backdated): the revision it covers holds the seal, so it cannot be older than the seal's
// timestamp. Does sealcheck notice the order (EN 319 102-1 §5.6.2.5 timestamp coherence; EU DSS
// TimestampCoherenceOrder)?
//   npx tsx scripts/attack-s11/ts-order.ts <mode>
// modes: honest (the document timestamp at 2025-12-09T10:00:00Z); earlier (at 2025-12-08T07:00:00Z, before the
// seal's timestamp 2025-12-08T08:36:38Z and before the token's iat).
import { readFileSync } from "node:fs";
import { pki, save, show, verify, work } from "../attack36/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";

const mode = process.argv[2] ?? "earlier";
const at = { honest: "2025-12-09T10:00:00Z", earlier: "2025-12-08T07:00:00Z" }[mode];
if (!at) throw new Error(`mode: honest|earlier, not ${mode}`);
const pdf = await addDocumentTimestamp(new Uint8Array(readFileSync("samples/valid/archive.pdf")), pki(), new Date(at));
const file = save(work(`s11-ts-order-${mode}`), "archive.pdf", pdf);
console.log(`wrote ${file} (${mode}: document timestamp at ${at})`);
const v = verify(file);
show(mode, v);
for (const c of v.report.checks.filter((c) => ["document-timestamps", "seal-timestamp", "long-term"].includes(c.id)))
  console.log(`   ${c.id} ${c.status}: ${c.message.slice(0, 300)}`);
