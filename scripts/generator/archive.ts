// Whole workflow archives as a user keeps them (evidence.md §6): the sealed PAdES, both endpoint JSON
// forms and the originals; plus the ordinary tampered archives of the first verify issue.
import type { Expected } from "./attacks.js";
import { buildWorkflowEvidence, padesJson, workflowTokenJson, type EvidenceOptions, type OriginalFile, type WorkflowEvidence } from "./evidence.js";
import { flipOneByte } from "./originals.js";
import { createSealedPades, evidenceAttachments, type PadesLayout, type SealOptions } from "./pdf.js";
import type { TestPki } from "./pki.js";
import { TIMELINE } from "./timeline.js";
import { createOcspResponse } from "./ocsp.js";

export interface ArchiveOptions extends Omit<EvidenceOptions, "pki"> {
  /** PAdES layout overrides (name tree, /Contents size, …). */
  layout?: Partial<PadesLayout>;
  seal?: SealOptions;
}

export interface Archive {
  evidence: WorkflowEvidence;
  /** The sealed PAdES. */
  pdf: Uint8Array;
  padesJson: string;
  workflowTokenJson: string;
}

/** Build one workflow's complete evidence: genuine unless the options tamper with it. */
export async function buildArchive(pki: TestPki, o: ArchiveOptions = {}): Promise<Archive> {
  const evidence = await buildWorkflowEvidence({ ...o, pki });
  const pdf = await createSealedPades(
    pki,
    {
      originals: evidence.originals.map((d) => d.bytes),
      attachments: evidenceAttachments(evidence),
      ...o.layout,
    },
    o.seal,
  );
  return { evidence, pdf, padesJson: padesJson(pdf, evidence.resultInfo), workflowTokenJson: workflowTokenJson(evidence) };
}

/** Files of a sample directory, by relative path. */
export type SampleFiles = Record<string, Uint8Array | string>;

export function originalsFiles(originals: OriginalFile[]): SampleFiles {
  return Object.fromEntries(originals.map((d) => [`originals/${d.fileName}`, d.bytes]));
}

/** The valid sample: archive.pdf, pades.json, workflowtoken.json, originals/. */
export function validFiles(a: Archive): SampleFiles {
  return {
    "archive.pdf": a.pdf,
    "pades.json": a.padesJson,
    "workflowtoken.json": a.workflowTokenJson,
    ...originalsFiles(a.evidence.originals),
  };
}

export interface ArchiveVariant {
  name: string;
  description: string;
  files: SampleFiles;
  expected: Expected;
}

const iso = (d: Date): string => d.toISOString().replace(".000", "");
const failed = (check: string, subIndication: string): Expected => ({ indication: "TOTAL-FAILED", subIndication, check });
const indeterminate = (check: string, subIndication: string): Expected => ({ indication: "INDETERMINATE", subIndication, check });
const passed = (check: string): Expected => ({ indication: "TOTAL-PASSED", subIndication: null, check });
/**
 * A Workflow-token JSON's verdict, stated at the time its token claims (--at iat): the form carries no proof of
 * existence, so as of now its long-term check judges the token's certificates at now (attack36 J1).
 */
const atClaimedTime = (e: Expected): Expected => ({ ...e, at: iso(TIMELINE.iat) });

/** The ordinary tampered (and a few extra valid) archives. */
export async function buildArchiveVariants(pki: TestPki, genuine?: Archive): Promise<ArchiveVariant[]> {
  const g = genuine ?? (await buildArchive(pki));
  const originals = originalsFiles(g.evidence.originals);
  const out: ArchiveVariant[] = [];
  /** A Workflow-token JSON variant with the genuine originals beside it. */
  const json = async (name: string, description: string, o: ArchiveOptions, expected: Expected): Promise<void> => {
    const e = await buildWorkflowEvidence({ ...o, pki });
    out.push({ name, description, files: { "workflowtoken.json": workflowTokenJson(e), ...originals }, expected: atClaimedTime(expected) });
  };

  const [first, ...rest] = g.evidence.originals;
  out.push({
    name: "original-changed",
    description: "The first original PDF has one byte changed (header comment; it still opens and looks the same).",
    files: {
      "workflowtoken.json": g.workflowTokenJson,
      ...originalsFiles([{ ...first!, bytes: flipOneByte(first!.bytes) }, ...rest]),
    },
    expected: atClaimedTime(failed("document-digests", "HASH_FAILURE")),
  });
  const alter = (p: Record<string, unknown>): Record<string, unknown> => ({ ...p, workflow_title: "Lejekontrakt (ændret)" });
  await json(
    "token-payload-altered",
    "The token's payload was changed (workflow_title) and its signature kept.",
    { tamperPayload: alter },
    failed("token-signature", "SIG_CRYPTO_FAILURE"),
  );
  {
    const a = await buildArchive(pki, { tamperPayload: alter });
    out.push({
      name: "token-payload-altered-pdf",
      description: "PAdES whose workflow_token.jwt has an altered payload; the PAdES itself is properly sealed over it.",
      files: { "archive.pdf": a.pdf, ...originals },
      expected: failed("token-signature", "SIG_CRYPTO_FAILURE"),
    });
  }
  await json(
    "token-wrong-signer",
    "The token is signed by another certificate of the same CA, but the PEM and kid name the genuine token certificate.",
    { tokenSigner: pki.otherTokenSigner, pemCertificate: pki.tokenSigner },
    failed("token-signature", "SIG_CRYPTO_FAILURE"),
  );
  await json(
    "token-untrusted-signer",
    "Token, PEM and OCSP (by its own responder) from a CA that is not a trust anchor.",
    { tokenSigner: pki.foreignTokenSigner, ocsp: { issuer: pki.foreignRoot, responder: pki.foreignResponder } },
    indeterminate("token-certificate", "NO_CERTIFICATE_CHAIN_FOUND"),
  );
  await json(
    "token-cert-revoked",
    `The OCSP response says revoked at ${iso(TIMELINE.revokedAt)} (keyCompromise), before iat.`,
    { ocsp: { status: { revokedAt: TIMELINE.revokedAt, reason: 1 } } },
    failed("ocsp-status", "REVOKED"),
  );
  await json(
    "ocsp-other-certificate",
    "The OCSP response is about another certificate of the same CA (CertID serial differs).",
    { ocsp: { subject: pki.otherTokenSigner } },
    indeterminate("ocsp-certid", "TRY_LATER"),
  );
  await json(
    "ocsp-unauthorised-responder",
    "The OCSP response is signed by a certificate of the same CA without id-kp-OCSPSigning.",
    { ocsp: { responder: pki.unauthorisedResponder } },
    indeterminate("ocsp-signature", "TRY_LATER"),
  );
  await json(
    "ocsp-foreign-responder",
    "The OCSP response is signed by a responder of a different, untrusted CA.",
    { ocsp: { responder: pki.foreignResponder } },
    indeterminate("ocsp-signature", "TRY_LATER"),
  );
  await json(
    "ocsp-stale",
    `The OCSP response was produced ${iso(TIMELINE.staleProducedAt)}; its nextUpdate is before iat.`,
    { ocsp: { producedAt: TIMELINE.staleProducedAt, nextUpdate: TIMELINE.staleNextUpdate } },
    indeterminate("ocsp-freshness", "TRY_LATER"),
  );
  await json(
    "counts-mismatch",
    'The token says documents_signed_number "3" but has two document_N claims; workflowResultInfo says 2.',
    { claims: { documents_signed_number: "3" } },
    failed("counts", "FORMAT_FAILURE"),
  );
  {
    // An OCES3 customer (any holder of a certificate from the CA the user must trust for the token) seals a
    // PDF built around a genuine token: a valid seal, chained to an anchor, with good revocation data.
    const oces = pki.otherTokenSigner;
    const a = await buildArchive(pki, {
      seal: {
        signer: oces,
        certificates: [oces, pki.tokenCa],
        revocation: {
          crls: [],
          ocsps: [
            createOcspResponse({
              subject: oces,
              issuer: pki.tokenCa,
              responder: pki.ocspResponder,
              producedAt: TIMELINE.sealRevocationAt,
              nextUpdate: TIMELINE.sealRevocationNext,
            }),
          ],
        },
      },
    });
    out.push({
      name: "sealed-by-oces-customer",
      description:
        "A genuine token and originals in a PAdES sealed by another certificate of the token's CA (an OCES3 customer, trusted for the token), not by the broker.",
      files: { "archive.pdf": a.pdf, ...originals },
      expected: failed("seal-certificate", "FORMAT_FAILURE"),
    });
  }
  out.push({
    name: "token-only-json",
    description: "Workflow-token JSON with only workflowToken and workflowResultInfo (no ocspResponse, no publicSigningCertPem).",
    files: { "workflowtoken.json": workflowTokenJson(g.evidence, ["ocspResponse", "publicSigningCertPem"]), ...originals },
    expected: atClaimedTime(failed("attachments", "FORMAT_FAILURE")),
  });

  // Valid shapes that must also pass.
  {
    const a = await buildArchive(pki, { layout: { nameTree: "kids" } });
    out.push({
      name: "valid-kids-tree",
      description: "VALID: the EmbeddedFiles name tree uses /Kids (two leaves with /Limits) instead of a flat /Names.",
      files: { "archive.pdf": a.pdf, ...originals },
      expected: passed("attachments"),
    });
  }
  await json("valid-es256", "VALID: the token is signed ES256 by a P-256 certificate of the same CA.", { alg: "ES256" }, passed("token-signature"));
  {
    const a = await buildArchive(pki, { claimFilter: "All" });
    out.push({
      name: "valid-claim-filter-all",
      description: "VALID: PAdES built with claim filter All (the PAdES token copy carries IP, age and CPR claims).",
      files: { "archive.pdf": a.pdf, ...originals },
      expected: passed("token-claims"),
    });
  }
  return out;
}
