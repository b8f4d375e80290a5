// X1: the carried-certificate list reads an attachment's certificates through listedCertificate (a certificate of
// at most 20,000 ASN.1 values, one budget of maxAsn1Nodes for all the attachments' certificates) and `quiet`
// (carried-certificates.ts List.file, embeddedParts): a certificate over that size is left out (null), and a
// LimitError on the shared budget drops the rest of the file, without a problem. `--trust` reads the same file
// with certificateFromDer (no 20,000 cap, a budget per certificate) and loads every certificate.
// - oversized: the forger's root's subject has 5,500 OU attributes (44,048 ASN.1 values as countDerValues counts them), as "ca-root.pem".
// - budget: an attachment "a-bundle.pem" (before "ca-root.pem" in the name tree as written) with 11 certificates of ~19,000 values
//   each (212,000 > maxAsn1Nodes 200,000), then "ca-root.pem" holding the test PKI's plain foreign root.
// - honest: "ca-root.pem" with the plain foreign root only (attack-s5b C1 attach, fixed: named).
// The archive is the generator's genuine one sealed with the extra attachments in the sealed revision.
//   npx tsx scripts/attack-s5c/anchor-oversized.ts [oversized|budget|honest]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pki, save, tool, verify, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, createSealedPades, evidenceAttachments, utf8Bytes } from "../generator/index.js";
import { extensions, issueCertificate } from "../generator/pki.js";
import { OIDS } from "../generator/der.js";

const mode = process.argv[2] ?? "oversized";
if (!["oversized", "budget", "honest"].includes(mode)) throw new Error(`mode: oversized|budget|honest, not ${mode}`);
const P = pki();
const pem = (der: Uint8Array, label = "CERTIFICATE") =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString("base64").replace(/.{64}/g, "$&\n")}\n-----END ${label}-----\n`;
const big = (cn: string, units: number): Uint8Array =>
  issueCertificate({
    subject: [
      [OIDS.organization, "Untrusted Test"],
      ...Array.from({ length: units }, (_, i): [string, string] => [OIDS.organizationalUnit, `u${i}`]),
      [OIDS.commonName, cn],
    ],
    subjectKey: P.foreignRoot.key,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2040-01-01T00:00:00Z"),
    serial: new Uint8Array([0x11, cn.length]),
    extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
  });
const e = await buildWorkflowEvidence({ pki: P });
const attachments = evidenceAttachments(e);
let rootName = "Untrusted Test Root CA";
let root: Uint8Array = P.foreignRoot.der;
if (mode === "oversized") {
  rootName = "Oversized Forger Root CA";
  root = big(rootName, 5_500);
}
attachments.unshift({ name: "ca-root.pem", bytes: utf8Bytes(pem(root)) });
if (mode === "budget") {
  const filler = big("Filler CA", 1_200);
  attachments.unshift({ name: "a-bundle.pem", bytes: utf8Bytes(Array.from({ length: 22 }, () => pem(filler)).join("")) });
}
const body = Buffer.from(root).toString("base64");
const sealed = await createSealedPades(P, { originals: e.originals.map((d) => d.bytes), attachments });
const dir = work(`x1-${mode}`);
const file = save(dir, "archive.pdf", sealed);
mkdirSync(join(dir, "originals"));
for (const o of e.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
console.log(`wrote ${file} (${mode}): root "${rootName}" (${root.length} bytes DER) as "ca-root.pem"`);
tool("node", ["dist/cli/main.js", "extract", file, join(dir, "out")]);
const holding = readdirSync(join(dir, "out")).filter((f) =>
  readFileSync(join(dir, "out", f), "latin1")
    .replace(/-----[^-]+-----|\s+/g, "")
    .includes(body),
);
console.log(`== sealcheck extract writes the root in: ${holding.join(", ") || "(nowhere)"}`);
const v = verify(file, ["--trust", join(dir, "out", "ca-root.pem")], join(dir, "originals"));
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const sha = createHash("sha256").update(root).digest("hex").toUpperCase();
console.log(
  `== sealcheck verify --trust samples/trust --trust out/ca-root.pem: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(
  `   trust-anchors: ${ta?.status ?? "(no remark)"}; names the extracted root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`,
);
console.log(`   ${ta?.message.slice(0, 500) ?? ""}…`);
console.log("== openssl x509 (the root --trust loads):");
console.log(tool("openssl", ["x509", "-in", join(dir, "out", "ca-root.pem"), "-noout", "-fingerprint", "-sha256"]));
console.log("== pdfdetach -list (what a reader's attachment panel shows):");
console.log(tool("pdfdetach", ["-list", file]));
