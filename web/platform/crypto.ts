// The platform seam for cryptography, the browser's implementation (in src/platform/crypto.ts's place in the
// page's build). Hashes are @noble/hashes (synchronous and incremental, as the library's streams need them;
// WebCrypto's digest is neither); ECDSA on every curve the table names (NIST and Brainpool, which WebCrypto
// cannot import) and EdDSA are @noble/curves, with the hash computed here so that any hash of the table
// works; RSA is WebCrypto. Public keys are read from the SubjectPublicKeyInfo with asn1js and pkijs, EC points
// checked on their curve as OpenSSL checks them on import.
import { sha1 } from "@noble/hashes/legacy.js";
import { sha224, sha256, sha384, sha512 } from "@noble/hashes/sha2.js";
import { sha3_224, sha3_256, sha3_384, sha3_512, shake256 } from "@noble/hashes/sha3.js";
import { p256, p384, p521 } from "@noble/curves/nist.js";
import { brainpoolP256r1, brainpoolP384r1, brainpoolP512r1 } from "@noble/curves/misc.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { ed448 } from "@noble/curves/ed448.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type * as node from "../../src/platform/crypto.js";

type NobleHash = { update(b: Uint8Array): NobleHash; digest(): Uint8Array; clone(): NobleHash };

const HASHES: Record<string, (o?: { outputLength?: number }) => NobleHash> = {
  sha1: () => sha1.create() as NobleHash,
  sha224: () => sha224.create() as NobleHash,
  sha256: () => sha256.create() as NobleHash,
  sha384: () => sha384.create() as NobleHash,
  sha512: () => sha512.create() as NobleHash,
  "sha3-224": () => sha3_224.create() as NobleHash,
  "sha3-256": () => sha3_256.create() as NobleHash,
  "sha3-384": () => sha3_384.create() as NobleHash,
  "sha3-512": () => sha3_512.create() as NobleHash,
  // OpenSSL's default output of SHAKE256 is 32 bytes.
  shake256: (o) => shake256.create({ dkLen: o?.outputLength ?? 32 }) as NobleHash,
};

const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

class NobleHasher implements node.Hasher {
  private done = false;
  constructor(private readonly h: NobleHash) {}
  update(data: Uint8Array | string, encoding?: "utf8" | "latin1"): NobleHasher {
    if (this.done) throw new Error("Digest already called");
    this.h.update(typeof data === "string" ? (encoding === "latin1" ? latin1(data) : new TextEncoder().encode(data)) : data);
    return this;
  }
  copy(): NobleHasher {
    if (this.done) throw new Error("Digest already called");
    return new NobleHasher(this.h.clone());
  }
  digest(): Uint8Array;
  digest(encoding: "hex" | "base64"): string;
  digest(encoding?: "hex" | "base64"): Uint8Array | string {
    if (this.done) throw new Error("Digest already called");
    this.done = true;
    const d = this.h.digest();
    if (encoding === "hex") return Array.from(d, (b) => HEX[b]).join("");
    if (encoding === "base64") return btoa(String.fromCharCode(...d));
    return d;
  }
}

export type Hasher = node.Hasher;

export function createHash(name: string, options?: { outputLength?: number }): Hasher {
  const make = HASHES[name.toLowerCase()];
  if (!make) throw new Error(`Digest method not supported: ${name}`);
  return new NobleHasher(make(options));
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // WebCrypto's digest is native code, ~30× @noble/hashes on 100 MB; it needs the bytes whole, as here.
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(d, (b) => HEX[b]).join("");
}

const CURVES: Record<string, { name: string; curve: typeof p256 }> = {
  "1.2.840.10045.3.1.7": { name: "prime256v1", curve: p256 },
  "1.3.132.0.34": { name: "secp384r1", curve: p384 },
  "1.3.132.0.35": { name: "secp521r1", curve: p521 },
  "1.3.36.3.3.2.8.1.1.7": { name: "brainpoolP256r1", curve: brainpoolP256r1 },
  "1.3.36.3.3.2.8.1.1.11": { name: "brainpoolP384r1", curve: brainpoolP384r1 },
  "1.3.36.3.3.2.8.1.1.13": { name: "brainpoolP512r1", curve: brainpoolP512r1 },
};

/** A public key as the browser holds it: node's shape (type, details) and what verifying needs. */
interface BrowserKey extends node.PublicKey {
  readonly spki: Uint8Array;
  /** The raw key: the EC point or the EdDSA key. */
  readonly raw: Uint8Array;
  readonly curve?: typeof p256;
  /** The key as a JWK, which jose verifies with. */
  readonly jwk: node.PublicJwk;
}

const b64url = (b: Uint8Array): string =>
  btoa(String.fromCharCode(...b))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64url = (s: string): Uint8Array => {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error("not base64url");
  const t = s.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(t + "=".repeat((4 - (t.length % 4)) % 4)), (c) => c.charCodeAt(0));
};
const JWK_CURVES: Record<string, string> = { "P-256": "1.2.840.10045.3.1.7", "P-384": "1.3.132.0.34", "P-521": "1.3.132.0.35" };

function rsaKey(spki: Uint8Array, raw: Uint8Array, type: "rsa" | "rsa-pss", nBytes: Uint8Array, eBytes: Uint8Array): BrowserKey {
  let n = nBytes;
  while (n.length && n[0] === 0) n = n.subarray(1);
  let e = eBytes;
  while (e.length > 1 && e[0] === 0) e = e.subarray(1);
  const bits = n.length ? (n.length - 1) * 8 + (32 - Math.clz32(n[0]!)) : 0;
  return {
    spki,
    raw,
    asymmetricKeyType: type,
    asymmetricKeyDetails: { modulusLength: bits, publicExponent: bigintOf(e) },
    jwk: { kty: "RSA", n: b64url(n), e: b64url(e) },
  };
}

const bigintOf = (b: Uint8Array): bigint => (b.length ? BigInt(`0x${Array.from(b, (x) => HEX[x]).join("")}`) : 0n);

export type PublicKey = node.PublicKey;

export function publicKeyFromSpki(spki: Uint8Array): PublicKey {
  const parsed = asn1js.fromBER(spki);
  if (parsed.offset === -1 || parsed.offset !== spki.length) throw new Error("not a DER SubjectPublicKeyInfo");
  const info = new pkijs.PublicKeyInfo({ schema: parsed.result });
  const oid = info.algorithm.algorithmId;
  const raw = new Uint8Array(info.subjectPublicKey.valueBlock.valueHexView);
  const base = { spki: new Uint8Array(spki), raw };
  switch (oid) {
    case "1.2.840.113549.1.1.1":
    case "1.2.840.113549.1.1.10": {
      const rsa = new pkijs.RSAPublicKey({ schema: asn1js.fromBER(raw).result });
      return rsaKey(
        base.spki,
        raw,
        oid === "1.2.840.113549.1.1.1" ? "rsa" : "rsa-pss",
        new Uint8Array(rsa.modulus.valueBlock.valueHexView),
        new Uint8Array(rsa.publicExponent.valueBlock.valueHexView),
      );
    }
    case "1.2.840.10045.2.1": {
      const params = info.algorithm.algorithmParams as { valueBlock?: { toString(): string } } | undefined;
      const curveOid = params?.valueBlock?.toString() ?? "";
      const c = CURVES[curveOid];
      if (!c) throw new Error(`unsupported elliptic curve ${curveOid || "(not named)"}`);
      c.curve.Point.fromBytes(raw).assertValidity(); // a point off its curve is refused, as OpenSSL refuses it
      const size = (raw.length - 1) / 2;
      const crv = Object.keys(JWK_CURVES).find((k) => JWK_CURVES[k] === curveOid);
      const jwk: PublicJwk = raw[0] === 4 && crv ? { kty: "EC", crv, x: b64url(raw.subarray(1, 1 + size)), y: b64url(raw.subarray(1 + size)) } : { kty: "EC" };
      const key: BrowserKey = { ...base, asymmetricKeyType: "ec", asymmetricKeyDetails: { namedCurve: c.name }, curve: c.curve, jwk };
      return key;
    }
    case "1.3.101.112":
    case "1.3.101.113": {
      const ed = oid === "1.3.101.112" ? ed25519 : ed448;
      ed.Point.fromBytes(raw);
      const crv = oid === "1.3.101.112" ? "Ed25519" : "Ed448";
      const key: BrowserKey = { ...base, asymmetricKeyType: crv.toLowerCase(), asymmetricKeyDetails: {}, jwk: { kty: "OKP", crv, x: b64url(raw) } };
      return key;
    }
    case "1.2.840.10040.4.1": {
      const key: BrowserKey = { ...base, asymmetricKeyType: "dsa", asymmetricKeyDetails: {}, jwk: { kty: "DSA" } };
      return key;
    }
    default:
      throw new Error(`unsupported key type ${oid}`);
  }
}

export type PublicJwk = node.PublicJwk;

export function publicKeyFromJwk(jwk: PublicJwk): PublicKey {
  switch (jwk.kty) {
    case "RSA":
      return rsaKey(new Uint8Array(0), new Uint8Array(0), "rsa", fromB64url(jwk.n ?? ""), fromB64url(jwk.e ?? ""));
    case "EC": {
      const oid = JWK_CURVES[jwk.crv ?? ""];
      const c = oid ? CURVES[oid] : undefined;
      if (!c) throw new Error(`Unsupported JWK EC curve: ${jwk.crv}`);
      const x = fromB64url(jwk.x ?? "");
      const y = fromB64url(jwk.y ?? "");
      const raw = new Uint8Array([4, ...x, ...y]);
      c.curve.Point.fromBytes(raw).assertValidity();
      const key: BrowserKey = {
        spki: new Uint8Array(0),
        raw,
        asymmetricKeyType: "ec",
        asymmetricKeyDetails: { namedCurve: c.name },
        curve: c.curve,
        jwk: { kty: "EC", crv: jwk.crv!, x: jwk.x!, y: jwk.y! },
      };
      return key;
    }
    case "OKP": {
      if (jwk.crv !== "Ed25519" && jwk.crv !== "Ed448") throw new Error(`Unsupported JWK OKP curve: ${jwk.crv}`);
      const raw = fromB64url(jwk.x ?? "");
      (jwk.crv === "Ed25519" ? ed25519 : ed448).Point.fromBytes(raw);
      const key: BrowserKey = {
        spki: new Uint8Array(0),
        raw,
        asymmetricKeyType: jwk.crv.toLowerCase(),
        asymmetricKeyDetails: {},
        jwk: { kty: "OKP", crv: jwk.crv, x: jwk.x! },
      };
      return key;
    }
    default:
      throw new Error(`Unsupported JWK key type: ${jwk.kty}`);
  }
}

export function sameKey(a: PublicKey, b: PublicKey): boolean {
  const canon = (k: PublicKey) => {
    const j = (k as BrowserKey).jwk;
    return JSON.stringify(
      Object.keys(j)
        .sort()
        .map((m) => [m, j[m]]),
    );
  };
  return canon(a) === canon(b);
}

/** OpenSSL's short names of the attributes a subject usually holds; others by OID, as OpenSSL prints an unknown one. */
const ATTRIBUTE_NAMES: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.4": "SN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.9": "street",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.12": "title",
  "2.5.4.42": "GN",
  "2.5.4.97": "organizationIdentifier",
  "1.2.840.113549.1.9.1": "emailAddress",
};

export type CertificateFields = node.CertificateFields;

export function certificateFields(der: Uint8Array): CertificateFields {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) throw new Error("not a DER certificate");
  const cert = new pkijs.Certificate({ schema: parsed.result });
  const subject = cert.subject.typesAndValues
    .map((tv) => `${ATTRIBUTE_NAMES[tv.type] ?? tv.type}=${(tv.value.valueBlock as { value?: unknown }).value ?? ""}`)
    .join("\n");
  const spki = new Uint8Array(cert.subjectPublicKeyInfo.toSchema().toBER(false));
  return {
    subject,
    validFrom: cert.notBefore.value.toISOString(),
    validTo: cert.notAfter.value.toISOString(),
    fingerprint: (createHash("sha1").update(der).digest("hex").toUpperCase().match(/../g) ?? []).join(":"),
    publicKey: publicKeyFromSpki(spki),
  };
}

export function joseKey(key: PublicKey): ReturnType<typeof node.joseKey> {
  return (key as BrowserKey).jwk as unknown as ReturnType<typeof node.joseKey>;
}

export type SignatureEncoding = node.SignatureEncoding;

export class PlatformUnsupportedError extends Error {}

const WEB_HASH: Record<string, string> = { sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };

export async function verifySignature(
  hash: string | null,
  data: Uint8Array,
  key: PublicKey,
  signature: Uint8Array,
  encoding: SignatureEncoding,
): Promise<boolean> {
  const k = key as BrowserKey;
  const type = k.asymmetricKeyType;
  if (type === "ed25519" || type === "ed448") {
    if (hash !== null) throw new Error(`${type} signs without a separate hash`);
    // RFC 8032's strict checks, as OpenSSL makes them (not ZIP 215's).
    return type === "ed25519" ? ed25519.verify(signature, data, k.raw, { zip215: false }) : ed448.verify(signature, data, k.raw);
  }
  if (type === "ec" && k.curve && (encoding === "der" || encoding === "ieee-p1363")) {
    if (hash === null) throw new Error("ECDSA needs a hash");
    const digest = createHash(hash).update(data).digest();
    // OpenSSL accepts high-S values: so does this.
    return k.curve.verify(signature, digest, k.raw, { prehash: false, lowS: false, format: encoding === "der" ? "der" : "compact" });
  }
  if ((type === "rsa" || type === "rsa-pss") && (encoding === "pkcs1" || encoding === "pss")) {
    const webHash = hash === null ? undefined : WEB_HASH[hash];
    if (!webHash) throw new PlatformUnsupportedError(`RSA with ${hash ?? "no hash"} is not verified in the browser`);
    const name = encoding === "pss" ? "RSA-PSS" : "RSASSA-PKCS1-v1_5";
    const cryptoKey = await crypto.subtle.importKey("spki", k.spki, { name, hash: webHash }, false, ["verify"]);
    const params = encoding === "pss" ? { name, saltLength: createHash(hash!).digest().length } : { name };
    return crypto.subtle.verify(params, cryptoKey, signature, data);
  }
  throw new PlatformUnsupportedError(`a ${type ?? "?"} key with ${encoding} signatures is not verified in the browser`);
}

export const webCrypto = globalThis.crypto as unknown as typeof node.webCrypto;

/** No synchronous path in the browser: WebCrypto verifies. */
export function verifyWebCryptoKeyNow(
  _name: "RSASSA-PKCS1-v1_5" | "ECDSA",
  _hash: string,
  _key: object,
  _data: Uint8Array,
  _signature: Uint8Array,
): boolean | undefined {
  return undefined;
}

// The same exports as Node's implementation, with types it accepts.
true satisfies typeof createHash extends typeof node.createHash ? true : never;
true satisfies typeof sha256Hex extends typeof node.sha256Hex ? true : never;
true satisfies typeof publicKeyFromSpki extends typeof node.publicKeyFromSpki ? true : never;
true satisfies typeof verifySignature extends typeof node.verifySignature ? true : never;
true satisfies typeof verifyWebCryptoKeyNow extends typeof node.verifyWebCryptoKeyNow ? true : never;
true satisfies typeof publicKeyFromJwk extends typeof node.publicKeyFromJwk ? true : never;
true satisfies typeof sameKey extends typeof node.sameKey ? true : never;
true satisfies typeof certificateFields extends typeof node.certificateFields ? true : never;
true satisfies typeof joseKey extends typeof node.joseKey ? true : never;
