// a15 against 9b63500 (withoutOverLimitElements drops over-limit elements of certificates [0] / crls [1] only):
// the same 140 bytes of 70 nested SEQUENCEs put elsewhere outside every signature.
//   npx tsx scripts/attack-s10/cms-limit-elsewhere.ts [crls|unsigned-attr|nodes] [real]
// crls: a13 S3e's element (control, fixed). unsigned-attr: an unsigned attribute of the seal's SignerInfo
// (RFC 5652 §5.3: outside the signature) with the deep value. nodes: one crls element of many NULLs.
import { readFileSync } from "node:fs";
import { sample, save, sealGap, show, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsField, withUnsignedAttribute } from "../attack-s8/lib.js";

const mode = process.argv[2] ?? "unsigned-attr";
const real = process.argv[3] === "real";
const REAL = "test/fixtures/real/broker-example";
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample("valid/archive.pdf");
const gap = sealGap(base);
const h = (s: string) => new Uint8Array(Buffer.from(s.replace(/ /g, ""), "hex"));
const lenOf = (n: number) =>
  n < 128 ? h(n.toString(16).padStart(2, "0")) : n < 256 ? h(`81${n.toString(16).padStart(2, "0")}`) : h(`82${n.toString(16).padStart(4, "0")}`);
const tlv = (tag: number, v: Uint8Array) => new Uint8Array([tag, ...lenOf(v.length), ...v]);
const derDeep = (n: number): Uint8Array => {
  let v = h("3000");
  for (let i = 1; i < n; i++) v = tlv(0x30, v);
  return v;
};
let der: Uint8Array;
if (mode === "crls") der = withCmsField(gap.der, 0xa1, [derDeep(70)]);
else if (mode === "certs") der = withCmsField(gap.der, 0xa0, [derDeep(70)], true);
else if (mode === "unsigned-attr") {
  // Attribute ::= SEQUENCE { attrType OID (1.2.3.4), attrValues SET { <deep> } }
  der = withUnsignedAttribute(gap.der, tlv(0x30, new Uint8Array([...h("06032a0304"), ...tlv(0x31, derDeep(70))])));
} else if (mode === "nodes") {
  const room = (gap.end - gap.start - 2) / 2;
  console.log(`room ${room} bytes`);
  der = withCmsField(gap.der, 0xa1, [tlv(0x30, new Uint8Array(Math.min(60000, room - gap.der.length - 200)))]);
} else throw new Error(mode);
const dir = work(`s10-${mode}`);
const file = save(dir, "archive.pdf", withSealContents(base, der));
console.log(`wrote ${file}`);
const extra = real ? ["--at", "2025-12-08T09:35:10Z"] : [];
show(mode, verify(file, extra, real ? "" : "samples/valid/originals", real ? `${REAL}/trust` : "samples/trust"));
