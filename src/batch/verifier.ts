// One archive → one BatchResult. Used by each worker thread (and by verifyMany with workers: 0).
// One verification session per verifier (so per worker, for the whole batch): the trust store is loaded
// once, and what repeats across archives (the broker's certificates and CRLs) is decoded once. Nothing
// thrown by one archive escapes as an exception.
import { performance } from "node:perf_hooks";
import { SealcheckError, errorMessage } from "../errors.js";
import { batchErrorCode, type ArchiveExitCode, type ArchiveSpec, type BatchErrorCode, type BatchResult } from "./types.js";
import type { Policy } from "../policy.js";
import { decidingAnchorDigests, type ArchiveReport } from "../report/archive-report.js";

export type Verifier = (archive: ArchiveSpec) => Promise<Omit<BatchResult, "index">>;

/** A result without a verdict (exit code 3). */
export function noVerdict(archive: ArchiveSpec, error: string, errorCode: BatchErrorCode, durationMs = 0): Omit<BatchResult, "index"> {
  return {
    evidence: archive.evidence,
    originals: archive.originals,
    indication: null,
    subIndication: null,
    decidedBy: [],
    exitCode: 3,
    durationMs,
    report: null,
    error,
    errorCode,
  };
}

/** A result with a verdict (verify and augment alike); `exitCode` is exitCodeFor(report.indication). */
export function verdictLine(archive: ArchiveSpec, report: ArchiveReport, exitCode: ArchiveExitCode, durationMs: number): Omit<BatchResult, "index"> {
  return {
    evidence: archive.evidence,
    originals: archive.originals,
    indication: report.indication,
    subIndication: report.subIndication,
    decidedBy: report.decidedBy,
    exitCode,
    durationMs,
    report,
    error: null,
    errorCode: null,
    // Absent when there is nothing to keep provable (the Workflow-token JSON, a seal that did not verify).
    ...(report.longTerm ? { protectedUntil: report.longTerm.protectedUntil } : {}),
    ...(report.verification ? { decidingAnchors: decidingAnchorDigests(report) } : {}),
  };
}

/**
 * The verdict when the bytes read are not those pinned at `queue add` (ContentChanged): INDETERMINATE with
 * SIGNED_DATA_NOT_FOUND (ETSI EN 319 102-1), exit code 2. The data enqueued for validation cannot be obtained,
 * so nothing about it can be concluded: not TOTAL-FAILED, since the bytes found may be a genuine archive (put
 * there only for the worker's run, attack34c C5), and never TOTAL-PASSED, since they are not what was enqueued.
 * No report: a report of the bytes found would be read as one of the archive.
 */
export function contentChangedResult(archive: ArchiveSpec, e: { file: string; message: string }, durationMs: number): Omit<BatchResult, "index"> {
  return {
    evidence: archive.evidence,
    originals: archive.originals,
    indication: "INDETERMINATE",
    subIndication: "SIGNED_DATA_NOT_FOUND",
    decidedBy: ["pinned-content"],
    exitCode: 2,
    durationMs,
    report: null,
    error: null,
    errorCode: null,
    contentChanged: { file: e.file, why: e.message },
  };
}

/**
 * Loads what verification needs (the PKI stack, the trust store) and returns a function that verifies one
 * archive. Throws SealcheckError when the options are unusable (bad --trust, bad --at): the batch cannot run.
 */
export async function createVerifier(o: Policy): Promise<Verifier> {
  const [{ verifyArchiveChecked }, { createSession }, { exitCodeFor }, { contentCheck, ContentChanged }] = await Promise.all([
    import("../verify/archive.js"),
    import("../verify/session.js"),
    import("../report/verdict.js"),
    import("./pins.js"),
  ]);
  // A bad --at, --trust or --seal-signer is a usage error of the whole batch, not of each archive.
  const session = createSession(o);
  const showPersonalData = session.policy.showPersonalData ?? false;
  return async (archive) => {
    if (archive.problem) return noVerdict(archive, archive.problem, "ERR_LAYOUT");
    const t0 = performance.now();
    try {
      const report = await verifyArchiveChecked(
        {
          evidence: archive.evidence,
          originals: archive.originals,
          ...(archive.within !== undefined ? { originalsWithin: archive.within } : {}),
          session,
          showPersonalData,
        },
        archive.sha256 && contentCheck(archive.sha256),
      );
      return verdictLine(archive, report, exitCodeFor(report.indication) as ArchiveExitCode, round(performance.now() - t0));
    } catch (e) {
      if (e instanceof ContentChanged) return contentChangedResult(archive, e, round(performance.now() - t0));
      // A library code a single archive cannot meet (none is known) would be a defect: ERR_INTERNAL, its message kept.
      const code = (e instanceof SealcheckError && batchErrorCode(e.code)) || "ERR_INTERNAL";
      const message = e instanceof SealcheckError ? e.message : `internal error while verifying ${archive.evidence}: ${errorMessage(e)}`;
      return noVerdict(archive, message, code, round(performance.now() - t0));
    }
  };
}

export function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
