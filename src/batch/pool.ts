// A pool of worker threads, each with its own trust store, each verifying one archive at a time. A worker
// that crashes (uncaught exception, out of memory) or overruns the timeout costs only the archive it was on:
// that archive gets a no-verdict result and the worker is replaced.
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

interface Slot {
  worker: Worker;
  job: { id: number; archive: ArchiveSpec; resolve: (r: Omit<BatchResult, "index">) => void; started: number; timer?: NodeJS.Timeout } | null;
  /** The error event that preceded an exit (crash), if any. */
  crash?: string;
  closing?: boolean;
}

/** Where the worker script is: beside this module (source or tsc output) or in dist/ (bundled chunk). */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  if (here.endsWith(".ts")) return new URL("./worker.ts", here);
  for (const rel of ["./worker.js", "./src/batch/worker.js", "./batch/worker.js", "../src/batch/worker.js"]) {
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
    api = pathToFileURL(createRequire(fileURLToPath(url)).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  }
  const boot = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(url.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

export class ThreadRunner implements Runner {
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly script: URL;
  private nextId = 0;
  private closed = false;
  private spawning = 0;
  onAvailable?: () => void;

  constructor(
    readonly size: number,
    private readonly init: WorkerInit,
    private readonly opts: { timeoutMs?: number; heapMb?: number; workerUrl?: URL } = {},
  ) {
    this.script = workerScript(opts.workerUrl ?? defaultWorkerUrl());
  }

  available(): number {
    return this.idle.length;
  }

  alive(): boolean {
    return this.slots.size > 0 || this.spawning > 0;
  }

  private makeIdle(slot: Slot): void {
    this.idle.push(slot);
    this.onAvailable?.();
  }

  /** Starts every worker and waits until each has loaded the trust store. Throws when one cannot. */
  async start(): Promise<void> {
    const started = await Promise.allSettled(Array.from({ length: this.size }, () => this.spawn()));
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
      const slot: Slot = { worker, job: null };
      let ready = false;
      worker.on("message", (m: FromWorker) => {
        if (m.type === "ready") {
          ready = true;
          settle();
          this.slots.add(slot);
          resolve(slot);
          this.makeIdle(slot);
        } else if (m.type === "init-error") {
          settle();
          slot.closing = true;
          void worker.terminate();
          reject(new SealcheckError((m.code ?? "ERR_USAGE") as ErrorCode, m.message));
        } else if (m.type === "result" && slot.job && slot.job.id === m.id) {
          const job = slot.job;
          if (job.timer) clearTimeout(job.timer);
          slot.job = null;
          job.resolve(m.result);
          this.makeIdle(slot);
        }
      });
      worker.on("error", (e) => {
        slot.crash = errorMessage(e);
      });
      worker.on("exit", (code) => {
        this.slots.delete(slot);
        const i = this.idle.indexOf(slot);
        if (i >= 0) this.idle.splice(i, 1);
        if (!ready) {
          settle();
          if (!slot.closing) reject(new SealcheckError("ERR_USAGE", `a batch worker failed to start: ${slot.crash ?? `exit code ${code}`}`));
          return;
        }
        const job = slot.job;
        slot.job = null;
        if (job) {
          if (job.timer) clearTimeout(job.timer);
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
    const slot = this.idle.shift();
    if (!slot) return Promise.resolve(noVerdict(archive, "internal error: no idle batch worker", "ERR_INTERNAL"));
    return new Promise((resolve) => {
      const id = this.nextId++;
      slot.job = { id, archive, resolve, started: Date.now() };
      const timeout = this.opts.timeoutMs;
      if (timeout && timeout > 0) {
        slot.job.timer = setTimeout(() => {
          const job = slot.job;
          if (!job || job.id !== id) return;
          slot.job = null;
          job.resolve(noVerdict(archive, `verifying ${archive.evidence} took longer than ${timeout / 1000} s; it was stopped`, "ERR_TIMEOUT", timeout));
          void slot.worker.terminate(); // the exit handler replaces the worker
        }, timeout);
      }
      slot.worker.postMessage({ type: "job", id, archive } satisfies ToWorker);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.slots];
    for (const s of all) s.closing = true;
    await Promise.all(all.map((s) => s.worker.terminate()));
  }
}

/** workers: 0 — verifies in this thread, one archive at a time. */
export class InProcessRunner implements Runner {
  readonly size = 1;
  private busy = false;
  onAvailable?: () => void;
  private verify?: (a: ArchiveSpec) => Promise<Omit<BatchResult, "index">>;
  constructor(private readonly init: WorkerInit) {}
  async start(): Promise<void> {
    const { createVerifier } = await import("./verifier.js");
    this.verify = await createVerifier(this.init.verify);
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
