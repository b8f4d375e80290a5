// The broker's key set: which JWKS entries can verify a signature, and which one a token names.
// Keys that cannot be used (encryption keys, XML-Encryption `alg` URIs, unknown kty) are passed over with
// a reason, never fatal: the real JWKS holds such keys beside the signing key (evidence.md §5).
import { quoteName } from "../report/quoted-name.js";
import { certificateFields, publicKeyFromJwk, sameKey, type CertificateFields, type PublicKey } from "../platform/crypto.js";
import { FormatError, SealcheckError, errorMessage } from "../errors.js";
import { isPlainObject } from "../input/json.js";
import type { Limits } from "../limits.js";
import { keyTypeForAlgorithm, weakKeyReason } from "../pki/jose-policy.js";
import { SUPPORTED_ALGORITHMS, type IdTokenAlgorithm } from "./algorithms.js";
import { quoteValue } from "../report/quoted-name.js";

export interface UsableKey {
  /** Position in the JWKS `keys` array. */
  index: number;
  kid: string | null;
  kty: string;
  /** Algorithms this key may verify: its own `alg`, or every supported one that fits its kty/curve. */
  algorithms: IdTokenAlgorithm[];
  key: PublicKey;
  /** The `x5c` leaf certificate, when the JWK carries one. */
  certificate?: { subject: string; notBefore: string; notAfter: string; sha1: string };
}

export interface SkippedKey {
  index: number;
  kid: string | null;
  reason: string;
  /** The key was readable but too weak to prove a signature (src/pki/jose-policy.ts). */
  weak?: true;
}

/** Where a key set came from; shown in the signature check's details. */
export interface KeyOrigin {
  source: "file" | "discovery" | "object";
  /** The file path or the `jwks_uri`. */
  location?: string;
  /** The discovery document's `issuer`, when a discovery document came with the keys. */
  issuer?: string;
  /** When the keys were retrieved (snapshot or fetch time), ISO 8601. */
  retrievedAt?: string;
  /**
   * The test-only key set of `sealcheck dev-token` (src/idtoken/dev-token.ts), given explicitly as a file or
   * object: only then is a dev token accepted; its issuer is the dev issuer. Never set for discovery.
   */
  devKeys?: true;
}

export interface KeySet {
  keys: UsableKey[];
  skipped: SkippedKey[];
  origin: KeyOrigin;
}

/**
 * A source of the broker's keys. `current()` returns the set to use now; `refresh()` is asked after a token
 * names an unknown `kid` (key rotation) and returns a fresher set, or null when none can be had (a file,
 * or a refetch cooldown). Both may throw KeySourceError.
 */
export interface KeyProvider {
  current(): Promise<KeySet>;
  refresh(): Promise<KeySet | null>;
}

/**
 * The keys could not be obtained. `transient`: worth retrying later (network down, timeout, HTTP 5xx);
 * otherwise the source itself is unacceptable (wrong issuer, wrong content type, too large, not a JWKS).
 */
export class KeySourceError extends SealcheckError {
  readonly transient: boolean;
  constructor(message: string, transient: boolean, cause?: unknown) {
    super("ERR_NETWORK", message, cause !== undefined ? { cause } : {});
    this.name = "KeySourceError";
    this.transient = transient;
  }
}

const CURVE_ALGORITHMS: Record<string, IdTokenAlgorithm[]> = {
  "P-256": ["ES256"],
  "P-384": ["ES384"],
  "P-521": ["ES512"],
  Ed25519: ["EdDSA", "Ed25519"],
};

function algorithmsFor(kty: string, crv: unknown): IdTokenAlgorithm[] {
  if (kty === "RSA") return SUPPORTED_ALGORITHMS.filter((a) => keyTypeForAlgorithm(a) === "RSA");
  return typeof crv === "string" ? (CURVE_ALGORITHMS[crv] ?? []) : [];
}

/** Only the public members go to createPublicKey: a stray `d` must never turn into a private key. */
const PUBLIC_MEMBERS: Record<string, string[]> = { RSA: ["n", "e"], EC: ["crv", "x", "y"], OKP: ["crv", "x"] };

function certificateKey(x5c: unknown): { cert: CertificateFields } {
  if (!Array.isArray(x5c) || x5c.length === 0 || typeof x5c[0] !== "string") throw new Error("x5c is not an array of base64 certificates");
  // RFC 7517 §4.7: standard base64 DER; the first certificate holds the key.
  return { cert: certificateFields(Buffer.from(x5c[0], "base64")) };
}

/** Classifies one JWKS entry; a string return (or a weak-key refusal) is the reason it is skipped. */
function classify(jwk: unknown, index: number): UsableKey | string | { weak: string } {
  if (!isPlainObject(jwk)) return "not a JSON object";
  const kty = jwk.kty;
  if (jwk.use !== undefined && jwk.use !== "sig") return `use is ${quoteValue(jwk.use)}, not "sig"`;
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes("verify"))) return `key_ops does not allow "verify"`;
  if (kty !== "RSA" && kty !== "EC" && kty !== "OKP") return `kty ${quoteValue(kty)} cannot verify an asymmetric signature`;
  if (jwk.d !== undefined) return "it carries private key material (d), which a published key set must not";
  const fitting = algorithmsFor(kty, jwk.crv);
  let algorithms: IdTokenAlgorithm[];
  if (jwk.alg !== undefined) {
    const alg = jwk.alg;
    if (typeof alg !== "string" || !fitting.includes(alg as IdTokenAlgorithm))
      return `alg ${quoteValue(alg)} is not a JWS signature algorithm for this ${kty} key`;
    algorithms = [alg as IdTokenAlgorithm];
  } else {
    if (fitting.length === 0) return `curve ${quoteValue(jwk.crv)} is not supported`;
    algorithms = fitting;
  }
  const hasMembers = (PUBLIC_MEMBERS[kty] ?? []).every((m) => typeof jwk[m] === "string");
  let key: PublicKey | undefined;
  let certificate: UsableKey["certificate"];
  try {
    if (hasMembers) {
      const pub = Object.fromEntries((PUBLIC_MEMBERS[kty] ?? []).map((m) => [m, jwk[m]]));
      key = publicKeyFromJwk({ kty, ...pub } as { kty: string } & Record<string, string>);
    }
    if (jwk.x5c !== undefined) {
      const { cert } = certificateKey(jwk.x5c);
      if (key && !sameKey(key, cert.publicKey)) return "its x5c certificate holds a different key than its key members";
      key ??= cert.publicKey;
      certificate = {
        subject: cert.subject.replace(/\n/g, ", "),
        notBefore: new Date(cert.validFrom).toISOString(),
        notAfter: new Date(cert.validTo).toISOString(),
        sha1: cert.fingerprint.replace(/:/g, ""),
      };
    }
  } catch (e) {
    return `the key cannot be read (${errorMessage(e)})`;
  }
  if (!key) return `it has neither the ${kty} key members nor an x5c certificate`;
  if (key.asymmetricKeyType !== { RSA: "rsa", EC: "ec", OKP: "ed25519" }[kty]) return `its key is ${key.asymmetricKeyType ?? "unknown"}, not ${kty}`;
  const weak = weakKeyReason(key);
  if (weak) return { weak: `a weak key: ${weak}` };
  const kid = typeof jwk.kid === "string" ? jwk.kid : null;
  return { index, kid, kty, algorithms, key, ...(certificate ? { certificate } : {}) };
}

/** Reads a JWKS object (`{"keys": [...]}`). Throws FormatError when it is not one. */
export function parseJwks(value: unknown, origin: KeyOrigin, limits: Pick<Limits, "maxJwksKeys">): KeySet {
  if (!isPlainObject(value) || !Array.isArray(value.keys)) throw new FormatError(`the key set is not a JWKS (an object with a "keys" array)`);
  if (value.keys.length > limits.maxJwksKeys) throw new FormatError(`the JWKS has ${value.keys.length} keys, more than the limit of ${limits.maxJwksKeys}`);
  const set: KeySet = { keys: [], skipped: [], origin };
  value.keys.forEach((jwk: unknown, index: number) => {
    const r = classify(jwk, index);
    if (typeof r === "string" || "weak" in r) {
      const kid = isPlainObject(jwk) && typeof jwk.kid === "string" ? jwk.kid : null;
      set.skipped.push(typeof r === "string" ? { index, kid, reason: r } : { index, kid, reason: r.weak, weak: true });
    } else {
      set.keys.push(r);
    }
  });
  return set;
}

export type KeySelection =
  | { ok: true; key: UsableKey }
  /** unknown-kid: no entry at all has this kid (worth a refetch); the others are final for this set. */
  | { ok: false; reason: "unknown-kid" | "unusable-kid" | "weak-key" | "ambiguous" | "no-key"; message: string };

const kidList = (keys: readonly UsableKey[]) => keys.map((k) => (k.kid != null ? quoteName(k.kid) : `#${k.index}`)).join(", ");

/** Picks the key a token names. Header `jku`/`jwk`/`x5u`/`x5c` never take part. */
export function selectKey(set: KeySet, kid: string | null, alg: string): KeySelection {
  if (kid !== null) {
    const named = set.keys.filter((k) => k.kid === kid);
    if (named.length === 0) {
      const skipped = set.skipped.find((s) => s.kid === kid);
      if (skipped)
        return {
          ok: false,
          reason: skipped.weak ? "weak-key" : "unusable-kid",
          message: `The token names kid ${quoteName(kid)}, but that key cannot verify signatures: ${skipped.reason}.`,
        };
      return {
        ok: false,
        reason: "unknown-kid",
        message: `No signing key with kid ${quoteName(kid)} is in the broker's key set (it has ${set.keys.length ? kidList(set.keys) : "no usable key"}).`,
      };
    }
    const fitting = named.filter((k) => k.algorithms.includes(alg as IdTokenAlgorithm));
    if (fitting.length === 0)
      return {
        ok: false,
        reason: "unusable-kid",
        message: `The key with kid ${quoteName(kid)} is for ${named[0]!.algorithms.join("/")}, not for the token's ${alg}.`,
      };
    if (fitting.length > 1)
      return { ok: false, reason: "ambiguous", message: `The key set has ${fitting.length} keys with kid ${quoteName(kid)}, so the signing key is ambiguous.` };
    return { ok: true, key: fitting[0]! };
  }
  const fitting = set.keys.filter((k) => k.algorithms.includes(alg as IdTokenAlgorithm));
  if (fitting.length === 1) return { ok: true, key: fitting[0]! };
  if (fitting.length === 0) return { ok: false, reason: "no-key", message: `The token has no kid and no key in the broker's key set fits ${alg}.` };
  return {
    ok: false,
    reason: "ambiguous",
    message: `The token has no kid and ${fitting.length} keys could have signed it (${kidList(fitting)}); the broker always sets kid, so this token cannot be attributed to one key.`,
  };
}
