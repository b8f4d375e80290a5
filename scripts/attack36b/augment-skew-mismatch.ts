// A1c: augment and long-term validation read "issued after the timestamp" with different clock skews. augment's
// proof rule (validation-data.ts `tooOld`, and its revocation reader) allows 300 s (SKEW_SECONDS); long-term
// validation allows the policy's clockSkewSeconds (60 s by default). A held item issued 1–5 minutes before a
// timestamp is a proof for augment, which then neither uses the archivist's --ocsp nor fetches, and stale for
// long-term, so augment's own re-check ("still no proof of existence") refuses the renewal: an archive whose DSS
// holds such an item cannot be renewed, whatever fresh data the archivist gives.
//   npx tsx scripts/attack36b/augment-skew-mismatch.ts [honest]
// default: samples/expired/archive.pdf plus a DSS holding the TSA CA's "good" produced 3 minutes before the
// signature timestamp; augment --ocsp <the CA's current good>: refused. honest: the same DSS item produced 30 s
// before (inside both skews): augmented.
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { TIMELINE } from "../generator/timeline.js";
import { pki, sample, show, verify, save, withDss, work } from "../attack36/lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("a1c");
const before = new Date(TIMELINE.timestampAt.getTime() - (honest ? 30_000 : 180_000));
const held = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: before });
const current = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 3600_000) });
const input = withDss(sample("expired/archive.pdf"), { ocsps: [held] });
const tsa = await startTsa(P.tsa);
try {
  const r = await augmentArchive({ evidence: { name: "archive.pdf", bytes: input }, tsa: tsa.url, trust: ["samples/trust"], ocsp: [current] });
  console.log(
    `== augment (DSS: TSA good ${before.toISOString()}; --ocsp: the CA's current good): augmented, ${r.timestamp.field} at ${r.timestamp.genTime}; DSS gained ${JSON.stringify(r.added)}`,
  );
  show("augmented", verify(save(dir, "archive-lta.pdf", r.bytes)));
} catch (e) {
  console.log(`== augment (DSS: TSA good ${before.toISOString()}; --ocsp: the CA's current good) refused: ${errorMessage(e)}`);
} finally {
  await tsa.close();
}
