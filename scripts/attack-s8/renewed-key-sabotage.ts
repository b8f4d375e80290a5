// U1d's fix (h6a 6ef71bf, seal-certificate `renewedSigner`) turned the renewed-key budget into "not decided": a CRL
// under the seal CA's name whose signature fails with the CA's key is tried with the keys of other certificates of
// that name (at most MAX_RENEWED_KEYS = 8 keys), and when they run out its listing is weighed as an item that cannot
// be verified: a "revoked" at or before the sealing time then keeps the seal INDETERMINATE (R1b's rule). Every
// ingredient is anyone's to write: a CRL with the CA's name listing the seal, signed by any key, and nine
// certificates with the CA's name and nine keys of one's own. So one appended LTV-only revision makes any genuine
// archive INDETERMINATE; with eight keys the same CRL is "not the CA's statement, so ignored" (a warning).
//   npx tsx scripts/attack-s8/renewed-key-sabotage.ts [attack|honest] [keys]
// attack: samples/valid/archive.pdf (genuine) plus one DSS revision: a CRL "issued" by "NETS AS Intermediate CA" of
// 2026-01-10 listing the seal revoked at 2025-12-08T08:00Z (keyCompromise), signed by a key of one's own, and 9
// self-signed certificates named "C=DK, O=Nets A/S, CN=NETS AS Intermediate CA" (keyCertSign, cRLSign), 9 other keys.
// honest: the same with 8 certificates. Verified now with samples/trust. real, real-honest: the same on the broker's
// real archive (its CA's name and its seal's serial, a CRL of 2025-12-08T09:00Z), --at its sealing time with its own
// trust directory. token, token-honest: the same against the Workflow token's certificate ("NEB Transact ST", its CA
// "Sealcheck Test OCES udstedende-CA 1"): main reads no renewed key there (TOTAL-PASSED); h7a's e15e0b3 (s6 edge d)
// moves the same search onto every path. DSS=1 adds EU DSS (now, or at that time).
import { generateRsaKey } from "../generator/keys.js";
import { createCrl } from "../generator/ocsp.js";
import { readFileSync } from "node:fs";
import { pemToDer } from "../generator/der.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { dss, pki, sample, save, sealGap, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest", "real", "real-honest", "token", "token-honest"].includes(mode))
  throw new Error(`mode: attack|honest|real|real-honest|token|token-honest, not ${mode}`);
const role = mode.startsWith("token") ? "token" : "seal";
const real = mode.startsWith("real");
const keys = Number(process.argv[3] ?? (mode.endsWith("honest") ? 8 : 9));
const P = pki();
const REAL = "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample("valid/archive.pdf");
// The seal's CA certificate (its name) and the seal's serial: public, in the archive and the trust directory.
const sealCms = decodeSignedData(sealGap(base).der, "the seal", pkiSession(), true);
const sealCert = findSignerCertificate(sealCms.signedData.signerInfos[0]!, sealCms.certificates)!;
const caDer = real ? pemToDer(readFileSync(`${REAL}/trust/nets-intermediate-ca.pem`, "latin1")) : role === "token" ? P.tokenCa.der : P.sealRoot.der;
const target = role === "token" ? P.tokenSigner.cert : sealCert;
const crl = createCrl({
  issuer: issued("sealRoot", caDer, generateRsaKey(2048)), // the CA's name, anyone's key
  number: 99,
  thisUpdate: new Date(real ? "2025-12-08T09:00:00Z" : "2026-01-10T00:00:00Z"),
  nextUpdate: new Date(real ? "2025-12-15T09:00:00Z" : "2026-01-17T00:00:00Z"),
  revoked: [{ serial: new Uint8Array(target.serialNumber.valueBlock.valueHexView), at: new Date("2025-12-08T08:00:00Z") }],
});
const caName = issued("sealRoot", caDer, generateRsaKey(1024)).cert.subject;
const junk = Array.from({ length: keys }, (_, i) =>
  issueCertificate({
    subject: caName.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]),
    subjectKey: generateRsaKey(2048),
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor(`attack-s8-renewed-${i}`),
    extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
  }),
);
const file = save(work(`s8-renewed-${mode}-${keys}`), "archive.pdf", withDss(base, { certs: junk, crls: [crl] }));
console.log(
  `wrote ${file}: ${real ? "the broker's real archive" : "samples/valid/archive.pdf"} plus a DSS revision: a CRL under the CA's name listing the ${role === "token" ? "token certificate" : "seal"} (anyone's key) and ${keys} certificates named like the CA (${keys} keys)`,
);
show(`${mode} ${keys}`, real ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
dss(file, real ? AT : undefined, real ? `${REAL}/trust` : undefined);
