// B1: the browser page passes what the CLI fails. The page's platform seam verifies RSA only through WebCrypto,
// whose hashes are SHA-1 and SHA-2 (web/platform/crypto.ts WEB_HASH): RSA with SHA-224 or SHA-3 is "not verified
// in the browser" (PlatformUnsupportedError → UnsupportedAlgorithmError), which the CLI verifies with OpenSSL.
// A revocation item that cannot be checked is not authentic, and seal-certificate then decides on the items it
// could check: the sealed CMS's "good" of the sealing day. So the seal CA's own OCSP answer "revoked 2025-12-01
// (keyCompromise)", signed as that CA signs (RSA with SHA3-256, RFC 8702 id-rsassa-pkcs1-v1_5-with-sha3-256; or
// sha224WithRSAEncryption), in the archive's DSS: CLI TOTAL-FAILED / REVOKED, page TOTAL-PASSED. The seal key was
// stolen and revoked a week before the seal was made: the page, the one verifier the project offers to people
// without a terminal, says the evidence is intact and was issued by the trusted broker.
//   npx tsx scripts/attack-s4/page-drops-revoked-sha3.ts [honest|sha3|sha224|sha512-256|pss-sha3|pss-sha224] [seal|tsa]
// sha512-256: sha512-256WithRSAEncryption, outside the table: the CLI sets it aside too (TOTAL-PASSED).
// pss-sha3, pss-sha224: RSASSA-PSS with those hashes, which the CLI cannot verify either and calls forged (D1).
// honest: the same answer signed with SHA-256 (what WebCrypto verifies): TOTAL-FAILED / REVOKED in both.
import * as asn1js from "asn1js";
import { constants, sign } from "node:crypto";
import { createOcspResponse } from "../generator/ocsp.js";
import { dss, pki, sample, save, show, tool, verify, withDss, work } from "../attack36/lib.js";
import { inPage, showPage } from "./page.js";

const mode = process.argv[2] ?? "sha3";
interface Scheme {
  hash: string;
  oid: string;
  nullParams?: boolean;
  /** RSASSA-PSS with this hash OID (MGF1 with the same hash, salt of the hash's length). */
  pss?: { hashOid: string; salt: number };
}
const HASHES: Record<string, Scheme> = {
  sha3: { hash: "sha3-256", oid: "2.16.840.1.101.3.4.3.14" },
  sha224: { hash: "sha224", oid: "1.2.840.113549.1.1.14", nullParams: true },
  "sha512-256": { hash: "sha512-256", oid: "1.2.840.113549.1.1.16", nullParams: true },
  "pss-sha3": { hash: "sha3-256", oid: "1.2.840.113549.1.1.10", pss: { hashOid: "2.16.840.1.101.3.4.2.8", salt: 32 } },
  "pss-sha224": { hash: "sha224", oid: "1.2.840.113549.1.1.10", pss: { hashOid: "2.16.840.1.101.3.4.2.4", salt: 28 } },
};
if (mode !== "honest" && !HASHES[mode]) throw new Error(`mode: honest | ${Object.keys(HASHES).join(" | ")}`);
const P = pki();
// Second argument `tsa`: the same for long-term validation. The TSA's CA answers "TSA revoked 2025-12-01
// (keyCompromise)", before the signature timestamp (2025-12-08), in the DSS of samples/expired/archive-lta.pdf
// (seal certificate expired 2026-01-15): without that timestamp no proof of existence holds.
const tsa = process.argv[3] === "tsa";
const ca = tsa ? P.tsaRoot : P.sealRoot;
const revoked = createOcspResponse({
  subject: tsa ? P.tsa : P.seal,
  issuer: ca,
  responder: ca,
  status: { revokedAt: new Date("2025-12-01T00:00:00Z"), reason: 1 },
  producedAt: new Date("2025-12-09T09:00:00Z"),
});

/** The same BasicOCSPResponse (same tbsResponseData) signed by the same key with another hash. */
function resigned(der: Uint8Array, h: Scheme): Uint8Array {
  const outer = asn1js.fromBER(der).result as asn1js.Sequence;
  const bytes = (outer.valueBlock.value[1] as asn1js.Constructed).valueBlock.value[0] as asn1js.Sequence;
  const octets = bytes.valueBlock.value[1] as asn1js.OctetString;
  const basic = asn1js.fromBER(octets.valueBlock.valueHexView).result as asn1js.Sequence;
  const [tbs, , , ...rest] = basic.valueBlock.value;
  const tbsDer = new Uint8Array(tbs!.valueBeforeDecodeView);
  const value = new Uint8Array(
    h.pss ? sign(h.hash, tbsDer, { key: ca.key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: h.pss.salt }) : sign(h.hash, tbsDer, ca.key),
  );
  const hashId = (oid: string) => new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid })] });
  const params = h.pss
    ? [
        new asn1js.Sequence({
          value: [
            new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [hashId(h.pss.hashOid)] }),
            new asn1js.Constructed({
              idBlock: { tagClass: 3, tagNumber: 1 },
              value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.1.8" }), hashId(h.pss.hashOid)] })],
            }),
            new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 2 }, value: [new asn1js.Integer({ value: h.pss.salt })] }),
          ],
        }),
      ]
    : h.nullParams
      ? [new asn1js.Null()]
      : [];
  const alg = new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: h.oid }), ...params] });
  const newBasic = new asn1js.Sequence({ value: [asn1js.fromBER(tbsDer).result, alg, new asn1js.BitString({ valueHex: value }), ...rest] });
  const response = new asn1js.Sequence({
    value: [
      new asn1js.Enumerated({ value: 0 }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: [
          new asn1js.Sequence({
            value: [new asn1js.ObjectIdentifier({ value: "1.3.6.1.5.5.7.48.1.1" }), new asn1js.OctetString({ valueHex: newBasic.toBER(false) })],
          }),
        ],
      }),
    ],
  });
  return new Uint8Array(response.toBER(false));
}

const ocsp = mode === "honest" ? revoked : resigned(revoked, HASHES[mode]!);
const dir = work(`b1-${mode}${tsa ? "-tsa" : ""}`);
const file = save(dir, "archive.pdf", withDss(sample(tsa ? "expired/archive-lta.pdf" : "valid/archive.pdf"), { ocsps: [ocsp] }));
save(dir, "ca-answer.ocsp", ocsp);
console.log(
  `wrote ${file}: samples/${tsa ? "expired/archive-lta" : "valid/archive"}.pdf + a DSS revision with the ${tsa ? "TSA's" : "seal"} CA's answer "revoked 2025-12-01" (${mode})`,
);
console.log(
  "== openssl ocsp (the CA's answer, verified against that CA):",
  tool("openssl", ["ocsp", "-respin", `${dir}/ca-answer.ocsp`, "-VAfile", `samples/pki/${tsa ? "tsaRoot" : "sealRoot"}.pem`, "-no_nonce", "-resp_text"])
    .split("\n")
    .filter((l) => /Signature Algorithm|Cert Status|Revocation Time|Response verify/.test(l))
    .map((l) => l.trim())
    .join(" | "),
);
show(`CLI, ${mode}`, verify(file));
const page = await inPage([file]);
showPage(mode, page?.[0]);
dss(file);
