// One archive → one BatchResult. Used by each worker thread (and by verifyMany with workers: 0).
// The trust store is loaded once per verifier; nothing thrown by one archive escapes as an exception.
import { performance } from "node:perf_hooks";
import { SealcheckError, errorMessage } from "../errors.js";
import type { ArchiveExitCode, ArchiveSpec, BatchResult, BatchVerifyOptions } from "./types.js";

export type Verifier = (archive: ArchiveSpec) => Promise<Omit<BatchResult, "index">>;

/** A result without a verdict (exit code 3). */
export function noVerdict(archive: ArchiveSpec, error: string, errorCode: string, durationMs = 0): Omit<BatchResult, "index"> {
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

/**
 * Loads what verification needs (the PKI stack, the trust store) and returns a function that verifies one
 * archive. Throws SealcheckError when the options are unusable (bad --trust, bad --at): the batch cannot run.
 */
export async function createVerifier(o: BatchVerifyOptions): Promise<Verifier> {
  const [{ verifyArchive, parseAt, resolveSealSigners }, { loadTrustStore }, { exitCodeFor }] = await Promise.all([
    import("../verify/archive.js"),
    import("../pki/trust-store.js"),
    import("../report/verdict.js"),
  ]);
  parseAt(o.at); // a bad --at is a usage error of the whole batch, not of each archive
  const trustStore = loadTrustStore(o.trust ?? [], o.certs ?? [], o.trustFor ?? {});
  if (o.sealSigners?.length) resolveSealSigners(o.sealSigners); // an unreadable --seal-signer file stops the batch
  return async (archive) => {
    if (archive.problem) return noVerdict(archive, archive.problem, "ERR_LAYOUT");
    const t0 = performance.now();
    try {
      const report = await verifyArchive({
        evidence: archive.evidence,
        originals: archive.originals,
        trustStore,
        ...(o.at !== undefined ? { at: o.at } : {}),
        ...(o.ocspWindowSeconds !== undefined ? { ocspWindowSeconds: o.ocspWindowSeconds } : {}),
        ...(o.clockSkewSeconds !== undefined ? { clockSkewSeconds: o.clockSkewSeconds } : {}),
        ...(o.tokenAlgorithms ? { tokenAlgorithms: o.tokenAlgorithms } : {}),
        ...(o.tokenSignerOrganizations?.length ? { tokenSignerOrganizations: o.tokenSignerOrganizations } : {}),
        ...(o.sealSigners?.length ? { sealSigners: o.sealSigners } : {}),
        ...(o.allowExtraOriginals ? { allowExtraOriginals: true } : {}),
        ...(o.limits ? { limits: o.limits } : {}),
        showPersonalData: o.showPersonalData ?? false,
      });
      return {
        evidence: archive.evidence,
        originals: archive.originals,
        indication: report.indication,
        subIndication: report.subIndication,
        decidedBy: report.decidedBy,
        exitCode: exitCodeFor(report.indication) as ArchiveExitCode,
        durationMs: round(performance.now() - t0),
        report,
        error: null,
        errorCode: null,
      };
    } catch (e) {
      const code = e instanceof SealcheckError ? e.code : "ERR_INTERNAL";
      const message = e instanceof SealcheckError ? e.message : `internal error while verifying ${archive.evidence}: ${errorMessage(e)}`;
      return noVerdict(archive, message, code, round(performance.now() - t0));
    }
  };
}

export function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
