// X1b: attack-s5c X1's class through the *count*: the one list of carried certificates (src/evidence/
// carried-certificates.ts `List`) lists at most `max` (1,000, the limits' maxValidationDataItems) certificates and
// reads at most as many containers, in the order token, signatures, every revision's DSS, embedded files last;
// beyond that it records a problem that the trust-anchors check never shows. 1,000 distinct
// certificates in the seal's CMS spends both budgets before the attachments are read: the forger's root shipped as
// "ca-root.pem" is not listed, and `verify --trust out/ca-root.pem` (the file `sealcheck extract` writes) names it
// nowhere. (A DSS revision of 1,000 certificates would do the same, but any later revision makes the attachments
// check call a sealed extra attachment "added after sealing", a TOTAL-FAILED: see the README.)
// The archive is the generator's, sealed with "ca-root.pem" (the test PKI's foreign root) beside the three evidence
// attachments; `flood`: its seal CMS also carries 1,000 distinct certificates (a 600 kB /Contents).
//   npx tsx scripts/attack-s6/anchor-count.ts [flood|honest]
// honest: no filler (attack-s5b C1 attach, fixed: the root is named).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pki, save, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createSealedPades, evidenceAttachments, utf8Bytes } from "../generator/index.js";
import { OIDS } from "../generator/der.js";
import { generateEcKey } from "../generator/keys.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";

const mode = process.argv[2] ?? "flood";
if (!["flood", "honest"].includes(mode)) throw new Error(`mode: flood|honest, not ${mode}`);
const P = pki();
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
const e = await buildWorkflowEvidence({ pki: P });
const attachments = evidenceAttachments(e);
attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes(rootPem) });
const key = generateEcKey();
const filler = Array.from({ length: 1000 }, (_, i) =>
  issueCertificate({
    subject: [[OIDS.commonName, `Filler ${i}`]],
    subjectKey: key,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2040-01-01T00:00:00Z"),
    serial: serialFor(`attack-s6-x1b-${i}`),
    extensions: [extensions.basicConstraints(false)],
  }),
);
// The forger's own seal: its CMS carries the seal's path and, in `flood`, the 1,000 certificates (a larger /Contents).
const pdf = await createSealedPades(
  P,
  { originals: e.originals.map((d) => d.bytes), attachments, contentsSize: mode === "flood" ? 600_000 : undefined },
  { certificates: [P.seal, P.sealRoot, ...(mode === "flood" ? filler.map((der) => issued("seal", der, key)) : [])] },
);
const dir = work(`s6-x1b-${mode}`);
const file = save(dir, "archive.pdf", pdf);
mkdirSync(join(dir, "originals"));
for (const o of e.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
console.log(`wrote ${file} (${mode}): the foreign root as "ca-root.pem"${mode === "flood" ? "; the seal CMS also carries 1,000 distinct certificates" : ""}`);
tool("node", ["dist/cli/main.js", "extract", file, join(dir, "out")]);
const v = verify(file, ["--trust", join(dir, "out", "ca-root.pem")], join(dir, "originals"));
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const sha = createHash("sha256").update(P.foreignRoot.der).digest("hex").toUpperCase();
console.log(
  `== sealcheck verify --trust samples/trust --trust out/ca-root.pem: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(
  `   trust-anchors: ${ta?.status ?? "(no remark)"}; names the extracted root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`,
);
console.log(`   ${ta?.message.slice(0, 300) ?? ""}…`);
console.log("== pdfdetach -list:");
console.log(tool("pdfdetach", ["-list", file]));
