// Reading evidence for inspect and extract: the same content detection as verify, but anything that is
// not evidence at all is a usage error (exit 3) — these commands give no verdict to put it in.
import { FormatError, SealcheckError, errorMessage } from "../errors.js";
import { resolveLimits, type Limits } from "../limits.js";
import { classifyEvidence, readBounded, type EvidenceInput } from "../input/evidence-file.js";
import { wholeSource } from "../input/source.js";

/** Runs `fn`; a FormatError (not evidence, unreadable PDF structure) becomes a usage error naming the file. */
export function asUsageError<T>(file: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof FormatError) throw new SealcheckError("ERR_UNKNOWN_FORMAT", `${file}: ${errorMessage(e)}`, { file, cause: e });
    throw e;
  }
}

export function readEvidenceForTools(file: string, overrides: Partial<Limits> = {}): { input: EvidenceInput; bytes: Uint8Array; limits: Limits } {
  const limits = resolveLimits(overrides);
  const bytes = readBounded(file, limits.maxEvidenceBytes);
  const input = asUsageError(file, () => classifyEvidence(file, wholeSource(bytes), limits));
  return { input, bytes, limits };
}
