// Digests of the evidence bytes. The seal's first byte range starts at 0 and covers almost the whole file (all
// but /Contents and the last revision's tail), so the file's own SHA-256 (the report names it) continues the
// range digest's state instead of hashing every byte a second time: one pass over a 100 MB archive, not two.
import { createHash } from "node:crypto";

/** The SHA-256 of evidence bytes already hashed as a prefix of a seal's byte ranges, by the array's identity. */
const fileDigests = new WeakMap<Uint8Array, string>();

/** The digest (`alg`, a node:crypto name) of the two byte ranges `r` of `bytes`, as a PDF signature signs them. */
export function digestByteRanges(bytes: Uint8Array, r: readonly number[], alg: string): Uint8Array {
  const [a, b, c, d] = r as [number, number, number, number];
  const h = createHash(alg).update(bytes.subarray(a, a + b));
  // The state after [0, b) is also the file's state there: fork it and hash the rest once.
  if (alg === "sha256" && a === 0 && !fileDigests.has(bytes)) fileDigests.set(bytes, h.copy().update(bytes.subarray(b)).digest("hex"));
  return h.update(bytes.subarray(c, c + d)).digest();
}

/** SHA-256 (hex) of the whole of `bytes`: from the byte-range pass when there was one, else computed here. */
export function evidenceSha256(bytes: Uint8Array): string {
  return fileDigests.get(bytes) ?? createHash("sha256").update(bytes).digest("hex");
}
