// S3b: an OCSP response's signer is the *first* candidate whose key verifies the signature (src/pki/ocsp.ts
// judgeSignature: [the response's own certs, the issuing CA, ...pool], `break` at the first), and the responder's
// authorisation is then judged on that candidate alone. A copy of a delegated responder's certificate (same subject,
// same public key) re-issued by anyone verifies the same signature and is "not issued by the certificate's CA", so
// the CA's genuine answer becomes "not the CA's statement" (statement null, U1) when the copy comes first: the pool
// is [trust intermediates, the seal CMS's certificates, DSS certificates], and the seal CMS's certificate set is
// the sealer's (and outside every signature).
// Scenario (attack-s5 R1b's, with a responder RFC 6960 lets need no status of its own): the seal key is stolen; the
// CA revokes the seal at 08:06 (keyCompromise); the thief seals at 08:36 with the CA's "good" of 07:36 in the CMS.
// The next day the archivist adds the answer of the CA's delegated responder "NETS AS Intermediate CA OCSP 1"
// (id-kp-OCSPSigning, id-pkix-ocsp-nocheck; its certificate not inside the response, as RFC 6960 §4.2.1 allows),
// "revoked 08:06, keyCompromise", and the responder's certificate, to a DSS.
//   npx tsx scripts/attack-s6/responder-decoy.ts [attack|honest]
// attack: the thief's seal CMS also carries the responder's certificate re-issued by "Untrusted Test Root CA".
// honest: without it. DSS=1 adds EU DSS (now).
import { buildArchive } from "../generator/archive.js";
import { encode } from "../generator/der.js";
import { generateRsaKey } from "../generator/keys.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { issued } from "../generator/pki.js";
import { delegatedResponder } from "../generator/hierarchy.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, show, verify, withDss, work } from "../attack36/lib.js";
import { reissuedBy } from "./lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const P = pki();
const responder = delegatedResponder(P, {
  issuer: P.sealRoot,
  commonName: "NETS AS Intermediate CA OCSP 1",
  notBefore: new Date("2025-06-01T00:00:00Z"),
  notAfter: new Date("2126-06-01T00:00:00Z"),
  label: "attack-s6-s3b-responder",
  noCheck: true,
});
const junkKey = generateRsaKey(2048);
const copy = issued("ocspResponder", reissuedBy(responder.der, encode(P.foreignRoot.cert.subject.toSchema()), junkKey), junkKey);
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
const sealed = (
  await buildArchive(P, {
    seal: { revocation: { crls: [], ocsps: [cmsGood] }, certificates: [P.seal, P.sealRoot, ...(mode === "attack" ? [copy] : [])] },
  })
).pdf;
const nextDay = new Date("2025-12-09T09:00:00Z");
const revoked = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder,
  producedAt: nextDay,
  status: { revokedAt: compromise, reason: 1 },
  certs: [],
});
const file = save(work(`s6-s3b-${mode}`), "archive.pdf", withDss(sealed, { certs: [responder.der], ocsps: [revoked] }));
console.log(
  `wrote ${file}: sealed ${sealing.toISOString()} with the CA's "good" of 07:36 in the CMS${mode === "attack" ? " and, in the CMS's certificates, the responder's certificate re-issued by another" : ""}; DSS: the delegated responder's (ocsp-nocheck) "revoked ${compromise.toISOString()}, keyCompromise" of ${nextDay.toISOString()} and its certificate`,
);
show(mode, verify(file));
dss(file);
