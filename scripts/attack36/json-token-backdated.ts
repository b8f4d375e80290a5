// J1: the Workflow-token JSON is judged at the time it claims. Nothing in it proves when it was made (no
// timestamp, no validation data of its own), yet with "now" as the default validation time its checks run at
// the token's own `iat`, with the OCSP response it carries, and the verdict is TOTAL-PASSED. The token-signing
// key is compromised and its certificate revoked on 2026-05-01 (keyCompromise): with the key, a token minted
// today over a forged contract ("Husleje: 1 kr."), dated iat 2025-12-08T08:36:35Z, carrying the broker's genuine
// OCSP response of that morning (every sealed archive of that day holds it; it is about the one token
// certificate), verifies TOTAL-PASSED, exit 0, today and for ever. The long-term check is "skipped" with a
// sentence; the verdict does not change.
//   npx tsx scripts/attack36/json-token-backdated.ts [honest]
// honest: the genuine samples/valid/workflowtoken.json: TOTAL-PASSED as well: sealcheck cannot tell them apart.
// Since the J1 fix both are INDETERMINATE/REVOCATION_OUT_OF_BOUNDS_NO_POE now (no proof of existence; the OCSP
// responder's certificate has expired), as EU DSS; TOTAL-PASSED only with --at, judged at a claimed time.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildWorkflowEvidence, workflowTokenJson } from "../generator/evidence.js";
import { DEFAULT_ORIGINALS } from "../generator/originals.js";
import { pki, show, verify, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const dir = work("j1");
let file = "samples/valid/workflowtoken.json";
let originals = "samples/valid/originals";
if (!honest) {
  const forged = DEFAULT_ORIGINALS.map((o) => ({
    ...o,
    pages: o.pages.map((p) => p.map((l) => l.replace("9.500 kr.", "1 kr."))),
  }));
  const e = await buildWorkflowEvidence({ pki: pki(), originals: forged });
  file = join(dir, "workflowtoken.json");
  writeFileSync(file, workflowTokenJson(e));
  originals = join(dir, "originals");
  mkdirSync(originals);
  for (const o of e.originals) writeFileSync(join(originals, o.fileName), o.bytes);
  console.log(`wrote ${file} and ${originals}/ (the contract says "Husleje: 1 kr."), token minted ${new Date().toISOString()}, iat 2025-12-08T08:36:35Z`);
}
show(honest ? "honest: the genuine JSON" : "attack: minted today with the revoked key, backdated", verify(file, [], originals));
