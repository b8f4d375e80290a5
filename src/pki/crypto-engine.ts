// pkijs's WebCrypto engine with one addition: imported public keys are kept (a bounded map keyed by the
// key's algorithm and exact bytes), so that the CA, responder, TSA and seal keys an archive system meets
// in every archive are imported once per session instead of several times per archive. Passed to pkijs
// explicitly: setting pkijs's global engine would change it for every other pkijs user in the host process.
import { KeyObject, constants, createPublicKey, verify as verifyNow, webcrypto } from "node:crypto";
import * as pkijs from "pkijs";
import { toHex } from "./der.js";
import { BoundedPromises, cacheSlot, DerPool } from "./kept.js";

type CryptoKey = webcrypto.CryptoKey;

type PublicKeyParams = Parameters<pkijs.CryptoEngine["getPublicKey"]>[2];

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
   * ECDSA on the Brainpool curves (German qualified signature cards, TS 119 312's r1 curves), which WebCrypto
   * cannot import: verified by OpenSSL directly, over the DER (r, s) that CMS, certificates, CRLs and OCSP carry.
   * Only the ECDSA-with-SHA-2 algorithms; everything else is pkijs's path, unchanged.
   */
  override async verifyWithPublicKey(...args: Parameters<pkijs.CryptoEngine["verifyWithPublicKey"]>): Promise<boolean> {
    const [data, signature, publicKeyInfo, signatureAlgorithm] = args;
    const hash = ECDSA_HASH[signatureAlgorithm.algorithmId];
    const params = publicKeyInfo.algorithm.algorithmParams as { valueBlock?: { toString(): string } } | undefined;
    if (hash && publicKeyInfo.algorithm.algorithmId === EC_PUBLIC_KEY && BRAINPOOL.has(params?.valueBlock?.toString() ?? "")) {
      const spki = new Uint8Array(publicKeyInfo.toSchema().toBER(false));
      const kept = this.brainpoolKeys.lookup(spki);
      let key = kept.value;
      if (!key) this.brainpoolKeys.keep(kept.key, spki, (key = createPublicKey({ key: Buffer.from(spki), format: "der", type: "spki" })));
      return verifyNow(hash, view(data), { key, dsaEncoding: "der" }, signature.valueBlock.valueHexView);
    }
    return super.verifyWithPublicKey(...args);
  }

  private readonly brainpoolKeys = new DerPool<KeyObject>(64);

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
          const options = name === "ECDSA" ? { dsaEncoding: "ieee-p1363" as const } : { padding: constants.RSA_PKCS1_PADDING };
          // KeyObject.from refuses anything but a CryptoKey.
          return Promise.resolve(verifyNow(hash, view(data), { key: KeyObject.from(key), ...options }, view(signature)));
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
/** ecdsa-with-SHA256/384/512 (RFC 5758). */
const ECDSA_HASH: Readonly<Record<string, string>> = {
  "1.2.840.10045.4.3.2": "sha256",
  "1.2.840.10045.4.3.3": "sha384",
  "1.2.840.10045.4.3.4": "sha512",
};
/** brainpoolP256r1, brainpoolP384r1, brainpoolP512r1 (RFC 5639). */
const BRAINPOOL = new Set(["1.3.36.3.3.2.8.1.1.7", "1.3.36.3.3.2.8.1.1.11", "1.3.36.3.3.2.8.1.1.13"]);

/** The engine every pkijs verification of a session runs on (PkiSession.engine), with its imported keys. */
export const ENGINE = cacheSlot<pkijs.CryptoEngine>(
  "imported public keys (crypto engine)",
  () =>
    new KeyCachingEngine({
      name: "sealcheck",
      crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"],
    }),
);
