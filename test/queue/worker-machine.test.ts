// The queue worker's state machine (src/queue/worker-machine.ts) driven alone: a fake thread pool whose archives
// finish when the test says, fake jobs that record how they went back to the queue, and ports that record the
// result lines, splits and concurrency. No Redis, no BullMQ, no thread (test/queue/queue.test.ts runs it whole).
import { describe, expect, it } from "vitest";
import type { ArchiveSpec, BatchResult } from "../../src/batch/types.js";
import { JOB_VERSION, groupIdFor, queueKeys, type QueueJobData } from "../../src/queue/job.js";
import { ALONE_HAND_BACK_MS, WorkerMachine, type JobInHand, type Member, type WorkerPorts } from "../../src/queue/worker-machine.js";

const RUN = "0123456789abcdef";
const OTHER_RUN = "fedcba9876543210";
const keys = queueKeys("bull", "q");

/** A pool of `size` threads whose archives finish when finish() is called (in the order they started). */
class FakeRunner {
  started: string[] = [];
  private running: { evidence: string; done: (r: Omit<BatchResult, "index">) => void }[] = [];
  dead = false;
  onAvailable: (() => void) | undefined;
  constructor(private size: number) {}
  available(): number {
    return this.dead ? 0 : this.size - this.running.length;
  }
  alive(): boolean {
    return !this.dead;
  }
  run(a: ArchiveSpec): Promise<Omit<BatchResult, "index">> {
    this.started.push(a.evidence);
    return new Promise((done) => this.running.push({ evidence: a.evidence, done }));
  }
  /** Finishes the oldest running archive as TOTAL-PASSED, then lets the machine start the next. */
  finish(n = 1): void {
    for (let i = 0; i < n; i++) {
      const r = this.running.shift();
      if (!r) throw new Error("nothing is running");
      r.done({ evidence: r.evidence, originals: [], indication: "TOTAL-PASSED", exitCode: 0, durationMs: 1 } as unknown as Omit<BatchResult, "index">);
    }
    this.onAvailable?.();
  }
}

/** How a fake job left the machine when it did not complete. */
class Back extends Error {
  constructor(
    readonly how: "handed back" | "back to wait",
    readonly ms?: number,
  ) {
    super(how);
  }
}

function jobData(n: number, run = RUN): QueueJobData {
  const archives = Array.from({ length: n }, (_, i) => ({
    evidence: `/a/${i}/archive.pdf`,
    originals: [`/a/${i}/originals/doc.pdf`],
    index: i,
    nonce: "ab".repeat(8),
    sha256: { evidence: "ef".repeat(32), originals: [[`/a/${i}/originals/doc.pdf`, "01".repeat(32)] as [string, string]] },
  }));
  return { v: JOB_VERSION, nonce: "cd".repeat(8), run, allowMissingOriginals: false, keepSeconds: 60, archives };
}

function job(data: QueueJobData | unknown, o: { stalledCounter?: number; retried?: boolean; id?: string } = {}): JobInHand & { backs: Back[] } {
  const backs: Back[] = [];
  return {
    id: o.id ?? groupIdFor(data as QueueJobData),
    data,
    stalledCounter: o.stalledCounter ?? 0,
    retried: o.retried ?? false,
    opts: { attempts: 1 },
    backs,
    async handBack(ms) {
      const b = new Back("handed back", ms);
      backs.push(b);
      throw b;
    },
    async backToWait() {
      const b = new Back("back to wait");
      backs.push(b);
      throw b;
    },
  };
}

function machine(threads: number, o: { written?: (m: Member) => boolean } = {}) {
  const runner = new FakeRunner(threads);
  const sent: { id: string; line: Record<string, unknown> }[] = [];
  const splits: string[][] = [];
  const concurrency: number[] = [];
  const logs: string[] = [];
  const ports: WorkerPorts = {
    runner,
    send: async (t, line) => void sent.push({ id: t.id, line: JSON.parse(line) as Record<string, unknown> }),
    unfinished: async (group) => group.filter((m) => !o.written?.(m)),
    split: async (_job, _d, todo) => void splits.push(todo.map((m) => m.a.evidence)),
    setConcurrency: (n) => void concurrency.push(n),
    log: (l) => void logs.push(l),
  };
  const m = new WorkerMachine({ keys, runs: { true: "1".repeat(16), false: RUN }, reports: "none", handBackMs: 5000, fetching: threads + 1 }, ports);
  runner.onAvailable = () => m.wake();
  return { m, runner, sent, splits, concurrency, logs };
}

/** Lets promise callbacks run (the machine's awaits). */
const settle = () => new Promise((res) => setTimeout(res, 0));

describe("the queue worker's state machine", () => {
  it("verifies a job's archives as threads free up, one result line per archive with its index", async () => {
    const { m, runner, sent } = machine(1);
    const taking = m.take(job(jobData(3)));
    await settle();
    expect(runner.started).toEqual(["/a/0/archive.pdf"]);
    expect(m.inPool).toBe(3);
    runner.finish();
    await settle();
    expect(runner.started).toHaveLength(2);
    runner.finish();
    await settle();
    runner.finish();
    expect(await taking).toBe("verified");
    expect(sent.map((s) => [s.line.evidence, s.line.index])).toEqual([
      ["/a/0/archive.pdf", 0],
      ["/a/1/archive.pdf", 1],
      ["/a/2/archive.pdf", 2],
    ]);
    expect(sent.every((s) => s.id.startsWith("a-") && s.line.run === RUN)).toBe(true);
    expect(m.inPool).toBe(0);
  });

  it("refuses data that is no sealcheck job with one no-verdict line for the job (ERR_QUEUE_JOB)", async () => {
    const { m, sent, runner } = machine(2);
    expect(await m.take(job({ v: 99 }, { id: "g-forged" }))).toBe("refused");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.id).toBe("g-forged");
    expect(sent[0]!.line).toMatchObject({ evidence: "job:g-forged", errorCode: "ERR_QUEUE_JOB" });
    expect(runner.started).toEqual([]);
  });

  it("hands back a job of another run key for handBackMs, and logs each run key once", async () => {
    const { m, logs } = machine(2);
    const a = job(jobData(1, OTHER_RUN));
    const b = job(jobData(2, OTHER_RUN));
    await expect(m.take(a)).rejects.toMatchObject({ how: "handed back", ms: 5000 });
    await expect(m.take(b)).rejects.toMatchObject({ how: "handed back", ms: 5000 });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/jobs of run fedcba9876543210 were enqueued with other verification options/);
  });

  it("a graceful close lets the running archive finish, starts no other, and puts the job back to wait after its result", async () => {
    const { m, runner, sent } = machine(1);
    const j = job(jobData(3));
    const taking = m.take(j);
    await settle();
    m.drain();
    expect(m.phase).toBe("draining");
    runner.finish();
    await expect(taking).rejects.toMatchObject({ how: "back to wait" });
    expect(runner.started).toEqual(["/a/0/archive.pdf"]);
    expect(sent.map((s) => s.line.evidence)).toEqual(["/a/0/archive.pdf"]);
  });

  it("a forced close puts the job back to wait with no result for what was running", async () => {
    const { m, runner, sent } = machine(2);
    const taking = m.take(job(jobData(3)));
    await settle();
    expect(runner.started).toHaveLength(2);
    m.abandon();
    runner.finish(2); // the stopped threads' archives end (with no verdict, in the real pool)
    await expect(taking).rejects.toMatchObject({ how: "back to wait" });
    expect(sent).toEqual([]);
    expect(m.phase).toBe("abandoning");
    m.drain(); // a graceful close after a forced one stays forced
    expect(m.phase).toBe("abandoning");
  });

  it("a job started before verifies only the archives whose result is not written", async () => {
    const { m, runner } = machine(4, { written: (x) => x.a.index === 1 });
    const taking = m.take(job(jobData(3), { retried: true }));
    await settle();
    runner.finish(2);
    expect(await taking).toBe("verified");
    expect(runner.started).toEqual(["/a/0/archive.pdf", "/a/2/archive.pdf"]);
  });

  it("a suspect of several unfinished archives waits for the pool to empty, then is split one per job", async () => {
    const { m, runner, splits, concurrency, logs } = machine(2);
    const first = m.take(job(jobData(1)));
    await settle();
    const d = jobData(3);
    d.nonce = "ef".repeat(8);
    const suspect = m.take(job(d, { stalledCounter: 1 }));
    await settle();
    expect(m.alone).not.toBeNull();
    expect(concurrency).toEqual([1]);
    expect(splits).toEqual([]); // the first job's archive is still in the pool
    // Another job taken meanwhile yields to the suspect.
    const d2 = jobData(1);
    d2.nonce = "12".repeat(8);
    await expect(m.take(job(d2))).rejects.toMatchObject({ how: "handed back", ms: ALONE_HAND_BACK_MS });
    runner.finish();
    expect(await first).toBe("verified");
    expect(await suspect).toBe("split");
    expect(splits).toEqual([["/a/0/archive.pdf", "/a/1/archive.pdf", "/a/2/archive.pdf"]]);
    expect(concurrency).toEqual([1, 3]);
    expect(m.alone).toBeNull();
    expect(logs.at(-1)).toMatch(/its 3 unfinished archives are queued again, one per job/);
  });

  it("a suspect with one unfinished archive runs it alone", async () => {
    const { m, runner, splits } = machine(2, { written: (x) => x.a.index !== 1 });
    const suspect = m.take(job(jobData(3), { stalledCounter: 2 }));
    await settle();
    expect(runner.started).toEqual(["/a/1/archive.pdf"]);
    runner.finish();
    expect(await suspect).toBe("verified");
    expect(splits).toEqual([]);
  });

  it("fails the job when no thread is left", async () => {
    const { m, runner } = machine(1);
    runner.dead = true;
    await expect(m.take(job(jobData(1)))).rejects.toThrow(/every verification thread failed/);
  });

  it("an archive with a discovery problem gets its no-verdict line without a thread", async () => {
    const { m, runner, sent } = machine(1);
    const d = jobData(1);
    d.archives[0]!.problem = "no originals/ folder beside it";
    expect(await m.take(job(d))).toBe("verified");
    expect(runner.started).toEqual([]);
    expect(sent[0]!.line).toMatchObject({ errorCode: "ERR_LAYOUT", error: "no originals/ folder beside it" });
  });
});
