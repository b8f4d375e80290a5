// What a process keeps between archives: only what repeats across the archives of one broker (its
// certificates and its CAs' CRLs, their imported keys, whether a certificate's or CRL's signature verifies
// with a given issuer), each store bounded. Nothing unique to an archive is kept, and every judgement that
// depends on the archive (validity at its time, revocation) is made for each archive again.
import { createHash } from "../platform/crypto.js";
import { bytesEqual } from "./der.js";

/**
 * What was decoded from DER, by the exact bytes: looked up by a SHA-256 and confirmed byte for byte, so that
 * only identical bytes ever share a decoded object. The least recently used entry leaves first. A long value
 * (a CA's CRL, 80 KB in every archive of a day) is keyed by its length and its first and last KiB (its
 * signature is at its end), and confirmed by memcmp, ~10 times faster than hashing it whole here: two values
 * that share that key (crafted) only take each other's place, never each other's decoding.
 */
export class DerPool<T> {
  private readonly entries = new Map<string, { der: Uint8Array; value: T }>();
  private bytes = 0;

  /** At most `maxEntries` values, and at most `maxBytes` of DER together (a value larger is not kept). */
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Infinity,
  ) {}

  /** The value decoded from exactly these bytes, if kept, and the key to keep a new one under. */
  lookup(der: Uint8Array): { key: string; value: T | undefined } {
    const key = poolKey(der);
    const e = this.entries.get(key);
    if (!e || !bytesEqual(e.der, der)) return { key, value: undefined };
    this.entries.delete(key);
    this.entries.set(key, e); // most recently used last
    return { key, value: e.value };
  }

  /** Keeps `value` for `der` (which the pool keeps too: pass bytes that own their buffer). */
  keep(key: string, der: Uint8Array, value: T): void {
    if (der.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.der.length;
      this.entries.delete(key); // re-inserted as the most recently used
    }
    this.entries.set(key, { der, value });
    this.bytes += der.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const first = this.entries.keys().next().value!;
      this.bytes -= this.entries.get(first)!.der.length;
      this.entries.delete(first);
    }
  }
}

const KEY_SAMPLE = 1024;

function poolKey(der: Uint8Array): string {
  const h = createHash("sha256");
  if (der.length <= 4 * KEY_SAMPLE) return h.update(der).digest("base64");
  return `${der.length}:${h
    .update(der.subarray(0, KEY_SAMPLE))
    .update(der.subarray(der.length - KEY_SAMPLE))
    .digest("base64")}`;
}

/** Promises by a key the caller derives from everything they depend on; a rejected one is forgotten. */
export class BoundedPromises<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly maxEntries: number) {}

  get(id: string, make: () => Promise<T>): Promise<T> {
    let p = this.entries.get(id);
    if (!p) {
      p = make();
      p.catch(() => this.entries.delete(id));
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(id, p);
    }
    return p;
  }
}

/**
 * An outcome per pair of objects (a certificate or CRL and its issuer), kept while the first lives. Sound
 * because the objects are not changed after decoding, and pooled objects stand for their exact bytes.
 */
export class PerPair<A extends object, B, R> {
  private readonly outcomes = new WeakMap<A, Map<B, Promise<R>>>();

  get(a: A, b: B, make: () => Promise<R>): Promise<R> {
    let byB = this.outcomes.get(a);
    if (!byB) this.outcomes.set(a, (byB = new Map()));
    let r = byB.get(b);
    if (!r) byB.set(b, (r = make()));
    return r;
  }
}

/** A cache a module declares (its kind and bound) and a PkiCaches holds: the module never owns the store. */
export interface CacheSlot<T> {
  readonly name: string;
  readonly make: () => T;
}

export function cacheSlot<T>(name: string, make: () => T): CacheSlot<T> {
  return { name, make };
}

/**
 * Every cache of the pki layer, held for one owner (a verification session, a batch worker): each made on
 * first use from its slot, all dropped by clear(). Nothing in src/pki keeps state outside one of these.
 */
export class PkiCaches {
  private readonly held = new Map<CacheSlot<unknown>, unknown>();

  get<T>(slot: CacheSlot<T>): T {
    let v = this.held.get(slot) as T | undefined;
    if (v === undefined) this.held.set(slot, (v = slot.make()));
    return v;
  }

  /** The caches made so far, by name. */
  names(): string[] {
    return [...this.held.keys()].map((s) => s.name).sort();
  }

  clear(): void {
    this.held.clear();
  }
}
