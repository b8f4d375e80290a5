// The platform seam for cryptography (Node's implementation): hashing, reading a public key, and the signature
// values that pkijs's WebCrypto path does not verify. The browser page's build (scripts/build.mjs) puts
// web/platform/crypto.ts in this module's place: the same exports, checked against this module's types, so the
// library above it is one implementation of every check for both. Only this module and its browser twin
// reach for a platform's crypto; nothing here decides a verdict.
import { constants, createHash as nodeCreateHash, createPublicKey, KeyObject, verify as verifyNow, webcrypto, X509Certificate } from "node:crypto";
import type * as pkijs from "pkijs";

/** An incremental hash, as node:crypto's Hash: update, copy (the state so far, to continue twice), digest once. */
export interface Hasher {
  update(data: Uint8Array | string, encoding?: "utf8" | "latin1"): Hasher;
  copy(): Hasher;
  digest(): Uint8Array;
  digest(encoding: "hex" | "base64"): string;
}

/**
 * A hash by node:crypto's name ("sha1", "sha256", "sha3-256", "shake256" with `outputLength`). An unknown
 * name throws.
 */
export function createHash(name: string, options?: { outputLength?: number }): Hasher {
  return nodeCreateHash(name, options) as unknown as Hasher;
}

/**
 * SHA-256 (hex) of bytes held whole in memory: the platform's fastest path where no incremental state is needed
 * (an original given as bytes). Node: node:crypto, synchronously; a browser: WebCrypto's native digest.
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return nodeCreateHash("sha256").update(bytes).digest("hex");
}

/** What the library reads of a public key: its type and size (node:crypto's KeyObject has this shape). */
export interface PublicKey {
  readonly asymmetricKeyType?: string;
  readonly asymmetricKeyDetails?: { readonly modulusLength?: number; readonly publicExponent?: bigint; readonly namedCurve?: string };
}

/** The public key of a DER SubjectPublicKeyInfo; throws when the platform cannot read it (an EC point off its curve). */
export function publicKeyFromSpki(spki: Uint8Array): PublicKey {
  return createPublicKey({ key: Buffer.from(spki.buffer, spki.byteOffset, spki.byteLength), format: "der", type: "spki" });
}

/** The public members of a JWK (RFC 7517): RSA n, e; EC crv, x, y; OKP crv, x. */
export type PublicJwk = { kty: string } & Record<string, string>;

/** The public key of a JWK's public members; throws when the platform cannot read it (an EC point off its curve). */
export function publicKeyFromJwk(jwk: PublicJwk): PublicKey {
  return createPublicKey({ key: jwk, format: "jwk" });
}

/** Whether two keys of publicKeyFromSpki or publicKeyFromJwk are the same key. */
export function sameKey(a: PublicKey, b: PublicKey): boolean {
  const der = (k: PublicKey) => (k as KeyObject).export({ type: "spki", format: "der" });
  return der(a).equals(der(b));
}

/** What the library reads of an X.509 certificate outside pkijs (a JWK's x5c): node:crypto's X509Certificate has this shape. */
export interface CertificateFields {
  /** The subject, one attribute a line ("C=DK\nO=…\nCN=…"), as OpenSSL prints it. */
  readonly subject: string;
  readonly validFrom: string;
  readonly validTo: string;
  /** SHA-1 of the DER, upper-case hex pairs joined by ":". */
  readonly fingerprint: string;
  readonly publicKey: PublicKey;
}

/** Reads a DER certificate's fields; throws when it is not one. */
export function certificateFields(der: Uint8Array): CertificateFields {
  return new X509Certificate(der);
}

/** The key as jose verifies with it (node: the KeyObject itself). */
export function joseKey(key: PublicKey): Parameters<typeof import("jose").compactVerify>[1] {
  return key as KeyObject;
}

/** How a signature value is encoded: DER or r‖s (ECDSA, DSA), PKCS #1 v1.5 or PSS with a salt of the hash's length (RSA). */
export type SignatureEncoding = "der" | "ieee-p1363" | "pkcs1" | "pss";

/**
 * Verifies `signature` over `data` with a key of publicKeyFromSpki, hashed with `hash` (null for EdDSA).
 * False when it does not verify; throws when the platform cannot verify it at all.
 */
export function verifySignature(
  hash: string | null,
  data: Uint8Array,
  key: PublicKey,
  signature: Uint8Array,
  encoding: SignatureEncoding,
): boolean | Promise<boolean> {
  const k = key as KeyObject;
  if (encoding === "der" || encoding === "ieee-p1363") return verifyNow(hash, data, { key: k, dsaEncoding: encoding }, signature);
  if (encoding === "pss")
    return verifyNow(hash, data, { key: k, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, signature);
  return verifyNow(hash, data, k.asymmetricKeyType === "rsa" ? { key: k, padding: constants.RSA_PKCS1_PADDING } : k, signature);
}

/** This platform cannot verify such a signature at all (thrown by verifySignature; never by Node's). */
export class PlatformUnsupportedError extends Error {}

/** The WebCrypto implementation pkijs verifies with. */
export const webCrypto = webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"];

/**
 * WebCrypto's verify of RSASSA-PKCS1-v1_5 or ECDSA (r‖s) done synchronously in this thread, or undefined where
 * the platform has no such path (then WebCrypto itself verifies). Node: the same OpenSSL operation without a
 * job on the thread pool (~40 µs of CPU each, five signatures an archive).
 */
export function verifyWebCryptoKeyNow(
  name: "RSASSA-PKCS1-v1_5" | "ECDSA",
  hash: string,
  key: object,
  data: Uint8Array,
  signature: Uint8Array,
): boolean | undefined {
  // KeyObject.from refuses anything but a CryptoKey.
  const k = KeyObject.from(key as unknown as webcrypto.CryptoKey);
  const options = name === "ECDSA" ? { dsaEncoding: "ieee-p1363" as const } : { padding: constants.RSA_PKCS1_PADDING };
  return verifyNow(hash, data, { key: k, ...options }, signature);
}
