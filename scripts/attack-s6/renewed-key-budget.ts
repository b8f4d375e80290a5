// U1d: hs5b's U1b fix (seal-certificate `renewedKeys`) tries, for a CRL under the seal CA's name whose signature
// fails with the issuing CA's key, the first MAX_RENEWED_KEYS (8) certificates of the pool with the CA's name
// and another key, in pool order ([...trust intermediates, ...the seal CMS's certificates, ...DSS certificates]),
// and only then validates each. The seal CMS's certificate set lies outside what the seal signs (it is unsigned
// CMS content; and a thief who seals with a stolen key writes it anyway): eight self-signed certificates named
// "NETS AS Intermediate CA" (any key, no CA key needed) come before the CA's genuine renewed certificate, which the
// archivist put in the DSS, and use up the eight tries. The CA's CRL signed with its renewed key is again "not the
// CA's statement" (attack-s5 U1b).
// Scenario: attack-s5 U1b's (I1's hierarchy, the root the only seal anchor; seal revoked 08:06 keyCompromise,
// sealed 08:36 with the CA's "good" of 07:36 in the CMS; the CA renews its key on 2025-12-09; its CRL of
// 2025-12-10, signed with key 2, lists the seal; the archivist's DSS: both CA certificates, the root's CRL, the
// CA's CRL). `attack`: the seal's CMS also carries eight junk certificates with the CA's name.
//   npx tsx scripts/attack-s6/renewed-key-budget.ts [attack|honest]
// honest: no junk (attack-s5 U1b's attack mode, fixed: TOTAL-FAILED / REVOKED). Verified --at 2025-12-10T12:00:00Z;
// DSS=1 adds EU DSS at that time.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildArchive } from "../generator/archive.js";
import { OIDS } from "../generator/der.js";
import { generateRsaKey } from "../generator/keys.js";
import { createCrl, createOcspResponse } from "../generator/ocsp.js";
import { extensions, issueCertificate, issued, serialBytes, serialFor } from "../generator/pki.js";
import { sealCaUnderRoot } from "../generator/hierarchy.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const P = pki();
const dir = work(`s6-u1d-${mode}`);
const hierarchy = sealCaUnderRoot(P, "attack36-i1");
const { root, pki: pkiI } = hierarchy;
const ca1 = hierarchy.ca;
const ca2 = hierarchy.caCert(generateRsaKey(2048), "attack-s5-u1b-ca-key-2", new Date("2025-12-09T00:00:00Z"));
// Anyone's: self-signed, the CA's name, a key of one's own.
const junkKey = generateRsaKey(2048);
const junk = Array.from({ length: 8 }, (_, i) =>
  issued(
    "sealRoot",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Nets A/S"],
        [OIDS.commonName, "NETS AS Intermediate CA"],
      ],
      subjectKey: junkKey,
      notBefore: new Date("2020-01-01T00:00:00Z"),
      notAfter: new Date("2125-01-01T00:00:00Z"),
      serial: serialFor(`attack-s6-u1d-junk-${i}`),
      extensions: [extensions.basicConstraints(true), extensions.keyUsage("keyCertSign", "cRLSign")],
    }),
    junkKey,
  ),
);
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
const cmsGood = createOcspResponse({ subject: P.seal, issuer: ca1, responder: ca1, producedAt: new Date(sealing.getTime() - 3600_000) });
const sealed = (
  await buildArchive(pkiI, {
    seal: { revocation: { crls: [], ocsps: [cmsGood] }, certificates: [P.seal, ...(mode === "attack" ? junk : []), ca1] },
  })
).pdf;
const caCrl = createCrl({
  issuer: ca2,
  number: 43,
  thisUpdate: new Date("2025-12-10T08:00:00Z"),
  nextUpdate: new Date("2025-12-17T08:00:00Z"),
  revoked: [{ serial: serialBytes(P.seal), at: compromise }],
});
const rootCrl = createCrl({ issuer: root, number: 7, thisUpdate: new Date("2025-12-05T00:00:00Z"), nextUpdate: new Date("2026-01-05T00:00:00Z") });
const file = save(dir, "archive.pdf", withDss(sealed, { certs: [ca1.der, ca2.der, root.der], crls: [caCrl, rootCrl] }));
const trust = join(dir, "trust");
mkdirSync(trust);
for (const [i, c] of [root, P.tsaRoot, P.tokenCa, P.tokenRoot].entries()) writeFileSync(join(trust, `${i}.pem`), c.pem);
console.log(
  `wrote ${file}: attack-s5 U1b's file (the CA's CRL of 2025-12-10 listing the seal, signed with its renewed key 2, in the DSS with both CA certificates)${mode === "attack" ? '; the seal\'s CMS also carries 8 self-signed certificates named "NETS AS Intermediate CA"' : ""}`,
);
const at = "2025-12-10T12:00:00Z";
show(mode, verify(file, ["--at", at], undefined, trust));
dss(file, at, trust);
