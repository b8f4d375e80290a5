// Helpers of the attack-s8b scripts (a12): the generator's archive sealed with extra attachments, a PKI with one
// role's certificate renamed, and the files written beside the originals.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicKey } from "node:crypto";
import { pki, save, work } from "../attack36/lib.js";
import { buildWorkflowEvidence, evidenceAttachments, type EvidenceOptions } from "../generator/index.js";
import { OIDS } from "../generator/der.js";
import { extensions, issueCertificate, issued, serialFor, type TestPki } from "../generator/pki.js";
import { preparePades, sealPrepared, type PadesLayout } from "../generator/pdf.js";

export type Extra = { name: string; bytes: Uint8Array };

/**
 * The generator's archive (test PKI), sealed, with `extra` attachments before the three evidence ones (a sealed
 * fourth attachment is fine, a8 A3); `P`: the PKI that seals it (e.g. a renamed TSA); `evidence`: the generator's
 * evidence options (other originals).
 */
export async function sealedArchive(
  extra: Extra[] = [],
  P: TestPki = pki(),
  layout: Partial<PadesLayout> = {},
  evidence: Partial<EvidenceOptions> = {},
): Promise<{ pdf: Uint8Array; originals: { fileName: string; bytes: Uint8Array }[] }> {
  const e = await buildWorkflowEvidence({ ...evidence, pki: P });
  const attachments = [...extra, ...evidenceAttachments(e)];
  const p = await preparePades({ originals: e.originals.map((d) => d.bytes), attachments, ...layout });
  return { pdf: sealPrepared(p, P, { certificates: [P.seal, P.sealRoot] }), originals: e.originals };
}

/** A fresh directory holding `file` and `originals/`; returns the file's path and the originals' folder. */
export function written(
  tag: string,
  fileName: string,
  bytes: Uint8Array,
  originals: { fileName: string; bytes: Uint8Array }[],
): { dir: string; file: string; originals: string } {
  const dir = work(tag);
  const file = save(dir, fileName, bytes);
  mkdirSync(join(dir, "originals"));
  for (const o of originals) writeFileSync(join(dir, "originals", o.fileName), o.bytes);
  return { dir, file, originals: join(dir, "originals") };
}

/** The test PKI with its TSA certificate reissued by the same TSA root, same key and usages, under another CN. */
export function withTsaNamed(cn: string, P: TestPki = pki()): TestPki {
  const spki = new Uint8Array(createPublicKey(P.tsa.key).export({ type: "spki", format: "der" }));
  const rootSpki = new Uint8Array(createPublicKey(P.tsaRoot.key).export({ type: "spki", format: "der" }));
  const der = issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Sealcheck Test"],
      [OIDS.commonName, cn],
    ],
    subjectKey: P.tsa.key,
    issuer: P.tsaRoot,
    notBefore: P.tsa.cert.notBefore.value,
    notAfter: P.tsa.cert.notAfter.value,
    serial: serialFor(`attack-s8b-tsa-${cn}`),
    extensions: [
      extensions.keyUsage("digitalSignature", "nonRepudiation"),
      extensions.extKeyUsage(true, OIDS.kpTimeStamping),
      extensions.subjectKeyIdentifier(spki),
      extensions.authorityKeyIdentifier(rootSpki),
    ],
  });
  return { ...P, tsa: issued("tsa", der, P.tsa.key) };
}
