// Each path's status at the validation time, read once for the seal's and the token's path alike (attack-s5b S2,
// J1c): every certificate on it revoked by then, or on hold then (certificateHold, not lifted), needs a proof of
// existence from before that time, else INDETERMINATE: REVOKED_NO_POE / REVOKED_CA_NO_POE for a revocation,
// TRY_LATER for a hold, as EU DSS 5.13.1 judges S2 (scripts/attack-s5b/seal-ca-held.ts, DSS=1: hold
// INDETERMINATE/TRY_LATER "The certificate is on hold!", revoked INDETERMINATE/REVOKED_CA_NO_POE). The message
// names the certificate that was revoked or held, the CA when it was the CA. Every test states its time.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createCrl, createOcspResponse, type TestPki } from "../../scripts/generator/index.js";
import { resignedOcsp } from "../helpers/resign.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { sealCaUnderRoot } from "../../scripts/generator/hierarchy.js";

const P = testPki();
const NOW = "2026-11-28T00:00:00Z";
const since = new Date("2026-06-01T00:00:00Z");
const KEY_COMPROMISE = 1;
const CERTIFICATE_HOLD = 6;
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const sample = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", name)));

async function verify(pdf: Uint8Array, trust: string, atTime = NOW, certs: string[] = []) {
  const file = join(tempDir("sealcheck-pathat-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trust], at: atTime, ...(certs.length ? { certs } : {}) });
}

describe("S2: a CA on the seal's path revoked or on hold after sealing, B-T (no proven POE)", () => {
  // attack36 I1's hierarchy: a root above "NETS AS Intermediate CA" (the sample seal CA's key), the only seal anchor.
  const { root, ca, pki: pkiS } = sealCaUnderRoot(P, "hs5c-s2");
  const trust = tempDir("trust-s2-");
  for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(trust, `${i}.pem`), c.pem);
  const atSealing = createCrl({ issuer: root, number: 7, thisUpdate: new Date("2025-12-05T00:00:00Z"), nextUpdate: new Date("2026-01-05T00:00:00Z") });
  const later = (reason?: number) =>
    createCrl({
      issuer: root,
      number: 8,
      thisUpdate: new Date("2026-06-02T00:00:00Z"),
      nextUpdate: new Date("2027-06-02T00:00:00Z"),
      ...(reason === undefined ? {} : { revoked: [{ serial: serialOf(ca), at: since, reason }] }),
    });
  let sealed: Uint8Array | undefined;
  const archive = async (reason?: number) => {
    sealed ??= (await buildArchive(pkiS)).pdf;
    return addDss(sealed, pkiS, "table", { certs: [ca.der, root.der], crls: [atSealing, later(reason)] });
  };

  it("hold: INDETERMINATE/TRY_LATER naming the CA's suspension (was TOTAL-PASSED; EU DSS: TRY_LATER)", async () => {
    const r = await verify(await archive(CERTIFICATE_HOLD), trust);
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "TRY_LATER", ["long-term"]]);
    expect(check(r, "long-term").message).toMatch(
      /^At 2026-11-28T00:00:00Z the CA "NETS AS Intermediate CA" on the seal certificate's path is on hold \(suspended\) since 2026-06-01T00:00:00Z/,
    );
    expect(r.longTerm?.protectedAtValidationTime).toBe(false);
  });

  it("revoked: INDETERMINATE/REVOKED_CA_NO_POE naming the CA, not the seal certificate (was REVOKED_NO_POE, 'The seal certificate was revoked')", async () => {
    const r = await verify(await archive(KEY_COMPROMISE), trust);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE"]);
    const m = check(r, "long-term").message;
    expect(m).toMatch(/^The CA "NETS AS Intermediate CA" on the seal certificate's path was revoked at 2026-06-01T00:00:00Z, before the validation time/);
    expect(m).not.toContain("The seal certificate was revoked");
  });

  it("controls: the root's later CRL listing nothing, or judged before the hold began: TOTAL-PASSED", async () => {
    const honest = await verify(await archive(), trust);
    expect([honest.indication, honest.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const before = await verify(await archive(CERTIFICATE_HOLD), trust, "2026-05-01T00:00:00Z");
    expect([before.indication, before.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });
});

describe("J1c: the sealed token's path at the validation time, B-T (no proven POE)", () => {
  const revokedAt = since;
  const thisUpdate = new Date("2026-06-02T00:00:00Z");
  const nextUpdate = new Date("2027-06-02T00:00:00Z");
  const rootCrl = (revoked: boolean) =>
    createCrl({
      issuer: P.tokenRoot,
      thisUpdate,
      nextUpdate,
      number: 7,
      ...(revoked ? { revoked: [{ serial: serialOf(P.tokenCa), at: revokedAt, reason: KEY_COMPROMISE }] } : {}),
    });
  const caCrl = (reason: number) =>
    createCrl({ issuer: P.tokenCa, thisUpdate, nextUpdate, number: 7, revoked: [{ serial: serialOf(P.tokenSigner), at: revokedAt, reason }] });
  // The sample anchors but the token CA, given as an untrusted certificate: the token root anchors the path, so
  // the token CA is a CA on it (as an auditor who anchors the OCES root has it).
  const rootTrust = tempDir("trust-j1c-");
  const anchors = join(import.meta.dirname, "..", "..", "samples", "trust");
  for (const a of ["seal-root.pem", "token-root.pem", "tsa-root.pem"]) copyFileSync(join(anchors, a), join(rootTrust, a));
  const tokenCaFile = join(anchors, "token-issuing-ca.pem");
  const withCrls = (name: string, crls: Uint8Array[]) => addDss(sample(name), P, "table", { sealRevocation: false, crls });

  it("the token CA revoked after the claimed sealing time: INDETERMINATE/REVOKED_CA_NO_POE naming the CA (was TOTAL-PASSED)", async () => {
    const r = await verify(await withCrls("valid/archive.pdf", [rootCrl(true)]), rootTrust, NOW, [tokenCaFile]);
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE", ["long-term"]]);
    expect(check(r, "long-term").message).toContain(
      'the CA "Sealcheck Test OCES udstedende-CA 1" on the token certificate\'s path was revoked at 2026-06-01T00:00:00Z',
    );
  });

  it("the token certificate on hold since after sealing, not lifted: INDETERMINATE/TRY_LATER (was TOTAL-PASSED)", async () => {
    const r = await verify(await withCrls("valid/archive.pdf", [caCrl(CERTIFICATE_HOLD)]), trustDirectory());
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "TRY_LATER", ["long-term"]]);
    expect(check(r, "long-term").message).toContain("the token certificate is on hold (suspended) since 2026-06-01T00:00:00Z");
  });

  it("attack-s5c M1: an unverifiable 'revoked' about the token certificate does not hide its CA's hold; alone it is no pass either", async () => {
    const rootHold = createCrl({
      issuer: P.tokenRoot,
      thisUpdate,
      nextUpdate,
      number: 7,
      revoked: [{ serial: serialOf(P.tokenCa), at: revokedAt, reason: CERTIFICATE_HOLD }],
    });
    // The token CA's name on a "revoked" signed outside the table (sha512-256): anyone can write such an item.
    const junk = resignedOcsp(
      createOcspResponse({
        subject: P.tokenSigner,
        issuer: P.tokenCa,
        responder: P.tokenCa,
        status: { revokedAt, reason: KEY_COMPROMISE },
        producedAt: thisUpdate,
        thisUpdate,
        nextUpdate,
      }),
      P.tokenCa.key,
      "sha512-256",
      "1.2.840.113549.1.1.16",
    );
    const withItems = (crls: Uint8Array[]) => addDss(sample("valid/archive.pdf"), P, "table", { sealRevocation: false, crls, ocsps: [junk] });
    const masked = await verify(await withItems([rootHold]), rootTrust, NOW, [tokenCaFile]);
    expect([masked.indication, masked.subIndication, masked.decidedBy]).toEqual(["INDETERMINATE", "TRY_LATER", ["long-term"]]);
    expect(check(masked, "long-term").message).toContain('the CA "Sealcheck Test OCES udstedende-CA 1" on the token certificate\'s path is on hold');
    const alone = await verify(await withItems([]), rootTrust, NOW, [tokenCaFile]);
    expect(alone.indication).not.toBe("TOTAL-PASSED");
    expect(JSON.stringify(alone.checks)).toMatch(/cannot be verified/);
  });

  it("controls: the root's CRL listing nothing; the same CRLs on samples/lta (a POE before them); judged before them: TOTAL-PASSED", async () => {
    const honest = await verify(await withCrls("valid/archive.pdf", [rootCrl(false)]), rootTrust, NOW, [tokenCaFile]);
    expect([honest.indication, honest.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const lta = await verify(await withCrls("lta/archive.pdf", [rootCrl(true)]), rootTrust, NOW, [tokenCaFile]);
    expect([lta.indication, lta.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const ltaHold = await verify(await withCrls("lta/archive.pdf", [caCrl(CERTIFICATE_HOLD)]), trustDirectory());
    expect([ltaHold.indication, ltaHold.subIndication]).toEqual(["TOTAL-PASSED", null]);
    const early = await verify(await withCrls("valid/archive.pdf", [caCrl(CERTIFICATE_HOLD)]), trustDirectory(), "2026-05-01T00:00:00Z");
    expect([early.indication, early.subIndication]).toEqual(["TOTAL-PASSED", null]);
  });
});
