// The platform seam for zlib's inflate (Node's implementation; the page's build puts web/platform/inflate.ts
// in its place).
import { constants, inflateRawSync, inflateSync } from "node:zlib";

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

/**
 * Inflates raw deflate (RFC 1951) data up to the end of its final block, bounded as inflateBounded: the output
 * and how many input bytes follow the final block. Data that stops before its final block throws an Error.
 */
export function inflateRawBounded(data: Uint8Array, maxBytes: number): { data: Uint8Array; unused: number } {
  try {
    const r = inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes), info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    return { data: r.buffer, unused: data.length - r.engine.bytesWritten };
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new InflateLimitError(`output exceeds ${maxBytes} bytes`);
    throw e;
  }
}

/**
 * Inflates raw deflate (RFC 1951) data that may stop anywhere, final block or not (Z_SYNC_FLUSH at its end):
 * what is inflated from the whole input, bounded as inflateBounded. Corrupt data throws an Error.
 */
export function inflateRawPartial(data: Uint8Array, maxBytes: number): Uint8Array {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new InflateLimitError(`output exceeds ${maxBytes} bytes`);
    throw e;
  }
}
