// One policy, one run key, whoever enqueues: the library (enqueueArchives, which passes no defaults) and the CLI
// (`queue add`, which passes every flag's default) hash the same normalised policy, so a CLI worker takes the
// jobs the library added and `queue wait` ends. Before, the two keys differed: the CLI's worker handed the
// library's jobs back for ever and `queue wait` never returned.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueArchives } from "../../src/api/queue.js";
import { runKey } from "../../src/batch/run-key.js";
import { runCli } from "../helpers/cli.js";
import { HAS_REDIS, NO_REDIS, startRedis, type RedisServer } from "../helpers/redis.js";

let redis: RedisServer;
const children: ChildProcess[] = [];
const one = "samples/valid/archive.pdf";

describe.skipIf(!HAS_REDIS)(HAS_REDIS ? "the run key of a policy (real redis-server)" : `run key: skipped, ${NO_REDIS}`, () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await redis?.stop();
  });

  it("enqueueArchives({ trust }) and `queue add --trust` give one run key; a CLI worker takes the library's jobs and queue wait ends", async () => {
    const lib = await enqueueArchives([one], { redis: redis.url, queue: "lib", trust: ["samples/trust"] });
    const cli = runCli(["queue", "add", one, "--redis", redis.url, "--queue", "cli", "--trust", "samples/trust", "--json"]);
    expect(cli.code, cli.stderr).toBe(0);
    expect((JSON.parse(cli.stdout) as { run: string }).run).toBe(lib.run);
    expect(runKey({ trust: ["samples/trust"] })).toBe(lib.run);
    // Another policy is another key.
    expect(runKey({ trust: ["samples/trust"], at: "2025-12-08T08:40:00Z" })).not.toBe(lib.run);

    const worker = spawn(process.execPath, ["dist/cli/main.js", "worker", "--redis", redis.url, "--queue", "lib", "--trust", "samples/trust", "-c", "1"], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    children.push(worker);
    let log = "";
    worker.stderr!.on("data", (d: Buffer) => void (log += d.toString()));
    const wait = runCli(["queue", "wait", "--redis", redis.url, "--queue", "lib", "--json"], {}, { timeoutMs: 90_000 });
    worker.kill("SIGTERM");
    expect(wait.error, log).toBeUndefined();
    expect(wait.code, wait.stderr + log).toBe(0);
    expect(log).not.toMatch(/handed back/);
  });
});
