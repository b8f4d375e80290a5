// The sealed Workflow token has the seal's proven proof of existence, or none (attack36b J1b): when the
// signature timestamp is no proof at the validation time (B-T: its TSA has no revocation data), the token's
// certificate and path are judged at the validation time, as the Workflow-token JSON form is (attack36 J1), and
// not at the sealing time the timestamp only claims. The samples' token certificate outlives any test run, so the
// expiry tests seal with a token certificate that expires 2027-06-01 (`withShortTokenSigner`).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, augmentedAt, buildArchive, createCrl, withShortTokenSigner, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const base = testPki();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const sample = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", name)));

async function verify(pdf: Uint8Array, at: string) {
  const file = join(tempDir("sealcheck-tokpoe-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at });
}

describe("J1b: the sealed token without a proven proof of existence", () => {
  it("a B-T archive after its token certificate expired: INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED (was TOTAL-PASSED)", async () => {
    const r = await verify((await buildArchive(withShortTokenSigner(testPki()))).pdf, "2027-07-01T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    const c = check(r, "long-term");
    expect(c.message).toContain("The Workflow token lies in the sealed revision, so it is judged at the validation time 2027-07-01T00:00:00Z");
    expect(c.message).toContain("the token certificate has expired (2027-06-01T00:00:00Z)");
    expect(r.longTerm?.protectedAtValidationTime).toBe(false);
  });

  it("control: the same archive augmented (its archive timestamp proves the signature timestamp) at the same time: TOTAL-PASSED", async () => {
    const pki = withShortTokenSigner(testPki());
    const r = await verify(await augmentedAt(pki, (await buildArchive(pki)).pdf, trustDirectory()), "2027-07-01T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "long-term").message).not.toContain("Workflow token");
  });

  it("control: samples/valid while the token certificate is valid: TOTAL-PASSED, the expired responder said, not decisive", async () => {
    const r = await verify(sample("valid/archive.pdf"), "2026-06-01T00:00:00Z");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "long-term").message).toContain("its signer's certificate is not valid at 2026-06-01T00:00:00Z");
  });

  it("the token certificate revoked after sealing, no proven POE: INDETERMINATE/REVOKED_NO_POE; with the B-LTA's proof: TOTAL-PASSED", async () => {
    const crl = createCrl({
      issuer: base.tokenCa,
      thisUpdate: new Date("2025-12-09T08:00:00Z"),
      nextUpdate: new Date("2025-12-16T08:00:00Z"),
      number: 11,
      revoked: [{ serial: serialOf(base.tokenSigner), at: new Date("2025-12-08T08:40:00Z") }],
    });
    const dss = { crls: [crl], certs: [base.tokenCa.der] };
    const bt = await verify(await addDss(sample("valid/archive.pdf"), base, "table", dss), "2026-06-01T00:00:00Z");
    expect([bt.indication, bt.subIndication]).toEqual(["INDETERMINATE", "REVOKED_NO_POE"]);
    expect(check(bt, "long-term").message).toContain("the token certificate was revoked at 2025-12-08T08:40:00Z (see ocsp-status)");
    const lta = await verify(await addDss(sample("lta/archive.pdf"), base, "table", dss), "2026-06-01T00:00:00Z");
    expect([lta.indication, lta.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });
});
