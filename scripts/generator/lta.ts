// Long-term samples (issue 36): the valid archive taken to PAdES-BASELINE-LTA by `augment` against a TSA on
// 127.0.0.1 the day after sealing, and a B-T archive sealed by a seal certificate that expired on 2026-01-15
// (as every broker archive's seal certificate does within about two years): what the reference validators
// can no longer establish today without a proof of existence.
import { augmentArchive } from "../../src/api/internal.js";
import { buildArchive, type Archive } from "./archive.js";
import { createOcspResponse } from "./ocsp.js";
import { SEAL_SUBJECT, extensions, issueCertificate, issued, serialFor, type Issued, type TestPki } from "./pki.js";
import { generateRsaKey, spkiDer } from "./keys.js";
import { startTsa } from "./servers.js";
import { TIMELINE } from "./timeline.js";

/** When the sample archive was augmented: the day after sealing. */
export const AUGMENTED_AT = new Date("2025-12-09T10:00:00Z");
/** The short-lived seal certificate's end. */
export const EXPIRED_SEAL_NOT_AFTER = new Date("2026-01-15T00:00:00Z");

/** The seal certificate as the PKI's, but valid only until 2026-01-15. */
export function expiredSeal(pki: TestPki): Issued {
  const key = generateRsaKey(2048);
  return issued(
    "seal",
    issueCertificate({
      subject: SEAL_SUBJECT,
      subjectKey: key,
      issuer: pki.sealRoot,
      notBefore: TIMELINE.validity.seal[0],
      notAfter: EXPIRED_SEAL_NOT_AFTER,
      serial: serialFor("seal-expired"),
      extensions: [
        extensions.keyUsage("digitalSignature", "nonRepudiation"),
        extensions.qcStatements(),
        extensions.authorityKeyIdentifier(spkiDer(pki.sealRoot.key)),
        extensions.subjectKeyIdentifier(spkiDer(key)),
      ],
    }),
    key,
  );
}

/** `pdf` augmented at AUGMENTED_AT, with an OCSP response for the TSA's certificate of that morning. */
export async function augmentedAt(pki: TestPki, pdf: Uint8Array, trustDir: string): Promise<Uint8Array> {
  const tsa = await startTsa(pki.tsa, { clock: () => AUGMENTED_AT });
  try {
    const morning = new Date(AUGMENTED_AT.getTime() - 3600_000);
    const ocsp = createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: morning, thisUpdate: morning });
    const r = await augmentArchive({
      evidence: { name: "archive.pdf", bytes: pdf },
      tsa: tsa.url,
      trust: [trustDir],
      ocsp: [ocsp],
      now: new Date(AUGMENTED_AT.getTime() + 60_000),
    });
    return r.bytes;
  } finally {
    await tsa.close();
  }
}

/** The B-T archive whose seal certificate has expired. */
export async function expiredArchive(pki: TestPki): Promise<Archive> {
  return buildArchive({ ...pki, seal: expiredSeal(pki) });
}
