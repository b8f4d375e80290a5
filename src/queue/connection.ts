// What every queue function needs: a Redis connection (a URL, or a caller's ioredis client), the queue's
// name and key prefix, and a BullMQ Queue over them. BullMQ is loaded here, on first use, so that
// `import "sealcheck"` and the CLI's other commands never load it.
import type { Redis } from "ioredis";
import type { Queue } from "bullmq";
import { SealcheckError } from "../errors.js";
import { describeRedis, loadOptional, openRedis, type RedisTarget } from "../redis.js";
import { DEFAULT_PREFIX, checkQueueName, queueKeys } from "./job.js";

export interface QueueConnectionOptions {
  /** redis://[user:password@]host:port[/db] (rediss:// for TLS), or an ioredis client (left open). */
  redis: RedisTarget;
  /** The queue's name (letters, digits, . _ -). */
  queue: string;
  /** Key prefix (BullMQ's `prefix`). Default "bull"; use a hash tag such as "{sealcheck}" on Redis Cluster. */
  prefix?: string;
}

export interface QueueConnection {
  client: Redis;
  queue: Queue;
  name: string;
  prefix: string;
  keys: ReturnType<typeof queueKeys>;
  /** Where, for messages: the URL without password. */
  where: string;
  close(): Promise<void>;
}

export function checkConnectionOptions(o: QueueConnectionOptions): { name: string; prefix: string } {
  if (!o || typeof o !== "object") throw new SealcheckError("ERR_USAGE", "queue options must be an object with redis and queue");
  if (o.redis === undefined || o.redis === null || o.redis === "")
    throw new SealcheckError("ERR_USAGE", "redis: no Redis given (a redis:// URL or an ioredis client)", { option: "redis" });
  const name = checkQueueName(o.queue);
  if (!name)
    throw new SealcheckError("ERR_USAGE", "queue: the name must be 1-100 letters, digits, '.', '_' or '-', starting with a letter or digit", {
      option: "queue",
    });
  const prefix = o.prefix ?? DEFAULT_PREFIX;
  if (typeof prefix !== "string" || !/^[A-Za-z0-9{}._-]{1,64}$/.test(prefix))
    throw new SealcheckError("ERR_USAGE", "prefix: the key prefix must be 1-64 letters, digits or {}._-", { option: "prefix" });
  return { name, prefix };
}

export async function connectQueue(o: QueueConnectionOptions, role: string): Promise<QueueConnection> {
  const { name, prefix } = checkConnectionOptions(o);
  const { client, owned } = await openRedis(o.redis, { name: `sealcheck:${role}` });
  const { Queue } = await loadOptional("bullmq", () => import("bullmq"));
  const queue = new Queue(name, { connection: client, prefix });
  queue.on("error", () => {}); // surfaced by the call that fails
  return {
    client,
    queue,
    name,
    prefix,
    keys: queueKeys(prefix, name),
    where: describeRedis(o.redis),
    async close() {
      await queue.close().catch(() => {});
      if (owned) await client.quit().catch(() => client.disconnect());
    },
  };
}
