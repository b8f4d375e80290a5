// Small ASN.1/DER builders over asn1js, plus the hashes and encodings every other module needs.
// The generator builds certificates, CRLs, OCSP responses and CMS by hand (not with pkijs' builders)
// so that every byte is under its control: tampered variants need exactly that.
import { createHash } from "node:crypto";
import * as asn1js from "asn1js";

export type Asn1 = asn1js.AsnType;

export const OIDS = {
  // hashes and signature algorithms
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  sha256WithRSA: "1.2.840.113549.1.1.11",
  rsassaPss: "1.2.840.113549.1.1.10",
  mgf1: "1.2.840.113549.1.1.8",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  // names
  commonName: "2.5.4.3",
  serialNumber: "2.5.4.5",
  country: "2.5.4.6",
  organization: "2.5.4.10",
  organizationalUnit: "2.5.4.11",
  locality: "2.5.4.7",
  organizationIdentifier: "2.5.4.97",
  // certificate extensions
  subjectKeyIdentifier: "2.5.29.14",
  keyUsage: "2.5.29.15",
  basicConstraints: "2.5.29.19",
  crlNumber: "2.5.29.20",
  certificatePolicies: "2.5.29.32",
  authorityKeyIdentifier: "2.5.29.35",
  extKeyUsage: "2.5.29.37",
  qcStatements: "1.3.6.1.5.5.7.1.3",
  ocspNoCheck: "1.3.6.1.5.5.7.48.1.5",
  kpOcspSigning: "1.3.6.1.5.5.7.3.9",
  kpTimeStamping: "1.3.6.1.5.5.7.3.8",
  // OCSP
  ocspBasic: "1.3.6.1.5.5.7.48.1.1",
  ocspArchiveCutoff: "1.3.6.1.5.5.7.48.1.6",
  // CMS
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  adbeRevocationInfoArchival: "1.2.840.113583.1.1.8",
} as const;

// ---- builders -------------------------------------------------------------------------------

export const seq = (...value: Asn1[]): asn1js.Sequence => new asn1js.Sequence({ value });
export const set = (...value: Asn1[]): asn1js.Set => new asn1js.Set({ value });
export const oid = (value: string): asn1js.ObjectIdentifier => new asn1js.ObjectIdentifier({ value });
export const nul = (): asn1js.Null => new asn1js.Null();
export const bool = (value: boolean): asn1js.Boolean => new asn1js.Boolean({ value });
export const octets = (bytes: Uint8Array): asn1js.OctetString => new asn1js.OctetString({ valueHex: bytes });
export const utf8 = (value: string): asn1js.Utf8String => new asn1js.Utf8String({ value });
export const printable = (value: string): asn1js.PrintableString => new asn1js.PrintableString({ value });
export const utcTime = (d: Date): asn1js.UTCTime => new asn1js.UTCTime({ valueDate: d });
export const genTime = (d: Date): asn1js.GeneralizedTime => new asn1js.GeneralizedTime({ valueDate: d });
export const enumerated = (value: number): asn1js.Enumerated => new asn1js.Enumerated({ value });

/** RFC 5280 Time: UTCTime through 2049, GeneralizedTime after. */
export const x509Time = (d: Date): Asn1 => (d.getUTCFullYear() < 2050 ? utcTime(d) : genTime(d));

/** INTEGER: a small number, or unsigned big-endian bytes (a leading zero is added when needed). */
export function int(value: number | Uint8Array): asn1js.Integer {
  if (typeof value === "number") return new asn1js.Integer({ value });
  let bytes = value;
  while (bytes.length > 1 && bytes[0] === 0 && (bytes[1]! & 0x80) === 0) bytes = bytes.subarray(1);
  if ((bytes[0]! & 0x80) !== 0) bytes = concat(new Uint8Array([0]), bytes);
  return new asn1js.Integer({ valueHex: bytes });
}

/** BIT STRING with no unused bits (keys, signatures). */
export const bits = (bytes: Uint8Array): asn1js.BitString => new asn1js.BitString({ valueHex: bytes });

/** Context-specific EXPLICIT [n]. */
export const explicit = (n: number, inner: Asn1): asn1js.Constructed => new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: n }, value: [inner] });

/** Context-specific IMPLICIT [n] over a constructed type (SET/SEQUENCE): the children are kept. */
export const implicitConstructed = (n: number, value: Asn1[]): asn1js.Constructed => new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: n }, value });

/** Context-specific IMPLICIT [n] over a primitive (e.g. NULL, OCTET STRING content). */
export const implicitPrimitive = (n: number, content: Uint8Array = new Uint8Array(0)): asn1js.Primitive =>
  new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: n }, valueHex: content });

/** Embed already-encoded DER. */
export function raw(der: Uint8Array): Asn1 {
  const parsed = asn1js.fromBER(der, { maxNodes: 10_000_000 }); // our own output: a CRL may be large on purpose
  if (parsed.offset === -1) throw new Error(`generator: cannot parse DER: ${parsed.result.error}`);
  return parsed.result;
}

export const encode = (node: Asn1): Uint8Array => new Uint8Array(node.toBER(false));

/** AlgorithmIdentifier; `params` null means "NULL parameters", undefined means absent. */
export function algId(algorithm: string, params?: Asn1 | null): asn1js.Sequence {
  if (params === undefined) return seq(oid(algorithm));
  return seq(oid(algorithm), params === null ? nul() : params);
}

/** DER SET OF: elements sorted by their encoding (X.690 §11.6), as DER verifiers re-encode. */
export function derSetOf(items: Asn1[]): asn1js.Set {
  const encoded = items.map((i) => ({ i, der: encode(i) }));
  encoded.sort((a, b) => compareBytes(a.der, b.der));
  return set(...encoded.map((e) => e.i));
}

// ---- bytes, hashes, encodings ---------------------------------------------------------------

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export const sha1 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash("sha1").update(data).digest());
export const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(createHash("sha256").update(data).digest());
export const hex = (data: Uint8Array): string => Buffer.from(data).toString("hex");
export const base64 = (data: Uint8Array): string => Buffer.from(data).toString("base64");
export const utf8Bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "utf8"));
export const latin1Bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "latin1"));
export const latin1Text = (bytes: Uint8Array): string => Buffer.from(bytes).toString("latin1");

/** PEM with 64-column base64 and LF line ends (as the broker's PEM attachment). */
export function pem(label: string, der: Uint8Array): string {
  const lines = base64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

export function pemToDer(text: string, label = "CERTIFICATE"): Uint8Array {
  const m = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`).exec(text);
  if (!m) throw new Error(`generator: no ${label} PEM block`);
  return new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ""), "base64"));
}
