// The seal is judged on the revocation data its timestamps carry in their own CMS too (issue 36, s6 edge a):
// the signature timestamp's and every document timestamp's, read like a DSS's (added after the sealing), through
// the one pool (src/checks/revocation-items.ts). EU DSS and pyHanko read every timestamp's revocation data; a
// CA's "revoked" there was left unread, so a seal revoked before sealing was TOTAL-PASSED. Verified at a stated time.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDocumentTimestamp, buildArchive, createCrl, serialBytes, TIMELINE } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const P = testPki();
const AT = "2025-12-10T12:00:00Z";
const sealing = TIMELINE.timestampAt;
const crl = (revoked: boolean) =>
  createCrl({
    issuer: P.sealRoot,
    number: 77,
    thisUpdate: new Date("2025-12-09T08:00:00Z"),
    nextUpdate: new Date("2025-12-16T08:00:00Z"),
    revoked: revoked ? [{ serial: serialBytes(P.seal), at: new Date(sealing.getTime() - 30 * 60_000) }] : [],
  });

async function verify(pdf: Uint8Array) {
  const file = join(tempDir("sealcheck-ts-revocation-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: AT });
}

describe("revocation data in the timestamps' own CMS speaks for the seal", () => {
  it("the signature timestamp's CMS holds the CA's CRL listing the seal revoked before sealing: TOTAL-FAILED/REVOKED", async () => {
    const { pdf } = await buildArchive(P, { seal: { timestampRevocation: { crls: [crl(true)], ocsps: [] } } });
    const r = await verify(pdf);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "seal-certificate").message).toContain("lists the certificate as revoked at");
  });

  it("a document timestamp's CMS holds it: TOTAL-FAILED/REVOKED", async () => {
    const sample = new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", "valid", "archive.pdf")));
    const r = await verify(await addDocumentTimestamp(sample, P, new Date("2025-12-09T10:00:00Z"), undefined, { crls: [crl(true)], ocsps: [] }));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("a signature timestamp over other data (it proves no time) still has its items read, as a document timestamp's: TOTAL-FAILED/REVOKED (h10b: the pool took the verified token's items only)", async () => {
    const other = new Uint8Array(32).fill(7);
    const { pdf } = await buildArchive(P, { seal: { timestampImprint: other, timestampRevocation: { crls: [crl(true)], ocsps: [] } } });
    const r = await verify(pdf);
    expect(check(r, "seal-timestamp").status).not.toBe("passed");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "seal-certificate").message).toContain("lists the certificate as revoked at");
  });

  it("control: a CRL there that does not list the seal proves it, named as added in a timestamp's CMS: TOTAL-PASSED", async () => {
    const { pdf } = await buildArchive(P, { seal: { timestampRevocation: { crls: [crl(false)], ocsps: [] } } });
    const r = await verify(pdf);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").status).toBe("passed");
  });
});
