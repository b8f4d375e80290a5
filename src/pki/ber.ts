// Revocation items as BouncyCastle (EU DSS) verifies them: BER framing re-framed as DER at every level a
// signature covers, an OCSP response's BasicOCSPResponse (inside its OCTET STRING) included (a10, a11 G1b: the
// CA signed the DER; checked over BER bytes, its "revoked" was "not the CA's statement" and said nothing).
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { berHeader, bytesEqual, derChildren, derFramed, isDerFramed, readTlv, type DerLimits } from "./der.js";

const OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1"; // id-pkix-ocsp-basic

/** A BasicOCSPResponse as the OCSPResponse (status successful) the OCSP readers take. */
export function asOcspResponse(basic: Uint8Array): Uint8Array {
  const response = new pkijs.OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: 0 }),
    responseBytes: new pkijs.ResponseBytes({ responseType: OCSP_BASIC, response: new asn1js.OctetString({ valueHex: basic }) }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

/** The bytes' first value in DER framing (derFramed), or the bytes as they are when BER does not read them. */
function framed(der: Uint8Array, limits: DerLimits, what: string): Uint8Array {
  const f = derFramed(der, limits, what);
  return f && f.end === der.length ? f.der : der;
}

/**
 * A CRL or OCSP response in DER framing at every level its signature covers: the same bytes when they are DER
 * already. An OCSP response whose BasicOCSPResponse is BER is rewrapped around that response's DER. What BER does
 * not read is returned as it is (its decoder then refuses it); a LimitError past the limits.
 */
export function revocationItemDer(kind: "ocsp" | "crl", der: Uint8Array, limits: DerLimits, what: string): Uint8Array {
  if (isDerFramed(der, limits.maxAsn1Depth) && (kind === "crl" || innerIsDer(der, limits))) return der;
  const outer = framed(der, limits, what);
  if (kind === "crl") return outer;
  try {
    const asn = asn1js.fromBER(outer);
    if (asn.offset === -1) return outer;
    const response = new pkijs.OCSPResponse({ schema: asn.result });
    if (response.responseBytes?.responseType !== OCSP_BASIC) return outer;
    const basic = response.responseBytes.response.valueBlock.valueHexView;
    const inner = framed(basic, limits, what);
    if (bytesEqual(inner, basic)) return outer;
    // The same response (its status too) around the DER of what was signed.
    response.responseBytes.response = new asn1js.OctetString({ valueHex: inner });
    return new Uint8Array(response.toSchema().toBER(false));
  } catch {
    return outer; // not an OCSP response: its decoder says so
  }
}

/** An OCSPResponse in DER whose BasicOCSPResponse (responseBytes' OCTET STRING) is DER too, or has none. */
function innerIsDer(der: Uint8Array, limits: DerLimits): boolean {
  const top = readTlv(der, 0, der.length);
  const parts = top && derChildren(der, top.body, top.end);
  const bytes = parts?.[1];
  if (!bytes || bytes.tag !== 0xa0) return true; // no responseBytes: nothing signed inside
  const seq = derChildren(der, bytes.body, bytes.end)?.[0];
  const octets = seq && derChildren(der, seq.body, seq.end)?.[1];
  return !octets || octets.tag !== 0x04 || isDerFramed(der.subarray(octets.body, octets.end), limits.maxAsn1Depth);
}

/** One value in BER framing: its first tag byte and where its header, content and it end. */
export interface Ber {
  tag: number;
  start: number;
  body: number;
  contentEnd: number;
  end: number;
}

/**
 * The BER value at `p` within `end`; an indefinite length's end-of-contents found by a flat scan (definite values
 * skipped whole, indefinite ones counted), so no nesting is ever recursed into: linear, and no depth limit applies
 * to finding where an element ends. Null off BER.
 */
export function berValue(bytes: Uint8Array, p: number, end: number): Ber | null {
  const head = berHeader(bytes, p, end);
  if (!head) return null;
  if (head.len >= 0) return { tag: head.tag, start: p, body: head.body, contentEnd: head.body + head.len, end: head.body + head.len };
  let open = 1;
  for (let q = head.body; q < end;) {
    if (bytes[q] === 0 && q + 1 < end && bytes[q + 1] === 0) {
      q += 2;
      if (--open === 0) return { tag: head.tag, start: p, body: head.body, contentEnd: q - 2, end: q };
      continue;
    }
    const h = berHeader(bytes, q, end);
    if (!h) return null;
    if (h.len < 0) {
      open++;
      q = h.body;
    } else q = h.body + h.len;
  }
  return null;
}

/** The values filling a constructed value's content; null off BER. */
export function berChildren(bytes: Uint8Array, v: Ber): Ber[] | null {
  const out: Ber[] = [];
  for (let p = v.body; p < v.contentEnd;) {
    const c = berValue(bytes, p, v.contentEnd);
    if (!c) return null;
    out.push(c);
    p = c.end;
  }
  return out;
}

// DER of id-pkix-ocsp-basic, as ResponseBytes' responseType carries it: the one response type EU DSS reads.
const OCSP_BASIC_DER = Uint8Array.from([0x06, 0x09, 0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01, 0x01]);

/** An AlgorithmIdentifier as BouncyCastle takes one: a SEQUENCE of one or two values, an OID first. */
function algorithmOutline(b: Uint8Array, v: Ber | undefined): boolean {
  const parts = v?.tag === 0x30 ? berChildren(b, v) : null;
  return !!parts && parts.length >= 1 && parts.length <= 2 && parts[0]!.tag === 0x06;
}

/**
 * TBSCertList.getInstance (BouncyCastle): 3 to 7 values; [version INTEGER], signature, issuer Name, thisUpdate Time,
 * then what it reads after them.
 */
function tbsCertListOutline(b: Uint8Array, v: Ber): boolean {
  const f = v.tag === 0x30 ? berChildren(b, v) : null;
  if (!f || f.length < 3 || f.length > 7) return false;
  let i = f[0]!.tag === 0x02 ? 1 : 0;
  if (!algorithmOutline(b, f[i++])) return false;
  const isTime = (x: Ber | undefined) => x?.tag === 0x17 || x?.tag === 0x18;
  if (!nameOutline(b, f[i++]) || !isTime(f[i++])) return false;
  // Then [nextUpdate Time], [revokedCertificates SEQUENCE] (any untagged value must be one), [crlExtensions [0]].
  if (isTime(f[i])) i++;
  if (i < f.length && (f[i]!.tag & 0xc0) !== 0x80 && f[i++]!.tag !== 0x30) return false;
  const ext = f[i];
  const inner = ext && (ext.tag & 0xe0) === 0xa0 ? berChildren(b, ext) : null;
  return !ext || (inner?.length === 1 && inner[0]!.tag === 0x30);
}

/** A Name as X500Name.getInstance takes one: a SEQUENCE of SETs. */
function nameOutline(b: Uint8Array, v: Ber | undefined): boolean {
  const rdns = v?.tag === 0x30 ? berChildren(b, v) : null;
  return !!rdns && rdns.every((r) => r.tag === 0x31);
}

/**
 * TBSCertificate (BouncyCastle): [0] version?, serialNumber INTEGER, signature AlgorithmIdentifier, issuer Name,
 * validity SEQUENCE of two Times, subject Name, subjectPublicKeyInfo SEQUENCE, then what may follow.
 */
function tbsCertificateOutline(b: Uint8Array, v: Ber): boolean {
  const f = v.tag === 0x30 ? berChildren(b, v) : null;
  if (!f) return false;
  const i = f[0]?.tag === 0xa0 ? 1 : 0;
  const validity = f[i + 3]?.tag === 0x30 ? berChildren(b, f[i + 3]!) : null;
  const isTime = (x: Ber | undefined) => x?.tag === 0x17 || x?.tag === 0x18;
  return (
    f[i]?.tag === 0x02 &&
    algorithmOutline(b, f[i + 1]) &&
    nameOutline(b, f[i + 2]) &&
    validity?.length === 2 &&
    isTime(validity[0]) &&
    isTime(validity[1]) &&
    nameOutline(b, f[i + 4]) &&
    f[i + 5]?.tag === 0x30
  );
}

/** ResponseData (RFC 6960): [0] version?, responderID [1] or [2], producedAt GeneralizedTime, responses SEQUENCE. */
function responseDataOutline(b: Uint8Array, v: Ber): boolean {
  const f = v.tag === 0x30 ? berChildren(b, v) : null;
  if (!f) return false;
  const i = f[0]?.tag === 0xa0 ? 1 : 0;
  return (f[i]?.tag === 0xa1 || f[i]?.tag === 0xa2) && f[i + 1]?.tag === 0x18 && f[i + 2]?.tag === 0x30;
}

/**
 * Whether `der` has the outline a reference reader (BouncyCastle's, in EU DSS) reads as a certificate (Certificate of
 * TBSCertificate, algorithm, signature) or as the revocation data of its kind (a13 U2): a CertificateList whose tbsCertList has its signature algorithm, issuer Name and thisUpdate
 * (TBSCertList.getInstance); an OCSPResponse (a status, and responseBytes, if any, of id-pkix-ocsp-basic holding a
 * BasicOCSPResponse of ResponseData, algorithm and signature). What has this outline and is refused here is
 * "unread" (another reader may read it: not decided); anything else is junk, ignored and named, whatever its
 * first tags (SEQUENCE { SEQUENCE {}, SEQUENCE {}, BIT STRING }, `[1] { id-ri-ocsp-response, NULL }`). BER framing
 * is read as BER; values after the first are not looked at.
 */
export function readerMayRead(kind: "ocsp" | "crl" | "certificate", der: Uint8Array): boolean {
  const top = berValue(der, 0, der.length);
  const f = top?.tag === 0x30 ? berChildren(der, top) : null;
  if (!f) return false;
  if (kind === "certificate")
    return f.length === 3 && tbsCertificateOutline(der, f[0]!) && algorithmOutline(der, f[1]) && (f[2]!.tag === 0x03 || f[2]!.tag === 0x23);
  if (kind === "crl") return f.length === 3 && tbsCertListOutline(der, f[0]!) && algorithmOutline(der, f[1]) && (f[2]!.tag === 0x03 || f[2]!.tag === 0x23);
  if (f.length < 1 || f.length > 2 || f[0]!.tag !== 0x0a) return false;
  if (f.length === 1) return true;
  const bytes = f[1]!.tag === 0xa0 ? berChildren(der, f[1]!) : null;
  const rb = bytes?.length === 1 && bytes[0]!.tag === 0x30 ? berChildren(der, bytes[0]!) : null;
  if (!rb || rb.length !== 2 || rb[1]!.tag !== 0x04 || !bytesEqual(der.subarray(rb[0]!.start, rb[0]!.end), OCSP_BASIC_DER)) return false;
  const inner = der.subarray(rb[1]!.body, rb[1]!.contentEnd);
  const basic = berValue(inner, 0, inner.length);
  const parts = basic?.tag === 0x30 ? berChildren(inner, basic) : null;
  return (
    !!parts &&
    parts.length >= 3 &&
    parts.length <= 4 &&
    responseDataOutline(inner, parts[0]!) &&
    algorithmOutline(inner, parts[1]) &&
    (parts[2]!.tag === 0x03 || parts[2]!.tag === 0x23) &&
    (parts.length === 3 || parts[3]!.tag === 0xa0)
  );
}
