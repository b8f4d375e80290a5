// Check "attachments": the token, its certificate (PEM) and the OCSP response are each present exactly
// once and decodable; in a PAdES they must also be covered by the seal (see the seal checks).
import { errorMessage } from "../errors.js";
import { certificateFromPem } from "../pki/certificate.js";
import { decodeOcsp } from "../pki/ocsp.js";
import { failed, passed } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ArchiveContext, TokenEvidence } from "./context.js";

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Decodes the three values and records them in the context. `where` says where each came from for the
 * messages (an attachment name or a JSON field). Returns the problems found, one sentence each.
 */
export function decodeTokenEvidence(
  ctx: ArchiveContext,
  values: Partial<Record<keyof TokenEvidence, unknown>>,
  where: Record<keyof TokenEvidence, string>,
  alreadyReported: ReadonlySet<keyof TokenEvidence> = new Set(),
): string[] {
  const problems: string[] = [];
  const missing = (key: keyof TokenEvidence) => {
    if (!alreadyReported.has(key)) problems.push(`${where[key]} is missing or empty`);
  };
  const ev: Partial<TokenEvidence> = {};
  const token = values.token;
  if (typeof token !== "string" || token.trim() === "") missing("token");
  else ev.token = token;

  const pem = values.certPem;
  if (typeof pem !== "string" || pem.trim() === "") missing("certPem");
  else {
    try {
      ctx.tokenCert = certificateFromPem(pem, where.certPem, ctx.session.pki);
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
        ctx.ocsp = decodeOcsp(new Uint8Array(Buffer.from(compact, "base64")), ctx.session.pki);
        ev.ocspBase64 = compact;
      } catch (e) {
        problems.push(`${where.ocspBase64}: ${errorMessage(e)}`);
      }
    }
  }
  ctx.evidence = ev;
  return problems;
}

/** The Workflow-token endpoint JSON: the three fields instead of attachments; no seal covers them. */
export function checkJsonFields(ctx: ArchiveContext): CheckResult {
  const f = ctx.input.fields!;
  const problems = decodeTokenEvidence(
    ctx,
    { token: f.workflowToken, certPem: f.publicSigningCertPem, ocspBase64: f.ocspResponse },
    { token: '"workflowToken"', certPem: '"publicSigningCertPem"', ocspBase64: '"ocspResponse"' },
  );
  if (problems.length) {
    return failed("attachments", "FORMAT_FAILURE", `The Workflow-token JSON is incomplete or undecodable: ${problems.join("; ")}.`, { details: { problems } });
  }
  return passed(
    "attachments",
    "The Workflow-token JSON holds the token, its certificate and the OCSP response, each decodable (no seal covers them in this form).",
    {
      details: { source: "workflow-token-json", fields: ["workflowToken", "publicSigningCertPem", "ocspResponse"] },
    },
  );
}
