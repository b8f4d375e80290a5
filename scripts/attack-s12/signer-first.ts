// a17 S1: a SignerInfo by another key over the same byte ranges, put first in the seal's signerInfos (cd3c1f5, S3d).
// sealcheck judges the seal's own signer (sealIdentity preferred) and names the other as ignored; this script asks
// what the other readers make of the same file: pdfsig (NSS, the first SignerInfo) and EU DSS.
//   npx tsx scripts/attack-s12/signer-first.ts <sample|real> [first|last|own]
// The other signature is by otherTokenSigner (a certificate of the test PKI's token CA), over the genuine signed
// attributes, its certificate added to the CMS's certificates; no key of the broker's is used. own: put first, with
// signed attributes of its own (contentType, the same messageDigest, ESS signingCertificateV2 naming its own
// certificate), its certificate and its CA's added, so that a reader judging the first SignerInfo finds it whole.
import * as asn1js from "asn1js";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dss, pki, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsField } from "../attack-s8/lib.js";
import { setElements, signedDataFields, signerInfoByOther } from "../attack-s9/lib.js";
import { encode, oid, OIDS, raw, seq, set } from "../generator/der.js";
import { createSignedData, signingCertificateV2 } from "../generator/cms.js";

const which = process.argv[2] ?? "sample";
const place = process.argv[3] ?? "first";
if (!["sample", "real"].includes(which) || !["first", "last", "own"].includes(place)) throw new Error("usage: <sample|real> [first|last|own]");
const REAL = "test/fixtures/real/broker-example";
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(which === "real" ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const cms = sealGap(pdf).der;
const other = pki().otherTokenSigner;
const byOther = signerInfoByOther(cms, other);
// own: a whole CAdES SignerInfo of the other signer over the same byte ranges (the genuine messageDigest).
const P = pki();
const gap = sealGap(pdf);
const digest = new Uint8Array(createHash("sha256").update(pdf.subarray(0, gap.start)).update(pdf.subarray(gap.end)).digest());
const ownCms = createSignedData({
  signer: other,
  digest,
  certificates: [other, P.tokenCa],
  extraSignedAttributes: [seq(oid(OIDS.signingCertificateV2), set(signingCertificateV2(other)))],
});
const ownSigner = setElements(signedDataFields(ownCms).fields.at(-1)!)[0]!;
const withCert = withCmsField(cms, 0xa0, place === "own" ? [other.der, P.tokenCa.der] : [other.der]);
const f2 = signedDataFields(withCert);
const mine = setElements(f2.fields.at(-1)!);
const signers = place === "own" ? [ownSigner, ...mine] : place === "first" ? [byOther, ...mine] : [...mine, byOther];
f2.fields[f2.fields.length - 1] = encode(new asn1js.Set({ value: signers.map(raw) }));
const bytes = withSealContents(pdf, f2.rebuild(f2.fields));

const dir = work(`s12-signer-${which}-${place}`);
const file = save(dir, "archive.pdf", bytes);
console.log(`wrote ${file}`);
const extra = which === "real" ? ["--at", AT] : [];
const v = verify(file, extra, which === "real" ? "" : "samples/valid/originals", which === "real" ? `${REAL}/trust` : "samples/trust");
show(`${which} ${place}`, v);
const sigCheck = (v.report.checks as { id: string; message: string; details?: { signer?: { subject: string } } }[]).find((c) => c.id === "seal-signature");
console.log(`   seal-signature: ${sigCheck?.message.slice(0, 300)} | signer ${sigCheck?.details?.signer?.subject ?? "?"}`);
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Signature #|Common Name|Distinguished|Signing Time|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
dss(file, which === "real" ? AT : undefined, which === "real" ? `${REAL}/trust` : "samples/trust");
