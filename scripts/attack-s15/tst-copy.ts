// a20 (c65a260): a timestamp token with two SignerInfos "proves no time" and is INDETERMINATE/FORMAT_FAILURE, which
// decides the archive's verdict. The seal's signature timestamp is an unsigned attribute: anyone may add a copy of
// the TSA's SignerInfo to it (copy-last), or drop the attribute altogether (drop). EU DSS drops such a token and
// judges the seal as B-B.
//   npx tsx scripts/attack-s15/tst-copy.ts <copy-last|drop>     REAL=1 the broker's real archive, DSS=1 EU DSS
import * as asn1js from "asn1js";
import { readFileSync } from "node:fs";
import { dss, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { setElements, signedDataFields } from "../attack-s9/lib.js";
import { encode, raw, seq } from "../generator/der.js";
import { derChildren, readTlv } from "../../src/pki/der.js";

const mode = process.argv[2] ?? "copy-last";
if (!["copy-last", "drop"].includes(mode)) throw new Error("usage: <copy-last|drop>");
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const cms = sealGap(pdf).der;
const kids = (b: Uint8Array) => {
  const t = readTlv(b, 0, b.length)!;
  return derChildren(b, t.body, t.end)!.map((x) => b.subarray(x.start, x.end));
};
const TST = Buffer.from(encode(new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.9.16.2.14" })));

/** The token with its SignerInfo twice. */
function copied(token: Uint8Array): Uint8Array {
  const f = signedDataFields(token);
  const sis = setElements(f.fields.at(-1)!);
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [sis[0]!, Uint8Array.from(sis[0]!)].map(raw) }));
  return f.rebuild(f.fields);
}

const f = signedDataFields(cms);
const sis = setElements(f.fields.at(-1)!);
const p = kids(sis[0]!);
const ua = p.at(-1)!;
if (ua[0] !== 0xa1) throw new Error("no unsigned attributes");
const attrs = kids(ua).flatMap((a) => {
  const [oid, vals] = kids(a);
  if (!Buffer.from(oid!).equals(TST)) return [a];
  if (mode === "drop") return [];
  const [token] = kids(vals!);
  return [encode(seq(raw(oid!), new asn1js.Set({ value: [raw(copied(token!))] })))];
});
let own: Uint8Array;
if (attrs.length) {
  const uaSet = encode(new asn1js.Set({ value: attrs.map(raw) }));
  uaSet[0] = 0xa1;
  own = encode(seq(...p.slice(0, -1).map(raw), raw(uaSet)));
} else own = encode(seq(...p.slice(0, -1).map(raw)));
f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [own, ...sis.slice(1)].map(raw) }));
const file = save(work(`s15-tst-${REAL ? "real-" : ""}${mode}`), "archive.pdf", withSealContents(pdf, f.rebuild(f.fields)));
console.log(`wrote ${file}`);
const v = REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file);
show(`tst-copy ${mode}`, v);
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Common Name|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
