// RedisReplayStore against a real redis-server: one ct_id presented at the same instant by several receiver
// processes passes exactly once; unreachable or refusing Redis gives INDETERMINATE/TRY_LATER (fail closed)
// without printing the password; keys carry the prefix and expire with the token.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReplayStoreError, staticKeys, verifyIdToken, type KeyProvider, type VerifyIdTokenOptions } from "../../src/index.js";
import { RedisReplayStore } from "../../src/api/queue.js";
import { runCli } from "../helpers/cli.js";
import { HAS_REDIS, NO_REDIS, startRedis, tlsFiles, type RedisServer } from "../helpers/redis.js";
import { AUDIENCE, ISSUER, SENDER, jwksOf, makeKey, mint, publicJwk, type TestKey } from "./helpers.js";

let redis: RedisServer;
let locked: RedisServer;
let A: TestKey;
let keys: KeyProvider;
const opts = (replayStore: VerifyIdTokenOptions["replayStore"]): VerifyIdTokenOptions => ({
  issuer: ISSUER,
  audience: AUDIENCE,
  sender: SENDER,
  keys,
  replayStore,
});

function present(url: string, jwks: unknown, token: string, start: number): Promise<{ indication: string; subIndication: string | null; decidedBy: string[] }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["test/idtoken/present.mjs", url, JSON.stringify(jwks), token, String(start), ISSUER, AUDIENCE, SENDER], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    p.stdout.on("data", (d: Buffer) => (out += d.toString()));
    p.stderr.on("data", (d: Buffer) => (err += d.toString()));
    p.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

describe.skipIf(!HAS_REDIS)(HAS_REDIS ? "RedisReplayStore (real redis-server)" : `RedisReplayStore: skipped, ${NO_REDIS}`, () => {
  beforeAll(async () => {
    [redis, locked, A] = await Promise.all([startRedis(), startRedis({ extra: ["--requirepass", "pa55:w/rd"] }), makeKey()]);
    keys = staticKeys(jwksOf(publicJwk(A)));
  });
  afterAll(async () => {
    await Promise.all([redis?.stop(), locked?.stop()]);
  });

  it("one ct_id presented at the same instant by five receiver processes: exactly one passes, the others are replays", async () => {
    const token = mint(A);
    const start = Date.now() + 1500; // after every process has loaded
    const rs = await Promise.all(Array.from({ length: 5 }, () => present(redis.url, jwksOf(publicJwk(A)), token, start)));
    expect(rs.filter((r) => r.indication === "TOTAL-PASSED")).toHaveLength(1);
    const replays = rs.filter((r) => r.indication !== "TOTAL-PASSED");
    expect(replays).toHaveLength(4);
    for (const r of replays) expect(r).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", decidedBy: ["replay"] });
  });

  it("keys carry the prefix and expire with the token (exp + tolerance); an existing ioredis client is used and left open", async () => {
    const client = new Redis(redis.url);
    try {
      const store = new RedisReplayStore(client, { keyPrefix: "svc-a:" });
      const exp = Date.now() + 120_000;
      expect(await store.markUsed("iss ct-1", new Date(exp))).toBe(true);
      expect(await store.markUsed("iss ct-1", new Date(exp))).toBe(false);
      const pttl = await client.pttl("svc-a:iss ct-1");
      expect(pttl).toBeGreaterThan(110_000);
      expect(pttl).toBeLessThanOrEqual(120_000);
      // Another prefix is another namespace.
      expect(await new RedisReplayStore(client, { keyPrefix: "svc-b:" }).markUsed("iss ct-1", new Date(exp))).toBe(true);
      await store.close();
      expect(await client.ping()).toBe("PONG");
    } finally {
      client.disconnect();
    }
  });

  it("through verifyIdToken: first presentation passes, the second fails the replay check", async () => {
    const store = new RedisReplayStore(redis.url);
    const token = mint(A);
    expect((await verifyIdToken(token, opts(store))).indication).toBe("TOTAL-PASSED");
    const again = await verifyIdToken(token, opts(store));
    expect(again).toMatchObject({ indication: "TOTAL-FAILED", decidedBy: ["replay"] });
    await store.close();
  });

  it("fail closed: unreachable Redis, a wrong password, Redis stopping mid-life → INDETERMINATE/TRY_LATER, messages without the password", async () => {
    const down = new RedisReplayStore(`redis://:pa55:w%2Frd@127.0.0.1:${redis.port + 2}`, { commandTimeoutMs: 500 });
    const r1 = await verifyIdToken(mint(A), opts(down));
    expect(r1).toMatchObject({ indication: "INDETERMINATE", subIndication: "TRY_LATER", decidedBy: ["replay"] });
    const c1 = r1.checks.find((c) => c.id === "replay")!;
    expect(c1.message).toMatch(/replay store at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/? did not answer: .*ECONNREFUSED/);
    expect(JSON.stringify(r1)).not.toMatch(/pa55/);

    const wrong = new RedisReplayStore(`redis://:wrong-pa55@127.0.0.1:${locked.port}`);
    await expect(wrong.markUsed("k", new Date(Date.now() + 60_000))).rejects.toThrow(ReplayStoreError);
    await expect(wrong.markUsed("k", new Date(Date.now() + 60_000))).rejects.not.toThrow(/wrong-pa55/);
    await wrong.close();

    const right = new RedisReplayStore(`redis://:pa55%3Aw%2Frd@127.0.0.1:${locked.port}`, { commandTimeoutMs: 500 });
    expect(await right.markUsed("k", new Date(Date.now() + 60_000))).toBe(true);
    await locked.kill();
    try {
      const r2 = await verifyIdToken(mint(A), opts(right));
      expect(r2).toMatchObject({ indication: "INDETERMINATE", subIndication: "TRY_LATER" });
    } finally {
      await locked.start();
      await right.close();
    }
    expect(() => new RedisReplayStore("http://127.0.0.1:6379")).toThrow(/redis:\/\/ or rediss:\/\//);
    await expect(new RedisReplayStore(redis.url).markUsed("k", new Date(NaN))).rejects.toThrow(/not a valid date/);
  });

  it("Redis answering late (CLIENT PAUSE): the presentation gets TRY_LATER and leaves nothing behind; its retry passes once, a real replay never", async () => {
    const admin = new Redis(redis.url);
    const store = new RedisReplayStore(redis.url, { commandTimeoutMs: 400, keyPrefix: "late:" });
    const other = new RedisReplayStore(redis.url, { keyPrefix: "late:" });
    try {
      const token = mint(A);
      expect(await store.markUsed("warm-up", new Date(Date.now() + 60_000))).toBe(true); // connected before the pause
      await admin.call("CLIENT", "PAUSE", "1500", "ALL");
      // Not waited out: a command run after the 1.5 s pause would have marked the token and passed it.
      const first = await verifyIdToken(token, opts(store));
      expect(first).toMatchObject({ indication: "INDETERMINATE", subIndication: "TRY_LATER", decidedBy: ["replay"] });
      // The paused command runs once the pause ends (ioredis keeps it in its queue): it must record nothing.
      await new Promise((r) => setTimeout(r, 1800));
      expect(await admin.keys("late:*")).toEqual(["late:warm-up"]);
      // The sender retries the same genuine token: a first presentation.
      expect((await verifyIdToken(token, opts(store))).indication).toBe("TOTAL-PASSED");
      // A real replay, at this instance or another, never passes.
      expect(await verifyIdToken(token, opts(store))).toMatchObject({ indication: "TOTAL-FAILED", decidedBy: ["replay"] });
      expect(await verifyIdToken(token, opts(other))).toMatchObject({ indication: "TOTAL-FAILED", decidedBy: ["replay"] });
    } finally {
      await admin.call("CLIENT", "UNPAUSE").catch(() => {});
      admin.disconnect();
      await Promise.all([store.close(), other.close()]);
    }
  });

  // B3 (attack34b): Redis ran the write in time, but the receiver's event loop was busy past the command timeout,
  // so the timer fired before the answer was read: TRY_LATER while the id stayed recorded, and the sender's retry
  // of the same genuine token was refused as a replay.
  it("the receiver busy past the timeout while Redis ran the write: TRY_LATER, the same token's retry passes once, a replay or another token never", async () => {
    const admin = new Redis(redis.url);
    const store = new RedisReplayStore(redis.url, { commandTimeoutMs: 400, keyPrefix: "busy:" });
    const other = new RedisReplayStore(redis.url, { keyPrefix: "busy:" });
    try {
      const exp = new Date(Date.now() + 60_000);
      const tokenDigest = "ab".repeat(32);
      expect(await store.markUsed("warm-up", exp)).toBe(true); // connected
      const p = store.markUsed("iss ct-busy", exp, { tokenDigest });
      for (let i = 0; i < 10; i++) await null; // the store has sent its command and armed its timer
      const until = Date.now() + 1000; // the receiver's thread is busy (synchronous work) past the 400 ms timeout
      while (Date.now() < until);
      await expect(p).rejects.toThrow(/replay store at redis:\/\/127\.0\.0\.1:\d+\/? did not answer: (Command timed out|no answer within 400 ms)/);
      expect(await store.markUsed("iss ct-busy", exp, { tokenDigest }), "the retry of the presentation told TRY_LATER").toBe(true);
      expect(await store.markUsed("iss ct-busy", exp, { tokenDigest }), "a replay").toBe(false);
      expect(await other.markUsed("iss ct-busy", exp, { tokenDigest }), "a replay at another instance").toBe(false);
      expect(await other.markUsed("iss ct-busy", exp, { tokenDigest: "cd".repeat(32) }), "another token with that id").toBe(false);
      // A reservation left behind by a presentation never told "passed" (its compare-and-delete lost with the
      // connection): the same token takes it over, another token does not; a confirmed one stays a replay.
      await admin.set("busy:iss ct-left", `R ${tokenDigest} ${"00".repeat(16)}`, "PX", 60_000);
      expect(await other.markUsed("iss ct-left", exp, { tokenDigest: "cd".repeat(32) })).toBe(false);
      expect(await other.markUsed("iss ct-left", exp, { tokenDigest })).toBe(true);
      expect(await admin.get("busy:iss ct-left")).toMatch(new RegExp(`^P ${tokenDigest} [0-9a-f]{32}$`));
      expect(await store.markUsed("iss ct-left", exp, { tokenDigest })).toBe(false);
      // Without a digest (a caller's own use of the store), a key is used once, as before.
      expect(await store.markUsed("iss ct-plain", exp)).toBe(true);
      expect(await store.markUsed("iss ct-plain", exp)).toBe(false);
    } finally {
      admin.disconnect();
      await Promise.all([store.close(), other.close()]);
    }
  });

  it("a password given as ?password= (ioredis takes it) is not in the replay check's message nor anywhere in the report", async () => {
    const wrong = new RedisReplayStore(`redis://127.0.0.1:${locked.port}/?password=wr0ng-pa55&username=default`, { commandTimeoutMs: 500 });
    const r = await verifyIdToken(mint(A), opts(wrong));
    expect(r).toMatchObject({ indication: "INDETERMINATE", subIndication: "TRY_LATER" });
    expect(r.checks.find((c) => c.id === "replay")!.message).toMatch(/replay store at redis:\/\/127\.0\.0\.1:\d+\/\?password=\*\*\*&username=\*\*\*/);
    expect(JSON.stringify(r)).not.toMatch(/wr0ng/);
    await wrong.close();
  });

  it("TLS (rediss://): with the server's CA the store and the queue commands connect; without it, they refuse (fail closed)", async () => {
    const files = tlsFiles();
    const tls = await startRedis({ tls: files });
    try {
      const client = new Redis(tls.url, { tls: { ca: readFileSync(files.ca) } });
      expect(await new RedisReplayStore(client).markUsed("iss ct-tls", new Date(Date.now() + 60_000))).toBe(true);
      client.disconnect();
      // A URL alone: Node's trust store does not hold the test CA, so the certificate is refused.
      const untrusted = new RedisReplayStore(tls.url);
      await expect(untrusted.markUsed("iss ct-tls-2", new Date(Date.now() + 60_000))).rejects.toThrow(/did not answer: .*(self-signed|certificate)/);
      await untrusted.close();
      const added = runCli(["queue", "add", "samples/valid/archive.pdf", "--redis", tls.url, "--queue", "tls", "--trust", "samples/trust"], {
        NODE_EXTRA_CA_CERTS: files.ca,
      });
      expect(added.code, added.stderr).toBe(0);
      const ok = runCli(["queue", "status", "--redis", tls.url, "--queue", "tls", "--json"], { NODE_EXTRA_CA_CERTS: files.ca });
      expect(ok.stderr).toBe("");
      expect(JSON.parse(ok.stdout)).toMatchObject({ queue: "tls", waiting: 1 });
      const refused = runCli(["queue", "status", "--redis", tls.url, "--queue", "tls"]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/^sealcheck: cannot reach Redis at rediss:\/\/127\.0\.0\.1:\d+\/? \(.*certificate.*\)\n$/);
    } finally {
      await tls.stop();
    }
  });
});
