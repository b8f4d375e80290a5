// a27 (3ab26c4, target 1): the production seal holder's organizationIdentifier (NTRNO-933127990) now needs
// organisation evidence (pki/holder.ts organisationEvidence). Which certificates that are no seal still pass as
// "the broker's production seal"? Each mode: a certificate issued by the samples' token CA (a CA of the broker's
// trust dir) with O and organizationIdentifier of the holder, sealing an archive; an OCSP "good" for it.
// modes:
//   employee   a25 P1's employee certificate (CN the person, no evidence): control, TOTAL-FAILED (not the broker)
//   tsa        CN "IN Groupe Time-Stamping Unit 3", keyUsage digitalSignature, EKU id-kp-timeStamping only, critical
//              (RFC 3161 2.3: such a key may sign time-stamp tokens and nothing else)
//   ocsp       CN "IN Groupe OCSP Responder", EKU id-kp-OCSPSigning only, critical
//   ca         a CA certificate (basicConstraints cA, keyUsage keyCertSign, cRLSign, digitalSignature)
//   cn-o       CN = O (an organisation/system certificate of the holder, e.g. MitID Erhverv's organisation certificate
//              an administrator of the holder orders with a free CN), keyUsage digitalSignature
//   web        CN "www.example.no", EKU serverAuth, policy OVCP (a TLS server certificate of the holder)
//   sole       not the holder: a sole trader's own certificate (CVR NTRDK-12345678), whose business name is the owner's
//              name: O = CN = "Jens Peter Testesen" (a Danish enkeltmandsvirksomhed often is), accepted with --seal-signer;
//              is the person's name shown without --show-personal-data? (holder.ts: "CN equal to O")
//   npx tsx scripts/attack-s22/holder-evidence.ts <mode>
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { buildArchive, createOcspResponse, extensions, issueCertificate, issued, OIDS, TIMELINE } from "../generator/index.js";
import { loadPki } from "../generator/pki.js";

const MODES = ["employee", "tsa", "ocsp", "ca", "cn-o", "web", "sole"];
const mode = process.argv[2] ?? "tsa";
if (!MODES.includes(mode)) throw new Error(`usage: <${MODES.join("|")}>`);
const ORG = "IN GROUPE TRUST SERVICES APS NUF";
const cn: Record<string, string> = {
  employee: "Jens Peter Testesen",
  tsa: "IN Groupe Time-Stamping Unit 3",
  ocsp: "IN Groupe OCSP Responder",
  ca: "IN Groupe Issuing CA 9",
  "cn-o": ORG,
  web: "www.example.no",
  sole: "Jens Peter Testesen",
};
const ext: Record<string, ReturnType<typeof extensions.keyUsage>[]> = {
  employee: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
  tsa: [extensions.keyUsage("digitalSignature"), extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.8")],
  ocsp: [extensions.keyUsage("digitalSignature"), extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.9")],
  ca: [extensions.basicConstraints(true, 0), extensions.keyUsage("digitalSignature", "keyCertSign", "cRLSign")],
  "cn-o": [extensions.keyUsage("digitalSignature")],
  sole: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
  web: [
    extensions.keyUsage("digitalSignature", "keyEncipherment"),
    extensions.extKeyUsage(false, "1.3.6.1.5.5.7.3.1"),
    extensions.certificatePolicies("0.4.0.2042.1.7"),
  ],
};
const pki = loadPki("samples/pki");
const der = issueCertificate({
  subject: [
    [OIDS.country, "NO"],
    [OIDS.organization, mode === "sole" ? "Jens Peter Testesen" : ORG],
    [OIDS.organizationIdentifier, mode === "sole" ? "NTRDK-12345678" : "NTRNO-933127990"],
    [OIDS.commonName, cn[mode]!],
  ],
  subjectKey: pki.otherTokenSigner.key,
  issuer: pki.tokenCa,
  scheme: "rsa-pss",
  notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
  notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 365),
  serial: new Uint8Array([0x37, 0x07]),
  extensions: ext[mode]!,
});
const cert = issued("otherTokenSigner", der, pki.otherTokenSigner.key);
const a = await buildArchive(pki, {
  seal: {
    signer: cert,
    certificates: [cert, pki.tokenCa],
    revocation: {
      crls: [],
      ocsps: [
        createOcspResponse({
          subject: cert,
          issuer: pki.tokenCa,
          responder: pki.ocspResponder,
          producedAt: TIMELINE.sealRevocationAt,
          nextUpdate: TIMELINE.sealRevocationNext,
        }),
      ],
    },
  },
});
const dir = `/tmp/a27-holder-${mode}`;
mkdirSync(join(dir, "originals"), { recursive: true });
writeFileSync(join(dir, "archive.pdf"), a.pdf);
for (const o of a.evidence.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
let out = "";
let code = 0;
try {
  out = execFileSync(
    "node",
    [
      "dist/cli/main.js",
      "verify",
      join(dir, "archive.pdf"),
      join(dir, "originals"),
      "--trust",
      "samples/trust",
      ...(mode === "sole" ? ["--seal-signer", "NTRDK-12345678"] : []),
    ],
    { encoding: "utf8" },
  );
} catch (e) {
  const x = e as { stdout?: string; status?: number };
  out = x.stdout ?? "";
  code = x.status ?? -1;
}
console.log(`== ${mode} (${dir}/archive.pdf): exit ${code}`);
console.log(
  out
    .split("\n")
    .filter((l) => /Sealed by|TOTAL|INDETERMINATE|seal-certificate|production seal|Testesen/.test(l))
    .map((l) => l.slice(0, 400))
    .join("\n"),
);
