// Checks "ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness" for the token certificate's
// OCSP response. The judgements live in pki/ocsp.ts (shared with the seal); this maps them to checks.
import { anchorsFor } from "../pki/trust-store.js";
import type { Judgement } from "../pki/ocsp.js";
import { judgeOcspWith } from "../pki/revocation.js";
import { result } from "../report/check.js";
import type { CheckResult, ValidationTime } from "../report/types.js";
import { tokenSealingTime, evidenceTime, type ArchiveFacts, type CheckEnv, type OcspFacts, type With } from "./facts.js";
import type { CertificateSummary } from "../report/types.js";
import type { PadesFacts } from "./pades.js";

export const OCSP_CHECK_IDS = ["ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness"] as const;

function toCheck(id: (typeof OCSP_CHECK_IDS)[number], j: Judgement, at: ValidationTime): CheckResult {
  return result(id, j.status, j.message, { sub: j.subIndication, at, details: j.details });
}

type Needs = Pick<ArchiveFacts, "ocsp" | "tokenCert" | "tokenIssuer" | "claims" | "sealTimestamp"> & Pick<PadesFacts, "dss">;

export async function checkOcsp(env: CheckEnv, f: With<Needs, "ocsp" | "tokenCert">): Promise<{ checks: CheckResult[]; facts: OcspFacts }> {
  const sealing = tokenSealingTime(f) ?? evidenceTime(env, f);
  // A delegated responder without ocsp-nocheck needs revocation data of its own: the archive's DSS may hold it.
  const j = await judgeOcspWith(
    {
      session: env.pki,
      decoded: f.ocsp,
      target: f.tokenCert,
      issuer: f.tokenIssuer ?? null,
      // The responder is judged when it signed: the anchors a trusted list gave for that time.
      pool: [...anchorsFor(env.trust, "token", f.ocsp.producedAt ?? sealing.time), ...env.trust.intermediates],
      sealingTime: sealing.time,
      freshnessWindowSeconds: env.options.ocspWindowSeconds,
      clockSkewSeconds: env.options.clockSkewSeconds,
    },
    { ocsps: f.dss?.ocsps ?? [], crls: f.dss?.crls ?? [] },
  );
  const producedAt: ValidationTime = f.ocsp.producedAt ? { time: f.ocsp.producedAt, source: "ocsp-produced-at" } : sealing;
  const responder = (j.signature.details as { responder?: CertificateSummary } | undefined)?.responder;
  const checks = [
    // The responder's authority is judged when it signed; status and freshness against the sealing time.
    toCheck("ocsp-signature", staleFirst(j.signature, j.freshness, f.ocsp.producedAt ?? null, sealing.time), producedAt),
    toCheck("ocsp-certid", j.certId, sealing),
    toCheck("ocsp-status", j.status, sealing),
    toCheck("ocsp-freshness", j.freshness, sealing),
  ];
  // The first TRY_LATER is the verdict's reason: it says why retrying will not help and what to do instead.
  const first = checks.find((c) => c.status === "indeterminate" && c.subIndication === "TRY_LATER");
  if (first) first.message += ` ${NEXT_STEP}`;
  return { checks, facts: responder ? { ocspResponder: responder } : {} };
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
