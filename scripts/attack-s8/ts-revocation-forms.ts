// h6a's edge a (aaf98b5): the seal is judged on the revocation data in its timestamps' own CMS too. The reading
// (src/pki/timestamp.ts tokenRevocation) takes two forms: CRLs in SignedData.crls, and `[1] other` entries of type
// id-ri-ocsp-response holding an OCSPResponse (plus the TSA-signed adbe-revocationInfoArchival). EU DSS reads two
// more (CAdESOCSPSource/CAdESCRLSource, TimestampOCSPSource): `[1] other` entries of type id-pkix-ocsp-basic holding a
// BasicOCSPResponse (BouncyCastle's own CMS generator writes that form), id-ri-ocsp-response holding a
// BasicOCSPResponse, and the unsigned attribute revocation-values (id-aa-ets-revocationValues, ETSI TS 101 733
// §6.3.4: crlVals, ocspVals), the CAdES-X-L place. An archivist's tool writing one of those forms keeps the CA's
// statement where sealcheck never looks: not read, not "unread", nothing said.
// Scenario (attack-s5 P1c's): seal revoked 08:06 (keyCompromise), sealed 08:36 by the thief with the CA's "good" of
// 07:36 in the CMS. The archivist adds a document timestamp of 2025-12-10T09:36:38Z (the test PKI's TSA) and puts the
// CA's statement that the seal is revoked into the token's unsigned parts (no DSS).
//   npx tsx scripts/attack-s8/ts-revocation-forms.ts [crls|ocsp-ri|ocsp-basic|ocsp-ri-basic|revvals-crl|revvals-ocsp|none]
// crls, ocsp-ri: the forms sealcheck reads (controls: TOTAL-FAILED / REVOKED). none: no statement (control).
// ocsp-basic: [1] { id-pkix-ocsp-basic, BasicOCSPResponse } in crls. ocsp-ri-basic: id-ri-ocsp-response holding the
// BasicOCSPResponse. revvals-crl, revvals-ocsp: an unsigned attribute revocation-values with the CA's CRL (crlVals) or
// its OCSP "revoked" (ocspVals). DSS=1 adds EU DSS (now).
import { dss, pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { revokedSealed } from "../attack-s6/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { encode, explicit, implicitConstructed, oid, raw, seq, set } from "../generator/der.js";
import { basicOcspOf, lastGap, withCmsField, withLastContents, withUnsignedAttribute } from "./lib.js";

const modes = ["crls", "ocsp-ri", "ocsp-basic", "ocsp-ri-basic", "revvals-crl", "revvals-ocsp", "none"];
const mode = process.argv[2] ?? "ocsp-basic";
if (!modes.includes(mode)) throw new Error(`mode: ${modes.join("|")}, not ${mode}`);
const P = pki();
const ID_RI_OCSP = "1.3.6.1.5.5.7.16.2";
const ID_PKIX_OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1";
const REVOCATION_VALUES = "1.2.840.113549.1.9.16.2.24";

const { sealed, crl, compromise } = await revokedSealed();
// The CA's own answer of 2025-12-10: revoked 08:06 (keyCompromise).
const revokedOcsp = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  status: { revokedAt: compromise, reason: 1 },
  producedAt: new Date("2025-12-10T08:36:38Z"),
});
const basic = basicOcspOf(revokedOcsp);
const other = (type: string, value: Uint8Array) => encode(implicitConstructed(1, [oid(type), raw(value)]));
const revocationValues = (tag: 0 | 1, item: Uint8Array) => encode(seq(oid(REVOCATION_VALUES), set(seq(explicit(tag, seq(raw(item)))))));

const stamped = await addDocumentTimestamp(sealed, P, new Date("2025-12-10T09:36:38Z"));
const token = lastGap(stamped).der;
const tokens: Record<string, () => Uint8Array> = {
  crls: () => withCmsField(token, 0xa1, [crl]),
  "ocsp-ri": () => withCmsField(token, 0xa1, [other(ID_RI_OCSP, revokedOcsp)]),
  "ocsp-basic": () => withCmsField(token, 0xa1, [other(ID_PKIX_OCSP_BASIC, basic)]),
  "ocsp-ri-basic": () => withCmsField(token, 0xa1, [other(ID_RI_OCSP, basic)]),
  "revvals-crl": () => withUnsignedAttribute(token, revocationValues(0, crl)),
  "revvals-ocsp": () => withUnsignedAttribute(token, revocationValues(1, basic)),
  none: () => withCmsField(token, 0xa1, []),
};
const file = save(work(`s8-tsforms-${mode}`), "archive.pdf", withLastContents(stamped, tokens[mode]!()));
console.log(
  `wrote ${file}: seal revoked ${compromise.toISOString()} (keyCompromise), sealed 08:36 with a "good" of 07:36 in the CMS; a document timestamp of 2025-12-10T09:36:38Z whose token carries the CA's "revoked" as ${mode}`,
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
