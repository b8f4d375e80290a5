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

function b64url(segment: string, what: string): string {
  if (!B64URL.test(segment)) throw new FormatError(`${what} is not base64url`);
  if (segment.length % 4 === 1) throw new FormatError(`${what} has an impossible base64url length`);
  return Buffer.from(segment, "base64url").toString("utf8");
}

export function decodeCompactJws(token: string, limits: JsonLimits & { maxJwtBytes: number }, what = "token"): CompactJws {
  const compact = token.trim();
  if (compact.length > limits.maxJwtBytes) throw new LimitError("maxJwtBytes", `${what} is ${compact.length} bytes, more than the limit of ${limits.maxJwtBytes}`);
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
  if (!B64URL.test(s)) throw new FormatError(`${what} signature is not base64url`);
  return { compact, header, payload, payloadText };
}
