// a19: the seal's signature timestamp token (an unsigned attribute of the seal's SignerInfo, so anyone may rewrite
// it) with a second SignerInfo. timestamp.ts judges signerInfos[0] only; BouncyCastle's TimeStampToken (EU DSS)
// refuses a token with more than one SignerInfo.
//   npx tsx scripts/attack-s14/tst-two.ts [copy-last|broken-last|broken-first]
// doc-*: the same in samples/lta's document timestamp (its token is the last revision's /Contents).
// copy: the TSA's SignerInfo twice (identical); broken: a copy with one signature byte flipped. REAL=1, DSS=1 as usual.
import * as asn1js from "asn1js";
import { readFileSync } from "node:fs";
import { dss, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { lastGap, withLastContents } from "../attack-s8/lib.js";
import { setElements, signedDataFields } from "../attack-s9/lib.js";
import { encode, raw, seq } from "../generator/der.js";
import { derChildren, readTlv } from "../../src/pki/der.js";

const mode = process.argv[2] ?? "copy-last";
if (!["copy-last", "broken-last", "broken-first", "doc-copy-last", "doc-broken-first"].includes(mode))
  throw new Error("usage: [copy-last|broken-last|broken-first|doc-copy-last|doc-broken-first]");
const DOC = mode.startsWith("doc-");
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(DOC ? "samples/lta/archive.pdf" : REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const cms = DOC ? lastGap(pdf).der : sealGap(pdf).der;

const kids = (b: Uint8Array) => {
  const t = readTlv(b, 0, b.length)!;
  return derChildren(b, t.body, t.end)!.map((x) => b.subarray(x.start, x.end));
};
const TST = Buffer.from(encode(new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.9.16.2.14" })));

function twoSigners(token: Uint8Array): Uint8Array {
  const f = signedDataFields(token);
  const sis = setElements(f.fields.at(-1)!);
  const tsa = sis[0]!;
  const p = kids(tsa);
  const sig = Uint8Array.from(p.at(-1)![0] === 0x04 ? p.at(-1)! : p.at(-2)!);
  sig[sig.length - 1] = sig[sig.length - 1]! ^ 0x01;
  const broken = encode(seq(...p.map((x) => raw(x === p.at(-1)! && x[0] === 0x04 ? sig : x === p.at(-2)! && p.at(-1)![0] !== 0x04 ? sig : x))));
  const extra = mode.endsWith("copy-last") ? Uint8Array.from(tsa) : broken;
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: (mode.endsWith("broken-first") ? [extra, tsa] : [tsa, extra]).map(raw) }));
  return f.rebuild(f.fields);
}

const sealed = (): Uint8Array => {
  const f = signedDataFields(cms);
  const sis = setElements(f.fields.at(-1)!);
  const own = sis[0]!;
  const p = kids(own);
  const ua = p.at(-1)!;
  if (ua[0] !== 0xa1) throw new Error("no unsigned attributes");
  const attrs = kids(ua).map((a) => {
    const [oid, vals] = kids(a);
    if (!Buffer.from(oid!).equals(TST)) return a;
    const [token] = kids(vals!);
    return encode(seq(raw(oid!), new asn1js.Set({ value: [raw(twoSigners(token!))] })));
  });
  const uaSet = encode(new asn1js.Set({ value: attrs.map(raw) }));
  uaSet[0] = 0xa1;
  const newOwn = encode(seq(...p.slice(0, -1).map(raw), raw(uaSet)));
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [newOwn, ...sis.slice(1)].map(raw) }));
  return withSealContents(pdf, f.rebuild(f.fields));
};
const bytes = DOC ? withLastContents(pdf, twoSigners(cms)) : sealed();
const file = save(work(`s14-tst-${REAL ? "real-" : ""}${mode}`), "archive.pdf", bytes);
console.log(`wrote ${file}`);
const v = REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file);
show(`tst-two ${mode}`, v);
for (const id of ["seal-signature", "seal-timestamp", "document-timestamps", "long-term"]) {
  const c = (v.report.checks as { id: string; status: string; message: string }[]).find((x) => x.id === id);
  console.log(`   ${id}: ${c?.status} ${c?.message.slice(0, 300)}`);
}
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Common Name|Validation|Total document|Timestamp/i.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
if (process.env.DSS === "1") dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
