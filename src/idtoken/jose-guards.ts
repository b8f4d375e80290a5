// Pre-checks on the compact JWS before any key is chosen or jose runs: structure, size, duplicate JSON
// keys (src/input/jws.ts), then the header parameters an ID token may not use.
import { FormatError } from "../errors.js";
import { decodeCompactJws, type CompactJws } from "../input/jws.js";
import type { Limits } from "../limits.js";
import type { IdTokenHeaderInfo } from "./types.js";
import { KEY_HEADERS, refuseHeader } from "../pki/jose-policy.js";

export { KEY_HEADERS };

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
  const jws = decodeCompactJws(token, { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth, maxJwtBytes: limits.maxJwtBytes }, "the ID token");
  const h = jws.header;
  // One policy with the Workflow token (src/pki/jose-policy.ts): crit, b64, JWE parameters, no alg.
  const refused = refuseHeader(h, "the token");
  if (refused) throw new FormatError(refused);
  const alg = optionalString(h, "alg");
  if (alg === null) throw new FormatError(`the token's header has no "alg"`);
  return {
    jws,
    header: { alg, kid: optionalString(h, "kid"), typ: optionalString(h, "typ") },
    ignoredKeyHeaders: KEY_HEADERS.filter((k) => k in h),
  };
}

// The policy itself (algorithms, header parameters, weak keys) is shared with the Workflow token.
export { refuseAlgorithm } from "../pki/jose-policy.js";
