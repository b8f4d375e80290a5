// a27 (h10b 845a34b/cf3d8bd, target 3): genuine items of the seal's CA that an attacker can fetch and add (a DSS
// anyone appends, or an unsigned place) to a genuine archive: can they make it TOTAL-FAILED? The sealed archive is
// attack-s6's (a CMS "good" of 07:36 for the seal, signature timestamp 08:36), never revoked at sealing.
// modes (the item added to a DSS under an archive timestamp of 2025-12-10):
//   none          control: the DSS with no item
//   unknown-late  the CA's OCSP "unknown" for the seal, produced 2025-12-10 (a responder that has dropped it)
//   unknown-early the CA's OCSP "unknown" produced 2025-12-08 07:00 (before the CMS "good" of 07:36)
//   revoked-late  the CA's CRL listing the seal revoked 2025-12-09 (after sealing; reason superseded)
//   revoked-late-kc  the same, reason keyCompromise
//   npx tsx scripts/attack-s22/pool-genuine.ts <mode>     (DSS=1 adds EU DSS)
import { dss, pki, save, scopedCrl, show, verify, work } from "../attack36/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { buildArchive } from "../generator/archive.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { withDssStreams, type Stream } from "../attack-s6/lib.js";

const MODES = ["none", "unknown-late", "unknown-early", "revoked-late", "revoked-late-kc"];
const mode = process.argv[2] ?? "unknown-late";
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}`);
const P = pki();
const sealing = TIMELINE.timestampAt;
const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
const unknown = (at: Date): Stream => ({
  bytes: createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: at, status: "unknown" }),
});
const revoked = (reason: number): Stream => ({
  bytes: scopedCrl({
    issuer: P.sealRoot,
    number: 43,
    thisUpdate: new Date("2025-12-10T08:36:38Z"),
    nextUpdate: new Date("2025-12-17T08:36:38Z"),
    revoked: [{ serial: serialBytes(P.seal), at: new Date("2025-12-09T08:00:00Z"), reason }],
  }),
});
const add: Record<string, { ocsps?: Stream[]; crls?: Stream[] }> = {
  none: {},
  "unknown-late": { ocsps: [unknown(new Date("2025-12-10T08:00:00Z"))] },
  "unknown-early": { ocsps: [unknown(new Date(sealing.getTime() - 5400_000))] },
  "revoked-late": { crls: [revoked(4)] },
  "revoked-late-kc": { crls: [revoked(1)] },
};
const file = save(work(`a27-pool-${mode}`), "archive.pdf", await addDocumentTimestamp(withDssStreams(sealed, add[mode]!), P, new Date("2025-12-10T09:36:38Z")));
console.log(`wrote ${file} (${mode})`);
show(mode, verify(file));
dss(file);
