// L3: revocation data issued after the sealing time is read by what it is, not by what it says. A later OCSP
// response saying "revoked before the sealing time" fails the seal (REVOKED); a later CRL saying the same is set
// aside as "issued after the sealing time" (judgeCrl returns TRY_LATER before it reads the entry) and the seal
// passes on the stale "good" answer it carries. Scenario: the seal key is stolen; the CA revokes the seal at
// 08:06 (keyCompromise); at 08:36 the thief seals a PDF of their choice (honest TSA), carrying the CA's last
// "good" OCSP answer, produced 07:36 (within the 7-day window). The archivist later puts the CA's CRL of two
// days later, which lists the seal as revoked at 08:06, in the DSS.
//   npx tsx scripts/attack36/later-crl-ignored.ts [honest]
// default: the DSS holds the later CRL: TOTAL-PASSED. honest: the DSS holds the CA's later OCSP answer saying the
// same: TOTAL-FAILED / REVOKED.
import { buildArchive } from "../generator/archive.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, scopedCrl, show, verify, withDss, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("l3");
const sealing = TIMELINE.timestampAt; // 2025-12-08T08:36:38Z
const revokedAt = new Date(sealing.getTime() - 30 * 60_000);
const lastGood = new Date(sealing.getTime() - 60 * 60_000);
const later = new Date(sealing.getTime() + 2 * 86_400_000);
const goodOcsp = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  producedAt: lastGood,
  nextUpdate: new Date(lastGood.getTime() + 3 * 86_400_000),
});
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [goodOcsp] } } })).pdf;
const laterCrl = scopedCrl({
  issuer: P.sealRoot,
  thisUpdate: later,
  nextUpdate: new Date(later.getTime() + 7 * 86_400_000),
  number: 7,
  revoked: [{ serial: serialBytes(P.seal), at: revokedAt }],
});
const laterOcsp = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, status: { revokedAt, reason: 1 }, producedAt: later });
const file = save(dir, "archive.pdf", withDss(sealed, honest ? { ocsps: [laterOcsp] } : { crls: [laterCrl] }));
console.log(
  `wrote ${file}: seal revoked ${revokedAt.toISOString()}, sealed ${sealing.toISOString()} with the OCSP answer of ${lastGood.toISOString()}; DSS: the CA's ${honest ? "OCSP answer" : "CRL"} of ${later.toISOString()} (revoked ${revokedAt.toISOString()})`,
);
show(honest ? "honest: the later answer is an OCSP response" : "attack: the later answer is a CRL", verify(file));
dss(file, later.toISOString());
