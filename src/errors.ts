/**
 * Typed errors with stable codes. The library returns a report for bad *evidence* (FORMAT_FAILURE);
 * it throws SealcheckError only for usage problems the caller must fix (a missing file, a bad option).
 */
export type ErrorCode =
  | "ERR_USAGE" // bad option or argument
  | "ERR_FILE_NOT_FOUND"
  | "ERR_FILE_UNREADABLE"
  | "ERR_INPUT_TOO_LARGE" // a configured limit was exceeded before any verdict could be formed
  | "ERR_UNKNOWN_FORMAT" // the evidence is neither a PDF nor one of the two endpoint JSONs
  | "ERR_TRUST_STORE" // a --trust/--certs path holds no usable certificate
  | "ERR_NETWORK" // discovery/JWKS retrieval failed
  | "ERR_REPLAY_STORE"
  | "ERR_REDIS" // Redis (the queue's) unreachable or refusing commands
  | "ERR_QUEUE_NOT_FOUND" // Redis holds nothing of the queue named (a misspelt --queue or --prefix, another database)
  | "ERR_AUGMENT"; // augment wrote nothing: the archive does not verify, validation data is missing, or the result would not verify

export class SealcheckError extends Error {
  readonly code: ErrorCode;
  /** The file the error is about, when there is one. */
  readonly file?: string;
  /**
   * The library option the error is about (`at`, `redis`, `queue`, ...), named so at the start of the message
   * ("at: ..."): messages are in the library's terms, and the CLI puts its flag in that name's place (--at).
   */
  readonly option?: string;
  constructor(code: ErrorCode, message: string, opts: { file?: string; cause?: unknown; option?: string } = {}) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.name = "SealcheckError";
    this.code = code;
    if (opts.file !== undefined) this.file = opts.file;
    if (opts.option !== undefined) this.option = opts.option;
  }
}

/** A parse error inside evidence: becomes a FORMAT_FAILURE check, never escapes the library. */
export class FormatError extends Error {
  readonly code = "ERR_FORMAT" as const;
  constructor(message: string) {
    super(message);
    this.name = "FormatError";
  }
}

/**
 * How a library caller raises a limit, for a thrown SealcheckError (whose `option` is then `limits.<name>`):
 * the command line shows its own words, `--limit <name>=<n>`.
 */
export function raiseLimit(limit: string): string {
  return `raise it with limits.${limit}`;
}

/** How a user raises a limit (the limits are DEFAULT_LIMITS), for messages that end up in reports (both words). */
export function raiseHint(limit: string): string {
  return `raise it with --limit ${limit}=<n>, or limits.${limit} in the library`;
}

/**
 * A resource limit hit while reading evidence (decompression bomb, nesting, size). The message names the
 * limit and how to raise it.
 */
export class LimitError extends FormatError {
  readonly limit: string;
  constructor(limit: string, message: string) {
    super(`${message} (limit ${limit}: ${raiseHint(limit)})`);
    this.name = "LimitError";
    this.limit = limit;
  }
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
