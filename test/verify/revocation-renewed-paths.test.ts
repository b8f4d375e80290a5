// s6 edge d: a CA's renewed key (attack-s5 U1b: same name, a new key, its own path to the same anchor) is the CA's
// on every path, not only for the seal's own CRLs: a CRL it signs about a CA on the seal's path or about a TSA's
// certificate counts, read by the one rule (pki/revocation.ts statusAt) with the path's trust context
// (StatusQuery.renewed). U1d's rule holds there too: certificates anyone can add under the CA's name never hide the
// statement, and never make a CRL that no key of theirs with a path verifies "not decided" (a11 U1f).
// - A CA on the seal's path (root → "Nets Policy CA" → "NETS AS Intermediate CA" → seal): the policy CA, which
//   renewed its key in 2025, lists the intermediate as revoked before the sealing with its new key, beside an
//   older CRL of its old key that does not list it. EN 319 102-1 §5.2.6 / §5.6.2: a CA on the path revoked before
//   the time the seal is proven to exist: INDETERMINATE/REVOKED_CA_NO_POE (EU DSS's indication for the same file
//   with the old key's CRL).
// - A TSA's certificate (revocation-rules.test.ts L1's archive): the TSA root, which rolled its key over with a
//   link certificate (RFC 4210 §4.4: the new key certified by the old), lists the TSA revoked before the archive
//   timestamp's proof of it: the signature timestamp proves nothing, INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED.
// Each "attack" here was TOTAL-PASSED before: the renewed key's CRL was "not the CA's statement".
import type { KeyObject } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import {
  addDocumentTimestamp,
  addDss,
  buildArchive,
  createCrl,
  createOcspResponse,
  extensions,
  generateEcKey,
  generateRsaKey,
  issueCertificate,
  issued,
  OIDS,
  sealVariant,
  serialBytes,
  serialFor,
  spkiDer,
  TIMELINE,
  type Issued,
  type TestPki,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory, tsaCertificate } from "../helpers/fixtures.js";

const P = testPki();
const LONG = { notBefore: new Date("2020-01-01T00:00:00Z"), notAfter: new Date("2125-01-01T00:00:00Z") };
const nets = (cn: string): [string, string][] => [
  [OIDS.country, "DK"],
  [OIDS.organization, "Nets A/S"],
  [OIDS.commonName, cn],
];
const ca = (subject: [string, string][], key: KeyObject, serial: string, by: Issued | null, notBefore = LONG.notBefore, pathLen?: number): Issued =>
  issued(
    "sealRoot",
    issueCertificate({
      subject,
      subjectKey: key,
      ...(by ? { issuer: by } : {}),
      notBefore,
      notAfter: LONG.notAfter,
      serial: serialFor(serial),
      extensions: [
        extensions.basicConstraints(true, pathLen),
        extensions.keyUsage("keyCertSign", "cRLSign"),
        extensions.subjectKeyIdentifier(spkiDer(key)),
        ...(by ? [extensions.authorityKeyIdentifier(spkiDer(by.key))] : []),
      ],
    }),
    key,
  );
/** Copies of a key's certificate from an issuer of one's own (U1d: anyone can add them). */
const copies = (n: number, subject: [string, string][], key: KeyObject, label: string) => {
  const by = ca(
    subject.map(([o, v]) => [o, o === OIDS.commonName ? `${v} (copy issuer)` : v]),
    generateEcKey(),
    `${label}-by`,
    null,
  );
  return Array.from({ length: n }, (_, i) => ca(subject, key, `${label}-${i}`, by));
};

describe("edge d: a CA on the seal's path revoked by a CRL of its issuer's renewed key", () => {
  const root = ca(nets("Sealcheck Test Nets Root"), P.foreignRoot.key, "edge-d-root", null);
  const policyKey1 = generateRsaKey(2048);
  const policyKey2 = generateRsaKey(2048);
  const policy1 = ca(nets("Nets Policy CA"), policyKey1, "edge-d-policy-1", root);
  const policy2 = ca(nets("Nets Policy CA"), policyKey2, "edge-d-policy-2", root, new Date("2025-06-01T00:00:00Z"));
  // "NETS AS Intermediate CA" with the sample seal CA's key (it issued the seal), issued by the policy CA's key 1.
  const ca1 = ca(nets("NETS AS Intermediate CA"), P.sealRoot.key, "edge-d-ca", policy1, LONG.notBefore, 0);
  const sealing = TIMELINE.timestampAt;
  const compromise = new Date(sealing.getTime() - 30 * 60_000);
  const AT = "2025-12-10T12:00:00Z";

  function trust(): string {
    const dir = join(tempDir("sealcheck-edge-d-"), "trust");
    mkdirSync(dir);
    for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(dir, `${i}.pem`), c.pem);
    return dir;
  }

  async function run(revokingBy: Issued, certs: Issued[]) {
    const pki: TestPki = { ...P, sealRoot: ca1 };
    const cmsGood = createOcspResponse({ subject: P.seal, issuer: ca1, responder: ca1, producedAt: new Date(sealing.getTime() - 3600_000) });
    const sealed = (await buildArchive(pki, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
    // The policy CA's CRL of its old key, current at the sealing time, not listing the intermediate.
    const oldCrl = createCrl({ issuer: policy1, number: 10, thisUpdate: new Date("2025-12-01T00:00:00Z"), nextUpdate: new Date("2025-12-31T00:00:00Z") });
    // Its CRL of the day after, listing the intermediate as revoked before the sealing (key compromise).
    const revoking = createCrl({
      issuer: revokingBy,
      number: 11,
      thisUpdate: new Date("2025-12-09T08:00:00Z"),
      nextUpdate: new Date("2025-12-16T08:00:00Z"),
      revoked: [{ serial: serialBytes(ca1), at: compromise, reason: 1 }],
    });
    const rootCrl = createCrl({ issuer: root, number: 7, thisUpdate: new Date("2025-12-05T00:00:00Z"), nextUpdate: new Date("2026-01-05T00:00:00Z") });
    const pdf = await addDss(sealed, pki, "table", {
      sealRevocation: false,
      certs: [...certs.map((c) => c.der), ca1.der, policy1.der, root.der],
      crls: [oldCrl, revoking, rootCrl],
    });
    const file = join(tempDir("sealcheck-edge-d-"), "archive.pdf");
    writeFileSync(file, pdf);
    return verifyArchive({ evidence: file, trust: [trust()], at: AT });
  }

  it("honest: the CRL of the policy CA's key 1 lists the intermediate: INDETERMINATE/REVOKED_CA_NO_POE naming it", async () => {
    const r = await run(policy1, [policy2]);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE"]);
    expect(check(r, "seal-certificate").message).toContain("NETS AS Intermediate CA");
  });

  it("the same CRL signed with the policy CA's renewed key 2 (certified by the same root): the same, never TOTAL-PASSED", async () => {
    const r = await run(policy2, [policy2]);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE"]);
    const c = check(r, "seal-certificate");
    expect(c.message).toContain('"NETS AS Intermediate CA", a CA on the seal\'s path, was revoked');
    expect(c.message).toContain("as revoked at");
  });

  it("key 2 only in a certificate of its own (no path to the root): not the CA's statement, the old key's CRL stands", async () => {
    const own = ca(nets("Nets Policy CA"), policyKey2, "edge-d-policy-own", null, new Date("2025-06-01T00:00:00Z"));
    const r = await run(own, [own]);
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("U1d: eight self-signed certificates of the policy CA's name (one junk key) before key 2's: still found", async () => {
    const junkKey = generateEcKey();
    const junk = Array.from({ length: 8 }, (_, i) => ca(nets("Nets Policy CA"), junkKey, `edge-d-junk-${i}`, null));
    const r = await run(policy2, [...junk, policy2]);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE"]);
  });

  it("U1d, a11 U1f: nine copies of key 2's certificate from an issuer of one's own before the genuine one: each path validated, the genuine one found", async () => {
    const r = await run(policy2, [...copies(9, nets("Nets Policy CA"), policyKey2, "edge-d-copy"), policy2]);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_CA_NO_POE"]);
  });

  it("a11 U1f: a CRL of the policy CA's name signed by a key of one's own, with nine certificates of that key: not the CA's, the old key's CRL stands", async () => {
    const forgerKey = generateEcKey();
    const own = Array.from({ length: 9 }, (_, i) => ca(nets("Nets Policy CA"), forgerKey, `edge-d-forger-${i}`, null));
    const r = await run(own[0]!, own);
    expect(r.indication).toBe("TOTAL-PASSED");
  });
});

describe("edge d: a TSA revoked by a CRL of its root's renewed key (a link certificate)", () => {
  const at = (iso: string) => new Date(iso);
  const base = P;
  const serialOf = (c: Issued) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
  const shortPki: TestPki = {
    ...base,
    seal: sealVariant(base, { key: base.seal.key, serial: serialFor("edge-d-seal-short") }),
    tsa: tsaCertificate(base, "edge-d-short", at("2027-06-01T00:00:00Z")),
  };
  const archivePki: TestPki = { ...base, tsa: tsaCertificate(base, "edge-d-archive", at("2124-01-01T00:00:00Z")) };
  const rootName: [string, string][] = [
    [OIDS.country, "DK"],
    [OIDS.organization, "Sealcheck Test"],
    [OIDS.commonName, "Sealcheck Test TSA Root CA"],
  ];
  const rootKey2 = generateRsaKey(2048);
  // NewWithOld: the TSA root's new key certified by its old one (RFC 4210 §4.4), from 2026-06-01.
  const link = ca(rootName, rootKey2, "edge-d-tsa-link", base.tsaRoot, at("2026-06-01T00:00:00Z"));
  // A genuine "good" of the TSA root's old key, issued after the signature timestamp, before the revocation.
  const oldGood = createOcspResponse({ subject: shortPki.tsa, issuer: base.tsaRoot, responder: base.tsaRoot, producedAt: at("2026-12-01T00:00:00Z") });
  // The archive timestamp's TSA shown unrevoked after its timestamp, so that it proves the signature timestamp.
  const archiveGood = createOcspResponse({ subject: archivePki.tsa, issuer: base.tsaRoot, responder: base.tsaRoot, producedAt: at("2027-02-02T00:00:00Z") });
  const revoking = (by: Issued) =>
    createCrl({
      issuer: by,
      thisUpdate: at("2027-02-02T00:00:00Z"),
      nextUpdate: at("2027-02-09T00:00:00Z"),
      revoked: [{ serial: serialOf(shortPki.tsa), at: at("2026-12-31T00:00:00Z"), reason: 1 }],
    });
  /** L1's archive: the B-T, an archive timestamp of 2027-01-01, then a DSS holding `items` and `certs`. */
  const archive = async (items: { ocsps?: Uint8Array[]; crls?: Uint8Array[] }, certs: Issued[]) => {
    const bt = (await buildArchive(shortPki)).pdf;
    const withCerts = await addDss(bt, shortPki, "table", { certs: [shortPki.tsa.der] });
    const stamped = await addDocumentTimestamp(withCerts, archivePki, at("2027-01-01T00:00:00Z"));
    return addDss(stamped, shortPki, "table", { certs: [shortPki.tsa.der, archivePki.tsa.der, ...certs.map((c) => c.der)], ...items });
  };
  const verify = async (pdf: Uint8Array) => {
    const file = join(tempDir("sealcheck-edge-d-tsa-"), "archive.pdf");
    writeFileSync(file, pdf);
    return verifyArchive({ evidence: file, trust: [trustDirectory()], at: "2028-06-01T00:00:00Z" });
  };

  it("control: the old key's 'good' alone: TOTAL-PASSED through the archive timestamp", async () => {
    const r = await verify(await archive({ ocsps: [oldGood, archiveGood] }, [link]));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([true, true]);
  });

  it("honest: the old key's CRL lists the TSA revoked before the POE: the signature timestamp proves nothing", async () => {
    const r = await verify(await archive({ ocsps: [oldGood, archiveGood], crls: [revoking(base.tsaRoot)] }, [link]));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([false, true]);
    expect(r.longTerm?.proofsOfExistence[0]?.reason).toContain("revoked at 2026-12-31T00:00:00Z");
  });

  it("the same CRL signed with the root's new key (its link certificate in the DSS): the same, never TOTAL-PASSED", async () => {
    const r = await verify(await archive({ ocsps: [oldGood, archiveGood], crls: [revoking(link)] }, [link]));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([false, true]);
    expect(r.longTerm?.proofsOfExistence[0]?.reason).toContain("revoked at 2026-12-31T00:00:00Z");
  });

  it("U1d, a11 U1f: nine copies of the new key's certificate from an issuer of one's own before the link: the link still found", async () => {
    const r = await verify(
      await archive({ ocsps: [oldGood, archiveGood], crls: [revoking(link)] }, [...copies(9, rootName, rootKey2, "edge-d-tsa-copy"), link]),
    );
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(r.longTerm?.proofsOfExistence.map((p) => p.proven)).toEqual([false, true]);
    expect(r.longTerm?.proofsOfExistence[0]?.reason).toContain("revoked at 2026-12-31T00:00:00Z");
  });
});
