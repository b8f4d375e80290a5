// Augmenting archive after archive (issue 36 part 4): what one batch worker thread runs for each archive of
// `sealcheck augment <dir>…`, augmentMany and the queue's augment jobs. One verification session per worker (the
// trust store loaded once, what repeats across archives decoded once); each archive is augmented, verified, and
// written whole or not at all (writeAugmented), and its outcome is a BatchResult like a verification's, with
// `augmented` saying what was written where. Nothing thrown by one archive escapes.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { performance } from "node:perf_hooks";
import { SealcheckError, errorMessage } from "../errors.js";
import type { Policy } from "../policy.js";
import { exitCodeFor } from "../report/verdict.js";
import { batchErrorCode, type ArchiveExitCode, type ArchiveSpec, type AugmentJob } from "./types.js";
import { archiveKey } from "./discover.js";
import { readResults, type StoredResult } from "./jsonl.js";
import { readRegularFile } from "../input/files.js";
import { DEFAULT_LIMITS } from "../limits.js";
import { contentChangedResult, noVerdict, round, verdictLine, type Verifier } from "./verifier.js";
import { ContentChanged, contentCheck } from "./pins.js";
import { createSession } from "../verify/session.js";
import { augmentArchive, writeAugmented } from "../augment/augment.js";
import { verifyArchiveChecked } from "../verify/archive.js";

/**
 * Where an archive's augmented form is written: the archive itself, or its path relative to the first base
 * (a real directory) that holds it, under the output folder. Throws SealcheckError for an archive outside every
 * base (a manifest may name files elsewhere): it would have no place in the output folder.
 */
export function augmentTarget(job: AugmentJob, evidence: string): string {
  if ("inPlace" in job.target) return evidence;
  const abs = resolve(evidence);
  for (const base of job.target.bases) {
    const rel = relative(resolve(base), abs);
    if (rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel)) return join(job.target.outDir, rel);
  }
  throw new SealcheckError(
    "ERR_USAGE",
    `${evidence}: it lies outside the folders searched (${job.target.bases.join(", ")}), so it has no place in the output folder ${job.target.outDir}`,
    { file: evidence },
  );
}

const sha256 = (b: Uint8Array): string => createHash("sha256").update(b).digest("hex");

/** Loads the session and returns a function that augments one archive and writes it. */
export async function createAugmenter(policy: Policy, job: AugmentJob): Promise<Verifier> {
  // A bad anchor, --seal-signer or --policy is a usage error of the whole batch, not of each archive.
  const session = createSession(policy);
  const http = job.httpTimeoutMs !== undefined ? { http: { timeoutMs: job.httpTimeoutMs } } : {};
  return async (archive: ArchiveSpec) => {
    if (archive.problem) return noVerdict(archive, archive.problem, "ERR_LAYOUT");
    const t0 = performance.now();
    try {
      const target = augmentTarget(job, archive.evidence);
      // A queue job's archive: the bytes read must be those `queue add` pinned (src/batch/pins.ts).
      const pinned = archive.sha256 && contentCheck(archive.sha256);
      // The archive's own date (a queue job's) over the run's.
      const expiringBefore = archive.expiringBefore ?? job.expiringBefore;
      if (expiringBefore !== undefined) {
        // Not due: its newest proven proof of existence holds past the date. Verified as augment would verify it
        // first, and left as it is (an archive that is due is verified again by augmentArchive, on its own bytes).
        const report = await verifyArchiveChecked(
          {
            evidence: archive.evidence,
            session,
            ...(archive.originals.length ? { originals: archive.originals } : {}),
            ...(archive.within !== undefined ? { originalsWithin: archive.within } : {}),
          },
          pinned,
        );
        const until = report.longTerm?.protectedUntil;
        if (typeof until === "string" && Date.parse(until) >= Date.parse(expiringBefore))
          return verdictLine(archive, report, exitCodeFor(report.indication) as ArchiveExitCode, round(performance.now() - t0));
      }
      const result = await augmentArchive(
        {
          evidence: archive.evidence,
          originals: archive.originals,
          ...(archive.within !== undefined ? { originalsWithin: archive.within } : {}),
          tsa: job.tsa,
          session,
          ...(job.ocsp?.length ? { ocsp: job.ocsp } : {}),
          ...(job.crl?.length ? { crl: job.crl } : {}),
          fetchRevocation: Boolean(job.fetchRevocation),
          ...http,
        },
        pinned,
      );
      if (!("inPlace" in job.target)) mkdirSync(dirname(target), { recursive: true });
      writeAugmented(result, target, { inPlace: "inPlace" in job.target, overwrite: "inPlace" in job.target ? false : Boolean(job.target.overwrite) });
      const report = result.report;
      return {
        ...verdictLine(archive, report, exitCodeFor(report.indication) as ArchiveExitCode, round(performance.now() - t0)),
        augmented: {
          output: target,
          inputSha256: sha256(result.bytes.subarray(0, result.inputLength)),
          outputSha256: sha256(result.bytes),
          padesBefore: result.before.padesLevel,
          padesAfter: result.after.padesLevel,
          timestamp: { genTime: result.timestamp.genTime, tsa: result.timestamp.tsa, field: result.timestamp.field },
          added: result.added,
          fetched: [...result.fetched],
        },
      };
    } catch (e) {
      if (e instanceof ContentChanged) return contentChangedResult(archive, e, round(performance.now() - t0));
      // The JSON forms: not augmentable, said apart from the archives that failed.
      if (e instanceof SealcheckError && e.code === "ERR_USAGE" && /the JSON forms cannot carry/.test(e.message))
        return noVerdict(archive, e.message, "ERR_NOT_AUGMENTABLE", round(performance.now() - t0));
      // A library code the batch does not list (an unreadable format, say): augment wrote nothing for it.
      const code = e instanceof SealcheckError ? (batchErrorCode(e.code) ?? "ERR_AUGMENT") : "ERR_INTERNAL";
      const message = e instanceof SealcheckError ? e.message : `internal error while augmenting ${archive.evidence}: ${errorMessage(e)}`;
      return noVerdict(archive, message, code, round(performance.now() - t0));
    }
  };
}

/** The journal's default name in the output folder. */
export const JOURNAL_FILE = "sealcheck-augment.jsonl";

export interface AugmentPlan {
  readonly target: AugmentJob["target"];
  /** The journal: JSON Lines, one result per archive augmented or not (schemas/batch-line.schema.json). */
  readonly journal: string;
  /**
   * The archives among `found` that an earlier run augmented and whose files still hold what it wrote (their
   * archiveKey): in place, the archive's SHA-256 is the one written; into a folder, the output is where this run
   * would write it with the SHA-256 written, and the archive still has the SHA-256 it was augmented from.
   */
  done(found: readonly ArchiveSpec[], targetOf: (a: ArchiveSpec) => string): Promise<Set<string>>;
}

const sha256File = (file: string): string | null => {
  try {
    return sha256(readRegularFile(file, DEFAULT_LIMITS.maxEvidenceBytes));
  } catch {
    return null;
  }
};

/**
 * Where augmenting the archives under `roots` writes, checked before anything runs: an output folder outside
 * every folder searched (its archives would be found, and augmented, again), created if missing; the journal
 * (in the output folder unless given; needed in place, where nothing else tells a rerun what was done).
 */
export function planAugment(roots: readonly string[], o: { outDir?: string; inPlace?: true; journal?: string; overwrite?: boolean }): AugmentPlan {
  const usage = (option: string, m: string) => new SealcheckError("ERR_USAGE", `${option}: ${m}`, { option });
  let target: AugmentJob["target"];
  let journal = o.journal;
  if (o.outDir !== undefined) {
    try {
      mkdirSync(o.outDir, { recursive: true });
    } catch (e) {
      throw usage("outDir", `${o.outDir}: cannot create it (${errorMessage(e)})`);
    }
    const realOut = realpathSync(o.outDir);
    const bases: string[] = [];
    for (const root of roots) {
      let isDir = false;
      try {
        isDir = statSync(root).isDirectory();
      } catch {
        /* discovery names it */
      }
      if (isDir) {
        const real = realpathSync(root);
        if (realOut === real || realOut.startsWith(real.endsWith(sep) ? real : real + sep))
          throw usage(
            "outDir",
            `${o.outDir} is inside ${root}, a folder searched: its archives would be found, and augmented, again; choose a folder outside it`,
          );
        bases.push(resolve(root));
      } else bases.push(dirname(resolve(root)));
    }
    bases.sort((a, b) => b.length - a.length);
    target = { outDir: resolve(o.outDir), bases: [...new Set(bases)], ...(o.overwrite ? { overwrite: true } : {}) };
    journal ??= join(o.outDir, JOURNAL_FILE);
  } else {
    if (journal === undefined)
      throw usage(
        "journal",
        "augmenting in place over folders or manifests needs a journal file: it records what was done, so that a rerun does not stamp those archives again",
      );
    target = { inPlace: true };
  }
  const file = journal;
  return {
    target,
    journal: file,
    async done(found, targetOf) {
      const last = new Map<string, StoredResult>();
      if (existsSync(file)) await readResults(file, (r) => void (r.augmented ? last.set(archiveKey(r), r) : undefined));
      const out = new Set<string>();
      for (const a of found) {
        const key = archiveKey(a);
        const r = last.get(key)?.augmented;
        if (!r) continue;
        if ("inPlace" in target) {
          if (resolve(r.output) === resolve(a.evidence) && sha256File(a.evidence) === r.outputSha256) out.add(key);
          continue;
        }
        let want: string;
        try {
          want = targetOf(a);
        } catch {
          continue;
        }
        if (resolve(r.output) === resolve(want) && sha256File(want) === r.outputSha256 && sha256File(a.evidence) === r.inputSha256) out.add(key);
      }
      return out;
    },
  };
}
