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
    const spy = vi.spyOn(webcrypto.subtle, "verify");
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
});
