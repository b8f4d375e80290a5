// Signed results: anyone who can write to Redis can write a result line, TOTAL-PASSED included. With a result
// key (a secret shared by `queue add`, the workers and the readers, never sent to Redis), `queue add` signs each
// archive's record (its id, the enqueue's nonce and index), each worker adds an HMAC-SHA256 of the line, bound
// to the queue, the id its entry names (the archive's; a refused job's own) and the enqueue's nonce, and a
// reader holding the key takes, per archive, only the one entry its signed record names, of the current
// enqueue: a line written, changed, copied from another archive or replayed from an earlier enqueue is refused,
// and an archive without an accepted line is a no-verdict result.
import { createHmac, timingSafeEqual } from "node:crypto";
import { SealcheckError, errorMessage } from "../errors.js";
import { readRegularFile } from "../input/files.js";

/** Fewer bytes than SHA-256's output would make the MAC weaker than the digest it sits beside. */
export const RESULT_KEY_MIN = 32;
const RESULT_KEY_MAX = 4096;
const DOMAIN = "sealcheck-result-v2";
const RECORD_DOMAIN = "sealcheck-record-v1";

/** A result key as given: its bytes (a caller's Uint8Array, or a key file's whole content). */
export function checkResultKey(key: unknown): Uint8Array {
  if (!(key instanceof Uint8Array)) throw new SealcheckError("ERR_USAGE", "resultKey: must be a Uint8Array of the key's bytes", { option: "resultKey" });
  if (key.length < RESULT_KEY_MIN || key.length > RESULT_KEY_MAX)
    throw new SealcheckError("ERR_USAGE", `resultKey: a result key has ${RESULT_KEY_MIN} to ${RESULT_KEY_MAX} bytes, not ${key.length}`, {
      option: "resultKey",
    });
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

/** Length-prefixed fields: a value read from Redis may hold any character, and must not shift bytes into the next. */
const framed = (...fields: string[]): string => fields.map((f) => `${f.length}:${f}\n`).join("");

/**
 * The MAC (hex) of a result line of entry id `jobId` (an archive's id, or a refused job's) in queue `scope`
 * (`<prefix>:<queue>`), for the enqueue `nonce` of the archive ("" for a job's line).
 */
export function resultMac(key: Uint8Array, scope: string, jobId: string, nonce: string, line: string): string {
  return createHmac("sha256", key)
    .update(`${DOMAIN}\n${framed(scope, jobId, nonce)}`)
    .update(line)
    .digest("hex");
}

/**
 * The enqueuer's MAC (hex) of an archive's record: the archive's id, the enqueue's nonce and index, and the
 * digest of its pinned content (src/batch/pins.ts contentDigest; "" for an archive not read: a fifth field only
 * when set, so that the records of earlier versions keep their MAC).
 */
export function recordMac(key: Uint8Array, scope: string, archiveId: string, nonce: string, index: string, content = ""): string {
  return createHmac("sha256", key)
    .update(`${RECORD_DOMAIN}\n${framed(scope, archiveId, nonce, index, ...(content ? [content] : []))}`)
    .digest("hex");
}

/** The MAC (hex) of a receipt line (src/queue/receipt.ts): its own domain, so no record's MAC serves as one. */
export function receiptMac(key: Uint8Array, scope: string, archiveId: string, nonce: string, index: string, content = ""): string {
  return createHmac("sha256", key)
    .update(`sealcheck receipt line v1\n${framed(scope, archiveId, nonce, index, ...(content ? [content] : []))}`)
    .digest("hex");
}

/** The MAC (hex) closing one `queue add`'s block of receipt lines: their count and their MACs in order. */
export function receiptBlockMac(key: Uint8Array, scope: string, lineMacs: readonly string[]): string {
  return createHmac("sha256", key)
    .update(`sealcheck receipt block v1\n${framed(scope, String(lineMacs.length))}`)
    .update(lineMacs.join("\n"))
    .digest("hex");
}

/** Whether `mac` is `expected` (both hex), in constant time. */
export function macMatches(expected: string, mac: string | undefined): boolean {
  if (mac === undefined || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(mac, "hex"));
}
