// R1b: an authentic "revoked" that cannot be relied upon for a "good" is outvoted by a "good". R1 (h36d: a
// delegated OCSP responder without id-pkix-ocsp-nocheck counts only when shown unrevoked when it signed) makes
// such a responder's answer "indeterminate", and seal-certificate then lets the remaining items decide: any
// "passed" judgement gives the seal "not revoked" (`good.length > 0`). The merge with the unchecked-item rule
// (ebad497) stops this for an item whose algorithm is outside the table only (`details.unsupportedAlgorithm`);
// an item that is indeterminate for any other reason (responder status unknown, responder certificate missing,
// issuer key hash not checkable) is set aside whatever it says. For a "good" that caution is right; for a
// "revoked" signed by a responder the CA authorised (id-kp-OCSPSigning, issued by the CA, valid when it signed)
// it turns the CA's statement that the key was compromised into silence.
// Scenario: the seal key is stolen; the CA revokes the seal at 08:06 on 2025-12-08 (keyCompromise); the thief
// seals at 08:36 with the CA's own "good" of 07:36 in the CMS (within the broker's 7-day window). The next day
// the archivist fetches the seal's status from the CA's delegated responder "NETS AS Intermediate CA OCSP 1"
// (no ocsp-nocheck, as RFC 6960 allows) and adds its answer "revoked 08:06, keyCompromise" and the responder's
// certificate to the DSS; the CA's data about the responder itself is not at hand.
//   npx tsx scripts/attack-s5/unproven-revoked.ts [attack|honest]
// attack: main TOTAL-PASSED (the responder's "revoked" not relied upon; the CMS "good" decides). honest: the DSS
// also holds the CA's "good" about its responder: TOTAL-FAILED / REVOKED. DSS=1 adds EU DSS (now).
import { buildArchive } from "../generator/archive.js";
import { OIDS } from "../generator/der.js";
import { spkiDer } from "../generator/keys.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { extensions, issueCertificate, issued, serialFor } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
if (!["attack", "honest"].includes(mode)) throw new Error(`mode: attack|honest, not ${mode}`);
const P = pki();
const key = P.ocspResponder.key;
const responder = issued(
  "ocspResponder",
  issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Nets A/S"],
      [OIDS.commonName, "NETS AS Intermediate CA OCSP 1"],
    ],
    subjectKey: key,
    issuer: P.sealRoot,
    notBefore: new Date("2025-06-01T00:00:00Z"),
    notAfter: new Date("2126-06-01T00:00:00Z"),
    serial: serialFor("attack-s5-r1b-responder"),
    extensions: [
      extensions.keyUsage("digitalSignature"),
      extensions.extKeyUsage(false, OIDS.kpOcspSigning), // no id-pkix-ocsp-nocheck
      extensions.authorityKeyIdentifier(spkiDer(P.sealRoot.key)),
      extensions.subjectKeyIdentifier(spkiDer(key)),
    ],
  }),
  key,
);
const sealing = TIMELINE.timestampAt;
const compromise = new Date(sealing.getTime() - 30 * 60_000);
// In the CMS: the CA's own "good" of 07:36, fetched before the compromise.
const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
// The archivist's, the next day: the delegated responder's "revoked 08:06, keyCompromise".
const nextDay = new Date("2025-12-09T09:00:00Z");
const revoked = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder, producedAt: nextDay, status: { revokedAt: compromise, reason: 1 } });
// honest: also the CA's own answer about its responder (good), so R1 is satisfied.
const aboutResponder = createOcspResponse({ subject: responder, issuer: P.sealRoot, responder: P.sealRoot, producedAt: nextDay });
const file = save(work("r1b"), "archive.pdf", withDss(sealed, { certs: [responder.der], ocsps: mode === "honest" ? [revoked, aboutResponder] : [revoked] }));
console.log(
  `wrote ${file}: sealed ${sealing.toISOString()} with the CA's "good" of 07:36 in the CMS; DSS: the delegated responder's (no ocsp-nocheck) "revoked ${compromise.toISOString()}, keyCompromise" of ${nextDay.toISOString()}${mode === "honest" ? ' and the CA\'s own "good" about that responder' : ", nothing about the responder itself"}`,
);
show(mode, verify(file));
dss(file);
