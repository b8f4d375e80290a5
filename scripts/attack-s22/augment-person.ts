// a27 (3ab26c4, target 1): augment's outputs other than its errors, for an archive sealed by a person's
// certificate (a25 P1's customer employee: CN "Jens Peter Testesen", O, organizationIdentifier NTRDK-12345678, no QC
// statement), accepted with --seal-signer NTRDK-12345678, an OCSP "good" in the CMS: augment succeeds against a
// loopback TSA (samples' TSA key). Each output is searched for the name: text, --json, progress (stderr), batch
// (a folder, --out-dir), batch --json, and a failing batch member.
//   npx tsx scripts/attack-s22/augment-person.ts
import { mkdirSync, writeFileSync, copyFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { buildArchive, createOcspResponse, extensions, issueCertificate, issued, OIDS, TIMELINE } from "../generator/index.js";
import { loadPki } from "../generator/pki.js";
import { startTsa } from "../generator/servers.js";
import { generateRsaKey } from "../generator/keys.js";

const NAME = "Testesen";
const pki = loadPki("samples/pki");
// RSA 3072: with the samples' 2048-bit key the policy's forecast (2026-01-01) makes augment refuse (long-term a warning).
const key = generateRsaKey(3072);
const der = issueCertificate({
  subject: [
    [OIDS.country, "DK"],
    [OIDS.organization, "Sealcheck Test Kunde ApS"],
    [OIDS.organizationIdentifier, "NTRDK-12345678"],
    [OIDS.serialNumber, "UI:DK-E:G:5d2c0f5e-0f63-4c1e-9a0c-0b7f5e4a3d21"],
    [OIDS.commonName, "Jens Peter Testesen"],
  ],
  subjectKey: key,
  issuer: pki.tokenCa,
  scheme: "rsa-pss",
  notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
  notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 365 * 5),
  serial: new Uint8Array([0x37, 0x02]),
  extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
});
const person = issued("otherTokenSigner", der, key);
const ocsp = createOcspResponse({
  subject: person,
  issuer: pki.tokenCa,
  responder: pki.ocspResponder,
  producedAt: TIMELINE.sealRevocationAt,
  nextUpdate: TIMELINE.sealRevocationNext,
});
const a = await buildArchive(pki, { seal: { signer: person, certificates: [person, pki.tokenCa], revocation: { crls: [], ocsps: [ocsp] } } });
const dir = "/tmp/a27-augment-person";
mkdirSync(join(dir, "in"), { recursive: true });
mkdirSync(join(dir, "out"), { recursive: true });
writeFileSync(join(dir, "in", "archive.pdf"), a.pdf);
copyFileSync("samples/attacks/seal-hash-mismatch.pdf", join(dir, "in", "broken.pdf"));
// The seal timestamp's TSA unit's status, given with --ocsp (augment asks for it).
const tsaOcsp = join(dir, "tsa-ocsp.der");
const now = new Date();
writeFileSync(tsaOcsp, createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: now, thisUpdate: now }));
const tsa = await startTsa(pki.tsa);
const run = (args: string[]) =>
  new Promise<string>((resolve) => {
    const p = spawn("node", [
      "dist/cli/main.js",
      "augment",
      ...args,
      "--tsa",
      tsa.url,
      "--trust",
      "samples/trust",
      "--seal-signer",
      "NTRDK-12345678",
      "--ocsp",
      tsaOcsp,
    ]);
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("close", (code) => resolve(`exit ${code}\n${out}`));
  });
for (const [label, args] of [
  ["text", [join(dir, "in", "archive.pdf"), "--out", join(dir, "a.pdf")]],
  ["json", [join(dir, "in", "archive.pdf"), "--out", join(dir, "b.pdf"), "--json"]],
  ["batch", [join(dir, "in"), "--out-dir", join(dir, "out"), "--force"]],
  ["batch-json", [join(dir, "in"), "--out-dir", join(dir, "out2"), "--json", "--force"]],
] as [string, string[]][]) {
  const out = await run(args);
  const hits = out.split("\n").filter((l) => l.includes(NAME));
  console.log(`== ${label}: ${out.split("\n")[0]}; ${hits.length ? `NAME SHOWN (${hits.length}): ${hits[0]!.trim().slice(0, 200)}` : "masked"}`);
  if (process.env.V === "1") console.log(out.slice(0, 1500));
}
await tsa.close();
