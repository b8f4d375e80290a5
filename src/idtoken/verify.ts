// verifyIdToken: the receiver's verdict on a controlled-transfer ID token. Runs every check, computes the
// ETSI verdict, and returns the transfer only when the token passed. Never prints, never exits.
import { createHash } from "../platform/crypto.js";
import { durationOption, parseValidationTime } from "../time.js";
import { internalErrorCheck } from "../report/internal-error.js";
import { FormatError, SealcheckError, errorMessage } from "../errors.js";
import { givenWithSession } from "../usage.js";
import { resolveLimits, type Limits } from "../limits.js";
import { failed, indeterminate, passed, skipped } from "../report/check.js";
import type { CheckResult, ValidationTime } from "../report/types.js";
import { computeVerdict } from "../report/verdict.js";
import { ID_TOKEN_CHECK_ENTRIES, type IdTokenCheckId } from "../report/check-ids.js";
import { VERSION } from "../version.js";
import { checkAudience, checkIssuer, checkLifetime, checkSender, checkTransferClaims, type TransferClaims } from "./claims.js";
import { decodeIdToken, type DecodedIdToken } from "./jose-guards.js";
import type { KeyOrigin, KeyProvider } from "./jwks.js";
import { devTokenCheck } from "./dev-token.js";
import { assertOrganisationId, resolveIssuer } from "./issuers.js";
import { defaultReplayStore, type ReplayStore } from "./replay.js";
import { checkSignature } from "./signature.js";
import { SUPPORTED_ALGORITHMS, type IdTokenAlgorithm, type IdTokenReport, type IdTokenTransfer, type VerifyIdTokenOptions } from "./types.js";
import { quoteValue } from "../report/quoted-name.js";

/** Check ids, in report order (the registry's). */
export const ID_TOKEN_CHECKS: readonly IdTokenCheckId[] = ID_TOKEN_CHECK_ENTRIES.map((c) => c.id);

interface Resolved {
  issuer: string;
  audience: string;
  senders: string[];
  algorithms: IdTokenAlgorithm[];
  at: ValidationTime;
  clockToleranceSec: number;
  maxAgeSec?: number;
  replayStore: ReplayStore | null;
  keys: KeyProvider;
  limits: Limits;
}

const usage = (message: string, option?: string) => new SealcheckError("ERR_USAGE", message, option === undefined ? {} : { option });

/**
 * With a session, the validation time, limits and replay store are the session's (the one owner of a
 * verification's options); given here too, they are a usage error.
 */
function fromSession(o: VerifyIdTokenOptions): VerifyIdTokenOptions {
  const s = o.session;
  if (s === undefined) return o;
  if (s === null || typeof s !== "object" || !("policy" in s) || !("limits" in s))
    throw usage("session: expected a session made by createSession(), for example verifyIdToken(token, { issuer, audience, keys, session })", "session");
  const both = (["at", "limits", "replayStore"] as const).filter((k) => o[k] !== undefined);
  if (both.length) throw givenWithSession(both);
  return {
    ...o,
    ...(s.policy.at !== undefined ? { at: new Date(s.policy.at) } : {}),
    limits: s.limits,
    ...(s.replayStore !== undefined ? { replayStore: s.replayStore } : {}),
  };
}

/** Caller mistakes are SealcheckError(ERR_USAGE), thrown before any token byte is read. */
function resolveOptions(given: VerifyIdTokenOptions): Resolved {
  const o = fromSession(given);
  const issuer = resolveIssuer(o.issuer);
  assertOrganisationId(o.audience, "audience");
  const senders = o.sender === undefined ? [] : typeof o.sender === "string" ? [o.sender] : [...o.sender];
  senders.forEach((s) => assertOrganisationId(s, "sender"));
  const algorithms = [...(o.algorithms ?? ["RS256"])];
  if (algorithms.length === 0) throw usage("the algorithm allow-list is empty", "algorithms");
  for (const a of algorithms) {
    if (!(SUPPORTED_ALGORITHMS as readonly string[]).includes(a))
      throw usage(`algorithm ${quoteValue(a)} cannot be allowed; choose from ${SUPPORTED_ALGORITHMS.join(", ")}`, "algorithms");
  }
  // One shape of `at` for every verifier (ValidationTimeInput): an ISO 8601 string is read as verifyArchive reads it.
  const at = o.at === undefined || o.at instanceof Date ? o.at : parseValidationTime(o.at);
  if (at !== undefined && !(at instanceof Date && !Number.isNaN(at.getTime()))) throw usage("the validation time is not a valid date", "at");
  // Range-checked where read: a huge tolerance would push exp + tolerance past what a Date can hold.
  const clockToleranceSec = durationOption(o.clockToleranceSec, 60, "the clock tolerance (clockToleranceSec)");
  if (o.maxAgeSec !== undefined) durationOption(o.maxAgeSec, 0, "the maximum age (maxAgeSec)", Number.MIN_VALUE);
  if (o.keys === undefined || typeof o.keys.current !== "function") throw usage("no key source given (keys)", "keys");
  return {
    issuer,
    audience: o.audience,
    senders,
    algorithms,
    // "Now" is the session's clock (issue 36 part 7: one clock for everything a session verifies), else the system's.
    at: at ? { time: at, source: "at-option" } : { time: given.session ? given.session.clock() : new Date(), source: "current-time" },
    clockToleranceSec,
    ...(o.maxAgeSec !== undefined ? { maxAgeSec: o.maxAgeSec } : {}),
    replayStore: o.replayStore === undefined ? defaultReplayStore : o.replayStore,
    keys: o.keys,
    limits: resolveLimits(o.limits),
  };
}

/**
 * Remembers `ct_id` only for a token that passed every other check: a forged or expired token must not be
 * able to burn the id of a genuine one.
 */
async function checkReplay(decoded: DecodedIdToken, transfer: TransferClaims | null, prior: readonly CheckResult[], r: Resolved): Promise<CheckResult> {
  if (r.replayStore === null)
    return skipped("replay", "Replay detection is off (no replay store): a second presentation of this transfer would not be noticed here.");
  if (r.at.source === "at-option") return skipped("replay", "Replay detection applies to live presentations, not to a verification at a given past time.");
  if (!transfer || prior.some((c) => c.status === "failed" || c.status === "indeterminate")) {
    return skipped("replay", "The transfer id was not recorded, because the token failed other checks.");
  }
  const exp = decoded.jws.payload.exp as number;
  const expiresAt = new Date((exp + r.clockToleranceSec) * 1000);
  const details = { transferId: transfer.id, rememberedUntil: expiresAt.toISOString() };
  let first: boolean;
  try {
    const tokenDigest = createHash("sha256").update(decoded.jws.compact).digest("hex");
    first = await r.replayStore.markUsed(`${r.issuer} ${transfer.id}`, expiresAt, { tokenDigest });
  } catch (e) {
    return indeterminate(
      "replay",
      "TRY_LATER",
      `The replay store could not be asked whether transfer ${transfer.id} was seen before (${errorMessage(e)}); try again later.`,
      { at: r.at, details },
    );
  }
  return first
    ? passed("replay", `First presentation of transfer ${transfer.id}; it is remembered until ${expiresAt.toISOString()}.`, { at: r.at, details })
    : failed("replay", "FORMAT_FAILURE", `Transfer ${transfer.id} was already presented: this is a replay of an ID token that was accepted before.`, {
        at: r.at,
        details,
      });
}

function toTransfer(payload: Record<string, unknown>, parsed: TransferClaims): IdTokenTransfer {
  const iso = (v: unknown) => new Date((v as number) * 1000).toISOString();
  return {
    id: parsed.id,
    sender: payload.ct_sender as string,
    traceId: parsed.traceId,
    audience: payload.aud as string | string[],
    issuer: payload.iss as string,
    claims: parsed.claims,
    issuedAt: iso(payload.iat),
    notBefore: payload.nbf === undefined ? null : iso(payload.nbf),
    expiresAt: iso(payload.exp),
  };
}

/**
 * Verifies a controlled-transfer ID token for a receiver. Bad tokens give a report (TOTAL-FAILED or
 * INDETERMINATE); only caller mistakes (bad options) throw SealcheckError.
 */
export async function verifyIdToken(token: string, options: VerifyIdTokenOptions): Promise<IdTokenReport> {
  const r = resolveOptions(options);
  const run: { stage: IdTokenCheckId; checks: CheckResult[]; decoded: DecodedIdToken | null } = { stage: "format", checks: [], decoded: null };
  try {
    return await runChecks(token, r, run);
  } catch (e) {
    // A SealcheckError (a caller's key source refusing, say) propagates; anything else reached by this
    // token is a defect that must neither crash the caller nor pass: the stage fails with the error shown.
    if (e instanceof SealcheckError) throw e;
    const checks = [...run.checks.filter((c) => c.id !== run.stage), internalErrorCheck(run.stage, e, "token")];
    return buildReport(checks, r, run.decoded?.header ?? null, null);
  }
}

function buildReport(checks: CheckResult[], r: Resolved, header: IdTokenReport["header"], transfer: IdTokenTransfer | null): IdTokenReport {
  const verdict = computeVerdict(checks);
  return {
    kind: "id-token",
    indication: verdict.indication,
    subIndication: verdict.subIndication,
    validationTime: r.at.time.toISOString(),
    validationTimeSource: r.at.source,
    decidedBy: verdict.decidedBy,
    checks,
    header,
    transfer: verdict.indication === "TOTAL-PASSED" ? transfer : null,
    tool: { name: "sealcheck", version: VERSION },
  };
}

/** A sealed archive's form given as an ID token (the reverse slip of `verify id-token.jwt`), in words; else null. */
function archiveGiven(token: string): string | null {
  const head = token
    .slice(0, 4096)
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (head.startsWith("%PDF-")) return "the file given is a PDF (a sealed archive, or an original)";
  if (head.startsWith("{") && /"(padesDocument|workflowToken)"/.test(head))
    return "the file given is the JSON of the broker's PAdES or Workflow-token endpoint (a sealed archive's evidence)";
  return null;
}

async function runChecks(token: string, r: Resolved, run: { stage: string; checks: CheckResult[]; decoded: DecodedIdToken | null }): Promise<IdTokenReport> {
  const checks = run.checks;
  let decoded: DecodedIdToken | null = null;
  if (typeof token !== "string") throw new SealcheckError("ERR_USAGE", "the ID token must be a string", { option: "token" });
  try {
    decoded = decodeIdToken(token, r.limits);
    run.decoded = decoded;
    checks.push(passed("format", `A compact JWS of ${decoded.jws.compact.length} bytes with JSON header and payload.`));
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    const archive = archiveGiven(token);
    checks.push(
      failed(
        "format",
        "FORMAT_FAILURE",
        archive
          ? `Not an ID token: ${archive}, which is verified with \`sealcheck verify\` (the library's verifyArchive).`
          : `The token is malformed: ${errorMessage(e)}.`,
        archive ? { details: { notIdToken: archive } } : {},
      ),
    );
    for (const id of ID_TOKEN_CHECKS.slice(1)) checks.push(skipped(id, "Not checked: the token could not be decoded."));
  }

  let transfer: IdTokenTransfer | null = null;
  let parsed: TransferClaims | null = null;
  if (decoded) {
    const payload = decoded.jws.payload;
    run.stage = "signature";
    checks.push(await checkSignature(decoded, { keys: r.keys, algorithms: r.algorithms, issuer: r.issuer, at: r.at }));
    run.stage = "issuer";
    // A sealcheck dev token (test only) passes only against the dev key set given explicitly.
    const sig = checks[checks.length - 1]!;
    const devKeys = (sig.details?.keySource as KeyOrigin | undefined)?.devKeys === true;
    checks.push(devTokenCheck(decoded, devKeys, r.issuer) ?? checkIssuer(payload, r.issuer));
    run.stage = "audience";
    checks.push(checkAudience(payload, r.audience));
    run.stage = "sender";
    checks.push(checkSender(payload, r.senders));
    run.stage = "lifetime";
    checks.push(checkLifetime(payload, { at: r.at, clockToleranceSec: r.clockToleranceSec, ...(r.maxAgeSec !== undefined ? { maxAgeSec: r.maxAgeSec } : {}) }));
    run.stage = "claims";
    const claims = checkTransferClaims(decoded.header, payload, r.limits);
    checks.push(claims.check);
    parsed = claims.transfer;
    run.stage = "replay";
    checks.push(await checkReplay(decoded, parsed, checks, r));
  }

  run.stage = "claims";
  const passing = computeVerdict(checks).indication === "TOTAL-PASSED";
  if (decoded && parsed && passing) transfer = toTransfer(decoded.jws.payload, parsed);
  return buildReport(checks, r, decoded?.header ?? null, transfer);
}
