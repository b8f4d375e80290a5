// The queue bench (npm run bench -- --queue): the same archives through verify-batch and through Redis
// (queue add, then N `sealcheck worker` processes, then queue wait), on this machine, against a temporary
// redis-server configured as the README asks (appendonly yes, appendfsync everysec, noeviction). Besides the
// rates it counts what bounds many machines: Redis commands and bytes per archive, and the bytes each archive
// makes a worker read from shared storage.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";

export interface QueueBenchOptions {
  cli: string;
  archivesDir: string;
  trust: string;
  /** Worker-process counts to measure (each gets cores / n threads). */
  processes: number[];
  rounds: number;
  log: (s: string) => void;
}

export interface QueueBenchRow {
  metric: string;
  value: string;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

function redisCli(port: number, ...args: string[]): string {
  return spawnSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" }).stdout;
}

async function startRedis(dir: string): Promise<{ port: number; proc: ChildProcess }> {
  const port = await freePort();
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "yes", "--appendfsync", "everysec"];
  const proc = spawn("redis-server", [...args, "--maxmemory-policy", "noeviction"], { stdio: ["ignore", "pipe", "ignore"] });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ready to accept connections")) resolve();
    });
    proc.once("exit", (code) => reject(new Error(`redis-server exited ${code}`)));
  });
  proc.stdout!.resume();
  return { port, proc };
}

// Loaded before the CLI: at exit, the main thread's CPU nanoseconds (from /proc) go to $SEALCHECK_BENCH_MAIN.
const MAIN_THREAD_CPU = `data:text/javascript,${encodeURIComponent(
  'import{isMainThread as m}from"node:worker_threads";import{readFileSync as r,writeFileSync as w}from"node:fs";' +
    'const f=process.env.SEALCHECK_BENCH_MAIN;if(m&&f)process.on("exit",()=>w(f,r("/proc/thread-self/schedstat","utf8").split(" ")[0]));',
)}`;

/**
 * Runs the CLI: wall seconds, CPU seconds (user + system, all its threads) from /usr/bin/time, and its main
 * thread's CPU seconds.
 */
function run(cli: string, args: string[]): { s: number; cpu: number; main: number; code: number | null; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), "bench-time-"));
  const t = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S", "-o", join(dir, "t"), process.execPath, "--import", MAIN_THREAD_CPU, cli, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, SEALCHECK_BENCH_MAIN: join(dir, "main") },
  });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  const [u, sys] = readFileSync(join(dir, "t"), "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  let main = NaN;
  try {
    main = Number(readFileSync(join(dir, "main"), "utf8")) / 1e9;
  } catch {
    // the process died before its exit handler
  }
  rmSync(dir, { recursive: true, force: true });
  return { s, cpu: u! + sys!, main, code: r.status, stdout: r.stdout };
}

/** CPU seconds a live process has used so far (all its threads, or with `main` its main thread), from /proc. */
function cpuOf(pid: number, main = false): number {
  const f = readFileSync(main ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8")
    .split(") ")[1]!
    .split(" ");
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (CLK_TCK 100 on Linux)
}

function startWorker(cli: string, args: string[]): Promise<ChildProcess> {
  const p = spawn(process.execPath, [cli, "worker", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    p.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
      if (err.includes("SIGTERM to stop")) resolve(p);
    });
    p.once("exit", (code) => reject(new Error(`worker exited ${code}: ${err}`)));
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Bytes of the evidence and originals of every archive under dir (what a worker reads from storage). */
function storageBytes(dir: string): number {
  let total = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else total += statSync(p).size;
    }
  };
  walk(dir);
  return total;
}

/** Commands Redis executed (those inside Lua scripts included) and the script runs among them. */
function commandCalls(port: number): { all: number; scripts: number } {
  let all = 0;
  let scripts = 0;
  for (const m of redisCli(port, "INFO", "commandstats").matchAll(/cmdstat_(\w+):calls=(\d+)/g)) {
    all += Number(m[2]);
    if (m[1] === "evalsha" || m[1] === "eval") scripts += Number(m[2]);
  }
  return { all, scripts };
}

// The queue's own cost, apart from verification: the same library calls as the CLI commands (enqueueArchives,
// runWorker, queueResults) and verifyMany as the baseline, with a stand-in thread that answers each archive
// after 4 ms with a passing result (its report dropped, as --reports not-passed does). Verification is then
// the same nothing on both sides, so the difference is the queue's alone, without the ±10 % of verification
// CPU that swamps it in the measurement above. Archives need not exist: nothing reads them.
const STUB_THREAD = `data:text/javascript,${encodeURIComponent(
  'import{parentPort as p}from"node:worker_threads";p.on("message",(m)=>{if(m.type!=="job")return;const a=m.archive;' +
    'setTimeout(()=>p.postMessage({type:"result",id:m.id,result:{evidence:a.evidence,originals:a.originals,indication:"TOTAL-PASSED",' +
    'subIndication:null,decidedBy:[],exitCode:0,durationMs:9.7,report:null,error:null,errorCode:null}}),4)});p.postMessage({type:"ready"});',
)}`;

// One rig process: node --input-type=module -e RIG -- <library> <mode> <redis url> <queue> <n> <trust> <out> <kind> <warm>
// prints {"main": ms, "all": ms} of what it did (the main thread, and every thread), after a warm-up. Its n archives
// are named by <kind> ("stub", or "warm" for the warm-up's, so that those are other jobs).
const RIG = `
const [lib, mode, redis, queue, nArg, trustDir, out, kind, warm] = process.argv.slice(1);
const L = await import(lib);
const { readFileSync } = await import("node:fs");
const n = Number(nArg), trust = [trustDir];
const named = (k, m) => Array.from({ length: m }, (_, i) => ({ evidence: "/bench/" + k + "/" + i + "/archive.pdf", originals: ["/bench/" + k + "/" + i + "/originals"] }));
const specs = named(kind, n);
const mainNs = () => Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]);
const cpuNs = () => { const u = process.cpuUsage(); return (u.user + u.system) * 1000; };
const workerUrl = new URL(process.env.SEALCHECK_BENCH_STUB);
if (mode === "worker") {
  const w = await L.runWorker({ redis, queue, trust, concurrency: 2, workerUrl });
  process.stderr.write("READY\\n");
  process.on("SIGTERM", () => void w.close().then(() => process.exit(0)));
} else {
  if (mode !== "batch") await L.queueStatus({ redis, queue: "warm-up" });
  // verifyMany's process, like the worker (stubRun), first handles as many archives as the worker's warm-up.
  else for await (const _ of L.verifyMany(named("warm", Number(warm)), { trust, workers: 2, workerUrl, reports: "not-passed" }));
  const m0 = mainNs(), c0 = cpuNs();
  if (mode === "add") await L.enqueueArchives(specs, { redis, queue, trust });
  else {
    const w = new L.JsonlWriter(out, false);
    if (mode === "wait") for await (const r of L.queueResults({ redis, queue, follow: true })) w.write(r.line + "\\n");
    else for await (const r of L.verifyMany(specs, { trust, workers: 2, workerUrl, reports: "not-passed" })) w.write(L.resultLine(r, "not-passed", L.runKey({ trust })));
    w.close();
  }
  process.stdout.write(JSON.stringify({ main: (mainNs() - m0) / 1e6, all: (cpuNs() - c0) / 1e6 }));
}`;

interface StubRun {
  batchMain: number;
  batchAll: number;
  workerMain: number;
  workerAll: number;
  redis: number;
  add: number;
  wait: number;
}

/** Nanoseconds of CPU a thread (or with tid undefined, every thread of the process) has used, from /proc. */
function threadNs(pid: number, tid?: number): number {
  const one = (t: string): number => Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
  if (tid !== undefined) return one(String(tid));
  let sum = 0;
  for (const t of readdirSync(`/proc/${pid}/task`))
    try {
      sum += one(t);
    } catch {
      // the thread ended meanwhile
    }
  return sum;
}

/**
 * Archives a worker process (and verifyMany's process) handles before the measured ones: the JIT has optimised
 * the per-job code by then, as in any long run. Without it the slope from n/5 to n counted that warm-up (TurboFan
 * compiling BullMQ's and ioredis's code on V8's helper threads, unoptimised code on the main thread) as a cost
 * per archive: 0.04–0.13 ms in four paired rounds (BENCHMARKS.md, 2026-11-24, late evening).
 */
const WARM_UP = 1000;

/** One stubbed run of n archives: CPU ms of each part (verifyMany alone; worker, Redis, add and wait). */
async function stubRun(lib: string, redis: { port: number; pid: number }, trust: string, n: number, tag: string): Promise<StubRun> {
  const dir = mkdtempSync(join(tmpdir(), "bench-stub-"));
  const url = `redis://127.0.0.1:${redis.port}`;
  const queue = `bench-stub-${tag}`;
  const env = { ...process.env, SEALCHECK_BENCH_STUB: STUB_THREAD };
  const args = (mode: string, kind = "stub"): string[] => {
    const count = String(kind === "warm" ? WARM_UP : n);
    return ["--input-type=module", "-e", RIG, "--", lib, mode, url, queue, count, trust, join(dir, `${mode}-${kind}.jsonl`), kind, String(WARM_UP)];
  };
  const trimResults = (): void => {
    spawnSync(process.execPath, [
      "--input-type=module",
      "-e",
      `const L = await import(process.argv[1]); for await (const r of L.queueResults({ redis: process.argv[2], queue: process.argv[3], trim: true }));`,
      "--",
      lib,
      url,
      queue,
    ]);
  };
  const child = (mode: string, kind?: string): { main: number; all: number } => {
    const r = spawnSync(process.execPath, args(mode, kind), { encoding: "utf8", env });
    if (r.status !== 0) throw new Error(`queue bench rig ${mode} exited ${r.status}: ${r.stderr}`);
    return JSON.parse(r.stdout) as { main: number; all: number };
  };
  try {
    const batch = child("batch");
    const w = spawn(process.execPath, args("worker"), { stdio: ["ignore", "ignore", "pipe"], env });
    await new Promise<void>((resolve, reject) => {
      let err = "";
      w.stderr!.on("data", (d: Buffer) => {
        err += d.toString();
        if (err.includes("READY")) resolve();
      });
      w.once("exit", (code) => reject(new Error(`queue bench rig worker exited ${code}: ${err}`)));
    });
    // The worker's warm-up: WARM_UP other archives added, verified, read and trimmed before the measured ones.
    child("add", "warm");
    child("wait", "warm");
    trimResults();
    const r0 = threadNs(redis.pid);
    const wm0 = threadNs(w.pid!, w.pid!);
    const wa0 = threadNs(w.pid!);
    const add = child("add");
    const wait = child("wait");
    const out = {
      batchMain: batch.main,
      batchAll: batch.all,
      workerMain: (threadNs(w.pid!, w.pid!) - wm0) / 1e6,
      workerAll: (threadNs(w.pid!) - wa0) / 1e6,
      redis: (threadNs(redis.pid) - r0) / 1e6,
      add: add.all,
      wait: wait.all,
    };
    w.kill("SIGTERM");
    await new Promise((r) => (w.exitCode === null ? w.once("exit", r) : r(null)));
    trimResults();
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchQueue(o: QueueBenchOptions): Promise<{ rows: QueueBenchRow[]; notes: string[] }> {
  const rows: QueueBenchRow[] = [];
  const notes: string[] = [];
  const cores = availableParallelism();
  const dir = mkdtempSync(join(tmpdir(), "bench-redis-"));
  const redis = await startRedis(dir);
  const url = `redis://127.0.0.1:${redis.port}`;
  const trust = ["--trust", o.trust];
  try {
    let opsPerArchive = 0;
    let scriptsPerArchive = 0;
    let lineBytes = 0;
    let memPerArchive = 0;
    // One measurement of `archivesDir`: verify-batch, then each worker-process count through Redis.
    const measure = async (archivesDir: string, tag: string, first: boolean) => {
      const out = join(mkdtempSync(join(tmpdir(), "bench-out-")), "b.jsonl");
      // The lines the workers write by default (--reports not-passed): verify-batch's default keeps every report,
      // and writing those 23 KB lines is main-thread work the queue path would be credited with not doing.
      const b = run(o.cli, ["verify-batch", archivesDir, ...trust, "--reports", "not-passed", "--out", out, "--json", "--no-progress"]);
      if (b.code !== 0) notes.push(`queue bench: verify-batch exited ${b.code} (expected 0)`);
      const count = readFileSync(out, "utf8").trim().split("\n").length;
      const queued = new Map<
        number,
        { s: number; add: number; cpu: number; redisCpu: number; main: number; threads: number; addCpu: number; waitCpu: number }
      >();
      for (const n of o.processes) {
        const name = `bench-${tag}-${n}`;
        const conn = ["--redis", url, "--queue", name];
        const threads = String(Math.max(1, Math.floor(cores / n)));
        const workers = await Promise.all(Array.from({ length: n }, () => startWorker(o.cli, [...conn, ...trust, "--concurrency", threads])));
        redisCli(redis.port, "CONFIG", "RESETSTAT");
        // CPU from here: the workers' (started and idle above), Redis's, and the add and wait processes'.
        const redis0 = cpuOf(redis.proc.pid!);
        const cpu0 = workers.reduce((a, w) => a + cpuOf(w.pid!), 0) + redis0;
        const main0 = workers.reduce((a, w) => a + cpuOf(w.pid!, true), 0);
        const memBefore = Number(/used_memory:(\d+)/.exec(redisCli(redis.port, "INFO", "memory"))?.[1] ?? 0);
        const qout = join(mkdtempSync(join(tmpdir(), "bench-out-")), "q.jsonl");
        const add = run(o.cli, ["queue", "add", archivesDir, ...conn, ...trust]);
        if (add.code !== 0) notes.push(`queue bench: queue add exited ${add.code}`);
        // Results kept (no --trim) so that Redis's memory per archive can be read; trimmed below.
        const wait = run(o.cli, ["queue", "wait", ...conn, "--out", qout, "--json"]);
        if (wait.code !== 0) notes.push(`queue bench: queue wait exited ${wait.code} (expected 0)`);
        const got = readFileSync(qout, "utf8").trim().split("\n");
        if (got.length !== count) notes.push(`queue bench: ${got.length} results through the queue, ${count} from verify-batch`);
        if (first && n === o.processes[0]) {
          const calls = commandCalls(redis.port);
          opsPerArchive = calls.all / count;
          scriptsPerArchive = calls.scripts / count;
          lineBytes = got.reduce((a, l) => a + l.length + 1, 0) / got.length;
          memPerArchive = (Number(/used_memory:(\d+)/.exec(redisCli(redis.port, "INFO", "memory"))?.[1] ?? 0) - memBefore) / count;
        }
        const redisCpu = cpuOf(redis.proc.pid!) - redis0;
        const workersCpu = workers.reduce((a, w) => a + cpuOf(w.pid!), 0) - (cpu0 - redis0);
        const mainCpu = workers.reduce((a, w) => a + cpuOf(w.pid!, true), 0) - main0;
        const cpu = workersCpu + redisCpu + add.cpu + wait.cpu;
        o.log(
          `queue ${tag} ×${n}: ${count} archives, CPU s: workers ${workersCpu.toFixed(2)} (main threads ${mainCpu.toFixed(2)}), redis ${redisCpu.toFixed(2)}, add ${add.cpu.toFixed(2)}, wait ${wait.cpu.toFixed(2)} (verify-batch ${b.cpu.toFixed(2)})`,
        );
        run(o.cli, ["queue", "results", ...conn, "--trim", "--out", join(dir, "trimmed.jsonl")]);
        for (const w of workers) w.kill("SIGTERM");
        await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode === null ? w.once("exit", r) : r(null)))));
        queued.set(n, { s: add.s + wait.s, add: add.s, cpu, redisCpu, main: mainCpu, threads: workersCpu - mainCpu, addCpu: add.cpu, waitCpu: wait.cpu });
      }
      return { count, batch: { s: b.s, cpu: b.cpu, main: b.main }, queued };
    };
    // The whole corpus, and its first group of archives: the difference between the two sizes is what one
    // more archive costs, without the fixed costs (processes starting, trust stores loading, polling).
    const part = join(o.archivesDir, readdirSync(o.archivesDir).sort()[0]!);
    const full: Awaited<ReturnType<typeof measure>>[] = [];
    const small: Awaited<ReturnType<typeof measure>>[] = [];
    for (let round = 0; round < o.rounds; round++) {
      full.push(await measure(o.archivesDir, `full-${round}`, round === 0));
      small.push(await measure(part, `part-${round}`, false));
    }
    const count = full[0]!.count;
    const smallCount = small[0]!.count;
    const batch = full.map((m) => m.batch);
    const queue = new Map(o.processes.map((n) => [n, full.map((m) => m.queued.get(n)!)]));
    const bs = median(batch.map((b) => b.s));
    const bcpu = median(batch.map((b) => b.cpu));
    const ms = (x: number): string => `${((x / count) * 1000).toFixed(2)} ms`;
    rows.push({
      metric: `queue: verify-batch on the same ${count} archives (${cores} threads, whole process, median of ${o.rounds})`,
      value: `${(count / bs).toFixed(1)} archives/s (${bs.toFixed(2)} s); CPU ${ms(bcpu)}/archive`,
    });
    for (const n of o.processes) {
      const runs = queue.get(n)!;
      const s = median(runs.map((r) => r.s));
      const addS = median(runs.map((r) => r.add));
      const cpu = median(runs.map((r) => r.cpu));
      rows.push({
        metric: `queue: ${n} worker process${n === 1 ? "" : "es"} × ${Math.max(1, Math.floor(cores / n))} thread(s) through Redis (queue add + queue wait, median of ${o.rounds})`,
        value: `${(count / s).toFixed(1)} archives/s (${s.toFixed(2)} s, of which queue add ${addS.toFixed(2)} s; rounds ${runs.map((r) => (count / r.s).toFixed(0)).join(", ")}/s); wall ${(((s - bs) / bs) * 100).toFixed(1)} % over verify-batch`,
      });
      rows.push({
        metric: `queue: CPU per archive, ${n} worker process${n === 1 ? "" : "es"} + Redis + add + wait (against verify-batch's)`,
        value: `${ms(cpu)} against ${ms(bcpu)}: queue overhead ${ms(cpu - bcpu)}/archive = ${(((cpu - bcpu) / bcpu) * 100).toFixed(1)} % of verification`,
      });
    }
    // Marginal CPU per archive: the slope between the two sizes, round by round, then the median.
    const slope = (f: number, p: number): number => ((f - p) / (count - smallCount)) * 1000;
    const bSlope = median(full.map((m, i) => slope(m.batch.cpu, small[i]!.batch.cpu)));
    for (const n of o.processes) {
      const qSlope = median(full.map((m, i) => slope(m.queued.get(n)!.cpu, small[i]!.queued.get(n)!.cpu)));
      rows.push({
        metric: `queue: marginal CPU per archive (${smallCount} → ${count} archives), ${n} worker process${n === 1 ? "" : "es"} against verify-batch`,
        value: `${qSlope.toFixed(2)} ms against ${bSlope.toFixed(2)} ms: queue overhead ${(qSlope - bSlope).toFixed(2)} ms/archive = ${(((qSlope - bSlope) / bSlope) * 100).toFixed(1)} % of verification (target < 5 %)`,
      });
    }
    // The same slope, process by process: what each part of the queue path adds to verify-batch's main thread
    // (discovery, dispatch, result lines) and threads (verification), which the workers do as well.
    const bMain = median(full.map((m, i) => slope(m.batch.main, small[i]!.batch.main)));
    const bThreads = median(full.map((m, i) => slope(m.batch.cpu - m.batch.main, small[i]!.batch.cpu - small[i]!.batch.main)));
    for (const n of o.processes) {
      const part = (f: (r: NonNullable<ReturnType<(typeof full)[number]["queued"]["get"]>>) => number): number =>
        median(full.map((m, i) => slope(f(m.queued.get(n)!), f(small[i]!.queued.get(n)!))));
      const [main, threads, redisS, addS, waitS] = [
        part((r) => r.main),
        part((r) => r.threads),
        part((r) => r.redisCpu),
        part((r) => r.addCpu),
        part((r) => r.waitCpu),
      ];
      const sum = main - bMain + (threads - bThreads) + redisS + addS + waitS;
      rows.push({
        metric: `queue: marginal CPU per archive by process (${smallCount} → ${count}), ${n} worker process${n === 1 ? "" : "es"} against verify-batch's main thread and threads`,
        value: `workers' main threads ${main.toFixed(2)} ms (verify-batch's ${bMain.toFixed(2)}), their other threads ${threads.toFixed(2)} ms (verify-batch's ${bThreads.toFixed(2)}), redis-server ${redisS.toFixed(2)}, queue add ${addS.toFixed(2)}, queue wait ${waitS.toFixed(2)}: ${sum.toFixed(2)} ms/archive over verify-batch`,
      });
    }
    // Verification stubbed: the slope from n/5 to n archives, round by round, then the median.
    const lib = pathToFileURL(resolvePath(dirname(dirname(o.cli)), "src", "index.js")).href;
    const stubN = 2500;
    const stub: StubRun[] = [];
    for (let round = 0; round < o.rounds; round++) {
      const a = await stubRun(lib, { port: redis.port, pid: redis.proc.pid! }, o.trust, stubN / 5, `${round}-a`);
      const b = await stubRun(lib, { port: redis.port, pid: redis.proc.pid! }, o.trust, stubN, `${round}-b`);
      const per = Object.fromEntries(
        Object.keys(b).map((k) => [k, (b[k as keyof StubRun] - a[k as keyof StubRun]) / (stubN - stubN / 5)]),
      ) as unknown as StubRun;
      o.log(`queue stubbed round ${round}: µs/archive ${JSON.stringify(Object.fromEntries(Object.entries(per).map(([k, v]) => [k, Math.round(v * 1000)])))}`);
      stub.push(per);
    }
    const sm = (f: (r: StubRun) => number): number => median(stub.map(f));
    const stubOver = sm((r) => r.workerAll + r.redis + r.add + r.wait - r.batchAll);
    rows.push({
      metric: `queue: overhead per archive with verification stubbed (1 worker process × 2 threads, ${stubN / 5} → ${stubN} archives after ${WARM_UP} of warm-up, median of ${o.rounds})`,
      value: `${stubOver.toFixed(2)} ms: worker's main thread ${sm((r) => r.workerMain).toFixed(2)} ms (verifyMany's ${sm((r) => r.batchMain).toFixed(2)}), its other threads ${sm((r) => r.workerAll - r.workerMain).toFixed(2)} ms (verifyMany's ${sm((r) => r.batchAll - r.batchMain).toFixed(2)}), redis-server ${sm((r) => r.redis).toFixed(2)}, add ${sm((r) => r.add).toFixed(2)}, wait ${sm((r) => r.wait).toFixed(2)}; against ${bSlope.toFixed(2)} ms of verification: ${((stubOver / bSlope) * 100).toFixed(1)} % (target < 5 %)`,
    });
    const redisMs = median([...queue.values()].flat().map((r) => r.redisCpu));
    rows.push({
      metric: "queue: redis-server CPU per archive (its one main thread: the ceiling of one Redis)",
      value: `${ms(redisMs)} → at most ~${Math.round(count / redisMs)} archives/s per Redis instance`,
    });
    rows.push({
      metric: "queue: Redis commands per archive (add, workers, wait; those inside Lua scripts included)",
      value: `${opsPerArchive.toFixed(1)}, of which ${scriptsPerArchive.toFixed(1)} Lua script runs`,
    });
    rows.push({ metric: "queue: result line per archive (the worker's default --reports)", value: `${(lineBytes / 1024).toFixed(1)} KB` });
    rows.push({ metric: "queue: Redis memory per archive until read (job + result)", value: `${(memPerArchive / 1024).toFixed(1)} KB` });
    rows.push({
      metric: "queue: bytes read from storage per archive (evidence + originals)",
      value: `${(storageBytes(o.archivesDir) / count / 1024).toFixed(0)} KB`,
    });
  } finally {
    redis.proc.kill("SIGTERM");
    await new Promise((r) => redis.proc.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, notes };
}
