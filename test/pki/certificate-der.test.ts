// Certificates keep the bytes they were delivered in: thumbprints, ESS hashes and path comparisons hash
// those bytes, and nothing is re-encoded (re-encoding was most of the CPU of a batch, and would turn a
// BER-encoded certificate into a different DER than the one signed over).
import { readFileSync } from "node:fs";
import * as pkijs from "pkijs";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { certificateDer, certificateFromDer, pemBlocks, thumbprint } from "../../src/pki/certificate.js";
import { decodeSignedData } from "../../src/pki/cms.js";
import { countDerValues, readTlv } from "../../src/pki/der.js";
import { decodeOcsp } from "../../src/pki/ocsp.js";
import { pkiSession } from "../../src/pki/session.js";

const S = pkiSession();

/** The seal's /Contents of the valid sample, decoded from its hex string (zero padding included). */
function readSamplePdfContents(): Uint8Array {
  const text = readFileSync("samples/valid/archive.pdf").toString("latin1");
  const start = text.indexOf("/Contents <") + "/Contents <".length;
  return new Uint8Array(Buffer.from(text.slice(start, text.indexOf(">", start)), "hex"));
}

describe("certificate DER as delivered", () => {
  it("certificates of the seal's CMS are the bytes they came in, not re-encoded", () => {
    const contents = readSamplePdfContents();
    const cms = decodeSignedData(contents, "the seal", S, true);
    expect(cms.certificates.length).toBeGreaterThan(0);
    const encode = vi.spyOn(pkijs.Certificate.prototype, "toSchema");
    const ders = cms.certificates.map((c) => certificateDer(c));
    expect(encode).not.toHaveBeenCalled(); // the bytes as delivered, not an encoding
    encode.mockRestore();
    for (const [i, c] of cms.certificates.entries()) {
      const der = ders[i]!;
      expect(Buffer.from(contents).indexOf(Buffer.from(der))).toBeGreaterThan(0);
      // The same value pkijs's own encoding gives for a DER certificate.
      expect(Buffer.from(c.toSchema(true).toBER(false)).equals(Buffer.from(der))).toBe(true);
    }
    expect(thumbprint(cms.certificates[0]!, "sha1")).toMatch(/^[0-9A-F]{40}$/);
  });

  it("responder certificates of an OCSP response likewise", () => {
    const json = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as { ocspResponse: string };
    const der = new Uint8Array(Buffer.from(json.ocspResponse, "base64"));
    const ocsp = decodeOcsp(der, S);
    expect(ocsp.certificates.length).toBeGreaterThan(0);
    const encode = vi.spyOn(pkijs.Certificate.prototype, "toSchema");
    const ders = ocsp.certificates.map((c) => certificateDer(c));
    expect(encode).not.toHaveBeenCalled();
    encode.mockRestore();
    for (const [i, c] of ocsp.certificates.entries()) {
      expect(Buffer.from(der).indexOf(Buffer.from(ders[i]!))).toBeGreaterThan(0);
      expect(Buffer.from(c.toSchema(true).toBER(false)).equals(Buffer.from(certificateDer(c)))).toBe(true);
    }
  });
});

describe("a pooled certificate asked within tighter limits", () => {
  const ders = [
    ...["tokenRoot", "tokenCa", "tokenSigner", "seal", "tsa", "ocspResponder"].map((f) => readFileSync(`samples/pki/${f}.pem`, "utf8")),
    ...["nets-intermediate-ca", "firmaprofesional-ica-b02-qtsa"].map((f) => readFileSync(`test/fixtures/real/broker-example/trust/${f}.pem`, "utf8")),
  ].map((pem) => pemBlocks(pem)[0]!.der);

  const outcome = (f: () => unknown): string => {
    try {
      f();
      return "accepted";
    } catch (e) {
      return `${(e as Error).name}: ${(e as Error).message}`;
    }
  };

  it("is accepted or refused as a first decode within those limits is (without asn1js decoding it again)", () => {
    let refused = 0;
    for (const der of ders) {
      const nodes = countDerValues(der, readTlv(der, 0, der.length)!)!;
      for (const maxAsn1Nodes of [10, nodes - 1, nodes, nodes + 1])
        for (const maxAsn1Depth of [2, 3, 4, 5, 6, 64])
          for (const maxOidBytes of [3, 8, 9, 1024]) {
            const limits = { ...DEFAULT_LIMITS, maxAsn1Nodes, maxAsn1Depth, maxOidBytes };
            const pooled = pkiSession();
            certificateFromDer(der, "the certificate", pooled);
            const first = outcome(() => certificateFromDer(der, "the certificate", pkiSession().within(limits)));
            expect(
              outcome(() => certificateFromDer(der, "the certificate", pooled.within(limits))),
              JSON.stringify(limits),
            ).toBe(first);
            if (first !== "accepted") refused++;
          }
    }
    expect(refused).toBeGreaterThan(ders.length * 40); // each limit refuses some, and accepts some
  });
});
