// S2: h36h's "a seal hold in force now needs a POE before it" (sealHeldAt) covers the seal certificate only. A CA
// on the seal's path put on hold after sealing and still on hold at the validation time is not weighed:
// seal-certificate's `later` (pathStatusAt at T) keeps `status.revokedAt` only, and pathStatusAt reports a CA
// on hold as `status.held`, which nothing reads. The same CA *revoked* at the same date is weighed (sealRevokedAt,
// then long-term's REVOKED_NO_POE without a POE before it).
// Hierarchy: attack36 I1's (built here with the generator's primitives): a root above "NETS AS Intermediate CA"
// (the sample seal CA's key), the root the only seal anchor. The generator's B-T archive sealed 2025-12-08 (its
// signature timestamp proves nothing now: no revocation data for its TSA); the DSS holds the root's CRL of
// 2025-12-05 (not listing the CA: the path's data at the sealing time) and the root's CRL of 2026-06-02.
//   npx tsx scripts/attack-s5b/seal-ca-held.ts [hold|revoked|honest]   (DSS=1: EU DSS's verdict too)
// hold: the 2026-06-02 CRL lists the CA with certificateHold since 2026-06-01. revoked: with keyCompromise at the
// same date. honest: it lists nothing. Verified now.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArchive } from "../generator/archive.js";
import { createCrl } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { pki, save, show, withDss, work, verify, dss } from "../attack36/lib.js";
import { sealCaUnderRoot } from "../generator/hierarchy.js";

const mode = process.argv[2] ?? "hold";
if (!["hold", "revoked", "honest"].includes(mode)) throw new Error(`mode: hold|revoked|honest, not ${mode}`);
const P = pki();
const dir = work(`s2-${mode}`);
const { root, ca, pki: pkiS } = sealCaUnderRoot(P, "attack-s5b-s2");
const atSealing = createCrl({ issuer: root, number: 7, thisUpdate: new Date("2025-12-05T00:00:00Z"), nextUpdate: new Date("2026-01-05T00:00:00Z") });
const since = new Date("2026-06-01T00:00:00Z");
const later = createCrl({
  issuer: root,
  number: 8,
  thisUpdate: new Date("2026-06-02T00:00:00Z"),
  nextUpdate: new Date("2027-06-02T00:00:00Z"),
  ...(mode === "honest" ? {} : { revoked: [{ serial: serialBytes(ca), at: since, reason: mode === "hold" ? 6 : 1 }] }),
});
const sealed = (await buildArchive(pkiS)).pdf;
const file = save(dir, "archive.pdf", withDss(sealed, { certs: [ca.der, root.der], crls: [atSealing, later] }));
const trust = join(dir, "trust");
mkdirSync(trust);
for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(trust, `${i}.pem`), c.pem);
console.log(
  `wrote ${file}: seal path Nets → "NETS AS Intermediate CA" → "Sealcheck Test Nets Root" (the only seal anchor); the root's CRL of 2026-06-02 ${mode === "honest" ? "lists nothing" : `lists the CA ${mode === "hold" ? "on hold (certificateHold)" : "revoked (keyCompromise)"} since ${since.toISOString()}`}`,
);
const v = verify(file, [], undefined, trust);
const report = v.report;
show(`${mode}, now`, v);
const sc = report.checks.find((c) => c.id === "seal-certificate");
console.log(`   seal-certificate: ${sc?.status}: ${sc?.message.slice(0, 300)}`);
dss(file, undefined, trust);
