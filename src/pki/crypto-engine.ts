// pkijs's WebCrypto engine with one addition: imported public keys are kept (a bounded map keyed by the
// key's algorithm and exact bytes), so that the CA, responder, TSA and seal keys an archive system meets
// in every archive are imported once per session instead of several times per archive. Passed to pkijs
// explicitly: setting pkijs's global engine would change it for every other pkijs user in the host process.
import { verifyWebCryptoKeyNow, webCrypto, type PublicKey } from "../platform/crypto.js";
import * as pkijs from "pkijs";
import { describeAlgorithm, publicKeyOf, signatureAlgorithm as lookupSignatureAlgorithm, UnsupportedAlgorithmError, verifyByTable } from "./algorithms.js";
import { toHex } from "./der.js";
import { BoundedPromises, cacheSlot, DerPool } from "./kept.js";

type CryptoKey = Awaited<ReturnType<pkijs.CryptoEngine["getPublicKey"]>>;

type PublicKeyParams = Parameters<pkijs.CryptoEngine["getPublicKey"]>[2];

/** SHA-1, SHA-256, SHA-384, SHA-512: the hashes WebCrypto's RSA-PSS (pkijs's path) takes. */
const PSS_HASHES = new Set(["1.3.14.3.2.26", "2.16.840.1.101.3.4.2.1", "2.16.840.1.101.3.4.2.2", "2.16.840.1.101.3.4.2.3"]);

/** The hash and MGF1 hash OIDs of RSASSA-PSS parameters (RFC 4055 §3.1: SHA-1 each when absent). */
function pssHashes(alg: pkijs.AlgorithmIdentifier): string[] {
  const SHA1 = "1.3.14.3.2.26";
  if (!alg.algorithmParams) return [SHA1, SHA1];
  try {
    const p = new pkijs.RSASSAPSSParams({ schema: alg.algorithmParams });
    const mgfHash = p.maskGenAlgorithm.algorithmParams ? new pkijs.AlgorithmIdentifier({ schema: p.maskGenAlgorithm.algorithmParams }).algorithmId : SHA1;
    return [p.hashAlgorithm.algorithmId, mgfHash];
  } catch {
    return []; // unreadable parameters: pkijs's path decides (it fails them)
  }
}

class KeyCachingEngine extends pkijs.CryptoEngine {
  private readonly keys = new BoundedPromises<CryptoKey>(256);

  override getPublicKey(publicKeyInfo: pkijs.PublicKeyInfo, signatureAlgorithm: pkijs.AlgorithmIdentifier, parameters?: PublicKeyParams): Promise<CryptoKey> {
    const params = parameters ?? this.fillPublicKeyParameters(publicKeyInfo, signatureAlgorithm);
    const algorithmParams = (publicKeyInfo.algorithm.algorithmParams as { valueBeforeDecodeView?: Uint8Array } | undefined)?.valueBeforeDecodeView;
    const id = [
      publicKeyInfo.algorithm.algorithmId,
      algorithmParams ? toHex(algorithmParams) : "",
      JSON.stringify(params.algorithm),
      toHex(publicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    ].join("|");
    return this.keys.get(id, () => super.getPublicKey(publicKeyInfo, signatureAlgorithm, params));
  }

  /**
   * Every signature value of X.509, CMS, OCSP and CRLs is checked here, by the one algorithm table
   * (algorithms.ts): an algorithm outside it throws an UnsupportedAlgorithmError (never a bare false, never
   * pkijs's plain Error), which the checks report as INDETERMINATE. pkijs's own path (WebCrypto, with the
   * key cache and the in-thread verify below) keeps what it verified before: RSA PKCS #1 v1.5 and DER ECDSA
   * on the NIST curves with SHA-1/SHA-2, and RSASSA-PSS (pkijs reads its parameters). Everything else of the
   * table — ECDSA on the Brainpool curves (German qualified signature cards, TS 119 312's r1 curves), which
   * WebCrypto cannot import; plain ECDSA (BSI TR-03111, r‖s); EdDSA (RFC 8410/8419); SHA-224 and SHA-3;
   * DSA — OpenSSL verifies directly, with a key from the SPKI.
   */
  override async verifyWithPublicKey(...args: Parameters<pkijs.CryptoEngine["verifyWithPublicKey"]>): Promise<boolean> {
    const [data, signature, publicKeyInfo, signatureAlgorithm, shaAlgorithm] = args;
    const oid = signatureAlgorithm.algorithmId;
    // pkijs's own calls with no algorithm and a WebCrypto hash: its path.
    if (oid === "" && shaAlgorithm) return super.verifyWithPublicKey(...args);
    const alg = lookupSignatureAlgorithm(oid);
    if (alg.family === "rsa-pss") {
      // pkijs's PSS path is WebCrypto's: SHA-1/SHA-2 (not SHA-224) for the hash and MGF1. Any other hash is not
      // checked, not broken (attack-s4 D1 `pss`): pkijs would answer false, "forged".
      const pss = pssHashes(signatureAlgorithm);
      const other = pss.find((h) => !PSS_HASHES.has(h));
      if (other !== undefined)
        throw new UnsupportedAlgorithmError(
          "ERR_UNSUPPORTED_SIGNATURE_ALGORITHM",
          oid,
          alg.name,
          `RSASSA-PSS with ${describeAlgorithm(other)} (hash or MGF1) is not supported`,
        );
      return super.verifyWithPublicKey(...args);
    }
    const keyOid = publicKeyInfo.algorithm.algorithmId;
    const params = publicKeyInfo.algorithm.algorithmParams as { valueBlock?: { toString(): string } } | undefined;
    const hash = alg.hash ?? (shaAlgorithm ? (NODE_HASH[shaAlgorithm.toUpperCase()] ?? shaAlgorithm.toLowerCase()) : null);
    const webCryptoHash = hash !== null && Object.values(NODE_HASH).includes(hash);
    if (
      webCryptoHash &&
      ((alg.family === "rsa-pkcs1" && keyOid === RSA_PUBLIC_KEY) ||
        (alg.family === "ecdsa" && keyOid === EC_PUBLIC_KEY && NIST_CURVES.has(params?.valueBlock?.toString() ?? "")))
    )
      return super.verifyWithPublicKey(...args);
    const spki = new Uint8Array(publicKeyInfo.toSchema().toBER(false));
    const kept = this.tableKeys.lookup(spki);
    let key = kept.value;
    if (!key) this.tableKeys.keep(kept.key, spki, (key = publicKeyOf(spki, keyOid)));
    return verifyByTable(alg, key, view(data), signature.valueBlock.valueHexView, hash ?? undefined);
  }

  private readonly tableKeys = new DerPool<PublicKey>(64);

  /**
   * WebCrypto's verify for RSASSA-PKCS1-v1_5 and ECDSA, done in this thread: the same OpenSSL operation
   * (Node's SignJob, with the parameters WebCrypto gives it: the key's hash for RSA, the given hash and
   * r‖s signatures for ECDSA) without a job on the thread pool and its promise (~40 µs of CPU each, five
   * signatures an archive). Anything else, and any error (so that its message is WebCrypto's), goes to WebCrypto.
   */
  override verify(...args: Parameters<pkijs.CryptoEngine["verify"]>): Promise<boolean> {
    const [algorithm, key, signature, data] = args as unknown as [{ name?: unknown; hash?: unknown }, CryptoKey, BufferSource, BufferSource];
    const name = typeof algorithm === "object" && algorithm !== null ? algorithm.name : undefined;
    if (
      typeof key === "object" &&
      key !== null &&
      key.type === "public" &&
      Array.isArray(key.usages) &&
      key.usages.includes("verify") &&
      key.algorithm.name === name &&
      (name === "RSASSA-PKCS1-v1_5" || name === "ECDSA")
    ) {
      const hash = NODE_HASH[hashName(name === "ECDSA" ? algorithm.hash : (key.algorithm as { hash?: unknown }).hash) ?? ""];
      if (hash) {
        try {
          const now = verifyWebCryptoKeyNow(name, hash, key, view(data), view(signature));
          if (now !== undefined) return Promise.resolve(now);
        } catch {
          // WebCrypto decides, with its own error.
        }
      }
    }
    return super.verify(...args);
  }
}

type BufferSource = ArrayBuffer | ArrayBufferView;

const view = (b: BufferSource): Uint8Array => (ArrayBuffer.isView(b) ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array(b));

/** A WebCrypto hash (a name or { name }), as WebCrypto normalises it (names compare without case). */
function hashName(hash: unknown): string | undefined {
  const n = typeof hash === "string" ? hash : typeof hash === "object" && hash !== null ? (hash as { name?: unknown }).name : undefined;
  return typeof n === "string" ? n.toUpperCase() : undefined;
}

const NODE_HASH: Readonly<Record<string, string>> = { "SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512" };

const EC_PUBLIC_KEY = "1.2.840.10045.2.1";
const RSA_PUBLIC_KEY = "1.2.840.113549.1.1.1";
/** P-256, P-384, P-521: the curves WebCrypto imports. */
const NIST_CURVES = new Set(["1.2.840.10045.3.1.7", "1.3.132.0.34", "1.3.132.0.35"]);

/** The engine every pkijs verification of a session runs on (PkiSession.engine), with its imported keys. */
export const ENGINE = cacheSlot<pkijs.CryptoEngine>(
  "imported public keys (crypto engine)",
  () =>
    new KeyCachingEngine({
      name: "sealcheck",
      crypto: webCrypto,
    }),
);
