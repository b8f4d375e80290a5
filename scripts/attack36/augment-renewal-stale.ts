// A1: augment's renewal does not renew. The docs promise "on an archive that is already B-LTA, augment adds the
// next archive timestamp; the DSS gains the validation data of the previous document timestamp's TSA". But
// augment takes the first held item that "proves" a certificate (validation-data.ts ocspProves: any good
// response, at any time: freshnessWindowSeconds = MAX_SAFE_INTEGER, judged at its own producedAt), so the
// 2025-12-09 09:00 OCSP response (issued an hour BEFORE ArchiveTimestamp1) is taken as the proof for
// ArchiveTimestamp1's TSA: nothing is fetched (--fetch-revocation is never reached), nothing is added. The
// renewed archive's ArchiveTimestamp1 stays unproven (its only data predates it): the chain of archive
// timestamps is broken from its first link, while augment reports success (B-LTA, TOTAL-PASSED) and the POE rests
// on the signature timestamp judged "now" with year-old data (L1).
// Step 2: the archivist gives the CA's current answer with --ocsp: the TSA was revoked on 2026-03-01
// (keyCompromise). augment never looks at it (held data first) and renews the archive all the same.
//   npx tsx scripts/attack36/augment-renewal-stale.ts [honest]
// honest: the B-T archive (no held TSA data) with the same --ocsp: augment refuses (the response says revoked).
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { pki, sample, save, show, verify, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("a1");
const tsa = await startTsa(P.tsa);
const revoked = createOcspResponse({
  subject: P.tsa,
  issuer: P.tsaRoot,
  responder: P.tsaRoot,
  status: { revokedAt: new Date("2026-03-01T00:00:00Z"), reason: 1 },
  producedAt: new Date(Date.now() - 3600_000),
});
try {
  const input = honest ? "expired/archive.pdf" : "expired/archive-lta.pdf";
  for (const [label, ocsp] of (honest
    ? [["--ocsp <TSA revoked 2026-03-01>", [revoked]]]
    : [
        ["renewal, --fetch-revocation", []],
        ["renewal, --ocsp <TSA revoked 2026-03-01>", [revoked]],
      ]) as [string, Uint8Array[]][]) {
    try {
      const r = await augmentArchive({
        evidence: { name: input, bytes: sample(input) },
        tsa: tsa.url,
        trust: ["samples/trust"],
        ocsp,
        fetchRevocation: ocsp.length === 0,
      });
      const file = save(dir, `renewed-${ocsp.length}.pdf`, r.bytes);
      console.log(
        `== augment ${input} (${label}): ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}; DSS gained ${JSON.stringify(r.added)}; fetched ${JSON.stringify(r.fetched)}; new ${r.timestamp.field} at ${r.timestamp.genTime}`,
      );
      show(`renewed ${label}`, verify(file));
    } catch (e) {
      console.log(`== augment ${input} (${label}) refused: ${errorMessage(e)}`);
    }
  }
} finally {
  await tsa.close();
}
