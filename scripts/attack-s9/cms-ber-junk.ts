// 4b4cc56 (dropUndecodable) and cc7c2d6 (a CMS not in DER is re-framed whole before pkijs decodes it): junk in the
// seal CMS's unsigned `crls` set that is BER, or deep. The whole CMS must then be re-framed (or decoded) within the
// limits before any element is dropped, so one element anyone may add decides the seal's CMS as a whole.
//   npx tsx scripts/attack-s9/cms-ber-junk.ts [ber-empty|ber-deep|der-deep|honest] [depth] (prefix real- for the broker's real archive)
// ber-empty: SEQUENCE (indefinite) {} in crls;
// definite crls field; ber-deep: `depth` (70) nested indefinite SEQUENCEs; der-deep: `depth` nested definite ones.
// honest: the same rewrite, nothing added. DSS=1 adds EU DSS.
import { readFileSync } from "node:fs";
import { dss, sample, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsField } from "../attack-s8/lib.js";

const kinds = ["ber-empty", "ber-deep", "der-deep", "honest"];
const mode = process.argv[2] ?? "ber-deep";
const depth = Number(process.argv[3] ?? 70);
const real = mode.startsWith("real-");
const kind = mode.replace(/^real-/, "");
if (!kinds.includes(kind)) throw new Error(`mode: [real-]${kinds.join("|")}, not ${mode}`);
const REAL = "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample("valid/archive.pdf");
const { der } = sealGap(base);
const h = (s: string) => new Uint8Array(Buffer.from(s.replace(/ /g, ""), "hex"));
const derDeep = (n: number): Uint8Array => {
  let v = h("3000");
  for (let i = 1; i < n; i++) {
    const len = v.length < 128 ? h(v.length.toString(16).padStart(2, "0")) : h(`82${v.length.toString(16).padStart(4, "0")}`);
    v = new Uint8Array([0x30, ...len, ...v]);
  }
  return v;
};
const junk: Record<string, Uint8Array[]> = {
  "ber-empty": [h("30800000")],
  "ber-deep": [new Uint8Array([...Array.from({ length: depth }, () => [0x30, 0x80]).flat(), ...Array.from({ length: depth }, () => [0, 0]).flat()])],
  "der-deep": [derDeep(depth)],
  honest: [],
};
const cms = withCmsField(der, 0xa1, junk[kind]!);
const file = save(work(`s9-cms-ber-junk-${mode}`), "archive.pdf", withSealContents(base, cms));
console.log(`wrote ${file} (${mode}, depth ${depth}): ${real ? "the broker's real archive" : "samples/valid/archive.pdf"}, the seal CMS's crls with ${kind}`);
show(mode, real ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation/i.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
dss(file, real ? AT : undefined, real ? `${REAL}/trust` : undefined);
