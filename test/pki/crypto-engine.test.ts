// The key-caching engine: the same key bytes give the same imported key across certificate objects (one
// import per process for the keys every archive shares); different keys never share an entry, so a
// signature still fails with the wrong key.
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import { describe, expect, it, vi } from "vitest";
import * as pkijs from "pkijs";
import { certificateDer, certificateFromPem, signedBy } from "../../src/pki/certificate.js";
import { cryptoEngine } from "../../src/pki/crypto-engine.js";

const pem = (name: string) => readFileSync(`samples/pki/${name}.pem`, "utf8");

describe("cryptoEngine", () => {
  it("imports a key once, whatever certificate object carries it", async () => {
    const a = certificateFromPem(pem("tokenCa"));
    // A second object for the same certificate (certificateFromPem would answer from the certificate pool).
    const b = pkijs.Certificate.fromBER(certificateDer(a));
    expect(a).not.toBe(b);
    const ka = await cryptoEngine.getPublicKey(a.subjectPublicKeyInfo, a.signatureAlgorithm);
    const kb = await cryptoEngine.getPublicKey(b.subjectPublicKeyInfo, b.signatureAlgorithm);
    expect(kb).toBe(ka);
    const other = certificateFromPem(pem("tokenRoot"));
    expect(await cryptoEngine.getPublicKey(other.subjectPublicKeyInfo, other.signatureAlgorithm)).not.toBe(ka);
  });

  it("verification stays per key: the issuing CA verifies its certificate, another CA's key does not", async () => {
    const leaf = certificateFromPem(pem("ocspResponder"));
    const issuer = certificateFromPem(pem("tokenCa"));
    const stranger = certificateFromPem(pem("sealRoot"));
    for (let i = 0; i < 2; i++) {
      expect(await leaf.verify(issuer, cryptoEngine)).toBe(true);
      expect(await leaf.verify(stranger, cryptoEngine)).toBe(false);
    }
  });

  it("a certificate link is checked once per pair of certificates; a forged signature or another issuer afresh", async () => {
    const leaf = certificateFromPem(pem("tsa"));
    const issuer = certificateFromPem(pem("tsaRoot"));
    const spy = vi.spyOn(webcrypto.subtle, "verify");
    try {
      expect(await signedBy(leaf, issuer)).toBe(true);
      const first = spy.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      expect(await signedBy(leaf, issuer)).toBe(true);
      expect(spy.mock.calls.length).toBe(first); // the same link: not computed again
      const forged = pkijs.Certificate.fromBER(certificateDer(leaf));
      const sig = new Uint8Array(forged.signatureValue.valueBlock.valueHexView);
      sig[10]! ^= 0x01;
      forged.signatureValue = new asn1js.BitString({ valueHex: sig });
      expect(await signedBy(forged, issuer)).toBe(false);
      expect(spy.mock.calls.length).toBeGreaterThan(first);
      expect(await signedBy(leaf, certificateFromPem(pem("sealRoot")))).toBe(false);
      expect(await signedBy(issuer, null)).toBe(true); // self-signed root
      expect(await signedBy(leaf, null)).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});
