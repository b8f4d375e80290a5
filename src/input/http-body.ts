// A fetch response's body, read no further than a limit: refused by its Content-Length when that says too
// much, and cut off as soon as the bytes received pass the limit (a server may announce nothing, or lie).

/** Reads `res`'s body, at most `maxBytes`; `tooLarge(why)` makes the error thrown when it is over. */
export async function readBodyBounded(res: Response, maxBytes: number, tooLarge: (why: string) => Error): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(`announces ${declared} bytes, more than the limit of ${maxBytes}`);
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`sent more than the limit of ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
