// Compact JWS structure (RFC 7515 §7.1), decoded strictly before any key or algorithm is considered.
// jose verifies the signature; this layer refuses what must never reach it and gives readable reasons.
import { FormatError, LimitError } from "../errors.js";
import { isPlainObject, parseJson, type JsonLimits } from "./json.js";

export interface CompactJws {
  compact: string;
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** The raw payload text (the exact bytes that were signed, decoded). */
  payloadText: string;
}

const B64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Decodes one base64url segment, refusing padding and non-canonical encodings: the unused low bits of the
 * last character must be zero. Otherwise several texts decode to the same bytes, and a changed signature
 * segment would still verify (the signature is over the header and payload segments only).
 */
function b64urlBytes(segment: string, what: string): Buffer {
  if (!B64URL.test(segment)) throw new FormatError(`${what} is not base64url`);
  if (segment.length % 4 === 1) throw new FormatError(`${what} has an impossible base64url length`);
  const bytes = Buffer.from(segment, "base64url");
  if (bytes.toString("base64url") !== segment) throw new FormatError(`${what} is not canonical base64url (non-zero unused bits in its last character)`);
  return bytes;
}

function b64url(segment: string, what: string): string {
  return b64urlBytes(segment, what).toString("utf8");
}

export function decodeCompactJws(token: string, limits: JsonLimits & { maxJwtBytes: number }, what = "token"): CompactJws {
  const compact = token.trim();
  if (compact.length > limits.maxJwtBytes)
    throw new LimitError("maxJwtBytes", `${what} is ${compact.length} bytes, more than the limit of ${limits.maxJwtBytes}`);
  const parts = compact.split(".");
  if (parts.length === 5) throw new FormatError(`${what} is a JWE (encrypted), not a signed JWT`);
  if (parts.length !== 3) throw new FormatError(`${what} is not a compact JWS: expected 3 dot-separated parts, found ${parts.length}`);
  const [h, p, s] = parts as [string, string, string];
  if (!h || !p) throw new FormatError(`${what} has an empty header or payload`);
  const header = parseJson(b64url(h, `${what} header`), limits, `${what} header`);
  if (!isPlainObject(header)) throw new FormatError(`${what} header is not a JSON object`);
  if (header.b64 === false) throw new FormatError(`${what} uses an unencoded payload (b64: false), which is not allowed`);
  const payloadText = b64url(p, `${what} payload`);
  const payload = parseJson(payloadText, limits, `${what} payload`);
  if (!isPlainObject(payload)) throw new FormatError(`${what} payload is not a JSON object`);
  b64urlBytes(s, `${what} signature`);
  return { compact, header, payload, payloadText };
}
