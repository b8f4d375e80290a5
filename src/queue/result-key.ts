// Signed results: anyone who can write to Redis can write a result line, TOTAL-PASSED included. With a result
// key (a secret shared by the workers and the readers, never sent to Redis), each worker adds an HMAC-SHA256 of
// the line, bound to the queue and the id its entry names (the archive's; a refused job's own), and a reader
// holding the key takes only lines whose MAC checks out: a line written or changed by anything else is a
// no-verdict result. It proves who wrote a line for which archive, not that every archive has one: the
// reader's count against `queue add`'s says that.
import { createHmac, timingSafeEqual } from "node:crypto";
import { SealcheckError, errorMessage } from "../errors.js";
import { readRegularFile } from "../input/files.js";

/** Fewer bytes than SHA-256's output would make the MAC weaker than the digest it sits beside. */
export const RESULT_KEY_MIN = 32;
const RESULT_KEY_MAX = 4096;
const DOMAIN = "sealcheck-result-v1";

/** A result key as given: its bytes (a caller's Uint8Array, or a key file's whole content). */
export function checkResultKey(key: unknown): Uint8Array {
  if (!(key instanceof Uint8Array)) throw new SealcheckError("ERR_USAGE", "resultKey must be a Uint8Array of the key's bytes");
  if (key.length < RESULT_KEY_MIN || key.length > RESULT_KEY_MAX)
    throw new SealcheckError("ERR_USAGE", `a result key has ${RESULT_KEY_MIN} to ${RESULT_KEY_MAX} bytes, not ${key.length}`);
  return key;
}

/**
 * Reads a result key file: its bytes as they are (make one with `openssl rand -out result.key 32`). A regular
 * file only, opened without blocking: a FIFO or device given here is refused at once, never waited on.
 */
export function readResultKey(file: string): Uint8Array {
  let key: Buffer;
  try {
    key = readRegularFile(file, RESULT_KEY_MAX, { what: "the result key" });
  } catch (e) {
    if (e instanceof SealcheckError && e.code === "ERR_INPUT_TOO_LARGE") key = Buffer.alloc(RESULT_KEY_MAX + 1);
    else {
      const why = e instanceof SealcheckError ? e.message.replace(`${file}: `, "") : ((e as NodeJS.ErrnoException).code ?? errorMessage(e));
      throw new SealcheckError("ERR_USAGE", `${file}: cannot read the result key (${why})`, { file });
    }
  }
  if (key.length < RESULT_KEY_MIN || key.length > RESULT_KEY_MAX)
    throw new SealcheckError(
      "ERR_USAGE",
      `${file}: a result key file holds ${RESULT_KEY_MIN} to ${RESULT_KEY_MAX} bytes, not ${key.length > RESULT_KEY_MAX ? `more than ${RESULT_KEY_MAX}` : key.length} (make one with: openssl rand -out ${file} 32)`,
      { file },
    );
  return checkResultKey(key);
}

/**
 * The MAC (hex) of a result line of job `jobId` in queue `scope` (`<prefix>:<queue>`). Scope and job id go in
 * with their lengths: a job id read from Redis may hold any character, and must not shift bytes into the line.
 */
export function resultMac(key: Uint8Array, scope: string, jobId: string, line: string): string {
  return createHmac("sha256", key).update(`${DOMAIN}\n${scope.length}:${scope}\n${jobId.length}:${jobId}\n`).update(line).digest("hex");
}

/** Whether `mac` is the MAC of this line of this job in this queue. */
export function resultMacMatches(key: Uint8Array, scope: string, jobId: string, line: string, mac: string | undefined): boolean {
  if (mac === undefined || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(resultMac(key, scope, jobId, line), "hex"), Buffer.from(mac, "hex"));
}
