// Which certificate signed an OCSP response (src/pki/ocsp.ts judgeSignature), and what finding it may cost.
// - a8 S3b: the signer is a candidate the CA authorised whose key verifies, whatever comes first. A copy of the
//   CA's delegated responder's certificate (same subject and key) issued by another, put in the seal's CMS (outside
//   every signature: the thief's to write), verified first and made the CA's "revoked" "not the CA's": TOTAL-PASSED.
// - a8 D2: N junk responses x M junk responder certificates cost N x M x (questions) signature checks, and keys of
//   16,384 bits with 63-bit exponents made each ~20 ms (SLOW 20x20: 35.8 s). Now: keys outside the table are refused
//   before any arithmetic, each (response, key) pair is checked once, a response about no certificate asked is not
//   checked, candidates the CA did not authorise get a small budget per run (RunWork), and a run's checks with
//   authorised ones a larger one that ends in INDETERMINATE naming it. Counted, not timed.
// Every test states its time.
import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, verifyArchive } from "../../src/index.js";
import { decodeOcsp, judgeOcsp, OCSP_OTHER_SIGNATURE_BUDGET, OCSP_SIGNATURE_BUDGET } from "../../src/pki/ocsp.js";
import { readRevocation } from "../../src/pki/revocation.js";
import { certificateFromDer } from "../../src/pki/certificate.js";
import { PkiSession } from "../../src/pki/session.js";
import {
  addDss,
  bits,
  buildArchive,
  createOcspResponse,
  encode,
  extensions,
  int,
  issueCertificate,
  issued,
  nul,
  OIDS,
  oid,
  seq,
  serialFor,
  TIMELINE,
} from "../../scripts/generator/index.js";
import { delegatedResponder } from "../../scripts/generator/hierarchy.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const P = testPki();
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const nextDay = new Date("2025-12-09T09:00:00Z");
const AT = "2025-12-10T00:00:00Z";

function write(pdf: Uint8Array): string {
  const file = join(tempDir("sealcheck-responder-choice-"), "archive.pdf");
  writeFileSync(file, pdf);
  return file;
}

describe("S3b: a copy of the responder's certificate issued by another decides nothing", () => {
  // The CA's delegated responder (id-kp-OCSPSigning, ocsp-nocheck) and a copy: same subject, same key, issued by
  // "Untrusted Test Root CA" (anyone can make one: the key is public, the signature one's own).
  const responder = delegatedResponder(P, {
    issuer: P.sealRoot,
    commonName: "NETS AS Intermediate CA OCSP 1",
    notBefore: new Date("2025-06-01T00:00:00Z"),
    notAfter: new Date("2126-06-01T00:00:00Z"),
    label: "s3b-responder",
    noCheck: true,
  });
  const copy = delegatedResponder(P, {
    issuer: P.foreignRoot,
    commonName: "NETS AS Intermediate CA OCSP 1",
    notBefore: new Date("2025-06-01T00:00:00Z"),
    notAfter: new Date("2126-06-01T00:00:00Z"),
    label: "s3b-copy",
    noCheck: true,
  });
  // The thief seals at 08:36 with the CA's "good" of 07:36; the archivist adds the responder's "revoked 08:06".
  const revoked = createOcspResponse({
    subject: P.seal,
    issuer: P.sealRoot,
    responder,
    producedAt: nextDay,
    status: { revokedAt: compromise, reason: 1 },
    certs: [],
  });
  async function archive(cmsExtra: Uint8Array[], dssCerts: Uint8Array[]) {
    const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
    const extra = cmsExtra.map((der) => issued("ocspResponder", der, P.ocspResponder.key));
    const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] }, certificates: [P.seal, P.sealRoot, ...extra] } })).pdf;
    return write(await addDss(sealed, P, "table", { sealRevocation: false, certs: dssCerts, ocsps: [revoked] }));
  }

  it("attack: the copy in the seal's CMS, the genuine certificate in the DSS: TOTAL-FAILED/REVOKED (was TOTAL-PASSED)", async () => {
    const r = await verifyArchive({ evidence: await archive([copy.der], [responder.der]), trust: [trustDirectory()], at: AT });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
    const c = check(r, "seal-certificate");
    expect([c.status, c.subIndication]).toEqual(["failed", "REVOKED"]);
    expect(c.message).toContain(`revoked at ${compromise.toISOString()} (reason: keyCompromise)`);
  });

  it("honest: without the copy, the same", async () => {
    const r = await verifyArchive({ evidence: await archive([], [responder.der]), trust: [trustDirectory()], at: AT });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("only the copy: no candidate the CA authorised signed it, so it is not the CA's answer (the CMS's 'good' decides)", async () => {
    const r = await verifyArchive({ evidence: await archive([copy.der], []), trust: [trustDirectory()], at: AT });
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("judgeOcsp: of the candidates whose key verifies, the one the CA authorised is the signer, in any order", async () => {
    const session = new PkiSession();
    const decoded = decodeOcsp(revoked, session);
    const [target, ca, genuine, decoy] = [P.seal.der, P.sealRoot.der, responder.der, copy.der].map((d) => certificateFromDer(d, "test", session));
    for (const pool of [
      [decoy!, genuine!],
      [genuine!, decoy!],
    ]) {
      const j = await judgeOcsp({
        session,
        decoded,
        target: target!,
        issuer: ca!,
        pool,
        sealingTime: sealing,
        freshnessWindowSeconds: 7 * 86400,
        clockSkewSeconds: 0,
        responderRevocation: async () => null,
      });
      expect(j.signature.status).toBe("passed");
      expect(j.signature.details.authorisation).toBe("delegated-responder");
      expect(j.responder?.issuer).toContain("NETS AS Intermediate CA");
      expect([j.status.status, j.status.subIndication]).toEqual(["failed", "REVOKED"]);
    }
  });
});

describe("D2: the signature checks of junk responses and junk responder certificates are bounded", () => {
  // "Flood Responder": a name of one's own, a key of one's own signs the responses (about the seal); the junk
  // certificates carry that name and other keys, issued by a junk issuer of the same name.
  const name: [string, string][] = [[OIDS.commonName, "Flood Responder"]];
  const signing = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
  const self = issued(
    "ocspResponder",
    issueCertificate({
      subject: name,
      subjectKey: signing,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: serialFor("d2-self"),
      extensions: [extensions.extKeyUsage(false, OIDS.kpOcspSigning)],
    }),
    signing,
  );
  const junk = (i: number, key: KeyObject) =>
    issueCertificate({
      subject: name,
      subjectKey: key,
      issuer: self,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: serialFor(`d2-${i}`),
      extensions: [extensions.extKeyUsage(false, OIDS.kpOcspSigning)],
    });
  const N = 40;
  const M = 100; // more keys than OCSP_OTHER_SIGNATURE_BUDGET
  const responses = Array.from({ length: N }, (_, i) =>
    createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder: self,
      responderId: "byName",
      certs: [],
      producedAt: new Date(Date.UTC(2025, 11, 9, 0, 0, i)),
    }),
  );
  // A 16,384-bit modulus and a 63-bit exponent (OpenSSL takes both; no private key exists): outside the table.
  const slowKey = (() => {
    const n = randomBytes(2048);
    n[0]! |= 0x80;
    n[2047]! |= 1;
    const e = randomBytes(8);
    e[0] = (e[0]! & 0x7f) | 0x40;
    e[7]! |= 1;
    const rsa = encode(seq(int(new Uint8Array([0, ...n])), int(new Uint8Array([0, ...e]))));
    return createPublicKey({ key: Buffer.from(encode(seq(seq(oid("1.2.840.113549.1.1.1"), nul()), bits(rsa)))), format: "der", type: "spki" });
  })();

  /** The signature checks one verification makes (every one goes through the session's engine), and its verdict. */
  async function counted(certs: Uint8Array[], ocsps = responses) {
    const base = (await buildArchive(P)).pdf;
    const file = write(await addDss(base, P, "table", { certs, ocsps }));
    const session = createSession({ trust: [trustDirectory()], at: AT });
    const engine = session.pki.engine;
    const verifyWithPublicKey = engine.verifyWithPublicKey.bind(engine);
    let n = 0;
    engine.verifyWithPublicKey = (...a) => {
      n++;
      return verifyWithPublicKey(...a);
    };
    const r = await verifyArchive({ evidence: file, session });
    return { n, r };
  }

  it(`${N} junk responses x ${M} junk certificates of as many keys: at most ${OCSP_OTHER_SIGNATURE_BUDGET} checks more than without the certificates (was N x M x questions)`, async () => {
    const honest = await counted([]);
    const keys = Array.from({ length: M }, () => generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey);
    const flood = await counted(keys.map((k, i) => junk(i, k)));
    expect(honest.r.indication).toBe("TOTAL-PASSED");
    expect(flood.r.indication).toBe("TOTAL-PASSED");
    // The junk certificates' own signatures (by "Flood Responder") are checked where certificates are: M at most.
    expect(flood.n - honest.n).toBeLessThanOrEqual(OCSP_OTHER_SIGNATURE_BUDGET + M);
  });

  it("junk certificates with a key outside the table: no response is checked with it", async () => {
    const honest = await counted([]);
    const flood = await counted(Array.from({ length: 20 }, (_, i) => junk(1000 + i, slowKey)));
    expect(flood.r.indication).toBe("TOTAL-PASSED");
    expect(flood.n - honest.n).toBeLessThanOrEqual(20);
  });

  it("responses about no certificate asked are not checked", async () => {
    const other = Array.from({ length: N }, (_, i) =>
      createOcspResponse({
        subject: P.foreignTokenSigner,
        issuer: P.foreignRoot,
        responder: self,
        responderId: "byName",
        certs: [self],
        producedAt: new Date(Date.UTC(2025, 11, 9, 1, 0, i)),
      }),
    );
    const none = await counted([], []);
    const junkAbout = await counted([], other);
    expect(junkAbout.r.indication).toBe("TOTAL-PASSED");
    expect(junkAbout.n - none.n).toBeLessThanOrEqual(1); // at most the certificate they carry, once (was N x questions)
  });

  it("a run's budget of checks with authorised responders spent: the CA's 'revoked' is read, not believed (never silent)", async () => {
    const session = new PkiSession();
    session.work.authorised = OCSP_SIGNATURE_BUDGET;
    const der = createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder: P.sealRoot,
      producedAt: nextDay,
      status: { revokedAt: compromise, reason: 1 },
    });
    const [target, ca] = [P.seal.der, P.sealRoot.der].map((d) => certificateFromDer(d, "test", session));
    const j = await judgeOcsp({
      session,
      decoded: decodeOcsp(der, session),
      target: target!,
      issuer: ca!,
      pool: [],
      sealingTime: sealing,
      freshnessWindowSeconds: 7 * 86400,
      clockSkewSeconds: 0,
      responderRevocation: async () => null,
    });
    expect([j.signature.status, j.signature.subIndication]).toEqual(["indeterminate", "TRY_LATER"]);
    expect(j.signature.message).toContain(`budget of ${OCSP_SIGNATURE_BUDGET} OCSP signature checks`);
    const reading = await readRevocation(session, { kind: "ocsp", der }, target!, ca!, [], 0);
    expect(reading.statement).toBeNull();
    expect(reading.unverified?.claim.revokedAt?.toISOString()).toBe(compromise.toISOString());
  });
});
