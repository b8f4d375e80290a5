// The claim checks of a controlled-transfer ID token: issuer, audience, sender, lifetime, claims.
// Each is a pure function of the payload and the caller's expectations. Sub-indication policy (docs/id-tokens.md):
// a genuine token that is not an acceptable transfer for this receiver is TOTAL-FAILED/FORMAT_FAILURE,
// with the check id in `decidedBy` saying why; time failures are EXPIRED / NOT_YET_VALID.
import { isTimeClaim } from "../time.js";
import { errorMessage } from "../errors.js";
import { parseJsonObjectString } from "../input/json.js";
import type { Limits } from "../limits.js";
import { failed, passed, warning } from "../report/check.js";
import type { CheckResult, ValidationTime } from "../report/types.js";
import { ORGANISATION_ID } from "./issuers.js";
import type { IdTokenHeaderInfo } from "./types.js";
import { quoteName, quoteValue } from "../report/quoted-name.js";

type Payload = Record<string, unknown>;
/**
 * A value from the token in words: quoteValue (JSON.stringify let U+201D through), a list item by item (the first
 * five: an "aud" is one), "none" when absent.
 */
function show(v: unknown): string {
  if (v === undefined) return "none";
  if (Array.isArray(v)) return `[${v.slice(0, 5).map(show).join(", ")}${v.length > 5 ? `, and ${v.length - 5} more` : ""}]`;
  return quoteValue(v, 80);
}

export function checkIssuer(payload: Payload, expected: string): CheckResult {
  const details = { expected, found: payload.iss ?? null };
  if (payload.iss === expected) return passed("issuer", `Issued by ${expected}.`, { details });
  if (typeof payload.iss !== "string")
    return failed("issuer", "FORMAT_FAILURE", `The token has no "iss" string (found ${show(payload.iss)}); expected ${expected}.`, { details });
  return failed("issuer", "FORMAT_FAILURE", `The token was issued by ${show(payload.iss)}, not by the expected ${expected}.`, { details });
}

/** `aud` is the receiver, as a string or an array that names the receiver and no one else (OIDC Core §3.1.3.7). */
export function checkAudience(payload: Payload, expected: string): CheckResult {
  const aud = payload.aud;
  const details = { expected, found: aud ?? null };
  if (aud === expected) return passed("audience", `Addressed to this receiver, ${expected}.`, { details });
  if (Array.isArray(aud) && aud.length > 0 && aud.every((a) => a === expected))
    return passed("audience", `Addressed to this receiver, ${expected}.`, { details });
  if (aud === undefined)
    return failed(
      "audience",
      "FORMAT_FAILURE",
      `The token has no "aud": it is not a controlled-transfer ID token (an access token, perhaps); expected ${expected}.`,
      { details },
    );
  if (Array.isArray(aud) && aud.includes(expected)) {
    return failed(
      "audience",
      "FORMAT_FAILURE",
      `The token is addressed to ${expected} and also to ${show(aud.filter((a) => a !== expected))}; a transfer ID token has one receiver.`,
      { details },
    );
  }
  return failed("audience", "FORMAT_FAILURE", `The token is addressed to ${show(aud)}, not to this receiver ${expected}.`, { details });
}

/** `ct_sender` is "DK"+CVR and, when the caller names senders, one of them. */
export function checkSender(payload: Payload, expected: readonly string[]): CheckResult {
  const sender = payload.ct_sender;
  const details = { expected: expected.length ? expected : null, found: sender ?? null };
  if (typeof sender !== "string" || !ORGANISATION_ID.test(sender)) {
    return failed("sender", "FORMAT_FAILURE", `The token's "ct_sender" is ${show(sender)}, not "DK" followed by a CVR number.`, { details });
  }
  if (expected.length === 0) return warning("sender", `Sent by ${sender}; no expected sender was given, so the sender was not compared.`, { details });
  if (expected.includes(sender)) return passed("sender", `Sent by ${sender}, as expected.`, { details });
  return failed(
    "sender",
    "FORMAT_FAILURE",
    `The transfer was sent by ${sender}, not by ${expected.length === 1 ? expected[0] : `one of ${expected.join(", ")}`}.`,
    { details },
  );
}

export interface LifetimeOptions {
  at: ValidationTime;
  clockToleranceSec: number;
  maxAgeSec?: number;
}

const iso = (sec: number) => new Date(sec * 1000).toISOString();
// Up to the largest time a Date can hold (8.64e12 s): anything later is no date at all.
const isNumericDate = isTimeClaim;

/** exp, nbf, iat against the validation time, with clock tolerance; optionally a maximum age since iat. */
export function checkLifetime(payload: Payload, opts: LifetimeOptions): CheckResult {
  const { exp, nbf, iat } = payload;
  const at = opts.at;
  const now = at.time.getTime() / 1000;
  const tol = opts.clockToleranceSec;
  const bad = [
    !isNumericDate(exp) && `"exp" is ${show(exp)}`,
    !isNumericDate(iat) && `"iat" is ${show(iat)}`,
    nbf !== undefined && !isNumericDate(nbf) && `"nbf" is ${show(nbf)}`,
  ].filter((x): x is string => typeof x === "string");
  if (bad.length) return failed("lifetime", "FORMAT_FAILURE", `The token's times are not NumericDate numbers: ${bad.join(", ")}.`, { at });
  const e = exp as number;
  const i = iat as number;
  const n = nbf as number | undefined;
  const details: Record<string, unknown> = {
    issuedAt: iso(i),
    notBefore: n === undefined ? null : iso(n),
    expiresAt: iso(e),
    clockToleranceSec: tol,
    maxAgeSec: opts.maxAgeSec ?? null,
    ageSec: Math.round(now - i),
  };
  const o = { at, details };
  if (e <= i) return failed("lifetime", "FORMAT_FAILURE", `The token expires (${iso(e)}) no later than it was issued (${iso(i)}).`, o);
  if (i > now + tol)
    return failed(
      "lifetime",
      "NOT_YET_VALID",
      `The token claims to be issued at ${iso(i)}, after the validation time ${at.time.toISOString()} (tolerance ${tol} s): check the clocks.`,
      o,
    );
  if (n !== undefined && n > now + tol)
    return failed(
      "lifetime",
      "NOT_YET_VALID",
      `The token is not valid before ${iso(n)}; the validation time is ${at.time.toISOString()} (tolerance ${tol} s).`,
      o,
    );
  if (now >= e + tol)
    return failed("lifetime", "EXPIRED", `The token expired at ${iso(e)}; the validation time is ${at.time.toISOString()} (tolerance ${tol} s).`, o);
  if (opts.maxAgeSec !== undefined && now - i > opts.maxAgeSec + tol) {
    return failed(
      "lifetime",
      "EXPIRED",
      `The token was issued ${Math.round(now - i)} s before the validation time, more than the maximum age of ${opts.maxAgeSec} s.`,
      o,
    );
  }
  return passed("lifetime", `Valid at ${at.time.toISOString()}: issued ${iso(i)}, expires ${iso(e)}.`, o);
}

export interface TransferClaims {
  id: string;
  traceId: string;
  claims: Record<string, string>;
}

/**
 * The token is a transfer ID token: `typ` absent or JWT (not `at+jwt`), `ct_claims` a JSON object of strings,
 * `ct_id` and `ct_sender_traceId` present. Claim values are never put in the message (personal data).
 */
export function checkTransferClaims(
  header: IdTokenHeaderInfo,
  payload: Payload,
  limits: Pick<Limits, "maxJsonBytes" | "maxJsonDepth">,
): { check: CheckResult; transfer: TransferClaims | null } {
  const problems: string[] = [];
  // RFC 7515 §4.1.9: "JWT" and "application/jwt" are the same media type, compared case-insensitively.
  if (header.typ !== null && !["jwt", "application/jwt"].includes(header.typ.toLowerCase())) {
    problems.push(
      header.typ.toLowerCase() === "at+jwt" ? `typ is "at+jwt": this is an access token, not an ID token` : `typ is ${show(header.typ)}, not "JWT"`,
    );
  }
  if (typeof payload.ct_id !== "string" || payload.ct_id === "") problems.push(`"ct_id" is ${show(payload.ct_id)}, not a non-empty string`);
  if (typeof payload.ct_sender_traceId !== "string") problems.push(`"ct_sender_traceId" is ${show(payload.ct_sender_traceId)}, not a string`);
  let claims: Record<string, string> | null = null;
  if (payload.ct_claims === undefined) {
    problems.push(`"ct_claims" is missing`);
  } else {
    try {
      const parsed = parseJsonObjectString(payload.ct_claims, { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth }, `"ct_claims"`);
      const notStrings = Object.keys(parsed).filter((k) => typeof parsed[k] !== "string");
      if (notStrings.length)
        problems.push(
          `"ct_claims" values must be strings; ${notStrings
            .slice(0, 5)
            .map((k) => quoteName(k))
            .join(", ")} ${notStrings.length === 1 ? "is" : "are"} not`,
        );
      else claims = parsed as Record<string, string>;
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }
  const claimNames = claims ? Object.keys(claims) : [];
  if (problems.length || !claims) {
    return {
      check: failed("claims", "FORMAT_FAILURE", `This is not a controlled-transfer ID token: ${problems.join("; ")}.`, { details: { problems } }),
      transfer: null,
    };
  }
  return {
    check: passed(
      "claims",
      `Transfer ${show(payload.ct_id)} carries ${claimNames.length} claim${claimNames.length === 1 ? "" : "s"}${claimNames.length ? ` (${claimNames.map((n) => quoteName(n)).join(", ")})` : ""}.`,
      {
        details: { transferId: payload.ct_id, traceId: payload.ct_sender_traceId, claimNames },
      },
    ),
    transfer: { id: payload.ct_id as string, traceId: payload.ct_sender_traceId as string, claims },
  };
}
