// Revocation above the leaf (attack round 36, R1, I1; delta CRLs), one rule in src/pki/revocation.ts, with EU DSS
// (its default policy's constraints), RFC 6960 §4.2.2.2.1 and RFC 5280 §5.2.4 / §6.3.3 as the reference:
// - R1: a delegated OCSP responder (id-kp-OCSPSigning, issued by the CA) without id-pkix-ocsp-nocheck is judged
//   like any certificate on a path: unrevoked when it signed, from the revocation data the file holds;
// - I1: every certificate on a path but the anchor needs acceptable revocation data at the time judged (EN 319
//   102-1 §5.2.6; DSS's default policy: CACertificate RevocationDataAvailable FAIL): the seal's, the token's;
// - delta CRLs: a delta CRL answers combined with its complete CRL (same issuer and scope, the complete CRL's
//   number at least the delta's BaseCRLNumber, below the delta's own); alone it gives no answer.
// Archives built with the generator over the test PKI; every test states its time.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createCrl, createOcspResponse, TIMELINE, type Issued, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { delegatedResponder, sealCaUnderRoot } from "../../scripts/generator/hierarchy.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const DAY = 86_400_000;

async function verify(pdf: Uint8Array, atTime: string, trust?: { anchors: Issued[]; certs?: Issued[] }) {
  const dir = tempDir("sealcheck-rev-above-");
  const file = join(dir, "archive.pdf");
  writeFileSync(file, pdf);
  if (!trust) return verifyArchive({ evidence: file, trust: [trustDirectory()], at: atTime });
  const write = (name: string, list: Issued[]) => {
    mkdirSync(join(dir, name));
    list.forEach((c, i) => writeFileSync(join(dir, name, `${i}.pem`), c.pem));
    return join(dir, name);
  };
  return verifyArchive({ evidence: file, trust: [write("trust", trust.anchors)], certs: trust.certs ? [write("certs", trust.certs)] : [], at: atTime });
}

const responderOf = (label: string, issuer: Issued, noCheck: boolean): Issued =>
  delegatedResponder(base, {
    issuer,
    organization: "Sealcheck Test",
    commonName: `Sealcheck Test delegated OCSP ${label}`,
    notBefore: at("2025-01-01T00:00:00Z"),
    notAfter: at("2027-01-01T00:00:00Z"),
    label: `responder-${label}`,
    noCheck,
  });

describe("R1: a delegated responder without ocsp-nocheck is itself judged unrevoked when it signed", () => {
  const sealResponder = responderOf("seal", base.sealRoot, false);
  const producedAt = TIMELINE.sealRevocationAt;
  // The seal's OCSP "good" from the delegated responder, in the CMS (what the broker archives).
  const sealGood = createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: sealResponder, producedAt });
  /** The CA's own answer about its responder (signed by the CA: it speaks for the responder, not for the seal). */
  const aboutResponder = (status?: { revokedAt: Date; reason: number }) =>
    createOcspResponse({ subject: sealResponder, issuer: base.sealRoot, responder: base.sealRoot, producedAt, ...(status ? { status } : {}) });
  const sealed = async (ocsps: Uint8Array[]) => (await buildArchive(base, { seal: { revocation: { crls: [], ocsps } } })).pdf;
  const T = "2025-12-09T00:00:00Z";

  it("the seal's only answer is from such a responder, with nothing about the responder: INDETERMINATE/TRY_LATER", async () => {
    const r = await verify(await sealed([sealGood]), T);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("indeterminate");
    expect(c.message).toContain("without id-pkix-ocsp-nocheck");
    expect(c.message).toContain("no revocation data for it");
  });

  it("control: the CA's 'good' about its responder beside it: TOTAL-PASSED", async () => {
    const r = await verify(await sealed([sealGood, aboutResponder()]), T);
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("the CA says its responder was revoked (keyCompromise) before it signed: the answer is not relied upon", async () => {
    const revokedAt = new Date(producedAt.getTime() - DAY);
    const r = await verify(await sealed([sealGood, aboutResponder({ revokedAt, reason: 1 })]), T);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(check(r, "seal-certificate").message).toContain(`revoked at ${revokedAt.toISOString().replace(".000Z", "Z")}`);
  });

  it("the same responder in the DSS only: the DSS data about the responder counts as well", async () => {
    const pdf = await addDss(await sealed([]), base, "table", { sealRevocation: false, ocsps: [sealGood, aboutResponder()] });
    expect((await verify(pdf, T)).indication).toBe("TOTAL-PASSED");
  });

  it("control: a delegated responder with ocsp-nocheck needs nothing more: TOTAL-PASSED", async () => {
    const noCheck = responderOf("seal-nocheck", base.sealRoot, true);
    const r = await verify(await sealed([createOcspResponse({ subject: base.seal, issuer: base.sealRoot, responder: noCheck, producedAt })]), T);
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  describe("the Workflow token's OCSP response", () => {
    const tokenResponder = responderOf("token", base.tokenCa, false);
    const token = () => buildArchive(base, { ocsp: { responder: tokenResponder } });

    it("from a responder without ocsp-nocheck, nothing about it: ocsp-signature INDETERMINATE", async () => {
      const r = await verify((await token()).pdf, T);
      expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
      const c = check(r, "ocsp-signature");
      expect(c.status).toBe("indeterminate");
      expect(c.message).toContain("without id-pkix-ocsp-nocheck");
    });

    it("control: the token CA's CRL (not listing the responder) in the DSS: TOTAL-PASSED", async () => {
      const crl = createCrl({
        issuer: base.tokenCa,
        thisUpdate: new Date(TIMELINE.iat.getTime() - 3600_000),
        nextUpdate: new Date(TIMELINE.iat.getTime() + DAY),
      });
      const r = await verify(await addDss((await token()).pdf, base, "table", { crls: [crl] }), T);
      expect(r.indication).toBe("TOTAL-PASSED");
      expect(check(r, "ocsp-signature").details?.responderStatus).toBe("not revoked when it signed");
    });
  });
});

describe("delta CRLs are combined with their complete CRL (RFC 5280 §5.2.4, §6.3.3)", () => {
  // No revocation data in the CMS; the CA's CRLs in a DSS. The complete CRL #42 is a week old and stale at the
  // sealing time; the delta #43 (base 42) is current.
  const complete = (number: number, revoked = false) =>
    createCrl({
      issuer: base.sealRoot,
      number,
      thisUpdate: at("2025-12-01T06:00:00Z"),
      nextUpdate: at("2025-12-05T06:00:00Z"),
      ...(revoked ? { revoked: [{ serial: serialOf(base.seal), at: TIMELINE.revokedAt }] } : {}),
    });
  const delta = (number: number, baseNumber: number, revoked = false) =>
    createCrl({
      issuer: base.sealRoot,
      number,
      deltaOf: baseNumber,
      thisUpdate: at("2025-12-08T06:00:00Z"),
      nextUpdate: at("2025-12-09T06:00:00Z"),
      ...(revoked ? { revoked: [{ serial: serialOf(base.seal), at: TIMELINE.revokedAt }] } : {}),
    });
  const archive = async (crls: Uint8Array[]) => {
    const sealed = (await buildArchive(base, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
    return addDss(sealed, base, "table", { sealRevocation: false, crls });
  };
  const T = "2025-12-08T12:00:00Z";

  it("the delta lists the seal as revoked since the complete CRL: TOTAL-FAILED/REVOKED", async () => {
    const r = await verify(await archive([complete(42), delta(43, 42, true)]), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("neither lists the seal: the current delta with its complete CRL proves it unrevoked, TOTAL-PASSED", async () => {
    const r = await verify(await archive([complete(42), delta(43, 42)]), T);
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-certificate");
    const items = (c.details as { revocation: { combinedWithBase?: { crlNumber: string } }[] }).revocation;
    expect(items.some((i) => i.combinedWithBase?.crlNumber === "42")).toBe(true);
  });

  it("a complete CRL numbered above the delta's base also combines (it holds all the base held)", async () => {
    expect((await verify(await archive([complete(42), delta(44, 41)]), T)).indication).toBe("TOTAL-PASSED");
  });

  it("the complete CRL lists the seal, the delta does not: REVOKED (the delta adds to its base)", async () => {
    const r = await verify(await archive([complete(42, true), delta(43, 42)]), T);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  const noBase: [string, Uint8Array[]][] = [
    ["alone", [delta(43, 42)]],
    ["with a complete CRL older than its base (#41 < 42)", [complete(41), delta(43, 42)]],
    ["with a complete CRL newer than itself (#44 > 43)", [complete(44), delta(43, 42)]],
    [
      "with a CRL of another scope (CA certificates only)",
      [createCrl({ issuer: base.sealRoot, number: 42, idp: { onlyContainsCACerts: true } }), delta(43, 42)],
    ],
  ];
  for (const [label, crls] of noBase) {
    it(`a delta ${label} gives no answer: INDETERMINATE/TRY_LATER`, async () => {
      const r = await verify(await archive(crls), T);
      expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    });
  }
});

describe("I1: the CAs above the leaf need revocation data of their own (EN 319 102-1 §5.2.6)", () => {
  // A root above the seal's issuing CA: "NETS AS Intermediate CA" (the seal CA's name and key) issued by a root
  // that is the only seal anchor; the CMS carries the seal, the CA and the CA's own data about the seal.
  const { root, ca, pki: pkiI } = sealCaUnderRoot(base, "i1");
  const anchors = [root, base.tsaRoot, base.tokenCa, base.tokenRoot];
  const rootCrl = (revoked?: Date, idp?: { onlyContainsCACerts: true }) =>
    createCrl({
      issuer: root,
      number: 7,
      thisUpdate: at("2025-12-01T00:00:00Z"),
      nextUpdate: at("2026-01-01T00:00:00Z"),
      ...(revoked ? { revoked: [{ serial: serialOf(ca), at: revoked }] } : {}),
      ...(idp ? { idp } : {}),
    });
  const archive = async (crls: Uint8Array[]) => addDss((await buildArchive(pkiI)).pdf, pkiI, "table", { certs: [ca.der, root.der], crls });
  const T = "2025-12-09T00:00:00Z";

  it("no revocation data for the seal's CA: INDETERMINATE/TRY_LATER naming the CA", async () => {
    const r = await verify(await archive([]), T, { anchors });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    const c = check(r, "seal-certificate");
    expect(c.message).toContain(`"NETS AS Intermediate CA", a CA on the seal's path`);
  });

  it("control: the root's CRL not listing the CA: TOTAL-PASSED", async () => {
    expect((await verify(await archive([rootCrl()]), T, { anchors })).indication).toBe("TOTAL-PASSED");
  });

  it("control: the root's CA-certificates-only CRL (an ARL) covers the CA: TOTAL-PASSED", async () => {
    expect((await verify(await archive([rootCrl(undefined, { onlyContainsCACerts: true })]), T, { anchors })).indication).toBe("TOTAL-PASSED");
  });

  it("the root's CRL lists the CA as revoked (keyCompromise) before the sealing time: INDETERMINATE/REVOKED_CA_NO_POE", async () => {
    const r = await verify(await archive([rootCrl(at("2025-12-02T00:00:00Z"))]), T, { anchors });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE"]);
    expect(check(r, "seal-certificate").message).toContain("revoked at 2025-12-02T00:00:00Z");
  });

  it("the CA revoked after the sealing time, before the validation time, no POE before it: not TOTAL-PASSED", async () => {
    const r = await verify(
      await archive([
        rootCrl(),
        createCrl({
          issuer: root,
          number: 8,
          thisUpdate: at("2026-02-01T00:00:00Z"),
          nextUpdate: at("2026-03-01T00:00:00Z"),
          revoked: [{ serial: serialOf(ca), at: at("2026-01-15T00:00:00Z") }],
        }),
      ]),
      "2026-06-01T00:00:00Z",
      { anchors },
    );
    // The CA, not the seal certificate, was revoked: REVOKED_CA_NO_POE naming it, as EU DSS (attack-s5b S2).
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE"]);
    expect(check(r, "long-term").message).toMatch(/^The CA ".+" on the seal certificate's path was revoked at 2026-01-15T00:00:00Z/);
  });

  describe("the token certificate's path", () => {
    // The token's issuing CA given as an untrusted certificate, its root as the only token anchor.
    const trust = { anchors: [base.sealRoot, base.tsaRoot, base.tokenRoot], certs: [base.tokenCa] };
    const tokenRootCrl = createCrl({ issuer: base.tokenRoot, number: 3, thisUpdate: at("2025-12-01T00:00:00Z"), nextUpdate: at("2026-01-01T00:00:00Z") });

    it("no revocation data for the token's issuing CA: token-certificate INDETERMINATE/TRY_LATER", async () => {
      const r = await verify(await addDss((await buildArchive(base)).pdf, base, "table"), T, trust);
      expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
      expect(check(r, "token-certificate").message).toContain("a CA on the token certificate's path");
    });

    it("control: the token root's CRL in the DSS: TOTAL-PASSED", async () => {
      const r = await verify(await addDss((await buildArchive(base)).pdf, base, "table", { crls: [tokenRootCrl] }), T, trust);
      expect(r.indication).toBe("TOTAL-PASSED");
    });
  });
});
