// Bounded reading (issue 33, part 4): the worst shapes found are answered quickly, within memory, and by a
// FormatError or LimitError — never a RangeError or a stack overflow.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FormatError, LimitError } from "../../src/api/internal.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, build, latin1, LIMITS } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

/** A file with classic-table revisions, objects written verbatim. */
function file(objects: { num: number; raw: string | Buffer }[], root = "1 0 R"): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let pos = parts[0]!.length;
  const offsets = new Map<number, number>();
  for (const o of objects) {
    offsets.set(o.num, pos);
    const b = Buffer.concat([
      Buffer.from(`${o.num} 0 obj\n`, "latin1"),
      typeof o.raw === "string" ? Buffer.from(o.raw, "latin1") : o.raw,
      Buffer.from("\nendobj\n"),
    ]);
    parts.push(b);
    pos += b.length;
  }
  const max = Math.max(...offsets.keys());
  let t = `xref\n0 ${max + 1}\n0000000000 65535 f\r\n`;
  for (let n = 1; n <= max; n++) {
    const o = offsets.get(n);
    t += o === undefined ? "0000000000 00001 f\r\n" : `${String(o).padStart(10, "0")} 00000 n\r\n`;
  }
  parts.push(Buffer.from(`${t}trailer\n<< /Size ${max + 1} /Root ${root} >>\nstartxref\n${pos}\n%%EOF\n`, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

const catalog = { num: 1, raw: "<< /Type /Catalog /Pages 2 0 R >>" };
const pages = { num: 2, raw: "<< /Type /Pages /Kids [] /Count 0 >>" };

/** f's value, or what it threw. A hang is caught by the test's timeout, never by a timed assertion. */
function outcome<T>(f: () => T): { result: T | Error } {
  try {
    return { result: f() };
  } catch (e) {
    return { result: e as Error };
  }
}

describe("bounded reading", () => {
  it("a 50,000-long chain of streams whose /Length names the next stream stops at the first step (FormatError)", () => {
    const n = 50_000;
    const objs = [catalog, pages];
    for (let i = 3; i < n; i++) objs.push({ num: i, raw: `<< /Length ${i + 1} 0 R >>\nstream\nx\nendstream` });
    objs.push({ num: n, raw: "1" });
    const bytes = file(objs);
    const { result } = outcome(() => parsePdf(wholeSource(bytes), LIMITS).latest().objectByNumber(3));
    expect(result).toBeInstanceOf(FormatError);
    expect((result as Error).message).toMatch(/itself a stream with an indirect \/Length/);
  });

  it("a 100,000-long chain of references resolves to a FormatError at maxPdfDepth hops, not a stack overflow", () => {
    const n = 100_000;
    const objs = [{ num: 1, raw: `<< /Type /Catalog /Pages 3 0 R >>` }];
    for (let i = 3; i < n; i++) objs.push({ num: i, raw: `${i + 1} 0 R` });
    const bytes = file(objs);
    const v = parsePdf(wholeSource(bytes), LIMITS).latest();
    const { result } = outcome(() => v.resolve({ kind: "ref", num: 3, gen: 0 }));
    expect(result).toBeInstanceOf(FormatError);
    expect((result as Error).message).toMatch(/reference chain longer than 64 at 67 0 R/); // stopped after 64 hops, not 100,000
  });

  it("objects are parsed once for all revisions: 255 revisions reading 5,000 objects share one parse", () => {
    const objs: { num: number; raw: string }[] = [catalog, pages];
    for (let i = 3; i < 5000; i++) objs.push({ num: i, raw: `<< /I ${i} /A [1 2 3 (text)] >>` });
    let bytes = file(objs);
    for (let r = 0; r < 254; r++) bytes = addRevision(bytes, { objects: [{ num: 3, body: `<< /Rev ${r} >>` }], xref: "table", trailer: "/Root 1 0 R" });
    const { result } = outcome(() => {
      const doc = parsePdf(wholeSource(bytes), LIMITS);
      for (let i = 0; i < doc.revisions.length; i++) for (let n = 4; n < 5000; n++) doc.at(i).objectByNumber(n);
      return doc;
    });
    expect(result).not.toBeInstanceOf(Error);
    const doc = result as ReturnType<typeof parsePdf>;
    expect(doc.revisions).toHaveLength(255);
    // Same parse in the first and the last view (one cache in the document).
    // "Once" is shown by identity, not by a time: at load 17 the 10 s bound failed a suite (session 7).
    expect(doc.at(0).objectByNumber(4)!.value).toBe(doc.latest().objectByNumber(4)!.value);
  });

  it("object streams are decoded on demand within an LRU of maxDecodedStreamBytes, and again against maxTotalDecodedBytes", () => {
    const limits = { ...LIMITS, maxDecodedStreamBytes: 8 * 1024 ** 2, maxTotalDecodedBytes: 64 * 1024 ** 2 };
    const size = 6 * 1024 ** 2; // one fits the LRU, two do not
    const objects = [catalog, pages];
    const compressed: [number, number, number][] = [];
    for (let k = 0; k < 11; k++) {
      const header = `${100 + k} 0 ${200 + k} 4 `;
      const data = Buffer.alloc(size, 0x20);
      data.write(`${header}(x) (y)`, 0, "latin1");
      const z = deflateSync(data).toString("latin1");
      objects.push({ num: 10 + k, raw: `<< /Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode /Length ${z.length} >>\nstream\n${z}\nendstream` });
      compressed.push([100 + k, 10 + k, 0], [200 + k, 10 + k, 1]);
    }
    const doc = parsePdf(wholeSource(latin1(build([{ objects, compressed }]))), limits);
    const v = doc.latest();
    const str = (n: number) => {
      const o = v.objectByNumber(n)!.value;
      return o.kind === "string" ? Buffer.from(o.bytes).toString("latin1") : o.kind;
    };
    const { result } = outcome(() => {
      for (let k = 0; k < 10; k++) expect(str(100 + k)).toBe("x"); // 60 MiB decoded, one stream kept at a time
      expect(str(209)).toBe("y"); // the last one is still in the LRU: no decoding
      expect(str(100)).toBe("x"); // parsed values stay cached: no decoding
      return str(200); // its stream was evicted: decoded again, past the 64 MiB in total
    });
    expect(result).toBeInstanceOf(LimitError);
    expect((result as Error).message).toMatch(/decode to more than/);
  });
});
