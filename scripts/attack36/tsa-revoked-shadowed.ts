// L1: long-term validation takes the FIRST acceptable revocation item for a TSA certificate, and "acceptable"
// means only "issued after the timestamp's genTime". An old "good" OCSP response (any one issued between the
// timestamp and the TSA's revocation: the TSA's responder answers anybody, and every augmented archive of that
// week carries one) listed in the DSS before the CA's "revoked (keyCompromise)" response makes the signature
// timestamp a proof of existence at any later time, and the expired seal passes past signature validation.
// The archive itself proves the TSA's key was compromised before the time it is validated at.
//   npx tsx scripts/attack36/tsa-revoked-shadowed.ts [honest]
// honest: the B-T archive with a DSS holding only the CA's answers about the TSA (revoked 2026-03-01, OCSP and
// CRL): INDETERMINATE. Attack: the same plus the 2025-12-09 "good" OCSP listed first: TOTAL-PASSED.
import { createCrl, createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { dss, dssItems, pem, pki, sample, save, show, tool, verify, withDss, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("l1");
const revokedAt = new Date("2026-03-01T00:00:00Z");
const told = new Date("2026-03-02T00:00:00Z");
// What the TSA's CA says after the compromise (keyCompromise = 1): OCSP and CRL, both genuine.
const revokedOcsp = createOcspResponse({
  subject: P.tsa,
  issuer: P.tsaRoot,
  responder: P.tsaRoot,
  status: { revokedAt, reason: 1 },
  producedAt: told,
  thisUpdate: told,
});
const crl = createCrl({
  issuer: P.tsaRoot,
  thisUpdate: told,
  nextUpdate: new Date("2026-12-31T00:00:00Z"),
  revoked: [{ serial: serialBytes(P.tsa), at: revokedAt }],
});
// The "good" answer of 2025-12-09 09:00 (the one samples/expired/archive-lta.pdf carries in its DSS).
const lta = dssItems(sample("expired/archive-lta.pdf"));
const good = lta.ocsps.filter((o) => !Buffer.from(o).equals(Buffer.from(revokedOcsp)));
const base = sample("expired/archive.pdf"); // B-T, seal certificate expired 2026-01-15, sealed 2025-12-08
const out = withDss(base, { ocsps: honest ? [revokedOcsp] : [...good, revokedOcsp], crls: [crl], certs: [P.tsa.der, P.tsaRoot.der] });
const file = save(dir, "archive.pdf", out);
console.log(
  `wrote ${file}: DSS OCSPs = ${honest ? "[TSA revoked 2026-03-01]" : `[${good.length} x good (2025-12-09, seal/token/TSA), TSA revoked 2026-03-01]`}, CRLs = [TSA revoked 2026-03-01]`,
);
show(honest ? "honest: only the CA's current answers" : "attack: an old good answer listed first", verify(file));
dss(file);
console.log("== openssl (the TSA certificate against the CA's CRL of 2026-03-02):");
const t = `${dir}/tsa.pem`;
save(dir, "tsa.pem", Buffer.from(P.tsa.pem));
save(dir, "ca.pem", Buffer.from(P.tsaRoot.pem));
save(dir, "crl.pem", Buffer.from(pem("X509 CRL", crl)));
console.log(tool("openssl", ["verify", "-crl_check", "-CAfile", `${dir}/ca.pem`, "-CRLfile", `${dir}/crl.pem`, t]));
console.log("== pdfsig:");
console.log(
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature #|Signer Certificate|Signature Validation|Certificate Validation|Total document/.test(l))
    .join("\n"),
);
