// The key-caching engine: the same key bytes give the same imported key across certificate objects (one
// import per process for the keys every archive shares); different keys never share an entry, so a
// signature still fails with the wrong key.
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import { describe, expect, it, vi } from "vitest";
import * as pkijs from "pkijs";
import { certificateDer, certificateFromPem, signedBy } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";

const S = pkiSession();

const pem = (name: string) => readFileSync(`samples/pki/${name}.pem`, "utf8");

describe("the session's crypto engine", () => {
  it("imports a key once, whatever certificate object carries it", async () => {
    const a = certificateFromPem(pem("tokenCa"), "PEM certificate", S);
    // A second object for the same certificate (certificateFromPem would answer from the certificate pool).
    const b = pkijs.Certificate.fromBER(certificateDer(a));
    expect(a).not.toBe(b);
    const ka = await S.engine.getPublicKey(a.subjectPublicKeyInfo, a.signatureAlgorithm);
    const kb = await S.engine.getPublicKey(b.subjectPublicKeyInfo, b.signatureAlgorithm);
    expect(kb).toBe(ka);
    const other = certificateFromPem(pem("tokenRoot"), "PEM certificate", S);
    expect(await S.engine.getPublicKey(other.subjectPublicKeyInfo, other.signatureAlgorithm)).not.toBe(ka);
  });

  it("verification stays per key: the issuing CA verifies its certificate, another CA's key does not", async () => {
    const leaf = certificateFromPem(pem("ocspResponder"), "PEM certificate", S);
    const issuer = certificateFromPem(pem("tokenCa"), "PEM certificate", S);
    const stranger = certificateFromPem(pem("sealRoot"), "PEM certificate", S);
    for (let i = 0; i < 2; i++) {
      expect(await leaf.verify(issuer, S.engine)).toBe(true);
      expect(await leaf.verify(stranger, S.engine)).toBe(false);
    }
  });

  it("a certificate link is checked once per pair of certificates; a forged signature or another issuer afresh", async () => {
    const leaf = certificateFromPem(pem("tsa"), "PEM certificate", S);
    const issuer = certificateFromPem(pem("tsaRoot"), "PEM certificate", S);
    const spy = vi.spyOn(S.engine, "verify");
    try {
      expect(await signedBy(S, leaf, issuer)).toBe(true);
      const first = spy.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      expect(await signedBy(S, leaf, issuer)).toBe(true);
      expect(spy.mock.calls.length).toBe(first); // the same link: not computed again
      const forged = pkijs.Certificate.fromBER(certificateDer(leaf));
      const sig = new Uint8Array(forged.signatureValue.valueBlock.valueHexView);
      sig[10]! ^= 0x01;
      forged.signatureValue = new asn1js.BitString({ valueHex: sig });
      expect(await signedBy(S, forged, issuer)).toBe(false);
      expect(spy.mock.calls.length).toBeGreaterThan(first);
      expect(await signedBy(S, leaf, certificateFromPem(pem("sealRoot"), "PEM certificate", S))).toBe(false);
      expect(await signedBy(S, issuer, null)).toBe(true); // self-signed root
      expect(await signedBy(S, leaf, null)).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it("verifies RSASSA-PKCS1-v1_5 and ECDSA in this thread with WebCrypto's answers: valid, altered, other hash, malformed", async () => {
    const subtle = webcrypto.subtle;
    const data = new TextEncoder().encode("the signed attributes");
    const other = new TextEncoder().encode("other bytes");
    const rsa = { modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) };
    const cases: { algorithm: webcrypto.RsaHashedKeyGenParams | webcrypto.EcKeyGenParams; sign: webcrypto.AlgorithmIdentifier | webcrypto.EcdsaParams }[] = [
      { algorithm: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", ...rsa }, sign: "RSASSA-PKCS1-v1_5" },
      { algorithm: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512", ...rsa }, sign: "RSASSA-PKCS1-v1_5" },
      { algorithm: { name: "ECDSA", namedCurve: "P-256" }, sign: { name: "ECDSA", hash: "SHA-256" } },
      { algorithm: { name: "ECDSA", namedCurve: "P-384" }, sign: { name: "ECDSA", hash: { name: "SHA-384" } } as webcrypto.EcdsaParams },
    ];
    let compared = 0;
    for (const { algorithm, sign } of cases) {
      const generated = (await subtle.generateKey(algorithm, true, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
      const signature = new Uint8Array(await subtle.sign(sign, generated.privateKey, data));
      const altered = Uint8Array.from(signature);
      altered[5]! ^= 0x40;
      const verifyWith = [sign, ...(algorithm.name === "ECDSA" ? [{ name: "ECDSA", hash: "SHA-512" }] : [])];
      for (const params of verifyWith) {
        for (const [sig, bytes] of [
          [signature, data],
          [signature.buffer, data.buffer],
          [altered, data],
          [signature, other],
          [signature.subarray(0, signature.length - 1), data],
          [new Uint8Array(0), data],
        ] as const) {
          const expected = await subtle.verify(params, generated.publicKey, sig, bytes).then(
            (ok) => ({ ok }),
            (e: Error) => ({ error: e.name }),
          );
          const got = await S.engine.verify(params, generated.publicKey, sig, bytes).then(
            (ok) => ({ ok }),
            (e: Error) => ({ error: e.name }),
          );
          expect(got, `${algorithm.name} ${JSON.stringify(params)}`).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBe(36);
    // The private key is not a verification key: WebCrypto refuses it, and so does the engine.
    const pair = (await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
    await expect(S.engine.verify({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, new Uint8Array(64), data)).rejects.toThrow();
  });
});
