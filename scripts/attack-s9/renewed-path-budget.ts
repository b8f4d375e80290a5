// h7a's U1f fix (b429808) and 3157173 (U1e): every key of a certificate with the CA's name is tried on a CRL of the
// CA's name, and the certificates of the key that verifies have their paths validated, each; "not decided" (the
// CRL undecided, the seal INDETERMINATE) when path building stops at its budget (MAX_LINK_CHECKS 4,096 signature
// checks per path: "each candidate key checked once per certificate walked"). Anyone can make the key that verifies
// be their own, and give its certificate a path that spends the budget without reaching any anchor:
//   a CRL of the CA's name listing the seal, signed by key K (anyone's);
//   C: a certificate of the CA's name with key K, issued by "X" (key kx);
//   X1..Xa: `a` certificates named "X", all with key kx (distinct serials), each issued by "Y" with key ky1;
//   Y1..Yb: `b` self-signed certificates named "Y", each with its own key.
// Walking C finds X1..Xa (one key: one check, all verify); walking each Xi tries b keys: a x b checks (60 x 70 =
// 4,200 > 4,096) and no anchor. 131 certificates and one CRL, all in one DSS revision (the limit is 1,000 items).
//   [C=j] npx tsx scripts/attack-s9/renewed-path-budget.ts [attack|honest|real|real-honest] [a] [b]
// attack: samples/valid/archive.pdf plus that DSS revision. honest: b = 60 (3,600 checks: within the budget).
// tsa*: samples/expired/archive-lta.pdf (the seal expired, its POE rests on the TSA), the TSA CA's name, the CRL
// listing the TSA's certificate. token*: the token CA's name, the CRL listing the Workflow token's certificate (edge d). real*: the broker's real archive (--at 2025-12-08T09:35:10Z, its trust dir). DSS=1 adds EU DSS.
import { readFileSync } from "node:fs";
import { generateEcKey } from "../generator/keys.js";
import { createCrl } from "../generator/ocsp.js";
import { pemToDer } from "../generator/der.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { dss, pki, sample, save, sealGap, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest", "real", "real-honest", "token", "token-honest", "tsa", "tsa-honest"].includes(mode))
  throw new Error(`mode: attack|honest|real|real-honest|token|token-honest|tsa|tsa-honest, not ${mode}`);
const token = mode.startsWith("token");
const tsa = mode.startsWith("tsa");
const real = mode.startsWith("real");
const a = Number(process.argv[3] ?? 60);
const b = Number(process.argv[4] ?? (mode.endsWith("honest") ? 60 : 70));
const P = pki();
const REAL = "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample(tsa ? "expired/archive-lta.pdf" : "valid/archive.pdf");
const sealCms = decodeSignedData(sealGap(base).der, "the seal", pkiSession(), true);
const sealCert = findSignerCertificate(sealCms.signedData.signerInfos[0]!, sealCms.certificates)!;
const caDer = real ? pemToDer(readFileSync(`${REAL}/trust/nets-intermediate-ca.pem`, "latin1")) : token ? P.tokenCa.der : tsa ? P.tsaRoot.der : P.sealRoot.der;
const target = token ? P.tokenSigner.cert : tsa ? P.tsa.cert : sealCert;
const K = generateEcKey();
const crl = createCrl({
  issuer: issued("sealRoot", caDer, K), // the CA's name, K
  number: 99,
  thisUpdate: new Date(real ? "2025-12-08T09:00:00Z" : "2026-01-10T00:00:00Z"),
  nextUpdate: new Date(real ? "2025-12-15T09:00:00Z" : "2026-01-17T00:00:00Z"),
  revoked: [{ serial: new Uint8Array(target.serialNumber.valueBlock.valueHexView), at: new Date("2025-12-08T08:00:00Z") }],
});
const caName = issued("sealRoot", caDer, K).cert.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]);
const CN = "2.5.4.3";
const span = { notBefore: new Date("2020-01-01T00:00:00Z"), notAfter: new Date("2125-01-01T00:00:00Z") };
const ca = [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")];
const ys = Array.from({ length: b }, (_, i) => {
  const key = generateEcKey();
  const der = issueCertificate({ subject: [[CN, "Y"]], subjectKey: key, ...span, serial: serialFor(`a13-y-${i}`), extensions: ca });
  return issued("sealRoot", der, key);
});
const kx = generateEcKey();
const xs = Array.from({ length: a }, (_, i) =>
  issued("sealRoot", issueCertificate({ subject: [[CN, "X"]], subjectKey: kx, issuer: ys[0]!, ...span, serial: serialFor(`a13-x-${i}`), extensions: ca }), kx),
);
// C=<j> (env): j such certificates C (distinct serials), each validated on its own (a hang within the budget).
const j = Number(process.env.C ?? 1);
const cs = Array.from({ length: j }, (_, i) =>
  issueCertificate({ subject: caName, subjectKey: K, issuer: xs[0]!, ...span, serial: serialFor(`a13-c-${i}`), extensions: ca }),
);
const certs = [...cs, ...xs.map((x) => x.der), ...ys.map((y) => y.der)];
const file = save(work(`s9-renewed-path-${mode}-${a}x${b}`), "archive.pdf", withDss(base, { certs, crls: [crl] }));
console.log(
  `wrote ${file} (C=${j}): ${real ? "the broker's real archive" : "samples/valid/archive.pdf"} plus a DSS revision: a CRL of the CA's name listing the seal (key K), C (the CA's name, K) <- ${a} x "X" (one key) <- ${b} x "Y" (${b} keys): ${a * b} checks`,
);
const t0 = Date.now();
const v = real ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(`${mode} ${a}x${b}`, v);
dss(file, real ? AT : undefined, real ? `${REAL}/trust` : undefined);
