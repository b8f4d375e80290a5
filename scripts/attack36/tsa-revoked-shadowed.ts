// L1: long-term validation takes the FIRST acceptable revocation item for a TSA certificate, and "acceptable"
// means only "issued after the timestamp's genTime". An old "good" OCSP response (any one issued between the
// timestamp and the TSA's revocation: the TSA's responder answers anybody, and every augmented archive of that
// week carries one) listed in the DSS before the CA's "revoked (keyCompromise)" response makes the signature
// timestamp a proof of existence at any later time, and the expired seal passes past signature validation.
// The archive itself proves the TSA's key was compromised before the time it is validated at.
//   npx tsx scripts/attack36/tsa-revoked-shadowed.ts [honest|forge|forge-honest]
// honest: the B-T archive with a DSS holding only the CA's answers about the TSA (revoked 2026-03-01, OCSP and
// CRL): INDETERMINATE. Attack: the same plus the 2025-12-09 "good" OCSP listed first: TOTAL-PASSED.
// forge: the whole forgery L1 allows. The broker's seal certificate of that period expired on 2026-01-15 and its
// key, no longer guarded, leaked; the TSA's key was stolen too (hence its revocation). Today the attacker seals
// a PDF whose first page reads "Husleje: 1 kr." around the genuine token and attachments of the workflow (whose
// originals say 9.500 kr.), backdates the signature timestamp to 2025-12-08 with the stolen TSA key, puts the
// seal's genuine revocation data of that day in the CMS, and adds the DSS of the attack. sealcheck with the
// genuine originals: TOTAL-PASSED; then `augment` (loopback TSA) preserves it: B-LTA, a genuine archive timestamp
// of today over the forgery, TOTAL-PASSED. forge-honest: the forgery with only the CA's answers: INDETERMINATE.
import { createCrl, createOcspResponse } from "../generator/ocsp.js";
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { buildArchive } from "../generator/archive.js";
import { startTsa } from "../generator/servers.js";
import { expiredSeal } from "../generator/lta.js";
import { DEFAULT_ORIGINALS, createOriginalPdf } from "../generator/originals.js";
import { serialBytes } from "../generator/pki.js";
import { dss, dssItems, pem, pki, sample, save, show, tool, verify, withDss, work } from "./lib.js";

const mode = process.argv[2] ?? "attack";
const honest = mode === "honest" || mode === "forge-honest";
const forge = mode.startsWith("forge");
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
// B-T, seal certificate expired 2026-01-15, sealed 2025-12-08: the broker's, or the forgery.
const base = forge ? await forgery() : sample("expired/archive.pdf");
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
if (forge)
  console.log(
    `== pdftotext page 1: ${tool("pdftotext", ["-f", "1", "-l", "1", file, "-"])
      .split("\n")
      .filter((l) => /Husleje/.test(l))
      .join(" ")}`,
  );
if (mode === "forge") {
  const tsa = await startTsa(P.tsa);
  try {
    const r = await augmentArchive({ evidence: file, tsa: tsa.url, trust: ["samples/trust"] });
    console.log(
      `== augment: ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}, DSS gained ${JSON.stringify(r.added)}, ${r.timestamp.field} at ${r.timestamp.genTime}`,
    );
    show("augmented forgery", verify(save(dir, "archive-lta.pdf", r.bytes)));
  } catch (e) {
    // Since the A1 fix: an authentic "revoked" about the TSA stops augment, whatever older answer says good.
    console.log(`== augment refused: ${errorMessage(e)}`);
  } finally {
    await tsa.close();
  }
}
console.log("== pdfsig:");
console.log(
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature #|Signer Certificate|Signature Validation|Certificate Validation|Total document/.test(l))
    .join("\n"),
);

/** Sealed today with the leaked key of the expired seal certificate; the token and attachments are the workflow's own. */
async function forgery(): Promise<Uint8Array> {
  const shown = await Promise.all(
    DEFAULT_ORIGINALS.map((o) => createOriginalPdf({ ...o, pages: o.pages.map((p) => p.map((l) => l.replace("9.500 kr.", "1 kr."))) })),
  );
  // The evidence is built from the same keys and timeline as the sample (the same token, attachments and OCSP);
  // the seal (certificate valid until 2026-01-15), its CMS revocation data of 2025-12-08 and the signature
  // timestamp of 2025-12-08T08:36:38Z are what the leaked seal key and the stolen TSA key make.
  const a = await buildArchive({ ...P, seal: expiredSeal(P) }, { layout: { originals: shown } });
  return a.pdf;
}
