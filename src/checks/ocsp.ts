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
    decoded: ctx.ocsp,
    target: ctx.tokenCert,
    issuer: ctx.tokenIssuer ?? null,
    pool: [...anchorsFor(ctx.trust, "token"), ...ctx.trust.intermediates],
    sealingTime: sealing.time,
    freshnessWindowSeconds: ctx.options.ocspWindowSeconds,
    clockSkewSeconds: ctx.options.clockSkewSeconds,
  });
  const producedAt: ValidationTime = ctx.ocsp.producedAt ? { time: ctx.ocsp.producedAt, source: "ocsp-produced-at" } : sealing;
  return [
    // The responder's authority is judged when it signed; status and freshness against the sealing time.
    toCheck("ocsp-signature", j.signature, producedAt),
    toCheck("ocsp-certid", j.certId, sealing),
    toCheck("ocsp-status", j.status, sealing),
    toCheck("ocsp-freshness", j.freshness, sealing),
  ];
}
