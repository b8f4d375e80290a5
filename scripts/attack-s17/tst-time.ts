// a22 (h9d): the seal's signature timestamp is an unsigned attribute; a token genuine for the right imprint (the
// seal's signature value) but another genTime, made here with the test TSA's key (samples/pki: a trusted TSA, as any
// public TSA would answer anyone's request for the same imprint now), replaces or joins the sealed one.
// modes: same (the sealed token's genTime, re-made: the control), early (2025-12-08T08:00:00Z: before the CMS
// signing-time and /M), pre (2024-01-10: before the seal certificate's notBefore 2024-01-15), add-later (the sealed
// token and one of now), later-first (the token of now first, then the sealed one), early-first (pre first, then sealed).
//   npx tsx scripts/attack-s17/tst-time.ts <same|early|pre|add-later|later-first|early-first>   (samples/valid; REAL=1
//   the real archive with a TSA it does not trust; DSS=1 EU DSS)
import * as asn1js from "asn1js";
import { readFileSync } from "node:fs";
import { dss, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { setElements, signedDataFields } from "../attack-s9/lib.js";
import { encode, raw, seq } from "../generator/der.js";
import { createTimestampToken } from "../generator/cms.js";
import { loadPki } from "../generator/pki.js";
import { derChildren, readTlv } from "../../src/pki/der.js";

const mode = process.argv[2] ?? "early";
const MODES = ["same", "early", "pre", "add-later", "later-first", "early-first"];
if (!MODES.includes(mode)) throw new Error(`usage: <${MODES.join("|")}>`);
// REAL=1: the broker's real archive, the token made by the samples' TSA (not trusted there: anyone's TSA).
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const pki = loadPki("samples/pki");
const cms = sealGap(pdf).der;
const kids = (b: Uint8Array) => {
  const t = readTlv(b, 0, b.length)!;
  return derChildren(b, t.body, t.end)!.map((x) => b.subarray(x.start, x.end));
};
const body = (b: Uint8Array) => {
  const t = readTlv(b, 0, b.length)!;
  return b.subarray(t.body, t.end);
};
const TST = Buffer.from(encode(new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.9.16.2.14" })));
const f = signedDataFields(cms);
const sis = setElements(f.fields.at(-1)!);
const p = kids(sis[0]!);
const ua = p.at(-1)!;
if (ua[0] !== 0xa1) throw new Error("no unsigned attributes");
const signature = body(p.at(-2)!);
const token = (at: Date) => createTimestampToken({ tsa: pki.tsa, data: signature, genTime: at, serial: at.getTime() % 1e9 });
const T = {
  same: new Date(REAL ? "2025-12-08T09:35:09Z" : "2025-12-08T08:36:38Z"),
  early: new Date(REAL ? "2025-12-08T09:00:00Z" : "2025-12-08T08:00:00Z"),
  pre: new Date("2024-01-10T00:00:00Z"),
  now: new Date(Math.floor(Date.now() / 1000) * 1000),
};
const attrs = kids(ua).flatMap((a) => {
  const [oid, vals] = kids(a);
  if (!Buffer.from(oid!).equals(TST)) return [a];
  const [sealed] = kids(vals!);
  const tokens =
    mode === "same"
      ? [token(T.same)]
      : mode === "early"
        ? [token(T.early)]
        : mode === "pre"
          ? [token(T.pre)]
          : mode === "add-later"
            ? [sealed!, token(T.now)]
            : mode === "later-first"
              ? [token(T.now), sealed!]
              : [token(T.pre), sealed!];
  // One attribute per token (ETSI EN 319 122-1: each signature-time-stamp is its own attribute).
  return tokens.map((t) => encode(seq(raw(oid!), new asn1js.Set({ value: [raw(t)] }))));
});
const uaSet = encode(new asn1js.Set({ value: attrs.map(raw) }));
uaSet[0] = 0xa1;
const own = encode(seq(...p.slice(0, -1).map(raw), raw(uaSet)));
f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [own, ...sis.slice(1)].map(raw) }));
const file = save(work(`s17-tst-${REAL ? "real-" : ""}${mode}`), "archive.pdf", withSealContents(pdf, f.rebuild(f.fields)));
console.log(`wrote ${file}`);
show(`tst-time ${mode}`, REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Validation|Signing Time|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
