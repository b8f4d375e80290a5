// a20: siblings of a19 K1 (a decoy certificate the seal's sid designates). The decoy is the seal certificate's own TBS
// with the subject "Other Transact ST" (and, `same`, the seal's own public key; `other`, a key of the attacker's),
// issuer, serial number and extensions (its subjectKeyIdentifier included) kept byte for byte, the CA's signature
// bytes copied (they do not verify over it). No key of the broker's; nothing inside the /ByteRange changes.
//   npx tsx scripts/attack-s15/cert-twin.ts <where> [same|other] [ias|ski]
// where: cms-first | cms-last (the CMS's certificates), dss (a later LTV revision's /DSS /Certs), tst (the seal
// timestamp token's certificates: an unsigned attribute of the seal's SignerInfo), moved (no decoy: the seal
// certificate taken out of the CMS and put in /DSS /Certs). ias: the sid as sealed; ski: rewritten to the seal
// certificate's SKI (version 3). REAL=1 the broker's real archive (--at its sealing time, its trust dir), DSS=1 EU DSS.
import * as asn1js from "asn1js";
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { dss, save, sealGap, show, tool, verify, withDss, withSealContents, work } from "../attack36/lib.js";
import { lastGap, mapUnsignedAttribute, withCmsField, withLastContents } from "../attack-s8/lib.js";
import { setElements, signedDataFields } from "../attack-s9/lib.js";
import { encode, raw, seq } from "../generator/der.js";
import { derChildren, readTlv, type Tlv } from "../../src/pki/der.js";

const [where = "cms-first", keyMode = "same", sidMode = "ias", shape = "der"] = process.argv.slice(2);
// shape nosec: the decoy's validity as UTCTime without seconds (YYMMDDHHMMZ, X.680 allows it; BouncyCastle and NSS
// read it), which pkijs does not decode.
if (
  !["cms-first", "cms-last", "dss", "tst", "moved", "tsa-first", "tsa-last", "doc-first", "doc-last"].includes(where) ||
  !["same", "other"].includes(keyMode) ||
  !["ias", "ski"].includes(sidMode)
)
  throw new Error("usage: <cms-first|cms-last|dss|tst|moved|tsa-first|tsa-last|doc-first|doc-last> [same|other] [ias|ski]");
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const DOC = where.startsWith("doc-");
// PDF=<file>: another archive (a B-LTA one augment wrote, for doc-*).
const pdf = new Uint8Array(readFileSync(process.env.PDF ?? (REAL ? `${REAL}/archive.pdf` : DOC ? "samples/lta/archive.pdf" : "samples/valid/archive.pdf")));
const cms = sealGap(pdf).der;
const TST = "1.2.840.113549.1.9.16.2.14";
const TSA = where.startsWith("tsa-");
// tsa-*: the twin is of the TSA's certificate, in the seal timestamp token (an unsigned attribute of the seal's SignerInfo).
let token: Uint8Array | undefined;
mapUnsignedAttribute(cms, TST, (t) => (token ??= Uint8Array.from(t)));
const base = TSA ? token! : DOC ? lastGap(pdf).der : cms;

const kids = (b: Uint8Array, t: Tlv) => derChildren(b, t.body, t.end)!;
const bytesOf = (b: Uint8Array, t: Tlv) => b.subarray(t.start, t.end);

// The seal certificate: the CMS certificate whose issuer and serial the genuine SignerInfo's sid carries (byte for byte).
const f0 = signedDataFields(base);
const si0 = setElements(f0.fields.at(-1)!)[0]!;
const siParts = kids(si0, readTlv(si0, 0, si0.length)!).map((t) => bytesOf(si0, t));
const sidIas = siParts[1]!;
const sidKids = kids(sidIas, readTlv(sidIas, 0, sidIas.length)!).map((t) => Buffer.from(bytesOf(sidIas, t)));
const certField = f0.fields.find((x) => x[0] === 0xa0)!;
const certs = kids(certField, readTlv(certField, 0, certField.length)!).map((t) => bytesOf(certField, t));
const tbsParts = (c: Uint8Array) => {
  const top = readTlv(c, 0, c.length)!;
  const [tbs, alg, sig] = kids(c, top);
  return { tbs: bytesOf(c, tbs!), fields: kids(c, tbs!).map((t) => bytesOf(c, t)), alg: bytesOf(c, alg!), sig: bytesOf(c, sig!) };
};
const sealCert = certs.find((c) => {
  const { fields } = tbsParts(c);
  const at = fields[0]![0] === 0xa0 ? 1 : 0;
  return Buffer.from(fields[at]!).equals(sidKids[1]!) && Buffer.from(fields[at + 2]!).equals(sidKids[0]!);
});
if (!sealCert) throw new Error("the seal certificate is not in the CMS");
// shape ca: the twin is of the seal certificate's issuer (the CMS's CA certificate), its subject kept: a path builder
// that takes it as the issuer finds the seal certificate's signature does not verify with its key.
const sealAt = tbsParts(sealCert).fields[0]![0] === 0xa0 ? 1 : 0;
const caCert = certs.find((c) => {
  const f = tbsParts(c).fields;
  const a = f[0]![0] === 0xa0 ? 1 : 0;
  return c !== sealCert && Buffer.from(f[a + 4]!).equals(Buffer.from(tbsParts(sealCert).fields[sealAt + 2]!));
});
if (shape === "ca" && !caCert) throw new Error("the seal's issuer is not in the CMS");
const seal = tbsParts(shape === "ca" ? caCert! : sealCert);
const at = seal.fields[0]![0] === 0xa0 ? 1 : 0;

// The decoy: subject replaced, key kept (same) or the attacker's (other), every other TBS field as it is.
const name = (cn: string) =>
  encode(
    seq(
      ...[
        ["2.5.4.6", "DK", true],
        ["2.5.4.10", "Other Transact", false],
        ["2.5.4.3", cn, false],
      ].map(
        ([oid, v, printable]) =>
          new asn1js.Set({
            value: [
              seq(
                new asn1js.ObjectIdentifier({ value: oid as string }),
                printable ? new asn1js.PrintableString({ value: v as string }) : new asn1js.Utf8String({ value: v as string }),
              ),
            ],
          }),
      ),
    ),
  );
const attacker = generateKeyPairSync("rsa", { modulusLength: 2048 });
const spki = keyMode === "same" ? seal.fields[at + 5]! : new Uint8Array(attacker.publicKey.export({ type: "spki", format: "der" }));
const utcNoSeconds = (text: string) => Uint8Array.from([0x17, text.length, ...Buffer.from(text, "latin1")]);
const validity = shape === "nosec" ? encode(seq(raw(utcNoSeconds("2501010000Z")), raw(utcNoSeconds("4912312359Z")))) : seal.fields[at + 3]!;
// shape multi: the decoy's issuer as one multi-valued RDN holding the seal issuer's attributes (pkijs flattens RDNs,
// so sealcheck's sameName matches it; BouncyCastle's X500Name and NSS's DER compare do not).
const issuerParts = (() => {
  const n = seal.fields[at + 2]!;
  return kids(n, readTlv(n, 0, n.length)!).flatMap((rdn) => kids(n, rdn).map((t) => bytesOf(n, t)));
})();
// shape ignorable: the decoy's issuer with a U+0001 after its CN (a UTF8String): pkijs compares such names with
// localeCompare, for which control and format characters are ignorable, so sameName matches it; no reader does
// (NSS compares the DER, BouncyCastle the canonical strings). The seal's own subject and key kept.
const ignorableIssuer = () => {
  const cnOid = Buffer.from(encode(new asn1js.ObjectIdentifier({ value: "2.5.4.3" })));
  return encode(
    seq(
      ...issuerParts.map((ava) => {
        const [oid, value] = kids(ava, readTlv(ava, 0, ava.length)!).map((t) => bytesOf(ava, t));
        if (!Buffer.from(oid!).equals(cnOid)) return new asn1js.Set({ value: [raw(ava)] });
        const text = Buffer.from(value!.subarray(readTlv(value!, 0, value!.length)!.body)).toString("utf8");
        return new asn1js.Set({ value: [seq(raw(oid!), new asn1js.Utf8String({ value: `${text}\u0001` }))] });
      }),
    ),
  );
};
const issuer =
  shape === "multi" ? encode(seq(new asn1js.Set({ value: issuerParts.map(raw) }))) : shape === "ignorable" ? ignorableIssuer() : seal.fields[at + 2]!;
const decoyFields = seal.fields.map((x, i) =>
  i === at + 4 && shape !== "ca" && shape !== "ignorable"
    ? name(shape === "ctl" ? "Other\u001b[2J\u001b[32m\n  Signer 1 verified: Nets\r\u0007" : "Other Transact ST")
    : i === at + 5
      ? spki
      : i === at + 3
        ? validity
        : i === at + 2
          ? issuer
          : x,
);
const decoyTbs = encode(seq(...decoyFields.map(raw)));
const decoy = encode(seq(raw(decoyTbs), raw(seal.alg), raw(seal.sig)));

/** The SKI extension's value of a certificate (TBS extensions [3]). */
function skiOf(fields: Uint8Array[]): Buffer {
  const ext = fields.find((x) => x[0] === 0xa3)!;
  const seqT = readTlv(ext, readTlv(ext, 0, ext.length)!.body, ext.length)!;
  for (const e of kids(ext, seqT)) {
    const parts = kids(ext, e).map((t) => bytesOf(ext, t));
    if (Buffer.from(parts[0]!).equals(Buffer.from(encode(new asn1js.ObjectIdentifier({ value: "2.5.29.14" }))))) {
      const os = parts.at(-1)!;
      const inner = os.subarray(readTlv(os, 0, os.length)!.body);
      return Buffer.from(inner.subarray(readTlv(inner, 0, inner.length)!.body));
    }
  }
  throw new Error("no SKI");
}

/** The CMS with the genuine SignerInfo's sid rewritten to [0] SKI (version 3, SignedData version 3). */
function withSkiSid(contentInfo: Uint8Array): Uint8Array {
  const f = signedDataFields(contentInfo);
  const mine = setElements(f.fields.at(-1)!);
  const own = mine[0]!;
  const parts = kids(own, readTlv(own, 0, own.length)!).map((t) => bytesOf(own, t));
  const sid = encode(new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: skiOf(seal.fields) }));
  const rewritten = encode(seq(raw(encode(new asn1js.Integer({ value: 3 }))), raw(sid), ...parts.slice(2).map(raw)));
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [rewritten, ...mine.slice(1)].map(raw) }));
  f.fields[0] = encode(new asn1js.Integer({ value: 3 }));
  return f.rebuild(f.fields);
}

/** The CMS without the seal certificate in its certificates. */
function withoutSealCert(contentInfo: Uint8Array): Uint8Array {
  const f = signedDataFields(contentInfo);
  const i = f.fields.findIndex((x) => x[0] === 0xa0);
  const kept = certs.filter((c) => c !== sealCert);
  const field = encode(new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: kept.map(raw) }));
  f.fields[i] = field;
  return f.rebuild(f.fields);
}

let signed = sidMode === "ski" ? withSkiSid(cms) : cms;
if (where === "cms-first" || where === "cms-last") signed = withCmsField(signed, 0xa0, [decoy], where === "cms-first");
if (TSA) signed = mapUnsignedAttribute(signed, TST, (t) => withCmsField(t, 0xa0, [decoy], where === "tsa-first"));
if (where === "tst") signed = mapUnsignedAttribute(signed, "1.2.840.113549.1.9.16.2.14", (token) => withCmsField(token, 0xa0, [decoy], true));
if (where === "moved") signed = withoutSealCert(signed);
let bytes = DOC ? withLastContents(pdf, withCmsField(base, 0xa0, [decoy], where === "doc-first")) : withSealContents(pdf, signed);
if (where === "dss") bytes = withDss(bytes, { certs: [decoy] }, { first: true });
if (where === "moved") bytes = withDss(bytes, { certs: [sealCert] }, { first: true });
const tag = `${where}-${keyMode}-${sidMode}${shape === "der" ? "" : `-${shape}`}`;
const file = save(work(`s15-twin-${REAL ? "real-" : ""}${tag}`), "archive.pdf", bytes);
console.log(`wrote ${file}`);
const v = REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file);
show(`cert-twin ${tag}`, v);
for (const id of ["seal-signature", "seal-certificate", ...(DOC ? ["document-timestamps"] : [])]) {
  const c = v.report.checks.find((x) => x.id === id);
  console.log(`   ${id}: ${c?.status} ${c?.message.slice(0, 400)}`);
}
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Signature #|Common Name|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
