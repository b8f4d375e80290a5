// a13 U2: "unread" (not decided: another reader may read it) only for what a reference reader reads as revocation
// data: BouncyCastle's CertificateList / TBSCertList.getInstance outline, an OCSPResponse of id-pkix-ocsp-basic.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sealGap } from "../../scripts/attack36/lib.js";
import { readerMayRead } from "../../src/pki/ber.js";
import { decodeSignedData, revocationArchival } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/ /g, ""), "hex"));

describe("readerMayRead: the outline BouncyCastle reads as a CRL or an OCSP response", () => {
  it("the broker's real CRLs and the sample's OCSP responses have it, in DER and re-framed as BER", () => {
    const S = pkiSession();
    const real = decodeSignedData(sealGap(readFileSync("test/fixtures/real/broker-example/archive.pdf")).der, "the seal", S, true);
    const sample = decodeSignedData(sealGap(readFileSync("samples/valid/archive.pdf")).der, "the seal", S, true);
    const crls = revocationArchival(real.signedData.signerInfos[0]!).crls;
    const ocsps = revocationArchival(sample.signedData.signerInfos[0]!).ocsps;
    expect(crls.length).toBeGreaterThan(0);
    expect(ocsps.length).toBeGreaterThan(0);
    for (const c of crls) expect(readerMayRead("crl", c)).toBe(true);
    for (const o of ocsps) expect(readerMayRead("ocsp", o)).toBe(true);
    for (const o of ocsps) expect(readerMayRead("crl", o)).toBe(false);
    // The same CRL with its outer SEQUENCE in indefinite length.
    const c = crls[0]!;
    const head = c[1]! & 0x80 ? 2 + (c[1]! & 0x7f) : 2;
    expect(readerMayRead("crl", Uint8Array.from([0x30, 0x80, ...c.subarray(head), 0, 0]))).toBe(true);
  });

  it("junk of the first tags has not: SEQUENCE { SEQUENCE {}, SEQUENCE {}, BIT STRING }, an OCSP of NULL, of an unknown type", () => {
    expect(readerMayRead("crl", hex("3007 3000 3000 030100"))).toBe(false);
    expect(readerMayRead("crl", hex("3009 3003 020100 3000 030100"))).toBe(false); // TBSCertList of one value
    expect(readerMayRead("ocsp", hex("0500"))).toBe(false);
    expect(readerMayRead("ocsp", hex("3003 0a0101"))).toBe(true); // tryLater, no responseBytes: an OCSP response
    expect(readerMayRead("ocsp", hex("3014 0a0100 a00f 300d 0606 2a0304050607 0403 300100"))).toBe(false); // unknown type
    expect(readerMayRead("ocsp", hex("3016 0a0100 a011 300f 0609 2b0601050507300101 0402 3000"))).toBe(false); // empty basic
  });

  it("a tbsCertList of the outline whose later values BouncyCastle refuses has not (a NULL where revokedCertificates is)", () => {
    const ok = "3022300b06092a864886f70d01010b3000170d3235313230383038333633385a30023000";
    const crl = (tbs: string) => {
      const t = hex(tbs);
      const rest = hex("300b06092a864886f70d01010b 0303000102");
      const body = Uint8Array.from([...t, ...rest]);
      return Uint8Array.from([0x30, body.length, ...body]);
    };
    expect(readerMayRead("crl", crl(ok))).toBe(true);
    expect(readerMayRead("crl", crl("3020300b06092a864886f70d01010b3000170d3235313230383038333633385a0500"))).toBe(false);
  });
});
