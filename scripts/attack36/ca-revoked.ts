// I1: revocation of the certificates above the leaf. `seal-certificate` judged the seal certificate's revocation
// only, `long-term` the TSA certificate only, the token's path none: a CA between a leaf and its anchor, revoked
// for key compromise by its root's CRL, was never checked. With that CA's key an attacker issues seal (or TSA)
// certificates and their "revocation data" at will. Scenario: the seal hierarchy has a root above "NETS AS
// Intermediate CA" (the anchor the user configures is the root); the CA's key leaked and the root revoked it on
// 2025-12-02 (keyCompromise); with it the attacker issues a seal certificate of the broker's name and its own
// fresh "good" OCSP answer, and seals on 2025-12-08. The archive's DSS holds the root's CRL listing the CA.
//   npx tsx scripts/attack36/ca-revoked.ts [honest|nodata]
// default: the root's CRL lists the CA as revoked. honest: the root's CRL does not list it. nodata: no revocation
// data about the CA at all (EU DSS's default policy: CACertificate RevocationDataAvailable FAIL).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArchive } from "../generator/archive.js";
import { createCrl } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { pki, save, show, withDss, work, verify, dss } from "./lib.js";
import { sealCaUnderRoot } from "../generator/hierarchy.js";

const mode = process.argv[2] ?? "attack";
const P = pki();
const dir = work("i1");
const { root, ca, pki: pkiI } = sealCaUnderRoot(P, "attack36-i1");
const crl = createCrl({
  issuer: root,
  number: 7,
  thisUpdate: new Date("2025-12-05T00:00:00Z"),
  nextUpdate: new Date("2026-01-05T00:00:00Z"),
  ...(mode === "attack" ? { revoked: [{ serial: serialBytes(ca), at: new Date("2025-12-02T00:00:00Z") }] } : {}),
});
const sealed = (await buildArchive(pkiI)).pdf;
const file = save(dir, "archive.pdf", withDss(sealed, { certs: [ca.der, root.der], crls: mode === "nodata" ? [] : [crl] }));
const trust = join(dir, "trust");
mkdirSync(trust);
for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(trust, `${i}.pem`), c.pem);
console.log(
  `wrote ${file}: seal path Nets → "NETS AS Intermediate CA" → "Sealcheck Test Nets Root" (the only seal anchor, in ${trust}); DSS: ${mode === "nodata" ? "nothing about the CA" : `the root's CRL of 2025-12-05${mode === "attack" ? " listing the CA as revoked 2025-12-02" : ", not listing the CA"}`}`,
);
const at = "2025-12-09T00:00:00Z";
const v = verify(file, ["--at", at], undefined, trust);
show(mode, v);
dss(file, at, trust);
