// a8 S3: the CMS certificate set lies outside every signature, so anyone may add a certificate with the seal's
// issuer and serial number (their own key) before the seal's own. The first match used to be the signer: any
// genuine archive became TOTAL-FAILED ("not genuine") without a key. The signer is now the certificate the signed
// ESS attribute names and whose key verifies; a decoy is named in a warning and decides nothing.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { decodeSignedData, findSignerCertificate, signerCandidates } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { extensions, generateRsaKey, issueCertificate, OIDS } from "../../scripts/generator/index.js";
import { sealGap, withSealContents } from "../../scripts/attack36/lib.js";
import { reissuedBy, withCmsCertificates } from "../../scripts/attack-s6/lib.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const KEY = generateRsaKey(2048);

/** `pdf` with a certificate of one's own making (the seal's issuer and serial, another key) added to the seal's CMS. */
function withDecoy(pdf: Uint8Array, last = false): Uint8Array {
  const { der } = sealGap(pdf);
  const cms = decodeSignedData(der, "the seal", pkiSession(), true);
  const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
  const decoy = issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.commonName, "Nets"],
    ],
    subjectKey: KEY,
    issuer: { ...testPki().sealRoot, key: KEY, cert: { subject: seal.issuer } as ReturnType<typeof testPki>["sealRoot"]["cert"] },
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: new Uint8Array(seal.serialNumber.valueBlock.valueHexView),
    extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
  });
  return withSealContents(pdf, withCmsCertificates(der, [decoy], last));
}

async function verify(pdf: Uint8Array, o: { trust?: string; at?: string } = {}) {
  const file = join(tempDir("sealcheck-decoy-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [o.trust ?? trustDirectory()], ...(o.at ? { at: o.at } : {}) });
}

describe("a decoy signer certificate in the seal's CMS (a8 S3)", () => {
  it("first in the certificate set: the seal still verifies with its own certificate, TOTAL-PASSED, the decoy named", async () => {
    const pdf = withDecoy(new Uint8Array(readFileSync("samples/valid/archive.pdf")));
    const cms = decodeSignedData(sealGap(pdf).der, "the seal", pkiSession(), true);
    expect(signerCandidates(cms.signedData.signerInfos[0]!, cms.certificates)).toHaveLength(2);
    const r = await verify(pdf);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "seal-signature");
    expect(c.status).toBe("warning");
    expect(c.message).toContain(
      "1 other certificate(s) that its SignerInfo's identifier designates, which neither the ESS attribute names nor the signature verifies with",
    );
    expect(check(r, "seal-certificate").status).toBe("passed");
  });

  it("a10: a decoy with the seal's own key (its TBS re-signed by another key) first: the warning says the signature verifies with it too", async () => {
    const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const { der } = sealGap(base);
    const cms = decodeSignedData(der, "the seal", pkiSession(), true);
    const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
    const sameKey = reissuedBy(certificateDer(seal), new Uint8Array(seal.issuer.toSchema().toBER(false)), generateRsaKey(2048));
    const r = await verify(withSealContents(base, withCmsCertificates(der, [sameKey])));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-signature");
    expect(c.status).toBe("warning");
    expect(c.message).toContain(
      "1 other certificate(s) that its SignerInfo's identifier designates, with the signer's own key, so the signature verifies with it too, but the ESS attribute does not name it",
    );
    expect(c.message).not.toContain("nor the signature verifies with");
    // Both kinds at once: each said for what it is.
    const both = await verify(withDecoy(withSealContents(base, withCmsCertificates(der, [sameKey]))));
    expect(check(both, "seal-signature").message).toContain(
      "2 other certificate(s) that its SignerInfo's identifier designates: 1 with the signer's own key, so the signature verifies with it too, but the ESS attribute does not name it, and 1 which neither the ESS attribute names nor the signature verifies with",
    );
  });

  it("after the seal's own: TOTAL-PASSED, as before", async () => {
    const r = await verify(withDecoy(new Uint8Array(readFileSync("samples/valid/archive.pdf")), true));
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("the broker's real archive with a decoy first, at its sealing time: TOTAL-PASSED", async () => {
    const r = await verify(withDecoy(new Uint8Array(readFileSync(join(REAL, "archive.pdf")))), { trust: join(REAL, "trust"), at: "2025-12-08T09:35:10Z" });
    expect([r.indication, check(r, "seal-signature").status]).toEqual(["TOTAL-PASSED", "warning"]);
  });
});
