// The job queue against a real redis-server and real worker processes: the built CLI (`sealcheck worker`,
// `queue add|wait|results|status`) on the samples, compared with verify-batch; and worker processes running
// the library's runWorker on a stand-in verification thread (slow-thread.mjs) to hold a job in flight, kill a
// worker mid-archive (SIGKILL), kill workers on one job until it is given up, stop one with SIGTERM, and
// restart Redis mid-run.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { getEventListeners } from "node:events";
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { SealcheckError, discoverArchives } from "../../src/index.js";
import { checkHealthFile, enqueueArchives, jobIdFor, queueResults, queueStatus, runWorker, type QueueResult } from "../../src/api/queue.js";
import type { RefusedEntry } from "../../src/queue/results.js";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";
import { buildList, makeIdentities, sampleAnchorServices, sign } from "../trustlist/sign.js";
import { HAS_REDIS, NO_REDIS, startRedis, type RedisServer } from "../helpers/redis.js";
import { DEFAULT_PREFIX, groupIdFor, queueKeys, type QueueJobData } from "../../src/queue/job.js";
import { contentDigest, pinArchive } from "../../src/batch/pins.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { redactRedisUrl } from "../../src/redis.js";
import { archiveTarget, publishResult } from "../../src/queue/results.js";
import { withAddLock } from "../../src/queue/add-lock.js";
import { ReceiptWriter, readReceipt, type ReceiptEntry } from "../../src/queue/receipt.js";

const FAST = { lockDurationMs: 1000, stalledIntervalMs: 500 };
const children: ChildProcess[] = [];
let redis: RedisServer;
let n = 0;
const qname = (): string => `q${++n}-${process.pid}`;

function startWorker(
  url: string,
  queue: string,
  opts: Record<string, unknown> = {},
): { proc: ChildProcess; ready: Promise<void>; log: () => string; exited: Promise<number | null> } {
  const proc = spawn(process.execPath, ["test/queue/worker-process.mjs", url, queue, JSON.stringify({ ...FAST, ...opts })], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const { ready, log } = watch(proc, "ready ");
  ready.catch(() => {});
  const exited = new Promise<number | null>((res) => proc.once("exit", (code) => res(code)));
  return { proc, ready, log, exited };
}

/** A worker process's stderr, kept; `ready` once it prints `marker`, rejected if it exits first. */
function watch(proc: ChildProcess, marker: string): { ready: Promise<void>; log: () => string } {
  children.push(proc);
  let log = "";
  const ready = new Promise<void>((res, rej) => {
    proc.stderr!.on("data", (d: Buffer) => {
      log += d.toString();
      if (log.includes(marker)) res();
    });
    proc.once("exit", (code) => rej(new Error(`worker exited ${code} before "${marker}": ${log}`)));
  });
  return { ready, log: () => log };
}

function startCliWorker(args: string[]): { proc: ChildProcess; ready: Promise<void>; log: () => string } {
  const proc = spawn(process.execPath, ["dist/cli/main.js", "worker", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { proc, ...watch(proc, "SIGTERM to stop") };
}

/**
 * Archives for the stand-in verification thread (slow-thread.mjs), which reads no file: small files of their own
 * all the same, since queue add pins each archive's content (an archive it cannot read is never verified).
 */
let specDir: string | undefined;
const specs = (...names: string[]) =>
  names.map((name) => {
    specDir ??= tempDir("sealcheck-queue-specs-");
    const evidence = join(specDir, `${name}.pdf`);
    writeFileSync(evidence, `%PDF-1.4 ${name}\n`);
    return { evidence, originals: [] };
  });

async function collect(
  url: string,
  queue: string,
  o: { follow?: boolean; from?: string; trim?: boolean; refused?: RefusedEntry[] } = {},
): Promise<QueueResult[]> {
  const out: QueueResult[] = [];
  for await (const r of queueResults({
    redis: url,
    queue,
    follow: o.follow ?? true,
    pollMs: 100,
    ...(o.refused ? { onRefused: (e: RefusedEntry) => o.refused!.push(e) } : {}),
    ...(o.from ? { from: o.from } : {}),
    ...(o.trim ? { trim: true } : {}),
  }))
    out.push(r);
  return out;
}

async function until(what: string, cond: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const byEvidence = (rs: QueueResult[]) => rs.map((r) => r.result.evidence).sort();

/** The id of the job holding each archive (by its evidence path), from the queue's waiting jobs. */
async function jobsByEvidence(q: string): Promise<Map<string, string>> {
  const { Queue } = await import("bullmq");
  const raw = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
  try {
    const jobs = await raw.getJobs(["waiting"]);
    return new Map(jobs.flatMap((j) => (j.data as { archives: { evidence: string }[] }).archives.map((a) => [a.evidence, String(j.id)] as const)));
  } finally {
    await raw.close();
  }
}

describe.skipIf(!HAS_REDIS)(HAS_REDIS ? "job queue (BullMQ on a real redis-server)" : `job queue: skipped, ${NO_REDIS}`, () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("CLI: two worker processes verify what queue add enqueued, with verify-batch's verdicts, run key and exit code, each archive once", async () => {
    const q = qname();
    const common = ["--redis", redis.url, "--queue", q];
    const dir = tempDir("sealcheck-queue-");
    // Signed records and results, end to end: queue add signs each archive's record and the workers each line with
    // a key file; the reader takes only the line each signed record names.
    const keyFile = join(dir, "result.key");
    writeFileSync(keyFile, randomBytes(32));
    const add = runCli(["queue", "add", "samples", ...common, "--trust", "samples/trust", "--group-size", "4", "--result-key", keyFile]);
    expect(add.stderr).toBe("");
    expect(add.code).toBe(0);
    const found = Number(/^(\d+) archives found: \1 enqueued, 0 already/.exec(add.stdout)?.[1]);
    expect(found).toBeGreaterThan(50);
    // In jobs of up to 4 archives.
    const jobs = Number(/; (\d+) new jobs\.\n$/.exec(add.stdout)?.[1]);
    expect(jobs).toBe(Math.ceil(found / 4));
    // Idempotent: the same archives under the same options add nothing.
    expect(runCli(["queue", "add", "samples", ...common, "--trust", "samples/trust"]).stdout).toMatch(`${found} archives found: 0 enqueued, ${found} already`);
    const healthFile = join(dir, "health.json");
    const workers = [0, 1].map((i) =>
      startCliWorker([...common, "--trust", "samples/trust", "-c", "1", "--result-key", keyFile, ...(i === 0 ? ["--health-file", healthFile] : [])]),
    );
    await Promise.all(workers.map((w) => w.ready));
    const wait = runCli(["queue", "wait", ...common, "--out", join(dir, "q.jsonl"), "--json", "--result-key", keyFile]);
    const batch = runCli(["verify-batch", "samples", "--trust", "samples/trust", "--out", join(dir, "b.jsonl"), "--json"]);
    expect(wait.code).toBe(batch.code);
    expect(wait.code).toBe(1);
    const lines = (f: string) =>
      readFileSync(join(dir, f), "utf8")
        .trim()
        .split("\n")
        .map(
          (l) =>
            JSON.parse(l) as {
              evidence: string;
              indication: string | null;
              subIndication: string | null;
              exitCode: number;
              run: string;
              index: number;
              report: object | null;
            },
        );
    const q1 = lines("q.jsonl");
    const b1 = lines("b.jsonl");
    expect(q1).toHaveLength(found);
    expect(new Set(q1.map((l) => l.evidence)).size).toBe(found);
    expect(new Set(q1.map((l) => l.index)).size).toBe(found);
    const verdicts = (ls: typeof q1) => Object.fromEntries(ls.map((l) => [resolve(l.evidence), `${l.indication}/${l.subIndication}/${l.exitCode}`]));
    expect(verdicts(q1)).toEqual(verdicts(b1));
    expect(new Set(q1.map((l) => l.run))).toEqual(new Set(b1.map((l) => l.run)));
    // The worker's default --reports not-passed: reports of the archives that did not pass only.
    expect(q1.filter((l) => l.exitCode === 0 && l.report !== null)).toEqual([]);
    expect(q1.filter((l) => l.indication !== null && l.exitCode !== 0 && l.report === null)).toEqual([]);
    const summary = JSON.parse(wait.stdout) as { archives: number; exitCode: number; byIndication: Record<string, number> };
    expect(summary.archives).toBe(found);
    expect(summary.byIndication).toEqual((JSON.parse(batch.stdout) as typeof summary).byIndication);
    const live = runCli(["queue", "status", ...common]);
    expect(live.stdout).toMatch(/^queue q\d+-\d+ on redis:\/\/127\.0\.0\.1:\d+\/?\n {2}waiting {4}0\n/);
    expect(live.stdout).toMatch(/\n {2}workers {4}2\n/);
    // Between them the two processes took every job, each once (which took how many is the scheduler's: at load 9 one
    // worker took all of them, so "both took jobs" is no property of the queue).
    for (const w of workers) w.proc.kill("SIGTERM");
    // "close", not "exit": the last stderr lines may still be on their way when the process exits (seen at load 16).
    const logs = await Promise.all(workers.map((w) => new Promise<string>((res) => w.proc.once("close", () => res(w.log())))));
    const took = logs.map((log) => Number(/stopped after (\d+) archives?/.exec(log)?.[1] ?? Number.NaN));
    expect(took.reduce((a, b) => a + b, 0)).toBe(found);
    expect(JSON.parse(readFileSync(healthFile, "utf8"))).toMatchObject({
      status: "stopped",
      queue: q,
      processed: Number(/stopped after (\d+)/.exec(logs[0]!)![1]),
    });
    const st = runCli(["queue", "status", ...common, "--json"]);
    expect(JSON.parse(st.stdout)).toMatchObject({ waiting: 0, active: 0, completed: jobs, failed: 0, results: found, workers: 0 });
    // Under another key, no line is taken.
    writeFileSync(join(dir, "other.key"), randomBytes(32));
    const other = runCli(["queue", "results", ...common, "--result-key", join(dir, "other.key")]);
    expect(other.code).toBe(3);
    const refused = other.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { errorCode: string | null });
    expect(refused).toHaveLength(found);
    expect(refused.every((l) => l.errorCode === "ERR_QUEUE_RESULT")).toBe(true);
  });

  it("queue wait and queue results print the worker's lines in the command line's words, as verify-batch does", async () => {
    const q = qname();
    const common = ["--redis", redis.url, "--queue", q];
    const dir = tempDir("sealcheck-queue-flags-");
    mkdirSync(join(dir, "arch"));
    cpSync("samples/valid/archive.pdf", join(dir, "arch", "archive.pdf"));
    cpSync("samples/valid/originals", join(dir, "arch", "originals"), { recursive: true });
    const limit = ["--trust", "samples/trust", "--limit", "maxOriginalBytes=10"];
    expect(runCli(["queue", "add", join(dir, "arch"), ...common, ...limit]).code).toBe(0);
    const w = startCliWorker([...common, ...limit, "-c", "1"]);
    await w.ready;
    const wait = runCli(["queue", "wait", ...common, "--out", join(dir, "q.jsonl")]);
    const read = runCli(["queue", "results", ...common]);
    const batch = runCli(["verify-batch", join(dir, "arch"), ...limit, "--out", join(dir, "b.jsonl"), "--workers", "1"]);
    w.proc.kill("SIGTERM");
    for (const r of [wait, read, batch]) expect(r.code, r.stderr).toBe(3);
    const error = (text: string) => (JSON.parse(text.trim()) as { error: string }).error;
    // The worker holds the library's words in Redis ("limits.maxOriginalBytes"); both readers print the flag.
    const said = error(readFileSync(join(dir, "q.jsonl"), "utf8"));
    expect(said).toMatch(/for an original \(raise it with --limit maxOriginalBytes=<n>\)$/);
    expect(error(read.stdout)).toBe(said);
    expect(said).toBe(error(readFileSync(join(dir, "b.jsonl"), "utf8")));
    for (const r of [wait, read]) expect(`${r.stdout}${r.stderr}`).not.toMatch(/limits\./);
    expect(wait.stdout).toContain("--limit maxOriginalBytes=<n>");
  });

  it("other --trust or --at is another job; a worker hands back the jobs of another run key, a matching one verifies them", async () => {
    const q = qname();
    const common = ["--redis", redis.url, "--queue", q];
    const one = "samples/valid/archive.pdf";
    expect(runCli(["queue", "add", one, ...common, "--trust", "samples/trust"]).stdout).toMatch("1 enqueued");
    expect(runCli(["queue", "add", one, ...common, "--trust", "samples/trust", "--at", "2025-12-01T10:00:00Z"]).stdout).toMatch("1 enqueued");
    expect(jobIdFor({ evidence: resolve(one), originals: [] }, "0000000000000000")).not.toBe(
      jobIdFor({ evidence: resolve(one), originals: [] }, "0000000000000001"),
    );
    const other = startCliWorker([...common, "--trust", "samples/trust", "--at", "2030-01-01T00:00:00Z", "-c", "1"]);
    await other.ready;
    await until("hand-back", async () => /handed back/.test(other.log()));
    expect((await queueStatus({ redis: redis.url, queue: q })).completed).toBe(0);
    other.proc.kill("SIGTERM");
    const w = startCliWorker([...common, "--trust", "samples/trust", "--at", "2025-12-01T10:00:00Z", "-c", "1", "--reports", "all"]);
    await w.ready;
    await until("one result", async () => (await queueStatus({ redis: redis.url, queue: q })).results === 1, 20_000);
    const [r] = await collect(redis.url, q, { follow: false });
    expect(r!.result.indication).not.toBeNull();
    expect(r!.result.report).not.toBeNull();
  });

  it("--trusted-list: queue add and the worker verify the list first; a list makes another run key, and the worker verifies with its anchors", async () => {
    const dir = tempDir("sealcheck-queue-tl-");
    const { lister } = await makeIdentities({ lister: 2048 });
    const issued = new Date(lister.notBefore.getTime() + 3_600_000);
    const list = join(dir, "dk.xml");
    writeFileSync(
      list,
      sign(buildList({ territory: "DK", issued, nextUpdate: new Date(issued.getTime() + 180 * 86_400_000), services: sampleAnchorServices() }), lister),
    );
    writeFileSync(join(dir, "lister.pem"), lister.certPem);
    const q = qname();
    const common = ["--redis", redis.url, "--queue", q];
    const one = "samples/valid/archive.pdf";
    const tl = ["--trusted-list", list, "--tl-signer", join(dir, "lister.pem")];
    expect(runCli(["queue", "add", one, ...common, ...tl]).stdout).toMatch("1 enqueued");
    expect(runCli(["queue", "add", one, ...common, "--trust", "samples/trust"]).stdout).toMatch("1 enqueued");
    const unverified = runCli(["queue", "add", one, ...common, "--trusted-list", list, "--tl-signer", "samples/trust/seal-root.pem"]);
    expect([unverified.code, unverified.stderr]).toEqual([3, expect.stringContaining("dk.xml: the trusted list did not verify")]);
    const w = startCliWorker([...common, ...tl, "-c", "1", "--reports", "all"]);
    await w.ready;
    await until("the list's job", async () => (await queueStatus({ redis: redis.url, queue: q })).results === 1, 20_000);
    const [r] = await collect(redis.url, q, { follow: false });
    expect(r!.result.indication).toBe("TOTAL-PASSED");
    expect((r!.result.report as { verification: { trustedLists: unknown[] } }).verification.trustedLists).toHaveLength(1);
    // The anchors the verdict rests on, in the result line as verify-batch writes them: the list's services, its signer.
    expect(r!.result.decidingAnchors?.map((a) => a.decides[0])).toEqual(expect.arrayContaining(["the seal", `the trusted list ${list}`]));
  });

  it("a worker SIGKILLed mid-archive: its job is taken by another worker once the lock expires, and counted once", async () => {
    const q = qname();
    await enqueueArchives(specs("slow-1500", "a", "b"), { redis: redis.url, queue: q });
    const a = startWorker(redis.url, q);
    await a.ready;
    await until("the slow job running", async () => (await queueStatus({ redis: redis.url, queue: q })).active >= 1);
    await until("the fast ones done", async () => (await queueStatus({ redis: redis.url, queue: q })).results >= 2, 5000).catch(() => {});
    a.proc.kill("SIGKILL");
    const b = startWorker(redis.url, q, { reports: "all" });
    await b.ready;
    const rs = await collect(redis.url, q);
    expect(byEvidence(rs)).toEqual(byEvidence([...specs("slow-1500", "a", "b")].map((s) => ({ result: s }) as unknown as QueueResult)));
    const slow = rs.find((r) => r.result.evidence.includes("slow"))!;
    expect(slow.result.exitCode).toBe(0);
    expect((slow.result.report as unknown as { pid: number }).pid).toBe(b.proc.pid);
  });

  it("an archive that kills every worker that takes it ends as one ERR_WORKER_CRASHED result: its job is split, then it is tried maxStalledCount + 1 times alone; the others pass", async () => {
    const q = qname();
    await enqueueArchives(specs("kill", "ok-1", "ok-2"), { redis: redis.url, queue: q });
    let started = 0;
    const reader = collect(redis.url, q);
    let done = false;
    void reader.finally(() => (done = true));
    // Replace each dead worker, as a supervisor (systemd, Kubernetes) would.
    while (!done && started < 6) {
      const w = startWorker(redis.url, q, { maxStalledCount: 1 });
      started++;
      await w.ready.catch(() => {});
      await Promise.race([w.exited, reader, new Promise((r) => setTimeout(r, 8000))]);
    }
    const rs = await reader;
    expect(rs).toHaveLength(3);
    const killed = rs.filter((r) => r.result.evidence.includes("kill"));
    expect(killed).toHaveLength(1);
    expect(killed[0]!.result).toMatchObject({ exitCode: 3, indication: null, errorCode: "ERR_WORKER_CRASHED" });
    expect(killed[0]!.result.error).toMatch(/stopped \(killed or crashed\)/);
    expect(rs.filter((r) => r.result.exitCode === 0)).toHaveLength(2);
    // One job of three: the first worker dies on it; the second splits it into three jobs and dies on the
    // killer's; maxStalledCount 1: that job is taken once more, then given up (a fourth worker lived to see it).
    expect(started).toBeGreaterThanOrEqual(3);
    expect(started).toBeLessThanOrEqual(5);
  });

  it("a suspect runs alone even beside a job taken just before it that is still looking up an earlier result", async () => {
    const q = qname();
    const [retried, suspect] = specs("slow-600-retried", "slow-600-suspect");
    await enqueueArchives([retried!, suspect!], { redis: redis.url, queue: q, groupSize: 1 });
    // As BullMQ leaves them: one handed back or failed once (attemptsMade 1: its results are looked up first),
    // one whose worker died (stalledCounter 1: a suspect, to run alone).
    const admin = new Redis(redis.url);
    const jobOf = await jobsByEvidence(q);
    await admin.hset(`bull:${q}:${jobOf.get(retried!.evidence)}`, "atm", "1");
    await admin.hset(`bull:${q}:${jobOf.get(suspect!.evidence)}`, "stc", "1");
    await admin.quit();
    // The look-up is slow (a busy Redis): the suspect is taken meanwhile.
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    const pipeline = client.pipeline.bind(client);
    (client as unknown as { pipeline: typeof pipeline }).pipeline = (...args: Parameters<typeof pipeline>) => {
      const p = pipeline(...args);
      const exec = p.exec.bind(p);
      p.exec = async (...a: Parameters<typeof exec>) => {
        await new Promise((r) => setTimeout(r, 300));
        return exec(...a);
      };
      return p;
    };
    const w = await runWorker({
      redis: client,
      queue: q,
      concurrency: 2,
      reports: "all",
      handBackMs: 200,
      workerUrl: new URL("./slow-thread.mjs", import.meta.url),
      ...FAST,
    });
    try {
      const rs = await collect(redis.url, q);
      expect(rs).toHaveLength(2);
      const span = (name: string) => {
        const r = rs.find((x) => x.result.evidence.includes(name))!.result.report as unknown as { started: number; ended: number };
        return [r.started, r.ended] as const;
      };
      const [s0, s1] = span("suspect");
      const [r0, r1] = span("retried");
      // Alone: the other job ran wholly before or wholly after it, never beside it.
      expect(r1 <= s0 || r0 >= s1, `suspect ${s0}–${s1}, other ${r0}–${r1}`).toBe(true);
    } finally {
      await w.close();
      client.disconnect();
    }
  });

  it("a worker SIGKILLed holding a job of several archives: the next splits it, one job per unfinished archive; each result once", async () => {
    const q = qname();
    const group = specs("slow-1500-x", "slow-1500-y", "fast-z");
    const added = await enqueueArchives(group, { redis: redis.url, queue: q });
    expect(added).toMatchObject({ added: 3, jobs: 1 });
    const a = startWorker(redis.url, q, { concurrency: 2 });
    await a.ready;
    await until("the fast one done", async () => (await queueStatus({ redis: redis.url, queue: q })).results === 1);
    a.proc.kill("SIGKILL");
    const b = startWorker(redis.url, q, { reports: "all" });
    await b.ready;
    const rs = await collect(redis.url, q);
    expect(byEvidence(rs)).toEqual(group.map((g) => g.evidence).sort());
    expect(b.log()).toMatch(/was held by a worker that stopped: its 2 unfinished archives are queued again, one per job/);
    for (const r of rs.filter((x) => x.result.evidence.includes("slow"))) expect((r.result.report as unknown as { pid: number }).pid).toBe(b.proc.pid);
    // The job split, and one job for each of its unfinished archives.
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ completed: 3, failed: 0, results: 3 });
  });

  it("an archive held by two jobs (a record whose job is gone, re-added) is verified by both and its result written once", async () => {
    const q = qname();
    const [a, b] = specs("twice-a", "twice-b");
    const { run } = await enqueueArchives([a!], { redis: redis.url, queue: q });
    const admin = new Redis(redis.url);
    const keys = queueKeys(DEFAULT_PREFIX, q);
    // As if an add had stopped between writing the records and adding their job: the record names no job.
    await admin.hset(keys.archive(jobIdFor(a!, run)), "g", "g-gone");
    expect(await enqueueArchives([a!, b!], { redis: redis.url, queue: q })).toMatchObject({ added: 2, alreadyQueued: 0, jobs: 1 });
    expect(await enqueueArchives([a!, b!], { redis: redis.url, queue: q })).toMatchObject({ added: 0, alreadyQueued: 2, jobs: 0 });
    await admin.quit();
    const w = startWorker(redis.url, q);
    await w.ready;
    const rs = await collect(redis.url, q);
    expect(byEvidence(rs)).toEqual([a!.evidence, b!.evidence].sort());
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ completed: 2, results: 2 });
  });

  it("two queue adds of the same archives at once: each archive is added by one of them and verified once", async () => {
    const q = qname();
    const many = specs(...Array.from({ length: 40 }, (_, i) => `both-${i}`));
    const [x, y] = await Promise.all([0, 1].map(() => enqueueArchives(many, { redis: redis.url, queue: q, groupSize: 4 })));
    expect(x!.added + y!.added).toBe(40);
    expect(x!.alreadyQueued + y!.alreadyQueued).toBe(40);
    const w = startWorker(redis.url, q, { concurrency: 2 });
    await w.ready;
    const rs = await collect(redis.url, q);
    expect(byEvidence(rs)).toEqual(many.map((m) => m.evidence).sort());
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ completed: x!.jobs + y!.jobs, results: 40 });
  });

  it("the add lock: held by another, a step waits and then gives up with ERR_REDIS; it never releases another's lease", async () => {
    const admin = new Redis(redis.url);
    try {
      const key = queueKeys(DEFAULT_PREFIX, qname()).addLock;
      await admin.set(key, "someone-else", "PX", 10_000);
      let ran = false;
      await expect(withAddLock(admin, key, async () => void (ran = true), { waitMs: 200 })).rejects.toMatchObject({ code: "ERR_REDIS" });
      expect([ran, await admin.get(key)]).toEqual([false, "someone-else"]);
      await admin.del(key);
      expect(await withAddLock(admin, key, async () => admin.get(key))).toMatch(/^[0-9a-f]{32}$/);
      expect(await admin.exists(key)).toBe(0);
    } finally {
      await admin.quit();
    }
  });

  it("a reader with jobs left that none can run says why once: no worker connected, or every job handed back (other options)", async () => {
    const q = qname();
    // Enqueued with anchors; the worker has none: another run key, so it hands the job back.
    await enqueueArchives(specs("other-options"), { redis: redis.url, queue: q, trust: ["samples/trust"] });
    let listeners = 0;
    const read = async (): Promise<[number, string][]> => {
      const notes: [number, string][] = [];
      const stop = new AbortController();
      const limit = setTimeout(() => stop.abort(), 10_000);
      const onIdle = (left: number, why: string): void => {
        notes.push([left, why]);
        listeners = getEventListeners(stop.signal, "abort").length;
        stop.abort();
      };
      for await (const _ of queueResults({ redis: redis.url, queue: q, follow: true, pollMs: 25, signal: stop.signal, onIdle }));
      clearTimeout(limit);
      return notes;
    };
    expect(await read()).toEqual([[1, "no-worker"]]);
    const w = startWorker(redis.url, q, { handBackMs: 200 });
    await w.ready;
    expect(await read()).toEqual([[1, "handed-back"]]);
    // After 40 polls and more, no listener per poll is left on the signal.
    expect(listeners).toBe(0);
    expect(w.log()).toMatch(/enqueued with other verification options than this worker's/);
  });

  it("jobs close at --group-size archives or 64 MiB of evidence (groupBytes): a large archive is a job alone", async () => {
    const q = qname();
    const files = ["samples/valid/archive.pdf", "samples/valid/pades.json"].map((f) => resolve(f));
    const { statSync } = await import("node:fs");
    const size = statSync(files[0]!).size;
    const many = specs(...Array.from({ length: 10 }, (_, i) => `g-${i}`));
    expect(await enqueueArchives(many, { redis: redis.url, queue: q, groupSize: 4 })).toMatchObject({ added: 10, jobs: 3 });
    // The first file fills a job's bytes: it is alone, and the next starts another.
    expect(
      await enqueueArchives(
        files.map((f) => ({ evidence: f, originals: [] })),
        { redis: redis.url, queue: q, groupBytes: size },
      ),
    ).toMatchObject({ added: 2, jobs: 2 });
    await expect(enqueueArchives(many, { redis: redis.url, queue: q, groupSize: 0 })).rejects.toThrow(/group size must be a whole number from 1 to 1000/);
    const r = runCli(["queue", "add", "samples/valid/archive.pdf", "--redis", redis.url, "--queue", q, "--group-size", "1001"]);
    expect([r.code, r.stderr]).toEqual([3, expect.stringMatching(/group size must be a whole number from 1 to 1000/)]);
  });

  it("SIGTERM: the worker finishes the archive it holds, then exits 0; nothing is handed back or lost", async () => {
    const q = qname();
    await enqueueArchives(specs("slow-1000"), { redis: redis.url, queue: q });
    const w = startWorker(redis.url, q);
    await w.ready;
    await until("the job running", async () => (await queueStatus({ redis: redis.url, queue: q })).active === 1);
    w.proc.kill("SIGTERM");
    expect(await w.exited).toBe(0);
    const st = await queueStatus({ redis: redis.url, queue: q });
    expect(st).toMatchObject({ active: 0, waiting: 0, completed: 1, results: 1 });
  });

  it("SIGTERM with a job of several archives: those on the thread finish, the others go back to the queue at once; another worker verifies only those", async () => {
    const q = qname();
    const group = specs("slow-1000-a", "slow-1000-b", "slow-1000-c", "slow-1000-d");
    expect(await enqueueArchives(group, { redis: redis.url, queue: q })).toMatchObject({ jobs: 1 });
    const w = startWorker(redis.url, q);
    await w.ready;
    await until("the job running", async () => (await queueStatus({ redis: redis.url, queue: q })).active === 1);
    w.proc.kill("SIGTERM");
    expect(await w.exited).toBe(0);
    // The thread's two archives (one running, one queued to it) have results, not all four: the counts show it.
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ waiting: 1, active: 0, completed: 0, failed: 0, results: 2 });
    const b = startWorker(redis.url, q, { reports: "all" });
    await b.ready;
    const rs = await collect(redis.url, q);
    expect(byEvidence(rs)).toEqual(group.map((g) => g.evidence).sort());
    const byB = rs.filter((r) => (r.result.report as unknown as { pid: number } | null)?.pid === b.proc.pid).map((r) => r.result.evidence);
    expect(byB).toHaveLength(2);
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ completed: 1, failed: 0, results: 4 });
  });

  it("a second SIGTERM hands the running archive back at once: waiting again, no result, not counted as a stall; another worker verifies it", async () => {
    const q = qname();
    await enqueueArchives(specs("slow-2500"), { redis: redis.url, queue: q });
    const w = startWorker(redis.url, q);
    await w.ready;
    await until("the job running", async () => (await queueStatus({ redis: redis.url, queue: q })).active === 1);
    w.proc.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 100));
    w.proc.kill("SIGTERM");
    expect(await w.exited).toBe(0);
    // Handed back, not finished: no result for it (a finished slow-2500 would have written one).
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ waiting: 1, active: 0, completed: 0, failed: 0, results: 0 });
    const { Queue } = await import("bullmq");
    const raw = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
    expect((await raw.getWaiting())[0]!.stalledCounter).toBe(0);
    await raw.close();
    const b = startWorker(redis.url, q, { reports: "all" });
    await b.ready;
    const [r] = await collect(redis.url, q);
    expect(r!.result).toMatchObject({ exitCode: 0, indication: "TOTAL-PASSED" });
    expect((r!.result.report as unknown as { pid: number }).pid).toBe(b.proc.pid);
  });

  it("results resume from a cursor; --trim deletes what was read (entries and jobs), so Redis does not keep them", async () => {
    const q = qname();
    await enqueueArchives(specs("r1", "r2", "r3", "r4"), { redis: redis.url, queue: q });
    const w = startWorker(redis.url, q);
    await w.ready;
    const all = await collect(redis.url, q);
    expect(all).toHaveLength(4);
    const first: QueueResult[] = [];
    for await (const r of queueResults({ redis: redis.url, queue: q })) {
      first.push(r);
      if (first.length === 2) break;
    }
    const rest = await collect(redis.url, q, { follow: false, from: first[1]!.cursor });
    expect([...first, ...rest].map((r) => r.jobId)).toEqual(all.map((r) => r.jobId));
    // Re-adding while the results are held adds nothing.
    expect(await enqueueArchives(specs("r1", "r2", "r3", "r4"), { redis: redis.url, queue: q })).toMatchObject({ added: 0, alreadyQueued: 4 });
    const trimmed = await collect(redis.url, q, { follow: false, trim: true });
    expect(trimmed).toHaveLength(4);
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ results: 0, completed: 0 });
    expect(await collect(redis.url, q, { follow: false })).toHaveLength(0);
    const bad = runCli(["queue", "results", "--redis", redis.url, "--queue", q, "--from", "yesterday"]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^sealcheck: --from: not a results cursor: "yesterday"/);
  });

  it("results never read go when their records do: each write trims stream entries older than its keep time (MINID)", async () => {
    const keys = queueKeys(DEFAULT_PREFIX, qname());
    const admin = new Redis(redis.url);
    try {
      const write = async (i: number, keepSeconds: number): Promise<string | null> => {
        const id = `a-${String(i).padStart(40, "0")}`;
        await admin.hset(keys.archive(id), "g", "g-none");
        return publishResult(admin, keys, archiveTarget(keys, id, keepSeconds, ""), `{"n":${i}}`);
      };
      for (let i = 0; i < 300; i++) await write(i, 3600);
      expect(await admin.xlen(keys.results)).toBe(300);
      await new Promise((r) => setTimeout(r, 1100));
      const last = await write(300, 1);
      // Whole nodes of the stream (100 entries) older than a second are gone; the new entry stays.
      const left = await admin.xrange(keys.results, "-", "+");
      expect(left.length).toBeLessThanOrEqual(100);
      expect(left.at(-1)![0]).toBe(last);
    } finally {
      await admin.quit();
    }
  });

  it("--trim removes a job read while its worker had not yet marked it completed, once it is (not 7 days later)", async () => {
    const q = qname();
    const [spec] = specs("late");
    const { run } = await enqueueArchives([spec!], { redis: redis.url, queue: q });
    const id = (await jobsByEvidence(q)).get(spec!.evidence)!;
    // A worker's last two steps, one at a time: the result written, then the job completed.
    const { Worker } = await import("bullmq");
    const connection = { host: "127.0.0.1", port: redis.port };
    const bw = new Worker(q, null, { connection, autorun: false });
    const job = (await bw.getNextJob("tok"))!;
    expect(job.id).toBe(id);
    const admin = new Redis(redis.url);
    const keys = queueKeys(DEFAULT_PREFIX, q);
    await publishResult(
      admin,
      keys,
      archiveTarget(keys, jobIdFor(spec!, run), 60, (await admin.hget(keys.archive(jobIdFor(spec!, run)), "n"))!),
      JSON.stringify({
        index: 0,
        evidence: spec!.evidence,
        originals: [],
        indication: "TOTAL-PASSED",
        subIndication: null,
        decidedBy: [],
        exitCode: 0,
        durationMs: 1,
        report: null,
        error: null,
        errorCode: null,
        run,
        sha256: (job.data as { archives: { sha256: object }[] }).archives[0]!.sha256,
      }),
    );
    // Read and trimmed while the job is still locked; completed meanwhile.
    const reading = collect(redis.url, q, { follow: false, trim: true });
    await new Promise((r) => setTimeout(r, 100));
    await job.moveToCompleted("done", "tok", false);
    expect(await reading).toHaveLength(1);
    expect(await admin.exists(keys.job(id), keys.archive(jobIdFor(spec!, run)))).toBe(0);
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ results: 0, completed: 0 });
    await admin.quit();
    await bw.close();
  });

  it("--trim of a failed job whose worker died before writing its other archives' results: they are written before the job goes", async () => {
    const q = qname();
    const [done, left] = specs("failed-done", "failed-left");
    const { run } = await enqueueArchives([done!, left!], { redis: redis.url, queue: q, attempts: 1 });
    // A worker's steps up to its death: one result written, then the job failed for good (no `failed` handler ran).
    const { Worker } = await import("bullmq");
    const bw = new Worker(q, null, { connection: { host: "127.0.0.1", port: redis.port }, autorun: false });
    const job = (await bw.getNextJob("tok"))!;
    const admin = new Redis(redis.url);
    const keys = queueKeys(DEFAULT_PREFIX, q);
    const line = { index: 0, evidence: done!.evidence, originals: [], indication: "TOTAL-PASSED", subIndication: null, decidedBy: [], exitCode: 0 };
    await publishResult(
      admin,
      keys,
      archiveTarget(keys, jobIdFor(done!, run), 60, (await admin.hget(keys.archive(jobIdFor(done!, run)), "n"))!),
      JSON.stringify({
        ...line,
        durationMs: 1,
        report: null,
        error: null,
        errorCode: null,
        run,
        sha256: (job.data as { archives: { evidence: string; sha256: object }[] }).archives.find((a) => a.evidence === done!.evidence)!.sha256,
      }),
    );
    await job.moveToFailed(new Error("boom"), "tok");
    await admin.quit();
    await bw.close();
    const rs = await collect(redis.url, q, { follow: false, trim: true });
    expect(rs.map((r) => [r.result.evidence, r.result.errorCode])).toEqual([
      [done!.evidence, null],
      [left!.evidence, "ERR_INTERNAL"],
    ]);
    expect(rs[1]!.result.error).toMatch(/through the queue failed: boom/);
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ failed: 0, results: 0 });
  });

  it("queue add enqueues the first archives at once (16), before the rest are found, so workers start on them", async () => {
    const q = qname();
    // Discovery fails at the 21st archive: the first chunk of 16 is in Redis already, the next 4 are not.
    function* found() {
      yield* specs(...Array.from({ length: 20 }, (_, i) => `early-${i}`));
      throw new SealcheckError("ERR_FILE_UNREADABLE", "manifest line 21: cannot read");
    }
    await expect(enqueueArchives(found(), { redis: redis.url, queue: q })).rejects.toThrow(/manifest line 21/);
    expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ waiting: 1 });
    expect((await jobsByEvidence(q)).size).toBe(16);
    const early = (from: number, to: number) => specs(...Array.from({ length: to - from }, (_, i) => `early-${from + i}`));
    // Chunks of queued and new archives alike (the first chunk here holds 8 of each) add the new ones only;
    // chunks all queued or all new are settled by one EXISTS over the chunk.
    expect(await enqueueArchives(early(8, 32), { redis: redis.url, queue: q })).toMatchObject({ added: 16, alreadyQueued: 8 });
    // Re-adding the whole set adds the rest, each archive once, and each under its own index.
    expect(await enqueueArchives(early(0, 40), { redis: redis.url, queue: q })).toMatchObject({ added: 8, alreadyQueued: 32 });
    const { Queue } = await import("bullmq");
    const raw = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
    const jobs = await raw.getJobs(["waiting"]);
    await raw.close();
    const indexes = jobs.flatMap((j) => (j.data as { archives: { index: number }[] }).archives.map((a) => a.index));
    expect(indexes.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("job data and result lines from Redis are checked: a foreign job and forged lines are ignored (said on stderr, escaped), not crashes nor results", async () => {
    const q = qname();
    const { Queue } = await import("bullmq");
    const raw = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
    await raw.add(
      "verify",
      {
        v: 5,
        nonce: "0".repeat(32),
        run: "0".repeat(16),
        allowMissingOriginals: false,
        keepSeconds: 60,
        archives: [{ evidence: "relative/path.pdf", originals: [], index: 0, nonce: "0".repeat(32) }],
      },
      { jobId: "foreign-1" },
    );
    await raw.close();
    const client = new Redis(redis.url);
    await client.xadd(
      `bull:${q}:sealcheck:results`,
      "*",
      "job",
      "forged-1\u202E\u001b[2J",
      "r",
      '{"evidence":"/x.pdf","originals":[],"exitCode":0,"indication":"TOTAL-PASSED\\u001b[2J"}',
    );
    // Well-formed (its id made from its archive and run key), but no archive of that id was enqueued.
    const run = "0123456789abcdef";
    await client.xadd(
      `bull:${q}:sealcheck:results`,
      "*",
      "job",
      jobIdFor({ evidence: "/x\u202Efdp.exe", originals: [] }, run),
      "r",
      `{"index":1,"evidence":"/x\u202Efdp.exe","originals":[],"exitCode":0,"indication":"TOTAL-PASSED","subIndication":null,"decidedBy":[],"durationMs":1,"report":null,"error":null,"errorCode":null,"run":"${run}"}`,
    );
    const w = startWorker(redis.url, q);
    await w.ready;
    const refused: RefusedEntry[] = [];
    const rs = await collect(redis.url, q, { refused });
    client.disconnect();
    expect(rs).toEqual([]);
    expect(refused.find((r) => r.jobId === "foreign-1")!.why).toMatch(/a worker refused job foreign-1: .*"evidence" is not an absolute path/);
    expect(refused.find((r) => r.jobId.startsWith("forged-1"))!.why).toMatch(/not a sealcheck result line/);
    expect(refused.find((r) => r.jobId.startsWith("a-"))!.why).toMatch(/no record of that archive/);
    const cli = runCli(["queue", "results", "--redis", redis.url, "--queue", q]);
    expect(cli.code).toBe(3); // nothing read
    expect(cli.stdout).toBe("");
    expect(cli.stderr.match(/ignored result entry/g)).toHaveLength(3);
    expect(cli.stderr).not.toMatch(/\u001b/);
    expect(cli.stderr).not.toContain("\u202E");
    expect(cli.stderr).toContain("forged-1\\u202e");
  });

  it("job data changed in Redis after queue add is refused by the worker; its archive has no verdict, saying why, and a line filed under another archive is ignored", async () => {
    const q = qname();
    const [a, b] = specs("enqueued", "swapped-in");
    const { run } = await enqueueArchives([a!], { redis: redis.url, queue: q });
    const id = (await jobsByEvidence(q)).get(a!.evidence)!;
    const client = new Redis(redis.url);
    // Someone with access to Redis points the job at another archive before a worker takes it.
    const data = JSON.parse((await client.hget(`bull:${q}:${id}`, "data"))!) as { archives: object[] };
    await client.hset(`bull:${q}:${id}`, "data", JSON.stringify({ ...data, archives: [{ ...data.archives[0], evidence: b!.evidence }] }));
    // ... and writes a passing line for an archive under another archive's id.
    const line = { index: 7, evidence: b!.evidence, originals: [], indication: "TOTAL-PASSED", subIndication: null, decidedBy: [], exitCode: 0 };
    await client.xadd(`bull:${q}:sealcheck:results`, "*", "job", jobIdFor(a!, run), "r", JSON.stringify({ ...line, run }));
    client.disconnect();
    const w = startWorker(redis.url, q);
    await w.ready;
    const refused: RefusedEntry[] = [];
    const rs = await collect(redis.url, q, { refused });
    expect(rs).toHaveLength(1);
    expect(rs[0]!.result).toMatchObject({ exitCode: 3, indication: null, errorCode: "ERR_QUEUE_RESULT", evidence: a!.evidence });
    expect(rs[0]!.result.error).toMatch(/a worker refused job .*names archives or options other than those its id was made from/);
    expect(refused.map((r) => r.why)).toEqual([expect.stringMatching(/not of the archive's current enqueue/), expect.stringMatching(/^a worker refused job/)]);
    // The archive that job was made for was never verified: adding it again adds it (its job completed without
    // its result), and a worker verifies it.
    expect(await enqueueArchives([a!], { redis: redis.url, queue: q })).toMatchObject({ added: 1, alreadyQueued: 0 });
    expect(await enqueueArchives([a!], { redis: redis.url, queue: q })).toMatchObject({ added: 0, alreadyQueued: 1 });
    const again = await collect(redis.url, q, { from: rs.at(-1)!.cursor });
    expect(again.map((r) => [r.result.evidence, r.result.exitCode])).toEqual([[a!.evidence, 0]]);
  });

  it("a job added by someone else and delayed for years does not keep queue wait waiting once every archive enqueued has its result", async () => {
    const q = qname();
    const [a] = specs("decoy-delayed");
    await enqueueArchives([a!], { redis: redis.url, queue: q });
    const w = startWorker(redis.url, q);
    await w.ready;
    const { Queue } = await import("bullmq");
    const decoy = new Queue(q, { connection: { host: "127.0.0.1", port: Number(new URL(redis.url).port) } });
    await decoy.add("verify", { v: 3 }, { jobId: "g-decoy", delay: 10 * 365 * 24 * 3600 * 1000 });
    await decoy.close();
    const r = runCli(["queue", "wait", "--redis", redis.url, "--queue", q, "--json"], {}, { timeoutMs: 30_000 });
    w.proc.kill("SIGTERM");
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ archives: 1 });
  });

  it("forged entries cost the reader no state per entry and at most 100 stderr lines, then a count", async () => {
    const q = qname();
    const [a] = specs("forged-many");
    await enqueueArchives([a!], { redis: redis.url, queue: q });
    const w = startWorker(redis.url, q);
    await w.ready;
    const client = new Redis(redis.url);
    await until("the result", async () => (await client.xlen(`bull:${q}:sealcheck:results`)) === 1);
    const pipe = client.pipeline();
    for (let i = 0; i < 150; i++) pipe.xadd(`bull:${q}:sealcheck:results`, "*", "job", `forged-${i}`, "r", "{}");
    await pipe.exec();
    client.disconnect();
    const r = runCli(["queue", "wait", "--redis", redis.url, "--queue", q, "--json"], {}, { timeoutMs: 30_000 });
    w.proc.kill("SIGTERM");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.match(/^sealcheck: ignored result entry /gm)).toHaveLength(100);
    expect(r.stderr).toMatch(/ignored 150 result entries in all/);
  });

  it("--result-key: a record planted without the key (naming a live decoy job) does not make queue add skip the archive", async () => {
    const q = qname();
    const key = randomBytes(32);
    const [a] = specs("planted");
    const client = new Redis(redis.url);
    // The run key of these options, as queue add computes it (a first add to another queue tells it).
    const { run } = await enqueueArchives([a!], { redis: redis.url, queue: qname(), resultKey: key });
    await client.hset(`bull:${q}:decoy`, "data", "{}");
    await client.hset(`bull:${q}:sealcheck:a:${jobIdFor(a!, run)}`, "g", "decoy");
    const s = await enqueueArchives([a!], { redis: redis.url, queue: q, resultKey: key });
    expect([s.added, s.alreadyQueued]).toEqual([1, 0]);
    // Without the key nothing can be told apart: a planted record with a nonce, an index and the archive's content
    // digest counts, as before (one without them is enqueued anew: a receipt could not name its enqueue, and a
    // worker would verify other content than the one now found).
    const q3 = qname();
    const { run: run3 } = await enqueueArchives([a!], { redis: redis.url, queue: qname() });
    await client.hset(`bull:${q3}:decoy`, "data", "{}");
    const planted = `bull:${q3}:sealcheck:a:${jobIdFor(a!, run3)}`;
    await client.hset(planted, "g", "decoy", "n", "0".repeat(32), "i", "0");
    expect((await enqueueArchives([a!], { redis: redis.url, queue: q3 })).alreadyQueued).toBe(0);
    await client.hset(planted, "g", "decoy", "n", "0".repeat(32), "i", "0", "c", contentDigest(await pinArchive(a!, DEFAULT_LIMITS)));
    expect((await enqueueArchives([a!], { redis: redis.url, queue: q3 })).alreadyQueued).toBe(1);
    client.disconnect();
  });

  it("--result-key: queue add signs records, workers lines; a reader with the key takes only the line each record names, signed, and ignores any other", async () => {
    const q = qname();
    const dir = tempDir("sealcheck-result-key-");
    const keyFile = join(dir, "result.key");
    const key = randomBytes(32);
    writeFileSync(keyFile, key);
    const [a, copied] = specs("signed", "copied");
    const { run } = await enqueueArchives([a!, copied!], { redis: redis.url, queue: q, resultKey: key });
    const w = startWorker(redis.url, q, { resultKeyHex: key.toString("hex") });
    await w.ready;
    const client = new Redis(redis.url);
    await until("both results", async () => (await client.xlen(`bull:${q}:sealcheck:results`)) === 2);
    const all = (await client.xrange(`bull:${q}:sealcheck:results`, "-", "+")) as [string, string[]][];
    const fieldsOf = (fields: string[]) => Object.fromEntries(fields.flatMap((x, i) => (i % 2 === 0 ? [[x, fields[i + 1]!]] : []))) as Record<string, string>;
    const entry = fieldsOf(all.map(([, f]) => f).find((f) => fieldsOf(f).r!.includes("signed"))!);
    expect(entry.m).toMatch(/^[0-9a-f]{64}$/);
    const idA = jobIdFor(a!, run);
    // A passing line under a's id without a MAC, one signed with another key, and a's genuine line and MAC under
    // the other archive's id.
    await client.xadd(`bull:${q}:sealcheck:results`, "*", "job", idA, "n", entry.n!, "r", entry.r!);
    await client.xadd(
      `bull:${q}:sealcheck:results`,
      "*",
      "job",
      idA,
      "n",
      entry.n!,
      "r",
      entry.r!,
      "m",
      createHmac("sha256", randomBytes(32)).update("x").digest("hex"),
    );
    await client.xadd(`bull:${q}:sealcheck:results`, "*", "job", jobIdFor(copied!, run), "n", entry.n!, "r", entry.r!, "m", entry.m!);
    client.disconnect();
    const refused: RefusedEntry[] = [];
    const keyed: QueueResult[] = [];
    for await (const r of queueResults({ redis: redis.url, queue: q, resultKey: key, onRefused: (e) => refused.push(e) })) keyed.push(r);
    expect(keyed.map((r) => [r.result.evidence, r.result.exitCode]).sort()).toEqual([
      [copied!.evidence, 0],
      [a!.evidence, 0],
    ]);
    expect(refused.map((r) => r.why)).toEqual([
      expect.stringMatching(/its line has no MAC/),
      expect.stringMatching(/not signed with this result key for this enqueue/),
      expect.stringMatching(/not signed with this result key for this enqueue/),
    ]);
    const cli = runCli(["queue", "results", "--redis", redis.url, "--queue", q, "--result-key", keyFile]);
    expect(cli.code).toBe(0);
    expect(cli.stdout.trim().split("\n")).toHaveLength(2);
    expect(cli.stderr.match(/ignored result entry/g)).toHaveLength(3);
    // Records enqueued without the key are not trusted by a reader with it: no verdict.
    const q2 = qname();
    await enqueueArchives(specs("unsigned-record"), { redis: redis.url, queue: q2 });
    const w2 = startWorker(redis.url, q2, { resultKeyHex: key.toString("hex") });
    await w2.ready;
    const r2 = runCli(["queue", "wait", "--redis", redis.url, "--queue", q2, "--result-key", keyFile, "--json"]);
    expect(r2.code).toBe(3);
    expect(r2.stderr).toMatch(/the archive's record is not signed with this result key/);
    writeFileSync(join(dir, "short.key"), "secret\n");
    const short = runCli(["queue", "results", "--redis", redis.url, "--queue", q, "--result-key", join(dir, "short.key")]);
    expect(short.code).toBe(3);
    expect(short.stderr).toMatch(/short\.key: a result key file holds 32 to 4096 bytes, not 7/);
    expect(short.stdout).toBe("");
  });

  describe("results an attacker without the result key writes into Redis are not taken (issue 34)", () => {
    const key = randomBytes(32);
    const keyFile = (): string => {
      const f = join(tempDir("sealcheck-result-key-"), "result.key");
      writeFileSync(f, key);
      return f;
    };
    const entries = async (admin: Redis, q: string): Promise<{ id: string; f: Record<string, string> }[]> =>
      ((await admin.xrange(`bull:${q}:sealcheck:results`, "-", "+")) as [string, string[]][]).map(([id, fields]) => {
        const f: Record<string, string> = {};
        for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
        return { id, f };
      });
    const wait = (q: string, ...more: string[]) => runCli(["queue", "wait", "--redis", redis.url, "--queue", q, "--json", "--result-key", keyFile(), ...more]);
    const problem = (name: string) => ({ ...specs(name)[0]!, problem: `/nonexistent/${name}.pdf: no originals/ folder beside it` });

    it("a passing archive's signed entry copied over a failing one's: the copy is ignored, the failing archive has no verdict, the count is the archives enqueued", async () => {
      const q = qname();
      const [good] = specs("copy-good");
      const bad = problem("copy-bad");
      expect(await enqueueArchives([good!, bad], { redis: redis.url, queue: q, resultKey: key })).toMatchObject({ added: 2 });
      const w = startWorker(redis.url, q, { resultKeyHex: key.toString("hex") });
      await w.ready;
      const admin = new Redis(redis.url);
      try {
        await until("both results", async () => (await admin.xlen(`bull:${q}:sealcheck:results`)) === 2);
        await until("the jobs to complete", async () => (await queueStatus({ redis: redis.url, queue: q })).completed === 1);
        const [e1, e2] = await entries(admin, q);
        const [pass, fail] = JSON.parse(e1!.f.r!).exitCode === 0 ? [e1!, e2!] : [e2!, e1!];
        // Without the key: delete the failing archive's entry, add the passing one's again (its MAC checks out).
        await admin.xdel(`bull:${q}:sealcheck:results`, fail.id);
        await admin.xadd(`bull:${q}:sealcheck:results`, "*", ...Object.entries(pass.f).flat());
      } finally {
        admin.disconnect();
      }
      const r = wait(q);
      // The exit code first: without the fix, the forged queue read as all passed (0).
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/ignored result entry \d+-\d+ \("a-[0-9a-f]{40}"\): it is not the entry the archive's record names/);
      expect(JSON.parse(r.stdout)).toMatchObject({ archives: 2 });
      expect(r.stdout).toMatch(/no result was written for it|no trusted result/);
    });

    it("an old signed result of an archive enqueued again (changed since) is replayed: refused, not of the current enqueue", async () => {
      const q = qname();
      const [a] = specs("replayed");
      await enqueueArchives([a!], { redis: redis.url, queue: q, resultKey: key });
      const w = startWorker(redis.url, q, { resultKeyHex: key.toString("hex") });
      await w.ready;
      const admin = new Redis(redis.url);
      try {
        await until("the result", async () => (await admin.xlen(`bull:${q}:sealcheck:results`)) === 1);
        const [old] = await entries(admin, q);
        // Read (and trimmed) as an operator does; the attacker kept a copy of the entry.
        expect(wait(q, "--trim").code).toBe(0);
        w.proc.kill("SIGKILL");
        // The archive changes and is enqueued again; the attacker removes its job before any worker takes it,
        // and replays the old signed entry.
        expect(await enqueueArchives([a!], { redis: redis.url, queue: q, resultKey: key })).toMatchObject({ added: 1 });
        const { Queue } = await import("bullmq");
        const raw = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
        for (const j of await raw.getJobs(["waiting"])) await j.remove();
        await raw.close();
        await admin.xadd(`bull:${q}:sealcheck:results`, "*", ...Object.entries(old!.f).flat());
        // Even pointing the record at it (the record's nonce is signed, the entry's is the old one).
        const id = jobIdFor(a!, JSON.parse(old!.f.r!).run);
        const [replayed] = await entries(admin, q);
        await admin.hset(`bull:${q}:sealcheck:a:${id}`, "r", replayed!.id);
      } finally {
        admin.disconnect();
      }
      const r = wait(q);
      // The exit code first: without the fix, the forged queue read as all passed (0).
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/ignored result entry .*: it is not of the archive's current enqueue/);
      expect(JSON.parse(r.stdout)).toMatchObject({ archives: 1 });
    });

    it("a record and entry rolled back to an earlier enqueue (both signed then): read with queue add's --receipt, refused; without it, Redis's word", async () => {
      const q = qname();
      const [a] = specs("rolled-back");
      const dir = tempDir("sealcheck-receipt-");
      const receipt = (file: string) => {
        const w = new ReceiptWriter(join(dir, file), key);
        return { w, onQueued: (e: readonly ReceiptEntry[]) => w.write(e) };
      };
      const r1 = receipt("r1.jsonl");
      await enqueueArchives([a!], { redis: redis.url, queue: q, resultKey: key, onQueued: r1.onQueued });
      r1.w.close();
      const w = startWorker(redis.url, q, { resultKeyHex: key.toString("hex") });
      await w.ready;
      const admin = new Redis(redis.url);
      let rec = "";
      try {
        await until("the result", async () => (await admin.xlen(`bull:${q}:sealcheck:results`)) === 1);
        [rec = ""] = await admin.keys(`bull:${q}:sealcheck:a:*`);
        // The attacker (read access) keeps the signed record and entry; the operator reads and trims.
        const old = await admin.hgetall(rec);
        const [entry] = await entries(admin, q);
        expect(wait(q, "--trim", "--receipt", join(dir, "r1.jsonl")).code).toBe(0);
        w.proc.kill("SIGKILL");
        // The archive changes and is enqueued again; the attacker puts the old enqueue's signed record back and
        // replays its signed entry (the new job, if a worker took it, writes nothing: the record's nonce is not its).
        const r2 = receipt("r2.jsonl");
        expect(await enqueueArchives([a!], { redis: redis.url, queue: q, resultKey: key, onQueued: r2.onQueued })).toMatchObject({ added: 1 });
        r2.w.close();
        const { Queue } = await import("bullmq");
        const raw = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
        for (const j of await raw.getJobs(["waiting"])) await j.remove();
        await raw.close();
        const nid = await admin.xadd(`bull:${q}:sealcheck:results`, "*", ...Object.entries(entry!.f).flat());
        await admin.hset(rec, "n", old.n!, "i", old.i!, "m", old.m!, "r", nid!);
      } finally {
        admin.disconnect();
      }
      const lines = readFileSync(join(dir, "r2.jsonl"), "utf8").trim().split("\n");
      expect(lines).toHaveLength(2); // the archive's line, the block's closing line
      expect(JSON.parse(lines[0]!)).toMatchObject({ scope: `bull:${q}`, evidence: a!.evidence, index: 1 });
      // With the receipt (kept outside Redis): the entry is not of the enqueue it names.
      const r = wait(q, "--receipt", join(dir, "r2.jsonl"));
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/ignored result entry .*: it is not of the enqueue the receipt names/);
      expect(JSON.parse(r.stdout)).toMatchObject({ archives: 1 });
      // Without it, the reader has only Redis's own word, which the writer rolled back consistently: the limit
      // the receipt exists for (README: queue add --receipt).
      expect(wait(q).code).toBe(0);
      // A receipt of another queue is refused.
      const other = runCli(["queue", "wait", "--redis", redis.url, "--queue", qname(), "--receipt", join(dir, "r2.jsonl")]);
      expect(other.code).toBe(3);
      expect(other.stderr).toMatch(/the receipt names queue "bull:q\d+-\d+", not "bull:q\d+-\d+"/);
    });

    describe("receipts hold against a writer to Redis (second attack round, scripts/attack34b)", () => {
      const receiptOf = (dir: string, name: string) => {
        const w = new ReceiptWriter(join(dir, name), key);
        return { file: join(dir, name), w, onQueued: (e: readonly ReceiptEntry[]) => w.write(e) };
      };
      const delayedDecoy = async (q: string) => {
        const { Queue } = await import("bullmq");
        const decoy = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
        await decoy.add("verify", { v: 3 }, { jobId: "g-decoy", delay: 10 * 365 * 24 * 3600 * 1000 });
        await decoy.close();
      };

      it("B1: an earlier enqueue's signed record restored before the add is never taken as queued: the receipt names a fresh enqueue", async () => {
        const q = qname();
        const [a] = specs("pre-add-rollback");
        const dir = tempDir("sealcheck-receipt-b1-");
        const r1 = receiptOf(dir, "r1.jsonl");
        await enqueueArchives([a!], { redis: redis.url, queue: q, resultKey: key, onQueued: r1.onQueued });
        r1.w.close();
        const admin = new Redis(redis.url);
        try {
          const [rec = ""] = await admin.keys(`bull:${q}:sealcheck:a:*`);
          const old = await admin.hgetall(rec);
          // A live decoy job, named by the restored record: the archive looks queued.
          await admin.hset(`bull:${q}:decoy`, "data", "{}");
          await admin.hset(rec, "g", "decoy");
          const r2 = receiptOf(dir, "r2.jsonl");
          expect(await enqueueArchives([a!], { redis: redis.url, queue: q, resultKey: key, onQueued: r2.onQueued })).toMatchObject({
            added: 1,
            alreadyQueued: 0,
          });
          r2.w.close();
          const [line] = readFileSync(r2.file, "utf8")
            .trim()
            .split("\n")
            .map((l) => JSON.parse(l) as ReceiptEntry);
          expect(line!.nonce).not.toBe(old.n);
          expect(line!.nonce).toBe(await admin.hget(rec, "n"));
        } finally {
          admin.disconnect();
        }
      });

      it("C3: a wait never hangs: after --idle-timeout without a result, each archive still without one is a no-verdict line, not trimmed", async () => {
        const q = qname();
        const dir = tempDir("sealcheck-receipt-c3-");
        const r = receiptOf(dir, "r.jsonl");
        await enqueueArchives(specs("c3-stuck"), { redis: redis.url, queue: q, resultKey: key, onQueued: r.onQueued });
        r.w.close();
        // No worker takes it (as when its job was moved to "delayed" for ten years by a writer to Redis).
        const args = ["queue", "wait", "--redis", redis.url, "--queue", q, "--result-key", keyFile(), "--receipt", r.file, "--json", "--trim"];
        const waited = runCli([...args, "--idle-timeout", "2"], {}, { timeoutMs: 30_000 });
        expect(waited.code, waited.stderr).toBe(3);
        expect(waited.stdout).toMatch(/"archives": 1/);
        const lines = runCli(["queue", "results", "--redis", redis.url, "--queue", q, "--result-key", keyFile(), "--receipt", r.file]);
        // Not trimmed: the record is still there, and the archive is still pending.
        expect(lines.stdout).toMatch(/no result yet/);
        const cut = runCli([...args.filter((a) => a !== "--json"), "--idle-timeout", "1"], {}, { timeoutMs: 30_000 });
        expect(cut.stdout).toMatch(/no result came for \d+ s while 1 job was left \(the idle limit\)/);
      });

      it("B9: an index counter in Redis past what a line can hold exactly stops queue add before anything is enqueued", async () => {
        const q = qname();
        const admin = new Redis(redis.url);
        try {
          await admin.set(`bull:${q}:sealcheck:index`, String(2 ** 53 + 1));
        } finally {
          admin.disconnect();
        }
        await expect(enqueueArchives(specs("b9"), { redis: redis.url, queue: q, resultKey: key })).rejects.toThrow(
          /index counter in Redis .* is not a sane number/,
        );
        expect(await queueStatus({ redis: redis.url, queue: q })).toMatchObject({ waiting: 0 });
      });

      it("B8: a receipt line removed or changed is refused (line and block MACs); a block not closed is refused", async () => {
        const q = qname();
        const dir = tempDir("sealcheck-receipt-b8-");
        const r = receiptOf(dir, "r.jsonl");
        await enqueueArchives(specs("b8-one", "b8-two"), { redis: redis.url, queue: q, resultKey: key, onQueued: r.onQueued });
        r.w.close();
        const lines = readFileSync(r.file, "utf8").trim().split("\n");
        expect(lines).toHaveLength(3);
        expect(readReceipt(r.file, { key }).size).toBe(2);
        writeFileSync(join(dir, "removed.jsonl"), `${[lines[0], lines[2]].join("\n")}\n`);
        expect(() => readReceipt(join(dir, "removed.jsonl"), { key })).toThrow(/line 2 .*do not check out against its closing MAC: a line was removed/);
        writeFileSync(join(dir, "changed.jsonl"), `${[lines[0]!.replace(/"index":\d+/, '"index":99'), lines[1], lines[2]].join("\n")}\n`);
        expect(() => readReceipt(join(dir, "changed.jsonl"), { key })).toThrow(/line 1 .*its MAC does not check out/);
        writeFileSync(join(dir, "open.jsonl"), `${[lines[0], lines[1]].join("\n")}\n`);
        expect(() => readReceipt(join(dir, "open.jsonl"), { key })).toThrow(/its last block has no closing line/);
        const cli = runCli(["queue", "wait", "--redis", redis.url, "--queue", q, "--result-key", keyFile(), "--receipt", join(dir, "removed.jsonl")]);
        expect(cli.code).toBe(3);
        expect(cli.stderr).toMatch(/removed\.jsonl: line 2 is not a queue receipt line/);
      });

      it("B4, B12, B6: with a receipt, --from is refused; a read without --follow reports a missing archive as pending (exit 3); a decoy job does not keep --follow waiting", async () => {
        const q = qname();
        const [a, b] = specs("b6-done", "b6-suppressed");
        const dir = tempDir("sealcheck-receipt-b6-");
        const r = receiptOf(dir, "r.jsonl");
        await enqueueArchives([a!, b!], { redis: redis.url, queue: q, resultKey: key, onQueued: r.onQueued, groupSize: 1 });
        r.w.close();
        const admin = new Redis(redis.url);
        try {
          // Without the key: b's record gets another nonce, so no worker writes its result; a decoy job waits ten years.
          const recs = await admin.keys(`bull:${q}:sealcheck:a:*`);
          const bRec = (await Promise.all(recs.map(async (k) => [k, await admin.hget(k, "e")] as const))).find(([, e]) => e === b!.evidence)![0];
          await admin.hset(bRec, "n", "f".repeat(32));
        } finally {
          admin.disconnect();
        }
        await delayedDecoy(q);
        const w = startWorker(redis.url, q, { resultKeyHex: key.toString("hex") });
        await w.ready;
        await until("both jobs done", async () => (await queueStatus({ redis: redis.url, queue: q })).completed === 2);
        const from = runCli(["queue", "results", "--redis", redis.url, "--queue", q, "--result-key", keyFile(), "--receipt", r.file, "--from", "1-0"]);
        expect(from.code).toBe(3);
        expect(from.stderr).toMatch(/--from cannot be given with --receipt/);
        const partial = runCli(["queue", "results", "--redis", redis.url, "--queue", q, "--result-key", keyFile(), "--receipt", r.file]);
        expect(partial.code).toBe(3);
        expect(partial.stdout.trim().split("\n")).toHaveLength(2);
        expect(partial.stdout).toMatch(/no result yet \(still queued or running, or never verified\)/);
        const waited = runCli(
          ["queue", "wait", "--redis", redis.url, "--queue", q, "--result-key", keyFile(), "--receipt", r.file, "--json"],
          {},
          { timeoutMs: 60_000 },
        );
        // Returned by itself (a run killed at the 60 s timeout has no exit code 3).
        expect(waited.code, waited.stderr).toBe(3);
        expect(JSON.parse(waited.stdout)).toMatchObject({ archives: 2, byIndication: { "TOTAL-PASSED": 1, "NO-VERDICT": 1 } });
        w.proc.kill("SIGTERM");
      });
    });

    it("queue add --receipt writes one block per add (a fresh enqueue per archive); a reader with it leaves other archives' entries alone", async () => {
      const q = qname();
      const dir = tempDir("sealcheck-receipt-cli-");
      for (const name of ["one", "two"]) {
        mkdirSync(join(dir, "arch", name), { recursive: true });
        // A sealed PAdES: the Workflow-token JSON has no proof of existence and is INDETERMINATE as of now (attack36 J1).
        cpSync("samples/valid/archive.pdf", join(dir, "arch", name, "archive.pdf"));
        cpSync("samples/valid/originals", join(dir, "arch", name, "originals"), { recursive: true });
      }
      const add = (which: string, receiptFile: string) =>
        runCli([
          "queue",
          "add",
          join(dir, "arch", which),
          "--redis",
          redis.url,
          "--queue",
          q,
          "--result-key",
          keyFile(),
          "--receipt",
          join(dir, receiptFile),
          "--trust",
          "samples/trust",
        ]);
      expect(add("one", "a.jsonl").code).toBe(0);
      expect(add("one", "a.jsonl").code).toBe(0);
      expect(add("two", "b.jsonl").code).toBe(0);
      const a = readFileSync(join(dir, "a.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as ReceiptEntry & { end?: true });
      // With a receipt, each add enqueues anew (nothing in Redis is taken as queued): two blocks, two nonces; the
      // later one counts, and the first job's worker writes nothing (the record is of the second enqueue).
      expect(a.map((l) => l.end ?? false)).toEqual([false, true, false, true]);
      expect(a[2]!.nonce).not.toBe(a[0]!.nonce);
      const w = startCliWorker(["--redis", redis.url, "--queue", q, "--result-key", keyFile(), "--trust", "samples/trust", "-c", "1"]);
      await w.ready;
      const r = wait(q, "--receipt", join(dir, "a.jsonl"), "--trim");
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ archives: 1, byIndication: { "TOTAL-PASSED": 1 } });
      // The other enqueue's entry is still there for its own reader.
      const b = wait(q, "--receipt", join(dir, "b.jsonl"));
      expect(b.code, b.stderr).toBe(0);
      expect(JSON.parse(b.stdout)).toMatchObject({ archives: 1, byIndication: { "TOTAL-PASSED": 1 } });
      w.proc.kill("SIGTERM");
    });

    it("a job's problem field removed in Redis: the job is refused (its id covers it), the archive has no verdict, never a pass", async () => {
      const q = qname();
      const bad = problem("problem-removed");
      await enqueueArchives([bad], { redis: redis.url, queue: q, resultKey: key });
      const id = (await jobsByEvidence(q)).get(bad.evidence)!;
      const admin = new Redis(redis.url);
      const data = JSON.parse((await admin.hget(`bull:${q}:${id}`, "data"))!) as { archives: Record<string, unknown>[] };
      delete data.archives[0]!.problem;
      await admin.hset(`bull:${q}:${id}`, "data", JSON.stringify(data));
      admin.disconnect();
      const w = startWorker(redis.url, q, { resultKeyHex: key.toString("hex") });
      await w.ready;
      const r = wait(q, "--out", join(tempDir("sealcheck-q-"), "r.jsonl"));
      // The exit code first: without the fix, the forged queue read as all passed (0).
      expect(r.code).toBe(3);
      const s = JSON.parse(r.stdout) as { byIndication: Record<string, number>; archives: number };
      expect(s.byIndication["TOTAL-PASSED"] ?? 0).toBe(0);
      // Refused first as an archive that is neither pinned nor a problem (its id covers the field too).
      expect(r.stdout).toMatch(/sha256\\" is not the content's digests/);
    });

    it("a 120 MB result entry: the reader (heap capped at 192 MB) does not load it, and its archive has no verdict", async () => {
      const q = qname();
      const [a] = specs("huge");
      await enqueueArchives([a!], { redis: redis.url, queue: q });
      const w = startWorker(redis.url, q);
      await w.ready;
      const admin = new Redis(redis.url);
      try {
        await until("the result", async () => (await admin.xlen(`bull:${q}:sealcheck:results`)) === 1);
        const [e] = await entries(admin, q);
        await admin.xdel(`bull:${q}:sealcheck:results`, e!.id);
        const line = JSON.parse(e!.f.r!) as Record<string, unknown>;
        await admin.xadd(
          `bull:${q}:sealcheck:results`,
          "*",
          "job",
          e!.f.job!,
          "n",
          e!.f.n!,
          "r",
          JSON.stringify({ ...line, error: "x".repeat(120 * 1024 * 1024) }),
        );
      } finally {
        admin.disconnect();
      }
      const r = runCli(["queue", "wait", "--redis", redis.url, "--queue", q, "--json"], { NODE_OPTIONS: "--max-old-space-size=192" }, { timeoutMs: 60_000 });
      // The exit code first: without the fix, the forged queue read as all passed (0).
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/ignored result entry .*: the entry is \d{9} bytes, over the 8388608-byte limit/);
      expect(JSON.parse(r.stdout)).toMatchObject({ archives: 1 });
    });
  });

  describe("C5 (scripts/attack34c): queue add pins the content it enqueues, and the worker verifies only those bytes", () => {
    const sha = (f: string): string => createHash("sha256").update(readFileSync(f)).digest("hex");
    /** arch/t: the valid sample's archive with changed originals (TOTAL-FAILED); arch/v: the valid sample (the control). */
    const archives = (dir: string) => {
      const t = join(dir, "arch", "t");
      const v = join(dir, "arch", "v");
      for (const [d, originals] of [
        [t, "samples/tampered/original-changed/originals"],
        [v, "samples/valid/originals"],
      ] as const) {
        mkdirSync(d, { recursive: true });
        cpSync("samples/valid/archive.pdf", join(d, "archive.pdf"));
        cpSync(originals, join(d, "originals"), { recursive: true });
      }
      return { t, v };
    };
    const lines = (f: string) =>
      readFileSync(f, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown> & { evidence: string; sha256?: { evidence: string; originals: [string, string][] } });

    it("genuine originals in place for the worker's run only: queue wait --receipt --result-key is INDETERMINATE/SIGNED_DATA_NOT_FOUND naming the file (exit 2, was 0)", async () => {
      const q = qname();
      const common = ["--redis", redis.url, "--queue", q];
      const dir = tempDir("sealcheck-c5-");
      const keyFile = join(dir, "result.key");
      writeFileSync(keyFile, randomBytes(32));
      const { t, v } = archives(dir);
      const receipt = join(dir, "receipt.jsonl");
      const add = runCli(["queue", "add", join(dir, "arch"), ...common, "--trust", "samples/trust", "--result-key", keyFile, "--receipt", receipt]);
      expect(add.code, add.stderr).toBe(0);
      // The archive store's writer: the genuine contract in t/originals for the worker's run, then back.
      renameSync(join(t, "originals"), join(dir, "t-changed"));
      cpSync("samples/valid/originals", join(t, "originals"), { recursive: true });
      const w = startCliWorker([...common, "--trust", "samples/trust", "--result-key", keyFile, "-c", "1"]);
      await w.ready;
      const admin = new Redis(redis.url);
      await until("both results", async () => (await admin.xlen(`bull:${q}:sealcheck:results`)) === 2, 60_000);
      admin.disconnect();
      rmSync(join(t, "originals"), { recursive: true });
      renameSync(join(dir, "t-changed"), join(t, "originals"));
      const wait = runCli(["queue", "wait", ...common, "--result-key", keyFile, "--receipt", receipt, "--out", join(dir, "out.jsonl")]);
      w.proc.kill("SIGTERM");
      expect(wait.code, wait.stderr).toBe(2);
      const out = new Map(lines(join(dir, "out.jsonl")).map((l) => [l.evidence, l]));
      expect(out.get(join(v, "archive.pdf"))).toMatchObject({ indication: "TOTAL-PASSED", exitCode: 0 });
      const changed = out.get(join(t, "archive.pdf"))!;
      expect(changed).toMatchObject({
        indication: "INDETERMINATE",
        subIndication: "SIGNED_DATA_NOT_FOUND",
        decidedBy: ["pinned-content"],
        exitCode: 2,
        report: null,
        contentChanged: { file: expect.stringMatching(/\/t\/originals\/(Husorden|Lejekontrakt)\.pdf$/) },
      });
      expect(wait.stdout).toMatch(/INDETERMINATE\/SIGNED_DATA_NOT_FOUND +1 +\S+\/t\/originals\/\w+\.pdf: its bytes changed .* since queue add pinned it/);
      // The digests are those of the files as enqueued (and as they are again): in the line and in the receipt.
      const pinned = {
        evidence: sha(join(t, "archive.pdf")),
        originals: ["Husorden.pdf", "Lejekontrakt.pdf"].map((f) => [join(t, "originals", f), sha(join(t, "originals", f))]),
      };
      expect(changed.sha256).toEqual(pinned);
      const receiptLines = lines(receipt);
      expect(receiptLines.find((l) => l.evidence === join(t, "archive.pdf"))!.sha256).toEqual(pinned);
      // The archive as it is, verified directly: TOTAL-FAILED.
      expect(runCli(["verify", join(t, "archive.pdf"), join(t, "originals"), "--trust", "samples/trust"]).code).toBe(1);
    }, 120_000);

    it("a job rewritten in Redis with the digests of the genuine files: the worker's pass on them is refused by the reader (signed record, receipt)", async () => {
      const q = qname();
      const dir = tempDir("sealcheck-c5-redis-");
      const key = randomBytes(32);
      const keyFile = join(dir, "result.key");
      writeFileSync(keyFile, key);
      const { t } = archives(dir);
      rmSync(join(dir, "arch", "v"), { recursive: true });
      const w1 = new ReceiptWriter(join(dir, "receipt.jsonl"), key);
      await enqueueArchives([join(dir, "arch")], { redis: redis.url, queue: q, trust: ["samples/trust"], resultKey: key, onQueued: (e) => w1.write(e) });
      w1.close();
      // Genuine originals in place, and the job rewritten with their digests (a writer to Redis and to the store).
      rmSync(join(t, "originals"), { recursive: true });
      cpSync("samples/valid/originals", join(t, "originals"), { recursive: true });
      const [spec] = [...discoverArchives([join(dir, "arch")])];
      const genuine = await pinArchive(spec!, DEFAULT_LIMITS);
      const { Queue } = await import("bullmq");
      const raw = new Queue(q, { connection: { host: "127.0.0.1", port: redis.port } });
      const [job] = await raw.getJobs(["waiting"]);
      const data = job!.data as QueueJobData;
      const forged = { ...data, archives: [{ ...data.archives[0]!, sha256: genuine }] };
      const id = groupIdFor(forged);
      await job!.remove();
      await raw.add("verify", forged, { jobId: id });
      await raw.close();
      const admin = new Redis(redis.url);
      const [rec = ""] = await admin.keys(`bull:${q}:sealcheck:a:*`);
      await admin.hset(rec, "g", id);
      const w = startCliWorker(["--redis", redis.url, "--queue", q, "--trust", "samples/trust", "--result-key", keyFile, "-c", "1"]);
      await w.ready;
      await until("the result", async () => (await admin.xlen(`bull:${q}:sealcheck:results`)) === 1, 60_000);
      const [entry] = await admin.xrange(`bull:${q}:sealcheck:results`, "-", "+");
      admin.disconnect();
      w.proc.kill("SIGTERM");
      // The worker passed the bytes it was told to expect...
      expect(JSON.parse(entry![1][entry![1].indexOf("r") + 1]!)).toMatchObject({ indication: "TOTAL-PASSED", sha256: genuine });
      // ...and the reader refuses that verdict: it is not of the content queue add signed.
      for (const more of [[], ["--receipt", join(dir, "receipt.jsonl")]]) {
        const r = runCli(["queue", "results", "--redis", redis.url, "--queue", q, "--result-key", keyFile, ...more]);
        expect(r.code).toBe(3);
        expect(r.stderr).toMatch(/ignored result entry .*: its verdict is not of the content queue add pinned for the archive/);
      }
    }, 120_000);
  });

  it("--health-file: the worker's state for probes; queue health says healthy, unhealthy while Redis is down, again healthy, then stale, and stopped cleanly after SIGTERM (exit 0)", async () => {
    const own = await startRedis();
    try {
      const q = qname();
      const file = join(tempDir("sealcheck-health-"), "health.json");
      const read = () =>
        JSON.parse(readFileSync(file, "utf8")) as { status: string; reason: string | null; processed: number; running: number; redis: string; queue: string };
      await expect(runWorker({ redis: own.url, queue: q, healthFile: file, healthIntervalMs: 5 })).rejects.toThrow(/health interval must be 100 ms/);
      const w = startWorker(own.url, q, { healthFile: file, healthIntervalMs: 100 });
      await w.ready;
      expect(read()).toMatchObject({ status: "ok", reason: null, redis: "ready", queue: q, processed: 0 });
      await enqueueArchives(specs("h1", "h2"), { redis: own.url, queue: q });
      expect(await collect(own.url, q)).toHaveLength(2);
      await until("the health file to count both", async () => read().processed === 2);
      const ok = runCli(["queue", "health", file]);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(new RegExp(`^healthy: worker \\d+ on queue ${q} is ok: 0 running, 2 done`));
      await own.kill();
      await until("the worker to say Redis is down", async () => read().status === "degraded");
      expect(read().reason).toMatch(/^Redis is (connecting|reconnecting|close|end)/);
      const down = runCli(["queue", "health", file]);
      expect(down.code).toBe(1);
      expect(down.stdout).toMatch(/^unhealthy: worker \d+ on queue .* is degraded: Redis is /);
      await own.start();
      await until("the worker to be ok again", async () => read().status === "ok");
      // A worker that hangs stops rewriting the file: stale after --max-age.
      const stale = checkHealthFile(file, 30_000, new Date(Date.now() + 60_000));
      expect(stale).toMatchObject({ healthy: false });
      expect(stale.message).toMatch(/last written (59|60|61) s ago \(more than 30 s\): hung or stopped/);
      // SIGTERM while an archive runs: "stopping" until it is done (the timer's writes too), then "stopped".
      await enqueueArchives(specs("slow-1500-h3"), { redis: own.url, queue: q });
      await until("the slow archive to run", async () => read().running === 1);
      w.proc.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      expect(read()).toMatchObject({ status: "stopping", running: 1 });
      expect(await w.exited).toBe(0);
      // Stopped on purpose: said so (not "every verification thread failed"), exit 0 however old the file
      // gets; --running makes it 1, for a check that the worker must be up.
      expect(read()).toMatchObject({ status: "stopped", processed: 3 });
      expect(read().reason).toMatch(/^stopped cleanly on SIGTERM/);
      const stopped = runCli(["queue", "health", file, "--json"]);
      expect(stopped.code).toBe(0);
      expect(JSON.parse(stopped.stdout)).toMatchObject({ healthy: false, stopped: true, health: { status: "stopped" } });
      const said = runCli(["queue", "health", file, "--max-age", "0"]);
      expect(said.code).toBe(0);
      expect(said.stdout).toMatch(
        new RegExp(
          `^stopped: worker \\d+ on queue ${q} stopped cleanly on SIGTERM or close\\(\\): took no new job and finished the running archives \\(at \\S+, 3 done\\)\n$`,
        ),
      );
      const running = runCli(["queue", "health", file, "--running"]);
      expect(running.code).toBe(1);
      expect(running.stdout).toMatch(/^stopped: /);
      const none = runCli(["queue", "health", `${file}.missing`]);
      expect(none.code).toBe(1);
      expect(none.stdout).toMatch(/^unhealthy: .*health\.json\.missing: no readable health file \(no such file\)/);
    } finally {
      await own.stop();
    }
  });

  it("Redis killed and restarted mid-run (appendonly, appendfsync always): no enqueued job lost, every result once", async () => {
    const own = await startRedis();
    try {
      const q = qname();
      const names = Array.from({ length: 24 }, (_, i) => `slow-200-${i}`);
      // One archive per job, so that jobs are still waiting (not all in the workers' hands) when Redis dies.
      await enqueueArchives(specs(...names), { redis: own.url, queue: q, groupSize: 1 });
      const ws = [startWorker(own.url, q), startWorker(own.url, q)];
      await Promise.all(ws.map((w) => w.ready));
      await until("some results", async () => (await queueStatus({ redis: own.url, queue: q })).results >= 4);
      expect((await queueStatus({ redis: own.url, queue: q })).waiting).toBeGreaterThan(8);
      await own.kill();
      await new Promise((r) => setTimeout(r, 500));
      await own.start();
      const rs = await collect(own.url, q);
      expect(byEvidence(rs)).toEqual(byEvidence(specs(...names).map((s) => ({ result: s }) as unknown as QueueResult)));
      expect(rs.every((r) => r.result.exitCode === 0)).toBe(true);
      // The workers lived through it.
      for (const w of ws) expect(w.proc.exitCode).toBeNull();
    } finally {
      await own.stop();
    }
  });

  it("Redis without appendonly: queue add and the worker warn that a restart would lose jobs", async () => {
    const volatile = await startRedis({ persistent: false });
    try {
      const r = runCli(["queue", "add", "samples/valid/archive.pdf", "--redis", volatile.url, "--queue", qname(), "--trust", "samples/trust"]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/warning: Redis at redis:\/\/127\.0\.0\.1:\d+\/? runs without appendonly: a restart loses the jobs/);
      expect(runCli(["queue", "add", "samples/valid/archive.pdf", "--redis", redis.url, "--queue", qname(), "--trust", "samples/trust"]).stderr).toBe("");
    } finally {
      await volatile.stop();
    }
  });

  it("a bare % in the URL's password (ioredis cannot decode it) is a usage error naming the rule, not an internal error", () => {
    for (const cmd of [
      ["queue", "status", "--redis", "redis://u:pa%ss@127.0.0.1:1/0", "--queue", "x"],
      ["queue", "add", "samples/valid", "--redis", "redis://u:pa%ss@127.0.0.1:1/0", "--queue", "x", "--trust", "samples/trust"],
    ]) {
      const r = runCli(cmd);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/not URL-encoded \(write a "%" as %25\)/);
      expect(r.stderr).not.toMatch(/internal error|pa%ss/);
    }
  });

  it("queue results with nothing to read says what Redis holds (exit 3); a misspelt queue is named as missing, with the queues there", async () => {
    const q = qname();
    const common = ["--redis", redis.url, "--queue", q];
    await enqueueArchives(specs("n1", "n2"), { redis: redis.url, queue: q });
    // Enqueued, no worker: nothing to read yet, and why.
    const none = runCli(["queue", "results", ...common]);
    expect(none.code).toBe(3);
    expect(none.stdout).toBe("");
    expect(none.stderr).toMatch(
      new RegExp(
        `no result to read on queue ${q}: Redis at redis://127\\.0\\.0\\.1:\\d+/? holds 0 unread results, 1 job waiting, 0 delayed, 0 running, 0 completed, 0 failed; 0 workers connected; start a worker \\(sealcheck worker --queue \\.\\.\\.\\) to verify them \\(exit code 3: no verdict read\\)`,
      ),
    );
    const w = startWorker(redis.url, q);
    await w.ready;
    expect(await collect(redis.url, q)).toHaveLength(2);
    w.proc.kill("SIGTERM");
    await w.exited;
    // Read to the end: from the last cursor there is nothing new.
    const all = runCli(["queue", "results", ...common]);
    expect(all.code).toBe(0); // the stand-in thread passes them
    const cursor = /go on with --from (\S+)\)/.exec(all.stderr)![1]!;
    const after = runCli(["queue", "results", ...common, "--from", cursor]);
    expect(after.code).toBe(3);
    expect(after.stderr).toMatch(
      new RegExp(
        `no result to read on queue ${q} after cursor ${cursor}: .* holds 2 unread results \\(all at or before that cursor\\), 0 jobs waiting, .*every result there is at or before that cursor`,
      ),
    );
    // A misspelt name: no job, result or worker of it; the queues under the prefix are named.
    for (const cmd of ["results", "wait", "status"]) {
      const typo = runCli(["queue", cmd, "--redis", redis.url, "--queue", `${q}x`]);
      expect(typo.code, typo.stderr).toBe(3);
      expect(typo.stdout).toBe("");
      expect(typo.stderr).toMatch(
        new RegExp(
          `^sealcheck: queue ${q}x does not exist on redis://127\\.0\\.0\\.1:\\d+/? \\(key prefix bull\\): Redis holds no job, result or worker of it; the queues there are, closest name first, ${q}(, .*)? \\(check the queue name, the key prefix and the Redis database\\)\n$`,
        ),
      );
    }
    await expect(collect(redis.url, `${q}x`)).rejects.toMatchObject({ code: "ERR_QUEUE_NOT_FOUND" });
    await expect(queueStatus({ redis: redis.url, queue: `${q}x` })).rejects.toMatchObject({ code: "ERR_QUEUE_NOT_FOUND" });
    // The queue itself: its counts, as before.
    expect(runCli(["queue", "status", ...common]).code).toBe(0);
    const otherPrefix = runCli(["queue", "results", ...common, "--prefix", "elsewhere"]);
    expect(otherPrefix.stderr).toMatch(/\(key prefix elsewhere\): .*no sealcheck queue is there under that prefix/);
  });

  it("credentials in the URL's query (?password=, ?username=, which ioredis takes) are never printed: queue status, errors, the worker's health", async () => {
    const own = await startRedis({ extra: ["--requirepass", "q-s3cret-pw"] });
    try {
      expect(redactRedisUrl("redis://alice:pw@h:1/2?password=p1&username=bob&db=3&sentinelPassword=p2&tls=true")).toBe(
        "redis://***:***@h:1/2?password=***&username=***&db=3&sentinelPassword=***&tls=true",
      );
      const url = `redis://127.0.0.1:${own.port}/0?password=q-s3cret-pw`;
      expect(runCli(["queue", "add", "samples/valid/archive.pdf", "--redis", url, "--queue", "x", "--trust", "samples/trust"]).code).toBe(0);
      // A queue Redis holds nothing of: named as such, the URL masked there too.
      const typo = runCli(["queue", "status", "--redis", url, "--queue", "y"]);
      expect(typo.code).toBe(3);
      expect(typo.stderr).toMatch(/^sealcheck: queue y does not exist on redis:\/\/127\.0\.0\.1:\d+\/0\?password=\*\*\* .*closest name first, x /);
      const st = runCli(["queue", "status", "--redis", url, "--queue", "x"]);
      expect(st.code).toBe(0);
      expect(st.stdout).toMatch(/^queue x on redis:\/\/127\.0\.0\.1:\d+\/0\?password=\*\*\*\n/);
      const json = runCli(["queue", "status", "--redis", `redis://127.0.0.1:${own.port}/?username=default&password=q-s3cret-pw`, "--queue", "x", "--json"]);
      expect(JSON.parse(json.stdout)).toMatchObject({ redis: expect.stringMatching(/\?username=\*\*\*&password=\*\*\*$/) });
      const wrong = runCli(["queue", "status", "--redis", `redis://127.0.0.1:${own.port}/?password=wr0ng-s3cret`, "--queue", "x"]);
      expect(wrong.code).toBe(3);
      expect(wrong.stderr).toMatch(/cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+\/\?password=\*\*\*/);
      const down = runCli(["queue", "wait", "--redis", `redis://127.0.0.1:${own.port + 1}/?password=d0wn-s3cret&username=d0wn-us3r`, "--queue", "x"]);
      expect(down.code).toBe(3);
      for (const r of [typo, st, json, wrong, down]) expect(r.stdout + r.stderr).not.toMatch(/s3cret|us3r/);
      // The worker's health file holds its last Redis error: masked too.
      const file = join(tempDir("sealcheck-health-"), "health.json");
      const w = startWorker(url, qname(), { healthFile: file, healthIntervalMs: 100 });
      await w.ready;
      await own.kill();
      await until("the worker to note Redis down", async () => /"degraded"/.test(readFileSync(file, "utf8")));
      expect(readFileSync(file, "utf8") + w.log()).not.toMatch(/s3cret/);
    } finally {
      await own.stop();
    }
  });

  it("a worker whose Redis went away stops on SIGTERM (a second one at once): it waits for Redis no longer than a deadline", async () => {
    const own = await startRedis();
    try {
      const proc = spawn(process.execPath, ["dist/cli/main.js", "worker", "--redis", own.url, "--queue", qname(), "--trust", "samples/trust", "-c", "1"], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      const { ready } = watch(proc, "SIGTERM to stop");
      await ready;
      const exited = new Promise<number | null>((res) => proc.once("exit", (code) => res(code)));
      await own.stop();
      proc.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      proc.kill("SIGTERM");
      const code = await Promise.race([exited, new Promise<string>((r) => setTimeout(() => r("still running"), 15_000))]);
      if (code === "still running") proc.kill("SIGKILL");
      expect(code).not.toBe("still running");
    } finally {
      await own.stop().catch(() => {});
    }
  });

  it("unreachable Redis: one line naming the URL without its password, exit 3, for every command; never the password", async () => {
    const url = `redis://user:s3cr%21t-pw@127.0.0.1:${redis.port + 1}/0`;
    for (const args of [
      ["queue", "add", "samples/valid/archive.pdf"],
      ["queue", "status"],
      ["queue", "results"],
      ["queue", "wait"],
      ["worker", "--trust", "samples/trust", "-c", "1"],
    ]) {
      const r = runCli([...args, "--redis", url, "--queue", "x"]);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr).toMatch(/^sealcheck: cannot reach Redis at redis:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:\d+\/0 \(.*ECONNREFUSED.*\)\n$/);
      expect(r.stderr + r.stdout).not.toMatch(/s3cr/);
    }
    expect(runCli(["queue", "status", "--redis", "http://x", "--queue", "x"]).stderr).toMatch(/must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(runCli(["queue", "status", "--redis", redis.url, "--queue", "a:b"]).stderr).toMatch(/--queue: the name must be/);
    await expect(runWorker({ redis: redis.url, queue: "x", concurrency: 0 })).rejects.toThrow(
      /^concurrency: the worker threads must be a whole number ≥ 1, not 0$/,
    );
    // 0 would fail a group at its worker's first death, charging each of its archives: a group must be split.
    await expect(runWorker({ redis: redis.url, queue: "x", maxStalledCount: 0 })).rejects.toThrow(
      /^maxStalledCount: the number of stalls allowed must be a whole number from 1 to 100/,
    );
    const r = runCli(["worker", "--redis", redis.url, "--queue", "x", "--trust", "samples/trust", "--max-stalled", "0"]);
    expect([r.code, r.stderr]).toEqual([3, expect.stringMatching(/--max-stalled: the number of stalls allowed must be a whole number from 1 to 100/)]);
  });
});
