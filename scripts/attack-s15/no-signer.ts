// a20: the seal's CMS with its signerInfos SET emptied (or other SET shapes), nothing else changed. What do verify,
// inspect, extract and augment say? (decidingSigner with no SignerInfo; carried-certificates, inspect read [0].)
//   npx tsx scripts/attack-s15/no-signer.ts <empty|tst-empty>     REAL=1 the broker's real archive
import * as asn1js from "asn1js";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dss, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { lastGap, mapUnsignedAttribute, withLastContents } from "../attack-s8/lib.js";
import { signedDataFields } from "../attack-s9/lib.js";
import { encode } from "../generator/der.js";

const mode = process.argv[2] ?? "empty";
if (!["empty", "tst-empty", "tst-flip", "tst-junk", "tst-other", "doc-flip", "doc-empty"].includes(mode))
  throw new Error("usage: <empty|tst-empty|tst-flip|tst-junk|tst-other|doc-flip|doc-empty>");
// doc-*: samples/lta/archive.pdf's document timestamp token (its own /Contents, outside its byte range) so damaged.
const DOC = mode.startsWith("doc-");
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(DOC ? "samples/lta/archive.pdf" : REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const cms = sealGap(pdf).der;
const emptied = (ci: Uint8Array) => {
  const f = signedDataFields(ci);
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [] }));
  return f.rebuild(f.fields);
};
// tst-flip: the TSA's signature value with its last byte flipped (the token's last SignerInfo field); tst-junk: the
// token replaced by an OCTET STRING. Both unsigned: the seal's signature does not cover its unsigned attributes.
const flipped = (ci: Uint8Array) => {
  const f = signedDataFields(ci);
  const set = Uint8Array.from(f.fields.at(-1)!);
  set[set.length - 1] = set[set.length - 1]! ^ 0x01; // the last byte of the SignerInfo: its signature value's (no unsigned attributes)
  f.fields[f.fields.length - 1] = set;
  return f.rebuild(f.fields);
};
const TST = "1.2.840.113549.1.9.16.2.14";
// tst-other: another archive's genuine token (samples/valid's seal timestamp, the same TSA), whose imprint is of
// another seal's signature value.
const otherToken = (): Uint8Array => {
  let t: Uint8Array | undefined;
  mapUnsignedAttribute(sealGap(new Uint8Array(readFileSync("samples/valid/archive.pdf"))).der, TST, (x) => (t ??= Uint8Array.from(x)));
  return t!;
};
const signed =
  mode === "tst-empty"
    ? mapUnsignedAttribute(cms, TST, emptied)
    : mode === "tst-flip"
      ? mapUnsignedAttribute(cms, TST, flipped)
      : mode === "tst-other"
        ? mapUnsignedAttribute(cms, TST, () => otherToken())
        : mode === "tst-junk"
          ? mapUnsignedAttribute(cms, TST, () => encode(new asn1js.OctetString({ valueHex: new Uint8Array(16) })))
          : emptied(cms);
const bytes = DOC ? withLastContents(pdf, (mode === "doc-flip" ? flipped : emptied)(lastGap(pdf).der)) : withSealContents(pdf, signed);
const file = save(work(`s15-nosigner-${REAL ? "real-" : ""}${mode}`), "archive.pdf", bytes);
console.log(`wrote ${file}`);
try {
  show(`no-signer ${mode}`, REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
} catch (e) {
  console.log(`== verify: ${String(e).slice(0, 600)}`);
}
const run = (args: string[]) => {
  const r = spawnSync("node", ["dist/cli/main.js", ...args], { encoding: "utf8" });
  return `exit ${r.status}: ${`${r.stdout}${r.stderr}`
    .split("\n")
    .filter((l) => /rror|at |TypeError|undefined|cannot/i.test(l))
    .slice(0, 6)
    .join(" | ")
    .slice(0, 600)}`;
};
console.log(`== inspect: ${run(["inspect", file])}`);
console.log(`== inspect --json: ${run(["inspect", file, "--json"])}`);
console.log(`== extract: ${run(["extract", file, mkdtempSync(`${tmpdir()}/a20-extract-`)])}`);
console.log(
  `== verify (human): ${run(["verify", file, ...(REAL ? ["--at", AT, "--trust", `${REAL}/trust`] : ["samples/valid/originals", "--trust", "samples/trust"])])}`,
);
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Common Name|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
