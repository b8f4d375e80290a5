// An archived revocation item about the seal certificate that cannot be checked (its signature algorithm
// outside the one table, src/pki/algorithms.ts) is never set aside while the other items decide (attack-s4
// B1): a "revoked" nobody here can read is not "no statement". The decision is at best INDETERMINATE /
// CRYPTO_CONSTRAINTS_FAILURE naming the item; an algorithm of the table is verified and decides (control).
import { constants, sign } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import * as asn1js from "asn1js";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createOcspResponse } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const pki = testPki();

/** The same BasicOCSPResponse signed again by the same key with `hash` under the signature algorithm `oid`. */
function resigned(der: Uint8Array, hash: string, oid: string, pssHashOid?: string): Uint8Array {
  const outer = asn1js.fromBER(der).result as asn1js.Sequence;
  const bytes = (outer.valueBlock.value[1] as asn1js.Constructed).valueBlock.value[0] as asn1js.Sequence;
  const basic = asn1js.fromBER((bytes.valueBlock.value[1] as asn1js.OctetString).valueBlock.valueHexView).result as asn1js.Sequence;
  const [tbs, , , ...rest] = basic.valueBlock.value;
  const tbsDer = new Uint8Array(tbs!.valueBeforeDecodeView);
  const hashId = (o: string) => new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: o })] });
  const tagged = (n: number, v: asn1js.AsnType) => new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: n }, value: [v] });
  const params = pssHashOid
    ? new asn1js.Sequence({
        value: [
          tagged(0, hashId(pssHashOid)),
          tagged(1, new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.1.8" }), hashId(pssHashOid)] })),
          tagged(2, new asn1js.Integer({ value: 32 })),
        ],
      })
    : new asn1js.Null();
  const alg = new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), params] });
  const value = new Uint8Array(
    pssHashOid ? sign(hash, tbsDer, { key: pki.sealRoot.key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }) : sign(hash, tbsDer, pki.sealRoot.key),
  );
  const newBasic = new asn1js.Sequence({ value: [asn1js.fromBER(tbsDer).result, alg, new asn1js.BitString({ valueHex: value }), ...rest] });
  const basicBytes = new asn1js.OctetString({ valueHex: newBasic.toBER(false) });
  const response = new asn1js.Sequence({
    value: [
      new asn1js.Enumerated({ value: 0 }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "1.3.6.1.5.5.7.48.1.1" }), basicBytes] })],
      }),
    ],
  });
  return new Uint8Array(response.toBER(false));
}

describe("attack-s4 B1 (b): a revocation item that cannot be checked is not set aside", () => {
  // The seal CA's answer "revoked 2025-12-01 (keyCompromise)" in a DSS, beside the CMS's "good" of the sealing day.
  const revoked = createOcspResponse({
    subject: pki.seal,
    issuer: pki.sealRoot,
    responder: pki.sealRoot,
    status: { revokedAt: new Date("2025-12-01T00:00:00Z"), reason: 1 },
    producedAt: new Date("2025-12-09T09:00:00Z"),
  });
  const run = async (ocsp: Uint8Array) => {
    const sealed = (await buildArchive(pki)).pdf;
    const file = join(tempDir("sealcheck-unchecked-"), "archive.pdf");
    writeFileSync(file, await addDss(sealed, pki, "table", { sealRevocation: false, ocsps: [ocsp] }));
    return verifyArchive({ evidence: file, trust: [trustDirectory()], at: "2025-12-10T00:00:00Z" });
  };

  it("control: signed with an algorithm of the table (SHA3-256 with RSA), the revoked answer decides: TOTAL-FAILED/REVOKED", async () => {
    const r = await run(resigned(revoked, "sha3-256", "2.16.840.1.101.3.4.3.14"));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });

  it("signed sha512-256WithRSAEncryption (outside the table): INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE naming the item, never the CMS's good alone", async () => {
    const r = await run(resigned(revoked, "sha512-256", "1.2.840.113549.1.1.16"));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "CRYPTO_CONSTRAINTS_FAILURE"]);
    const c = check(r, "seal-certificate");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toContain("(dss-ocsp) cannot be checked");
    expect(c.message).toContain("1.2.840.113549.1.1.16");
  });

  it("RSASSA-PSS with SHA3-256 (pkijs's path cannot verify it): unsupported, not forged (D1 `pss`)", async () => {
    const r = await run(resigned(revoked, "sha3-256", "1.2.840.113549.1.1.10", "2.16.840.1.101.3.4.2.8"));
    const c = check(r, "seal-certificate");
    expect([r.indication, c.status, c.subIndication]).toEqual(["INDETERMINATE", "indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toContain("RSASSA-PSS with sha3-256");
  });

  it("RSASSA-PSS with SHA-256 is verified and decides: TOTAL-FAILED/REVOKED", async () => {
    const r = await run(resigned(revoked, "sha256", "1.2.840.113549.1.1.10", "2.16.840.1.101.3.4.2.1"));
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  });
});
