// a13 U1g: a CRL under a CA's name signed by a key that is not the CA's is the CA's statement only when a certificate
// of that key has its own path to the CA's anchor (s6 edge d, a11 U1f), and path building walked up from that
// certificate trying every key of each issuer's name for each certificate walked. Anyone could make the key theirs
// and give its certificate a path that spends the budget (4,096 checks) without reaching any anchor: C (the CA's
// name, key K) <- 60 certificates "X" of one key <- 70 self-signed "Y" of 70 keys: 60 x 70 = 4,200 checks, "not
// decided", and any genuine archive INDETERMINATE (the broker's real one at its sealing time: TRY_LATER; EU DSS
// 5.13.1: TOTAL_PASSED). Path building now searches from the anchors down: no anchor vouches for "Y"'s or "X"'s
// keys, so C has no path, decided, and the CRL is not the CA's statement. The same file about the token's CA
// (edge d, the Workflow token's certificate listed) and about the TSA's root (the TSA listed, the seal expired).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { KeyObject } from "node:crypto";
import { verifyArchive } from "../../src/index.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { createCrl, extensions, generateEcKey, issueCertificate, issued, pemToDer, serialFor, type Issued } from "../../scripts/generator/index.js";
import { sealGap, withDss } from "../../scripts/attack36/lib.js";
import { check, tempDir, testPki } from "../helpers/fixtures.js";

const P = testPki();
const REAL = "test/fixtures/real/broker-example";
const CN = "2.5.4.3";
const span = { notBefore: new Date("2020-01-01T00:00:00Z"), notAfter: new Date("2125-01-01T00:00:00Z") };
const caExt = [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")];

// "Y" x b (b keys) <- "X" x a (one key), made once for every file: anyone's certificates.
const ys = Array.from({ length: 70 }, (_, i) => {
  const key = generateEcKey();
  return issued("sealRoot", issueCertificate({ subject: [[CN, "Y"]], subjectKey: key, ...span, serial: serialFor(`u1g-t-y-${i}`), extensions: caExt }), key);
});
const kx = generateEcKey();
const xs = Array.from({ length: 60 }, (_, i) =>
  issued(
    "sealRoot",
    issueCertificate({ subject: [[CN, "X"]], subjectKey: kx, issuer: ys[0]!, ...span, serial: serialFor(`u1g-t-x-${i}`), extensions: caExt }),
    kx,
  ),
);

/**
 * `base` plus a DSS revision: a CRL of the name of `caDer` listing `target`, signed by K; `j` certificates of that
 * name with key K issued by "X"; the "X"s and "Y"s.
 */
function withRenewedPath(
  base: Uint8Array,
  caDer: Uint8Array,
  target: { serialNumber: { valueBlock: { valueHexView: Uint8Array } } },
  thisUpdate: Date,
  j = 1,
): string {
  const K: KeyObject = generateEcKey();
  const asCa: Issued = issued("sealRoot", caDer, K); // the CA's name, K
  const crl = createCrl({
    issuer: asCa,
    number: 99,
    thisUpdate,
    nextUpdate: new Date(thisUpdate.getTime() + 7 * 86_400_000),
    revoked: [{ serial: new Uint8Array(target.serialNumber.valueBlock.valueHexView), at: new Date("2025-12-08T08:00:00Z") }],
  });
  const caName = asCa.cert.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]);
  const cs = Array.from({ length: j }, (_, i) =>
    issueCertificate({ subject: caName, subjectKey: K, issuer: xs[0]!, ...span, serial: serialFor(`u1g-t-c-${i}`), extensions: caExt }),
  );
  const file = join(tempDir("sealcheck-u1g-"), "archive.pdf");
  writeFileSync(file, withDss(base, { certs: [...cs, ...xs.map((x) => x.der), ...ys.map((y) => y.der)], crls: [crl] }));
  return file;
}

const sample = (p: string) => new Uint8Array(readFileSync(join("samples", p)));

describe("a13 U1g: a renewed key's own path cannot spend path building's budget", () => {
  it("the broker's real archive at its sealing time: TOTAL-PASSED, the CRL not the CA's statement (was INDETERMINATE/TRY_LATER; EU DSS: TOTAL_PASSED)", async () => {
    const base = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
    const cms = decodeSignedData(sealGap(base).der, "the seal", pkiSession(), true);
    const seal = findSignerCertificate(cms.signedData.signerInfos[0]!, cms.certificates)!;
    const caDer = pemToDer(readFileSync(join(REAL, "trust", "nets-intermediate-ca.pem"), "latin1"));
    const file = withRenewedPath(base, caDer, seal, new Date("2025-12-08T09:00:00Z"));
    const r = await verifyArchive({ evidence: file, trust: [join(REAL, "trust")], at: "2025-12-08T09:35:10Z" });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
    expect(check(r, "seal-certificate").message).toContain("Not the CA's statement, so ignored");
    expect(check(r, "seal-certificate").message).not.toContain("budget");
  }, 120_000);

  it("the token CA's name, the CRL listing the Workflow token's certificate (edge d): TOTAL-PASSED (was INDETERMINATE/TRY_LATER)", async () => {
    const file = withRenewedPath(sample("valid/archive.pdf"), P.tokenCa.der, P.tokenSigner.cert, new Date("2026-01-10T00:00:00Z"));
    const r = await verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: ["samples/trust"], at: "2026-03-01T12:00:00Z" });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
  }, 120_000);

  it("the TSA root's name, the CRL listing the TSA's certificate, the seal expired (its POE rests on the TSA): TOTAL-PASSED (was INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED; EU DSS: TOTAL_PASSED)", async () => {
    const file = withRenewedPath(sample("expired/archive-lta.pdf"), P.tsaRoot.der, P.tsa.cert, new Date("2026-01-10T00:00:00Z"));
    const r = await verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: ["samples/trust"], at: "2026-03-01T12:00:00Z" });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
  }, 120_000);
});
