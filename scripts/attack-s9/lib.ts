// Helpers of the attack-s9 scripts (a13), on top of scripts/attack36/lib.ts and scripts/attack-s8/lib.ts: a CMS
// SignedData rewritten in fields no signature covers other than `certificates` and `crls`.
import { derChildren, readTlv } from "../../src/pki/der.js";
import { encode, explicit, raw, seq } from "../generator/der.js";
import * as asn1js from "asn1js";
import { execFileSync } from "node:child_process";
import { sign, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import type * as pkijs from "pkijs";

/** The DER of a CMS ContentInfo's SignedData fields, and a function writing it back with new fields. */
export function signedDataFields(contentInfo: Uint8Array): { fields: Uint8Array[]; rebuild: (fields: Uint8Array[]) => Uint8Array } {
  const top = readTlv(contentInfo, 0, contentInfo.length, true);
  if (!top || top.tag !== 0x30) throw new Error("not a ContentInfo");
  const ci = derChildren(contentInfo, top.body, top.end);
  const wrapped = ci?.[1];
  if (!ci || !wrapped || wrapped.tag !== 0xa0) throw new Error("no [0] content");
  const sd = readTlv(contentInfo, wrapped.body, wrapped.end);
  const parts = sd ? derChildren(contentInfo, sd.body, sd.end) : null;
  if (!sd || !parts) throw new Error("no SignedData");
  const oid = contentInfo.subarray(ci[0]!.start, ci[0]!.end);
  return {
    fields: parts.map((t) => contentInfo.subarray(t.start, t.end)),
    rebuild: (fields) => encode(seq(raw(oid), explicit(0, seq(...fields.map(raw))))),
  };
}

/** The elements of a SET (DER). */
export function setElements(set: Uint8Array): Uint8Array[] {
  const t = readTlv(set, 0, set.length)!;
  return derChildren(set, t.body, t.end)!.map((x) => set.subarray(x.start, x.end));
}

/**
 * A CMS ContentInfo with `extra` appended to its SignedData's `digestAlgorithms` (field 1) or `signerInfos` (the
 * last field): both SETs lie outside every signature of the CMS (RFC 5652 §5.1, §5.4), so anyone may add to them.
 */
export function withSetElement(contentInfo: Uint8Array, which: "digestAlgorithms" | "signerInfos", extra: Uint8Array[]): Uint8Array {
  const { fields, rebuild } = signedDataFields(contentInfo);
  const at = which === "digestAlgorithms" ? 1 : fields.length - 1;
  const els = [...setElements(fields[at]!), ...extra];
  // A SET OF in DER is sorted; the junk is appended as anyone would (a BER set), the rest byte for byte.
  fields[at] = encode(new asn1js.Set({ value: els.map(raw) }));
  return rebuild(fields);
}

/** The CMS with `extra` SignerInfos before (`first`) or after the genuine one. */
export function withSigners(cms: Uint8Array, extra: Uint8Array[], first: boolean): Uint8Array {
  const { fields, rebuild } = signedDataFields(cms);
  const own = setElements(fields.at(-1)!);
  const all = first ? [...extra, ...own] : [...own, ...extra];
  fields[fields.length - 1] = encode(new asn1js.Set({ value: all.map(raw) }));
  return rebuild(fields);
}

/** The genuine SignerInfo's version, sid and algorithms, no attributes, an empty signature (a13's signer-min). */
export function minimalSigner(cms: Uint8Array): Uint8Array {
  const si = setElements(signedDataFields(cms).fields.at(-1)!)[0]!;
  const t = readTlv(si, 0, si.length)!;
  const kept = derChildren(si, t.body, t.end)!
    .map((x) => si.subarray(x.start, x.end))
    .filter((p) => p[0] !== 0xa0 && p[0] !== 0xa1);
  kept[kept.length - 1] = Uint8Array.from([0x04, 0x00]);
  return encode(seq(...kept.map(raw)));
}

/** A SignerInfo's fields (version, sid, digestAlgorithm, signedAttrs, …), each its DER. */
export function signerInfoParts(si: Uint8Array): Uint8Array[] {
  const t = readTlv(si, 0, si.length)!;
  return derChildren(si, t.body, t.end)!.map((x) => si.subarray(x.start, x.end));
}

/** A sid naming a certificate by issuer and serial number (RFC 5652 IssuerAndSerialNumber). */
export function issuerSerialSid(cert: pkijs.Certificate): Uint8Array {
  return encode(seq(raw(new Uint8Array(cert.issuer.toSchema().toBER())), raw(new Uint8Array(cert.serialNumber.toBER()))));
}

/**
 * A SignerInfo of another signer (a17 S1, a18 K1): `version`, `sid` and `digestAlgorithm` as given, `signedAttrs`
 * (the [0] IMPLICIT field, the genuine one or its own), sha256WithRSAEncryption, the signature by `key` over the
 * attributes as a SET (RFC 5652 §5.4).
 */
export function rsaSignerInfo(o: { version: Uint8Array; sid: Uint8Array; digestAlgorithm: Uint8Array; signedAttrs: Uint8Array; key: KeyObject }): Uint8Array {
  const asSet = Uint8Array.from(o.signedAttrs);
  asSet[0] = 0x31;
  const sha256WithRsa = encode(seq(new asn1js.ObjectIdentifier({ value: "1.2.840.113549.1.1.11" }), new asn1js.Null()));
  return encode(
    seq(
      raw(o.version),
      raw(o.sid),
      raw(o.digestAlgorithm),
      raw(o.signedAttrs),
      raw(sha256WithRsa),
      new asn1js.OctetString({ valueHex: sign("sha256", asSet, o.key) }),
    ),
  );
}

/**
 * A self-signed RSA certificate made by openssl in `dir` (a18 K1, a19): `subject` in openssl's /C=../CN=.. form, its
 * subjectKeyIdentifier extension `ski` (hex) and no authorityKeyIdentifier; `extra` more `openssl req` arguments
 * (-set_serial). Its DER, and its key's PEM file at `${dir}/key.pem`.
 */
export function selfSignedWithSki(dir: string, subject: string, ski: string, extra: readonly string[] = []): Uint8Array {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      `${dir}/key.pem`,
      "-out",
      `${dir}/cert.pem`,
      "-days",
      "3650",
      "-subj",
      subject,
      ...extra,
      "-addext",
      `subjectKeyIdentifier=${ski}`,
      "-addext",
      "authorityKeyIdentifier=none",
    ],
    { stdio: "ignore" },
  );
  execFileSync("openssl", ["x509", "-in", `${dir}/cert.pem`, "-outform", "DER", "-out", `${dir}/cert.der`]);
  return new Uint8Array(readFileSync(`${dir}/cert.der`));
}

/**
 * a17 S1: a SignerInfo by `other` (its key, its issuer and serial as sid) over the genuine SignerInfo's own signed
 * attributes, with its version and digestAlgorithm: no key of the broker's is used.
 */
export function signerInfoByOther(cms: Uint8Array, other: { cert: pkijs.Certificate; key: KeyObject }): Uint8Array {
  const parts = signerInfoParts(setElements(signedDataFields(cms).fields.at(-1)!)[0]!);
  return rsaSignerInfo({
    version: parts[0]!,
    sid: issuerSerialSid(other.cert),
    digestAlgorithm: parts[2]!,
    signedAttrs: parts.find((p) => p[0] === 0xa0)!,
    key: other.key,
  });
}
