// Checks "ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness" for the token certificate's
// OCSP response. The judgements live in pki/ocsp.ts (shared with the seal); this maps them to checks.
import { anchorsFor } from "../pki/trust-store.js";
import { judgeOcsp, type Judgement } from "../pki/ocsp.js";
import { result, skipped } from "../report/check.js";
import type { CheckResult, ValidationTime } from "../report/types.js";
import { tokenSealingTime, validationTime, type ArchiveContext } from "./context.js";

export const OCSP_CHECK_IDS = ["ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness"] as const;

function toCheck(id: string, j: Judgement, at: ValidationTime): CheckResult {
  return result(id, j.status, j.message, { sub: j.subIndication, at, details: j.details });
}

export async function checkOcsp(ctx: ArchiveContext): Promise<CheckResult[]> {
  if (!ctx.ocsp) return OCSP_CHECK_IDS.map((id) => skipped(id, "No decodable OCSP response is in the evidence."));
  if (!ctx.tokenCert) return OCSP_CHECK_IDS.map((id) => skipped(id, "No token certificate could be read, so the OCSP response cannot be related to it."));
  const sealing = tokenSealingTime(ctx) ?? validationTime(ctx);
  const j = await judgeOcsp({
    session: ctx.session.pki,
    decoded: ctx.ocsp,
    target: ctx.tokenCert,
    issuer: ctx.tokenIssuer ?? null,
    pool: [...anchorsFor(ctx.trust, "token"), ...ctx.trust.intermediates],
    sealingTime: sealing.time,
    freshnessWindowSeconds: ctx.options.ocspWindowSeconds,
    clockSkewSeconds: ctx.options.clockSkewSeconds,
  });
  const producedAt: ValidationTime = ctx.ocsp.producedAt ? { time: ctx.ocsp.producedAt, source: "ocsp-produced-at" } : sealing;
  const checks = [
    // The responder's authority is judged when it signed; status and freshness against the sealing time.
    toCheck("ocsp-signature", staleFirst(j.signature, j.freshness, ctx.ocsp.producedAt ?? null, sealing.time), producedAt),
    toCheck("ocsp-certid", j.certId, sealing),
    toCheck("ocsp-status", j.status, sealing),
    toCheck("ocsp-freshness", j.freshness, sealing),
  ];
  // The first TRY_LATER is the verdict's reason: it says why retrying will not help and what to do instead.
  const first = checks.find((c) => c.status === "indeterminate" && c.subIndication === "TRY_LATER");
  if (first) first.message += ` ${NEXT_STEP}`;
  return checks;
}

const NEXT_STEP =
  "Trying again will not change this: the OCSP response is part of the sealed evidence. Check that the file is the evidence as the broker delivered it (the PAdES and the Workflow-token endpoint response of the same workflow carry the same response).";

/**
 * A response produced long before the sealing time is stale, and its responder's certificate may not have been
 * valid yet at that moment either. Both are true; the staleness is the cause, so the signature check says so
 * instead of blaming the responder certificate alone.
 */
function staleFirst(signature: Judgement, freshness: Judgement, producedAt: Date | null, sealing: Date): Judgement {
  const responderInvalid = (signature.details as { authorisation?: string } | undefined)?.authorisation === "responder-not-valid";
  if (!responderInvalid || freshness.status === "passed" || !producedAt || producedAt.getTime() >= sealing.getTime()) return signature;
  const days = Math.round((sealing.getTime() - producedAt.getTime()) / 86_400_000);
  const ago = days >= 1 ? `${days} day${days === 1 ? "" : "s"}` : `${Math.round((sealing.getTime() - producedAt.getTime()) / 1000)} s`;
  return {
    ...signature,
    message: `The response is stale: produced at ${producedAt.toISOString()}, ${ago} before the sealing time ${sealing.toISOString()}, so it is not the response fetched when the workflow was sealed; its responder's certificate was not yet valid at that moment either.`,
  };
}
