// "A revoked TSA before its POE" through G1b's gap: the TSA CA's OCSP answer "revoked (keyCompromise)" about the TSA
// certificate, with its inner BasicOCSPResponse's tbsResponseData framed in BER (indefinite length; the content the
// CA signed unchanged), is checked here over the BER bytes, fails, and is "not the CA's statement": long-term takes the
// TSA as not revoked and the signature timestamp as the expired seal's proof of existence. EU DSS reads the BER,
// verifies over its DER and finds the TSA revoked before the time it is validated at. Main 142d328 as well as the
// lead's derFramed (884d3d1): the OCSPResponse around it is DER.
// Scenario: attack36 L1's (samples/expired/archive.pdf: sealed 2025-12-08, seal certificate expired 2026-01-15, B-T;
// the TSA's key compromised, revoked 2026-03-01 keyCompromise, the CA's OCSP answer of 2026-03-02), whose DSS also
// holds the TSA's "good" of 2025-12-09 (samples/expired/archive-lta.pdf's) and the TSA's certificates.
//   npx tsx scripts/attack-s8/tsa-revoked-unread.ts [ber|honest|none]
// ber: the CA's "revoked" with the inner tbsResponseData in BER. honest: in DER (attack36 L1's fix: INDETERMINATE).
// none: without it (what the file proves without the revocation: TOTAL-PASSED). DSS=1 adds EU DSS (now).
import { createOcspResponse } from "../generator/ocsp.js";
import { dss, dssItems, pki, sample, save, show, verify, withDss, work } from "../attack36/lib.js";
import { withIndefiniteTbs } from "./lib.js";

const mode = process.argv[2] ?? "ber";
if (!["ber", "honest", "none"].includes(mode)) throw new Error(`mode: ber|honest|none, not ${mode}`);
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
const good = dssItems(sample("expired/archive-lta.pdf")).ocsps.filter((o) => !Buffer.from(o).equals(Buffer.from(revokedOcsp)));
const revoked = mode === "none" ? [] : [mode === "ber" ? withIndefiniteTbs(revokedOcsp) : revokedOcsp];
const file = save(
  work(`s8-tsa-revoked-${mode}`),
  "archive.pdf",
  withDss(sample("expired/archive.pdf"), { ocsps: [...good, ...revoked], certs: [P.tsa.der, P.tsaRoot.der] }),
);
console.log(
  `wrote ${file}: samples/expired/archive.pdf + DSS: ${good.length} "good" answers of 2025-12-09${mode === "none" ? "" : `, the CA's "TSA revoked 2026-03-01" (${mode === "ber" ? "inner tbsResponseData in BER" : "DER"})`}`,
);
show(mode, verify(file));
dss(file);
