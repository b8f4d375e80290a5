// The pki layer keeps no state of its own: every cache is held by a session, which clear() empties, and
// two sessions share nothing. The limits of a session (--limit) govern every decode, certificates from the
// evidence and the trust store included (there is no second, hidden set of DER limits).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LimitError, SealcheckError } from "../../src/errors.js";
import { findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { DEFAULT_LIMITS, LIMIT_DESCRIPTIONS, LIMIT_NAMES } from "../../src/limits.js";
import { certificateDer, certificateFromDer, certificateFromPem, signedBy } from "../../src/pki/certificate.js";
import { decodeSignedData, revocationArchival } from "../../src/pki/cms.js";
import { decodeCrl } from "../../src/pki/crl.js";
import { decodeOcsp } from "../../src/pki/ocsp.js";
import { pkiSession } from "../../src/pki/session.js";
import { loadTrustStore } from "../../src/pki/trust-store.js";
import { wholeSource } from "../../src/input/source.js";

const sealContents = (): Uint8Array =>
  findSignatures(parsePdf(wholeSource(readFileSync("samples/valid/archive.pdf")), DEFAULT_LIMITS).latest()).signatures[0]!.contents!;
const pem = (name: string): string => readFileSync(`samples/pki/${name}.pem`, "utf8");

describe("a session owns the caches", () => {
  it("every cache the verification of a seal fills is the session's; clear() drops them all, and decoding again gives equal results", async () => {
    const s = pkiSession();
    expect(s.caches.names()).toEqual([]);
    const cms = decodeSignedData(sealContents(), "the seal", s, true);
    const { crls, ocsps } = revocationArchival(cms.signedData.signerInfos[0]!);
    const crl = decodeCrl(crls[0]!, s);
    const ocsp = decodeOcsp(ocsps[0]!, s);
    const [leaf, ca] = [certificateFromPem(pem("seal"), "seal", s), certificateFromPem(pem("sealRoot"), "seal root", s)];
    expect(await signedBy(s, leaf, ca)).toBe(true);
    expect(s.caches.names()).toEqual(
      expect.arrayContaining([
        "certificates by DER",
        "CRLs by DER",
        "CRLs by the byte arrays handed out for them",
        "OCSP responses by DER",
        "certificate signatures by (certificate, issuer)",
        "imported public keys (crypto engine)",
      ]),
    );
    expect(certificateFromPem(pem("seal"), "seal", s)).toBe(leaf); // pooled
    s.clear();
    expect(s.caches.names()).toEqual([]);
    const leaf2 = certificateFromPem(pem("seal"), "seal", s);
    expect(leaf2).not.toBe(leaf);
    expect(certificateDer(leaf2)).toEqual(certificateDer(leaf));
    const crl2 = decodeCrl(crls[0]!, s);
    expect(crl2).not.toBe(crl);
    expect(crl2.entries).toBe(crl.entries);
    expect(decodeOcsp(ocsps[0]!, s)).toEqual(ocsp);
  });

  it("two sessions share nothing; within() shares its session's caches", () => {
    const [a, b] = [pkiSession(), pkiSession()];
    const der = certificateDer(certificateFromPem(pem("tsa"), "tsa", a));
    expect(certificateFromDer(der, "tsa", a)).toBe(certificateFromDer(der, "tsa", a));
    expect(certificateFromDer(der, "tsa", b)).not.toBe(certificateFromDer(der, "tsa", a));
    expect(certificateFromDer(der, "tsa", a.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 5000 }))).toBe(certificateFromDer(der, "tsa", a));
    expect(a.engine).not.toBe(b.engine);
  });
});

describe("the session's limits govern every decode", () => {
  it("certificates (from PEM, from the evidence) within --limit: no hidden limits of their own", () => {
    const text = pem("tsa");
    const der = certificateDer(certificateFromPem(text, "tsa", pkiSession()));
    // Before, certificates had limits of their own (1 MiB, 20,000 values) whatever --limit said.
    expect(() => certificateFromPem(text, "tsa", pkiSession({ maxAsn1Nodes: 50 }))).toThrow(LimitError);
    expect(() => certificateFromPem(text, "tsa", pkiSession({ maxDerBytes: der.length - 1 }))).toThrow(/maxDerBytes/);
    expect(() => certificateFromPem(text, "tsa", pkiSession({ maxOidBytes: 2 }))).toThrow(/maxOidBytes/);
    expect(certificateFromPem(text, "tsa", pkiSession({ maxDerBytes: der.length }))).toBeDefined();
  });

  it("the trust store is read within the limits of the session that loads it", () => {
    expect(() => loadTrustStore(["samples/trust/seal-root.pem"], [], {}, pkiSession({ maxDerBytes: 100 }))).toThrow(SealcheckError);
    expect(() => loadTrustStore(["samples/trust/seal-root.pem"], [], {}, pkiSession({ maxDerBytes: 100 }))).toThrow(/maxDerBytes/);
    expect(loadTrustStore(["samples/trust/seal-root.pem"]).anchors).toHaveLength(1);
  });

  it("maxOidBytes is a documented limit like the others", () => {
    expect(LIMIT_NAMES).toContain("maxOidBytes");
    expect(DEFAULT_LIMITS.maxOidBytes).toBe(1024);
    expect(LIMIT_DESCRIPTIONS.maxOidBytes).toMatch(/OBJECT IDENTIFIER/);
    expect(readFileSync("docs/security.md", "utf8")).toMatch(/\| `maxOidBytes` \| 1,024 \|/);
  });
});

describe("pooled values never depend on what was decoded before", () => {
  it("a certificate pooled within loose limits is refused within tighter ones, as a first decode would refuse it", () => {
    const s = pkiSession();
    const text = pem("tsa");
    const cert = certificateFromPem(text, "tsa", s);
    expect(() => certificateFromPem(text, "tsa", s.within({ ...DEFAULT_LIMITS, maxOidBytes: 4 }))).toThrow(/maxOidBytes/);
    expect(() => certificateFromPem(text, "tsa", s.within({ ...DEFAULT_LIMITS, maxAsn1Nodes: 50 }))).toThrow(LimitError);
    expect(certificateFromPem(text, "tsa", s)).toBe(cert); // still pooled for the looser limits
  });
});

describe("pooled CRLs and OCSP responses likewise", () => {
  it("decoded within tighter limits than the pooled one's, they are refused as a first decode would refuse them", () => {
    const s = pkiSession();
    const cms = decodeSignedData(sealContents(), "the seal", s, true);
    const { crls, ocsps } = revocationArchival(cms.signedData.signerInfos[0]!);
    const tight = s.within({ ...DEFAULT_LIMITS, maxOidBytes: 4 });
    expect(decodeCrl(crls[0]!, s).entries).toBeGreaterThanOrEqual(0);
    expect(() => decodeCrl(crls[0]!, tight)).toThrow(/maxOidBytes/);
    expect(decodeOcsp(ocsps[0]!, s).responses.length).toBeGreaterThan(0);
    expect(() => decodeOcsp(ocsps[0]!, tight)).toThrow(/maxOidBytes/);
  });
});
