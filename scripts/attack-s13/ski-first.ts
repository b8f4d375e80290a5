// a18 (8c762b2, a17 S1): a first SignerInfo that names another signer is INDETERMINATE/FORMAT_FAILURE, decided by the
// first SignerInfo's certificate (decidingSigner `first`, from signerCandidates). A sid by subjectKeyIdentifier is
// matched there only as the SHA-1 of the certificate's public key (RFC 5280 method 1); NSS (pdfsig) matches it
// against the certificate's own subjectKeyIdentifier extension. A certificate whose extension holds another value (as
// CAs may write it, RFC 7093) is then found by pdfsig and by no one in sealcheck: `first` is null, nothing "shown".
//   npx tsx scripts/attack-s13/ski-first.ts [ski|ski-hash|issuer-serial|dss-cert]
// dss-cert: a17 S1's issuer-serial sid, the certificate not in the CMS but in the document's /DSS /Certs (a later
// revision that adds only validation data): EU DSS finds a signing certificate in every source it has, sealcheck
// only among the CMS's certificates.
// ski: sid = the extension's value; ski-hash: sid = SHA-1 of the key (the control sealcheck finds); issuer-serial:
// a17 S1's form. The certificate: "Other Transact ST", self-signed by a key of the attacker's (openssl), added to the
// CMS's certificates; the SignerInfo: the genuine signed attributes, signed with that key, put first. REAL=1: the
// broker's real archive (--at its sealing time, its trust dir), with signed attributes of its own (contentType and
// the same messageDigest only: the genuine ones, with their archived revocation data, do not fit twice). DSS=1: EU DSS.
import * as asn1js from "asn1js";
import { createHash, createPrivateKey, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dss, save, sealGap, show, tool, verify, withDss, withSealContents, work } from "../attack36/lib.js";
import { withCmsField } from "../attack-s8/lib.js";
import { rsaSignerInfo, selfSignedWithSki, setElements, signedDataFields, signerInfoParts } from "../attack-s9/lib.js";
import { encode, raw, seq } from "../generator/der.js";
import { derChildren, readTlv } from "../../src/pki/der.js";

const mode = process.argv[2] ?? "ski";
if (!["ski", "ski-hash", "issuer-serial", "dss-cert"].includes(mode)) throw new Error("usage: [ski|ski-hash|issuer-serial|dss-cert]");
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));

const SKI = "0a18c0ffee0a18c0ffee0a18c0ffee0a18c0ffee";
const tmp = mkdtempSync(`${tmpdir()}/a18-ski-`);
const certDer = selfSignedWithSki(tmp, "/C=DK/O=Other Transact/CN=Other Transact ST", SKI);
const key = createPrivateKey(readFileSync(`${tmp}/key.pem`));
/** The subjectPublicKey BIT STRING's content after its unused-bits byte (what RFC 5280 method 1 hashes). */
const spki = new Uint8Array(createPublicKey(key).export({ type: "spki", format: "der" }));
const spkiParts = derChildren(spki, readTlv(spki, 0, spki.length)!.body, spki.length)!;
const bits = spkiParts[1]!;
const keyHash = createHash("sha1")
  .update(spki.subarray(bits.body + 1, bits.end))
  .digest();

const cms = sealGap(pdf).der;
const withCert = mode === "dss-cert" ? cms : withCmsField(cms, 0xa0, [certDer]);
const f = signedDataFields(withCert);
const mine = setElements(f.fields.at(-1)!);
const parts = signerInfoParts(mine[0]!);
const attr = (type: string, value: asn1js.AsnType) => encode(seq(new asn1js.ObjectIdentifier({ value: type }), new asn1js.Set({ value: [value] })));
const gap = sealGap(pdf);
const digest = createHash("sha256").update(pdf.subarray(0, gap.start)).update(pdf.subarray(gap.end)).digest();
const ownAttrs = [
  attr("1.2.840.113549.1.9.3", new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.7.1" })),
  attr("1.2.840.113549.1.9.4", new asn1js.OctetString({ valueHex: digest })),
].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
const ownSet = encode(new asn1js.Set({ value: ownAttrs.map(raw) }));
ownSet[0] = 0xa0;
const signedAttrs = REAL ? ownSet : parts.find((p) => p[0] === 0xa0)!;
const cert = readTlv(certDer, 0, certDer.length)!;
const tbs = derChildren(certDer, cert.body, cert.end)![0]!;
const tf = derChildren(certDer, tbs.body, tbs.end)!;
const at = tf[0]!.tag === 0xa0 ? 1 : 0;
const b = (i: number) => certDer.subarray(tf[i]!.start, tf[i]!.end);
const sid =
  mode === "issuer-serial" || mode === "dss-cert"
    ? encode(seq(raw(b(at + 2)), raw(b(at))))
    : encode(new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: mode === "ski" ? Buffer.from(SKI, "hex") : keyHash }));
const version = encode(new asn1js.Integer({ value: mode.startsWith("ski") ? 3 : 1 }));
const other = rsaSignerInfo({ version, sid, digestAlgorithm: parts[2]!, signedAttrs, key });
f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [other, ...mine].map(raw) }));
const sealedBytes = withSealContents(pdf, f.rebuild(f.fields));
const bytes = mode === "dss-cert" ? withDss(sealedBytes, { certs: [certDer] }) : sealedBytes;

const file = save(work(`s13-ski-${REAL ? "real-" : ""}${mode}`), "archive.pdf", bytes);
console.log(`wrote ${file}`);
const v = REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file);
show(`ski-first ${mode}`, v);
const sigCheck = (v.report.checks as { id: string; message: string }[]).find((c) => c.id === "seal-signature");
console.log(`   seal-signature: ${sigCheck?.message.slice(0, 400)}`);
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Common Name|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
if (process.env.DSS === "1") dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
