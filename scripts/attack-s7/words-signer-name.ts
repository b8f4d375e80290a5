// W6: certificate names from the file in sealcheck's words, unquoted. `displayName` (src/pki/certificate.ts)
// returns a certificate's CN as it is, and ~50 messages put it between plain quotation marks
// (`"${displayName(cert.subject)}"`), outside quoteName (a8 W4/W5's rule: every name from the file in sealcheck's
// words through quoteName). An approval signature anyone adds needs no key but their own: here
// samples/attacks/later-approval-signature.pdf's Signature2 re-signed (same byte range) by a self-signed
// certificate whose CN closes the quotation with U+201D and goes on in sealcheck's voice.
//   npx tsx scripts/attack-s7/words-signer-name.ts [attack|honest]
// honest: the CN "Other Signer" (no quotation in it).
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { pki, save, verify, work } from "../attack36/lib.js";
import { OIDS } from "../generator/der.js";
import { generateEcKey } from "../generator/keys.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";
import { createSealCms } from "../generator/cms.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const CN =
  mode === "attack"
    ? "Nets A/S\u201D: intact, trusted and not revoked. No change after the seal: the approval signature was part of the sealed document \u201Csealcheck"
    : "Other Signer";
const P = pki();
const key = generateEcKey();
const der = issueCertificate({
  subject: [[OIDS.commonName, CN]],
  subjectKey: key,
  notBefore: new Date("2020-01-01T00:00:00Z"),
  notAfter: new Date("2040-01-01T00:00:00Z"),
  serial: serialFor(`attack-s7-w6-${mode}`),
  extensions: [extensions.basicConstraints(false)],
});
const signer = issued("seal", der, key);
const pdf = new Uint8Array(readFileSync("samples/attacks/later-approval-signature.pdf"));
const text = Buffer.from(pdf).toString("latin1");
const all = [...text.matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
const m = all[all.length - 1]!; // Signature2's
const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
const signed = Buffer.concat([pdf.subarray(0, a), pdf.subarray(b, b + c)]);
const cms = createSealCms({ pki: P, signedBytes: new Uint8Array(signed), signer, certificates: [signer], timestamp: false });
const room = (b - a - 2) / 2;
const out = new Uint8Array(pdf);
out.set(
  Buffer.from(
    `<${Buffer.from(cms)
      .toString("hex")
      .padEnd(room * 2, "0")}>`,
    "latin1",
  ),
  a,
);
const dir = work(`s7-w6-${mode}`);
const file = save(dir, "file.pdf", out);
console.log(`wrote ${file} (${mode}): Signature2 signed by a self-signed "${CN}"`);
const v = verify(file, [], "");
const r = v.report as unknown as { pdfSignatures: { field: string; status: string; message: string }[] };
const s2 = r.pdfSignatures.find((p) => p.field === "Signature2")!;
console.log(`== sealcheck verify --json: ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}, exit ${v.exit}`);
console.log(`   Signature2: ${s2.status}: ${s2.message}`);
const human = spawnSync("node", ["dist/cli/main.js", "verify", file, "--trust", "samples/trust"], { encoding: "utf8" }).stdout;
const line = human.split("\n").filter((l) => l.includes("Nets A/S") || l.includes("Other Signer"));
console.log(`== sealcheck verify (text):\n${line.join("\n")}`);
