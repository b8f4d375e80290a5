// Check "seal-timestamp": the signature timestamp (unsigned attribute id-aa-signatureTimeStampToken):
// imprint over the seal's signature value, TSA signature, TSA certificate and path. A verified timestamp
// is the proven sealing time (best-signature-time, ETSI EN 319 102-1 §5.6.2.1) the other checks use.
import type * as pkijs from "pkijs";
import { anchorsFor, listNote, listServiceOf, listServiceSentence } from "../pki/trust-store.js";
import { signatureValue, timestampTokens } from "../pki/cms.js";
import { verifyTimestamp, type TimestampInfo } from "../pki/timestamp.js";
import { LimitError } from "../errors.js";
import { result, indeterminate } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { CheckEnv, EvidenceRevocation, With } from "./facts.js";
import { tsaRevocation } from "./tsa-revocation.js";
import { shownSubject } from "../pki/certificate.js";
import { parsePdfDate } from "../input/pdf/index.js";
import { quoteName } from "../report/quoted-name.js";
import type { SealCmsFacts } from "./seal-signature.js";

const ID = "seal-timestamp";

/**
 * A time the seal itself claims, under its signature: the seal was made at or after it (its /M, its CMS
 * signingTime, the iat of the token it seals). `earliest` allows for the claim's precision and the clock's skew.
 */
export interface SignedClaim {
  readonly what: string;
  readonly time: Date;
  readonly earliest: Date;
}

/** A PDF date without its zone may be any local time: the earliest instant it can mean is 14 hours before UTC's. */
const UNZONED_MS = 14 * 3600_000;

/**
 * The times the seal claims under its own signature, each with the earliest instant it can mean (a22 D1): its /M (a
 * PDF date: its precision, and without a zone any local time), its CMS signingTime, the iat of the Workflow token in
 * its revision; `skewMs` for the clocks.
 */
export function signedClaims(c: { m?: string | undefined; signingTime?: Date | undefined; iat?: number | undefined }, skewMs: number): SignedClaim[] {
  const out: SignedClaim[] = [];
  const m = c.m ? parsePdfDate(c.m) : undefined;
  if (c.m && m) {
    const zoned = /^\s*D:\d{14}(?:[Zz]|[+-]\d{2})/.test(c.m);
    out.push({ what: `its /M (${quoteName(c.m)})`, time: m, earliest: new Date(m.getTime() - skewMs - (zoned ? 0 : UNZONED_MS)) });
  }
  if (c.signingTime) out.push({ what: "its CMS signingTime", time: c.signingTime, earliest: new Date(c.signingTime.getTime() - skewMs) });
  if (c.iat !== undefined && Number.isFinite(c.iat)) {
    const t = new Date(c.iat * 1000);
    if (Number.isFinite(t.getTime())) out.push({ what: "the iat of the Workflow token it seals", time: t, earliest: new Date(t.getTime() - skewMs) });
  }
  return out;
}

/** `info` is the earliest verified timestamp: the proof of existence the orchestrator makes the sealing time. */
export async function checkSealTimestamp(
  env: CheckEnv,
  seal: With<Pick<SealCmsFacts, "cms">, "cms">,
  claimedTime: string | undefined,
  /** The evidence's revocation pool (checks/revocation-items.ts: built once, before this check). */
  revocation?: EvidenceRevocation,
  claims: readonly SignedClaim[] = [],
): Promise<{ check: CheckResult; info?: TimestampInfo }> {
  const cms = seal.cms;
  const si = cms.signedData.signerInfos[0]!;
  const tokens = timestampTokens(si);
  if (tokens.length === 0) {
    return {
      check: indeterminate(
        ID,
        "NO_POE",
        "The seal has no signature timestamp (PAdES B-B): nothing proves when it was made, so the sealing time is only claimed.",
      ),
    };
  }
  if (tokens.length > env.limits.maxValidationDataItems) {
    // Unsigned attributes: anyone can add tokens to the seal's CMS without breaking it, so too many is "not
    // decided", never "forged" (attack-s5 P1c's class).
    const e = new LimitError("maxValidationDataItems", `the seal carries ${tokens.length} signature timestamps`);
    return { check: indeterminate(ID, "GENERIC", `The seal's timestamps are not read, so the sealing time is not decided: ${e.message}.`) };
  }
  const data = signatureValue(si);
  const trust = {
    anchors: (at: Date) => anchorsFor(env.trust, "tsa", at),
    intermediates: env.trust.intermediates,
    explain: (certs: readonly pkijs.Certificate[], at: Date) => listNote(env.trust, certs, "tsa", at),
    index: env.trust.index.anchors,
  };
  const results = [];
  // Each judged at its own genTime (past validation); long-term validation judges the chosen one again at the
  // proof of existence a later timestamp gives it, or at the validation time.
  for (const t of tokens) results.push(await verifyTimestamp(t, data, trust, null, env.pki));
  // A TSA the file's own revocation data shows revoked at or before a token's genTime proves no time with that token
  // (a22 R1; EN 319 102-1: REVOKED_NO_POE, the timestamp removed from the set; EU DSS alike).
  if (revocation)
    for (const r of results) {
      if (r.provesNothing || !r.info?.signer || !r.info.chain || (r.judgement.status !== "passed" && r.judgement.status !== "warning")) continue;
      const info = r.info as TimestampInfo & { signer: pkijs.Certificate; chain: pkijs.Certificate[] };
      const rev = await tsaRevocation(env, info, info.genTime, revocation);
      if (!rev.revoked) continue;
      r.provesNothing = true;
      r.judgement = {
        status: "indeterminate",
        subIndication: "REVOKED_NO_POE",
        message: `The timestamp of ${info.genTime.toISOString()} by ${shownSubject(info.signer)} proves no time: the evidence's revocation data says its TSA's path is revoked: ${rev.text}.`,
        details: { ...r.judgement.details, tsaRevoked: rev.text },
      };
    }
  // A token whose genTime is before a time the seal claims under its own signature (a22 D1: a TSA's wrong clock, or a
  // token asked for later with a backdated time) contradicts the seal: one of the two clocks is wrong, so it proves no
  // time for this seal. As if absent, never FAILED: the seal is judged without it (EU DSS passes such a seal).
  for (const r of results) {
    if (r.provesNothing || !r.info || (r.judgement.status !== "passed" && r.judgement.status !== "warning")) continue;
    const genTime = r.info.genTime;
    const against = claims.find((c) => genTime.getTime() < c.earliest.getTime());
    if (!against) continue;
    r.provesNothing = true;
    r.judgement = {
      status: "indeterminate",
      subIndication: "TIMESTAMP_ORDER_FAILURE",
      message: `The timestamp of ${genTime.toISOString()}${r.info.signer ? ` by ${shownSubject(r.info.signer)}` : ""} proves no time for this seal: it is before ${against.what} (${against.time.toISOString()}), which the seal claims under its own signature, so one of the two clocks is wrong`,
      details: { ...r.judgement.details, contradicts: { claim: against.what, time: against.time.toISOString(), genTime: genTime.toISOString() } },
    };
  }
  // The earliest verified timestamp is the best proof of existence.
  const good = results
    .filter((r) => (r.judgement.status === "passed" || r.judgement.status === "warning") && r.info)
    .sort((a, b) => a.info!.genTime.getTime() - b.info!.genTime.getTime());
  // A token that does not verify (a20 T2) lies outside the seal's signature: anyone can damage it, or put another
  // archive's token there, so it proves no time, exactly like one that is absent (ETSI EN 319 102-1 §5.5.4: it is
  // removed from the set). Never FAILED: the seal is judged without it. Not decided (a path, an algorithm) stays so.
  const open = results.filter((r) => !r.provesNothing);
  const chosen = good[0] ?? open[0] ?? results[0]!;
  const j = chosen.judgement;
  const at = chosen.info && !chosen.provesNothing ? { time: chosen.info.genTime, source: "seal-timestamp" as const } : undefined;
  const path = (j.details as { path?: { sha256: string }[] } | undefined)?.path;
  const judgedAt = chosen.info ? chosen.info.genTime : null;
  const listed = (j.status === "passed" || j.status === "warning") && judgedAt ? listServiceOf(env.trust, path?.at(-1)?.sha256, "tsa", judgedAt) : null;
  // The tokens that prove nothing, each as it is (FAILED/SIG_CRYPTO_FAILURE, say), named beside the outcome.
  const nothing = results.filter((r) => r.provesNothing);
  const said = nothing.map((r) => ({ status: r.judgement.status, subIndication: r.judgement.subIndication, message: r.judgement.message }));
  const details = {
    ...j.details,
    tokens: tokens.length,
    claimedTime,
    ...(listed ? { trustedListService: listed } : {}),
    ...(said.length ? { provesNothing: said } : {}),
  };
  const message = listed ? `${j.message} ${listServiceSentence(listed)}` : j.message;
  const info = good[0]?.info ? { info: good[0].info } : {};
  if (chosen.provesNothing) {
    const why = nothing.map((r) => r.judgement.message.replace(/\.$/, "")).join("; ");
    return {
      check: indeterminate(
        ID,
        "NO_POE",
        `The seal's signature timestamp${tokens.length > 1 ? "s prove" : " proves"} no time: ${why}. The token lies outside the seal's signature (anyone can change it without a key), so it is no proof of existence, as if absent: nothing proves when the seal was made, so the sealing time is only claimed.`,
        { details },
      ),
      ...info,
    };
  }
  if (nothing.length && good[0]) {
    const why = nothing.map((r) => r.judgement.message.replace(/\.$/, "")).join("; ");
    return {
      check: result(
        ID,
        "warning",
        `${message} Beside it, ${nothing.length} other signature timestamp(s) prove no time (${why}): no proof of existence is taken from ${nothing.length > 1 ? "them" : "it"}.`,
        { sub: null, ...(at ? { at } : {}), details },
      ),
      ...info,
    };
  }
  return { check: result(ID, j.status, message, { sub: j.subIndication, ...(at ? { at } : {}), details }), ...info };
}
