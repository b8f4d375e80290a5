// A2: augment accepts a TSA's genTime anywhere between the archive's latest timestamp and now + 5 min
// (tsa.ts requestTimestamp). A TSA whose clock is 330 days behind (misconfigured, or a stolen TSA key behind a
// plain-HTTP --tsa URL) answers today's request with a genTime of last winter, and augment writes it as the
// archive timestamp: a proof of existence 330 days earlier than true, before the seal certificate's expiry on
// 2026-01-15, which the verdict then rests on. The request/response exchange itself bounds the true time.
//   npx tsx scripts/attack36/augment-tsa-clock.ts [honest]
// honest: a TSA with a true clock: the same archive gets a POE of today (after the seal's expiry).
import { augmentArchive } from "../../src/api/internal.js";
import { errorMessage } from "../../src/errors.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { startTsa } from "../generator/servers.js";
import { pki, sample, save, show, verify, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const P = pki();
const dir = work("a2");
const skew = honest ? 0 : 330 * 86_400_000;
const tsa = await startTsa(P.tsa, { clock: () => new Date(Date.now() - skew) });
try {
  // The archivist's current answer about the signature timestamp's TSA, as augment asks for it.
  const tsaOcsp = createOcspResponse({ subject: P.tsa, issuer: P.tsaRoot, responder: P.tsaRoot, producedAt: new Date(Date.now() - 60_000) });
  const asked = new Date();
  const r = await augmentArchive({
    evidence: { name: "archive.pdf", bytes: sample("expired/archive.pdf") },
    tsa: tsa.url,
    trust: ["samples/trust"],
    ocsp: [tsaOcsp],
  });
  console.log(
    `== augment at ${asked.toISOString()}: ${r.before.indication} ${r.before.padesLevel} -> ${r.after.indication} ${r.after.padesLevel}; ${r.timestamp.field} genTime ${r.timestamp.genTime}`,
  );
  show(honest ? "honest TSA clock" : "TSA clock 330 days behind", verify(save(dir, "archive-lta.pdf", r.bytes)));
} catch (e) {
  // Since the A2 fix: a genTime outside the request/response exchange is refused, the archive untouched.
  console.log(`== augment refused: ${errorMessage(e)}`);
} finally {
  await tsa.close();
}
