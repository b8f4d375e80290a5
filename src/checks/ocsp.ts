// Checks "ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness" for the token certificate's
// OCSP response. The judgements live in pki/ocsp.ts (shared with the seal); this maps them to checks.
import { summarize, shownSubject } from "../pki/certificate.js";
import { anchorsFor } from "../pki/trust-store.js";
import type { Judgement, OcspJudgements } from "../pki/ocsp.js";
import type * as pkijs from "pkijs";
import { heldAt, judgeOcspWith, readAll, readItem, revokedBy, type LocatedItem, type LocatedStatement, type RenewedKeyTrust } from "../pki/revocation.js";
import { result } from "../report/check.js";
import type { CheckResult, ValidationTime } from "../report/types.js";
import { tokenSealingTime, evidenceTime, type ArchiveFacts, type CheckEnv, type EvidenceRevocation, type OcspFacts, type With } from "./facts.js";
import type { CertificateSummary } from "../report/types.js";
import { pathTrust, TOKEN_OCSP } from "./revocation-items.js";

export const OCSP_CHECK_IDS = ["ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness"] as const;

function toCheck(id: (typeof OCSP_CHECK_IDS)[number], j: Judgement, at: ValidationTime): CheckResult {
  return result(id, j.status, j.message, { sub: j.subIndication, at, details: j.details });
}

type Needs = Pick<ArchiveFacts, "ocsp" | "tokenCert" | "tokenIssuer" | "tokenChain" | "claims" | "sealTimestamp" | "revocationItems">;

export async function checkOcsp(env: CheckEnv, f: With<Needs, "ocsp" | "tokenCert" | "revocationItems">): Promise<{ checks: CheckResult[]; facts: OcspFacts }> {
  const sealing = tokenSealingTime(f) ?? evidenceTime(env, f);
  // Every item of revocation data the evidence holds (attack36b T2): the token's own response is one among them.
  const file = f.revocationItems;
  const data = file.data;
  // A delegated responder without ocsp-nocheck needs revocation data of its own: the archive may hold it.
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
      // The token's own response is sealed with it: checked outside the run's budget (a11 D2b).
      sealed: true,
    },
    data,
    tokenTrust(env, f, f.ocsp.producedAt ?? sealing.time),
  );
  const producedAt: ValidationTime = f.ocsp.producedAt ? { time: f.ocsp.producedAt, source: "ocsp-produced-at" } : sealing;
  const responder = (j.signature.details as { responder?: CertificateSummary } | undefined)?.responder;
  const rule = await byTheRule(env, f, file, j, sealing);
  const checks = [
    // The responder's authority is judged when it signed; status and freshness against the sealing time.
    toCheck("ocsp-signature", rule.signature ?? staleFirst(j.signature, j.freshness, f.ocsp.producedAt ?? null, sealing.time), producedAt),
    toCheck("ocsp-certid", j.certId, sealing),
    toCheck("ocsp-status", rule.status ?? j.status, rule.at ?? sealing),
    toCheck("ocsp-freshness", j.freshness, sealing),
  ];
  // The first TRY_LATER is the verdict's reason: it says why retrying will not help and what to do instead.
  const first = checks.find((c) => c.status === "indeterminate" && c.subIndication === "TRY_LATER" && !c.details?.byRevocationRule);
  if (first) first.message += ` ${NEXT_STEP}`;
  return { checks, facts: { ...(responder ? { ocspResponder: responder } : {}), ...(rule.revokedAt ? { tokenRevokedAt: rule.revokedAt } : {}) } };
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, "Z");

/** The token path's trust for its CA's renewed keys (s6 edge d), judged at `at`. */
function tokenTrust(env: CheckEnv, f: Needs, at: Date): { renewed?: RenewedKeyTrust } {
  return f.tokenChain?.status === "valid" ? pathTrust(env, "token", f.tokenChain.path, at, f.revocationItems?.certs ?? []) : {};
}
const named = (s: LocatedStatement) => `${s.text} (${s.where})`;

/**
 * The one revocation rule (src/pki/revocation.ts) for the token certificate and its OCSP responder, over every
 * authentic item the evidence holds (attack36b T2), beside the broker profile's reading of the token's own
 * response (judgeOcsp, which stays). The token must speak for the time its proof of existence gives it: the
 * seal's timestamp (the token lies in the sealed revision), else the time it claims (its iat; the JSON forms
 * carry only their one response). As EN 319 102-1 §5.3 (and EU DSS) reads a revocation against a signing-time
 * claim:
 * - revoked at or before the token's iat: TOTAL-FAILED/REVOKED (the token was issued with a revoked key, by its
 *   own claim);
 * - revoked after the iat but at or before the proof of existence: INDETERMINATE/REVOKED_NO_POE (nothing shows
 *   the token was made before the revocation);
 * - on hold (certificateHold, not lifted) at the proof of existence: INDETERMINATE/TRY_LATER;
 * - revoked later, by the validation time: a warning, and `tokenRevokedAt` for long-term validation;
 * - a delegated responder revoked at or before the proof of existence: its response is not relied upon
 *   (INDETERMINATE/TRY_LATER), and what it states is left out.
 * Returns the judgements that replace the profile's (none when the rule adds nothing).
 */
async function byTheRule(
  env: CheckEnv,
  f: With<Needs, "ocsp" | "tokenCert">,
  file: EvidenceRevocation,
  j: OcspJudgements,
  sealing: ValidationTime,
): Promise<{ status?: Judgement; signature?: Judgement; revokedAt?: Date; at?: ValidationTime }> {
  const poe: ValidationTime = f.sealTimestamp ? { time: f.sealTimestamp, source: "seal-timestamp" } : sealing;
  const issuer = f.tokenIssuer ?? null;
  if (!issuer || !file.items.length) return {};
  const pool = [...f.ocsp.certificates, ...file.certs, ...anchorsFor(env.trust, "token", poe.time), ...env.trust.intermediates];
  const skew = env.options.clockSkewSeconds;
  const { renewed } = tokenTrust(env, f, poe.time);
  const out: { status?: Judgement; signature?: Judgement; revokedAt?: Date; at?: ValidationTime } = {};
  const rule = { byRevocationRule: true };
  let items = file.items;
  // The responder that signed the token's response, when the CA delegated it.
  const signedBy = (j.signature.details as { authorisation?: string; responder?: CertificateSummary }).responder;
  if (j.signature.status === "passed" && (j.signature.details as { authorisation?: string }).authorisation === "delegated-responder" && signedBy) {
    const cert = pool.find((c) => summarize(c).sha256 === signedBy.sha256);
    const said = cert ? revokedBy((await readAll(env.pki, items, cert, issuer, pool, skew, undefined, renewed)).statements, poe.time) : null;
    if (said) {
      const message = `The OCSP responder ${shownSubject(cert!)} that signed the token's response was revoked: ${named(said)}, at or before ${iso(poe.time)}, the earliest time the response is shown to exist: the response is not relied upon.`;
      out.signature = {
        status: "indeterminate",
        subIndication: "TRY_LATER",
        message,
        details: { ...j.signature.details, responderRevocation: said.text, ...rule },
      };
      out.status = {
        status: "indeterminate",
        subIndication: "TRY_LATER",
        message: `The token's OCSP response is not relied upon: its responder was revoked (${named(said)}).`,
        details: { ...j.status.details, ...rule },
      };
      items = items.filter((i) => i.where !== TOKEN_OCSP);
    }
  }
  // Every other OCSP answer about the token certificate signed by a delegated responder of its CA that an item
  // states revoked at or before the proof of existence: not relied upon, as the token's own response is not (s6
  // edge b; a responder without ocsp-nocheck is already judged when it signed, revocation.ts responderRevocation).
  const signers = new Map<string, { cert: pkijs.Certificate; items: LocatedItem[] }>();
  for (const i of items) {
    if (i.kind !== "ocsp" || i.where === TOKEN_OCSP) continue;
    const r = (await readItem(env.pki, i, f.tokenCert, issuer, pool, skew, file.data, undefined, renewed ? { renewed } : {})).ocsp;
    const d = r?.signature.details as { authorisation?: string; responder?: CertificateSummary } | undefined;
    if (!r || r.certId.status !== "passed" || r.signature.status !== "passed" || d?.authorisation !== "delegated-responder" || !d.responder) continue;
    const key = d.responder.sha256;
    const known = signers.get(key);
    if (known) known.items.push(i);
    else {
      const cert = pool.find((c) => summarize(c).sha256 === key);
      if (cert) signers.set(key, { cert, items: [i] });
    }
  }
  const setAside: { responder: string; revocation: string; where: string[] }[] = [];
  for (const { cert, items: its } of signers.values()) {
    const said = revokedBy((await readAll(env.pki, items, cert, issuer, pool, skew, undefined, renewed)).statements, poe.time);
    if (!said) continue;
    items = items.filter((i) => !its.includes(i));
    setAside.push({ responder: shownSubject(cert), revocation: named(said), where: [...new Set(its.map((i) => i.where))] });
  }
  const aside = setAside.length
    ? ` Not relied upon: ${setAside.map((x) => `the answers of the OCSP responder ${x.responder} (${x.where.join(", ")}), revoked: ${x.revocation}, at or before ${iso(poe.time)}`).join("; ")}.`
    : "";
  const { statements } = await readAll(env.pki, items, f.tokenCert, issuer, pool, skew, file.data, renewed);
  const subject = `The token certificate ${shownSubject(f.tokenCert)}`;
  const details: Record<string, unknown> = {
    ...j.status.details,
    judgedAt: iso(poe.time),
    ...rule,
    ...(setAside.length ? { responderRevoked: setAside } : {}),
  };
  const revoked = revokedBy(statements, poe.time);
  if (revoked) {
    details.revokedBy = { text: revoked.text, where: revoked.where };
    out.at = poe;
    // The profile's own reading already failed it on the same grounds: its message stays.
    if (j.status.status === "failed" && j.status.subIndication === "REVOKED" && !out.status) return out;
    if (revoked.revokedAt!.getTime() <= sealing.time.getTime()) {
      out.status = {
        status: "failed",
        subIndication: "REVOKED",
        message: `${subject} was revoked before the token was issued: ${named(revoked)}, at or before its iat ${iso(sealing.time)}.${aside}`,
        details,
      };
    } else {
      out.status = {
        status: "indeterminate",
        subIndication: "REVOKED_NO_POE",
        message: `${subject} was revoked: ${named(revoked)}, after the time the token claims (its iat ${iso(sealing.time)}) but at or before the earliest proof of its existence (${iso(poe.time)}, ${poe.source === "seal-timestamp" ? "the seal's timestamp" : poe.source}): nothing shows the token was made before the revocation.${aside}`,
        details,
      };
    }
    return out;
  }
  const held = heldAt(statements, poe.time);
  if (held) {
    out.at = poe;
    if (j.status.details.onHold === true && j.status.status === "indeterminate") return out;
    out.status = {
      status: "indeterminate",
      subIndication: "TRY_LATER",
      message: `${subject} was suspended: ${named(held)}, at or before ${iso(poe.time)}, and no later item of its CA lifts the suspension.${aside}`,
      details: { ...details, onHold: true },
    };
    return out;
  }
  const later = revokedBy(statements, env.validationTime.time);
  if (later) {
    out.revokedAt = later.revokedAt!;
    if (!out.status && j.status.status === "passed")
      out.status = {
        status: "warning",
        subIndication: null,
        message: `${j.status.message} ${subject} was revoked later: ${named(later)}, after ${iso(poe.time)}, the earliest proof of the token's existence (long-term validation weighs it).`,
        details: { ...details, revokedBy: { text: later.text, where: later.where } },
      };
  }
  return out;
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
