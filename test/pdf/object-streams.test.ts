// Object streams and stream /Length as every reader reads them alike (issue 33, parts 4 and 6).
import { describe, expect, it } from "vitest";
import { FormatError } from "../../src/api/internal.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { build, latin1, LIMITS, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

/** An uncompressed object stream: `pairs` is the header text, `body` what follows /First. */
function objStm(n: number | string, pairs: string, body: string, extra = "", first = pairs.length): string {
  const data = pairs + body;
  return `<< /Type /ObjStm /N ${n} /First ${first}${extra} /Length ${data.length} >>\nstream\n${data}\nendstream`;
}

const catalog = { num: 1, raw: "<< /Type /Catalog /Pages 2 0 R >>" };
const pages = { num: 2, raw: "<< /Type /Pages /Kids [] /Count 0 >>" };

function read(s: string, num: number): unknown {
  const v = parsePdf(wholeSource(latin1(s)), LIMITS).latest();
  const o = v.objectByNumber(num)?.value;
  return o?.kind === "string" ? text(o.bytes) : o?.kind === "number" ? o.value : o?.kind;
}

describe("object streams", () => {
  const two = (pairs: string, body: string, n: number | string = 2, first?: number) =>
    build([
      {
        objects: [catalog, pages, { num: 10, raw: objStm(n, pairs, body, "", first) }],
        compressed: [
          [5, 10, 0],
          [6, 10, 1],
        ],
      },
    ]);

  it("reads a well-formed one", () => {
    const s = two("5 0 6 4 ", "(a) (b)");
    expect(read(s, 5)).toBe("a");
    expect(read(s, 6)).toBe("b");
  });

  it("refuses a first offset other than 0", () => {
    expect(() => read(two("5 1 6 5 ", " (a) (b)"), 6)).toThrow(/offset 1 of entry 0 is not 0/);
  });

  it("refuses one object number twice (pdfdetach extracted a forged attachment)", () => {
    const s = build([{ objects: [catalog, pages, { num: 10, raw: objStm(2, "5 0 5 4 ", "(a) (b)") }], compressed: [[5, 10, 1]] }]);
    expect(() => read(s, 5)).toThrow(/holds object 5 twice/);
  });

  it("refuses offsets that do not ascend strictly (page 1 disappeared in poppler)", () => {
    expect(() => read(two("5 0 6 0 ", "(a) (b)"), 5)).toThrow(/offset 0 of entry 1 is not above the previous one/);
    const three = build([{ objects: [catalog, pages, { num: 10, raw: objStm(3, "5 0 6 8 7 4 ", "(a) (b) (c)") }], compressed: [[5, 10, 0]] }]);
    expect(() => read(three, 5)).toThrow(/offset 4 of entry 2 is not above/);
  });

  it("refuses /N and /First that disagree with the header and the data", () => {
    expect(() => read(two("5 0 6 4 ", "(a) (b)", 3), 5)).toThrow(/fewer than \/N 3 pairs/);
    expect(() => read(two("5 0 6 4 ", "(a) (b)", 1), 5)).toThrow(/more than \/N 1 pairs before \/First/);
    expect(() => read(two("5 0 6 4 ", "(a) (b)", 2, 99), 5)).toThrow(/\/First is past its data/);
    expect(() => read(two("5 0 6 4 ", "(a) (b)", 2, 6), 5)).toThrow(/fewer than \/N 2 pairs/);
  });

  it("refuses an object whose text runs past the next one's offset", () => {
    expect(() => read(two("5 0 6 2 ", "123 (b)"), 5)).toThrow(/object 5 runs into the next object's offset/);
    expect(() => read(two("5 0 6 2 ", "7 0 R (b)"), 5)).toThrow(/object 5 runs into the next object's offset/);
    expect(() => read(two("5 0 6 8 ", "(a) (x) (b)"), 5)).toThrow(/object 5 is followed by more text/);
  });

  it("refuses an indirect /N or /First (a24 R1: PDFium reads them unresolved, finds no object stream and rebuilds)", () => {
    const stm = objStm(2, "5 0 6 4 ", "(a) (b)").replace("/N 2", "/N 12 0 R");
    const s = build([
      {
        objects: [catalog, pages, { num: 12, raw: "2" }, { num: 10, raw: stm }],
        compressed: [
          [5, 10, 0],
          [6, 10, 1],
        ],
      },
    ]);
    expect(() => read(s, 5)).toThrow(/object stream 10 \/N is an indirect reference: PDFium reads it unresolved/);
    const first = build([
      {
        objects: [catalog, pages, { num: 11, raw: "8" }, { num: 10, raw: objStm(2, "5 0 6 4 ", "(a) (b)").replace("/First 8", "/First 11 0 R") }],
        compressed: [
          [5, 10, 0],
          [6, 10, 1],
        ],
      },
    ]);
    expect(() => read(first, 5)).toThrow(/\/First is an indirect reference/);
    expect(() =>
      read(
        build([{ objects: [catalog, pages, { num: 10, raw: objStm(2, "5 0 6 4 ", "(a) (b)").replace("/First 8", "/First (8)") }], compressed: [[5, 10, 0]] }]),
        5,
      ),
    ).toThrow(/\/First is not a direct non-negative integer/);
  });

  it("refuses a header pair naming object 0 (a24 R1: PDFium skips it, its indices then name other objects)", () => {
    const s = build([{ objects: [catalog, pages, { num: 10, raw: objStm(2, "0 0 6 5 ", "null (b)") }], compressed: [[6, 10, 1]] }]);
    expect(() => read(s, 6)).toThrow(/object stream 10 names object 0 \(entry 0\), which PDFium skips/);
  });

  it("reads an object stream in each revision with that revision's own /Length", () => {
    const stm = objStm(2, "5 0 6 4 ", "(a) (b)")
      .replace(/\/Length \d+/, "/Length 11 0 R")
      .replace("(b)\nendstream", "(b)  \nendstream");
    const s = build([
      {
        objects: [catalog, pages, { num: 11, raw: "15" }, { num: 10, raw: stm }],
        compressed: [
          [5, 10, 0],
          [6, 10, 1],
        ],
      },
      { objects: [{ num: 11, raw: "17" }] },
    ]);
    const doc = parsePdf(wholeSource(latin1(s)), LIMITS);
    const len = (i: number) => {
      const o = doc.at(i).objectByNumber(10)!.value;
      return o.kind === "stream" ? o.dataLength : -1;
    };
    expect([len(1), len(0), len(1)]).toEqual([17, 15, 17]);
    expect(doc.at(0).objectByNumber(5)!.value).toEqual(doc.at(1).objectByNumber(5)!.value);
  });
});

describe("stream /Length", () => {
  const withLength = (len: string, more: { num: number; raw: string }[] = [], compressed: [number, number, number][] = []) =>
    build([{ objects: [catalog, pages, { num: 4, raw: `<< /Length ${len} >>\nstream\nabc\nendstream` }, ...more], compressed }]);

  it("reads a direct integer, one reference to a top-level integer, or to an integer in an object stream", () => {
    expect(read(withLength("3"), 4)).toBe("stream");
    expect(read(withLength("7 0 R", [{ num: 7, raw: "3" }]), 4)).toBe("stream");
    expect(read(withLength("7 0 R", [{ num: 10, raw: objStm(1, "7 0 ", "3") }], [[7, 10, 0]]), 4)).toBe("stream");
  });

  it("refuses a reference to a reference, to a missing object, and a length object with an indirect /Length", () => {
    expect(() =>
      read(
        withLength("7 0 R", [
          { num: 7, raw: "8 0 R" },
          { num: 8, raw: "3" },
        ]),
        4,
      ),
    ).toThrow(/is not a direct integer/);
    expect(() => read(withLength("7 0 R"), 4)).toThrow(/is not a direct integer at the top level/);
    expect(() => read(withLength("7 0 R", [{ num: 7, raw: "<< /Length 4 0 R >>\nstream\nabc\nendstream" }]), 4)).toThrow(
      /itself a stream with an indirect \/Length/,
    );
    expect(() => read(withLength("4 0 R"), 4)).toThrow(FormatError);
  });

  it("refuses a length in an object stream whose own /Length is in an object stream", () => {
    const s = withLength(
      "7 0 R",
      [
        { num: 10, raw: objStm(1, "7 0 ", "3").replace(/\/Length \d+/, "/Length 8 0 R") },
        { num: 12, raw: objStm(1, "8 0 ", "7") },
      ],
      [
        [7, 10, 0],
        [8, 12, 0],
      ],
    );
    expect(() => read(s, 4)).toThrow(/not a direct integer at the top level of the file or in an object stream with a direct \/Length/);
  });
});
