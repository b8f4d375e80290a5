// a11 G1b's TSA case (scripts/attack-s8/tsa-revoked-unread.ts) with the TSA CA's "revoked" moved out of the DSS into
// the seal CMS's unsigned parts (aa56669: a source, `unsigned-*`), where cc7c2d6's re-framing has to reach it:
// samples/expired/archive.pdf (the seal expired 2026-01-15, the TSA revoked 2026-03-01 keyCompromise), a DSS with the
// TSA's "good" answers of 2025-12-09, and the TSA CA's "revoked" of 2026-03-02 with its inner tbsResponseData in BER:
//   npx tsx scripts/attack-s9/tsa-revoked-cms.ts [ri-ber|revvals-ber|ri|revvals|none]
// ri-*: in the seal CMS's crls as [1] { id-ri-ocsp-response, OCSPResponse } (the CMS stays DER: the BER is inside an
// OCTET STRING); revvals-*: as a revocation-values attribute's ocspVals (a BasicOCSPResponse: the CMS is then BER).
// ri, revvals: the same in DER (controls); none: no answer. DSS=1 adds EU DSS.
import { createOcspResponse } from "../generator/ocsp.js";
import { encode, explicit, implicitConstructed, oid, raw, seq, set } from "../generator/der.js";
import { dss, dssItems, pki, sample, save, sealGap, show, verify, withDss, withSealContents, work } from "../attack36/lib.js";
import { basicOcspOf, withCmsField, withIndefiniteTbs, withUnsignedAttribute } from "../attack-s8/lib.js";

const modes = ["ri-ber", "revvals-ber", "ri", "revvals", "none"];
const mode = process.argv[2] ?? "ri-ber";
if (!modes.includes(mode)) throw new Error(`mode: ${modes.join("|")}, not ${mode}`);
const P = pki();
const told = new Date("2026-03-02T00:00:00Z");
const revokedOcsp = createOcspResponse({
  subject: P.tsa,
  issuer: P.tsaRoot,
  responder: P.tsaRoot,
  status: { revokedAt: new Date("2026-03-01T00:00:00Z"), reason: 1 },
  producedAt: told,
  thisUpdate: told,
});
const item = mode.endsWith("-ber") ? withIndefiniteTbs(revokedOcsp) : revokedOcsp;
const good = dssItems(sample("expired/archive-lta.pdf")).ocsps.filter((o) => !Buffer.from(o).equals(Buffer.from(revokedOcsp)));
const base = sample("expired/archive.pdf");
const der = sealGap(base).der;
const REVOCATION_VALUES = "1.2.840.113549.1.9.16.2.24";
const cms =
  mode === "none"
    ? withCmsField(der, 0xa1, [])
    : mode.startsWith("ri")
      ? withCmsField(der, 0xa1, [encode(implicitConstructed(1, [oid("1.3.6.1.5.5.7.16.2"), raw(item)]))])
      : withUnsignedAttribute(der, encode(seq(oid(REVOCATION_VALUES), set(seq(explicit(1, seq(raw(basicOcspOf(item)))))))));
const file = save(work(`s9-tsa-revoked-cms-${mode}`), "archive.pdf", withDss(withSealContents(base, cms), { ocsps: good, certs: [P.tsa.der, P.tsaRoot.der] }));
console.log(`wrote ${file}: samples/expired/archive.pdf, the TSA CA's "TSA revoked 2026-03-01" in the seal CMS (${mode}); DSS: ${good.length} "good" answers`);
show(mode, verify(file));
dss(file);
