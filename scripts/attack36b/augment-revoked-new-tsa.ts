// A1b: augment asks a TSA for the new archive timestamp without weighing what it holds about that TSA. The A1 fix
// (h-fix36b) stops on an authentic "revoked" about a certificate on the path of an *existing* timestamp
// (`paths.needs`); the TSA that answers now is checked by `requestTimestamp` for its path to a TSA anchor only.
// The archivist renews samples/expired/archive-lta.pdf at a second time-stamping unit of the same provider and
// passes the provider's answers with --ocsp: Unit 1 (the archive's TSA) "good" today, Unit 2 "revoked
// 2026-03-01, keyCompromise" (the archivist's --tsa URL points at the unit whose key was stolen, or a stolen key
// answers at that URL). augment writes ArchiveTimestamp2 from Unit 2 and reports success.
//   npx tsx scripts/attack36b/augment-revoked-new-tsa.ts [honest]
// honest: the same with Unit 2 "good": success (as it should be). default: success too (it should be refused:
// the archivist's own data says the new timestamp proves nothing).
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { pki, sample, save, show, verify, work } from "../attack36/lib.js";
import { secondTsa } from "./units.js";

const honest = process.argv[2] === "honest";
const P = pki();
const unit2 = secondTsa(P);
const dir = work("a1b");
const hourAgo = new Date(Date.now() - 3600_000);
const unit1Good = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: hourAgo });
const unit2Says = createOcspResponse({
  subject: unit2,
  issuer: P.tsaRoot,
  responder: P.tsaRoot,
  producedAt: hourAgo,
  ...(honest ? {} : { status: { revokedAt: new Date("2026-03-01T00:00:00Z"), reason: 1 } }),
});
const tsa = await startTsa(unit2);
try {
  const r = await augmentArchive({
    evidence: { name: "archive-lta.pdf", bytes: sample("expired/archive-lta.pdf") },
    tsa: tsa.url,
    trust: ["samples/trust"],
    ocsp: [unit1Good, unit2Says],
  });
  const file = save(dir, "renewed.pdf", r.bytes);
  console.log(
    `== augment at Unit 2 (--ocsp: Unit 1 good, Unit 2 ${honest ? "good" : "revoked 2026-03-01 keyCompromise"}): ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}; DSS gained ${JSON.stringify(r.added)}; new ${r.timestamp.field} at ${r.timestamp.genTime}`,
  );
  show("renewed", verify(file));
} catch (e) {
  console.log(`== augment refused: ${errorMessage(e)}`);
} finally {
  await tsa.close();
}
