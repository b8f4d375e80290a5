// a27 (b515ac0, target 2): a25 L1's revoked seal, the CA's CRL in a DSS under filter names and spellings around
// b515ac0's allow-list: /Crypt with /Identity (named, or by default), a #-escaped name, an abbreviation this reader
// knows, /DCT (lossy; control). Each should be read (TOTAL-FAILED / REVOKED) or undecided, never junk-and-PASSED where
// EU DSS reads the CRL.
//   npx tsx scripts/attack-s22/dss-names.ts <crypt-identity|crypt-default|crypt-array|escaped|fl|ahx|dct>   (DSS=1)
import { deflateSync } from "node:zlib";
import { dss, save, show, verify, work } from "../attack36/lib.js";
import { archivedWith, revokedSealed, type Stream } from "../attack-s6/lib.js";

const MODES = ["crypt-identity", "crypt-default", "crypt-array", "escaped", "fl", "ahx", "dct"];
const mode = process.argv[2] ?? "crypt-identity";
if (!MODES.includes(mode)) throw new Error(`mode: ${MODES.join("|")}`);
const { sealed, crl } = await revokedSealed();
const latin = (b: Uint8Array) => Buffer.from(b).toString("latin1");
const raw = (keys: string, data: Uint8Array): Stream => ({ raw: `<< ${keys} /Length ${data.length} >>\nstream\n${latin(data)}\nendstream` });
const z = deflateSync(crl);
const streams: Record<string, () => Stream> = {
  "crypt-identity": () => raw("/Filter /Crypt /DecodeParms << /Name /Identity >>", crl),
  "crypt-default": () => raw("/Filter /Crypt", crl),
  "crypt-array": () => raw("/Filter [/Crypt /FlateDecode] /DecodeParms [<< /Name /Identity >> null]", z),
  escaped: () => raw("/Filter /Flate#44ecode", z),
  fl: () => raw("/Filter /Fl", z),
  ahx: () => raw("/Filter /AHx", new TextEncoder().encode(`${Buffer.from(crl).toString("hex")}>`)),
  dct: () => raw("/Filter /DCT", crl),
};
const file = save(work(`a27-names-${mode}`), "archive.pdf", await archivedWith(sealed, streams[mode]!()));
show(mode, verify(file));
dss(file);
