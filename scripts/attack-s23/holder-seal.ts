// a28 (1879442, 0ea09e6): the holder path now needs pki/holder.ts sealEvidence: an eseal QC type or QCP-l/QCP-l-qscd,
// not a CA, no key purpose in SERVICE_PURPOSES (timeStamping, OCSPSigning, serverAuth): a DENY-list of purposes.
// Which of the holder's certificates that are no seal still pass as "the broker's production seal"? Each mode: a
// certificate of the holder (O, organizationIdentifier NTRNO-933127990) issued by the samples' token CA, policy QCP-l
// (0.4.0.194112.1.1, what a QTSP writes on every qualified legal-person certificate), sealing a sample archive.
// modes:
//   control    QCP-l, KU digitalSignature+nonRepudiation, no EKU: a seal (expected: production seal)
//   codesign   EKU codeSigning only, critical (the holder's code-signing certificate)
//   email      EKU emailProtection only, critical (the holder's S/MIME certificate for a shared mailbox)
//   client     EKU clientAuth only, critical (the holder's API/mTLS client certificate)
//   any        EKU anyExtendedKeyUsage + serverAuth? no: anyExtendedKeyUsage only
//   tsa-any    EKU timeStamping AND ... no: KU digitalSignature, EKU 1.3.6.1.5.5.7.3.8 NON-critical? (still blocked)
//   enc        KU keyEncipherment only (an encryption certificate; the key signs nothing)
//   docsign    EKU Adobe documentSigning 1.2.840.113583.1.1.5 (a seal: control-like)
//   npx tsx scripts/attack-s23/holder-seal.ts <mode>
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { buildArchive, createOcspResponse, extensions, issueCertificate, issued, OIDS, TIMELINE } from "../generator/index.js";
import { loadPki } from "../generator/pki.js";

const MODES = ["control", "codesign", "email", "client", "any", "enc", "docsign", "codedoc"];
const mode = process.argv[2] ?? "codesign";
if (!MODES.includes(mode)) throw new Error(`usage: <${MODES.join("|")}>`);
const ORG = "IN GROUPE TRUST SERVICES APS NUF";
const QCPL = extensions.certificatePolicies("0.4.0.194112.1.1");
const KU = extensions.keyUsage("digitalSignature", "nonRepudiation");
const ext: Record<string, ReturnType<typeof extensions.keyUsage>[]> = {
  control: [KU, QCPL],
  codesign: [KU, extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.3"), QCPL],
  email: [KU, extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.4"), QCPL],
  client: [KU, extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.2"), QCPL],
  any: [KU, extensions.extKeyUsage(false, "2.5.29.37.0"), QCPL],
  enc: [extensions.keyUsage("keyEncipherment"), QCPL],
  docsign: [KU, extensions.extKeyUsage(false, "1.2.840.113583.1.1.5"), QCPL],
  // a29: code signing AND document signing (RFC 9336), critical: one key for both
  codedoc: [KU, extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.3", "1.3.6.1.5.5.7.3.36"), QCPL],
};
const cn = (m: string) => `IN Groupe ${m}`;
const pki = loadPki("samples/pki");
const der = issueCertificate({
  subject: [
    [OIDS.country, "NO"],
    [OIDS.organization, ORG],
    [OIDS.organizationIdentifier, "NTRNO-933127990"],
    [OIDS.commonName, cn(mode)],
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
const dir = `/tmp/a28-holder-${mode}`;
mkdirSync(join(dir, "originals"), { recursive: true });
writeFileSync(join(dir, "archive.pdf"), a.pdf);
for (const o of a.evidence.originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
let out = "";
let code = 0;
try {
  out = execFileSync("node", ["dist/cli/main.js", "verify", join(dir, "archive.pdf"), join(dir, "originals"), "--trust", "samples/trust"], {
    encoding: "utf8",
  });
} catch (e) {
  const x = e as { stdout?: string; status?: number };
  out = x.stdout ?? "";
  code = x.status ?? -1;
}
console.log(`== ${mode} (${dir}/archive.pdf): exit ${code}`);
console.log(
  out
    .split("\n")
    .filter((l) => /Verdict|Sealed by|seal-certificate|seal-identity|not the broker/.test(l))
    .map((l) => l.slice(0, 400))
    .join("\n"),
);
