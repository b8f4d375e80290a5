// U1: revocation data that is not the CA's statement fails a genuine seal. seal-certificate judges every OCSP
// response about the seal certificate and every CRL that names the seal's CA as issuer, and a signature that
// does not verify is a *failure* of the seal (judgeCrl / judgeOcsp: failed, SIG_CRYPTO_FAILURE; seal-certificate
// takes the first failed judgement as the check's outcome): TOTAL-FAILED / SIG_CRYPTO_FAILURE. An item whose
// signature is not the CA's (or its responder's) is no statement of the CA at all; long-term (tsaRevocation) and
// augment (revokedBy) rightly skip it, seal-certificate does not: the "one revocation rule" has two readings of
// the same item. Anyone can append an LTV-only revision (a DSS is "LTV", and nothing covers it) holding a CRL
// named after the seal's CA and signed with any key, and the broker's genuine archive is TOTAL-FAILED, for
// every reader of the file, for ever. The same happens without an attacker when the CA re-keys and signs its
// CRLs with its new key under the same name (RFC 5280 §6.3.3 (f) allows it), and an archivist adds such a CRL.
//   npx tsx scripts/attack36b/unauthentic-revocation-fails.ts [crl|ocsp|honest]
// crl (default): a CRL "issued" by the seal's CA name, listing nothing, signed with another key.
// ocsp: an OCSP "good" about the seal, responder id = the CA's key hash, signature bytes altered.
// honest: the same revision with the CA's own CRL of the day: TOTAL-PASSED.
import { generateRsaKey } from "../generator/keys.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { issued } from "../generator/pki.js";
import { dss, pki, sample, save, scopedCrl, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "crl";
const P = pki();
const dir = work("u1");
const day = { thisUpdate: new Date("2025-12-08T06:00:00Z"), nextUpdate: new Date("2025-12-15T06:00:00Z"), number: 3 };
// The seal CA's name with someone else's key (issued() keeps the CA's certificate, so the CRL's issuer name is the CA's).
const otherKey = { ...issued("sealRoot", P.sealRoot.der, generateRsaKey(3072)) };
let added: { crls?: Uint8Array[]; ocsps?: Uint8Array[] };
if (mode === "honest") added = { crls: [scopedCrl({ issuer: P.sealRoot, ...day })] };
else if (mode === "ocsp") {
  const der = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date("2025-12-08T08:30:00Z") });
  const bad = Uint8Array.from(der);
  bad[bad.length - 10]! ^= 0xff; // inside the signature value
  added = { ocsps: [bad] };
} else added = { crls: [scopedCrl({ issuer: otherKey, ...day })] };
const file = save(dir, "archive.pdf", withDss(sample("valid/archive.pdf"), added));
console.log(
  `wrote ${file}: samples/valid/archive.pdf + a DSS with ${mode === "honest" ? "the CA's own CRL" : mode === "ocsp" ? "an OCSP answer about the seal whose signature does not verify" : "a CRL under the CA's name signed with another key"}`,
);
show(mode, verify(file));
dss(file);
