// T2: "an authentic revoked at or before the time decides, from any source" stops at the seal and the TSAs. The
// Workflow token's certificate is judged by the one OCSP response the token carries (checks/ocsp.ts), nothing
// else: the CA's CRL in the DSS saying the token-signing certificate was revoked (keyCompromise) two seconds
// before the token was issued is never read. The same CRL about the seal fails it (L3's fix).
// Scenario: the token-signing key ("NEB Transact ST") leaks; its CA revokes the certificate at 08:36:33, two
// seconds after the responder's "good" of 08:36:31 that the token carries; the token is issued at 08:36:35 and
// sealed. The archivist puts the CA's CRL of the next day, which lists the revocation, in the DSS.
//   npx tsx scripts/attack36b/token-revocation-unread.ts [honest]
// default: TOTAL-PASSED (the token was issued by a revoked certificate). honest: the CRL lists a revocation at
// 08:40, after the token: TOTAL-PASSED (right). Fixed (T2, J1b): default TOTAL-FAILED / REVOKED; honest
// INDETERMINATE / REVOKED_NO_POE at now (the B-T sample proves no time before 08:40), TOTAL-PASSED at a time
// before 08:40 or on samples/lta. The seal's analog (scoped-crl-revoked-dropped.ts honest):
// TOTAL-FAILED / REVOKED.
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { pki, sample, save, scopedCrl, show, verify, withDss, work } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const revokedAt = honest ? new Date("2025-12-08T08:40:00Z") : new Date(TIMELINE.iat.getTime() - 2000);
const nextDay = new Date("2025-12-09T08:00:00Z");
const crl = scopedCrl({
  issuer: P.tokenCa,
  thisUpdate: nextDay,
  nextUpdate: new Date(nextDay.getTime() + 7 * 86_400_000),
  number: 11,
  revoked: [{ serial: serialBytes(P.tokenSigner), at: revokedAt }],
});
const file = save(work("t2"), "archive.pdf", withDss(sample("valid/archive.pdf"), { crls: [crl], certs: [P.tokenCa.der] }));
console.log(
  `wrote ${file}: token issued ${TIMELINE.iat.toISOString()} with the OCSP "good" of ${TIMELINE.ocspProducedAt.toISOString()}; DSS: the token CA's CRL of ${nextDay.toISOString()} listing the token-signing certificate revoked at ${revokedAt.toISOString()}`,
);
const v = verify(file);
show(honest ? "honest: revoked after the token" : "revoked before the token", v);
for (const c of v.report.checks) if (c.id.startsWith("token-") || c.id === "ocsp-status") console.log(`   ${c.id}: ${c.status}: ${c.message.slice(0, 160)}`);
