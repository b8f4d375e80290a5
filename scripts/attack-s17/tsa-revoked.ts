// a22 (h9d): a revoked TSA. An LTV update (a DSS, as augment writes one) adds a CRL of the TSA root revoking the
// TSA's certificate, keyCompromise, at a time before (before) or after (after) the seal's timestamp. The seal's
// timestamp then proves no time (before) or still does (after); a revocation of the TSA is no fault of the seal.
// Needs the TSA root's key: samples/valid only (samples/pki). Command:
//   npx tsx scripts/attack-s17/tsa-revoked.ts <before|after|none>   (DSS=1 EU DSS)
import { readFileSync } from "node:fs";
import { dss, save, show, tool, verify, withDss, work } from "../attack36/lib.js";
import { createCrl } from "../generator/ocsp.js";
import { loadPki, serialBytes } from "../generator/pki.js";

const mode = process.argv[2] ?? "before";
if (!["before", "after", "none"].includes(mode)) throw new Error("usage: <before|after|none>");
const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const pki = loadPki("samples/pki");
const at = mode === "before" ? new Date("2025-06-01T00:00:00Z") : new Date("2026-06-01T00:00:00Z");
const crl = createCrl({
  issuer: pki.tsaRoot,
  thisUpdate: new Date("2026-11-01T00:00:00Z"),
  nextUpdate: new Date("2027-11-01T00:00:00Z"),
  revoked: mode === "none" ? [] : [{ serial: serialBytes(pki.tsa), at, reason: 1 }],
});
const file = save(work(`s17-tsa-revoked-${mode}`), "archive.pdf", withDss(pdf, { crls: [crl] }));
console.log(`wrote ${file}`);
show(`tsa-revoked ${mode}`, verify(file));
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
dss(file, undefined, "samples/trust");
