// L4: a seal certificate revoked before the validation time passes without any proven POE. The CA's answer
// "revoked 2026-06-01 (keyCompromise)" in the DSS is discarded by seal-certificate (produced after the sealing
// time: TRY_LATER, not even the "revoked after sealing" warning), and long-term, seeing the seal certificate
// inside its validity period at the validation time, says "the seal validates at the validation time with its
// revocation data" (the data of the sealing day) although no timestamp gives a proof of existence that holds
// (the signature timestamp's TSA has no revocation data): TOTAL-PASSED, "protected until 2124-01-15". With the
// seal key stolen, a seal dated before the revocation needs only a timestamp nobody can prove; ETSI EN 319 102-1
// asks for a proven POE before the revocation time.
//   npx tsx scripts/attack36/revoked-seal-no-poe.ts [honest]
// honest: samples/valid/archive.pdf as it is (not revoked): TOTAL-PASSED.
import { createOcspResponse } from "../generator/ocsp.js";
import { dss, pki, sample, save, show, verify, withDss, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("l4");
const revokedAt = new Date("2026-06-01T00:00:00Z");
const told = new Date("2026-06-02T00:00:00Z");
const revoked = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, status: { revokedAt, reason: 1 }, producedAt: told });
const file = save(dir, "archive.pdf", honest ? sample("valid/archive.pdf") : withDss(sample("valid/archive.pdf"), { ocsps: [revoked] }));
show(honest ? "honest: the valid sample" : "attack: the CA's 'revoked 2026-06-01' in the DSS", verify(file));
dss(file);
