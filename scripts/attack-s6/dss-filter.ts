// D1: a DSS item in a standard filter other than FlateDecode is "cannot be read" and said nothing of, while EU DSS
// and pyHanko read it. src/input/pdf/filters.ts decodes FlateDecode (and no filter) only; dss-items.ts then names
// the item a problem and the seal's revocation is judged without it. ISO 32000-1 §7.4 lists ASCIIHexDecode,
// ASCII85Decode, LZWDecode, RunLengthDecode as standard filters; PDFBox (EU DSS) and pyHanko decode them all.
// Scenario (attack-s5 P1c's): seal revoked 08:06 (keyCompromise), sealed 08:36 with the CA's "good" of 07:36 in
// the CMS; the archivist adds the CA's CRL of 2025-12-10 listing the seal to a DSS and an archive timestamp over it.
//   npx tsx scripts/attack-s6/dss-filter.ts [honest|hex]
// honest: the CRL stream raw (as augment writes it). hex: the same CRL with /Filter /ASCIIHexDecode.
// DSS=1 adds EU DSS (now).
import { dss, save, show, tool, verify, work } from "../attack36/lib.js";
import { archivedWith, asciiHex, revokedSealed } from "./lib.js";

const mode = process.argv[2] ?? "hex";
if (!["honest", "hex"].includes(mode)) throw new Error(`mode: honest|hex, not ${mode}`);
const { sealed, crl, compromise } = await revokedSealed();
const out = await archivedWith(sealed, mode === "hex" ? asciiHex(crl) : { bytes: crl });
const file = save(work("s6-filter"), "archive.pdf", out);
console.log(
  `wrote ${file}: seal revoked ${compromise.toISOString()} (keyCompromise), sealed 08:36 with a "good" of 07:36 in the CMS; the CA's CRL listing it in a DSS${mode === "hex" ? " as /Filter /ASCIIHexDecode" : ""}, under an archive timestamp`,
);
show(mode, verify(file));
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]);
dss(file);
