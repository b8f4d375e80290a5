// pkijs's WebCrypto engine with two additions, both bounded maps keyed by exact bytes: imported public keys
// are kept, so that the CA, responder, TSA and seal keys an archive system meets in every archive are
// imported once per process; and the outcome of a signature check is kept, keyed by everything it depends
// on (the signed bytes' SHA-256, the signature, the key, the algorithms), so that the certificate links
// every archive of one broker repeats (seal CA → seal certificate, TSA root → TSA …) are checked once per
// process. Passed to pkijs explicitly: setting pkijs's global engine would change it for every other pkijs
// user in the host process.
import { createHash, webcrypto } from "node:crypto";
import * as pkijs from "pkijs";
import { toHex } from "./der.js";

type CryptoKey = webcrypto.CryptoKey;

const MAX_KEYS = 256;
const MAX_VERIFICATIONS = 1024;

type PublicKeyParams = Parameters<pkijs.CryptoEngine["getPublicKey"]>[2];
type VerifyArgs = Parameters<pkijs.CryptoEngine["verifyWithPublicKey"]>;

const paramsHex = (a: pkijs.AlgorithmIdentifier): string =>
  a.algorithmId + ":" + ((a.algorithmParams as { valueBeforeDecodeView?: Uint8Array } | undefined)?.valueBeforeDecodeView ? toHex((a.algorithmParams as { valueBeforeDecodeView: Uint8Array }).valueBeforeDecodeView) : "");

class KeyCachingEngine extends pkijs.CryptoEngine {
  private readonly keys = new Map<string, Promise<CryptoKey>>();
  private readonly verified = new Map<string, boolean>();

  override async verifyWithPublicKey(...args: VerifyArgs): Promise<boolean> {
    const [data, signature, publicKeyInfo, signatureAlgorithm, shaAlgorithm] = args;
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const id = [
      createHash("sha256").update(bytes).digest("hex"),
      toHex(signature.valueBlock.valueHexView),
      paramsHex(publicKeyInfo.algorithm),
      toHex(publicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
      paramsHex(signatureAlgorithm),
      shaAlgorithm ?? "",
    ].join("|");
    const known = this.verified.get(id);
    if (known !== undefined) return known;
    const ok = await super.verifyWithPublicKey(...args);
    if (this.verified.size >= MAX_VERIFICATIONS) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(id, ok);
    return ok;
  }

  override getPublicKey(publicKeyInfo: pkijs.PublicKeyInfo, signatureAlgorithm: pkijs.AlgorithmIdentifier, parameters?: PublicKeyParams): Promise<CryptoKey> {
    const params = parameters ?? this.fillPublicKeyParameters(publicKeyInfo, signatureAlgorithm);
    const algorithmParams = (publicKeyInfo.algorithm.algorithmParams as { valueBeforeDecodeView?: Uint8Array } | undefined)?.valueBeforeDecodeView;
    const id = [
      publicKeyInfo.algorithm.algorithmId,
      algorithmParams ? toHex(algorithmParams) : "",
      JSON.stringify(params.algorithm),
      toHex(publicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    ].join("|");
    let key = this.keys.get(id);
    if (!key) {
      key = super.getPublicKey(publicKeyInfo, signatureAlgorithm, params);
      key.catch(() => this.keys.delete(id));
      if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
      this.keys.set(id, key);
    }
    return key;
  }
}

/** The engine every pkijs verification of this project runs on. */
export const cryptoEngine: pkijs.CryptoEngine = new KeyCachingEngine({ name: "sealcheck", crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"] });
