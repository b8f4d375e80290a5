// A DSS /OCSPs stream holding a bare BasicOCSPResponse (not wrapped in an OCSPResponse). The revocation-values
// attribute and the `[1] other` id-pkix-ocsp-basic form carry that form in a CMS (aa56669 reads both, wrapping it);
// does the DSS reading read it, or call it unread, or junk? EU DSS's DSS OCSP source reads OCSP entries with
// BouncyCastle.
// Scenario (attack-s5 P1c's): seal revoked 08:06 (keyCompromise), sealed 08:36 with a CMS "good" of 07:36; the
// archivist's revision: a DSS with the CA's "revoked" of 2025-12-10, then an archive timestamp of 2025-12-10 09:36:38.
//   npx tsx scripts/attack-s9/dss-basic-ocsp.ts [basic|full|none]
// basic: the BasicOCSPResponse alone in the stream; full: the OCSPResponse (control); none: no answer. DSS=1 adds EU DSS.
import { createOcspResponse } from "../generator/ocsp.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { dss, pki, save, show, verify, withDss, work } from "../attack36/lib.js";
import { revokedSealed } from "../attack-s6/lib.js";
import { basicOcspOf } from "../attack-s8/lib.js";

const mode = process.argv[2] ?? "basic";
if (!["basic", "full", "none"].includes(mode)) throw new Error(`mode: basic|full|none, not ${mode}`);
const P = pki();
const { sealed, compromise } = await revokedSealed();
const revokedOcsp = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  status: { revokedAt: compromise, reason: 1 },
  producedAt: new Date("2025-12-10T08:36:38Z"),
});
const ocsps = mode === "none" ? [] : [mode === "basic" ? basicOcspOf(revokedOcsp) : revokedOcsp];
const pdf = await addDocumentTimestamp(withDss(sealed, { ocsps }), P, new Date("2025-12-10T09:36:38Z"));
const file = save(work(`s9-dss-basic-${mode}`), "archive.pdf", pdf);
console.log(`wrote ${file}: seal revoked ${compromise.toISOString()}, the CA's "revoked" in the DSS as ${mode}, archive timestamp 2025-12-10`);
show(mode, verify(file));
dss(file);
