// a27 (target 3): the TSA root's genuine CRL listing the TSA unit revoked AFTER the seal token's genTime, for a
// reason that is no compromise (the unit retired: cessationOfOperation 5, superseded 4) or keyCompromise 1, added to
// a DSS of samples/valid (B-T) or samples/lta (B-LTA). Does a routine retirement of the TSA unit turn a genuine
// archive not-PASSED?
//   npx tsx scripts/attack-s22/tsa-retired.ts <valid|lta> <none|5|4|1>   (DSS=1 EU DSS)
import { readFileSync } from "node:fs";
import { dss, save, show, verify, work } from "../attack36/lib.js";
import { withDssStreams } from "../attack-s6/lib.js";
import { createCrl } from "../generator/ocsp.js";
import { loadPki, serialBytes } from "../generator/pki.js";

const which = process.argv[2] ?? "valid";
const reason = process.argv[3] ?? "5";
const pdf = new Uint8Array(readFileSync(`samples/${which}/archive.pdf`));
const pki = loadPki("samples/pki");
const crl = createCrl({
  issuer: pki.tsaRoot,
  thisUpdate: new Date("2026-11-01T00:00:00Z"),
  nextUpdate: new Date("2027-11-01T00:00:00Z"),
  revoked: reason === "none" ? [] : [{ serial: serialBytes(pki.tsa), at: new Date("2026-06-01T00:00:00Z"), reason: Number(reason) }],
});
const file = save(work(`a27-tsa-retired-${which}-${reason}`), "archive.pdf", withDssStreams(pdf, { crls: [{ bytes: crl }] }));
console.log(`wrote ${file}: samples/${which} + the TSA root's CRL (TSA revoked 2026-06-01, reason ${reason})`);
show(`${which} ${reason}`, verify(file));
dss(file);
