// The outline of a CMS ContentInfo holding SignedData (RFC 5652 §3, §5.1) by framing alone, no schema: the
// ContentInfo's contentType and [0], the SignedData inside, and its fields. One walk for every reader that needs
// the fields before (or instead of) a decode: the screen of what no signature covers (cms-unsigned.ts, BER framing,
// its own count of values) and the count of a timestamp token's certificates (token-certificates.ts, DER framing).
// The framing is the caller's: `children` reads the values filling a constructed one, or null off that framing.

/** A value by its framing: its first tag byte and where its header, content and it end. */
export interface Framed {
  readonly tag: number;
  readonly start: number;
  readonly body: number;
  readonly end: number;
}

/** ContentInfo { contentType, [0] EXPLICIT SignedData { fields } }, each part as framed. */
export interface SignedDataOutline<T extends Framed> {
  readonly contentType: T;
  /** The [0] EXPLICIT around the SignedData. */
  readonly content: T;
  readonly signedData: T;
  readonly fields: T[];
}

/**
 * The outline of the ContentInfo `top`: a SEQUENCE of two values, the second [0] holding one SEQUENCE (SignedData),
 * whose values are its fields; null off it (the contentType's tag is the caller's to judge).
 */
export function signedDataOutline<T extends Framed>(top: T, children: (v: T) => T[] | null): SignedDataOutline<T> | null {
  const ci = top.tag === 0x30 ? children(top) : null;
  const contentType = ci?.[0];
  const content = ci?.[1];
  if (ci?.length !== 2 || !contentType || content?.tag !== 0xa0) return null;
  const inner = children(content);
  const signedData = inner?.length === 1 && inner[0]!.tag === 0x30 ? inner[0]! : null;
  const fields = signedData && children(signedData);
  return signedData && fields ? { contentType, content, signedData, fields } : null;
}
