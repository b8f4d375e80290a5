// Delta CRLs: a delta CRL lists only what changed since its base CRL (RFC 5280 §5.2.4); L2's fix makes a delta
// alone give no answer, but a delta beside its complete CRL was still not combined with it (§6.3.3), so the CA's
// newest statement was never read. Scenario: the CA publishes a complete CRL weekly (#42 of 2025-12-01, next
// update 2025-12-05) and a delta daily (#43 of 2025-12-08, base 42). The seal's key was compromised and the CA
// revoked it on 2025-12-03, after #42: only the delta lists it. The thief seals on 2025-12-08 with no revocation
// data in the CMS; the archive's DSS holds both CRLs (what a DSS-writing tool fetches from the CRL distribution
// point and its freshest-CRL pointer).
//   npx tsx scripts/attack36/delta-crl.ts [honest]
// default: the delta lists the seal as revoked. Before the fix: INDETERMINATE / TRY_LATER (the complete CRL is
// stale, the delta "does not cover" the seal): the revocation the evidence states is not seen. After: TOTAL-FAILED
// / REVOKED. honest: neither lists the seal: INDETERMINATE before the fix, TOTAL-PASSED after (the current delta
// with its complete CRL proves the seal unrevoked).
import { buildArchive } from "../generator/archive.js";
import { serialBytes } from "../generator/pki.js";
import { dss, pki, save, scopedCrl, show, verify, withDss, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("delta");
const complete = scopedCrl({ issuer: P.sealRoot, number: 42, thisUpdate: new Date("2025-12-01T06:00:00Z"), nextUpdate: new Date("2025-12-05T06:00:00Z") });
const delta = scopedCrl({
  issuer: P.sealRoot,
  number: 43,
  deltaOf: 42,
  thisUpdate: new Date("2025-12-08T06:00:00Z"),
  nextUpdate: new Date("2025-12-09T06:00:00Z"),
  ...(honest ? {} : { revoked: [{ serial: serialBytes(P.seal), at: new Date("2025-12-03T10:00:00Z") }] }),
});
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [] } } })).pdf;
const file = save(dir, "archive.pdf", withDss(sealed, { crls: [complete, delta] }));
console.log(
  `wrote ${file}: DSS with the complete CRL #42 (2025-12-01) and the delta #43 (2025-12-08, base 42)${honest ? "" : " listing the seal as revoked 2025-12-03"}`,
);
show(honest ? "honest: the delta does not list the seal" : "the delta lists the seal as revoked", verify(file, ["--at", "2025-12-08T12:00:00Z"]));
dss(file, "2025-12-08T12:00:00Z");
