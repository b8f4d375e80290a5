// E1: "not listed" on a CRL issued after the certificate expired is read as "not revoked". A CA drops a
// certificate from its CRLs once it has expired (RFC 5280 §3.3; X.509's expiredCertsOnCRL, OID 2.5.29.60, says
// when it does not), so a CRL whose thisUpdate is after the certificate's notAfter says nothing of it. The one revocation rule
// (src/pki/revocation.ts: readRevocation, speaksFor, heldAt) never compares an item's date with the
// certificate's validity, and F1 (be4e5c9: a DSS "not revoked" issued after sealing proves it) and H1 (815ba78:
// a later item that no longer lists a held certificate lifts the hold) both take such a CRL as the CA's word.
// Scenario (seal): the seal key (certificate valid until 2026-01-15) is stolen; the CA revokes it for key
// compromise at 08:06 on 2025-12-08; the thief seals at 08:36 with the honest loopback-grade TSA of the test PKI
// (signature timestamp genuine), no revocation data in the CMS. After 2026-01-15 the CA's CRLs no longer list the
// seal. The thief adds to a DSS the CA's genuine CRL of 2026-02-01 and the TSA CA's genuine "good" for its unit.
//   npx tsx scripts/attack-s5/expired-unlisted.ts [seal|hold|honest|honest-hold]
// seal: the CRL of 2026-02-01 only: main TOTAL-PASSED ("issued after it"). honest: the CA's CRL of 2026-01-10
// (before the expiry, lists the seal revoked at 08:06): TOTAL-FAILED / REVOKED. hold: the seal on hold from 08:06,
// never lifted (the CA's OCSP "revoked, certificateHold" of 08:11 in the DSS) plus the CRL of 2026-02-01: main
// TOTAL-PASSED, verified now (attack36b H1b at the default time). honest-hold: the hold answer alone:
// INDETERMINATE / TRY_LATER. DSS=1 adds EU DSS's verdict (now).
import { buildArchive } from "../generator/archive.js";
import { expiredSeal } from "../generator/lta.js";
import { createCrl, createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, scopedCrl, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "seal";
if (!["seal", "hold", "honest", "honest-hold"].includes(mode)) throw new Error(`mode: seal|hold|honest|honest-hold, not ${mode}`);
const P0 = pki();
const P = { ...P0, seal: expiredSeal(P0) };
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const now = new Date();
// The TSA CA's genuine current "good" for its unit: the signature timestamp is a proven POE (before the expiry).
const tsaGood = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(now.getTime() - 3600_000) });
// The seal CA's complete CRL after the seal certificate's expiry: the expired seal is no longer listed.
const afterExpiry = scopedCrl({ issuer: P.sealRoot, number: 90, thisUpdate: new Date("2026-02-01T06:00:00Z"), nextUpdate: new Date("2026-02-08T06:00:00Z") });
// The seal CA's complete CRL before the expiry: lists the seal, revoked at 08:06 for key compromise.
const beforeExpiry = createCrl({
  issuer: P.sealRoot,
  number: 80,
  thisUpdate: new Date("2026-01-10T06:00:00Z"),
  nextUpdate: new Date("2026-01-17T06:00:00Z"),
  revoked: [{ serial: serialBytes(P.seal), at: compromise, reason: 1 }],
});
const hold = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  status: { revokedAt: compromise, reason: 6 },
  producedAt: new Date(compromise.getTime() + 5 * 60_000),
});
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
const add =
  mode === "seal"
    ? { ocsps: [tsaGood], crls: [afterExpiry] }
    : mode === "honest"
      ? { ocsps: [tsaGood], crls: [beforeExpiry] }
      : mode === "hold"
        ? { ocsps: [tsaGood, hold], crls: [afterExpiry] }
        : { ocsps: [tsaGood, hold] };
const file = save(work("e1"), "archive.pdf", withDss(sealed, add));
console.log(
  `wrote ${file}: seal certificate valid until 2026-01-15, ${mode.endsWith("hold") ? "on hold" : "revoked (keyCompromise)"} from ${compromise.toISOString()}; sealed ${sealing.toISOString()}, no revocation data in the CMS; DSS: the TSA CA's current "good" for its unit, ${
    {
      seal: "the seal CA's CRL of 2026-02-01 (after the expiry: the seal no longer listed)",
      honest: "the seal CA's CRL of 2026-01-10 (lists the seal, revoked 08:06, keyCompromise)",
      hold: "the CA's hold answer of 08:11 and its CRL of 2026-02-01 (after the expiry)",
      "honest-hold": "the CA's hold answer of 08:11",
    }[mode]
  }`,
);
show(mode, verify(file));
dss(file);
