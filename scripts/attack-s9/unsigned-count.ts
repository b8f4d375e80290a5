// a11 D2b's fix (h7a): the seal CMS's unsigned sets and the timestamps' own CMS count their OCSP responses and CRLs
// "that decode" against maxValidationDataItems (1,000), and past it the seal's status is not decided ("junk is no
// validation data: it says nothing and costs no check"). But an OCSPResponse that is not `successful` (tryLater, no
// responseBytes: 5 bytes) decodes, and says nothing. 1,001 distinct ones (the status ENUMERATED's value 0..255 and its
// content padded with leading zeros: 5 to 8 bytes each), as `[1] { id-ri-ocsp-response, OCSPResponse }` entries in
// the seal CMS's own crls (about 19 kB): /Contents rewritten in place, no revision added, no key.
//   npx tsx scripts/attack-s9/unsigned-count.ts [flood|honest] [N]
// flood: samples/valid/archive.pdf, N (1,001) such entries; honest: N = 1,000 (within the limit). DSS=1 adds EU DSS.
import { dss, sample, save, sealGap, show, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsField } from "../attack-s8/lib.js";
import { encode, implicitConstructed, oid, raw } from "../generator/der.js";

const mode = process.argv[2] ?? "flood";
if (!["flood", "honest"].includes(mode)) throw new Error(`mode: flood|honest, not ${mode}`);
const n = Number(process.argv[3] ?? (mode === "flood" ? 1001 : 1000));
const items = Array.from({ length: n }, (_, i) => {
  const pad = Math.floor(i / 256);
  const content = [...Array.from({ length: pad }, () => 0), i % 256];
  return encode(implicitConstructed(1, [oid("1.3.6.1.5.5.7.16.2"), raw(new Uint8Array([0x30, content.length + 2, 0x0a, content.length, ...content]))]));
});
const base = sample("valid/archive.pdf");
const cms = withCmsField(sealGap(base).der, 0xa1, items);
const file = save(work(`s9-unsigned-count-${mode}-${n}`), "archive.pdf", withSealContents(base, cms));
console.log(`wrote ${file}: samples/valid/archive.pdf, the seal CMS's crls with ${n} non-successful OCSP responses (CMS ${cms.length} bytes)`);
show(`${mode} ${n}`, verify(file));
dss(file);
