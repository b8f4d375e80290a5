// Replay detection for controlled transfers. The CTT is single use at the broker, but the ID token it
// yields is a bearer token: whoever sees it can present it again until it expires. The receiver remembers
// each accepted `ct_id` until the token's expiry and refuses a second presentation.

/**
 * A store of used transfer ids. `markUsed` must be atomic: it records `key` until `expiresAt` and returns
 * true only for the first caller. With several receiver instances, back it with a shared store, e.g. Redis
 * `SET key 1 NX PXAT <expiresAt ms>` (true when the reply is OK) or a database insert into a table whose
 * primary key is `key` (true unless it violates the key); purge rows after `expiresAt`. A store that gives up
 * waiting (and throws) must make sure that what it gave up on does not refuse the retry of that presentation:
 * the write may have landed, or landed late. RedisReplayStore records the token's digest with the id and marks
 * it "passed" in a second step, so that the same token's retry passes while it was never told "passed".
 */
export interface ReplayStore {
  markUsed(key: string, expiresAt: Date, presentation?: ReplayPresentation): Promise<boolean>;
}

/** What the verifier tells a store of the presentation besides its transfer id. */
export interface ReplayPresentation {
  /** SHA-256 (hex) of the compact token presented: its retry carries the same, another token another. */
  tokenDigest: string;
}

export interface MemoryReplayStoreOptions {
  /** Most ids held at once; when full of unexpired ids the store refuses (fail closed). Default 100 000. */
  maxEntries?: number;
  /** Clock in milliseconds since the epoch. Default Date.now. */
  now?: () => number;
}

/** Thrown by a store that cannot answer (full, unreachable); the verifier reports INDETERMINATE/TRY_LATER. */
export class ReplayStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayStoreError";
  }
}

/** The single-process store: a Map from key to expiry (ms), purged of expired entries as it fills. */
export class MemoryReplayStore implements ReplayStore {
  private readonly entries = new Map<string, number>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: MemoryReplayStoreOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 100_000;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  private purge(now: number): void {
    for (const [key, expiry] of this.entries) if (expiry <= now) this.entries.delete(key);
  }

  async markUsed(key: string, expiresAt: Date): Promise<boolean> {
    const now = this.now();
    const seen = this.entries.get(key);
    if (seen !== undefined && seen > now) return false;
    if (this.entries.size >= this.maxEntries) this.purge(now);
    if (this.entries.size >= this.maxEntries) {
      throw new ReplayStoreError(`the in-memory replay store holds ${this.maxEntries} unexpired transfer ids and cannot remember more`);
    }
    this.entries.set(key, expiresAt.getTime());
    return true;
  }
}

/** The store verifyIdToken uses when the caller passes none: one per process. */
export const defaultReplayStore: ReplayStore = new MemoryReplayStore();
