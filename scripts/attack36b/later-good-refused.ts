// F1: a "good" issued after the sealing time is refused for the seal. seal-certificate judges every OCSP answer
// (CMS or DSS) with the broker's freshness window: produced within 7 days *before* the sealing time, never after
// ("it cannot be the response the broker sealed with"); judgeCrl likewise wants a CRL current at the sealing
// time. For the CMS's adbe-revocationInfoArchival that is the broker's profile; for a DSS it inverts the rule
// of EN 319 102-1 §5.2.5 and of DSS (revocation data issued after the best-signature-time is what proves the
// certificate was not revoked then: a revocation is irreversible, certificateHold aside). A seal whose validation
// data was added after sealing, the PAdES-B-LT way (EU DSS's extension, pyHanko, Acrobat), never validates.
//   npx tsx scripts/attack36b/later-good-refused.ts [honest]
// default: a seal with no revocation data in its CMS; the DSS holds the CA's OCSP "good" produced 1.5 h after
// sealing: INDETERMINATE / TRY_LATER. honest: the same answer produced 1 h before sealing: TOTAL-PASSED.
import { buildArchive } from "../generator/archive.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, show, verify, withDss, work } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const produced = new Date(TIMELINE.timestampAt.getTime() + (honest ? -3600_000 : 5400_000));
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
const ocsp = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: produced });
const file = save(work("f1"), "archive.pdf", withDss(sealed, { ocsps: [ocsp] }));
console.log(
  `wrote ${file}: no revocation data in the CMS; DSS: the CA's OCSP "good" produced ${produced.toISOString()} (sealed ${TIMELINE.timestampAt.toISOString()})`,
);
show(honest ? "honest: produced before sealing" : "produced after sealing", verify(file));
dss(file);
