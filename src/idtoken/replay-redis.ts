// The replay store for several receiver instances: one Redis key per transfer id, written by Lua scripts (each
// atomic). Fails closed: when Redis cannot answer (down, slow, full), markUsed throws ReplayStoreError and the
// verifier says INDETERMINATE/TRY_LATER.
//
// A presentation told TRY_LATER must be able to pass on retry, once; a real replay never (issue 34 item 6). A
// command given up on is not a command that never ran: Redis may run it late (paused, swapping), or run it in
// time while the receiver cannot read the answer in time (its event loop busy past the timeout: the timer fires
// before the socket's OK is read, attack34b B3). So "recorded" and "told passed" are two steps:
//   1. reserve: the key holds `R <token digest> <nonce>` (nonce: random, this presentation's own). A key in R
//      state for the same token digest belongs to a presentation of this very token that was never told
//      "passed" (it is reserved, not confirmed): it is taken over (a new nonce). Any other value: a replay.
//   2. confirm: `R <digest> <nonce>` becomes `P <digest> <nonce>` only if it still holds this presentation's
//      nonce; only then is the presentation told "passed". Taken over in between: a replay.
// Two presentations of one token at once: whichever reserved last confirms, the other finds another nonce and
// is a replay, so never both. When a step is given up on (TRY_LATER), a compare-and-delete of this
// presentation's own value is sent at once on the same connection (best effort: Redis runs it after the step
// given up on, never before), so that a confirm that did land is undone; a reservation left behind is taken over
// by the retry of the same token anyway. Each step also carries a deadline, half the command timeout after it
// was sent: run later than that (on Redis's clock) it writes nothing and answers LATE.
// A presentation without a token digest (a caller of markUsed of its own) gets a random one: its retry is not
// recognised, but the compare-and-delete still clears what it left.
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { checkRedisUrl, describeRedis, loadOptional, redactedMessage } from "../redis.js";
import { ReplayStoreError, type ReplayPresentation, type ReplayStore } from "./replay.js";

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

// Redis's TIME is read before any write, as scripts must. KEYS[1]: the id's key.
const LATE = `
local t = redis.call('TIME')
if tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > tonumber(ARGV[1]) then return 'LATE' end`;

// ARGV: deadline (ms since the epoch), expiry (ms since the epoch, PXAT), token digest, nonce.
const RESERVE = `${LATE}
local v = redis.call('GET', KEYS[1])
local mine = 'R ' .. ARGV[3] .. ' '
if v == false or string.sub(v, 1, string.len(mine)) == mine then
  redis.call('SET', KEYS[1], mine .. ARGV[4], 'PXAT', ARGV[2])
  return 'OK'
end
return 'SEEN'`;

// ARGV: deadline, token digest, nonce.
const CONFIRM = `${LATE}
if redis.call('GET', KEYS[1]) == 'R ' .. ARGV[2] .. ' ' .. ARGV[3] then
  redis.call('SET', KEYS[1], 'P ' .. ARGV[2] .. ' ' .. ARGV[3], 'KEEPTTL')
  return 'OK'
end
return 'LOST'`;

// ARGV: token digest, nonce. Deletes the key only if it holds this presentation's own value.
const RELEASE = `
local v = redis.call('GET', KEYS[1])
if v == 'R ' .. ARGV[1] .. ' ' .. ARGV[2] or v == 'P ' .. ARGV[1] .. ' ' .. ARGV[2] then redis.call('DEL', KEYS[1]) return 1 end
return 0`;

const DIGEST = /^[0-9a-f]{16,128}$/;

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

  async markUsed(key: string, expiresAt: Date, presentation?: ReplayPresentation): Promise<boolean> {
    const at = expiresAt instanceof Date ? expiresAt.getTime() : NaN;
    if (!Number.isFinite(at)) throw new ReplayStoreError("RedisReplayStore: expiresAt is not a valid date");
    const given = presentation?.tokenDigest;
    const digest = typeof given === "string" && DIGEST.test(given) ? given : randomBytes(32).toString("hex");
    const nonce = randomBytes(16).toString("hex");
    const id = this.prefix + key;
    let client: Redis;
    try {
      client = await this.connect();
    } catch (e) {
      throw this.unanswered(e);
    }
    // An expiry already past would delete the key at once: keep it at least a second.
    const expiry = Math.max(at, Date.now() + 1000);
    const reserved = await this.step(client, id, digest, nonce, (deadline) => client.eval(RESERVE, 1, id, String(deadline), String(expiry), digest, nonce));
    if (reserved === "SEEN") return false;
    const confirmed = await this.step(client, id, digest, nonce, (deadline) => client.eval(CONFIRM, 1, id, String(deadline), digest, nonce));
    return confirmed === "OK"; // LOST: another presentation of the same token took the reservation over
  }

  /**
   * One script run within the command timeout. Given up on (no answer in time, or run too late: LATE), the key
   * is released if it holds this presentation's own value, and the presentation is told TRY_LATER.
   */
  private async step(client: Redis, id: string, digest: string, nonce: string, run: (deadline: number) => Promise<unknown>): Promise<string> {
    const sent = Date.now();
    let answer: string;
    try {
      const call = run(sent + Math.floor(this.timeoutMs / 2)) as Promise<string>;
      // A client passed in may queue commands while it reconnects: bound the wait here too.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), Math.max(0, sent + this.timeoutMs - Date.now()));
      });
      try {
        answer = await Promise.race([call, late]);
      } finally {
        clearTimeout(timer);
        call.catch(() => {});
      }
    } catch (e) {
      this.release(client, id, digest, nonce);
      throw this.unanswered(e);
    }
    if (answer === "LATE") {
      this.release(client, id, digest, nonce);
      throw new ReplayStoreError(
        `the Redis replay store at ${this.where} ran the command more than ${Math.floor(this.timeoutMs / 2)} ms after it was sent, too late to count: nothing was recorded`,
      );
    }
    return answer;
  }

  /** Best effort, not waited for: sent now, run by Redis after the command given up on (same connection). */
  private release(client: Redis, id: string, digest: string, nonce: string): void {
    try {
      (client.eval(RELEASE, 1, id, digest, nonce) as Promise<unknown>).catch(() => {});
    } catch {
      // the connection is gone: the retry of the same token takes a reservation over anyway
    }
  }

  private unanswered(e: unknown): ReplayStoreError {
    return new ReplayStoreError(
      `the Redis replay store at ${this.where} did not answer: ${redactedMessage(e, typeof this.redis === "string" ? this.redis : undefined)}`,
    );
  }

  /** Ends the connection the store opened (not a client passed in). */
  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    if (c && this.owned) await c.quit().catch(() => c.disconnect());
  }
}
