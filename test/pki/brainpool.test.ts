// ECDSA on the Brainpool r1 curves (RFC 5639; TS 119 312; German qualified signature cards): WebCrypto cannot
// import them, so pkijs alone failed every such signature, a genuine one included, as if it were broken. The
// crypto engine verifies them with OpenSSL; the key policy accepts them for X.509 (certificates, CMS, OCSP)
// and still not for JOSE, whose algorithms fix the NIST curves. Curves outside both lists stay refused.
import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { weakKeyReason } from "../../src/api/internal.js";
import { buildArchive, createCrl, issued, issueSealHierarchy, sealVariant, type Issued } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const ec = (namedCurve: string): KeyObject => generateKeyPairSync("ec", { namedCurve }).privateKey;

/** A trust directory with the test PKI's anchors and one more root. */
function trustWith(root: Issued): string[] {
  const dir = tempDir("trust-bp-");
  writeFileSync(join(dir, "root.pem"), root.pem);
  return [trustDirectory(), dir];
}

/** An archive sealed by `seal` (its CMS carrying `chain` and, when given, a CRL of `crlIssuer`), verified. */
async function verifySealedBy(seal: Issued, chain: Issued[], trust: string[], crlIssuer?: Issued) {
  const revocation = crlIssuer ? { revocation: { crls: [createCrl({ issuer: crlIssuer })], ocsps: [] } } : {};
  const a = await buildArchive(testPki(), { seal: { signer: seal, certificates: [seal, ...chain], ...revocation } });
  const file = join(tempDir("bp-seal-"), "archive.pdf");
  writeFileSync(file, a.pdf);
  return verifyArchive({ evidence: file, trust });
}

describe("Brainpool r1 curves in X.509 and CMS", () => {
  it("a seal hierarchy on brainpoolP384r1 (root) and brainpoolP256r1 (seal), the CA's CRL signed on P384r1: TOTAL-PASSED", async () => {
    const { sealRoot, seal } = issueSealHierarchy(ec("brainpoolP384r1"), ec("brainpoolP256r1"));
    const r = await verifySealedBy(seal, [sealRoot], trustWith(sealRoot), sealRoot);
    expect(check(r, "seal-signature").status).toBe("passed");
    expect(check(r, "seal-certificate").status).toBe("passed");
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("the seal's CMS signed by another brainpool key than its certificate's: seal-signature SIG_CRYPTO_FAILURE", async () => {
    const { sealRoot, seal } = issueSealHierarchy(ec("brainpoolP384r1"), ec("brainpoolP256r1"));
    const r = await verifySealedBy(issued("seal", seal.der, ec("brainpoolP256r1")), [sealRoot], trustWith(sealRoot), sealRoot);
    const c = check(r, "seal-signature");
    expect([c.status, c.subIndication]).toEqual(["failed", "SIG_CRYPTO_FAILURE"]);
    expect(r.indication).toBe("TOTAL-FAILED");
  });

  it("a CRL naming the brainpool CA but signed by another key: not the CA's statement (seal-certificate TRY_LATER, never a failure)", async () => {
    // attack36b U1: an item whose signature does not verify says nothing of the certificate, as EU DSS reads it.
    const { sealRoot, seal } = issueSealHierarchy(ec("brainpoolP384r1"), ec("brainpoolP256r1"));
    const r = await verifySealedBy(seal, [sealRoot], trustWith(sealRoot), issued("sealRoot", sealRoot.der, ec("brainpoolP384r1")));
    const c = check(r, "seal-certificate");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "TRY_LATER"]);
    expect(c.message).toMatch(/Not the CA's statement, so ignored: the CRL .*\(cms-crl\): The CRL's signature does not verify/);
  });

  it("a seal certificate on secp256k1 (on neither list): seal-certificate INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE", async () => {
    const pki = testPki();
    const seal = sealVariant(pki, { key: ec("secp256k1"), serial: new Uint8Array([0x15, 0x09]) });
    const r = await verifySealedBy(seal, [pki.sealRoot], [trustDirectory()]);
    const c = check(r, "seal-certificate");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toMatch(/secp256k1 is not P-256, P-384 or P-521 \(nor Brainpool/);
    expect(r.indication).not.toBe("TOTAL-PASSED");
  });

  it("JOSE keeps the NIST curves only: a brainpool key is refused for a JWS", () => {
    const pub = createPublicKey(ec("brainpoolP256r1"));
    expect(weakKeyReason(pub)).toMatch(/brainpoolP256r1 is not P-256, P-384 or P-521$/);
    expect(weakKeyReason(pub, "pki")).toBeNull();
  });
});
