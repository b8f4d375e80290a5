// pkijs's WebCrypto engine with one addition: imported public keys are kept (a bounded map keyed by the
// key's algorithm and exact bytes), so that the CA, responder, TSA and seal keys an archive system meets
// in every archive are imported once per session instead of several times per archive. Passed to pkijs
// explicitly: setting pkijs's global engine would change it for every other pkijs user in the host process.
import { webcrypto } from "node:crypto";
import * as pkijs from "pkijs";
import { toHex } from "./der.js";
import { BoundedPromises, cacheSlot } from "./kept.js";

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
}

/** The engine every pkijs verification of a session runs on (PkiSession.engine), with its imported keys. */
export const ENGINE = cacheSlot<pkijs.CryptoEngine>(
  "imported public keys (crypto engine)",
  () =>
    new KeyCachingEngine({
      name: "sealcheck",
      crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]["crypto"],
    }),
);
