// Each seal check passing on the genuine PAdES and failing, with its own reason, on a PAdES built by the
// generator with one thing wrong.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as pkijs from "pkijs";
import * as asn1js from "asn1js";
import { describe, expect, it } from "vitest";
import { buildArchive, createCrl, createOcspResponse, TIMELINE, type ArchiveOptions } from "../../scripts/generator/index.js";
import { verifyArchive } from "../../src/index.js";
import { check, tempDir, testPki } from "../helpers/fixtures.js";

const trust = ["samples/trust"];

async function pades(o: ArchiveOptions = {}): Promise<Uint8Array> {
  return (await buildArchive(testPki(), o)).pdf;
}

async function verifyBytes(pdf: Uint8Array, extra: { at?: string; sealSigners?: string[] } = {}) {
  const file = join(tempDir(), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust, ...extra });
}

/** The /Contents hex string of the (single) seal: start of the hex digits and their count. */
function contentsHex(pdf: Uint8Array): { start: number; hex: string } {
  const s = Buffer.from(pdf).toString("latin1");
  const i = s.indexOf("/Contents <");
  const start = i + "/Contents <".length;
  return { start, hex: s.slice(start, s.indexOf(">", start)) };
}

describe("seal checks, one defect at a time", () => {
  it("seal-signature: a byte changed inside the signed range → HASH_FAILURE", async () => {
    const pdf = await pades();
    const copy = new Uint8Array(pdf);
    // The binary comment on the second line is signed but read by nobody: the structure stays intact.
    const at = Buffer.from(copy).indexOf("\n%") + 2;
    copy[at] = copy[at]! ^ 0x01;
    const r = await verifyBytes(copy);
    expect(check(r, "seal-signature").status).toBe("failed");
    expect(check(r, "seal-signature").subIndication).toBe("HASH_FAILURE");
    expect(r.subIndication).toBe("HASH_FAILURE");
  });

  it("seal-signature: a wrong messageDigest attribute → HASH_FAILURE", async () => {
    const r = await verifyBytes(await pades({ seal: { messageDigest: new Uint8Array(32).fill(7) } }));
    expect(check(r, "seal-signature").subIndication).toBe("HASH_FAILURE");
  });

  it("seal-signature: the signature value altered → SIG_CRYPTO_FAILURE, and the timestamp no longer matches it", async () => {
    const pdf = await pades();
    const { start, hex } = contentsHex(pdf);
    const der = Buffer.from(hex, "hex");
    const ci = new pkijs.ContentInfo({ schema: asn1js.fromBER(der).result });
    const sig = new pkijs.SignedData({ schema: ci.content }).signerInfos[0]!.signature.valueBlock.valueHexView;
    const off = der.indexOf(Buffer.from(sig));
    der[off + 10] = der[off + 10]! ^ 0xff;
    const copy = new Uint8Array(pdf);
    const patched = /[A-F]/.test(hex) ? der.toString("hex").toUpperCase() : der.toString("hex");
    copy.set(Buffer.from(patched, "latin1"), start);
    const r = await verifyBytes(copy);
    expect(check(r, "seal-signature").status).toBe("failed");
    expect(check(r, "seal-signature").subIndication).toBe("SIG_CRYPTO_FAILURE");
    // The timestamp's imprint no longer matches: it proves no time, as if absent (a20 T2); the seal itself fails.
    expect(check(r, "seal-timestamp").status).toBe("indeterminate");
    expect(check(r, "seal-timestamp").subIndication).toBe("NO_POE");
    expect(check(r, "seal-timestamp").details?.provesNothing).toMatchObject([{ status: "failed", subIndication: "HASH_FAILURE" }]);
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["TOTAL-FAILED", "SIG_CRYPTO_FAILURE", ["seal-signature"]]);
  });

  it("seal-signature: a signingTime attribute (forbidden in PAdES baseline) → warning", async () => {
    const r = await verifyBytes(await pades({ seal: { signingTime: TIMELINE.iat } }));
    expect(check(r, "seal-signature").status).toBe("warning");
    expect(check(r, "seal-signature").message).toContain("signingTime");
  });

  it("seal-timestamp: none (PAdES B-B) → INDETERMINATE/NO_POE; without a proof of existence the seal is judged at the validation time", async () => {
    const r = await verifyBytes(await pades({ seal: { timestamp: false } }));
    expect(check(r, "seal-timestamp").status).toBe("indeterminate");
    expect(check(r, "seal-timestamp").subIndication).toBe("NO_POE");
    expect(check(r, "seal-certificate").judgedAt).toBe(r.validationTime);
    expect(check(r, "token-certificate").judgedAt).toBe(TIMELINE.iat.toISOString()); // claimed by the token, as before
    expect(r.seal?.padesLevel).toBe("B-B");
    expect(r.indication).toBe("INDETERMINATE");
  });

  it("seal-certificate: revoked before the sealing time (CMS OCSP and CRL) → REVOKED", async () => {
    const pki = testPki();
    const revokedAt = new Date(TIMELINE.iat.getTime() - 86400_000);
    const r = await verifyBytes(
      await pades({
        seal: {
          revocation: {
            crls: [createCrl({ issuer: pki.sealRoot, revoked: [{ serial: pki.seal.cert.serialNumber.valueBlock.valueHexView, at: revokedAt }] })],
            ocsps: [
              createOcspResponse({
                subject: pki.seal,
                issuer: pki.sealRoot,
                responder: pki.sealRoot,
                status: { revokedAt },
                producedAt: TIMELINE.sealRevocationAt,
                nextUpdate: TIMELINE.sealRevocationNext,
              }),
            ],
          },
        },
      }),
    );
    expect(check(r, "seal-certificate").status).toBe("failed");
    expect(check(r, "seal-certificate").subIndication).toBe("REVOKED");
    expect(r.subIndication).toBe("REVOKED");
  });

  it("seal-certificate: a CRL of 4,000 entries in the CMS (more ASN.1 values than asn1js decodes unless told)", async () => {
    const pki = testPki();
    const revoked = Array.from({ length: 4000 }, (_, i) => ({ serial: new Uint8Array([0x70, i >> 8, i & 255]), at: TIMELINE.revokedAt }));
    const pdf = await pades({
      layout: { contentsSize: 256 * 1024 },
      seal: { revocation: { crls: [createCrl({ issuer: pki.sealRoot, revoked })], ocsps: [] } },
    });
    const r = await verifyBytes(pdf);
    expect(check(r, "seal-signature").status).toBe("passed");
    expect(check(r, "seal-certificate").status).toBe("passed");
    expect(check(r, "seal-certificate").message).toMatch(/Not revoked at the sealing time \(cms-crl\)/);
    const low = await verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust, limits: { maxAsn1Nodes: 5000 } });
    // A limit reached is not decided (h8a): INDETERMINATE/FORMAT_FAILURE, not "failed".
    expect([check(low, "seal-signature").status, check(low, "seal-signature").subIndication]).toEqual(["indeterminate", "FORMAT_FAILURE"]);
    expect(check(low, "seal-signature").message).toMatch(/more than 5000 ASN\.1 values.*--limit maxAsn1Nodes=<n>/);
  });

  it("seal-certificate: no revocation data in the CMS → INDETERMINATE/TRY_LATER", async () => {
    const r = await verifyBytes(await pades({ seal: { revocation: { crls: [], ocsps: [] } } }));
    expect(check(r, "seal-certificate").status).toBe("indeterminate");
    expect(check(r, "seal-certificate").subIndication).toBe("TRY_LATER");
  });

  it("seal-certificate: signed by someone other than the broker → TOTAL-FAILED naming the sealer", async () => {
    const pki = testPki();
    const r = await verifyBytes(await pades({ seal: { signer: pki.foreignTokenSigner, certificates: [pki.foreignTokenSigner] } }));
    expect(check(r, "seal-signature").status).toBe("passed");
    expect(check(r, "seal-certificate").status).toBe("failed");
    expect(check(r, "seal-certificate").message).toContain("not sealed by the broker");
    expect(check(r, "seal-certificate").message).toContain("NEB Transact ST");
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.seal?.identity).toBe("other");
  });

  it("seal-certificate: an accepted sealer outside the trust store → NO_CERTIFICATE_CHAIN_FOUND", async () => {
    const pki = testPki();
    const r = await verifyBytes(await pades({ seal: { signer: pki.foreignTokenSigner, certificates: [pki.foreignTokenSigner] } }), {
      sealSigners: ["NTRDK-29915938"],
    });
    expect(check(r, "seal-certificate").status).toBe("indeterminate");
    expect(check(r, "seal-certificate").subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
    expect(r.seal?.identity).toBe("accepted-seal-signer");
  });
});
