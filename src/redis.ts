// Connections to Redis for the job queue and the shared replay store. A URL (redis://, rediss:// for TLS,
// user and password in it) or a caller's ioredis client. The first connection fails fast with one line that
// names the server without its password; after that, ioredis reconnects on its own (a Redis restart).
// ioredis is loaded on first use, so that `import "sealcheck"` and the other commands do not pay for it; it is
// an optional peer dependency (package.json), installed only by those who use the queue or the Redis replay
// store, and a missing one is a usage error that says so (loadOptional).
import type { Redis } from "ioredis";
import { SealcheckError, errorMessage } from "./errors.js";

export type RedisTarget = string | Redis;

/** Query options whose values are credentials (ioredis takes any option from the query: ?password=, ?username=...). */
const SECRET_PARAM = /pass|pwd|secret|token|key|auth|cred|user|sentinel|cert|sign|session|cookie/i;

/**
 * The URL with every credential masked, for messages, logs, reports and health files: the user and the password
 * (`***`), and the value of every query option whose name suggests a secret (`?password=`, `?username=`,
 * `?sentinelPassword=`, `?token=`...). The one function every place that shows a Redis URL uses.
 */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username) u.username = "***";
    if (u.password) u.password = "***";
    const params = [...u.searchParams.keys()];
    if (params.some((k) => SECRET_PARAM.test(k))) {
      const q = new URLSearchParams();
      for (const [k, v] of u.searchParams) q.append(k, SECRET_PARAM.test(k) ? "***" : v);
      // URLSearchParams would encode the mask as %2A%2A%2A.
      u.search = q.toString().replaceAll("%2A%2A%2A", "***");
    }
    return u.toString();
  } catch {
    return "(an unparsable Redis URL)";
  }
}

/** The credentials a URL holds (user, password, secret query values), as written and decoded: what messages must not show. */
function urlSecrets(url: string): string[] {
  const out: string[] = [];
  try {
    const u = new URL(url);
    const add = (raw: string): void => {
      if (!raw) return;
      out.push(raw);
      try {
        out.push(decodeURIComponent(raw));
      } catch {
        // not percent-encoded
      }
    };
    add(u.username);
    add(u.password);
    const search = u.search.slice(1);
    for (const part of search ? search.split("&") : []) {
      const [k = "", ...v] = part.split("=");
      let name = k;
      try {
        name = decodeURIComponent(k.replaceAll("+", " "));
      } catch {
        // as written
      }
      if (SECRET_PARAM.test(name)) add(v.join("=").replaceAll("+", " "));
    }
  } catch {
    // nothing to take out
  }
  // Longest first, so that a secret holding another is masked whole; very short values would mask ordinary words.
  return [...new Set(out)].filter((x) => x.length >= 2).sort((a, b) => b.length - a.length);
}

/** Where a client connects to, for messages: host:port or the socket path, never credentials. */
export function describeRedis(target: RedisTarget): string {
  if (typeof target === "string") return redactRedisUrl(target);
  const o = target.options;
  return o.path ? `redis+unix://${o.path}` : `${o.tls ? "rediss" : "redis"}://${o.host ?? "localhost"}:${o.port ?? 6379}`;
}

export interface OpenRedisOptions {
  /** Client name (CLIENT SETNAME), so that `queue status` and CLIENT LIST show who is connected. */
  name?: string;
  /** Milliseconds to wait for the first connection. Default 5000. */
  connectTimeoutMs?: number;
  /** Commands wait for a reconnect (null: as long as it takes; BullMQ needs this for workers). Default null. */
  maxRetriesPerRequest?: number | null;
}

/** A malformed URL is a usage error that does not echo it (it may hold a password). */
export function checkRedisUrl(url: string): void {
  if (!/^rediss?:\/\//i.test(url))
    throw new SealcheckError("ERR_USAGE", `redis: must be a redis:// or rediss:// URL, not ${redactRedisUrl(url)}`, { option: "redis" });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SealcheckError("ERR_USAGE", "redis: not a valid URL (expected redis://[user:password@]host:port[/db] or rediss://...)", { option: "redis" });
  }
  // ioredis decodes the user and password with decodeURIComponent: a bare "%" there was an internal error.
  try {
    decodeURIComponent(parsed.username);
    decodeURIComponent(parsed.password);
  } catch {
    throw new SealcheckError("ERR_USAGE", 'redis: the user or password is not URL-encoded (write a "%" as %25)', { option: "redis" });
  }
}

/**
 * A connected client for `target` (a URL: a new client, the caller closes it with `quit()`; a client: that
 * one, left open). Throws SealcheckError ERR_REDIS when the server cannot be reached at first.
 */
export async function openRedis(target: RedisTarget, o: OpenRedisOptions = {}): Promise<{ client: Redis; owned: boolean }> {
  if (typeof target !== "string") {
    if (!target || typeof target !== "object" || typeof (target as Redis).duplicate !== "function")
      throw new SealcheckError("ERR_USAGE", "redis must be a redis:// URL or an ioredis client", { option: "redis" });
    return { client: target, owned: false };
  }
  checkRedisUrl(target);
  const { Redis } = await loadOptional("ioredis", () => import("ioredis"));
  let ready = false;
  const client = new Redis(target, {
    lazyConnect: true,
    connectTimeout: o.connectTimeoutMs ?? 5000,
    // ioredis waits this long for a socket that never connected to close (default 2 s): a failed start would linger.
    disconnectTimeout: 100,
    maxRetriesPerRequest: o.maxRetriesPerRequest === undefined ? null : o.maxRetriesPerRequest,
    ...(o.name ? { connectionName: o.name } : {}),
    // No retry before the first connection (fail fast); after it, back off up to 2 s and keep trying.
    retryStrategy: (times) => (ready ? Math.min(times * 100, 2000) : null),
  });
  // Errors are reported by the commands that fail; an unhandled "error" event would end the process. The
  // first one says why a connection failed (connect() itself only says "Connection is closed").
  let firstError: unknown = null;
  client.on("error", (e) => {
    firstError ??= e;
  });
  try {
    await client.connect();
    ready = true;
  } catch (e) {
    client.disconnect();
    const why = firstError ?? e;
    throw new SealcheckError("ERR_REDIS", `cannot reach Redis at ${redactRedisUrl(target)} (${redactedMessage(why, target)})`, { cause: why });
  }
  return { client, owned: true };
}

/** The optional packages: what the queue (sealcheck/queue) and the Redis replay store load on first use. */
export type OptionalPackage = "bullmq" | "ioredis";

/**
 * `load()` (an `import()` of an optional package), or, when the package is not installed, a usage error that
 * names it and how to install it, rather than Node's module-not-found error.
 */
export async function loadOptional<T>(name: OptionalPackage, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if ((code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && errorMessage(e).includes(`'${name}'`))
      throw new SealcheckError(
        "ERR_USAGE",
        `the queue and the Redis replay store need ${name}, an optional dependency that is not installed (npm install bullmq ioredis)`,
        {
          cause: e,
        },
      );
    throw e;
  }
}

/** An error's message with the URL's credentials (urlSecrets) taken out, should a driver ever quote them. */
export function redactedMessage(e: unknown, url?: string): string {
  let m = errorMessage(e);
  if (url) for (const secret of urlSecrets(url)) m = m.split(secret).join("***");
  return m;
}

/**
 * What in the server's configuration would lose queued jobs: no append-only file (a restart forgets what
 * was enqueued since the last snapshot) or an eviction policy other than noeviction (Redis deletes keys when
 * full; BullMQ requires noeviction). Empty when CONFIG is not allowed (managed Redis): nothing to say then.
 */
export async function persistenceWarnings(client: Redis, where: string): Promise<string[]> {
  let conf: string[];
  try {
    conf = [...((await client.config("GET", "appendonly")) as string[]), ...((await client.config("GET", "maxmemory-policy")) as string[])];
  } catch {
    return [];
  }
  const v = Object.fromEntries(conf.flatMap((x, i) => (i % 2 === 0 ? [[x, conf[i + 1]]] : [])));
  const out: string[] = [];
  if (v.appendonly === "no")
    out.push(
      `Redis at ${where} runs without appendonly: a restart loses the jobs enqueued since its last snapshot (set appendonly yes, appendfsync everysec or always)`,
    );
  if (v["maxmemory-policy"] && v["maxmemory-policy"] !== "noeviction")
    out.push(`Redis at ${where} has maxmemory-policy ${v["maxmemory-policy"]}: when full it deletes keys, jobs included (BullMQ requires noeviction)`);
  return out;
}

/** A pipeline's first failed command, thrown (ioredis reports each command's error in its reply, not by rejecting). */
export function throwFailedCommand(replies: [Error | null, unknown][] | null): void {
  const bad = replies?.find(([e]) => e);
  if (bad) throw bad[0];
}
