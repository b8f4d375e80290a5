// Pre-checks on the compact JWS before any key is chosen or jose runs: structure, size, duplicate JSON
// keys (src/input/jws.ts), then the header parameters an ID token may not use.
import { FormatError } from "../errors.js";
import { decodeCompactJws, type CompactJws } from "../input/jws.js";
import type { Limits } from "../limits.js";
import type { IdTokenHeaderInfo } from "./types.js";

/** Header parameters that could point a careless verifier at an attacker's key; never used for selection. */
export const KEY_HEADERS = ["jku", "jwk", "x5u", "x5c"] as const;

export interface DecodedIdToken {
  jws: CompactJws;
  header: IdTokenHeaderInfo;
  /** Which of KEY_HEADERS the token carries (reported, ignored). */
  ignoredKeyHeaders: string[];
}

function optionalString(header: Record<string, unknown>, name: string): string | null {
  const v = header[name];
  if (v === undefined) return null;
  if (typeof v !== "string" || v === "") throw new FormatError(`the token's "${name}" header is not a non-empty string`);
  return v;
}

/** Throws FormatError (or LimitError) with a readable reason when the token is not a usable compact JWS. */
export function decodeIdToken(token: string, limits: Limits): DecodedIdToken {
  const jws = decodeCompactJws(
    token,
    { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth, maxJwtBytes: limits.maxJwtBytes },
    "the ID token",
  );
  const h = jws.header;
  // RFC 7515 §4.1.11: a recipient must reject extensions it does not understand; this verifier knows none.
  if (h.crit !== undefined) throw new FormatError(`the token has a "crit" header (${JSON.stringify(h.crit).slice(0, 80)}) naming extensions this verifier does not implement`);
  if (h.enc !== undefined || h.zip !== undefined) throw new FormatError(`the token's header has JWE parameters ("enc"/"zip"); an ID token is a signed JWT`);
  const alg = optionalString(h, "alg");
  if (alg === null) throw new FormatError(`the token's header has no "alg"`);
  return {
    jws,
    header: { alg, kid: optionalString(h, "kid"), typ: optionalString(h, "typ") },
    ignoredKeyHeaders: KEY_HEADERS.filter((k) => k in h),
  };
}

/** Asymmetric algorithms jose can verify, with the key type each needs. */
const KTY_OF_ALG: Record<string, string> = {
  RS256: "RSA", RS384: "RSA", RS512: "RSA", PS256: "RSA", PS384: "RSA", PS512: "RSA",
  ES256: "EC", ES384: "EC", ES512: "EC", EdDSA: "OKP", Ed25519: "OKP",
};

export function keyTypeForAlgorithm(alg: string): string | undefined {
  return Object.hasOwn(KTY_OF_ALG, alg) ? KTY_OF_ALG[alg] : undefined;
}

export type AlgorithmRefusal = { status: "failed" | "indeterminate"; message: string };

/**
 * `none`, HMAC and unknown algorithms are no public-key signature at all (TOTAL-FAILED); a known asymmetric
 * algorithm outside the caller's allow-list is a crypto constraint not met (INDETERMINATE, as ETSI has it).
 */
export function refuseAlgorithm(alg: string, allowed: readonly string[]): AlgorithmRefusal | null {
  if (allowed.includes(alg)) return null;
  if (alg.toLowerCase() === "none" || /^HS/i.test(alg) || keyTypeForAlgorithm(alg) === undefined) {
    return { status: "failed", message: `The token's algorithm is ${JSON.stringify(alg)}: not an asymmetric signature this verifier accepts, so it proves nothing.` };
  }
  return { status: "indeterminate", message: `The token's algorithm ${alg} is not among the accepted ones (${allowed.join(", ")}).` };
}
