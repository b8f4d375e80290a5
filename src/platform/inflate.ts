// The platform seam for zlib's inflate (Node's implementation; the page's build puts web/platform/inflate.ts
// in its place).
import { inflateSync } from "node:zlib";

/** The output would exceed the caller's bound: inflating stopped there. */
export class InflateLimitError extends Error {}

/**
 * Inflates zlib (RFC 1950) data, stopping as soon as the output would exceed `maxBytes`: a bomb costs at most
 * `maxBytes` of memory and the time to produce it, never its full expanded size. Corrupt data throws an Error.
 */
export function inflateBounded(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new InflateLimitError(`output exceeds ${maxBytes} bytes`);
    throw e;
  }
}
