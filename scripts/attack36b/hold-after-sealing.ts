// Probe (h36h, step 4): a certificateHold placed on the seal certificate after sealing and still in force now.
// seal-certificate judges at the sealing time (a warning); the question is what long-term validation says now.
//   npx tsx scripts/attack36b/hold-after-sealing.ts [bt|lta] [lifted]
// bt: samples/valid/archive.pdf (B-T, no proven POE); lta: samples/lta/archive.pdf (a proven POE).
// The DSS gains the seal CA's OCSP "revoked (certificateHold) since 2026-06-01"; lifted: and its "good" of a day later.
import { createOcspResponse } from "../generator/ocsp.js";
import { dss, pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] === "lta" ? "lta" : "bt";
const lifted = process.argv.includes("lifted");
const P = pki();
const holdAt = new Date("2026-06-01T00:00:00Z");
const hold = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  status: { revokedAt: holdAt, reason: 6 },
  producedAt: new Date("2026-06-01T01:00:00Z"),
});
const release = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date("2026-06-02T01:00:00Z") });
const file = save(
  work("hold-after"),
  "archive.pdf",
  withDss(sample(mode === "lta" ? "lta/archive.pdf" : "valid/archive.pdf"), { ocsps: lifted ? [hold, release] : [hold] }),
);
console.log(`wrote ${file}: ${mode}, the seal on hold since ${holdAt.toISOString()}${lifted ? ", lifted a day later" : ", still in force"}`);
show("now", verify(file));
dss(file);
