// pkijs's WebCrypto engine with one addition: imported public keys are kept (a bounded map keyed by the
// key's algorithm and exact bytes), so that the CA, responder, TSA and seal keys an archive system meets
// in every archive are imported once per process instead of several times per archive. Passed to pkijs
// explicitly: setting pkijs's global engine would change it for every other pkijs user in the host process.
import { webcrypto } from "node:crypto";
import * as pkijs from "pkijs";
import { toHex } from "./der.js";

type CryptoKey = webcrypto.CryptoKey;

const MAX_KEYS = 256;

type PublicKeyParams = Parameters<pkijs.CryptoEngine["getPublicKey"]>[2];

class KeyCachingEngine extends pkijs.CryptoEngine {
  private readonly keys = new Map<string, Promise<CryptoKey>>();

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
