// H1: a suspension (certificateHold) that the CA lifted is read as a revocation for ever. The L1-L4 rule "an
// authentic revoked at or before the POE decides, whatever the item's date" is right for a revocation (RFC 5280
// §3.3: irreversible) but not for certificateHold (RFC 5280 §5.3.1: a suspension, lifted by removeFromCRL or by
// the CA's later statements that no longer list it). seal-certificate fails the seal (TOTAL-FAILED / REVOKED)
// and long-term takes the TSA as revoked, on an old OCSP "revoked (certificateHold)" beside the CA's later
// "good". EN 319 102-1 (§5.2.6, X.509 validation) gives INDETERMINATE / TRY_LATER for a certificate on hold,
// never REVOKED, and the CA's later answer decides whether it was lifted.
// Anyone who has the CA's hold answer (OCSP answers are public) can append it in an LTV-only revision: a genuine
// archive turns TOTAL-FAILED (seal) or INDETERMINATE (TSA) for good, whatever the CA says now.
//   npx tsx scripts/attack36b/hold-lifted.ts [seal|tsa|tsa-crl|tsa-delta] [honest]
// seal (default): samples/valid/archive.pdf, whose seal the CA put on hold at 08:00 on the sealing day and
// released at 08:20 (its CMS carries the CA's "good" of 08:36:08, after the release); a revision adds the hold
// answer of 08:05 and the CA's "good" of the next day. TOTAL-FAILED / REVOKED.
// tsa: samples/expired/archive-lta.pdf; the TSA was on hold for two hours on 2026-02-01 (an audit) and released;
// a revision adds that hold answer beside the CA's current "good". INDETERMINATE / OUT_OF_BOUNDS_NOT_REVOKED.
// tsa-crl: the same hold, lifted the RFC 5280 way: the CA's complete CRL #20 lists Unit 1 with reason
// certificateHold, its delta CRL #21 (base 20) lists it with removeFromCRL (h36d combines a delta with its base
// and honours removeFromCRL; the complete CRL, judged on its own as well, still says "revoked" and decides).
// tsa-delta (a probe for S1's fix, "read the entry first"): the DSS holds only the delta CRL #21, whose entry for
// Unit 1 is removeFromCRL (the release), and the CA's current "good": a fix that reads every listed entry as a
// revocation turns the release into one. main: TOTAL-PASSED (a delta alone says nothing).
// honest: the same without the hold answer: TOTAL-PASSED.
import { createCrl, createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";

const target = ["tsa", "tsa-crl", "tsa-delta"].includes(process.argv[2] ?? "") ? process.argv[2]! : "seal";
const honest = process.argv.includes("honest");
const P = pki();
const dir = work("h1");
const CERTIFICATE_HOLD = 6;
const REMOVE_FROM_CRL = 8;
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
  const released = new Date("2026-02-01T12:00:00Z");
  const complete = target === "tsa-crl";
  const crls =
    target === "tsa-crl" || target === "tsa-delta"
      ? [
          createCrl({
            issuer: P.tsaRoot,
            number: 20,
            thisUpdate: new Date("2026-02-01T11:00:00Z"),
            nextUpdate: new Date("2026-02-08T11:00:00Z"),
            revoked: [{ serial: serialBytes(P.tsa), at: holdAt, reason: CERTIFICATE_HOLD }],
          }),
          createCrl({
            issuer: P.tsaRoot,
            number: 21,
            deltaOf: 20,
            thisUpdate: new Date("2026-02-01T13:00:00Z"),
            nextUpdate: new Date("2026-02-02T13:00:00Z"),
            revoked: [{ serial: serialBytes(P.tsa), at: released, reason: REMOVE_FROM_CRL }],
          }),
        ].slice(complete ? 0 : 1)
      : [];
  const held = crls.length ? { crls } : { ocsps: [hold] };
  file = save(
    dir,
    "archive.pdf",
    withDss(sample("expired/archive-lta.pdf"), honest ? { ocsps: [current] } : { ...held, ocsps: [...(held.ocsps ?? []), current] }),
  );
  console.log(
    `wrote ${file}: the TSA was on hold from ${holdAt.toISOString()} for two hours; DSS: ${honest ? "" : target === "tsa-crl" ? "the complete CRL (hold) and its delta (removeFromCRL) and " : target === "tsa-delta" ? "the delta CRL alone (removeFromCRL) and " : "that hold answer and "}the CA's current "good"`,
  );
}
show(`${target}${honest ? " honest" : ""}`, verify(file));
dss(file);
