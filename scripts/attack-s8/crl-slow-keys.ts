// D2d: the CRL decode pool (src/pki/crl.ts POOL, a DerPool of 64 entries) thrashes past 64 CRLs, and every CRL read
// decodes all the others again (judgeCrl's delta-CRL lookup, decodedCrls(data)); crlSignedBy's cache is keyed by the
// decoded object, so each re-decode also re-checks the signature. N junk CRLs: quadratic (CERTS=0: 100 in 10.6 s, 200
// in 45.7 s); with 8 CA-named certificates (renewed-key tries) ~8x more (60: 1.8 s below the pool size; 70: 42 s;
// 100: 90 s).
// The DSS holds up to 1,000 items (990 CRLs: ~18 min, ~2.5 h with the certificates; extrapolated), timestamps'
// CMS any number. The slow keys below add little next to that.
// D2's rule "keys refused before arithmetic" (hs6b be850b4: weakPublicKeyReason before each OCSP check) is not applied
// to CRL signatures: src/pki/crl.ts crlSignedBy verifies with any key. U1d's renewed-key search (seal-certificate
// `renewedSigner`) checks a CRL under the CA's name whose signature fails with the CA's key with up to 8 other keys of
// that name, so N junk CRLs (anyone's: the CA's name, a 2,048-byte signature) and 8 certificates with the CA's name and
// a 16,384-bit, 63-bit-exponent RSA key (no private key exists) cost N x 8 modular exponentiations of ~20 ms.
//   [CERTS=8] npx tsx scripts/attack-s8/crl-slow-keys.ts [slow|honest] [N]
// slow: samples/valid/archive.pdf plus one DSS revision: 8 such certificates ("NETS AS Intermediate CA", cRLSign) and
// N (default 300) CRLs "issued" by that name listing nothing, each with a 2,048-byte signature. honest: the same CRLs
// and certificates with ordinary 2,048-bit keys (the arithmetic is then ~0.05 ms). CERTS: how many CA-named
// certificates (default 8; 0: the junk CRLs alone).
import { generateRsaKey } from "../generator/keys.js";
import { createCrl } from "../generator/ocsp.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";
import { pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";
import { slowRsaKey, withSignatureOf } from "./lib.js";

const mode = process.argv[2] ?? "slow";
if (!["slow", "honest"].includes(mode)) throw new Error(`mode: slow|honest, not ${mode}`);
const n = Number(process.argv[3] ?? 300);
const P = pki();
const signer = generateRsaKey(2048);
const certs = Array.from({ length: Number(process.env.CERTS ?? 8) }, (_, i) =>
  issueCertificate({
    subject: P.sealRoot.cert.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value] as [string, string]),
    subjectKey: mode === "slow" ? slowRsaKey() : generateRsaKey(2048),
    issuer: { ...P.foreignRoot, key: signer },
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor(`attack-s8-slow-${i}`),
    extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
  }),
);
const anyone = issued("sealRoot", P.sealRoot.der, signer); // the CA's name, anyone's key
const crls = Array.from({ length: n }, (_, i) =>
  withSignatureOf(
    createCrl({ issuer: anyone, number: 1000 + i, thisUpdate: new Date("2026-01-10T00:00:00Z"), nextUpdate: new Date("2026-01-17T00:00:00Z") }),
    mode === "slow" ? 2048 : 256,
  ),
);
const file = save(work(`s8-crl-slow-${mode}-${n}`), "archive.pdf", withDss(sample("valid/archive.pdf"), { certs, crls }));
console.log(`wrote ${file}: ${n} junk CRLs under the CA's name, 8 CA-named certificates (${mode === "slow" ? "16,384-bit keys" : "2,048-bit keys"})`);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(`${mode} ${n}`, v);
