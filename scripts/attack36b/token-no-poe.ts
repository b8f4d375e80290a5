// J1b: J1's class inside the sealed PAdES. The Workflow token and its OCSP response "get the seal timestamp's
// POE" (issue 36): they are judged at the sealing time the signature timestamp claims. When that timestamp is
// no proof of existence at the validation time (its TSA has no revocation data, as the broker's; or its TSA was
// revoked), and the seal certificate is still valid, long-term passes on "the seal validates at the validation
// time" and nothing asks whether the token's certificate (or its OCSP responder's) is valid at the validation time
// or has a POE before it expired. Nothing in the file proves the token existed while its certificate was valid.
//   npx tsx scripts/attack36b/token-no-poe.ts [honest]
// default: a B-T archive as samples/valid (the signature timestamp unproven) whose token certificate expires
// 2027-06-01 (the samples' own outlives the century), at 2027-07-01: was TOTAL-PASSED, token-certificate "valid at
// 2025-12-08T08:36:38Z"; fixed: INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED.
// honest: the same archive augmented (a proven POE), at the same time: TOTAL-PASSED (right).
// What it takes to forge: the token-signing key after its certificate expired (J1's premise), a signature
// timestamp dated before the expiry that no one can prove (a stolen TSA key) and the seal key (its certificate
// still valid). Each alone is not enough; the verdict needs no proof that the token existed in time.
import { augmentedAt, buildArchive, withShortTokenSigner } from "../generator/index.js";
import { pki, save, show, verify, work } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
const at = "2027-07-01T00:00:00Z";
const short = withShortTokenSigner(pki());
const bt = (await buildArchive(short)).pdf;
const file = save(work("token-no-poe"), "archive.pdf", honest ? await augmentedAt(short, bt, "samples/trust") : bt);
const v = verify(file, ["--at", at]);
show(`${honest ? "augmented" : "B-T"} archive, token certificate expiring 2027-06-01, --at ${at}`, v);
for (const c of v.report.checks)
  if (c.id === "token-certificate" || c.id === "ocsp-signature" || c.id === "long-term") console.log(`   ${c.id}: ${c.status}: ${c.message.slice(0, 200)}`);
