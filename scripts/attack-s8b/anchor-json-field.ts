// X1g: the JSON form's X1. The Workflow-token endpoint's JSON is read for three fields; a forged one may carry more.
// Here `issuerCertificatePem`: the forger's root, as a person opening the JSON reads it (an editor, `jq -r
// .issuerCertificatePem`). carried-certificates.ts `tokenParts` reads publicSigningCertPem and ocspResponse only, so
// the trust-anchors warning names nothing. (Verified at the samples' time with --at: the JSON form has no POE.)
//   npx tsx scripts/attack-s8b/anchor-json-field.ts [field|honest]
// honest: the same root among the certificates of the OCSP response in `ocspResponse` (a place tokenParts reads): named.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pki, save, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence } from "../generator/index.js";

const mode = process.argv[2] ?? "field";
if (!["field", "honest"].includes(mode)) throw new Error(`mode: field|honest, not ${mode}`);
const P = pki();
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, string>;
if (mode === "field") json.issuerCertificatePem = rootPem;
else json.ocspResponse = (await buildWorkflowEvidence({ pki: P, ocsp: { certs: [P.ocspResponder, P.foreignRoot] } })).ocspBase64;
const dir = work(`s8b-x1g-${mode}`);
const file = save(dir, "workflowtoken.json", new TextEncoder().encode(JSON.stringify(json, null, 2)));
const given = join(dir, "root-from-json.pem");
writeFileSync(given, mode === "field" ? json.issuerCertificatePem! : rootPem);
console.log(`wrote ${file} (${mode}); the root as read from the JSON: ${given}`);
const v = verify(file, ["--trust", given, "--at", "2025-12-08T09:00:00Z"]);
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const sha = createHash("sha256")
  .update((P as unknown as { foreignRoot: { der: Uint8Array } }).foreignRoot.der)
  .digest("hex")
  .toUpperCase();
console.log(
  `== sealcheck verify workflowtoken.json originals --trust samples/trust --trust ${given} --at 2025-12-08T09:00:00Z: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`);
