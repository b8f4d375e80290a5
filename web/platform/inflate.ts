// The platform seam for zlib's inflate, the browser's implementation (in src/platform/inflate.ts's place in the
// page's build): pako, a port of zlib itself, so corrupt data, a wrong checksum or a truncated stream fail as
// Node's zlib fails them. Output arrives in chunks of 64 KiB: past `maxBytes` inflating stops there.
import { Inflate } from "pako";
import type * as node from "../../src/platform/inflate.js";

export class InflateLimitError extends Error {}

export function inflateBounded(data: Uint8Array, maxBytes: number): Uint8Array {
  return run(data, maxBytes, false).data;
}

export function inflateRawBounded(data: Uint8Array, maxBytes: number): { data: Uint8Array; unused: number } {
  return run(data, maxBytes, true);
}

function run(data: Uint8Array, maxBytes: number, raw: boolean): { data: Uint8Array; unused: number } {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflator = new Inflate({ chunkSize: 64 * 1024, raw });
  inflator.onData = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > Math.max(1, maxBytes)) throw new InflateLimitError(`output exceeds ${maxBytes} bytes`);
    chunks.push(chunk);
  };
  inflator.push(data, true);
  // Z_BUF_ERROR (-5) at the end of the input: the stream stopped before its end, as zlib words it.
  if (inflator.err === -5 || !(inflator as unknown as { ended: boolean }).ended) throw new Error("unexpected end of file");
  if (inflator.err) throw new Error(inflator.msg || `zlib error ${inflator.err}`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { data: out, unused: (inflator as unknown as { strm: { avail_in: number } }).strm.avail_in };
}

/** Raw deflate data that may stop anywhere (Z_SYNC_FLUSH at its end), as Node's inflateRawPartial. */
export function inflateRawPartial(data: Uint8Array, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflator = new Inflate({ chunkSize: 64 * 1024, raw: true });
  inflator.onData = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > Math.max(1, maxBytes)) throw new InflateLimitError(`output exceeds ${maxBytes} bytes`);
    chunks.push(chunk);
  };
  inflator.push(data, 2); // Z_SYNC_FLUSH: what the data holds so far
  // Z_BUF_ERROR (-5): no progress was possible, which a stream that merely stops early also gives.
  if (inflator.err && inflator.err !== -5) throw new Error(inflator.msg || `zlib error ${inflator.err}`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

// The same exports as Node's implementation, with the same types.
true satisfies typeof inflateBounded extends typeof node.inflateBounded ? true : never;
true satisfies typeof inflateRawBounded extends typeof node.inflateRawBounded ? true : never;
true satisfies typeof inflateRawPartial extends typeof node.inflateRawPartial ? true : never;
