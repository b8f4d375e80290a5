// Types of batch verification (verify-batch, verifyMany). Kept free of runtime imports so that the main
// thread of a batch never loads the PKI stack: only the workers do.
import type { ArchiveReport, DecidingAnchorDigest } from "../report/archive-report.js";
import type { Indication, SubIndication } from "../report/types.js";
import type { NormalisedPolicy, Policy } from "../policy.js";

/** One archive to verify: an evidence file and the originals to compare it with. */
export interface ArchiveSpec {
  /** The evidence file (sealed PAdES PDF, PAdES endpoint JSON or Workflow-token endpoint JSON). */
  evidence: string;
  /** Original PDFs: files and/or directories. `[]`: verify without comparing the documents. */
  originals: string[];
  /**
   * Set by discovery when the archive cannot be verified as laid out (no `originals/` folder beside the
   * evidence, a bad manifest entry). The archive is then reported with exit code 3 and this message,
   * without being verified.
   */
  problem?: string;
  /**
   * Set by discovery for an archive found by walking a directory: that directory's real path. Its originals must
   * still be inside it when they are opened (discovery's look at links can be hours older: `queue add`).
   */
  within?: string;
  /** How it was found: the directory layout convention, or a manifest (its path). */
  source?: { kind: "layout" } | { kind: "manifest"; manifest: string };
  /**
   * What the files must hash to (set by `queue add`, which pinned them): the bytes verification reads are checked
   * against these, and any difference is the verdict INDETERMINATE/SIGNED_DATA_NOT_FOUND (BatchResult.contentChanged).
   */
  sha256?: ContentDigests;
  /**
   * Augment runs: this archive's own renewal date (ISO 8601 instant; a queue job's, `queue add --augment
   * --expiring-before`), over the run's AugmentJob.expiringBefore: augmented only when due by it.
   */
  expiringBefore?: string;
}

/** Exit code of one archive (docs/contract.md): 0 passed, 1 failed, 2 indeterminate, 3 no verdict. */
export type ArchiveExitCode = 0 | 1 | 2 | 3;

/**
 * Why an archive got no verdict: one of these stable codes (docs/batch.md, "Error codes"). The library's own
 * (SealcheckError) for what verifying one archive can meet, and the batch's and the queue's.
 */
export const BATCH_ERROR_CODES = [
  "ERR_LAYOUT", // discovery: no originals/ folder, a manifest problem, a link out of the directory searched
  "ERR_FILE_NOT_FOUND", // the evidence or an original does not exist
  "ERR_FILE_UNREADABLE", // it exists but cannot be read (or is not a regular file, or changed while read)
  "ERR_INPUT_TOO_LARGE", // a limit prevents any verdict (maxEvidenceBytes, maxOriginals)
  "ERR_USAGE", // the archive's own inputs contradict each other (an original that is the evidence itself)
  "ERR_TIMEOUT", // verifying it took longer than the batch's timeout
  "ERR_WORKER_CRASHED", // the worker thread or process verifying it died (out of memory, killed)
  "ERR_INTERNAL", // a defect, or a queue job that failed for another reason
  "ERR_QUEUE_JOB", // a queue worker refused the job holding it (changed in Redis, not sealcheck's)
  "ERR_QUEUE_RESULT", // a queue reader found no trusted result for it
  "ERR_AUGMENT", // augment wrote nothing for it (it does not verify, data is missing, the result would not verify)
  "ERR_NOT_AUGMENTABLE", // augment: a JSON form, which cannot carry a DSS
] as const;
export type BatchErrorCode = (typeof BATCH_ERROR_CODES)[number];

/** `code` when it is a BatchErrorCode, else null. */
export function batchErrorCode(code: unknown): BatchErrorCode | null {
  return (BATCH_ERROR_CODES as readonly unknown[]).includes(code) ? (code as BatchErrorCode) : null;
}

/** The outcome of one archive: one line of the `--out` JSON Lines file. */
export interface BatchResult {
  /** Position of the archive in the input (0-based). Results arrive in completion order, not this order. */
  index: number;
  evidence: string;
  originals: string[];
  /** In a queue's result line: the root the originals had to stay in (ArchiveSpec.within), part of the archive's id. */
  within?: string;
  /** null when there is no verdict (exitCode 3). */
  indication: Indication | null;
  subIndication: SubIndication | null;
  /** Ids of the checks that decided the verdict (empty when passed or without a verdict). */
  decidedBy: string[];
  exitCode: ArchiveExitCode;
  /** Time spent verifying this archive in its worker (queueing excluded), in milliseconds. */
  durationMs: number;
  /** The full report, as `sealcheck verify --json` prints it; null without a verdict (or when left out). */
  report: ArchiveReport | null;
  /** Why there is no verdict: one sentence naming the file. null when there is a verdict. */
  error: string | null;
  /** Stable code of that error: ERR_FILE_NOT_FOUND, ERR_LAYOUT, ERR_WORKER_CRASHED, ERR_TIMEOUT, ERR_INTERNAL, … */
  errorCode: BatchErrorCode | null;
  /**
   * The archive's protection horizon (report.longTerm.protectedUntil): the date its newest proven proof of
   * existence runs out; renew (sealcheck augment) before it. null: no proven proof of existence, so nothing
   * protects it (listed to renew whatever the date). Absent when there is nothing to keep provable (no verdict, the Workflow-token JSON,
   * a seal that did not verify) and in lines of older versions.
   */
  protectedUntil?: string | null;
  /**
   * Set when the archive was augmented (augmentMany, `sealcheck augment <dir>`, an augment job of the queue):
   * what was written where. Then indication, subIndication, report and protectedUntil are the augmented
   * archive's, verified before it was written. Absent with a verdict in an augment run: the archive was not due
   * (AugmentJob.expiringBefore; protectedUntil says until when it is protected), and nothing was written.
   */
  augmented?: AugmentOutcome;
  /**
   * In a queue's result line: the content `queue add` pinned (SHA-256 of the evidence and of each original file),
   * which the worker checked the bytes it verified against. Compare your own copies with it (sha256sum).
   */
  sha256?: ContentDigests;
  /**
   * Set when the bytes read were not those pinned (ArchiveSpec.sha256): the file that differs, and how. The
   * verdict is then INDETERMINATE/SIGNED_DATA_NOT_FOUND, decided by "pinned-content", with no report: what was
   * enqueued could not be obtained, and the bytes found instead are not what anyone asked to verify.
   */
  contentChanged?: { file: string; why: string };
  /**
   * The anchors the verdict rests on (report.verification's anchors that decided a path): each one's SHA-256 and
   * what it decided, to compare with the fingerprints their publishers state without opening the report (a14 X1j).
   * Absent without a verdict and in lines of older versions.
   */
  decidingAnchors?: DecidingAnchorDigest[];
}

/**
 * How every archive of a batch is augmented (`sealcheck augment <dir>…`, augmentMany, an augment job of the
 * queue): plain data, sent to each worker thread. The TSA and the output place are the caller's (the CLI's, the
 * queue worker's own configuration), never a queued job's.
 */
export interface AugmentJob {
  /** The RFC 3161 TSA's URL. */
  tsa: string;
  /** Fetch what is missing from the certificates' OCSP responders and CRL distribution points. */
  fetchRevocation?: boolean;
  /** OCSP response and CRL files to use where an archive lacks them. */
  ocsp?: string[];
  crl?: string[];
  /** Each network exchange's timeout, ms (default 15000). */
  httpTimeoutMs?: number;
  /**
   * Renew only what is due (issue 36 part 4; ISO 8601 instant): an archive whose protection horizon
   * (report.longTerm.protectedUntil) is this time or later is verified and not augmented; its result carries the
   * verdict and protectedUntil, and no `augmented`. Archives protected by nothing (null) are due whatever the date.
   */
  expiringBefore?: string;
  /**
   * Where each augmented archive goes: over the archive itself (written beside it, read back, verified, then
   * renamed), or into `outDir` at its path relative to the first of `bases` (real directories) that holds it.
   */
  target: { inPlace: true } | { outDir: string; bases: string[]; overwrite?: boolean };
}

/** What augmenting one archive wrote (BatchResult.augmented). */
export interface AugmentOutcome {
  /** The file written: the archive itself (in place) or its copy in the output folder. */
  output: string;
  /** SHA-256 (hex) of the archive as it was read, and of the augmented archive written. */
  inputSha256: string;
  outputSha256: string;
  padesBefore: string | null;
  padesAfter: string | null;
  /** The new document timestamp: its time, TSA and field. */
  timestamp: { genTime: string; tsa: string | null; field: string };
  added: { certificates: number; ocspResponses: number; crls: number };
  fetched: string[];
}

/** What every archive of a batch is verified with: the policy (Policy, as createSession takes it), as `sealcheck verify` takes it. */
export type BatchVerifyOptions = Policy;

export interface VerifyManyOptions extends BatchVerifyOptions {
  /**
   * Worker threads (default: the number of cores, `os.availableParallelism()`). 0 verifies in the calling
   * thread, one archive at a time (no isolation from crashes; for debugging and tiny batches).
   */
  workers?: number;
  /** Give up on one archive after this many milliseconds (its worker is restarted). Default: no limit. */
  timeoutMs?: number;
  /** Archives for which this returns true are not verified and not yielded (e.g. done in an earlier run). */
  skip?: (archive: ArchiveSpec) => boolean;
  /** Heap limit of each worker in MB (Node's resourceLimits.maxOldGenerationSizeMb). Default: Node's. */
  workerHeapMb?: number;
  /** Internal/testing: the worker script to run instead of the built-in one. */
  workerUrl?: URL;
}

/** What the main thread sends a worker at start (structured-cloneable). */
/** Which archives keep their full report (verify-batch --reports, sealcheck worker --reports). */
export type ReportMode = "all" | "not-passed" | "none";

export interface WorkerInit {
  /** The batch's policy, normalised (structured-cloneable): each worker makes its session from it. */
  verify: NormalisedPolicy;
  /** Reports the caller will not keep are dropped in the thread, not cloned to the main thread. Default "all". */
  reports?: ReportMode;
  /** Augment each archive instead of only verifying it. */
  augment?: AugmentJob;
}

export type ToWorker = { type: "job"; id: number; archive: ArchiveSpec };
export type FromWorker =
  { type: "ready" } | { type: "init-error"; message: string; code: string | null } | { type: "result"; id: number; result: Omit<BatchResult, "index"> };

/** SHA-256 (hex) of an archive's files as `queue add` read them. */
export interface ContentDigests {
  /** The evidence file's. */
  evidence: string;
  /** Each original file's, by absolute path (a folder's files as verifyArchive lists them), sorted by path. */
  originals: [string, string][];
}
