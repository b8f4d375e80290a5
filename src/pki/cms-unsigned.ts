// What no signature covers in a CMS SignedData (RFC 5652 §5.1, §5.3), read element by element: the elements of
// `certificates` [0] and `crls` [1], and each value of each unsigned attribute of each SignerInfo (a signature
// timestamp token's own unsigned parts included). Anyone may add to them without a key (a PDF's /Contents lies
// outside its /ByteRange), so an element past the decode limits on its own is that element's problem, left out and
// named, never the CMS's (a13 S3e: 70 nested SEQUENCEs, DER or BER, among the CRLs; a15: the same as an unsigned
// attribute's value). The signed parts (encapContentInfo, each SignerInfo's sid, algorithms, signed attributes and
// signature) are kept as they are and decoded under the limits of the whole.
import * as asn1js from "asn1js";
import { LimitError, errorMessage } from "../errors.js";
import { berValue, readerMayRead, type Ber } from "./ber.js";
import { signedDataOutline } from "./cms-outline.js";
import { assertDerShape, bytesEqual, derFramed, derLength, type DerLimits } from "./der.js";

/** A value with DER framing around `parts` (each as it came). */
function node(tag: number, parts: readonly Uint8Array[]): Uint8Array {
  const size = parts.reduce((n, c) => n + c.length, 0);
  const head = [tag, ...derLength(size)];
  const out = new Uint8Array(head.length + size);
  out.set(head);
  let o = head.length;
  for (const c of parts) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/**
 * Why `el`, read on its own `above` levels below the top of what holds it, is past the decode limits (nesting,
 * values, OIDs: what the whole decode would reach because of it); null when it is within them.
 */
function pastLimits(el: Uint8Array, limits: DerLimits, above: number, what: string): string | null {
  const own = { ...limits, maxAsn1Depth: limits.maxAsn1Depth - above };
  try {
    if (own.maxAsn1Depth < 1) throw new LimitError("maxAsn1Depth", `${what}: ASN.1 nesting deeper than ${limits.maxAsn1Depth} levels`);
    const framed = derFramed(el, own, what);
    assertDerShape(framed && framed.end === el.length ? framed.der : el, own, what);
    return null;
  } catch (e) {
    if (e instanceof LimitError) return errorMessage(e);
    throw e;
  }
}

// id-aa-signatureTimeStampToken (RFC 3161 appendix A): its value is a CMS whose own unsigned parts are read the same way.
const TIMESTAMP_TOKEN = "1.2.840.113549.1.9.16.2.14";

/** An attribute type's dotted form (within the OID limit), or "?". */
function oidOf(bytes: Uint8Array, t: Ber, limits: DerLimits): string {
  if (t.tag !== 0x06 || t.contentEnd - t.body > limits.maxOidBytes) return "?";
  const v = asn1js.fromBER(bytes.subarray(t.start, t.end));
  return v.offset !== -1 && v.result instanceof asn1js.ObjectIdentifier ? v.result.valueBlock.toString() : "?";
}

/** Names kept of the elements left out (their count is kept whole). */
export const MAX_IGNORED_NAMES = 100;

interface Screen {
  bytes: Uint8Array;
  limits: DerLimits;
  what: string;
  /** Also leave out the elements of certificates and crls that have the outline of none of the set's choices. */
  outline: boolean;
  ignored: string[];
  count: number;
  /** Of the elements of crls left out, those a reference reader reads as a CRL or OCSP response: unread, not nothing. */
  unreadCrls: Uint8Array[];
  unreadOcsps: Uint8Array[];
}

// DER of id-ri-ocsp-response (RFC 5940), as an OtherRevocationInfoFormat's type carries it.
const OCSP_REV_INFO_DER = Uint8Array.from([0x06, 0x08, 0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x10, 0x02]);

/**
 * An element of crls left out past the limits that a reference reader reads (readerMayRead: a CertificateList, or
 * an OCSPResponse as id-ri-ocsp-response) is kept aside as unread: the limit is this reader's, not the evidence's, so
 * the seal certificate's status is then not decided (a CA's CRL too large here may list it).
 */
function keepIfReadable(s: Screen, el: Ber): void {
  const b = s.bytes;
  if (el.tag === 0x30 && readerMayRead("crl", b.subarray(el.start, el.end))) return void s.unreadCrls.push(b.slice(el.start, el.end));
  const parts = el.tag === 0xa1 ? firstChildren(b, el, 3) : null;
  if (parts?.length !== 2 || !bytesEqual(b.subarray(parts[0]!.start, parts[0]!.end), OCSP_REV_INFO_DER)) return;
  const value = b.subarray(parts[1]!.start, parts[1]!.end);
  if (readerMayRead("ocsp", value)) s.unreadOcsps.push(value.slice());
}

/** Names one element left out (the first MAX_IGNORED_NAMES), counts it. */
function drop(s: Screen, name: string): void {
  s.count++;
  if (s.ignored.length < MAX_IGNORED_NAMES) s.ignored.push(name);
}

/**
 * The values of a constructed value, no more than maxAsn1Nodes of them (each is one at least, so the whole decode
 * could not hold more): past that a LimitError, before more are read. Null off BER.
 */
function children(s: Screen, v: Ber): Ber[] | null {
  const out: Ber[] = [];
  for (let p = v.body; p < v.contentEnd;) {
    if (out.length >= s.limits.maxAsn1Nodes) throw new LimitError("maxAsn1Nodes", `${s.what} holds more than ${s.limits.maxAsn1Nodes} ASN.1 values`);
    const c = berValue(s.bytes, p, v.contentEnd);
    if (!c) return null;
    out.push(c);
    p = c.end;
  }
  return out;
}

/** The first `n` values of a constructed value (fewer if it has fewer); null off BER. */
function firstChildren(b: Uint8Array, v: Ber, n: number): Ber[] | null {
  const out: Ber[] = [];
  for (let p = v.body; p < v.contentEnd && out.length < n;) {
    const c = berValue(b, p, v.contentEnd);
    if (!c) return null;
    out.push(c);
    p = c.end;
  }
  return out;
}

/**
 * Why an element of certificates [0] (`certs`) or crls [1] has the outline of none of the set's choices
 * (RFC 5652 §10.2.1, §10.2.2), by tags only, no schema (a13 D3c): a Certificate or CertificateList as BouncyCastle
 * reads one (readerMayRead: every real one has it); [0] of one value or more, [1] { SEQUENCE, ... }, [2] {
 * SEQUENCE, SEQUENCE, BIT STRING, ... }, [3] { OID, ANY } among the certificates; [1] { OID, ANY } among the CRLs
 * (a superset of what pkijs's schemas take). Null when it has one: the decoder then decides.
 */
function noChoiceOutline(b: Uint8Array, el: Ber, certs: boolean): string | null {
  // A certificate or CRL as BouncyCastle's outline has it (what every real one has, readerMayRead): junk with a
  // CRL's first tags is no CRL any reader reads, and is left out here, uncounted.
  if (el.tag === 0x30)
    return readerMayRead(certs ? "certificate" : "crl", b.subarray(el.start, el.end))
      ? null
      : `has the outline of no ${certs ? "Certificate" : "CertificateList"} a reader reads`;
  const parts = el.tag & 0x20 ? firstChildren(b, el, 3) : null;
  const signed = () => !!parts && parts.length >= 3 && parts[0]!.tag === 0x30 && parts[1]!.tag === 0x30 && (parts[2]!.tag === 0x03 || parts[2]!.tag === 0x23);
  const other = () => !!parts && parts.length >= 2 && parts[0]!.tag === 0x06;
  const ok = certs
    ? el.tag === 0x30 || el.tag === 0xa2
      ? signed()
      : el.tag === 0xa0
        ? !!parts && parts.length >= 1
        : el.tag === 0xa1
          ? parts?.[0]?.tag === 0x30
          : el.tag === 0xa3 && other()
    : el.tag === 0x30
      ? signed()
      : el.tag === 0xa1 && other();
  return ok ? null : `has the outline of no ${certs ? "CertificateChoices" : "RevocationInfoChoice"} (tag 0x${el.tag.toString(16).padStart(2, "0")})`;
}

/**
 * The ContentInfo `ci` (SignedData) rebuilt with DER framing along the path to its unsigned parts, without each
 * unsigned element past the limits on its own (named in `s.ignored` after `prefix`); every other value as it came.
 * `above`: the levels above `ci` in the value decoded whole. Null off the shape.
 */
function screenContentInfo(s: Screen, ci: Ber, above: number, prefix: string): Uint8Array | null {
  const b = s.bytes;
  const o = signedDataOutline(ci, (v) => children(s, v));
  if (!o) return null;
  const { contentType, fields } = o;
  const raw = (v: Ber) => b.subarray(v.start, v.end);
  const newFields: Uint8Array[] = [];
  for (const f of fields) {
    if (f.tag === 0xa0 || f.tag === 0xa1) {
      // ContentInfo, [0], SignedData, the set: four levels above each element.
      const elements = children(s, f);
      if (!elements) return null;
      const name = f.tag === 0xa0 ? "certificates" : "crls";
      const kept = elements.filter((el, i) => {
        const noOutline = s.outline ? noChoiceOutline(b, el, f.tag === 0xa0) : null;
        const why = noOutline ?? pastLimits(raw(el), s.limits, above + 4, s.what);
        if (!why) return true;
        drop(s, `${prefix}${name} [${i}]: ${why}`);
        if (!noOutline && f.tag === 0xa1) keepIfReadable(s, el);
        return false;
      });
      newFields.push(node(f.tag, kept.map(raw)));
    } else if (f.tag === 0x31 && f === fields[fields.length - 1]) {
      const infos = children(s, f);
      if (!infos) return null;
      const newInfos: Uint8Array[] = [];
      for (const [j, si] of infos.entries()) {
        const siParts = si.tag === 0x30 ? children(s, si) : null;
        const unsigned = siParts?.[siParts.length - 1];
        if (!siParts || unsigned?.tag !== 0xa1) {
          newInfos.push(raw(si));
          continue;
        }
        const where = infos.length > 1 ? `${prefix}signerInfos [${j}]: ` : prefix;
        const attrs = screenUnsignedAttributes(s, unsigned, above + 5, where);
        if (!attrs) return null;
        newInfos.push(node(0x30, [...siParts.slice(0, -1).map(raw), attrs]));
      }
      newFields.push(node(0x31, newInfos));
    } else newFields.push(raw(f));
  }
  return node(0x30, [raw(contentType), node(0xa0, [node(0x30, newFields)])]);
}

/**
 * A SignerInfo's unsignedAttrs [1] (`above` levels above it) without what is past the limits on its own: an
 * attribute within them is kept whole; of one that is not, each value is read on its own (a signature timestamp
 * token screened as a CMS first), and the attribute kept with the values that are within them, if any.
 */
function screenUnsignedAttributes(s: Screen, unsigned: Ber, above: number, prefix: string): Uint8Array | null {
  const b = s.bytes;
  const raw = (v: Ber) => b.subarray(v.start, v.end);
  const attrs = children(s, unsigned);
  if (!attrs) return null;
  const kept: Uint8Array[] = [];
  for (const [i, a] of attrs.entries()) {
    // [1], Attribute: the attribute is `above + 1` levels below the top, its values `above + 3`.
    const why = pastLimits(raw(a), s.limits, above + 1, s.what);
    if (!why) {
      kept.push(raw(a));
      continue;
    }
    const parts = a.tag === 0x30 ? children(s, a) : null;
    const values = parts?.length === 2 && parts[0]!.tag === 0x06 && parts[1]!.tag === 0x31 ? children(s, parts[1]!) : null;
    if (!parts || !values || pastLimits(raw(parts[0]!), s.limits, above + 2, s.what)) {
      drop(s, `${prefix}unsigned attribute [${i}]: ${why}`);
      continue;
    }
    const type = oidOf(b, parts[0]!, s.limits);
    const keptValues: Uint8Array[] = [];
    for (const [k, v] of values.entries()) {
      const name = `${prefix}unsigned attribute ${type} [${k}]`;
      // A token nested deeper than the depth limit is past it whatever it holds: not walked into (tokens inside
      // tokens, thousands deep, would otherwise recurse here without bound).
      const screened = type === TIMESTAMP_TOKEN && above + 3 < s.limits.maxAsn1Depth ? screenContentInfo(s, v, above + 3, `${name}: `) : null;
      const value = screened ?? raw(v);
      const past = pastLimits(value, s.limits, above + 3, s.what);
      if (past) drop(s, `${name}: ${past}`);
      else keptValues.push(value);
    }
    if (keptValues.length) kept.push(node(0x30, [raw(parts[0]!), node(0x31, keptValues)]));
  }
  return node(0xa1, kept);
}

/**
 * The CMS (BER or DER, zero padding after it when `padded`) without the unsigned elements that are past the
 * decode limits on their own (and, with `outline`, those of certificates and crls that have the outline of none
 * of the set's choices), in DER framing along the path to them, where it ended, and what was left out (the first
 * MAX_IGNORED_NAMES named, all counted); null when nothing is left out, or off the shape of a ContentInfo holding
 * SignedData. One linear walk of the framing; a set of more values than maxAsn1Nodes is a LimitError.
 */
export function withoutUnsignedPastLimits(bytes: Uint8Array, limits: DerLimits, what: string, padded: boolean, outline = false): ScreenedCms | null {
  const ci = berValue(bytes, 0, bytes.length);
  if (!ci) return null;
  for (let i = ci.end; i < bytes.length; i++) if (!padded || bytes[i] !== 0) return null;
  const s: Screen = { bytes, limits, what, outline, ignored: [], count: 0, unreadCrls: [], unreadOcsps: [] };
  const der = screenContentInfo(s, ci, 0, "");
  return der && s.count ? { der, end: ci.end, ignored: s.ignored, count: s.count, unreadCrls: s.unreadCrls, unreadOcsps: s.unreadOcsps } : null;
}

/** A CMS screened: its bytes without what was left out, where it ended, the names and count, the unread items. */
export interface ScreenedCms {
  der: Uint8Array;
  end: number;
  ignored: string[];
  count: number;
  unreadCrls: Uint8Array[];
  unreadOcsps: Uint8Array[];
}
