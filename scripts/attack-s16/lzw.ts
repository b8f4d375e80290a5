// LZW data two readers read apart (a21): see lzw-objstm.ts.
import { latin } from "./lib.js";

export class Bits {
  bytes: number[] = [];
  acc = 0;
  n = 0;
  put(code: number, width: number) {
    for (let i = width - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((code >> i) & 1);
      if (++this.n === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.n = 0;
      }
    }
  }
  get bitLength() {
    return this.bytes.length * 8 + this.n;
  }
  flush() {
    if (this.n > 0) this.put(0, 8 - this.n);
    return this.bytes;
  }
}

/** The widths a decoder (EarlyChange 1) reads `count` codes with, none of them 256, starting fresh. */
function widths(count: number, cap: number): number[] {
  const out: number[] = [];
  let next = 258;
  let width = 9;
  for (let k = 1; k <= count; k++) {
    out.push(width);
    if (k >= 2 && next < cap) next++;
    if (next + 1 >= 1 << width && width < 12) width++;
  }
  return out;
}

/** poppler's LZWStream (Stream.cc, processNextCode) over `data`, for the record. */
export function popplerLzw(data: readonly number[]): number[] {
  const out: number[] = [];
  const table: { len: number; head: number; tail: number }[] = [];
  let pos = 0;
  let held = 0;
  let bits = 0;
  let nextBits = 9;
  let nextCode = 258;
  let first = true;
  let seq: number[] = [];
  let prevCode = 0;
  const getCode = () => {
    while (bits < nextBits) {
      if (pos >= data.length) return -1;
      held = ((held << 8) | data[pos++]!) & 0xffffff;
      bits += 8;
    }
    const c = (held >> (bits - nextBits)) & ((1 << nextBits) - 1);
    bits -= nextBits;
    return c;
  };
  const clear = () => {
    nextCode = 258;
    nextBits = 9;
    seq = [];
    first = true;
  };
  for (;;) {
    let code = getCode();
    if (code === -1 || code === 257) break;
    if (code === 256) {
      clear();
      continue;
    }
    if (nextCode >= 4097) clear();
    const newSeq = seq.slice();
    if (code < 256) seq = [code];
    else if (code < nextCode) {
      const s: number[] = [];
      for (let c = code; ;) {
        if (c < 256) {
          s.unshift(c);
          break;
        }
        s.unshift(table[c]!.tail);
        c = table[c]!.head;
      }
      seq = s;
    } else if (code === nextCode) seq = [...newSeq, newSeq[0]!];
    else break; // "Bad LZW stream - unexpected code": end of data
    if (first) first = false;
    else {
      table[nextCode] = { len: newSeq.length + 1, head: prevCode, tail: seq[0]! };
      nextCode++;
      if (nextCode + 1 === 512) nextBits = 10;
      else if (nextCode + 1 === 1024) nextBits = 11;
      else if (nextCode + 1 === 2048) nextBits = 12;
    }
    prevCode = code;
    out.push(...seq);
    code = 0;
  }
  return out;
}

let seed = 21;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
const gap = () => Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => (rnd() < 0.5 ? " " : "\t")).join("");

/** LZW data read alike up to `open` (filled with spaces to 3841 codes), then `forged` by poppler, `sealed` by the rest. */
export function twoWay(open: number[], forgedTokens: string, sealedText: number[], honest = false): number[] | undefined {
  const N1 = 3841;
  if (open.length > N1) throw new Error("the shared part is too long");
  const part1 = [...open, ...latin(" ".repeat(N1 - open.length))];
  if (honest) {
    const b = new Bits();
    const all = [...open, ...sealedText];
    const w = widths(all.length + 1, 4096);
    all.forEach((c, i) => b.put(c, w[i]!));
    b.put(257, w[all.length]!);
    return b.flush();
  }
  const tokens = forgedTokens.split(" ");
  for (let attempt = 0; attempt < 20000; attempt++) {
    const b = new Bits();
    const w1 = widths(N1, 4096);
    part1.forEach((c, i) => b.put(c, w1[i]!));
    // Part 2: poppler's 9-bit literals (its table restarted after code N1).
    let forged = latin(tokens.join("\u0000").replace(/\u0000/g, () => gap()));
    while (forged.length % 4) forged = [...forged, 0x20];
    if (forged.length > 240) throw new Error("forged part too long");
    const probe = new Bits();
    forged.forEach((c) => probe.put(c, 9));
    const bytes = probe.flush();
    // sealcheck's 12-bit reading of those bits: no EOL, no clear, no end.
    let ok = true;
    for (let i = 0; i + 1 < bytes.length && ok; i += 3) {
      const c1 = (bytes[i]! << 4) | (bytes[i + 1]! >> 4);
      const c2 = ((bytes[i + 1]! & 15) << 8) | (bytes[i + 2] ?? 0);
      for (const c of [c1, c2]) if (c === 10 || c === 13 || c === 256 || c === 257) ok = false;
    }
    if (!ok) continue;
    forged.forEach((c) => b.put(c, 9));
    // Part 3: sealcheck's 12-bit literals, then the end code.
    sealedText.forEach((c) => b.put(c, 12));
    b.put(257, 12);
    return b.flush();
  }
  return undefined;
}
