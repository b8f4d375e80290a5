// Helpers for attack round 2: raw incremental updates written byte by byte (deterministic).
import { readFileSync } from "node:fs";
import { createSession } from "../../src/verify/session.js";
import { verifyArchive } from "../../src/verify/archive.js";

export const latin1 = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
export const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");
export const SAMPLE = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
export const REAL = new Uint8Array(readFileSync("test/fixtures/real/broker-example/archive.pdf"));

export function lastStartxref(b: Uint8Array): number {
  const s = text(b);
  return Number(/startxref\s+(\d+)/.exec(s.slice(s.lastIndexOf("startxref")))![1]);
}
export function lastSize(b: Uint8Array): number {
  const s = text(b);
  let max = 0;
  for (const m of s.matchAll(/\/Size (\d+)/g)) max = Math.max(max, Number(m[1]));
  return max;
}

export interface RawObj {
  num: number;
  gen?: number;
  body: string;
  stream?: Uint8Array;
  listed?: boolean;
}
export interface RawUpdate {
  objects: RawObj[];
  /** Extra xref entries: num -> offset (absolute) or "free", or a function of the object offsets. */
  extra?: (offsets: Map<string, number>, base: number) => { num: number; gen?: number; offset: number | "free" }[];
  trailer: string;
  size?: number;
}

/** Appends a revision with a classic ISO table. Offsets map: "num" and "num:i" (i-th def) -> offset. */
export function appendRevision(base: Uint8Array, u: RawUpdate): Uint8Array {
  const parts: Buffer[] = [Buffer.from(base)];
  let pos = base.length;
  const emit = (s: string | Uint8Array) => {
    const b = typeof s === "string" ? Buffer.from(s, "latin1") : Buffer.from(s);
    parts.push(b);
    pos += b.length;
  };
  const offsets = new Map<string, number>();
  const rows: { num: number; gen: number; offset: number | "free" }[] = [];
  u.objects.forEach((o, i) => {
    offsets.set(`${o.num}`, pos);
    offsets.set(`${o.num}:${i}`, pos);
    if (o.listed !== false) rows.push({ num: o.num, gen: o.gen ?? 0, offset: pos });
    if (o.stream) {
      emit(`${o.num} ${o.gen ?? 0} obj\n${o.body.replace(/>>\s*$/, ` /Length ${o.stream.length} >>`)}\nstream\n`);
      emit(o.stream);
      emit("\nendstream\nendobj\n");
    } else emit(`${o.num} ${o.gen ?? 0} obj\n${o.body}\nendobj\n`);
  });
  for (const e of u.extra?.(offsets, base.length) ?? []) rows.push({ num: e.num, gen: e.gen ?? 0, offset: e.offset });
  rows.sort((a, b) => a.num - b.num);
  const xrefAt = pos;
  let t = "xref\n";
  let i = 0;
  while (i < rows.length) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1]!.num === rows[j]!.num + 1) j++;
    t += `${rows[i]!.num} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) {
      const r = rows[k]!;
      t +=
        r.offset === "free"
          ? `0000000000 ${String(Math.max(r.gen, 1)).padStart(5, "0")} f\r\n`
          : `${String(r.offset).padStart(10, "0")} ${String(r.gen).padStart(5, "0")} n\r\n`;
    }
    i = j + 1;
  }
  const size = u.size ?? Math.max(lastSize(base), ...rows.map((r) => r.num + 1));
  emit(`${t}trailer\n<< /Size ${size} /Prev ${lastStartxref(base)} ${u.trailer} >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

const sample = createSession({ trust: ["samples/trust"] });
const real = createSession({ trust: ["test/fixtures/real/broker-example/trust", "samples/trust"], at: new Date("2025-12-08T09:40:00Z") });

export async function verdict(name: string, bytes: Uint8Array, isReal = false) {
  const t0 = Date.now();
  const r = await verifyArchive({ evidence: { name, bytes }, originals: isReal ? [] : ["samples/valid/originals"], session: isReal ? real : sample });
  const mods = r.checks.find((c) => c.id === "seal-modifications");
  const bad = r.checks.filter((c) => c.status !== "passed").map((c) => `${c.id}:${c.status}:${String(c.message).slice(0, 200)}`);
  return { indication: r.indication, ms: Date.now() - t0, mods: mods?.status, bad };
}
