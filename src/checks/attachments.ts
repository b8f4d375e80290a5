// Check "attachments": the token, its certificate (PEM) and the OCSP response are each present exactly
// once and decodable; in a PAdES they must also be covered by the seal (see the seal checks).
import { errorMessage } from "../errors.js";
import { certificateFromPem } from "../pki/certificate.js";
import { decodeOcsp } from "../pki/ocsp.js";
import { failed, passed } from "../report/check.js";
import type { PkiSession } from "../pki/session.js";
import type { TokenJsonFields } from "../input/evidence-file.js";
import type { Established, EvidenceFacts, TokenEvidence } from "./facts.js";

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Decodes the three values. `where` says where each came from for the messages (an attachment name or a JSON
 * field). Returns the problems found, one sentence each, and what was decoded.
 */
export function decodeTokenEvidence(
  pki: PkiSession,
  values: Partial<Record<keyof TokenEvidence, unknown>>,
  where: Record<keyof TokenEvidence, string>,
  alreadyReported: ReadonlySet<keyof TokenEvidence> = new Set(),
): { problems: string[]; facts: EvidenceFacts } {
  const problems: string[] = [];
  const missing = (key: keyof TokenEvidence) => {
    if (!alreadyReported.has(key)) problems.push(`${where[key]} is missing or empty`);
  };
  const ev: Partial<TokenEvidence> = {};
  let tokenCert: EvidenceFacts["tokenCert"];
  let decodedOcsp: EvidenceFacts["ocsp"];
  const token = values.token;
  if (typeof token !== "string" || token.trim() === "") missing("token");
  else ev.token = token;

  const pem = values.certPem;
  if (typeof pem !== "string" || pem.trim() === "") missing("certPem");
  else {
    try {
      tokenCert = certificateFromPem(pem, where.certPem, pki);
      ev.certPem = pem;
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }

  const ocsp = values.ocspBase64;
  if (typeof ocsp !== "string" || ocsp.trim() === "") missing("ocspBase64");
  else {
    // The broker writes one padded line; line breaks (as a MIME encoder would add) are tolerated.
    const compact = ocsp.replace(/\s+/g, "");
    if (!B64.test(compact) || compact.length % 4 !== 0) problems.push(`${where.ocspBase64} is not standard base64 (padded)`);
    else {
      try {
        decodedOcsp = decodeOcsp(new Uint8Array(Buffer.from(compact, "base64")), pki);
        ev.ocspBase64 = compact;
      } catch (e) {
        problems.push(`${where.ocspBase64}: ${errorMessage(e)}`);
      }
    }
  }
  return {
    problems,
    facts: { evidence: ev, ...(ev.token ? { token: ev.token } : {}), ...(tokenCert ? { tokenCert } : {}), ...(decodedOcsp ? { ocsp: decodedOcsp } : {}) },
  };
}

/** The Workflow-token endpoint JSON: the three fields instead of attachments; no seal covers them. */
export function checkJsonFields(pki: PkiSession, f: TokenJsonFields): Established<EvidenceFacts> {
  const { problems, facts } = decodeTokenEvidence(
    pki,
    { token: f.workflowToken, certPem: f.publicSigningCertPem, ocspBase64: f.ocspResponse },
    { token: '"workflowToken"', certPem: '"publicSigningCertPem"', ocspBase64: '"ocspResponse"' },
  );
  if (problems.length) {
    return {
      check: failed("attachments", "FORMAT_FAILURE", `The Workflow-token JSON is incomplete or undecodable: ${problems.join("; ")}.`, {
        details: { problems },
      }),
      facts,
    };
  }
  const check = passed(
    "attachments",
    "The Workflow-token JSON holds the token, its certificate and the OCSP response, each decodable (no seal covers them in this form).",
    {
      details: { source: "workflow-token-json", fields: ["workflowToken", "publicSigningCertPem", "ocspResponse"] },
    },
  );
  return { check, facts };
}
