// Check "signature": the token's JWS verifies (jose) with the broker key its kid names, under an
// allow-listed algorithm. Keys come only from the configured key source, never from the token's header.
import * as jose from "jose";
import { errorMessage } from "../errors.js";
import { joseKey } from "../platform/crypto.js";
import { failed, indeterminate, passed, warning } from "../report/check.js";
import type { CheckResult, ValidationTime } from "../report/types.js";
import { refuseAlgorithm, type DecodedIdToken } from "./jose-guards.js";
import { KeySourceError, selectKey, type KeyProvider, type KeySet, type KeySelection } from "./jwks.js";

const ID = "signature";

export interface SignatureContext {
  keys: KeyProvider;
  algorithms: readonly string[];
  issuer: string;
  at: ValidationTime;
}

function sourceFailure(e: unknown, at: ValidationTime, details: Record<string, unknown>): CheckResult {
  if (!(e instanceof KeySourceError)) throw e;
  return e.transient
    ? indeterminate(ID, "TRY_LATER", `The broker's keys could not be retrieved: ${e.message}; try again later.`, { at, details })
    : indeterminate(ID, "NO_SIGNING_CERTIFICATE_FOUND", `The broker's keys could not be used: ${e.message}.`, { at, details });
}

/** Keys that belong to another issuer (a snapshot of another environment) must not verify this one's tokens. */
function issuerMismatch(set: KeySet, issuer: string): string | null {
  return set.origin.issuer !== undefined && set.origin.issuer !== issuer
    ? `The key set belongs to issuer ${set.origin.issuer}, not to the expected ${issuer}.`
    : null;
}

function describeSource(set: KeySet): Record<string, unknown> {
  return {
    ...set.origin,
    usableKeys: set.keys.map((k) => ({ kid: k.kid, kty: k.kty, algorithms: k.algorithms })),
    skippedKeys: set.skipped,
  };
}

export async function checkSignature(token: DecodedIdToken, ctx: SignatureContext): Promise<CheckResult> {
  const { alg, kid } = token.header;
  const at = ctx.at;
  const details: Record<string, unknown> = { alg, kid };
  if (token.ignoredKeyHeaders.length) details.ignoredHeaders = token.ignoredKeyHeaders;
  const refusal = refuseAlgorithm(alg!, ctx.algorithms);
  if (refusal) {
    return refusal.status === "failed"
      ? failed(ID, "SIG_CRYPTO_FAILURE", refusal.message, { at, details })
      : indeterminate(ID, "CRYPTO_CONSTRAINTS_FAILURE", refusal.message, { at, details });
  }

  let set: KeySet;
  let selection: KeySelection;
  try {
    set = await ctx.keys.current();
    let mismatch = issuerMismatch(set, ctx.issuer);
    selection = mismatch ? { ok: false, reason: "no-key", message: mismatch } : selectKey(set, kid, alg!);
    if (!selection.ok && selection.reason === "unknown-kid") {
      // Key rotation: a kid we have not seen may have been published since the keys were fetched.
      const fresh = await ctx.keys.refresh();
      if (fresh) {
        set = fresh;
        details.refetched = true;
        mismatch = issuerMismatch(set, ctx.issuer);
        selection = mismatch ? { ok: false, reason: "no-key", message: mismatch } : selectKey(set, kid, alg!);
      }
    }
  } catch (e) {
    return sourceFailure(e, at, details);
  }
  details.keySource = describeSource(set);
  if (!selection.ok)
    return indeterminate(ID, selection.reason === "weak-key" ? "CRYPTO_CONSTRAINTS_FAILURE" : "NO_SIGNING_CERTIFICATE_FOUND", selection.message, {
      at,
      details,
    });

  const key = selection.key;
  details.key = { index: key.index, kid: key.kid, kty: key.kty, ...(key.certificate ? { certificate: key.certificate } : {}) };
  try {
    await jose.compactVerify(token.jws.compact, joseKey(key.key), { algorithms: [alg!] });
  } catch (e) {
    const wrongSig = e instanceof jose.errors.JWSSignatureVerificationFailed;
    return failed(
      ID,
      "SIG_CRYPTO_FAILURE",
      wrongSig
        ? `The signature does not verify with the broker key ${key.kid ?? `#${key.index}`}: the token was altered or signed by another key.`
        : `The signature could not be verified with the broker key ${key.kid ?? `#${key.index}`} (${errorMessage(e)}).`,
      { at, details },
    );
  }
  const from = set.origin.retrievedAt ? ` (keys retrieved ${set.origin.retrievedAt})` : "";
  const ignored = token.ignoredKeyHeaders.length ? `; the header's ${token.ignoredKeyHeaders.join(", ")} parameter(s) were ignored` : "";
  const message = `Signed with ${alg} by the broker key ${key.kid ?? `#${key.index}`}${from}${ignored}.`;
  return ignored ? warning(ID, message, { at, details }) : passed(ID, message, { at, details });
}
