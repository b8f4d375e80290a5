// The replay store for several receiver instances: one Redis key per transfer id, set atomically with
// `SET key 1 NX PXAT <expiry>` (only the first caller gets OK). Fails closed: when Redis cannot answer
// (down, slow, full), markUsed throws ReplayStoreError and the verifier says INDETERMINATE/TRY_LATER.
//
// A command that times out is not a command that never runs: a Redis that answers slowly (paused, swapping, a
// long script) runs it later, and a plain SET would then record an id that no presentation was ever told had
// passed — the sender's retry of that same genuine token would be refused as a replay. So the SET runs in a
// script that carries a deadline: half the command timeout after the request was sent. Run later than that (on
// Redis's clock), it records nothing and answers LATE; by then the caller has given up or is about to (the
// other half is for the answer's way back and a difference between the clocks). A presentation told TRY_LATER
// thus left nothing behind, its retry is a first presentation, and a real replay still finds the id of the
// presentation that passed.
import type { Redis } from "ioredis";
import { checkRedisUrl, describeRedis, loadOptional, redactedMessage } from "../redis.js";
import { ReplayStoreError, type ReplayStore } from "./replay.js";

export interface RedisReplayStoreOptions {
  /** Prepended to every key, e.g. to share one Redis between services. Default "sealcheck:replay:". */
  keyPrefix?: string;
  /**
   * Milliseconds a presentation waits for Redis before the store gives up (fail closed). Default 2000. A command
   * that Redis runs more than half of this after it was sent records nothing (see above); Redis's clock and the
   * receiver's must agree within the other half.
   */
  commandTimeoutMs?: number;
}

// KEYS[1]: the id's key. ARGV: expiry (ms since the epoch, PXAT), deadline (ms since the epoch). Redis's TIME
// is read before the write, as scripts must.
const MARK = `
local t = redis.call('TIME')
if tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > tonumber(ARGV[2]) then return 'LATE' end
if redis.call('SET', KEYS[1], '1', 'NX', 'PXAT', ARGV[1]) then return 'OK' end
return 'SEEN'`;

export class RedisReplayStore implements ReplayStore {
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly where: string;
  private client: Redis | null = null;
  private connecting: Promise<Redis> | null = null;
  private readonly owned: boolean;

  /**
   * `redis`: a URL (redis://[user:password@]host:port[/db], rediss:// for TLS; the store opens its own
   * connection and `close()` ends it) or an ioredis client of yours (left open by `close()`).
   */
  constructor(
    private readonly redis: string | Redis,
    o: RedisReplayStoreOptions = {},
  ) {
    if (typeof redis === "string") checkRedisUrl(redis);
    else if (!redis || typeof redis !== "object" || typeof (redis as Redis).set !== "function")
      throw new TypeError("RedisReplayStore: redis must be a redis:// URL or an ioredis client");
    this.prefix = o.keyPrefix ?? "sealcheck:replay:";
    this.timeoutMs = o.commandTimeoutMs ?? 2000;
    this.where = describeRedis(redis);
    this.owned = typeof redis === "string";
    if (typeof redis !== "string") this.client = redis;
  }

  private async connect(): Promise<Redis> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const { Redis } = await loadOptional("ioredis", () => import("ioredis"));
      const client = new Redis(this.redis as string, {
        lazyConnect: true,
        connectTimeout: this.timeoutMs,
        commandTimeout: this.timeoutMs,
        disconnectTimeout: 100,
        // While disconnected, commands fail at once instead of queueing: a request must not wait for Redis.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: (times) => Math.min(times * 100, 2000),
      });
      // Reported by the command that fails; the first one says why connecting failed ("Connection is closed" does not).
      let firstError: unknown = null;
      client.on("error", (e) => {
        firstError ??= e;
      });
      try {
        await client.connect();
      } catch (e) {
        client.disconnect();
        throw firstError ?? e;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  async markUsed(key: string, expiresAt: Date): Promise<boolean> {
    const at = expiresAt instanceof Date ? expiresAt.getTime() : NaN;
    if (!Number.isFinite(at)) throw new ReplayStoreError("RedisReplayStore: expiresAt is not a valid date");
    let answer: string;
    try {
      const client = await this.connect();
      const sent = Date.now();
      // An expiry already past would delete the key at once: keep it at least a second.
      const expiry = Math.max(at, Date.now() + 1000);
      const deadline = sent + Math.floor(this.timeoutMs / 2);
      const mark = client.eval(MARK, 1, this.prefix + key, String(expiry), String(deadline)) as Promise<string>;
      // A client passed in may queue commands while it reconnects: bound the wait here too.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), Math.max(0, sent + this.timeoutMs - Date.now()));
      });
      try {
        answer = await Promise.race([mark, late]);
      } finally {
        clearTimeout(timer);
        mark.catch(() => {});
      }
    } catch (e) {
      throw new ReplayStoreError(
        `the Redis replay store at ${this.where} did not answer: ${redactedMessage(e, typeof this.redis === "string" ? this.redis : undefined)}`,
      );
    }
    if (answer === "LATE")
      throw new ReplayStoreError(
        `the Redis replay store at ${this.where} ran the command more than ${Math.floor(this.timeoutMs / 2)} ms after it was sent, too late to count: nothing was recorded`,
      );
    return answer === "OK";
  }

  /** Ends the connection the store opened (not a client passed in). */
  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    if (c && this.owned) await c.quit().catch(() => c.disconnect());
  }
}
