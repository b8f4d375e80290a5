// S1: an authentic "revoked" on a CRL whose scope is narrower than complete is thrown away. The L2 fix
// (crl.ts crlScopeGap) reads a CRL's scope *before* its entries: a delta CRL, a CRL partitioned by reason
// (IDP onlySomeReasons) or by distribution point (an IDP distributionPoint the certificate does not name) is
// "no answer", whatever it lists. RFC 5280 §6.3.3 limits only the inference "not listed, so not revoked" to a
// CRL whose scope covers the certificate; an entry on any CRL the certificate's CA signed is that CA's statement
// that the certificate is revoked (a delta CRL lists exactly the revocations since its base; the keyCompromise
// partition lists exactly the key compromises). The L1-L4 rule "an authentic revoked at or before the POE
// decides, from any source" therefore has a hole the size of every CA that partitions or publishes deltas.
// Scenario (L3's): the seal key is stolen; the CA revokes the seal at 08:06 (keyCompromise); at 08:36 the thief
// seals a PDF (honest TSA) with the CA's last "good" OCSP of 07:36 in the CMS. The archivist later puts the CA's
// CRL of two days later, which lists the seal as revoked at 08:06, in the DSS: here that CRL is the CA's delta
// CRL (or its keyCompromise partition, or the partition of another distribution point).
//   npx tsx scripts/attack36b/scoped-crl-revoked-dropped.ts [honest|delta|reasons|dp|dp-after|augment|augment-honest]
// honest: the complete CRL: TOTAL-FAILED / REVOKED. delta, reasons, dp: TOTAL-PASSED.
// dp-after (L4's case): samples/valid/archive.pdf, the seal revoked on 2026-06-01 (keyCompromise), listed on
// the CA's CRL partition of another distribution point: no sealRevokedAt, long-term passes "still valid now"
// with no proven POE: TOTAL-PASSED (the complete CRL: INDETERMINATE / REVOKED_NO_POE, as EU DSS).
// augment: the TSA's key is stolen and the TSA revoked 2026-03-01 (keyCompromise); the archive's DSS holds the
// TSA CA's genuine "good" of 2026-01-15 (before the revocation); the archivist renews it with the CA's current
// delta CRL saying the TSA is revoked (--crl). augment's revoked stop (h36c: src/pki/revocation.ts, through
// judgeCrl) gives the delta no answer and renews. augment-honest: the complete CRL: refused ("is revoked").
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { buildArchive } from "../generator/archive.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { startTsa } from "../generator/servers.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, pki, sample, save, scopedCrl, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "delta";
const P = pki();
const dir = work("s1");

/** The CA's CRL of `at` listing `serial` revoked at `revokedAt` (keyCompromise), with the scope `mode` asks for. */
function crlFor(issuer: typeof P.sealRoot, serial: Uint8Array, revokedAt: Date, at: Date, kind: string): Uint8Array {
  const base = { issuer, thisUpdate: at, nextUpdate: new Date(at.getTime() + 7 * 86_400_000), revoked: [{ serial, at: revokedAt }] };
  if (kind === "delta") return scopedCrl({ ...base, number: 8, deltaOf: 7 });
  if (kind === "reasons") return scopedCrl({ ...base, number: 9, idp: { onlySomeReasons: [1] } }); // keyCompromise
  if (kind === "dp") return scopedCrl({ ...base, number: 10, idp: { uri: "http://crl.example.test/partition-7.crl" } });
  return scopedCrl({ ...base, number: 7 }); // complete
}

if (mode.startsWith("augment")) {
  // The TSA's key was stolen; its CA revoked it on 2026-03-01 (keyCompromise) and says so in today's CRL.
  const tsaRevoked = new Date("2026-03-01T00:00:00Z");
  const today = new Date(Date.now() - 3600_000);
  const crl = crlFor(P.tsaRoot, serialBytes(P.tsa), tsaRevoked, today, mode === "augment-honest" ? "complete" : "delta");
  const beforeRevocation = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date("2026-01-15T00:00:00Z") });
  const tsa = await startTsa(P.tsa);
  try {
    const r = await augmentArchive({
      // The archive as the thief left it: a genuine "good" of the TSA's CA from before the revocation in its DSS.
      evidence: { name: "archive-lta.pdf", bytes: withDss(sample("expired/archive-lta.pdf"), { ocsps: [beforeRevocation] }) },
      tsa: tsa.url,
      trust: ["samples/trust"],
      crl: [crl],
    });
    const file = save(dir, "renewed.pdf", r.bytes);
    console.log(
      `== augment --crl <the TSA CA's ${mode === "augment-honest" ? "complete" : "delta"} CRL: TSA revoked ${tsaRevoked.toISOString()}, keyCompromise>: ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}; DSS gained ${JSON.stringify(r.added)}; new ${r.timestamp.field} at ${r.timestamp.genTime}`,
    );
    show("renewed", verify(file));
  } catch (e) {
    console.log(`== augment refused: ${errorMessage(e)}`);
  } finally {
    await tsa.close();
  }
} else if (mode === "dp-after") {
  const revokedAt = new Date("2026-06-01T00:00:00Z");
  const at = new Date("2026-06-02T00:00:00Z");
  const file = save(dir, "archive.pdf", withDss(sample("valid/archive.pdf"), { crls: [crlFor(P.sealRoot, serialBytes(P.seal), revokedAt, at, "dp")] }));
  console.log(
    `wrote ${file}: samples/valid/archive.pdf; DSS: the CA's CRL partition of ${at.toISOString()} listing the seal revoked ${revokedAt.toISOString()}`,
  );
  show(mode, verify(file));
  dss(file);
} else {
  const sealing = TIMELINE.timestampAt; // 2025-12-08T08:36:38Z
  const revokedAt = new Date(sealing.getTime() - 30 * 60_000);
  const lastGood = new Date(sealing.getTime() - 60 * 60_000);
  const later = new Date(sealing.getTime() + 2 * 86_400_000);
  const goodOcsp = createOcspResponse({
    subject: P.seal,
    issuer: P.sealRoot,
    responder: P.sealRoot,
    producedAt: lastGood,
    nextUpdate: new Date(lastGood.getTime() + 3 * 86_400_000),
  });
  const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [goodOcsp] } } })).pdf;
  const crl = crlFor(P.sealRoot, serialBytes(P.seal), revokedAt, later, mode === "honest" ? "complete" : mode);
  const file = save(dir, "archive.pdf", withDss(sealed, { crls: [crl] }));
  console.log(
    `wrote ${file}: seal revoked ${revokedAt.toISOString()} (keyCompromise), sealed ${sealing.toISOString()} with the OCSP "good" of ${lastGood.toISOString()}; DSS: the CA's ${mode === "honest" ? "complete" : mode} CRL of ${later.toISOString()} listing the seal revoked at ${revokedAt.toISOString()}`,
  );
  show(mode, verify(file));
  dss(file); // now (DSS reads a CRL only after its thisUpdate)
}
