// A pool of worker threads, each with its own trust store, each verifying up to two archives at a time (one
// reads files while the other is checked). A worker that crashes (uncaught exception, out of memory) or
// overruns the timeout costs only the archive that caused it: that archive gets a no-verdict result, the
// worker is replaced, and the archives it held besides are verified again (after a crash, each alone, so
// that the one that crashes it is known).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { SealcheckError, errorMessage, type ErrorCode } from "../errors.js";
import { noVerdict } from "./verifier.js";
import type { ArchiveSpec, BatchResult, FromWorker, ToWorker, WorkerInit } from "./types.js";

export interface Runner {
  /** Most archives in flight at once. */
  readonly size: number;
  /** Archives that can be started now (idle workers). */
  available(): number;
  /** False when every worker is gone and none is starting: nothing more can run. */
  alive(): boolean;
  /** Called whenever a worker becomes idle (a result, a replacement ready). */
  onAvailable?: () => void;
  start(): Promise<void>;
  /** Verifies one archive; never rejects. Call only while `available() > 0`. */
  run(archive: ArchiveSpec): Promise<Omit<BatchResult, "index">>;
  close(): Promise<void>;
}

/** Archives each worker holds at once: the next one's file reads overlap the current one's checks. */
export const JOBS_PER_WORKER = 2;

interface Job {
  id: number;
  archive: ArchiveSpec;
  resolve: (r: Omit<BatchResult, "index">) => void;
  started: number;
  timer?: NodeJS.Timeout;
  /** Run again, alone in its worker, after a crash that could not be told apart from its neighbour's. */
  alone?: boolean;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
  /** The error event that preceded an exit (crash), if any. */
  crash?: string;
  closing?: boolean;
  /** Terminated because one of its jobs overran the timeout: the others in it did nothing wrong. */
  timedOut?: boolean;
}

/** Where the worker script is: beside this module (source), beside the CLI bundle (dist/cli/worker.mjs,
 * dependencies bundled) or in dist/src (the library's). */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return new URL("./worker.ts", here);
  for (const rel of ["./worker.mjs", "./worker.js", "./src/batch/worker.js", "./batch/worker.js", "../src/batch/worker.js"]) {
    const u = new URL(rel, here);
    if (existsSync(fileURLToPath(u))) return u;
  }
  throw new SealcheckError("ERR_USAGE", `cannot find the batch worker script near ${fileURLToPath(here)} (is the build complete?)`);
}

/** TypeScript sources (tests, `tsx`): run the worker through tsx's loader. */
function workerScript(url: URL): URL {
  if (!url.pathname.endsWith(".ts")) return url;
  let api: string;
  try {
    api = import.meta.resolve("tsx/esm/api");
  } catch {
    api = pathToFileURL(
      createRequire(fileURLToPath(url))
        .resolve("tsx/esm/api")
        .replace(/\.cjs$/, ".mjs"),
    ).href;
  }
  const boot = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(url.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

export class ThreadRunner implements Runner {
  /** Workers that said "ready" and have not exited. */
  private readonly slots = new Set<Slot>();
  /** Jobs of a crashed worker, waiting for a worker of their own. */
  private readonly again: Job[] = [];
  private readonly script: URL;
  readonly size: number;
  private nextId = 0;
  private closed = false;
  private spawning = 0;
  onAvailable?: () => void;

  constructor(
    readonly workers: number,
    private readonly init: WorkerInit,
    private readonly opts: { timeoutMs?: number; heapMb?: number; workerUrl?: URL } = {},
  ) {
    this.size = workers * JOBS_PER_WORKER;
    this.script = workerScript(opts.workerUrl ?? defaultWorkerUrl());
  }

  available(): number {
    let free = 0;
    for (const s of this.slots) if (!s.closing && !holdsAlone(s)) free += JOBS_PER_WORKER - s.jobs.size;
    return Math.max(0, free - this.again.length);
  }

  alive(): boolean {
    return this.slots.size > 0 || this.spawning > 0;
  }

  /** The least busy worker that can take a job (an empty one for a job that must run alone). */
  private pick(alone: boolean): Slot | undefined {
    let best: Slot | undefined;
    for (const s of this.slots) {
      if (s.closing || holdsAlone(s) || s.jobs.size >= (alone ? 1 : JOBS_PER_WORKER)) continue;
      if (!best || s.jobs.size < best.jobs.size) best = s;
    }
    return best;
  }

  /** Room may have appeared: jobs waiting to run alone go first, then the caller is told. */
  private changed(): void {
    while (this.again.length > 0) {
      const slot = this.pick(true);
      if (!slot) break;
      this.dispatch(slot, this.again.shift()!);
    }
    this.onAvailable?.();
  }

  /** Starts every worker and waits until each has loaded the trust store. Throws when one cannot. */
  async start(): Promise<void> {
    const started = await Promise.allSettled(Array.from({ length: this.workers }, () => this.spawn()));
    const failure = started.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failure) {
      await this.close();
      throw failure.reason;
    }
  }

  private spawn(): Promise<Slot> {
    this.spawning++;
    let counted = true;
    const settle = (): void => {
      if (counted) this.spawning--;
      counted = false;
    };
    return new Promise<Slot>((resolve, reject) => {
      const worker = new Worker(this.script, {
        workerData: this.init,
        ...(this.opts.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: this.opts.heapMb } } : {}),
      });
      const slot: Slot = { worker, jobs: new Map() };
      let ready = false;
      worker.on("message", (m: FromWorker) => {
        if (m.type === "ready") {
          ready = true;
          settle();
          this.slots.add(slot);
          resolve(slot);
          this.changed();
        } else if (m.type === "init-error") {
          settle();
          slot.closing = true;
          void worker.terminate();
          reject(new SealcheckError((m.code ?? "ERR_USAGE") as ErrorCode, m.message));
        } else if (m.type === "result") {
          const job = slot.jobs.get(m.id);
          if (!job) return;
          if (job.timer) clearTimeout(job.timer);
          slot.jobs.delete(m.id);
          job.resolve(m.result);
          this.changed();
        }
      });
      worker.on("error", (e) => {
        slot.crash = errorMessage(e);
      });
      worker.on("exit", (code) => {
        this.slots.delete(slot);
        if (!ready) {
          settle();
          if (!slot.closing) reject(new SealcheckError("ERR_USAGE", `a batch worker failed to start: ${slot.crash ?? `exit code ${code}`}`));
          return;
        }
        const orphans = [...slot.jobs.values()];
        slot.jobs.clear();
        for (const job of orphans) {
          if (job.timer) clearTimeout(job.timer);
          // After a timeout the others were innocent; after a crash with several in flight, which one caused
          // it is unknown: each runs again alone, and only a job that crashes a worker alone is blamed.
          if (!this.closed && !slot.closing && (slot.timedOut || (orphans.length > 1 && !job.alone))) {
            this.again.push({ ...job, alone: true, started: Date.now() });
            continue;
          }
          const why = slot.crash ?? `exit code ${code}`;
          job.resolve(noVerdict(job.archive, `the worker verifying ${job.archive.evidence} crashed: ${why}`, "ERR_WORKER_CRASHED", Date.now() - job.started));
        }
        // Replace a worker lost to a crash or a timeout, unless the pool is closing.
        if (!this.closed && !slot.closing) this.spawn().catch(() => this.onAvailable?.());
        else this.onAvailable?.();
      });
    });
  }

  run(archive: ArchiveSpec): Promise<Omit<BatchResult, "index">> {
    const slot = this.pick(false);
    if (!slot) return Promise.resolve(noVerdict(archive, "internal error: no idle batch worker", "ERR_INTERNAL"));
    return new Promise((resolve) => this.dispatch(slot, { id: this.nextId++, archive, resolve, started: Date.now() }));
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.jobs.set(job.id, job);
    const timeout = this.opts.timeoutMs;
    if (timeout && timeout > 0) {
      job.timer = setTimeout(() => {
        if (slot.jobs.get(job.id) !== job) return;
        slot.jobs.delete(job.id);
        job.resolve(noVerdict(job.archive, `verifying ${job.archive.evidence} took longer than ${timeout / 1000} s; it was stopped`, "ERR_TIMEOUT", timeout));
        slot.timedOut = true;
        void slot.worker.terminate(); // the exit handler re-runs the others and replaces the worker
      }, timeout);
    }
    slot.worker.postMessage({ type: "job", id: job.id, archive: job.archive } satisfies ToWorker);
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.slots];
    for (const s of all) s.closing = true;
    await Promise.all(all.map((s) => s.worker.terminate()));
  }
}

/** Whether a worker runs a job that must be alone in it. */
function holdsAlone(s: Slot): boolean {
  for (const j of s.jobs.values()) if (j.alone) return true;
  return false;
}

/** workers: 0 — verifies in this thread, one archive at a time. */
export class InProcessRunner implements Runner {
  readonly size = 1;
  private busy = false;
  onAvailable?: () => void;
  private verify?: (a: ArchiveSpec) => Promise<Omit<BatchResult, "index">>;
  constructor(private readonly init: WorkerInit) {}
  async start(): Promise<void> {
    const { createRunnerVerifier } = await import("./runner-verifier.js");
    this.verify = await createRunnerVerifier(this.init);
  }
  available(): number {
    return this.busy ? 0 : 1;
  }
  alive(): boolean {
    return true;
  }
  async run(archive: ArchiveSpec): Promise<Omit<BatchResult, "index">> {
    this.busy = true;
    try {
      return await this.verify!(archive);
    } finally {
      this.busy = false;
      queueMicrotask(() => this.onAvailable?.());
    }
  }
  async close(): Promise<void> {}
}
