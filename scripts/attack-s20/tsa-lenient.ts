// a25 (h10b x a22 R1): attack-s17's revoked TSA (a CRL of the TSA root revoking the TSA, keyCompromise, before the
// seal timestamp's genTime, in an LTV update's DSS), the CRL stored so this reader's strict decoding refuses it while
// PDFBox (EU DSS) reads it. The lenient reading (h10b) is kept for the seal certificate's rule alone: is the TSA's
// revocation still seen?
// modes: honest (FlateDecode: the control), truncated (Flate without its final block and Adler-32: "read by both"
// PDFBox and qpdf per d7c47d8), pred-real (/DecodeParms << /Predictor 1.0 >>), hexz (ASCIIHex with a "z" after the data)
//   npx tsx scripts/attack-s20/tsa-lenient.ts <honest|truncated|pred-real|hexz>   (DSS=1 EU DSS)
import { readFileSync } from "node:fs";
import { constants, deflateSync } from "node:zlib";
import { dss, save, show, verify, work } from "../attack36/lib.js";
import { withDssStreams, type Stream } from "../attack-s6/lib.js";
import { createCrl } from "../generator/ocsp.js";
import { loadPki, serialBytes } from "../generator/pki.js";

const MODES = ["honest", "truncated", "pred-real", "hexz"];
const mode = process.argv[2] ?? "truncated";
if (!MODES.includes(mode)) throw new Error(`usage: <${MODES.join("|")}>`);
const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const pki = loadPki("samples/pki");
const crl = createCrl({
  issuer: pki.tsaRoot,
  thisUpdate: new Date("2026-11-01T00:00:00Z"),
  nextUpdate: new Date("2027-11-01T00:00:00Z"),
  revoked: [{ serial: serialBytes(pki.tsa), at: new Date("2025-06-01T00:00:00Z"), reason: 1 }],
});
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const raw = (keys: string, data: Uint8Array): Stream => ({ raw: `<< ${keys} /Length ${data.length} >>\nstream\n${latin(data)}\nendstream` });
const streams: Record<string, () => Stream> = {
  honest: () => ({ bytes: crl }),
  truncated: () => raw("/Filter /FlateDecode", deflateSync(crl, { finishFlush: constants.Z_SYNC_FLUSH })),
  "pred-real": () => raw("/Filter /FlateDecode /DecodeParms << /Predictor 1.0 >>", deflateSync(crl)),
  hexz: () => raw("/Filter /ASCIIHexDecode", new Uint8Array(Buffer.from(`${Buffer.from(crl).toString("hex")}z>`, "latin1"))),
};
const file = save(work(`a25-tsa-lenient-${mode}`), "archive.pdf", withDssStreams(pdf, { crls: [streams[mode]!()] }));
console.log(`wrote ${file}`);
show(`tsa-lenient ${mode}`, verify(file));
dss(file, undefined, "samples/trust");
