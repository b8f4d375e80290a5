// Helpers of the attack-s9b scripts (a14): a forger's archive (the generator's evidence sealed by a certificate with
// the broker's seal names, under an intermediate with the broker's issuer name, under the forger's root).
import { createPublicKey, type KeyObject } from "node:crypto";
import { pem, pki } from "../attack36/lib.js";
import { sealRevocation } from "../generator/cms.js";
import { OIDS } from "../generator/der.js";
import { buildWorkflowEvidence, DEFAULT_ORIGINALS, evidenceAttachments } from "../generator/index.js";
import { generateEcKey } from "../generator/keys.js";
import { createCrl } from "../generator/ocsp.js";
import type { OriginalSpec } from "../generator/originals.js";
import { preparePades, sealPrepared } from "../generator/pdf.js";
import { extensions, issueCertificate, issued, SEAL_SUBJECT, serialFor, type Issued } from "../generator/pki.js";
import type { Extra } from "../attack-s8b/lib.js";

const spki = (k: KeyObject) => new Uint8Array(createPublicKey(k).export({ type: "spki", format: "der" }));

/**
 * The forged archive. `rootCn`: the root's one subject attribute; `page`: the root's PEM printed as the last page of
 * a third original (a12 X1e); `attach`: more attachments before the evidence's three. The root is in no CMS and no DSS.
 */
export async function forgedArchive(
  tag: string,
  o: { rootCn: string; page?: boolean; attach?: (root: Issued) => Extra[] },
): Promise<{ pdf: Uint8Array; originals: { fileName: string; bytes: Uint8Array }[]; root: Issued }> {
  const P = pki();
  const rootKey = generateEcKey();
  const root = issued(
    "sealRoot",
    issueCertificate({
      subject: [[OIDS.commonName, o.rootCn]],
      subjectKey: rootKey,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2040-01-01T00:00:00Z"),
      serial: serialFor(`attack-s9b-root-${tag}`),
      extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign"), extensions.subjectKeyIdentifier(spki(rootKey))],
    }),
    rootKey,
  );
  // The seal's issuer must carry the broker's issuer name (broker-identity.ts): an intermediate of that name.
  const caKey = generateEcKey();
  const ca = issued(
    "sealRoot",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Nets A/S"],
        [OIDS.commonName, "NETS AS Intermediate CA"],
      ],
      subjectKey: caKey,
      issuer: root,
      notBefore: new Date("2021-01-01T00:00:00Z"),
      notAfter: new Date("2039-01-01T00:00:00Z"),
      serial: serialFor(`attack-s9b-ca-${tag}`),
      extensions: [
        extensions.basicConstraints(true),
        extensions.keyUsage("keyCertSign", "cRLSign"),
        extensions.subjectKeyIdentifier(spki(caKey)),
        extensions.authorityKeyIdentifier(spki(rootKey)),
      ],
    }),
    caKey,
  );
  const sealKey = generateEcKey();
  const seal = issued(
    "seal",
    issueCertificate({
      subject: SEAL_SUBJECT,
      subjectKey: sealKey,
      issuer: ca,
      notBefore: P.seal.cert.notBefore.value,
      notAfter: P.seal.cert.notAfter.value,
      serial: serialFor(`attack-s9b-seal-${tag}`),
      extensions: [
        extensions.keyUsage("digitalSignature", "nonRepudiation"),
        extensions.qcStatements(),
        extensions.subjectKeyIdentifier(spki(sealKey)),
        extensions.authorityKeyIdentifier(spki(caKey)),
      ],
    }),
    sealKey,
  );
  const F = { ...P, sealRoot: ca, seal };
  const rootPem = pem("CERTIFICATE", root.der);
  const originals: OriginalSpec[] = o.page
    ? [...DEFAULT_ORIGINALS, { title: "Bilag", pages: [["Bilag: the CA's root certificate (PEM)", "", ...rootPem.trimEnd().split("\n")]] }]
    : DEFAULT_ORIGINALS;
  const e = await buildWorkflowEvidence({ pki: F, originals });
  const p = await preparePades({ originals: e.originals.map((d) => d.bytes), attachments: [...(o.attach?.(root) ?? []), ...evidenceAttachments(e)] });
  // The seal's usual revocation data (its issuer's CRL and OCSP) and the root's CRL for the intermediate.
  const rev = sealRevocation(F);
  const pdf = sealPrepared(p, F, { certificates: [seal, ca], revocation: { crls: [...rev.crls, createCrl({ issuer: root })], ocsps: rev.ocsps } });
  return { pdf, originals: e.originals, root };
}
