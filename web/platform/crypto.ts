// The platform seam for cryptography, the browser's implementation (in src/platform/crypto.ts's place in the
// page's build). Hashes are @noble/hashes (synchronous and incremental, as the library's streams need them;
// WebCrypto's digest is neither); ECDSA on every curve the table names (NIST and Brainpool, which WebCrypto
// cannot import) and EdDSA are @noble/curves, with the hash computed here so that any hash of the table
// works; RSA is WebCrypto for the hashes WebCrypto has (SHA-1, SHA-2 but SHA-224) and, for the table's others
// (SHA-224, SHA-3; RFC 8017 §8.2.2), the public-key operation in BigInt with @noble/curves's modular
// exponentiation and the encoded DigestInfo compared whole, as OpenSSL compares it; DSA likewise (FIPS 186-4
// §4.7). So the page verifies every algorithm the CLI does. Public keys are read from the SubjectPublicKeyInfo with asn1js and pkijs, EC points
// checked on their curve as OpenSSL checks them on import.
import { sha1 } from "@noble/hashes/legacy.js";
import { sha224, sha256, sha384, sha512 } from "@noble/hashes/sha2.js";
import { sha3_224, sha3_256, sha3_384, sha3_512, shake256 } from "@noble/hashes/sha3.js";
import { p256, p384, p521 } from "@noble/curves/nist.js";
import { brainpoolP256r1, brainpoolP384r1, brainpoolP512r1 } from "@noble/curves/misc.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { ed448 } from "@noble/curves/ed448.js";
import { invert, pow } from "@noble/curves/abstract/modular.js";
import { DER } from "@noble/curves/abstract/weierstrass.js";
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
  /** RSA: the modulus, its length in bytes and the exponent. */
  readonly rsa?: { readonly n: bigint; readonly size: number; readonly e: bigint };
  /** DSA: the domain parameters and the public value. */
  readonly dsa?: { readonly p: bigint; readonly q: bigint; readonly g: bigint; readonly y: bigint };
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
    rsa: { n: bigintOf(n), size: n.length, e: bigintOf(e) },
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
      const int = (b: asn1js.AsnType | undefined): bigint => {
        if (!(b instanceof asn1js.Integer)) throw new Error("DSA: not an INTEGER");
        return bigintOf(new Uint8Array(b.valueBlock.valueHexView));
      };
      const params = info.algorithm.algorithmParams as asn1js.Sequence | undefined;
      if (!(params instanceof asn1js.Sequence) || params.valueBlock.value.length !== 3) throw new Error("DSA key without its domain parameters");
      const [p, q, g] = params.valueBlock.value.map(int) as [bigint, bigint, bigint];
      const yParsed = asn1js.fromBER(raw);
      if (yParsed.offset !== raw.length) throw new Error("DSA: the public value is not one DER INTEGER");
      const y = int(yParsed.result);
      if (p < 3n || q < 2n || g < 2n || g >= p || y < 2n || y >= p) throw new Error("DSA: parameters out of range");
      const key: BrowserKey = {
        ...base,
        asymmetricKeyType: "dsa",
        asymmetricKeyDetails: { modulusLength: p.toString(2).length },
        jwk: { kty: "DSA" },
        dsa: { p, q, g, y },
      };
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

/** The DigestInfo's AlgorithmIdentifier OIDs of EMSA-PKCS1-v1_5 (RFC 8017 §9.2; SHA-3: RFC 8702 / NIST CSOR). */
const DIGEST_INFO_OID: Record<string, string> = {
  sha1: "1.3.14.3.2.26",
  sha224: "2.16.840.1.101.3.4.2.4",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  "sha3-224": "2.16.840.1.101.3.4.2.7",
  "sha3-256": "2.16.840.1.101.3.4.2.8",
  "sha3-384": "2.16.840.1.101.3.4.2.9",
  "sha3-512": "2.16.840.1.101.3.4.2.10",
};

const bytesOf = (x: bigint, size: number): Uint8Array | null => {
  const hex = x.toString(16).padStart(size * 2, "0");
  if (hex.length > size * 2) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
};

/**
 * RSASSA-PKCS1-v1_5-VERIFY (RFC 8017 §8.2.2): s^e mod n, then the expected encoding built (DigestInfo with
 * NULL parameters, as OpenSSL encodes and compares it) and compared byte for byte, never parsed.
 */
function verifyPkcs1(hash: string, data: Uint8Array, rsa: NonNullable<BrowserKey["rsa"]>, signature: Uint8Array): boolean {
  const oid = DIGEST_INFO_OID[hash];
  if (!oid) throw new PlatformUnsupportedError(`RSA with ${hash} is not verified in the browser`);
  if (signature.length !== rsa.size || rsa.n < 3n) return false;
  const s = bigintOf(signature);
  if (s >= rsa.n) return false;
  const em = bytesOf(pow(s, rsa.e, rsa.n), rsa.size);
  const digestInfo = new Uint8Array(
    new asn1js.Sequence({
      value: [
        new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), new asn1js.Null()] }),
        new asn1js.OctetString({ valueHex: createHash(hash).update(data).digest() }),
      ],
    }).toBER(false),
  );
  const pad = rsa.size - digestInfo.length - 3;
  if (!em || pad < 8) return false;
  const expected = new Uint8Array(rsa.size).fill(0xff);
  expected[0] = 0;
  expected[1] = 1;
  expected[2 + pad] = 0;
  expected.set(digestInfo, 3 + pad);
  let diff = 0;
  for (let i = 0; i < em.length; i++) diff |= em[i]! ^ expected[i]!;
  return diff === 0;
}

/** DSA (FIPS 186-4 §4.7) over a strict DER r, s (noble's DER reader, as for ECDSA). */
function verifyDsa(hash: string, data: Uint8Array, dsa: NonNullable<BrowserKey["dsa"]>, signature: Uint8Array): boolean {
  const { p, q, g, y } = dsa;
  const { r, s } = DER.toSig(signature);
  if (r <= 0n || r >= q || s <= 0n || s >= q) return false;
  const digest = createHash(hash).update(data).digest();
  const nBits = q.toString(2).length;
  let z = bigintOf(digest);
  if (digest.length * 8 > nBits) z >>= BigInt(digest.length * 8 - nBits);
  const w = invert(s, q);
  const v = ((pow(g, (z * w) % q, p) * pow(y, (r * w) % q, p)) % p) % q;
  return v === r;
}

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
  if (type === "dsa" && k.dsa && encoding === "der") {
    if (hash === null) throw new Error("DSA needs a hash");
    return verifyDsa(hash, data, k.dsa, signature);
  }
  if ((type === "rsa" || type === "rsa-pss") && (encoding === "pkcs1" || encoding === "pss")) {
    const webHash = hash === null ? undefined : WEB_HASH[hash];
    if (!webHash && encoding === "pkcs1" && type === "rsa" && k.rsa && hash !== null) return verifyPkcs1(hash, data, k.rsa, signature);
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
