// H1: a suspension (certificateHold) that the CA lifted is read as a revocation for ever. The L1-L4 rule "an
// authentic revoked at or before the POE decides, whatever the item's date" is right for a revocation (RFC 5280
// §3.3: irreversible) but not for certificateHold (RFC 5280 §5.3.1: a suspension, lifted by removeFromCRL or by
// the CA's later statements that no longer list it). seal-certificate fails the seal (TOTAL-FAILED / REVOKED)
// and long-term takes the TSA as revoked, on an old OCSP "revoked (certificateHold)" beside the CA's later
// "good". EN 319 102-1 (§5.2.6, X.509 validation) gives INDETERMINATE / TRY_LATER for a certificate on hold,
// never REVOKED, and the CA's later answer decides whether it was lifted.
// Anyone who has the CA's hold answer (OCSP answers are public) can append it in an LTV-only revision: a genuine
// archive turns TOTAL-FAILED (seal) or INDETERMINATE (TSA) for good, whatever the CA says now.
//   npx tsx scripts/attack36b/hold-lifted.ts [seal|tsa] [honest]
// seal (default): samples/valid/archive.pdf, whose seal the CA put on hold at 08:00 on the sealing day and
// released at 08:20 (its CMS carries the CA's "good" of 08:36:08, after the release); a revision adds the hold
// answer of 08:05 and the CA's "good" of the next day. TOTAL-FAILED / REVOKED.
// tsa: samples/expired/archive-lta.pdf; the TSA was on hold for two hours on 2026-02-01 (an audit) and released;
// a revision adds that hold answer beside the CA's current "good". INDETERMINATE / OUT_OF_BOUNDS_NOT_REVOKED.
// honest: the same without the hold answer: TOTAL-PASSED.
import { createOcspResponse } from "../generator/ocsp.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";

const target = process.argv[2] === "tsa" ? "tsa" : "seal";
const honest = process.argv.includes("honest");
const P = pki();
const dir = work("h1");
const CERTIFICATE_HOLD = 6;
let file: string;
if (target === "seal") {
  const holdAt = new Date("2025-12-08T08:00:00Z");
  const hold = createOcspResponse({
    subject: P.seal,
    issuer: P.sealRoot,
    responder: P.sealRoot,
    status: { revokedAt: holdAt, reason: CERTIFICATE_HOLD },
    producedAt: new Date("2025-12-08T08:05:00Z"),
  });
  const nextDay = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date("2025-12-09T08:00:00Z") });
  file = save(dir, "archive.pdf", withDss(sample("valid/archive.pdf"), { ocsps: honest ? [nextDay] : [hold, nextDay] }));
  console.log(
    `wrote ${file}: the seal was on hold from ${holdAt.toISOString()} to 08:20; sealed ${TIMELINE.timestampAt.toISOString()} with the CA's "good" of ${TIMELINE.sealRevocationAt.toISOString()}; DSS: ${honest ? "" : "the hold answer of 08:05 and "}the CA's "good" of the next day`,
  );
} else {
  const holdAt = new Date("2026-02-01T10:00:00Z");
  const hold = createOcspResponse({
    subject: P.tsa,
    issuer: P.tsaRoot,
    responder: P.tsaRoot,
    status: { revokedAt: holdAt, reason: CERTIFICATE_HOLD },
    producedAt: new Date("2026-02-01T10:30:00Z"),
  });
  const current = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
  file = save(dir, "archive.pdf", withDss(sample("expired/archive-lta.pdf"), { ocsps: honest ? [current] : [hold, current] }));
  console.log(
    `wrote ${file}: the TSA was on hold from ${holdAt.toISOString()} for two hours; DSS: ${honest ? "" : "that hold answer and "}the CA's current "good"`,
  );
}
show(`${target}${honest ? " honest" : ""}`, verify(file));
dss(file);
