// Deciding which archives are new is two steps (read their records, then write records and add jobs), so two
// `queue add` runs (an overlapping cron, two operators) that interleave would both add an archive, and a
// worker's split of a suspect job, between writing its records and adding its jobs, would look dead to an add.
// Each such step holds this lease for the queue: SET NX PX with a token, deleted only by its holder, and left
// to expire by one that dies. A step is one chunk (milliseconds), so a waiting add waits little.
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { SealcheckError } from "../errors.js";

/** How long a held lease lasts: far longer than one chunk's round trips, short enough after a crash. */
const LEASE_MS = 30_000;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** Runs `step` holding the queue's add lease `key`; waits for it up to `waitMs` (default: two leases). */
export async function withAddLock<T>(client: Redis, key: string, step: () => Promise<T>, o: { waitMs?: number } = {}): Promise<T> {
  const token = randomBytes(16).toString("hex");
  const end = Date.now() + (o.waitMs ?? 2 * LEASE_MS);
  let pause = 5;
  while ((await client.set(key, token, "PX", LEASE_MS, "NX")) !== "OK") {
    if (Date.now() > end) throw new SealcheckError("ERR_REDIS", `another queue add (or a worker splitting a job) has held ${key} for too long; try again`);
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(100, pause * 2);
  }
  try {
    return await step();
  } finally {
    await client.eval(RELEASE, 1, key, token).catch(() => {});
  }
}
