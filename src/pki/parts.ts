// Decoding by parts: one value (a CMS SignedData, a BasicOCSPResponse, a CRL) split by its framing
// (readTlv) into parts that asn1js and pkijs decode one by one, so that what repeats (certificates, CRLs) is
// taken from the session's pools and pkijs's schemas for the whole are skipped. Every such decoder is a
// strategy beside the whole-value path (asn1js + pkijs over the whole), which is the reference: the by-parts
// answer is the whole path's, or NOT_PLAIN ("not of the plain shape I split"), and only then does the whole
// path decide, with its own errors and limits. Any other exception in the by-parts path is a defect and
// propagates: it is never read as "use the other path".
import { FormatError, LimitError } from "../errors.js";
import type { PkiSession } from "./session.js";

/** The by-parts answer for a value off the plain shape (other framing, other fields, over the budget). */
export const NOT_PLAIN = null;
export type PartsResult<T> = T | typeof NOT_PLAIN;

/** A value decoded by parts or whole: the same results either way (test/pki/decode-by-parts.test.ts). */
export interface PartsStrategy<I, T> {
  readonly byParts: (input: I, session: PkiSession) => PartsResult<T>;
  readonly whole: (input: I, session: PkiSession) => T;
}

/** By parts unless the session says whole, or the value is not of the plain shape; then whole. */
export function decodeWith<I, T>(strategy: PartsStrategy<I, T>, input: I, session: PkiSession): T {
  const r = session.byParts ? strategy.byParts(input, session) : NOT_PLAIN;
  return r === NOT_PLAIN ? strategy.whole(input, session) : r;
}

/** A part's decoder (pkijs) refused it: the part is not of the shape the whole path would accept here. */
class PartRefused extends Error {}

/** A pkijs object from a decoded part; a refusal by pkijs (its schema check, its argument checks) is NOT_PLAIN. */
export function fromPart<T>(make: () => T): T {
  try {
    return make();
  } catch (e) {
    throw new PartRefused(e instanceof Error ? e.message : String(e));
  }
}

/**
 * For a by-parts decoder's catch: a decoder's refusal of a part (FormatError, LimitError, a pkijs refusal
 * through fromPart) is NOT_PLAIN, and the whole path then refuses the whole with its message; anything else
 * is a defect of the by-parts code and is thrown on.
 */
export function refusedPart(e: unknown): typeof NOT_PLAIN {
  if (e instanceof PartRefused || e instanceof FormatError || e instanceof LimitError) return NOT_PLAIN;
  throw e;
}
