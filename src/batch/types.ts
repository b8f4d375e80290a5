// Types of batch verification (verify-batch, verifyMany). Kept free of runtime imports so that the main
// thread of a batch never loads the PKI stack: only the workers do.
import type { ArchiveReport } from "../report/archive-report.js";
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
}

/** Exit code of one archive (contract.md): 0 passed, 1 failed, 2 indeterminate, 3 no verdict. */
export type ArchiveExitCode = 0 | 1 | 2 | 3;

/** Why an archive got no verdict: a SealcheckError code, or one of the batch's own. */
export type BatchErrorCode = string;

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
}

/** What every archive of a batch is verified with: the policy (src/policy.ts), as `sealcheck verify` takes it. */
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
}

export type ToWorker = { type: "job"; id: number; archive: ArchiveSpec };
export type FromWorker =
  { type: "ready" } | { type: "init-error"; message: string; code: string | null } | { type: "result"; id: number; result: Omit<BatchResult, "index"> };
