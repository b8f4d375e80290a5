// Items the one revocation rule cannot fully trust (attack-s5 R1b and U1c, hs4's unchecked-item rule in one
// principle): an item about the seal that cannot be fully verified (a delegated responder whose own status the
// file does not show, RFC 6960 §4.2.2.2.1; a signature algorithm outside the table) is read, not believed.
// - One that states "revoked" or "on hold" at or before the sealing time keeps the check INDETERMINATE naming
//   it, never outvoted by a "good" (R1b: was TOTAL-PASSED; the CA's word of a key compromise before sealing).
// - One that states "good" neither proves nor blocks: a warning names it (U1c: anyone copies a genuine "good"
//   and writes md5WithRSAEncryption in its signatureAlgorithm, outside what the signature covers; was
//   INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE on any genuine archive).
// EU DSS 5.13 discards both kinds (R1b: TOTAL_PASSED; U1c: TOTAL_PASSED); sealcheck keeps S1's principle for a
// "revoked" (docs/checks.md). Every test states its time.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createOcspResponse, TIMELINE } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { relabelledOcsp } from "../helpers/resign.js";
import { delegatedResponder } from "../../scripts/generator/hierarchy.js";

const P = testPki();
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const nextDay = new Date("2025-12-09T09:00:00Z");
const AT = "2025-12-10T00:00:00Z";
const MD5_RSA = "1.2.840.113549.1.1.4";

async function verify(pdf: Uint8Array) {
  const file = join(tempDir("sealcheck-rev-unverified-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: AT });
}

/** Sealed with the CA's own "good" of an hour before in the CMS; the DSS holds `add`. */
async function archive(add: { certs?: Uint8Array[]; ocsps?: Uint8Array[] }) {
  const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
  const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
  return addDss(sealed, P, "table", { sealRevocation: false, ...add });
}

describe("R1b: a 'revoked' from a delegated responder whose own status is unproven is not outvoted", () => {
  // "NETS AS Intermediate CA OCSP 1": issued by the seal CA, id-kp-OCSPSigning, no id-pkix-ocsp-nocheck.
  const responder = delegatedResponder(P, {
    issuer: P.sealRoot,
    commonName: "NETS AS Intermediate CA OCSP 1",
    notBefore: new Date("2025-06-01T00:00:00Z"),
    notAfter: new Date("2126-06-01T00:00:00Z"),
    label: "attack-s5-r1b-responder",
  });
  const answer = (status: "good" | { revokedAt: Date; reason?: number }) =>
    createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder, producedAt: nextDay, status });
  const aboutResponder = createOcspResponse({ subject: responder, issuer: P.sealRoot, responder: P.sealRoot, producedAt: nextDay });

  it("attack: its 'revoked (keyCompromise) before sealing', nothing about the responder: INDETERMINATE/TRY_LATER naming it", async () => {
    const r = await verify(await archive({ certs: [responder.der], ocsps: [answer({ revokedAt: compromise, reason: 1 })] }));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "seal-certificate");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "TRY_LATER"]);
    expect(c.message).toContain("(dss-ocsp) cannot be relied upon");
    expect(c.message).toContain(`says it was revoked at ${compromise.toISOString().replace(/\.000Z$/, "Z")}`);
    expect(c.message).toContain("without id-pkix-ocsp-nocheck");
  });

  it("the same responder's 'on hold' before sealing: INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await archive({ certs: [responder.der], ocsps: [answer({ revokedAt: compromise, reason: 6 })] }));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toContain("on hold (suspended) since");
  });

  it("honest: the CA's own 'good' about its responder beside it: TOTAL-FAILED/REVOKED", async () => {
    const r = await verify(await archive({ certs: [responder.der], ocsps: [answer({ revokedAt: compromise, reason: 1 }), aboutResponder] }));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("its 'revoked' after the sealing time adds nothing: TOTAL-PASSED with a warning naming it", async () => {
    const r = await verify(await archive({ certs: [responder.der], ocsps: [answer({ revokedAt: new Date(sealing.getTime() + 3600_000), reason: 1 })] }));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toContain("Cannot be verified, so neither proof nor obstacle");
  });

  it("its 'good' proves nothing and blocks nothing: TOTAL-PASSED on the CMS's 'good', with a warning naming it", async () => {
    const r = await verify(await archive({ certs: [responder.der], ocsps: [answer("good")] }));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toContain("Not revoked at the sealing time (cms-ocsp)");
    expect(c.message).toContain("without id-pkix-ocsp-nocheck");
  });
});

describe("U1c: an algorithm identifier anyone can write decides nothing", () => {
  const genuine = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });

  it("control: the copy of the CA's genuine 'good' unchanged in a DSS: TOTAL-PASSED", async () => {
    const r = await verify(await archive({ ocsps: [genuine] }));
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("the copy with md5WithRSAEncryption written in: TOTAL-PASSED with a warning naming it, not INDETERMINATE", async () => {
    const r = await verify(await archive({ ocsps: [relabelledOcsp(genuine, MD5_RSA)] }));
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("warning");
    expect(c.message).toContain("Cannot be verified, so neither proof nor obstacle");
    expect(c.message).toContain("(dss-ocsp)");
    expect(c.details?.revocationUnverified).toHaveLength(1);
  });

  it("the CA's 'revoked before sealing' with md5 written in still blocks: INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE", async () => {
    const revoked = createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder: P.sealRoot,
      producedAt: nextDay,
      status: { revokedAt: compromise, reason: 1 },
    });
    const r = await verify(await archive({ ocsps: [relabelledOcsp(revoked, MD5_RSA)] }));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(check(r, "seal-certificate").message).toContain("(dss-ocsp) cannot be checked");
  });
});
