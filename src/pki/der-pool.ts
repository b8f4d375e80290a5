// What was decoded from DER that repeats across the archives of one broker (its certificates, its CAs'
// CRLs), kept by the exact bytes: a bounded map, the least recently used entry leaving first. Looked up by
// SHA-256 and confirmed byte for byte, so that only identical bytes ever share a decoded object.
import { createHash } from "node:crypto";
import { bytesEqual } from "./der.js";

export class DerPool<T> {
  private readonly entries = new Map<string, { der: Uint8Array; value: T }>();

  constructor(private readonly maxEntries: number) {}

  /** The value decoded from exactly these bytes, if kept, and the key to keep a new one under. */
  lookup(der: Uint8Array): { key: string; value: T | undefined } {
    const key = createHash("sha256").update(der).digest("base64");
    const e = this.entries.get(key);
    if (!e || !bytesEqual(e.der, der)) return { key, value: undefined };
    this.entries.delete(key);
    this.entries.set(key, e); // most recently used last
    return { key, value: e.value };
  }

  /** Keeps `value` for `der` (which the pool keeps too: pass bytes that own their buffer). */
  keep(key: string, der: Uint8Array, value: T): void {
    this.entries.set(key, { der, value });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
