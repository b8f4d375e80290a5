// `sealcheck augment <dir>…` for archive systems (issue 36 part 4): archives found as verify-batch finds them,
// augmented on worker threads against a TSA on 127.0.0.1, each written to --out-dir (or in place) whole or not at
// all, a journal that lets a rerun skip what is done and still holds what was written, and the shared policy flags.
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOcspResponse, startTsa, type Loopback, type TsaMode } from "../../scripts/generator/index.js";
import { verifyArchive } from "../../src/index.js";
import { augmentMany, augmentTarget, type AugmentJob, type BatchResult } from "../../src/api/internal.js";
import { tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";
import { runCliAsync } from "../helpers/cli.js";
import { HAS_REDIS, startRedis, type RedisServer } from "../helpers/redis.js";
import { enqueueArchives, queueResults, runWorker } from "../../src/api/queue.js";

const pki = testPki();
const SAMPLE = "samples/valid/archive.pdf";

let tsa: Loopback & { mode: TsaMode };
let dir: string;
let ocspFile: string;

/** A folder as an archive system keeps it: two sealed archives with their originals, a JSON form, a tampered archive. */
function archiveTree(root: string, o: { tampered?: boolean } = {}): void {
  for (const name of ["2025/case-1", "2025/case-2"]) {
    mkdirSync(join(root, name), { recursive: true });
    copyFileSync(SAMPLE, join(root, name, "archive.pdf"));
    cpSync("samples/valid/originals", join(root, name, "originals"), { recursive: true });
  }
  copyFileSync("samples/valid/pades.json", join(root, "2025/case-1/pades.json"));
  if (o.tampered) {
    mkdirSync(join(root, "2026/case-3"), { recursive: true });
    copyFileSync("samples/attacks/isa-page-content-replaced.pdf", join(root, "2026/case-3/archive.pdf"));
  }
}

beforeAll(async () => {
  tsa = await startTsa(pki.tsa);
  dir = tempDir("augment-many-");
  const now = new Date();
  ocspFile = join(dir, "tsa.ocsp.der");
  writeFileSync(ocspFile, createOcspResponse({ subject: pki.tsa, issuer: pki.tsaRoot, responder: pki.tsaRoot, producedAt: now, thisUpdate: now }));
}, 60_000);
afterAll(async () => {
  await tsa?.close();
});

const base = () => ["--tsa", tsa.url, "--trust", trustDirectory(), "--ocsp", ocspFile, "--workers", "1"];

describe("augment over folders (--out-dir), with a journal", () => {
  it("augments every sealed archive found into --out-dir at its relative path; the JSON form is not augmentable; a rerun skips what is done", async () => {
    const root = join(dir, "tree");
    const out = join(dir, "tree-lta");
    archiveTree(root, { tampered: true });
    const r = await runCliAsync(["augment", root, "--out-dir", out, ...base()]);
    // The tampered archive is not augmented: exit 3, the others are written.
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toMatch(/4 archives found: 2 augmented, 0 done earlier .*1 not augmentable \(JSON forms\), 1 not augmented/);
    expect(r.stdout).toMatch(/NOT augmented .*case-3\/archive\.pdf: .*does not verify \(TOTAL-FAILED/);
    for (const c of ["case-1", "case-2"]) {
      const written = join(out, "2025", c, "archive.pdf");
      const bytes = readFileSync(written);
      expect(bytes.subarray(0, readFileSync(SAMPLE).length).equals(readFileSync(SAMPLE))).toBe(true);
      // The archive itself is untouched.
      expect(readFileSync(join(root, "2025", c, "archive.pdf")).equals(readFileSync(SAMPLE))).toBe(true);
      const v = await verifyArchive({ evidence: written, originals: [join(root, "2025", c, "originals")], trust: [trustDirectory()] });
      expect([v.indication, v.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LTA"]);
    }
    expect(existsSync(join(out, "2026/case-3/archive.pdf"))).toBe(false);
    const journal = readFileSync(join(out, "sealcheck-augment.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as BatchResult);
    expect(journal).toHaveLength(4);
    const ok = journal.filter((l) => l.augmented);
    expect(ok.map((l) => [l.indication, l.augmented!.padesBefore, l.augmented!.padesAfter])).toEqual([
      ["TOTAL-PASSED", "B-T", "B-LTA"],
      ["TOTAL-PASSED", "B-T", "B-LTA"],
    ]);
    expect(journal.find((l) => l.evidence.endsWith("pades.json"))?.errorCode).toBe("ERR_NOT_AUGMENTABLE");
    // The tampered archive: augment wrote nothing for it.
    expect(journal.find((l) => l.evidence.endsWith("case-3/archive.pdf"))?.errorCode).toBe("ERR_AUGMENT");
    // Each journal line is a batch line as schemas/batch-line.schema.json publishes it, `augmented` included.
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
    (addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
    ajv.addSchema(JSON.parse(readFileSync("schemas/report.schema.json", "utf8")) as object);
    const line = ajv.compile(JSON.parse(readFileSync("schemas/batch-line.schema.json", "utf8")) as object);
    for (const l of journal) expect(line(l), JSON.stringify(line.errors)).toBe(true);

    // The rerun: nothing stamped again (the TSA sees no request), the tampered archive tried again.
    const requests = tsa.requests;
    const again = await runCliAsync(["augment", root, "--out-dir", out, ...base()]);
    expect(again.stdout).toMatch(/4 archives found: 0 augmented, 2 done earlier/);
    expect(tsa.requests).toBe(requests);

    // An output gone (or changed) is not done: it is augmented again.
    rmSync(join(out, "2025/case-2/archive.pdf"));
    const third = await runCliAsync(["augment", root, "--out-dir", out, ...base(), "--json"]);
    expect(JSON.parse(third.stdout)).toMatchObject({ found: 4, augmented: 1, skipped: 1, notAugmentable: 1, failed: 1, exitCode: 3 });
    expect(existsSync(join(out, "2025/case-2/archive.pdf"))).toBe(true);
  }, 180_000);

  it("a manifest: its archives go to --out-dir relative to the manifest's folder", async () => {
    const root = join(dir, "manifested");
    archiveTree(root);
    const manifest = join(root, "sealcheck-manifest.json");
    writeFileSync(
      manifest,
      JSON.stringify({ sealcheckManifest: 1, archives: [{ evidence: "2025/case-2/archive.pdf", originals: ["2025/case-2/originals"] }] }),
    );
    const out = join(dir, "manifested-lta");
    const r = await runCliAsync(["augment", manifest, "--out-dir", out, ...base()]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 archive found: 1 augmented/);
    expect(existsSync(join(out, "2025/case-2/archive.pdf"))).toBe(true);
  }, 120_000);

  it("refuses an output folder inside a folder searched, and --in-place without --journal, before anything runs", async () => {
    const root = join(dir, "refused");
    archiveTree(root);
    const inside = await runCliAsync(["augment", root, "--out-dir", join(root, "lta"), ...base()]);
    expect(inside.code).toBe(3);
    expect(inside.stderr).toMatch(/--out-dir: .* is inside .*a folder searched: its archives would be found, and augmented, again/);
    const noJournal = await runCliAsync(["augment", root, "--in-place", ...base()]);
    expect(noJournal.code).toBe(3);
    // The library names its option (journal); the CLI its flag.
    expect(noJournal.stderr).toMatch(/--journal: augmenting in place over folders or manifests needs a journal file/);
    const out = await runCliAsync(["augment", root, "--out", join(dir, "x.pdf"), ...base()]);
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(/--out is for one archive/);
    expect(tsa.requests).toBeGreaterThan(0);
    expect(readFileSync(join(root, "2025/case-1/archive.pdf")).equals(readFileSync(SAMPLE))).toBe(true);
  }, 60_000);
});

describe("augment --in-place over folders", () => {
  it("replaces each archive with its augmented form; the journal keeps a rerun from stamping them again", async () => {
    const root = join(dir, "in-place");
    archiveTree(root);
    const journal = join(dir, "in-place.jsonl");
    const r = await runCliAsync(["augment", root, "--in-place", "--journal", journal, ...base()]);
    expect(r.stdout).toMatch(/3 archives found: 2 augmented/);
    const once = readFileSync(join(root, "2025/case-1/archive.pdf"));
    expect(once.length).toBeGreaterThan(readFileSync(SAMPLE).length);
    const again = await runCliAsync(["augment", root, "--in-place", "--journal", journal, ...base()]);
    expect(again.stdout).toMatch(/3 archives found: 0 augmented, 2 done earlier/);
    expect(readFileSync(join(root, "2025/case-1/archive.pdf")).equals(once)).toBe(true);
  }, 120_000);
});

describe("augment takes the verification policy's flags (as verify)", () => {
  it("--token-signer: an archive whose token signer the policy does not accept is TOTAL-FAILED and not augmented", async () => {
    const file = join(dir, "policy.pdf");
    copyFileSync(SAMPLE, file);
    const r = await runCliAsync(["augment", file, "--out", join(dir, "policy-lta.pdf"), ...base().slice(0, -2), "--token-signer", "NTRDK-12345678"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/does not verify \(TOTAL-FAILED/);
    expect(existsSync(join(dir, "policy-lta.pdf"))).toBe(false);
  }, 60_000);

  it("--at is not an augment option: the archive is verified now, when it is stamped", async () => {
    const r = await runCliAsync([
      "augment",
      SAMPLE,
      "--out",
      join(dir, "at.pdf"),
      "--tsa",
      tsa.url,
      "--trust",
      trustDirectory(),
      "--at",
      "2026-01-01T00:00:00Z",
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/unknown option '--at'/);
  });
});

describe("augmentMany (the library)", () => {
  it("yields one result per archive with what was written; the target is the output folder at the relative path", async () => {
    const root = join(dir, "library");
    archiveTree(root);
    const out = join(dir, "library-lta");
    const job: AugmentJob = { tsa: tsa.url, ocsp: [ocspFile], target: { outDir: out, bases: [root] } };
    expect(augmentTarget(job, join(root, "2025/case-1/archive.pdf"))).toBe(join(out, "2025/case-1/archive.pdf"));
    expect(() => augmentTarget(job, "/elsewhere/a.pdf")).toThrow(/outside the folders searched/);
    const results: BatchResult[] = [];
    const archives = [{ evidence: join(root, "2025/case-1/archive.pdf"), originals: [join(root, "2025/case-1/originals")] }];
    for await (const r of augmentMany(archives, { trust: [trustDirectory()], workers: 0, augment: job })) results.push(r);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      indication: "TOTAL-PASSED",
      exitCode: 0,
      augmented: { output: join(out, "2025/case-1/archive.pdf"), padesAfter: "B-LTA" },
    });
    expect(() => augmentMany(archives, { trust: [trustDirectory()], at: "2026-01-01T00:00:00Z", augment: job } as never)).toThrow(
      /`at` is not an augment option/,
    );
  }, 60_000);
});

describe.skipIf(!HAS_REDIS)("the queue carries augment jobs (a real redis-server)", () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it("queue add --augment: only a worker started to augment takes the jobs; it writes each archive under its folder at its absolute path", async () => {
    const root = join(dir, "queued");
    archiveTree(root);
    const outDir = join(dir, "queued-lta");
    const queue = `augment-${process.pid}`;
    const policy = { trust: [trustDirectory()] };
    const added = await enqueueArchives([root], { redis: redis.url, queue, ...policy, kind: "augment" });
    expect(added).toMatchObject({ found: 3, added: 3 });
    // The run key says augment: the same policy's verify jobs are another run.
    expect(added.run).not.toBe((await enqueueArchives([join(root, "2025/case-2")], { redis: redis.url, queue: `${queue}-v`, ...policy })).run);
    const logs: string[] = [];
    const verifier = await runWorker({ redis: redis.url, queue, ...policy, concurrency: 1, handBackMs: 200, onLog: (l) => logs.push(l) });
    const augmenter = await runWorker({
      redis: redis.url,
      queue,
      ...policy,
      concurrency: 1,
      augment: { tsa: tsa.url, ocsp: [resolve(ocspFile)], outDir: resolve(outDir) },
    });
    const results: BatchResult[] = [];
    try {
      for await (const r of queueResults({ redis: redis.url, queue, follow: true, pollMs: 100 })) {
        results.push(r.result);
        if (results.length === 3) break;
      }
    } finally {
      await verifier.close();
      await augmenter.close();
    }
    expect(verifier.processed).toBe(0);
    expect(logs.join("\n")).toMatch(/handed back/);
    const byName = new Map(results.map((r) => [r.evidence.replace(/^.*queued\//, ""), r]));
    for (const c of ["case-1", "case-2"]) {
      const r = byName.get(`2025/${c}/archive.pdf`)!;
      const evidence = resolve(root, "2025", c, "archive.pdf");
      expect(r).toMatchObject({ indication: "TOTAL-PASSED", augmented: { output: join(resolve(outDir), evidence), padesAfter: "B-LTA" } });
      const v = await verifyArchive({ evidence: r.augmented!.output, trust: [trustDirectory()] });
      expect([v.indication, v.seal?.padesLevel]).toEqual(["TOTAL-PASSED", "B-LTA"]);
    }
    expect(byName.get("2025/case-1/pades.json")).toMatchObject({ exitCode: 3, errorCode: "ERR_NOT_AUGMENTABLE" });
  }, 180_000);

  it("worker --expiring-before renews only the archives due; queue wait --expiring-before lists those to renew, as verify-batch", async () => {
    const root = join(dir, "queued-due");
    for (const [name, from] of [
      ["bt", SAMPLE],
      ["lta", "samples/lta/archive.pdf"],
    ] as const) {
      mkdirSync(join(root, name), { recursive: true });
      copyFileSync(from, join(root, name, "archive.pdf"));
    }
    const [bt, lta] = ["bt", "lta"].map((n) => resolve(root, n, "archive.pdf")) as [string, string];
    const horizon = (await verifyArchive({ evidence: lta, trust: [trustDirectory()] })).longTerm!.protectedUntil!;
    const dayBefore = new Date(Date.parse(horizon) - 86400_000).toISOString();
    const policy = ["--trust", trustDirectory(), "--allow-missing-originals"];
    const on = (queue: string) => ["--redis", redis.url, "--queue", queue];
    const workers: ChildProcess[] = [];
    const worker = async (args: string[]): Promise<void> => {
      const p = spawn(process.execPath, ["dist/cli/main.js", "worker", ...args], {
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, NO_COLOR: "1" },
      });
      workers.push(p);
      let log = "";
      await new Promise<void>((res, rej) => {
        p.stderr!.on("data", (d: Buffer) => (log += d.toString()).includes("SIGTERM to stop") && res());
        p.once("exit", (code) => rej(new Error(`worker exited ${code}: ${log}`)));
      });
    };
    try {
      // Verify jobs: queue wait's summary lists the archives to renew, as verify-batch's does.
      const vq = `due-verify-${process.pid}`;
      expect((await runCliAsync(["queue", "add", root, ...on(vq), ...policy])).code).toBe(0);
      await worker([...on(vq), "--trust", trustDirectory(), "-c", "1"]);
      const waited = await runCliAsync(["queue", "wait", ...on(vq), "--json", "--expiring-before", dayBefore]);
      const batch = await runCliAsync(["verify-batch", root, ...policy, "--json", "--expiring-before", dayBefore, "--workers", "1"]);
      expect(waited.code, waited.stderr).toBe(batch.code);
      const toRenew = (JSON.parse(waited.stdout) as { toRenew: unknown }).toRenew;
      expect(toRenew).toEqual((JSON.parse(batch.stdout) as { toRenew: unknown }).toRenew);
      expect(toRenew).toMatchObject({ before: dayBefore, count: 1, archives: [{ evidence: bt }] });
      // Augment jobs: the worker started with --expiring-before stamps the B-T archive only; the B-LTA one,
      // protected past the date, is verified, its line says until when, and it is left as it is.
      const aq = `due-augment-${process.pid}`;
      expect((await runCliAsync(["queue", "add", root, "--augment", ...on(aq), ...policy])).code).toBe(0);
      const outDir = join(dir, "queued-due-lta");
      await worker([
        ...on(aq),
        "--trust",
        trustDirectory(),
        "-c",
        "1",
        "--augment-tsa",
        tsa.url,
        "--augment-out-dir",
        outDir,
        "--ocsp",
        ocspFile,
        "--expiring-before",
        dayBefore,
      ]);
      const out = join(dir, "queued-due.jsonl");
      const done = await runCliAsync(["queue", "wait", ...on(aq), "--out", out, "--json", "--expiring-before", dayBefore]);
      expect(done.code, done.stderr).toBe(0);
      const lines = new Map(
        readFileSync(out, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as BatchResult)
          .map((r) => [r.evidence, r]),
      );
      expect(lines.get(bt)).toMatchObject({ indication: "TOTAL-PASSED", augmented: { output: join(resolve(outDir), bt), padesAfter: "B-LTA" } });
      expect(lines.get(lta)).toMatchObject({ indication: "TOTAL-PASSED", protectedUntil: horizon });
      expect(lines.get(lta)!.augmented).toBeUndefined();
      expect(existsSync(join(resolve(outDir), lta))).toBe(false);
      // Both protected past the date now: nothing left to renew.
      expect((JSON.parse(done.stdout) as { toRenew: unknown }).toRenew).toEqual({ before: dayBefore, archives: [], count: 0 });
    } finally {
      for (const w of workers) w.kill("SIGTERM");
    }
    // --expiring-before is an augment worker's option, an instant; the library's option is checked as well.
    const alone = await runCliAsync(["worker", ...on("x"), "--trust", trustDirectory(), "--expiring-before", dayBefore]);
    expect([alone.code, alone.stderr]).toEqual([3, expect.stringMatching(/--expiring-before are for --augment-tsa/)]);
    const dateOnly = await runCliAsync([
      "worker",
      ...on("x"),
      "--trust",
      trustDirectory(),
      "--augment-tsa",
      tsa.url,
      "--augment-in-place",
      "--expiring-before",
      "2027-01-01",
    ]);
    expect([dateOnly.code, dateOnly.stderr]).toEqual([
      3,
      expect.stringMatching(/^sealcheck: (error: )?--expiring-before: "2027-01-01" is a date without a time of day/),
    ]);
    await expect(runWorker({ redis: redis.url, queue: "x", augment: { tsa: tsa.url, inPlace: true, expiringBefore: "soon" } })).rejects.toMatchObject({
      option: "augment.expiringBefore",
      message: expect.stringMatching(/^augment\.expiringBefore: /),
    });
  }, 240_000);

  it("queue add --augment --expiring-before: each job carries its own date, which the worker uses over its own default", async () => {
    const root = join(dir, "queued-job-date");
    for (const [name, from] of [
      ["bt", SAMPLE],
      ["lta", "samples/lta/archive.pdf"],
    ] as const) {
      mkdirSync(join(root, name), { recursive: true });
      copyFileSync(from, join(root, name, "archive.pdf"));
    }
    const [bt, lta] = ["bt", "lta"].map((n) => resolve(root, n, "archive.pdf")) as [string, string];
    const horizon = (await verifyArchive({ evidence: lta, trust: [trustDirectory()] })).longTerm!.protectedUntil!;
    const dayBefore = new Date(Date.parse(horizon) - 86400_000).toISOString();
    const dayAfter = new Date(Date.parse(horizon) + 86400_000).toISOString();
    const policy = ["--trust", trustDirectory(), "--allow-missing-originals"];
    const on = (queue: string) => ["--redis", redis.url, "--queue", queue];
    const workers: ChildProcess[] = [];
    const run = async (queue: string, add: string[]): Promise<Map<string, BatchResult>> => {
      expect((await runCliAsync(["queue", "add", root, "--augment", ...on(queue), ...policy, ...add])).code).toBe(0);
      // The worker's own date would renew both archives (the B-LTA one is protected until the day before it).
      const p = spawn(
        process.execPath,
        [
          "dist/cli/main.js",
          "worker",
          ...on(queue),
          ...["--trust", trustDirectory(), "-c", "1", "--augment-tsa", tsa.url, "--ocsp", ocspFile],
          ...["--augment-out-dir", join(dir, `${queue}-out`), "--expiring-before", dayAfter],
        ],
        { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
      );
      workers.push(p);
      let log = "";
      await new Promise<void>((res, rej) => {
        p.stderr!.on("data", (d: Buffer) => (log += d.toString()).includes("SIGTERM to stop") && res());
        p.once("exit", (code) => rej(new Error(`worker exited ${code}: ${log}`)));
      });
      const out = join(dir, `${queue}.jsonl`);
      const done = await runCliAsync(["queue", "wait", ...on(queue), "--out", out, "--json"]);
      expect(done.code, done.stderr).toBe(0);
      return new Map(
        readFileSync(out, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as BatchResult)
          .map((r) => [r.evidence, r]),
      );
    };
    try {
      // The job's date, the day before the B-LTA archive's horizon: only the B-T archive is due.
      const own = await run(`job-date-${process.pid}`, ["--expiring-before", dayBefore]);
      expect(own.get(bt)).toMatchObject({ indication: "TOTAL-PASSED", augmented: { padesAfter: "B-LTA" } });
      expect(own.get(lta)).toMatchObject({ indication: "TOTAL-PASSED", protectedUntil: horizon });
      expect(own.get(lta)!.augmented).toBeUndefined();
      // A job without a date: the worker's own (the day after) applies, and both are renewed.
      const dflt = await run(`worker-date-${process.pid}`, []);
      expect(dflt.get(bt)).toMatchObject({ augmented: { padesAfter: "B-LTA" } });
      expect(dflt.get(lta)).toMatchObject({ indication: "TOTAL-PASSED", augmented: { padesBefore: "B-LTA", padesAfter: "B-LTA" } });
    } finally {
      for (const w of workers) w.kill("SIGTERM");
    }
    // Only augment jobs carry a date, an instant, checked as the worker's is.
    const verifyJobs = await runCliAsync(["queue", "add", root, ...on("x"), ...policy, "--expiring-before", dayBefore]);
    expect([verifyJobs.code, verifyJobs.stderr]).toEqual([3, expect.stringMatching(/--expiring-before is for --augment/)]);
    const dateOnly = await runCliAsync(["queue", "add", root, "--augment", ...on("x"), ...policy, "--expiring-before", "2027-01-01"]);
    expect([dateOnly.code, dateOnly.stderr]).toEqual([
      3,
      expect.stringMatching(/^sealcheck: (error: )?--expiring-before: "2027-01-01" is a date without a time/),
    ]);
    await expect(enqueueArchives([root], { redis: redis.url, queue: "x", expiringBefore: dayBefore })).rejects.toMatchObject({ option: "expiringBefore" });
    await expect(enqueueArchives([root], { redis: redis.url, queue: "x", kind: "augment", expiringBefore: "soon" })).rejects.toMatchObject({
      option: "expiringBefore",
      message: expect.stringMatching(/^expiringBefore: /),
    });
  }, 240_000);

  it("a job's kind must be augment or absent; the worker's output place is its own, absolute", async () => {
    const { parseJobData } = await import("../../src/queue/job.js");
    const d = {
      v: 5,
      nonce: "0".repeat(32),
      run: "0".repeat(16),
      allowMissingOriginals: false,
      keepSeconds: 60,
      archives: [{ evidence: "/a.pdf", originals: [], index: 0, nonce: "0".repeat(32), sha256: { evidence: "0".repeat(64), originals: [] } }],
    };
    expect(parseJobData({ ...d, kind: "augment" }).ok).toBe(true);
    expect(parseJobData({ ...d, kind: "delete" })).toMatchObject({ ok: false, why: '"kind" is not "augment"' });
    // A job's own renewal date: an augment job's, an instant as queue add writes it.
    expect(parseJobData({ ...d, kind: "augment", expiringBefore: "2030-01-01T00:00:00.000Z" })).toMatchObject({
      ok: true,
      data: { expiringBefore: "2030-01-01T00:00:00.000Z" },
    });
    for (const bad of [
      { expiringBefore: "2030-01-01T00:00:00.000Z" },
      { kind: "augment", expiringBefore: "2030-02-31T00:00:00.000Z" },
      { kind: "augment", expiringBefore: "soon" },
    ])
      expect(parseJobData({ ...d, ...bad })).toMatchObject({ ok: false, why: expect.stringMatching(/^"expiringBefore" is not an instant of an augment job/) });
    await expect(runWorker({ redis: redis.url, queue: "x", augment: { tsa: tsa.url, outDir: "relative" } })).rejects.toThrow(
      /^augment\.outDir: must be an absolute path/,
    );
  });
});

describe("augment --expiring-before: only the archives due for renewal (issue 36 part 4)", () => {
  it("a B-T archive (protected by nothing) is augmented; a B-LTA one protected past the date is verified, listed as not due with its horizon, and left as it is", async () => {
    const root = join(dir, "due");
    for (const [name, from] of [
      ["bt", SAMPLE],
      ["lta", "samples/lta/archive.pdf"],
    ] as const) {
      mkdirSync(join(root, name), { recursive: true });
      copyFileSync(from, join(root, name, "archive.pdf"));
    }
    const horizon = (await verifyArchive({ evidence: "samples/lta/archive.pdf", trust: [trustDirectory()] })).longTerm!.protectedUntil!;
    expect(horizon).toMatch(/^\d{4}-/);
    const dayBefore = new Date(Date.parse(horizon) - 86400_000).toISOString();
    const out = join(dir, "due-lta");
    const r = await runCliAsync(["augment", root, "--out-dir", out, "--expiring-before", dayBefore, "--json", ...base()]);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      found: 2,
      augmented: 1,
      notDue: 1,
      failed: 0,
      expiringBefore: dayBefore,
      notDueArchives: [{ evidence: join(root, "lta", "archive.pdf"), protectedUntil: horizon }],
    });
    expect(existsSync(join(out, "bt", "archive.pdf"))).toBe(true);
    expect(existsSync(join(out, "lta", "archive.pdf"))).toBe(false);
    const journal = readFileSync(join(out, "sealcheck-augment.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as BatchResult);
    const lta = journal.find((l) => l.evidence.endsWith(join("lta", "archive.pdf")))!;
    expect([lta.indication, lta.protectedUntil, lta.augmented, lta.error]).toEqual(["TOTAL-PASSED", horizon, undefined, null]);

    // The day after its horizon both are due; the text form lists what is not due with its horizon.
    const r2 = await runCliAsync(["augment", root, "--out-dir", join(dir, "due-lta-2"), "--expiring-before", horizon, ...base()]);
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.stdout).toMatch(
      /2 archives found: 1 augmented, .*, 1 not due \(protected until .* or later\)\.\n {2}not due: .*lta\/archive\.pdf: protected until /,
    );
    const r3 = await runCliAsync([
      "augment",
      root,
      "--out-dir",
      join(dir, "due-lta-3"),
      "--expiring-before",
      new Date(Date.parse(horizon) + 1000).toISOString(),
      ...base(),
    ]);
    expect(r3.stdout).toMatch(/2 archives found: 2 augmented, .*, 0 not due/);
  }, 120_000);

  it("is for folders and manifests; a bad time names the option", async () => {
    const one = await runCliAsync(["augment", SAMPLE, "--out", join(dir, "one.pdf"), "--expiring-before", "2030-01-01T00:00:00Z", ...base().slice(0, -2)]);
    expect(one.stderr).toMatch(/--expiring-before is for folders and manifests/);
    const bad = await runCliAsync(["augment", join(dir, "due"), "--out-dir", join(dir, "due-bad"), "--expiring-before", "soon", ...base()]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/--expiring-before/);
  }, 60_000);
});
