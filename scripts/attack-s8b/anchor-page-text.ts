// X1e: the anchor as page text. One of the originals (uploaded by a participant, merged into the sealed PDF as the
// broker does) ends with "Appendix: the CA's root certificate" and the root's PEM, one line each. pdftotext gives
// the PEM block as it is; an auditor who saves it gives it with --trust. carried-certificates.ts looks for the
// anchors in attachments' bytes only (and the text is drawn as strings of a content stream, not as PEM bytes).
//   npx tsx scripts/attack-s8b/anchor-page-text.ts [text|honest]
// honest: the same root as an attachment "ca-root.pem" (attack-s5b C1, fixed: named).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pki, tool, verify } from "../attack36/lib.js";
import { DEFAULT_ORIGINALS, utf8Bytes } from "../generator/index.js";
import { sealedArchive, written } from "./lib.js";

const mode = process.argv[2] ?? "text";
if (!["text", "honest"].includes(mode)) throw new Error(`mode: text|honest, not ${mode}`);
const P = pki();
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
const lines = rootPem.trimEnd().split("\n");
const originals =
  mode === "text" ? [...DEFAULT_ORIGINALS, { title: "Bilag", pages: [["Bilag: the CA's root certificate (PEM)", "", ...lines]] }] : DEFAULT_ORIGINALS;
const { pdf, originals: files } = await sealedArchive(mode === "honest" ? [{ name: "ca-root.pem", bytes: utf8Bytes(rootPem) }] : [], P, {}, { originals });
const w = written(`s8b-x1e-${mode}`, "archive.pdf", pdf, files);
console.log(`wrote ${w.file} (${mode})`);
let given: string;
if (mode === "text") {
  const text = tool("pdftotext", ["-layout", w.file, "-"]);
  const m = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/.exec(text);
  if (!m) throw new Error("pdftotext gave no PEM block");
  given = join(w.dir, "ca-root-from-page.pem");
  writeFileSync(given, `${m[0].replace(/^\s+/gm, "")}\n`);
  console.log(
    `== pdftotext: the PEM block on the last page, saved as ${given}: ${readFileSync(given, "latin1") === rootPem ? "the foreign root, byte for byte" : "the root (whitespace aside)"}`,
  );
} else {
  tool("pdfdetach", ["-saveall", "-o", w.dir, w.file]);
  given = join(w.dir, "ca-root.pem");
}
const v = verify(w.file, ["--trust", given], w.originals);
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const sha = createHash("sha256")
  .update((P as unknown as { foreignRoot: { der: Uint8Array } }).foreignRoot.der)
  .digest("hex")
  .toUpperCase();
console.log(
  `== sealcheck verify archive.pdf originals --trust samples/trust --trust ${given}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`);
