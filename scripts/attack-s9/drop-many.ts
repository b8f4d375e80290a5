// 4b4cc56's dropUndecodable at its largest in a genuine archive's own /Contents: the seal CMS's unsigned certificate
// set filled with N junk elements (`[2] { INTEGER 0 }`, 5 bytes each; samples/valid has 26 kB of room): each is
// tried alone as a CertificateSet and named. Time and verdict.
//   npx tsx scripts/attack-s9/drop-many.ts [N]   (default 5,000)
import { sample, save, sealGap, show, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsField } from "../attack-s8/lib.js";

const n = Number(process.argv[2] ?? 5000);
const base = sample("valid/archive.pdf");
const junk = Array.from({ length: n }, () => new Uint8Array([0xa2, 0x03, 0x02, 0x01, 0x00]));
const file = save(work(`s9-drop-many-${n}`), "archive.pdf", withSealContents(base, withCmsField(sealGap(base).der, 0xa0, junk)));
console.log(`wrote ${file}: ${n} junk elements in the seal CMS's certificate set`);
const t0 = Date.now();
const v = verify(file);
console.log(`== verify took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
show(`${n}`, v);
