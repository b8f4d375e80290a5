// H1b (for H1's fix): a hold never lifted, then the certificate expired and dropped off the CA's CRLs. H1 asks to
// read certificateHold as a suspension that a later authentic item of the same CA lifts when it "no longer lists
// it". A CA removes a certificate from its CRLs once it has expired (RFC 5280 §3.3, §5.2.7: unless the CRL carries
// ExpiredCertsOnCRL), so a CRL issued after the certificate's notAfter that does not list it says nothing about
// it: it lifts no hold. A fix that takes "not listed on a later CRL" as "lifted" turns a suspension that was never
// lifted into "not revoked".
// Scenario: the seal's key is suspected compromised; the CA puts the seal on hold at 08:06 on the sealing day
// (OCSP "revoked, certificateHold" of 08:11); at 08:36 someone seals with the CA's "good" of 07:36 in the CMS; the
// hold is never lifted; the seal certificate expires on 2026-01-15; the CA's complete CRL of 2026-02-01 no
// longer lists it. The DSS holds the hold answer and that CRL. Verified at 2025-12-10 (the seal certificate still
// valid, so the verdict is the seal-certificate check's).
//   npx tsx scripts/attack36b/hold-expired.ts [honest]
// default: the hold answer and the post-expiry CRL. honest: the hold answer only. Both should give INDETERMINATE /
// TRY_LATER (a hold in force at the sealing time; EN 319 102-1 §5.2.6); main: TOTAL-FAILED / REVOKED for both (H1).
import { buildArchive } from "../generator/archive.js";
import { expiredSeal } from "../generator/lta.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, scopedCrl, show, verify, withDss, work } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
const P0 = pki();
const P = { ...P0, seal: expiredSeal(P0) };
const sealing = TIMELINE.timestampAt;
const holdAt = new Date(sealing.getTime() - 30 * 60_000);
const lastGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
const hold = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  status: { revokedAt: holdAt, reason: 6 },
  producedAt: new Date(holdAt.getTime() + 5 * 60_000),
});
const afterExpiry = scopedCrl({ issuer: P.sealRoot, number: 90, thisUpdate: new Date("2026-02-01T06:00:00Z"), nextUpdate: new Date("2026-02-08T06:00:00Z") });
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [lastGood] } } })).pdf;
const file = save(work("h1b"), "archive.pdf", withDss(sealed, { ocsps: [hold], ...(honest ? {} : { crls: [afterExpiry] }) }));
console.log(
  `wrote ${file}: seal (expires 2026-01-15) on hold from ${holdAt.toISOString()}, never lifted; sealed ${sealing.toISOString()}; DSS: the hold answer${honest ? "" : " and the CA's CRL of 2026-02-01 (after the expiry; it no longer lists the seal)"}`,
);
show(honest ? "honest: the hold answer only" : "hold + a CRL from after the expiry", verify(file, ["--at", "2025-12-10T00:00:00Z"]));
dss(file, "2025-12-10T00:00:00Z");
