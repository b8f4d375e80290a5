// a8 S4: pkijs's path building threw out of the whole search when one candidate issuer had no issuer of its own.
// A copy of the seal's CA (same subject and key, re-issued by an untrusted root with a key of one's own), which
// anyone can add to the seal's CMS or to a DSS revision, made every genuine archive, the broker's real one
// included, INDETERMINATE/NO_CERTIFICATE_CHAIN_FOUND (EU DSS: TOTAL_PASSED). A dead end now ends its branch only.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { certificateDer, sameName } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";
import { encode, generateRsaKey } from "../../scripts/generator/index.js";
import { sealGap, withDss, withSealContents } from "../../scripts/attack36/lib.js";
import { reissuedBy, withCmsCertificates } from "../../scripts/attack-s6/lib.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const KEY = generateRsaKey(2048);

/** The seal's CA, re-issued by the test PKI's foreign root with another key: it verifies the seal and has no issuer. */
function deadEndFor(pdf: Uint8Array, real: boolean): Uint8Array {
  const cms = decodeSignedData(sealGap(pdf).der, "the seal", pkiSession(), true);
  const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
  const ca = real ? cms.certificates.find((c) => c !== seal && sameName(c.subject, seal.issuer))! : testPki().sealRoot.cert;
  return reissuedBy(certificateDer(ca), encode(testPki().foreignRoot.cert.subject.toSchema()), KEY);
}

async function verify(pdf: Uint8Array, o: { trust?: string; at?: string } = {}) {
  const file = join(tempDir("sealcheck-deadend-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [o.trust ?? trustDirectory()], ...(o.at ? { at: o.at } : {}) });
}

describe("a dead-end copy of the seal's CA in what anyone can write (a8 S4)", () => {
  const sample = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  const real = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
  const realOpts = { trust: join(REAL, "trust"), at: "2025-12-08T09:35:10Z" };

  it("in the seal's CMS: the path to the anchor is still found, TOTAL-PASSED", async () => {
    const r = await verify(withSealContents(sample, withCmsCertificates(sealGap(sample).der, [deadEndFor(sample, false)], true)));
    expect([r.indication, check(r, "seal-certificate").status]).toEqual(["TOTAL-PASSED", "passed"]);
  });

  it("in an appended DSS revision of the broker's real archive, at its sealing time: TOTAL-PASSED", async () => {
    const r = await verify(withDss(real, { certs: [deadEndFor(real, true)] }), realOpts);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });

  it("control: with the dead end as the only way up (the anchors given do not include the seal's CA), NO_CERTIFICATE_CHAIN_FOUND", async () => {
    const r = await verifyArchive({
      evidence: (() => {
        const file = join(tempDir("sealcheck-deadend-"), "archive.pdf");
        writeFileSync(file, withDss(sample, { certs: [deadEndFor(sample, false)] }));
        return file;
      })(),
      trust: [join(REAL, "trust")],
    });
    expect(check(r, "seal-certificate").subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
  });
});
