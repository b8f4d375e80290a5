// C1: the one list of carried certificates (h37c, src/evidence/carried-certificates.ts) still misses certificates
// the file carries and `sealcheck extract` writes, so an anchor taken from extract's output gives no "anchor
// carried by the evidence" warning (attack-s4 A1's class, closed for document timestamps only):
// - attach: an embedded file other than the three evidence attachments (here "ca-root.pem", in the sealed
//   revision). extract writes every embedded file as stored (extract.ts pdfFiles, listEmbeddedFiles); the list
//   reads no attachment but the token certificate's.
// - trusted: a "TRUSTED CERTIFICATE" PEM block inside workflow_token_pub.pem. `--trust` loads CERTIFICATE and
//   TRUSTED CERTIFICATE blocks (trust-store.ts certificatesFromBytes); the list keeps CERTIFICATE blocks only
//   (tokenParts). The token certificate itself is read as before (certificateFromPem takes CERTIFICATE blocks).
// - honest: the same root in a DSS revision appended to the same archive (a place the list reads): extract writes
//   it as DSS-2-certificate-N.pem and the warning names it.
// The archive is the generator's genuine one (test PKI), sealed with the extra bytes in the sealed revision: no
// later revision, so every other check passes. The "root" is the test PKI's foreign root (a forger's root).
// - json: the `trusted` gap in the Workflow-token JSON form: the block after the certificate in
//   "publicSigningCertPem" (no seal covers the JSON fields), verified at the token's iat.
//   npx tsx scripts/attack-s5b/anchor-unlisted.ts [attach|trusted|honest|json]
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pki, save, tool, verify, withDss, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createSealedPades, evidenceAttachments, TIMELINE, utf8Bytes, workflowTokenJson } from "../generator/index.js";

const mode = process.argv[2] ?? "attach";
if (!["attach", "trusted", "honest", "json"].includes(mode)) throw new Error(`mode: attach|trusted|honest|json, not ${mode}`);
const P = pki();
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
const body = rootPem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
const e = await buildWorkflowEvidence({ pki: P });
const trustedBlock = rootPem.replace(/CERTIFICATE-----/g, "TRUSTED CERTIFICATE-----");
const attachments = evidenceAttachments(e);
if (mode === "attach") attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes(rootPem) });
else if (mode === "trusted") {
  const i = attachments.findIndex((a) => a.name === "workflow_token_pub.pem");
  attachments[i] = {
    name: attachments[i]!.name,
    bytes: utf8Bytes(`${e.certificatePem.trimEnd()}\n${trustedBlock}`),
  };
}
if (mode === "json") {
  const json = JSON.parse(workflowTokenJson(e)) as Record<string, string>;
  json.publicSigningCertPem = `${json.publicSigningCertPem!.trimEnd()}\n${trustedBlock}`;
  const dir = work("c1-json");
  const file = save(dir, "workflowtoken.json", utf8Bytes(JSON.stringify(json)));
  console.log(`wrote ${file} (json): the foreign root as a TRUSTED CERTIFICATE block in "publicSigningCertPem"`);
  tool("node", ["dist/cli/main.js", "extract", file, join(dir, "out")]);
  const holding = readdirSync(join(dir, "out")).filter((f) =>
    readFileSync(join(dir, "out", f), "latin1")
      .replace(/-----[^-]+-----|\s+/g, "")
      .includes(body),
  );
  console.log(`== sealcheck extract writes the root in: ${holding.join(", ") || "(nowhere)"}`);
  const v = verify(file, ["--trust", join(dir, "out", holding[0] ?? "none"), "--at", TIMELINE.iat.toISOString()], "");
  const ta = v.report.checks.find((c) => c.id === "trust-anchors");
  console.log(
    `== sealcheck verify --at iat --trust samples/trust --trust out/${holding[0] ?? "?"}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}`,
  );
  console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the extracted root: ${ta?.message.includes("Untrusted Test Root CA") ? "yes" : "NO"}`);
  process.exit(0);
}
const sealed = await createSealedPades(P, { originals: e.originals.map((d) => d.bytes), attachments });
const pdf = mode === "honest" ? withDss(sealed, { certs: [new Uint8Array(Buffer.from(body, "base64"))] }) : sealed;
const dir = work(`c1-${mode}`);
const file = save(dir, "archive.pdf", pdf);
mkdirSync(join(dir, "originals"));
for (const o of e.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
console.log(
  `wrote ${file} (${mode}): the foreign root ${mode === "attach" ? 'as the embedded file "ca-root.pem"' : mode === "trusted" ? "as a TRUSTED CERTIFICATE block in workflow_token_pub.pem" : "in an appended DSS revision"}`,
);

tool("node", ["dist/cli/main.js", "extract", file, join(dir, "out")]);
const holding = readdirSync(join(dir, "out")).filter((f) =>
  readFileSync(join(dir, "out", f), "latin1")
    .replace(/-----[^-]+-----|\s+/g, "")
    .includes(body),
);
console.log(`== sealcheck extract writes the root in: ${holding.join(", ") || "(nowhere)"}`);
const given = join(dir, "out", holding[0] ?? "none");
const v = verify(file, ["--trust", given], join(dir, "originals"));
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
console.log(`== sealcheck verify --trust samples/trust --trust out/${holding[0] ?? "?"}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}`);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the extracted root: ${ta?.message.includes("Untrusted Test Root CA") ? "yes" : "NO"}`);
console.log(`   ${ta?.message.slice(0, 400) ?? ""}…`);
console.log("== pdfdetach -list (what a reader's attachment panel shows):");
console.log(tool("pdfdetach", ["-list", file]));
