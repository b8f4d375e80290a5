// attack-s5 U1b: a CRL under the seal CA's name signed by another key of the same CA (a routine key renewal:
// same name, a new certificate from the same root) is the CA's statement when that certificate's own path
// validates to the seal's anchor and it was valid when it signed (RFC 5280 §6.3.3 (f); pyHanko: revoked). A key
// that chains elsewhere, or was not yet certified when the CRL was issued, stays U1's "not the CA's statement".
// attack36 I1's hierarchy: "Sealcheck Test Nets Root" (the only seal anchor) → "NETS AS Intermediate CA" (key 1)
// → the seal; the CA renews its key on 2025-12-09 (key 2). Seal revoked 08:06 (keyCompromise), sealed 08:36 with
// the CA's "good" of 07:36 in the CMS; the DSS holds the CA certificates, the root's CRL and the CA's CRL of
// 2025-12-10 listing the seal. Verified at 2025-12-10T12:00:00Z.
import type { KeyObject } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import {
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
  serialBytes,
  serialFor,
  spkiDer,
  TIMELINE,
  type Issued,
  type TestPki,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki } from "../helpers/fixtures.js";

const P = testPki();
const name = (cn: string): [string, string][] => [
  [OIDS.country, "DK"],
  [OIDS.organization, "Nets A/S"],
  [OIDS.commonName, cn],
];
const rootKey = P.foreignRoot.key;
const root = issued(
  "sealRoot",
  issueCertificate({
    subject: name("Sealcheck Test Nets Root"),
    subjectKey: rootKey,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor("attack36-i1-root"),
    extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign"), extensions.subjectKeyIdentifier(spkiDer(rootKey))],
  }),
  rootKey,
);
const caCert = (key: KeyObject, serial: string, notBefore: Date, by: Issued | null = root): Issued =>
  issued(
    "sealRoot",
    issueCertificate({
      subject: name("NETS AS Intermediate CA"),
      subjectKey: key,
      ...(by ? { issuer: by } : {}),
      notBefore,
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: serialFor(serial),
      extensions: [
        extensions.basicConstraints(true, 0),
        extensions.keyUsage("keyCertSign", "cRLSign"),
        extensions.subjectKeyIdentifier(spkiDer(key)),
        ...(by ? [extensions.authorityKeyIdentifier(spkiDer(by.key))] : []),
      ],
    }),
    key,
  );
const ca1 = caCert(P.sealRoot.key, "attack36-i1-ca", new Date("2020-01-01T00:00:00Z"));
const key2 = generateRsaKey(2048);
const ca2 = caCert(key2, "attack-s5-u1b-ca-key-2", new Date("2025-12-09T00:00:00Z"));
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const AT = "2025-12-10T12:00:00Z";

function trustDir(): string {
  const dir = join(tempDir("sealcheck-renewed-ca-"), "trust");
  mkdirSync(dir);
  for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(dir, `${i}.pem`), c.pem);
  return dir;
}

async function run(crlSigner: Issued | null, certs: Issued[], ocsps: Uint8Array[] = []) {
  const pkiI: TestPki = { ...P, sealRoot: ca1 };
  const cmsGood = createOcspResponse({ subject: P.seal, issuer: ca1, responder: ca1, producedAt: new Date(sealing.getTime() - 3600_000) });
  const sealed = (await buildArchive(pkiI, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
  const caCrl =
    crlSigner &&
    createCrl({
      issuer: crlSigner,
      number: 43,
      thisUpdate: new Date("2025-12-10T08:00:00Z"),
      nextUpdate: new Date("2025-12-17T08:00:00Z"),
      revoked: [{ serial: serialBytes(P.seal), at: compromise }],
    });
  const rootCrl = createCrl({ issuer: root, number: 7, thisUpdate: new Date("2025-12-05T00:00:00Z"), nextUpdate: new Date("2026-01-05T00:00:00Z") });
  const pdf = await addDss(sealed, pkiI, "table", {
    sealRevocation: false,
    certs: [...certs.map((c) => c.der), root.der],
    crls: [...(caCrl ? [caCrl] : []), rootCrl],
    ocsps,
  });
  const file = join(tempDir("sealcheck-renewed-ca-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDir()], at: AT });
}

describe("U1b: a CRL signed by the CA's renewed key", () => {
  it("honest: the CRL signed with key 1 lists the seal: TOTAL-FAILED/REVOKED", async () => {
    const r = await run(ca1, [ca1, ca2]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("attack: signed with key 2, certified by the same root before the CRL: the CA's statement, TOTAL-FAILED/REVOKED", async () => {
    const r = await run(ca2, [ca1, ca2]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    const c = check(r, "seal-certificate");
    expect(c.status).toBe("failed");
  });

  it("key 2 in a self-signed certificate of the same name (chains to no anchor): not the CA's statement, TOTAL-PASSED with a warning", async () => {
    const own = caCert(key2, "attack-s5-u1b-self", new Date("2025-12-09T00:00:00Z"), null);
    const r = await run(own, [ca1, own]);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toContain("Not the CA's statement, so ignored");
  });

  it("key 2 certified only after the CRL was issued (not valid when it signed): not the CA's statement", async () => {
    const late = caCert(key2, "attack-s5-u1b-late", new Date("2025-12-10T10:00:00Z"));
    const r = await run(late, [ca1, late]);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toContain("Not the CA's statement, so ignored");
  });

  // attack-s6 U1d: certificates anyone can write (the CMS's or the DSS's certificate set, outside what is signed)
  // must not use up the tries before the CA's own renewed certificate is reached. Candidates are tried by key,
  // the CRL's authority key identifier first; a budget reached leaves a listing undecided, never "not the CA's".
  const junk = (n: number, keys: () => KeyObject) =>
    Array.from({ length: n }, (_, i) => {
      const key = keys();
      return issued(
        "sealRoot",
        issueCertificate({
          subject: name("NETS AS Intermediate CA"),
          subjectKey: key,
          notBefore: new Date("2020-01-01T00:00:00Z"),
          notAfter: new Date("2125-01-01T00:00:00Z"),
          serial: serialFor(`u1d-junk-${n}-${i}`),
          extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
        }),
        key,
      );
    });

  it("U1d: eight self-signed certificates of the CA's name before the renewed one: still the CA's statement, TOTAL-FAILED/REVOKED", async () => {
    const one = generateEcKey();
    const r = await run(ca2, [...junk(8, () => one), ca1, ca2]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("U1d, a11 U1f: nine certificates of the renewed key from an issuer of one's own before the genuine one: each path is validated, the genuine one found: TOTAL-FAILED/REVOKED", async () => {
    const by = junk(1, () => generateEcKey())[0]!;
    const copies = Array.from({ length: 9 }, (_, i) =>
      issued(
        "sealRoot",
        issueCertificate({
          subject: name("NETS AS Intermediate CA"),
          subjectKey: key2,
          issuer: by,
          notBefore: new Date("2020-01-01T00:00:00Z"),
          notAfter: new Date("2125-01-01T00:00:00Z"),
          serial: serialFor(`u1d-copy-${i}`),
          extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
        }),
        key2,
      ),
    );
    const r = await run(ca2, [...copies, ca1, ca2]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  // a11 U1f: the tries were a budget anyone could spend: a CRL of the CA's name listing the seal, signed by a key of
  // one's own, and nine certificates of the CA's name with nine other keys made any genuine archive INDETERMINATE.
  // Every key is tried on the CRL (one check each); a CRL no candidate key verifies is not the CA's, said nothing.
  it("a11 U1f: a junk CRL listing the seal and nine certificates of the CA's name with other keys: not the CA's statement, TOTAL-PASSED", async () => {
    const forger = junk(1, () => generateEcKey())[0]!;
    const r = await run(forger, [...junk(9, () => generateEcKey()), ca1]);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toContain("Not the CA's statement, so ignored");
  });

  it("a11 U1f: the same with nine certificates of the CRL's own key (self-signed): no path to the anchor, not the CA's statement, TOTAL-PASSED", async () => {
    const forgerKey = generateEcKey();
    const own = junk(9, () => forgerKey);
    const r = await run(own[0]!, [...own, ca1]);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-certificate").message).toContain("Not the CA's statement, so ignored");
  });

  it("U1d's class in path building (a11 U1e): key 2's CA certificate under a policy CA, 300 certificates with that CA's name and key identifier before it: each key checked once, the path found, TOTAL-FAILED/REVOKED", async () => {
    const policyKey = generateEcKey();
    const policy = issued(
      "sealRoot",
      issueCertificate({
        subject: name("Nets Policy CA"),
        subjectKey: policyKey,
        issuer: root,
        notBefore: new Date("2020-01-01T00:00:00Z"),
        notAfter: new Date("2125-01-01T00:00:00Z"),
        serial: serialFor("u1d-policy"),
        extensions: [
          extensions.basicConstraints(true),
          extensions.keyUsage("keyCertSign", "cRLSign"),
          extensions.subjectKeyIdentifier(spkiDer(policyKey)),
          extensions.authorityKeyIdentifier(spkiDer(rootKey)),
        ],
      }),
      policyKey,
    );
    const under = caCert(key2, "u1d-ca-key-2-under-policy", new Date("2025-12-09T00:00:00Z"), policy);
    const junkKey = generateEcKey();
    const flood = Array.from({ length: 300 }, (_, i) =>
      issued(
        "sealRoot",
        issueCertificate({
          subject: name("Nets Policy CA"),
          subjectKey: junkKey,
          notBefore: new Date("2020-01-01T00:00:00Z"),
          notAfter: new Date("2125-01-01T00:00:00Z"),
          serial: serialFor(`u1d-policy-flood-${i}`),
          extensions: [extensions.basicConstraints(true), extensions.subjectKeyIdentifier(spkiDer(policyKey))],
        }),
        junkKey,
      ),
    );
    const honest = await run(under, [ca1, under, policy]);
    expect([honest.indication, honest.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    const r = await run(under, [ca1, ...flood, under, policy]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  }, 120_000);
});

// An OCSP response signed directly by the CA's renewed key is the CA's, as its CRL is (RFC 6960 §4.2.2.2: the CA
// itself; EU DSS reads it so): "revoked" about the seal, produced 2025-12-10 with key 2, the CRL left out. Before,
// only a CRL was read through the path's renewed-key trust and the response was "not the CA's": TOTAL-PASSED.
describe("an OCSP response signed by the CA's renewed key", () => {
  const revokedBy = (responder: Issued) =>
    createOcspResponse({
      subject: P.seal,
      issuer: ca1,
      responder,
      producedAt: new Date("2025-12-10T08:00:00Z"),
      thisUpdate: new Date("2025-12-10T08:00:00Z"),
      status: { revokedAt: compromise, reason: 1 },
    });

  it("honest: signed with key 1: TOTAL-FAILED/REVOKED", async () => {
    const r = await run(null, [ca1, ca2], [revokedBy(ca1)]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("signed with key 2, certified by the same root before it: the CA's statement, TOTAL-FAILED/REVOKED (was TOTAL-PASSED)", async () => {
    const r = await run(null, [ca1, ca2], [revokedBy(ca2)]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    expect(check(r, "seal-certificate").status).toBe("failed");
  });

  it("key 2 in a self-signed certificate of the CA's name (no path to the anchor): not the CA's statement, TOTAL-PASSED", async () => {
    const own = caCert(key2, "renewed-ocsp-self", new Date("2025-12-09T00:00:00Z"), null);
    const r = await run(null, [ca1, own], [revokedBy(own)]);
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("key 2 certified only after the response was produced: not the CA's statement, TOTAL-PASSED", async () => {
    const late = caCert(key2, "renewed-ocsp-late", new Date("2025-12-10T10:00:00Z"));
    const r = await run(null, [ca1, late], [revokedBy(late)]);
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  // Certificates of the CA's name anyone adds must not spend the run's budget of OCSP signature checks (a8 D2): 50 of
  // them with keys of their own and 100 junk responses naming the CA as responder were 100 x 50 checks when each key
  // was tried on each response's signature, past the budget (4,096) before the genuine key-2 response: not decided.
  // The keys' paths are judged first: none of theirs has one, so none is tried.
  it("50 certificates of the CA's name with keys of their own and 100 junk responses by the CA's name before it: no check spent on them, TOTAL-FAILED/REVOKED", async () => {
    const own = Array.from({ length: 50 }, (_, i) => caCert(generateEcKey(), `renewed-ocsp-junk-${i}`, new Date("2020-01-01T00:00:00Z"), null));
    const forger = { ...ca1, key: generateEcKey() };
    const junkResponses = Array.from({ length: 100 }, (_, i) =>
      createOcspResponse({
        subject: P.seal,
        issuer: ca1,
        responder: forger, // the CA's name, a key none of the certificates holds: every key tried fails
        responderId: "byName",
        certs: [],
        producedAt: new Date(Date.parse("2025-12-10T09:00:00Z") + i * 1000),
        thisUpdate: new Date("2025-12-10T09:00:00Z"),
      }),
    );
    const r = await run(null, [ca1, ...own, ca2], [...junkResponses, revokedBy(ca2)]);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  }, 120_000);
});
