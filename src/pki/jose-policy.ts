// The one JOSE policy of sealcheck, for the Workflow token and the controlled-transfer ID token alike:
// which header parameters are refused, which algorithms count as a signature at all, and which public
// keys are too weak to prove anything. jose verifies; this module decides what may reach it.
import { publicKeyFromSpki, type PublicKey } from "../platform/crypto.js";
import type * as pkijs from "pkijs";
import type { CacheSlot } from "./kept.js";
import type { PkiSession } from "./session.js";
import { latin1 } from "../platform/bytes.js";

/** Asymmetric JWS algorithms jose can verify, with the JWK key type each needs (an allow-list). */
const KTY_OF_ALG: Record<string, string> = {
  RS256: "RSA",
  RS384: "RSA",
  RS512: "RSA",
  PS256: "RSA",
  PS384: "RSA",
  PS512: "RSA",
  ES256: "EC",
  ES384: "EC",
  ES512: "EC",
  EdDSA: "OKP",
  Ed25519: "OKP",
};

export function keyTypeForAlgorithm(alg: string): string | undefined {
  return Object.hasOwn(KTY_OF_ALG, alg) ? KTY_OF_ALG[alg] : undefined;
}

/** Header parameters that could point a careless verifier at an attacker's key; never used for selection. */
export const KEY_HEADERS = ["jku", "jwk", "x5u", "x5c"] as const;

/**
 * A header parameter that makes the token something this verifier must not accept, or null: `crit`
 * (RFC 7515 §4.1.11: extensions it does not implement), `b64` (RFC 7797, an extension that only means
 * something under `crit`), JWE parameters. Refusals are FORMAT_FAILURE.
 */
export function refuseHeader(header: Record<string, unknown>, what: string): string | null {
  if (header.crit !== undefined)
    return `${what} has a "crit" header (${String(JSON.stringify(header.crit)).slice(0, 80)}) naming extensions this verifier does not implement`;
  if (header.b64 !== undefined) return `${what} has a "b64" header (RFC 7797 unencoded payload), which this verifier does not accept`;
  if (header.enc !== undefined || header.zip !== undefined) return `${what}'s header has JWE parameters ("enc"/"zip"); it must be a signed JWT`;
  if (typeof header.alg !== "string" || header.alg === "") return `${what}'s header has no "alg" string`;
  return null;
}

export type AlgorithmRefusal = { status: "failed" | "indeterminate"; message: string };

/**
 * `none` in any spelling, HMAC in any spelling and unknown algorithms are no public-key signature at all:
 * TOTAL-FAILED/SIG_CRYPTO_FAILURE. A known asymmetric algorithm outside the caller's allow-list is a
 * cryptographic constraint not met: INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE (ETSI EN 319 102-1).
 * Algorithm names compare exactly (RFC 7515 §4.1.1: case-sensitive).
 */
export function refuseAlgorithm(alg: unknown, allowed: readonly string[]): AlgorithmRefusal | null {
  if (typeof alg !== "string" || alg.toLowerCase() === "none" || /^hs/i.test(alg) || keyTypeForAlgorithm(alg) === undefined) {
    return {
      status: "failed",
      message: `The token's algorithm is ${String(JSON.stringify(alg)).slice(0, 40)}: not an asymmetric signature this verifier accepts, so it proves nothing.`,
    };
  }
  if (allowed.includes(alg)) return null;
  return { status: "indeterminate", message: `The token's algorithm ${alg} is not among the accepted ones (${allowed.join(", ")}).` };
}

const MIN_RSA_BITS = 2048;
const MIN_RSA_EXPONENT = 65537n;
/**
 * The largest RSA key the table accepts: a modulus of 8,192 bits (the largest the EU trusted lists carry) and a
 * public exponent of at most 2^32 (theirs: at most 2^30). Larger ones are refused before any arithmetic: OpenSSL
 * takes moduli of 16,384 bits and 64-bit exponents, each check ~20 ms, and anyone can write such a key (a8 D2).
 */
const MAX_RSA_BITS = 8192;
const MAX_RSA_EXPONENT = 2n ** 32n;
const CURVES = new Set(["prime256v1", "secp384r1", "secp521r1"]);
/**
 * Where a key is used: a JWS (jose's algorithms fix the NIST curves) or an X.509 signature (certificates, CMS,
 * CRLs, OCSP), which may also be on the Brainpool r1 curves of RFC 5639 and TS 119 312: German qualified
 * signature cards use them, and the crypto engine verifies them with OpenSSL.
 */
export type KeyUse = "jose" | "pki";
/** The curves an X.509 signature may use (Node's names): the one table, for the trusted lists' signers too. */
export const X509_CURVES: ReadonlySet<string> = new Set([...CURVES, "brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1"]);

/**
 * Why a public key is too weak to prove a signature, or null. RSA: a modulus under 2048 bits or over 8192, or a
 * public exponent over 2^32, that is even or under 65537 (with e = 1 a "signature" is the padded message itself: anyone can
 * make one). EC: only P-256/P-384/P-521 (Node refuses points off their curve when the key is imported, so
 * such a key never gets here). Ed25519 is fine, Ed448 for X.509 and CMS; any other key type is refused.
 */
export function weakKeyReason(key: PublicKey, use: KeyUse = "jose"): string | null {
  const d = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case "rsa":
    case "rsa-pss": {
      const bits = d.modulusLength ?? 0;
      const e = d.publicExponent;
      if (bits < MIN_RSA_BITS) return `its RSA modulus has ${bits} bits, fewer than ${MIN_RSA_BITS}`;
      if (bits > MAX_RSA_BITS) return `its RSA modulus has ${bits} bits, more than the ${MAX_RSA_BITS} the algorithm table accepts`;
      if (e !== undefined && e > MAX_RSA_EXPONENT)
        return `its RSA public exponent has ${e.toString(2).length} bits, more than the 32 the algorithm table accepts`;
      if (e === undefined || e < MIN_RSA_EXPONENT || e % 2n === 0n)
        return `its RSA public exponent e = ${e ?? "?"} is ${e !== undefined && e % 2n === 0n ? "even" : `below ${MIN_RSA_EXPONENT}`} (with such a key a signature proves nothing)`;
      return null;
    }
    case "ec":
      return d.namedCurve && (use === "pki" ? X509_CURVES : CURVES).has(d.namedCurve)
        ? null
        : `its elliptic curve ${d.namedCurve ?? "?"} is not P-256, P-384 or P-521${use === "pki" ? " (nor Brainpool P256r1, P384r1 or P512r1)" : ""}`;
    case "ed25519":
      return null;
    case "ed448":
      // RFC 8410/8419 in X.509 and CMS (~224-bit security); no JWS algorithm the policy allows uses it.
      return use === "pki" ? null : `its key type ed448 is not accepted for signatures`;
    default:
      return `its key type ${key.asymmetricKeyType ?? "?"} is not accepted for signatures`;
  }
}

/** weakKeyReason for a certificate's key given as DER SubjectPublicKeyInfo; an unreadable key is refused. */
export function weakSpkiReason(spkiDer: Uint8Array, use: KeyUse = "jose"): string | null {
  let key: PublicKey;
  try {
    key = publicKeyFromSpki(spkiDer);
  } catch (e) {
    return `its public key cannot be read (${e instanceof Error ? e.message : String(e)}; e.g. an EC point off its curve)`;
  }
  return weakKeyReason(key, use);
}

// A key's weakness is a function of its SubjectPublicKeyInfo alone, and reading a key (createPublicKey) costs
// ~0.2 ms: the responder, TSA and token-signer keys a broker's archives repeat are judged once per session,
// by the key object (pooled certificates are the same object in every archive) and by the exact DER.
const MAX_KEPT_KEYS = 256;
// (A slot written out, not through cacheSlot: the ID-token commands load this module without the pki layer.)
type Weakness = CacheSlot<{ byObject: WeakMap<pkijs.PublicKeyInfo, string | null>; byDer: Map<string, string | null> }>;
const weaknessSlot = (use: KeyUse): Weakness => ({
  name: `key weakness by SubjectPublicKeyInfo (${use})`,
  make: () => ({ byObject: new WeakMap(), byDer: new Map() }),
});
const WEAKNESS: Record<KeyUse, Weakness> = { jose: weaknessSlot("jose"), pki: weaknessSlot("pki") };

/** weakSpkiReason for a certificate's key (pkijs), kept in the session by its SubjectPublicKeyInfo. */
export function weakPublicKeyReason(session: PkiSession, spki: pkijs.PublicKeyInfo, use: KeyUse = "jose"): string | null {
  const kept = session.cache(WEAKNESS[use]);
  const known = kept.byObject.get(spki);
  if (known !== undefined) return known;
  const der = new Uint8Array(spki.toSchema().toBER(false));
  const key = latin1(der);
  let reason = kept.byDer.get(key);
  if (reason === undefined) {
    reason = weakSpkiReason(der, use);
    if (kept.byDer.size >= MAX_KEPT_KEYS) kept.byDer.delete(kept.byDer.keys().next().value!);
    kept.byDer.set(key, reason);
  }
  kept.byObject.set(spki, reason);
  return reason;
}
