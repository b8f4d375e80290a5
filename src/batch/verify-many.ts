// verifyMany: many archives on worker threads, as an async iterator of results in completion order.
// Back-pressure: an archive is taken from the input only when a worker is idle and the consumer has
// taken the previous results, so neither the input nor the results pile up in memory.
import { availableParallelism } from "node:os";
import { expectPathList } from "../usage.js";
import { SealcheckError } from "../errors.js";
import { InProcessRunner, ThreadRunner, type Runner } from "./pool.js";
import { noVerdict } from "./verifier.js";
import { normalisePolicy, pickPolicy } from "../policy.js";
import type { ArchiveSpec, AugmentJob, BatchResult, VerifyManyOptions, WorkerInit } from "./types.js";

/** The default number of workers: the cores this process may use. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** What each worker receives: the policy in its normal form (a bad --at or --limit is refused here, at once). */
function initOf(o: VerifyManyOptions & Pick<WorkerInit, "reports" | "augment">): WorkerInit {
  return {
    verify: normalisePolicy(pickPolicy(o)),
    ...(o.reports && o.reports !== "all" ? { reports: o.reports } : {}),
    ...(o.augment ? { augment: o.augment } : {}),
  };
}

/**
 * Checks the options and starts the pool verifyMany runs archives on (the queue worker runs its jobs on the
 * same one). Throws SealcheckError when the batch cannot run at all.
 */
export async function startRunner(options: VerifyManyOptions & Pick<WorkerInit, "reports" | "augment">): Promise<Runner> {
  if (options === null || typeof options !== "object")
    throw new SealcheckError("ERR_USAGE", 'verifyMany: options must be an object, e.g. { trust: ["roots/"] }');
  for (const k of ["trust", "certs"] as const) expectPathList(k, options[k]);
  const workers = options.workers ?? defaultWorkers();
  if (!Number.isInteger(workers) || workers < 0) throw new SealcheckError("ERR_USAGE", `workers must be a whole number ≥ 0, not ${String(options.workers)}`);
  // Node's timers hold at most 2^31-1 ms; a larger timeout would fire after 1 ms.
  if (options.timeoutMs !== undefined && !(Number.isFinite(options.timeoutMs) && options.timeoutMs > 0 && options.timeoutMs <= 2_147_483_647)) {
    throw new SealcheckError("ERR_USAGE", "timeoutMs: more than 0 and at most 2147483647 ms (24.8 days)", { option: "timeoutMs" });
  }
  const init = initOf(options);
  const runner: Runner =
    workers === 0
      ? new InProcessRunner(init)
      : new ThreadRunner(workers, init, {
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
          ...(options.workerHeapMb ? { heapMb: options.workerHeapMb } : {}),
          ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
        });
  await runner.start();
  return runner;
}

/**
 * Verifies every archive of `archives` and yields one BatchResult per archive, **in completion order**
 * (each result carries `index`, its position in the input). One archive's failure — bad evidence, a
 * missing file, an exception, a crashed or timed-out worker — is that archive's result (exit code 3 when
 * there is no verdict), never the end of the iteration.
 *
 * Throws SealcheckError before the first result when the batch cannot run at all: an unusable trust
 * store, a bad `at`, a bad `workers`. Breaking out of the loop stops the workers.
 */
export function verifyMany(
  archives: Iterable<ArchiveSpec> | AsyncIterable<ArchiveSpec>,
  options: VerifyManyOptions = {},
): AsyncGenerator<BatchResult, void, undefined> {
  return runMany(archives, options, "verifyMany");
}

/**
 * Augments every archive of `archives` (PAdES-BASELINE-LTA, as `sealcheck augment`) on worker threads, each
 * verified before and after and written whole or not at all where `augment.target` says, and yields one
 * BatchResult per archive in completion order, as verifyMany: `augmented` says what was written, and an archive
 * that could not be augmented (a TOTAL-FAILED one, missing validation data, a lying TSA, the JSON forms) is a
 * no-verdict result saying why, with nothing written.
 */
export function augmentMany(
  archives: Iterable<ArchiveSpec> | AsyncIterable<ArchiveSpec>,
  options: Omit<VerifyManyOptions, "at"> & { augment: AugmentJob },
): AsyncGenerator<BatchResult, void, undefined> {
  if (options?.augment === null || typeof options?.augment !== "object" || typeof options.augment.tsa !== "string")
    throw new SealcheckError("ERR_USAGE", "augmentMany: options.augment must be { tsa, target: { inPlace: true } | { outDir, bases } }");
  if ((options as { at?: unknown }).at !== undefined)
    throw new SealcheckError("ERR_USAGE", "augmentMany: `at` is not an augment option; archives are verified now");
  return runMany(archives, options, "augmentMany");
}

async function* runMany(
  archives: Iterable<ArchiveSpec> | AsyncIterable<ArchiveSpec>,
  options: VerifyManyOptions & { augment?: AugmentJob },
  caller: string,
): AsyncGenerator<BatchResult, void, undefined> {
  // Slips before any worker starts: a string is iterable (by characters), so it is refused by name.
  if (typeof archives === "string" || archives === null || typeof archives !== "object" || !(Symbol.iterator in archives || Symbol.asyncIterator in archives)) {
    const hint = typeof archives === "string" ? ` (for the archives under a folder: ${caller}(discoverArchives([${JSON.stringify(archives)}]), …))` : "";
    throw new SealcheckError(
      "ERR_USAGE",
      `${caller}: archives must be a list or iterable of { evidence, originals }, got ${typeof archives === "string" ? "a string" : archives === null ? "null" : typeof archives}${hint}`,
    );
  }
  const runner = await startRunner(options);

  const source =
    Symbol.asyncIterator in archives
      ? (archives as AsyncIterable<ArchiveSpec>)[Symbol.asyncIterator]()
      : (archives as Iterable<ArchiveSpec>)[Symbol.iterator]();
  const ready: BatchResult[] = [];
  let inFlight = 0;
  let exhausted = false;
  let index = 0;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };
  runner.onAvailable = notify;
  try {
    for (;;) {
      // Start archives while a worker is idle and the consumer keeps up.
      while (!exhausted && runner.available() > 0 && ready.length < runner.size) {
        const next = await source.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        const archive = next.value;
        if (options.skip?.(archive)) continue;
        const i = index++;
        if (archive.problem) {
          ready.push({ index: i, ...noVerdict(archive, archive.problem, "ERR_LAYOUT") });
          continue;
        }
        inFlight++;
        void runner.run(archive).then((r) => {
          inFlight--;
          ready.push({ index: i, ...r });
          notify();
        });
      }
      if (ready.length > 0) {
        yield ready.shift()!;
        continue;
      }
      if (exhausted && inFlight === 0) return;
      if (!runner.alive()) throw new SealcheckError("ERR_USAGE", "every batch worker failed and none could be restarted");
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    runner.onAvailable = undefined;
    await runner.close();
    await (source as Iterator<ArchiveSpec> | AsyncIterator<ArchiveSpec>).return?.();
  }
}
