// J1b: J1's class inside the sealed PAdES. The Workflow token and its OCSP response "get the seal timestamp's
// POE" (issue 36): they are judged at the sealing time the signature timestamp claims. When that timestamp is
// no proof of existence at the validation time (its TSA has no revocation data, as the broker's; or its TSA was
// revoked), and the seal certificate is still valid, long-term passes on "the seal validates at the validation
// time" and nothing asks whether the token's certificate (or its OCSP responder's) is valid at the validation time
// or has a POE before it expired. Nothing in the file proves the token existed while its certificate was valid.
//   npx tsx scripts/attack36b/token-no-poe.ts [honest]
// default: samples/valid/archive.pdf (B-T, the signature timestamp unproven) at 2027-07-01, after the token
// certificate's expiry (2027-06-01): TOTAL-PASSED, token-certificate "valid at 2025-12-08T08:36:38Z".
// honest: samples/lta/archive.pdf at the same time: TOTAL-PASSED with a proven POE (right).
// What it takes to forge: the token-signing key after its certificate expired (J1's premise), a signature
// timestamp dated before the expiry that no one can prove (a stolen TSA key) and the seal key (its certificate
// still valid). Each alone is not enough; the verdict needs no proof that the token existed in time.
import { show, verify } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
const at = "2027-07-01T00:00:00Z";
const file = honest ? "samples/lta/archive.pdf" : "samples/valid/archive.pdf";
const v = verify(file, ["--at", at]);
show(`${file} --at ${at}`, v);
for (const c of v.report.checks)
  if (c.id === "token-certificate" || c.id === "ocsp-signature") console.log(`   ${c.id}: ${c.status}: ${c.message.slice(0, 200)}`);
