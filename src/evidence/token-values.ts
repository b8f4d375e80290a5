// The three values every form of the evidence carries (the Workflow token, its certificate's PEM, the OCSP
// response in base64), read undecoded from the sealed revision's attachments or the endpoint JSON's fields.
// One owner for inspect, extract and the --token cross-check.
import { errorMessage } from "../errors.js";
import type { EvidenceInput } from "../input/evidence-file.js";
import { findSignatures, listEmbeddedFiles, parsePdf, type PdfDocument, type SignatureInfo } from "../input/pdf/index.js";
import type { Limits } from "../limits.js";
import { ATTACHMENT_NAMES, chooseSeal } from "./broker.js";

/** The attachment names by the value each carries, in the keys inspect and extract report. */
export const ATTACHMENTS = { token: ATTACHMENT_NAMES.token, ocsp: ATTACHMENT_NAMES.ocspBase64, certPem: ATTACHMENT_NAMES.certPem } as const;

export interface TokenValues {
  source: string;
  token?: string;
  ocspBase64?: string;
  certPem?: string;
}

export function jwsLimits(l: Limits): { maxBytes: number; maxDepth: number; maxJwtBytes: number } {
  return { maxBytes: l.maxJsonBytes, maxDepth: l.maxJsonDepth, maxJwtBytes: l.maxJwtBytes };
}

/** The revision the certification signature covers: attachments are taken from it (as verify does). */
function sealedRevision(doc: PdfDocument, sigs: readonly SignatureInfo[]): number {
  const { seal } = chooseSeal(sigs);
  return seal ? seal.revision : doc.revisions.length - 1;
}

/** The three attachments as the sealed revision holds them (the first of each name). */
export function readAttachmentValues(doc: PdfDocument, sigs: readonly SignatureInfo[], problems: string[]): TokenValues {
  const rev = sealedRevision(doc, sigs);
  const values: TokenValues = { source: `the attachments of revision ${rev + 1} (the one the seal covers)` };
  try {
    const files = listEmbeddedFiles(doc.at(rev)).files;
    for (const [key, name] of Object.entries(ATTACHMENTS) as [keyof typeof ATTACHMENTS, string][]) {
      const f = files.find((x) => x.name.text === name);
      if (!f) continue;
      try {
        const text = Buffer.from(f.decode()).toString("latin1");
        if (key === "token") values.token = text;
        else if (key === "ocsp") values.ocspBase64 = text;
        else values.certPem = text;
      } catch {
        /* reported with the embedded files */
      }
    }
  } catch (e) {
    problems.push(`the sealed revision's attachments cannot be read: ${errorMessage(e)}`);
  }
  return values;
}

/** The token, OCSP and certificate of any form of the evidence, undecoded. Throws FormatError for an unreadable PDF. */
export function readTokenValues(input: EvidenceInput, limits: Limits, problems: string[] = []): TokenValues {
  if (input.format !== "workflow-token-json") {
    const doc = parsePdf(input.pdf, limits);
    return readAttachmentValues(doc, findSignatures(doc.latest()).signatures, problems);
  }
  const f = input.fields;
  return {
    source: "the Workflow-token JSON fields",
    ...(typeof f.workflowToken === "string" ? { token: f.workflowToken } : {}),
    ...(typeof f.ocspResponse === "string" ? { ocspBase64: f.ocspResponse } : {}),
    ...(typeof f.publicSigningCertPem === "string" ? { certPem: f.publicSigningCertPem } : {}),
  };
}
