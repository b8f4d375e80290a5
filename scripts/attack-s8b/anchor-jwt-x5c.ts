// X1h: the anchor in the Workflow token's own header: `x5c` (RFC 7515 §4.1.6, "the X.509 public key certificate or
// certificate chain"), [token certificate, the forger's root]. Every JWT decoder (jwt.io, `jose`, `step crypto jwt
// inspect`) shows the header; the chain's last element, base64-decoded, is a DER certificate `--trust` takes.
// sealcheck never follows x5c (right) but does not read it as carried either: the trust-anchors warning names nothing.
// (The token is the generator's, signed by the test token signer with the header as written here.)
//   npx tsx scripts/attack-s8b/anchor-jwt-x5c.ts [x5c|honest]
// honest: no x5c; the same root as an attachment "ca-root.pem" (attack-s5b C1, fixed: named).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CompactSign } from "jose";
import { pki, tool, verify } from "../attack36/lib.js";
import { utf8Bytes } from "../generator/index.js";
import { sealedArchive, written } from "./lib.js";

const mode = process.argv[2] ?? "x5c";
if (!["x5c", "honest"].includes(mode)) throw new Error(`mode: x5c|honest, not ${mode}`);
const P = pki();
const rootDer = (P as unknown as { foreignRoot: { der: Uint8Array } }).foreignRoot.der;
const rootPem = readFileSync("samples/pki/foreignRoot.pem", "latin1");
if (mode === "x5c") {
  // Every token the generator signs (both copies) gets the header x5c: pdf-lib-style patch of jose's CompactSign.
  const set0 = CompactSign.prototype.setProtectedHeader;
  CompactSign.prototype.setProtectedHeader = function (this: CompactSign, h: Parameters<typeof set0>[0]) {
    return set0.call(this, { ...h, x5c: [Buffer.from(P.tokenSigner.der).toString("base64"), Buffer.from(rootDer).toString("base64")] });
  };
}
const { pdf, originals } = await sealedArchive(mode === "honest" ? [{ name: "ca-root.pem", bytes: utf8Bytes(rootPem) }] : [], P);
const w = written(`s8b-x1h-${mode}`, "archive.pdf", pdf, originals);
console.log(`wrote ${w.file} (${mode})`);
let given: string;
if (mode === "x5c") {
  // What a JWT decoder shows: the attachment workflow_token.jwt's header, x5c's last certificate.
  tool("pdfdetach", ["-saveall", "-o", w.dir, w.file]);
  const token = readFileSync(join(w.dir, "workflow_token.jwt"), "latin1").trim();
  const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8")) as { x5c: string[] };
  console.log(`== the token's header (pdfdetach, then base64url): x5c of ${header.x5c.length} certificates`);
  given = join(w.dir, "x5c-last.der");
  writeFileSync(given, Buffer.from(header.x5c.at(-1)!, "base64"));
} else {
  tool("pdfdetach", ["-saveall", "-o", w.dir, w.file]);
  given = join(w.dir, "ca-root.pem");
}
const v = verify(w.file, ["--trust", given], w.originals);
const ta = v.report.checks.find((c) => c.id === "trust-anchors");
const sha = createHash("sha256").update(rootDer).digest("hex").toUpperCase();
console.log(
  `== sealcheck verify archive.pdf originals --trust samples/trust --trust ${given}: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`,
);
console.log(`   trust-anchors: ${ta?.status ?? "(no remark)"}; names the root (SHA-256 ${sha.slice(0, 16)}…): ${ta?.message.includes(sha) ? "yes" : "NO"}`);
