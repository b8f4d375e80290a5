// R1: a delegated OCSP responder without id-pkix-ocsp-nocheck is trusted on its id-kp-OCSPSigning alone; nothing
// asks whether its own certificate was revoked (RFC 6960 §4.2.2.2.1: without ocsp-nocheck it needs revocation
// data of its own, like any certificate on a path). Scenario: the seal CA's delegated responder (no ocsp-nocheck)
// had its key stolen; the CA revoked it on 2025-11-01 (keyCompromise). The seal's key was stolen too and the CA
// revoked the seal on 2025-11-20. With both keys the thief seals what they like on 2025-12-08 and puts in the CMS
// a *fresh* "good" answer about the seal, signed with the stolen responder key. The archivist's DSS holds the
// CA's own answer about its responder: "revoked 2025-11-01, keyCompromise".
//   npx tsx scripts/attack36/responder-unchecked.ts [honest]
// default: the forged answer from the revoked responder. honest: the same responder, unrevoked (the CA's answer
// about it says "good") and the seal not revoked: TOTAL-PASSED either way before the fix; after it, the attack
// is INDETERMINATE / TRY_LATER (the answer is not relied upon) and honest stays TOTAL-PASSED.
import { buildArchive } from "../generator/archive.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, save, show, verify, withDss, work } from "./lib.js";
import { delegatedResponder } from "../generator/hierarchy.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("r1");
const responder = delegatedResponder(P, {
  issuer: P.sealRoot,
  commonName: "NETS AS Intermediate CA OCSP 1",
  notBefore: new Date("2025-06-01T00:00:00Z"),
  notAfter: new Date("2026-06-01T00:00:00Z"),
  label: "attack36-r1-responder",
}); // no id-pkix-ocsp-nocheck
const producedAt = TIMELINE.sealRevocationAt;
// The answer in the CMS: "good" about the seal, fresh, signed with the responder's key.
const sealGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder, producedAt });
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [sealGood] } } })).pdf;
// The CA's own answer about its responder, as the archivist fetched it later.
const later = new Date("2025-12-10T09:00:00Z");
const aboutResponder = createOcspResponse({
  subject: responder,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  producedAt: later,
  ...(honest ? {} : { status: { revokedAt: new Date("2025-11-01T00:00:00Z"), reason: 1 } }),
});
const file = save(dir, "archive.pdf", withDss(sealed, { certs: [responder.der], ocsps: [aboutResponder] }));
console.log(
  `wrote ${file}: the seal's OCSP answer of ${producedAt.toISOString()} is signed by the delegated responder "NETS AS Intermediate CA OCSP 1" (no ocsp-nocheck); the DSS holds the CA's answer about that responder: ${honest ? "good" : "revoked 2025-11-01 (keyCompromise)"}`,
);
show(honest ? "honest: the responder is unrevoked" : "attack: the responder was revoked before it signed", verify(file, ["--at", "2025-12-10T10:00:00Z"]));
dss(file, "2025-12-10T10:00:00Z");
