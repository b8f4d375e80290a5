// Buffer for the page's build (esbuild's inject): the library's byte helpers (latin1, base64 and hex
// conversions) as Node's, from the buffer package that implements Node's API on Uint8Array, with Node's
// "base64url" encoding (RFC 4648 §5) added, which that package lacks: decoding takes either alphabet, as
// Node's does; encoding writes no padding, as Node's does.
import { Buffer } from "buffer";

const from = Buffer.from.bind(Buffer) as (...a: unknown[]) => Buffer;
const toBase64 = (s: string) => s.replace(/-/g, "+").replace(/_/g, "/");
(Buffer as unknown as { from: (...a: unknown[]) => Buffer }).from = (value: unknown, encoding?: unknown, ...rest: unknown[]) =>
  typeof value === "string" && encoding === "base64url" ? from(toBase64(value), "base64") : from(value, encoding, ...rest);
const byteLength = Buffer.byteLength.bind(Buffer);
Buffer.byteLength = ((value: string, encoding?: string) =>
  typeof value === "string" && encoding === "base64url"
    ? byteLength(toBase64(value), "base64")
    : byteLength(value, encoding as never)) as typeof Buffer.byteLength;
const toString = Buffer.prototype.toString;
Buffer.prototype.toString = function (this: Buffer, encoding?: string, start?: number, end?: number): string {
  if (encoding === "base64url") return toString.call(this, "base64", start, end).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return toString.call(this, encoding as never, start, end);
};
const isEncoding = Buffer.isEncoding.bind(Buffer);
Buffer.isEncoding = ((e: string) => e === "base64url" || isEncoding(e)) as typeof Buffer.isEncoding;

export { Buffer };
