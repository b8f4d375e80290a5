// 4b4cc56's dropUndecodable and aa56669's unsignedRevocation: when pkijs refuses the SignedData, each element of
// `crls` that pkijs refuses on its own is left out, and only a CRL-shaped one (SEQUENCE of 3, BIT STRING last) is
// "unread". BouncyCastle (EU DSS's CAdESOCSPSource, via CMSSignedData.getOtherRevocationInfo) reads a `[1] other`
// entry as OtherRevocationInfoFormat.getInstance, which takes elements 0 and 1 of the SEQUENCE and never checks its
// size. So `[1] { id-ri-ocsp-response, OCSPResponse, NULL }` is an OCSP response to EU DSS, and junk to sealcheck:
// the CA's "revoked" there is neither read nor "unread".
// Scenario (attack-s5 P1c's, as scripts/attack-s8/ts-revocation-forms.ts): seal revoked 08:06 (keyCompromise),
// sealed 08:36 by the thief with the CA's "good" of 07:36 in the CMS. The archivist adds a document timestamp of
// 2025-12-10T09:36:38Z (the test PKI's TSA) and puts the CA's "revoked" into the token's `crls` (no DSS).
//   npx tsx scripts/attack-s9/other-extra.ts [ri-extra|basic-extra|ri|basic|seal-ri-extra|seal-ri]
// ri-extra: [1] { id-ri-ocsp-response, OCSPResponse, NULL }; basic-extra: [1] { id-pkix-ocsp-basic,
// BasicOCSPResponse, NULL }; ri, basic: the same without the NULL (controls: the forms sealcheck reads).
// seal-*: the same entry in the seal CMS's own `crls` (no document timestamp). DSS=1 adds EU DSS (now).
import { dss, pki, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { revokedSealed } from "../attack-s6/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { encode, implicitConstructed, oid, raw } from "../generator/der.js";
import { basicOcspOf, lastGap, withCmsField, withLastContents } from "../attack-s8/lib.js";

const modes = ["ri-extra", "basic-extra", "ri", "basic", "seal-ri-extra", "seal-ri"];
const mode = process.argv[2] ?? "ri-extra";
if (!modes.includes(mode)) throw new Error(`mode: ${modes.join("|")}, not ${mode}`);
const P = pki();
const ID_RI_OCSP = "1.3.6.1.5.5.7.16.2";
const ID_PKIX_OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1";
const NULL = new Uint8Array([0x05, 0x00]);

const { sealed, compromise } = await revokedSealed();
// The CA's own answer of 2025-12-10: revoked 08:06 (keyCompromise).
const revokedOcsp = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  status: { revokedAt: compromise, reason: 1 },
  producedAt: new Date("2025-12-10T08:36:38Z"),
});
const extra = mode.endsWith("extra");
const basic = mode.replace(/^seal-/, "").startsWith("basic");
const entry = encode(
  implicitConstructed(1, [oid(basic ? ID_PKIX_OCSP_BASIC : ID_RI_OCSP), raw(basic ? basicOcspOf(revokedOcsp) : revokedOcsp), ...(extra ? [raw(NULL)] : [])]),
);
let pdf: Uint8Array;
if (mode.startsWith("seal-")) pdf = withSealContents(sealed, withCmsField(sealGap(sealed).der, 0xa1, [entry]));
else {
  const stamped = await addDocumentTimestamp(sealed, P, new Date("2025-12-10T09:36:38Z"));
  pdf = withLastContents(stamped, withCmsField(lastGap(stamped).der, 0xa1, [entry]));
}
const file = save(work(`s9-other-extra-${mode}`), "archive.pdf", pdf);
console.log(
  `wrote ${file}: seal revoked ${compromise.toISOString()} (keyCompromise), sealed 08:36 with a "good" of 07:36; the CA's "revoked" as ${mode} in the ${mode.startsWith("seal-") ? "seal CMS's" : "document timestamp token's"} crls`,
);
show(mode, verify(file));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation/.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
dss(file);
