// S3c's class beyond `certificates` and `crls` (4b4cc56 drops undecodable elements of those two sets only): the
// SignedData's `digestAlgorithms` and `signerInfos` SETs and the SignerInfo's `unsignedAttrs` lie outside every
// signature too (RFC 5652 §5.1, §5.3), and /Contents outside the /ByteRange: anyone may add to them in any genuine
// archive without a key.
//   npx tsx scripts/attack-s9/cms-sets.ts [digalg|digalg-oid|signer|signer-copy|signer-min|uattr|uattr-empty|crlshape|honest] (prefix real- for the broker's real archive)
// digalg: an INTEGER 0 in digestAlgorithms; digalg-oid: an AlgorithmIdentifier of an unknown OID there (control);
// signer: SEQUENCE { INTEGER 0 } as a second SignerInfo; signer-copy: the first SignerInfo again as the second; signer-min: a second SignerInfo of the first's
// version, sid and algorithms, no attributes, an empty signature;
// uattr: an INTEGER 0 as an unsigned attribute; uattr-empty: an unsigned attribute (unknown OID) with no values;
// crlshape: SEQUENCE { SEQUENCE {}, SEQUENCE {}, BIT STRING } in crls (4b4cc56: "unread", so not decided);
// ocspjunk: [1] { id-ri-ocsp-response, NULL } in crls (an OCSP response of 2 bytes);
// tst-signer: the seal's signature timestamp token gains such a second SignerInfo (signer-min's form);
// honest: the same rewrite, nothing added. DSS=1 adds EU DSS.
import { readFileSync } from "node:fs";
import { dss, sample, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { mapUnsignedAttribute, withCmsField, withUnsignedAttribute } from "../attack-s8/lib.js";
import { derChildren, readTlv } from "../../src/pki/der.js";
import { encode, raw, seq } from "../generator/der.js";
import { setElements, signedDataFields, withSetElement } from "./lib.js";

const kinds = ["digalg", "digalg-oid", "signer", "signer-copy", "signer-min", "uattr", "uattr-empty", "crlshape", "ocspjunk", "tst-signer", "honest"];
const mode = process.argv[2] ?? "digalg";
const real = mode.startsWith("real-");
const kind = mode.replace(/^real-/, "");
if (!kinds.includes(kind)) throw new Error(`mode: [real-]${kinds.join("|")}, not ${mode}`);
const REAL = "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const base = real ? new Uint8Array(readFileSync(`${REAL}/archive.pdf`)) : sample("valid/archive.pdf");
const { der } = sealGap(base);
const h = (s: string) => new Uint8Array(Buffer.from(s.replace(/ /g, ""), "hex"));
// The first SignerInfo again (`copy`); or (`min`) its version, sid and algorithms with an empty signature and no
// attributes (the real archive's /Contents has no room for its signed CRLs twice).
const firstSigner = (min: boolean) => {
  const { fields } = signedDataFields(der);
  const si = setElements(fields.at(-1)!)[0]!;
  if (!min) return si;
  const t = readTlv(si, 0, si.length)!;
  const parts = derChildren(si, t.body, t.end)!.map((x) => si.subarray(x.start, x.end));
  const kept = parts.filter((p) => p[0] !== 0xa0 && p[0] !== 0xa1);
  kept[kept.length - 1] = h("0400");
  return encode(seq(...kept.map(raw)));
};
const cms = (() => {
  switch (kind) {
    case "digalg":
      return withSetElement(der, "digestAlgorithms", [h("020100")]);
    case "digalg-oid":
      return withSetElement(der, "digestAlgorithms", [h("3006 0604 2a030405")]);
    case "signer":
      return withSetElement(der, "signerInfos", [h("3003 020100")]);
    case "signer-copy":
      return withSetElement(der, "signerInfos", [firstSigner(false)]);
    case "signer-min":
      return withSetElement(der, "signerInfos", [firstSigner(true)]);
    case "uattr":
      return withUnsignedAttribute(der, h("020100"));
    case "uattr-empty":
      return withUnsignedAttribute(der, h("3008 0604 2a030405 3100"));
    case "tst-signer": {
      // The seal's signature timestamp token (an unsigned attribute of the seal's SignerInfo) gains a second SignerInfo.
      return mapUnsignedAttribute(der, "1.2.840.113549.1.9.16.2.14", (token) => {
        const si = setElements(signedDataFields(token).fields.at(-1)!)[0]!;
        const t = readTlv(si, 0, si.length)!;
        const kept = derChildren(si, t.body, t.end)!
          .map((x) => si.subarray(x.start, x.end))
          .filter((p) => p[0] !== 0xa0 && p[0] !== 0xa1);
        kept[kept.length - 1] = h("0400");
        return withSetElement(token, "signerInfos", [encode(seq(...kept.map(raw)))]);
      });
    }
    case "ocspjunk":
      return withCmsField(der, 0xa1, [h("a10c 0608 2b06010505071002 0500")]);
    case "crlshape":
      return withCmsField(der, 0xa1, [h("3008 3000 3000 03020000")]);
    default:
      return withSetElement(der, "digestAlgorithms", []);
  }
})();
const file = save(work(`s9-cms-sets-${mode}`), "archive.pdf", withSealContents(base, cms));
console.log(`wrote ${file} (${mode}): ${real ? "the broker's real archive" : "samples/valid/archive.pdf"}, the seal's /Contents rewritten (${kind})`);
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
