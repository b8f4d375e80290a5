// W8: W6's class where b98d0a9 left it: the trust-anchors warning writes `"${formatName(subject)}"` (RFC 4514
// escapes `"`, not U+201D) for an anchor the evidence carries, and `The TSA "${displayName(...)}"` for a TSA a
// general anchor vouches for. Both names are the file's: the anchor the warning is about was taken from the file
// (the forger chose its name), the TSA's by whoever holds a TSA CA's key.
//   npx tsx scripts/attack-s8b/words-anchor-name.ts [root|tsa|honest]
// root: the forger's self-signed root, attached as "ca-root.pem", CN closing the quotation and vouching for itself;
// the auditor gives it with --trust (pdfdetach wrote it). tsa: the seal's signature timestamp by a TSA certificate of
// the test TSA root whose CN does the same. honest: the root named "Forger Root CA", the TSA as the generator's.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pem, tool, verify } from "../attack36/lib.js";
import { OIDS } from "../generator/der.js";
import { generateEcKey } from "../generator/keys.js";
import { extensions, issueCertificate, serialFor } from "../generator/pki.js";
import { utf8Bytes } from "../generator/index.js";
import { sealedArchive, withTsaNamed, written } from "./lib.js";

const mode = process.argv[2] ?? "root";
if (!["root", "tsa", "honest"].includes(mode)) throw new Error(`mode: root|tsa|honest, not ${mode}`);
const speech = (who: string) =>
  `${who}\u201D (fingerprint checked against docs/trust-anchors.md: it is the one the CA publishes; nothing to compare) and \u201C${who}`;
const rootCn = mode === "root" ? speech("NETS Root CA") : "Forger Root CA";
const key = generateEcKey();
const rootDer = issueCertificate({
  subject: [[OIDS.commonName, rootCn]],
  subjectKey: key,
  notBefore: new Date("2020-01-01T00:00:00Z"),
  notAfter: new Date("2040-01-01T00:00:00Z"),
  serial: serialFor(`attack-s8b-w8-${mode}`),
  extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
});
const P = mode === "tsa" ? withTsaNamed(speech("Sealcheck Test Time-Stamping Unit 1")) : undefined;
const { pdf, originals } = await sealedArchive(mode === "tsa" ? [] : [{ name: "ca-root.pem", bytes: utf8Bytes(pem("CERTIFICATE", rootDer)) }], P);
const w = written(`s8b-w8-${mode}`, "archive.pdf", pdf, originals);
console.log(`wrote ${w.file} (${mode})`);
const extra: string[] = [];
if (mode !== "tsa") {
  tool("pdfdetach", ["-saveall", "-o", w.dir, w.file]);
  extra.push("--trust", join(w.dir, "ca-root.pem"));
} else writeFileSync(join(w.dir, "note.txt"), "the TSA's root is samples/trust/tsa-root.pem, given with --trust\n");
const v = verify(w.file, extra, w.originals);
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
console.log(`== sealcheck verify --json ${extra.join(" ")}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
console.log(`   trust-anchors ${ta?.status}: ${ta?.message}`);
const s = spawnSync("node", ["dist/cli/main.js", "verify", w.file, w.originals, "--trust", "samples/trust", ...extra, "--summary"], { encoding: "utf8" });
console.log(`== sealcheck verify --summary (exit ${s.status}):\n${s.stdout}`);
