// An archived revocation item about the seal certificate that cannot be checked (its signature algorithm
// outside the one table, src/pki/algorithms.ts) is never set aside while the other items decide (attack-s4
// B1): a "revoked" nobody here can read is not "no statement". The decision is at best INDETERMINATE /
// CRYPTO_CONSTRAINTS_FAILURE naming the item; an algorithm of the table is verified and decides (control).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createOcspResponse, sealVariant, serialFor, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { resignedOcsp } from "../helpers/resign.js";

const pki = testPki();

describe("attack-s4 B1 (b): a revocation item that cannot be checked is not set aside", () => {
  // The seal CA's answer "revoked 2025-12-01 (keyCompromise)" in a DSS, beside the CMS's "good" of the sealing day.
  const revoked = createOcspResponse({
    subject: pki.seal,
    issuer: pki.sealRoot,
    responder: pki.sealRoot,
    status: { revokedAt: new Date("2025-12-01T00:00:00Z"), reason: 1 },
    producedAt: new Date("2025-12-09T09:00:00Z"),
  });
  const resigned = (hash: string, oid: string, pssHashOid?: string) => resignedOcsp(revoked, pki.sealRoot.key, hash, oid, pssHashOid);
  const run = async (ocsp: Uint8Array) => {
    const sealed = (await buildArchive(pki)).pdf;
    const file = join(tempDir("sealcheck-unchecked-"), "archive.pdf");
    writeFileSync(file, await addDss(sealed, pki, "table", { sealRevocation: false, ocsps: [ocsp] }));
    return verifyArchive({ evidence: file, trust: [trustDirectory()], at: "2025-12-10T00:00:00Z" });
  };

  it("control: signed with an algorithm of the table (SHA3-256 with RSA), the revoked answer decides: TOTAL-FAILED/REVOKED", async () => {
    const r = await run(resigned("sha3-256", "2.16.840.1.101.3.4.3.14"));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("signed sha512-256WithRSAEncryption (outside the table): INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE naming the item, never the CMS's good alone", async () => {
    const r = await run(resigned("sha512-256", "1.2.840.113549.1.1.16"));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "CRYPTO_CONSTRAINTS_FAILURE"]);
    const c = check(r, "seal-certificate");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toContain("(dss-ocsp) cannot be checked");
    expect(c.message).toContain("1.2.840.113549.1.1.16");
  });

  it("RSASSA-PSS with SHA3-256 (pkijs's path cannot verify it): unsupported, not forged (D1 `pss`)", async () => {
    const r = await run(resigned("sha3-256", "1.2.840.113549.1.1.10", "2.16.840.1.101.3.4.2.8"));
    const c = check(r, "seal-certificate");
    expect([r.indication, c.status, c.subIndication]).toEqual(["INDETERMINATE", "indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toContain("RSASSA-PSS with sha3-256");
  });

  it("RSASSA-PSS with SHA-256 is verified and decides: TOTAL-FAILED/REVOKED", async () => {
    const r = await run(resigned("sha256", "1.2.840.113549.1.1.10", "2.16.840.1.101.3.4.2.1"));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });
});

describe("the same rule in long-term validation: an item about a TSA that cannot be checked is no proof (hs4)", () => {
  // An archive whose seal certificate expired on 2026-12-08, with a DSS holding the TSA CA's "good" for the
  // signature timestamp's TSA, judged after that expiry: the signature timestamp must be its proof.
  const short: TestPki = { ...pki, seal: sealVariant(pki, { key: pki.seal.key, serial: serialFor("seal-short") }) };
  const good = createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: new Date("2026-11-01T00:00:00Z") });
  const run = async (...ocsps: Uint8Array[]) => {
    const sealed = (await buildArchive(short)).pdf;
    const file = join(tempDir("sealcheck-unchecked-lt-"), "archive.pdf");
    writeFileSync(file, await addDss(sealed, short, "table", { ocsps }));
    return verifyArchive({ evidence: file, trust: [trustDirectory()], at: "2027-02-01T00:00:00Z" });
  };

  it("control: the TSA's good alone proves the signature timestamp: TOTAL-PASSED past the seal's expiry", async () => {
    const r = await run(good);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.longTerm?.proofsOfExistence[0]).toMatchObject({ kind: "signature-timestamp", proven: true });
  });

  it("beside it, the same answer signed sha512-256WithRSAEncryption: not proven, naming the item: INDETERMINATE", async () => {
    const r = await run(good, resignedOcsp(good, pki.tsaRoot.key, "sha512-256", "1.2.840.113549.1.1.16"));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    const p = r.longTerm!.proofsOfExistence[0]!;
    expect(p.proven).toBe(false);
    expect(p.reason).toMatch(/an OCSP response about it cannot be checked \(.*1\.2\.840\.113549\.1\.1\.16.*\), so its revocation status is not decided/);
  });

  it("RSASSA-PSS with SHA3-256: the same", async () => {
    const r = await run(good, resignedOcsp(good, pki.tsaRoot.key, "sha3-256", "1.2.840.113549.1.1.10", "2.16.840.1.101.3.4.2.8"));
    expect(r.indication).toBe("INDETERMINATE");
    expect(r.longTerm!.proofsOfExistence[0]!.reason).toContain("RSASSA-PSS with sha3-256");
  });
});
