// What a revocation item states (attack round 36b), with EU DSS and RFC 5280 / EN 319 102-1 as the reference:
// - U1: only authentic items are evidence: an OCSP response or CRL whose signature does not verify with the CA's
//   (or its authorised responder's) key says nothing of the certificate: a warning naming it, never a failure.
// Archives built with the generator over the test PKI (or the bundled sample); every test states its time.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createCrl, createOcspResponse, generateRsaKey, issued, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const sample = () => new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", "valid", "archive.pdf")));

async function verify(pdf: Uint8Array, atTime: string) {
  const file = join(tempDir("sealcheck-rev2-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
}

const withDss = (pdf: Uint8Array, extra: { ocsps?: Uint8Array[]; crls?: Uint8Array[] }) => addDss(pdf, base, "table", { sealRevocation: false, ...extra });

describe("U1: an item that is not the CA's statement says nothing", () => {
  const day = { thisUpdate: at("2025-12-08T06:00:00Z"), nextUpdate: at("2025-12-15T06:00:00Z"), number: 3 };
  // The seal CA's name with someone else's key: a CRL "of the CA" the CA did not sign.
  const impostor = issued("sealRoot", base.sealRoot.der, generateRsaKey(2048));
  const T = "2025-12-09T00:00:00Z";

  it("a CRL under the CA's name signed with another key: TOTAL-PASSED, a warning naming it (as EU DSS)", async () => {
    const r = await verify(await withDss(sample(), { crls: [createCrl({ issuer: impostor, ...day })] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toContain(`the CRL of 2025-12-08T06:00:00.000Z under "NETS AS Intermediate CA" (dss-crl)`);
    expect(c.message).toContain("does not verify");
  });

  it("the same CRL listing the seal as revoked: not a revocation (no REVOKED, no revocation time)", async () => {
    const crl = createCrl({ issuer: impostor, ...day, revoked: [{ serial: serialOf(base.seal), at: at("2025-12-01T00:00:00Z") }] });
    const r = await verify(await withDss(sample(), { crls: [crl] }), "2026-11-28T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "seal-certificate").status).toBe("warning");
    expect(check(r, "long-term").message).not.toContain("revoked");
  });

  it("an OCSP 'good' about the seal whose signature was altered: TOTAL-PASSED, a warning naming it (as EU DSS)", async () => {
    const der = createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: base.sealRoot, producedAt: at("2025-12-08T08:30:00Z") });
    const bad = Uint8Array.from(der);
    bad[bad.length - 10]! ^= 0xff; // inside the signature value
    const r = await verify(await withDss(sample(), { ocsps: [bad] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toContain("the OCSP response produced at 2025-12-08T08:30:00.000Z (dss-ocsp)");
  });

  it("with only unauthentic items there is no revocation data: INDETERMINATE/TRY_LATER naming them, never a failure", async () => {
    const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
    const crl = createCrl({ issuer: impostor, ...day, revoked: [{ serial: serialOf(base.seal), at: at("2025-12-01T00:00:00Z") }] });
    const r = await verify(await withDss(sealed, { crls: [crl] }), T);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "seal-certificate");
    expect(c.message).toContain("holds no revocation information");
    expect(c.message).toContain("Not the CA's statement, so ignored: the CRL of 2025-12-08T06:00:00.000Z");
  });

  it("the CA's own CRL of the day: TOTAL-PASSED, seal-certificate passed (the control)", async () => {
    const r = await verify(await withDss(sample(), { crls: [createCrl({ issuer: base.sealRoot, ...day })] }), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "seal-certificate").status).toBe("passed");
  });
});
