// The queue worker's state and its decisions, apart from BullMQ and Redis: runWorker (worker.ts) wires it to a
// BullMQ Worker, the worker-thread pool and Redis through WorkerPorts and JobInHand; unit tests drive it with a
// fake runner and fake jobs (test/queue/worker-machine.test.ts). Its state, all of it here:
//   phase   running → draining (a graceful close: archives already on a thread finish, the other archives of
//           their jobs go back to waiting) ; running | draining → abandoning (a forced close: what is running
//           goes back as it was, with no result)
//   alone   null, or the id of a suspect job (its worker process died holding it) running alone in this process
//   inPool  archives of this process's jobs in the pool (waiting for a thread or being verified)
//   waiters archives waiting for a free thread; handedBack: run keys already logged as handed back
// A job taken (take) ends in one outcome: refused (its data is no sealcheck job: a no-verdict line), split (a
// suspect's unfinished archives queued again one per job), verified (every archive's result sent), or thrown:
// handed back for later or another worker (JobInHand.handBack), back to waiting (JobInHand.backToWait), failed
// (an error: BullMQ counts an attempt).
import type { JobsOptions } from "bullmq";
import { resultLine, type ReportMode } from "../batch/jsonl.js";
import { noVerdict } from "../batch/verifier.js";
import type { ArchiveSpec, BatchResult } from "../batch/types.js";
import { SealcheckError } from "../errors.js";
import { parseJobData, type QueueJobData, type QueuedArchive, type queueKeys } from "./job.js";
import { archiveTarget, boundedLine, jobTarget, type ResultTarget } from "./results.js";

export type WorkerPhase = "running" | "draining" | "abandoning";

/** What the machine needs of the thread pool (batch/pool.ts's Runner has it). */
export interface MachineRunner {
  /** Archives that can be started now. */
  available(): number;
  /** False when no thread is left and none is starting. */
  alive(): boolean;
  /** Verifies one archive; never rejects. */
  run(archive: ArchiveSpec): Promise<Omit<BatchResult, "index">>;
}

/** A job in hand: what the machine reads of a BullMQ job, and the two ways it goes back to the queue. */
export interface JobInHand {
  readonly id: string;
  readonly data: unknown;
  /** Times a worker died holding it (BullMQ's stalledCounter). */
  readonly stalledCounter: number;
  /** Started before (handed back, or completing it failed): archives whose result is written are skipped. */
  readonly retried: boolean;
  /** Its options, which the jobs it is split into keep. */
  readonly opts: Pick<JobsOptions, "attempts" | "backoff" | "removeOnComplete" | "removeOnFail">;
  /** Back to the queue, delayed by `ms`, uncounted; never returns (throws the queue's signal). */
  handBack(ms: number): Promise<never>;
  /** Back to waiting at once, uncounted; never returns (throws the queue's signal). */
  backToWait(): Promise<never>;
}

/** An archive of a job and where its result goes. */
export interface Member {
  a: QueuedArchive;
  target: ResultTarget;
}

/** What the machine needs of Redis and of BullMQ's worker. */
export interface WorkerPorts {
  runner: MachineRunner;
  /**
   * Writes a result line; the job does not wait for it (it leaves in the same write as the job's completion)
   * unless the job goes back to the queue. Resolves once written (or given up), never rejects.
   */
  send(target: ResultTarget, line: string): Promise<void>;
  /** The members whose result is not written yet. */
  unfinished(group: Member[]): Promise<Member[]>;
  /** Queues `todo` again, one archive per job (a suspect's unfinished archives). */
  split(job: JobInHand, d: QueueJobData, todo: Member[]): Promise<void>;
  /** How many jobs BullMQ may hand this process at once. */
  setConcurrency(n: number): void;
  log(line: string): void;
}

export interface MachineSettings {
  keys: ReturnType<typeof queueKeys>;
  /** The run keys this worker answers, for the two values of allowMissingOriginals a job may carry. */
  runs: { true: string; false: string };
  /** What this worker does with archives: verify them, or augment them (a worker started with an AugmentJob). */
  kind?: "augment";
  reports: ReportMode;
  /** How long a job of another run key is handed back for, ms. */
  handBackMs: number;
  /** Jobs in hand at once while no suspect runs alone. */
  fetching: number;
}

export type JobOutcome = "refused" | "split" | "verified";

/** How soon a job handed back for a suspect running alone is tried again, ms. */
export const ALONE_HAND_BACK_MS = 250;
/** Why an archive of a job was not started: the worker is draining (a graceful close). */
const NOT_STARTED = new Error("the worker is stopping");
/** Why an archive of a job was not started: the worker was closed by force. */
const ABANDONED = new Error("the worker was closed by force");

export class WorkerMachine {
  private state: WorkerPhase = "running";
  private aloneId: string | null = null;
  private pooled = 0;
  private readonly waiters: (() => void)[] = [];
  private poolIdle: (() => void) | null = null;
  private readonly handedBack = new Set<string>();

  constructor(
    private readonly s: MachineSettings,
    private readonly p: WorkerPorts,
  ) {}

  get phase(): WorkerPhase {
    return this.state;
  }
  /** The suspect job running alone, if any. */
  get alone(): string | null {
    return this.aloneId;
  }
  /** Archives of this process's jobs in the pool. */
  get inPool(): number {
    return this.pooled;
  }

  /**
   * A thread became free (the pool's onAvailable): one waiting archive is woken per free slot (waking all, each
   * archive would be looked at once per archive verified); all when none will start (closing, no thread left).
   */
  wake(): void {
    const { runner } = this.p;
    const all = this.state !== "running" || !runner.alive();
    for (const w of this.waiters.splice(0, all ? this.waiters.length : runner.available())) w();
  }

  /** A graceful close: no archive starts any more; those on a thread finish. */
  drain(): void {
    if (this.state === "running") this.state = "draining";
    this.wake();
  }

  /** A forced close: what is running goes back to the queue with no result (the caller stops the threads). */
  abandon(): void {
    this.state = "abandoning";
    this.wake();
  }

  /** Takes one job to its outcome (see the top of this file). */
  async take(job: JobInHand): Promise<JobOutcome> {
    const { id } = job;
    const { keys, runs } = this.s;
    if (this.yieldsToSuspect(id)) return job.handBack(ALONE_HAND_BACK_MS);
    const parsed = parseJobData(job.data, id);
    if (!parsed.ok) {
      const spec = { evidence: parsed.evidence ?? `job:${id}`, originals: [] };
      void this.p.send(
        jobTarget(keys, id),
        resultLine({ index: 0, ...noVerdict(spec, `queue job ${id} is not a sealcheck archive reference: ${parsed.why}`, "ERR_QUEUE_JOB") }),
      );
      return "refused";
    }
    const d = parsed.data;
    if (d.run !== runs[String(d.allowMissingOriginals) as "true" | "false"] || d.kind !== this.s.kind) {
      if (!this.handedBack.has(d.run))
        this.p.log(
          `jobs of run ${d.run} were enqueued with other verification options than this worker's (run ${runs.false}); handed back for a worker with those`,
        );
      this.handedBack.add(d.run);
      return job.handBack(this.s.handBackMs);
    }
    const group = d.archives.map((a, i): Member => ({ a, target: archiveTarget(keys, parsed.ids[i]!, d.keepSeconds, a.nonce) }));
    // A job whose worker process died is a suspect: one of its archives may have killed it, or only shared it
    // with the one that did (as the pool re-runs a crashed thread's archives alone, for the same reason). A
    // suspect holding several archives not yet verified is split into jobs of one archive each; a suspect of
    // one archive runs alone in its process: the others in hand are handed back before they start and none are
    // taken, so that if it kills this process too, no innocent archive is charged with another stall.
    if (job.stalledCounter > 0) {
      this.aloneId = id;
      this.p.setConcurrency(1);
      try {
        while (this.pooled > 0) await new Promise<void>((res) => (this.poolIdle = res));
        const todo = await this.p.unfinished(group);
        if (todo.length > 1) {
          await this.p.split(job, d, todo);
          this.p.log(`job ${id} was held by a worker that stopped: its ${todo.length} unfinished archives are queued again, one per job`);
          return "split";
        }
        return await this.verifyGroup(job, d, todo);
      } finally {
        this.aloneId = null;
        this.p.setConcurrency(this.s.fetching);
      }
    }
    // Started before: archives whose result is written are not verified again. A first start cannot have any
    // (the publish script would say so anyway).
    return this.verifyGroup(job, d, job.retried ? await this.p.unfinished(group) : group);
  }

  /** Whether job `id` must go back to the queue because a suspect other than it runs alone. */
  private yieldsToSuspect(id: string): boolean {
    return this.aloneId !== null && this.aloneId !== id;
  }

  private async verifyOne(a: ArchiveSpec, unreadable?: QueuedArchive["unreadable"]): Promise<Omit<BatchResult, "index">> {
    if (a.problem) return noVerdict(a, a.problem, "ERR_LAYOUT");
    // `queue add` could not pin it: reported as verify-batch would have, never verified unpinned.
    if (unreadable) return noVerdict(a, unreadable.error, unreadable.code);
    const { runner } = this.p;
    for (;;) {
      if (this.state === "abandoning") throw ABANDONED;
      if (this.state === "draining") throw NOT_STARTED;
      if (runner.available() > 0) break;
      if (!runner.alive()) throw new SealcheckError("ERR_USAGE", "every verification thread failed and none could be restarted");
      await new Promise<void>((res) => this.waiters.push(res));
    }
    return runner.run(a);
  }

  private async verifyGroup(job: JobInHand, d: QueueJobData, todo: Member[]): Promise<JobOutcome> {
    // Checked again where the job enters the pool: a suspect that began to run alone while this job awaited
    // (its earlier results looked up) waited only for the archives already in the pool.
    if (this.yieldsToSuspect(job.id)) return job.handBack(ALONE_HAND_BACK_MS);
    this.pooled += todo.length;
    const sent: Promise<void>[] = [];
    const verified = await Promise.allSettled(
      todo.map(async (m) => {
        try {
          const r = await this.verifyOne(
            {
              evidence: m.a.evidence,
              originals: m.a.originals,
              ...(m.a.problem ? { problem: m.a.problem } : {}),
              ...(m.a.within ? { within: m.a.within } : {}),
              ...(m.a.sha256 ? { sha256: m.a.sha256 } : {}),
              // An augment job's own renewal date, over the worker's default.
              ...(d.expiringBefore !== undefined ? { expiringBefore: d.expiringBefore } : {}),
            },
            m.a.unreadable,
          );
          // The pinned content goes with the verdict: the reader matches it with the signed record and receipt.
          const full = { ...r, index: m.a.index, ...(m.a.within ? { within: m.a.within } : {}), ...(m.a.sha256 ? { sha256: m.a.sha256 } : {}) };
          const line = boundedLine(resultLine(full, this.s.reports, d.run), full, d.run);
          if (this.state !== "abandoning") sent.push(this.p.send(m.target, line));
        } finally {
          if (--this.pooled === 0) this.poolIdle?.();
        }
      }),
    );
    // Stopped by a forced close (its threads terminated), or by a graceful one before some of its archives
    // started: back to waiting, for another worker, uncounted. The results written stay, and are written before
    // the job can be taken again, so that its next worker verifies only the others.
    if (this.state === "abandoning" || verified.some((v) => v.status === "rejected" && v.reason === NOT_STARTED)) {
      await Promise.all(sent);
      return job.backToWait();
    }
    const failed = verified.find((v): v is PromiseRejectedResult => v.status === "rejected");
    if (failed) throw failed.reason;
    return "verified";
  }
}
