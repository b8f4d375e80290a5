// The certificates of document timestamp tokens' CMS count against one limit per run (a11 D2c, second half): a
// token's `certificates` set is unsigned, so anyone can add to it, and each certificate cost ~5 ms of decoding per
// verification, under no limit but each token's own (maxAsn1Nodes) and the number of timestamps (6,000 junk
// certificates in two tokens: 31 s). Counted before any decoding, by the token's framing alone, as the DSS's
// certificates count against maxValidationDataItems: the distinct certificates of every document timestamp read in
// a run, at most maxValidationDataItems of them. A token whose certificates would pass the limit is not read at all:
// what depends on it is "not decided" (its own verification, the items in its CMS), never FAILED; the others are read
// as before. Certificates a token repeats (a renewed archive's timestamps carry the same TSA chain) count once.
import { LimitError } from "../errors.js";
import { signedDataOutline } from "./cms-outline.js";
import { derChildren, derFramed, derLength, readTlv, type Tlv } from "./der.js";
import type { PkiSession } from "./session.js";

/**
 * Why `token` (a timestamp token, zero-padded when `padded`) is not read in this run: its certificates would pass
 * the run's limit (a LimitError's message); null when it may be read. The same answer for the same bytes all run.
 */
export function tokenCertificatesOverLimit(session: PkiSession, token: Uint8Array, padded = false): string | null {
  const work = session.work;
  const known = work.timestampTokens.get(token);
  if (known !== undefined) return known;
  const certs = certificateSet(session, token, padded);
  let verdict: string | null = null;
  if (certs) {
    const fresh = new Set<string>();
    for (const c of certs) {
      const k = Buffer.from(c).toString("base64");
      if (!work.timestampCertificates.has(k)) fresh.add(k);
    }
    const max = work.maxValidationDataItems;
    if (work.timestampCertificates.size + fresh.size > max)
      verdict = new LimitError(
        "maxValidationDataItems",
        `the document timestamps' tokens carry more than ${max} certificates (this one ${certs.length}, ${fresh.size} not carried by one read before)`,
      ).message;
    else for (const k of fresh) work.timestampCertificates.add(k);
  }
  work.timestampTokens.set(token, verdict);
  return verdict;
}

/** The token without its `certificates` set (unsigned: no signature changes), for reading its other fields; null off its outline. */
export function tokenWithoutCertificates(session: PkiSession, token: Uint8Array, padded = false): Uint8Array | null {
  const o = outline(session, token, padded);
  if (!o) return null;
  const { bytes, contentType, fields } = o;
  const body = fields.filter((t) => t.tag !== 0xa0).map((t) => bytes.subarray(t.start, t.end));
  const tlv = (tag: number, parts: Uint8Array[]) => {
    const n = parts.reduce((sum, p) => sum + p.length, 0);
    return Buffer.concat([Uint8Array.of(tag, ...derLength(n)), ...parts]);
  };
  return new Uint8Array(tlv(0x30, [bytes.subarray(contentType.start, contentType.end), tlv(0xa0, [tlv(0x30, body)])]));
}

/**
 * The elements of the token's SignedData `certificates` set, by framing only; null when the bytes are not a
 * ContentInfo of that outline (the decoder then says why, within its own limits).
 */
function certificateSet(session: PkiSession, token: Uint8Array, padded: boolean): Uint8Array[] | null {
  const o = outline(session, token, padded);
  if (!o) return null;
  const set = o.fields.find((t) => t.tag === 0xa0); // certificates [0] IMPLICIT SET OF CertificateChoices
  if (!set) return [];
  const elements = derChildren(o.bytes, set.body, set.end);
  return elements ? elements.map((e) => o.bytes.subarray(e.start, e.end)) : null;
}

/**
 * ContentInfo { contentType, [0] EXPLICIT SignedData }: the bytes in DER framing (BER framing re-framed first, every
 * content byte the same), its contentType and the SignedData's fields; null off that outline or past the limits.
 */
function outline(session: PkiSession, token: Uint8Array, padded: boolean): { bytes: Uint8Array; contentType: Tlv; fields: Tlv[] } | null {
  const read = (bytes: Uint8Array, whole: boolean) => {
    const top = bytes.length > 0 ? readTlv(bytes, 0, bytes.length) : null;
    if (!top || (whole && top.end !== bytes.length)) return null;
    // The one outline reader (cms-outline.ts), in DER framing.
    const o = signedDataOutline(top, (v) => derChildren(bytes, v.body, v.end));
    return o && o.contentType.tag === 0x06 ? { bytes, contentType: o.contentType, fields: o.fields } : null;
  };
  const plain = read(token, !padded);
  if (plain) return plain;
  let framed: ReturnType<typeof derFramed> = null;
  try {
    framed = derFramed(token, session.limits, "a document timestamp token");
  } catch {
    return null; // past the decoding limits: the decoder refuses it
  }
  return framed && (padded || framed.end === token.length) ? read(framed.der, true) : null;
}
