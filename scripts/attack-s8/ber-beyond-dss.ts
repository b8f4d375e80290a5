// G1 by BER, a10's class, after the lead's fix (884d3d1 derFramed): the DSS reading re-frames a BER item as DER, but
// an OCSPResponse carries its BasicOCSPResponse as the *content* of an OCTET STRING (responseBytes.response), which
// re-framing leaves byte for byte. BouncyCastle (EU DSS) parses that inner value as BER too and verifies the
// responder's signature over the DER encoding of tbsResponseData; so a CA's "revoked" whose inner BasicOCSPResponse is
// BER-framed (the signed tbsResponseData's content unchanged) is read there.
// Scenario (a10's, attack-s5 P1c's): seal revoked 08:06 (keyCompromise), sealed 08:36 with a CMS "good" of 07:36; the
// archivist's DSS holds the CA's OCSP "revoked 08:06" of 2025-12-10, under an archive timestamp of 2025-12-10 09:36:38.
// The same outside the DSS: a CRL in a document timestamp token's unsigned `crls` (h6a's edge a reads them) is
// re-encoded by pkijs with its BER tbsCertList kept as received, so its signature fails and it is "not the CA's".
// And the other way, sabotage: the seal's own certificate in the seal CMS's (unsigned) certificate set re-framed in BER
// makes the ESS hash and the CA's signature over it fail here (both are over its DER), not in BouncyCastle.
//   npx tsx scripts/attack-s8/ber-beyond-dss.ts [indef|long|split|indef-outer|both|honest|ts-crl|ts-crl-honest|seal-cert|seal-cert-honest]
// indef, long, split: the inner BasicOCSPResponse with every length indefinite, every length in 5 bytes, or strings over
// 16 bytes split (scripts/attack-s6/lib.ts toBer); indef-outer: only the BasicOCSPResponse's own SEQUENCE indefinite
// (tbsResponseData as signed); both: indef, and the OCSPResponse around it BER too. honest: DER. ts-crl: no DSS; the
// archive timestamp's token carries the CA's CRL listing the seal in its crls field, every length indefinite
// (ts-crl-honest: in DER). seal-cert: samples/valid/archive.pdf (genuine), the seal's /Contents rewritten with the seal
// certificate in indefinite lengths (seal-cert-honest: rewritten, DER). DSS=1 adds EU DSS.
import { dss, pki, sample, save, sealGap, show, verify, withSealContents, work } from "../attack36/lib.js";
import { revokedSealed, toBer, withDssStreams } from "../attack-s6/lib.js";
import { decodeSignedData } from "../../src/pki/cms.js";
import { pkiSession } from "../../src/pki/session.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { encode, enumerated, explicit, octets, oid, seq } from "../generator/der.js";
import { basicOcspOf, lastGap, replaceFirstCertificate, withCmsField, withLastContents } from "./lib.js";

const modes = ["indef", "long", "split", "indef-outer", "both", "honest", "ts-crl", "ts-crl-honest", "seal-cert", "seal-cert-honest"];
const mode = process.argv[2] ?? "indef";
if (!modes.includes(mode)) throw new Error(`mode: ${modes.join("|")}, not ${mode}`);
const P = pki();
const { sealed, crl, compromise } = await revokedSealed();
const ocsp = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  producedAt: new Date("2025-12-10T08:36:38Z"),
  status: { revokedAt: compromise, reason: 1 },
});
const basic = basicOcspOf(ocsp);
const inner =
  mode === "honest"
    ? basic
    : mode === "indef-outer"
      ? toBer(basic, "indefinite", 1)
      : toBer(basic, mode === "long" ? "long" : mode === "split" ? "split" : "indefinite");
const rebuilt = encode(seq(enumerated(0), explicit(0, seq(oid("1.3.6.1.5.5.7.48.1.1"), octets(inner)))));
const item = mode === "both" ? toBer(rebuilt, "indefinite") : rebuilt;
const at = new Date("2025-12-10T09:36:38Z");
let out: Uint8Array;
if (mode.startsWith("seal-cert")) {
  const base = sample("valid/archive.pdf");
  const cms = sealGap(base).der;
  const sealCert = decodeSignedData(cms, "the seal", pkiSession(), true).certificates[0]!;
  const der = new Uint8Array(sealCert.toSchema(false).toBER(false));
  // The seal certificate (first in the set) BER-framed, every content byte unchanged.
  out = withSealContents(base, replaceFirstCertificate(cms, mode === "seal-cert" ? toBer(der, "indefinite") : der));
} else if (mode.startsWith("ts-crl")) {
  const stamped = await addDocumentTimestamp(sealed, P, at);
  out = withLastContents(stamped, withCmsField(lastGap(stamped).der, 0xa1, [mode === "ts-crl" ? toBer(crl, "indefinite") : crl]));
} else out = await addDocumentTimestamp(withDssStreams(sealed, { ocsps: [{ bytes: item }] }), P, at);
const file = save(work(`s8-ber-${mode}`), "archive.pdf", out);
console.log(
  `wrote ${file}: ${mode.startsWith("seal-cert") ? `samples/valid/archive.pdf, the seal certificate in the seal's CMS ${mode === "seal-cert" ? "in BER" : "in DER"}` : mode.startsWith("ts-crl") ? `the CA's CRL listing the seal in the archive timestamp token's crls, ${mode === "ts-crl" ? "BER" : "DER"}` : `the CA's OCSP "revoked" in the DSS, its inner BasicOCSPResponse ${mode === "honest" ? "in DER" : `BER (${mode})`}`}`,
);
show(mode, verify(file));
dss(file);
