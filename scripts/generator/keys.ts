// Key pairs and the three signature schemes the real hierarchy uses: PKCS#1 v1.5 (roots, seal, TSA),
// RSASSA-PSS SHA-256/MGF1-SHA-256/salt 32 (the OCES3 CA) and ECDSA-SHA256 (the OCSP responder).
import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { algId, explicit, int, OIDS, seq, type Asn1 } from "./der.js";

export type SignatureScheme = "rsa-pkcs1" | "rsa-pss" | "ecdsa";

export function generateRsaKey(bits = 2048): KeyObject {
  return ownKey(generateKeyPairSync("rsa", { modulusLength: bits, privateKeyEncoding: PKCS8, publicKeyEncoding: SPKI }).privateKey);
}

export function generateEcKey(namedCurve: "P-256" | "P-384" = "P-256"): KeyObject {
  return ownKey(generateKeyPairSync("ec", { namedCurve, privateKeyEncoding: PKCS8, publicKeyEncoding: SPKI }).privateKey);
}

// Encoded by the generation job and decoded into a key of its own: on Node 20 a JWK export of a KeyObject that
// key generation returned can deadlock (the export holds the key's mutex while it allocates; a collection that
// frees the job takes the same mutex). See src/idtoken/dev-token.ts.
const PKCS8 = { type: "pkcs8", format: "der" } as const;
const SPKI = { type: "spki", format: "der" } as const;
const ownKey = (pkcs8: Buffer): KeyObject => createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" });

/** DER SubjectPublicKeyInfo of a private or public key. */
export function spkiDer(key: KeyObject): Uint8Array {
  const pub = key.type === "private" ? createPublicKey(key) : key;
  return new Uint8Array(pub.export({ type: "spki", format: "der" }));
}

export const privateKeyPem = (key: KeyObject): string => key.export({ type: "pkcs8", format: "pem" }).toString();
export const privateKeyFromPem = (text: string): KeyObject => createPrivateKey(text);

/** The natural scheme of a key (PSS must be asked for explicitly). */
export const defaultScheme = (key: KeyObject): SignatureScheme => (key.asymmetricKeyType === "ec" ? "ecdsa" : "rsa-pkcs1");

/** RSASSA-PSS-params for SHA-256, MGF1-SHA-256, salt 32 (trailerField default). */
function pssParams(): Asn1 {
  const sha256 = algId(OIDS.sha256, null);
  return seq(explicit(0, sha256), explicit(1, algId(OIDS.mgf1, algId(OIDS.sha256, null))), explicit(2, int(32)));
}

/** The AlgorithmIdentifier a signature of this scheme carries. */
export function signatureAlgorithm(scheme: SignatureScheme): Asn1 {
  switch (scheme) {
    case "rsa-pkcs1":
      return algId(OIDS.sha256WithRSA, null);
    case "rsa-pss":
      return algId(OIDS.rsassaPss, pssParams());
    case "ecdsa":
      return algId(OIDS.ecdsaWithSha256);
  }
}

/** Sign with SHA-256 under the scheme; ECDSA values come out DER-encoded, as X.509/CMS/OCSP want. */
export function signBytes(key: KeyObject, scheme: SignatureScheme, data: Uint8Array): Uint8Array {
  if (scheme === "rsa-pss") {
    return new Uint8Array(sign("sha256", data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }));
  }
  return new Uint8Array(sign("sha256", data, key));
}
