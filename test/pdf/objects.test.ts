import { describe, expect, it } from "vitest";
import { FormatError, LimitError } from "../../src/api/internal.js";
import { decodeTextString, pdfEquals, type PdfObject } from "../../src/input/pdf/index.js";
import { Lexer } from "../../src/input/pdf/lexer.js";
import { parseIndirectObject, parseValue } from "../../src/input/pdf/parser.js";
import { latin1, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

const opts = { maxDepth: 64, maxStringBytes: 1 << 24, spans: true };
const parse = (s: string, o = opts): PdfObject => parseValue(new Lexer(wholeSource(latin1(s))), o);

describe("lexer and object parser", () => {
  it("parses the basic types with spans", () => {
    const src = "<< /A 1 /B -2.5 /C true /D null /E (x) /F <4142> /G /N#20m /H [1 0 R 2] /I 12 0 R >>";
    const d = parse(src);
    expect(d.kind).toBe("dict");
    if (d.kind !== "dict") return;
    expect(d.entries.get("A")).toMatchObject({ kind: "number", value: 1, integer: true });
    expect(d.entries.get("B")).toMatchObject({ kind: "number", value: -2.5, integer: false });
    expect(d.entries.get("C")).toMatchObject({ kind: "boolean", value: true });
    expect(d.entries.get("D")).toMatchObject({ kind: "null" });
    expect(d.entries.get("G")).toMatchObject({ kind: "name", value: "N m" });
    expect(d.entries.get("I")).toMatchObject({ kind: "ref", num: 12, gen: 0 });
    const f = d.entries.get("F")!;
    expect(f).toMatchObject({ kind: "string", hex: true });
    expect(src.slice(f.span!.start, f.span!.end)).toBe("<4142>");
    const h = d.entries.get("H")!;
    expect(src.slice(h.span!.start, h.span!.end)).toBe("[1 0 R 2]");
    expect(h.kind === "array" && h.items.map((x) => x.kind)).toEqual(["ref", "number"]);
    expect(d.span).toEqual({ start: 0, end: src.length });
  });

  it("decodes literal strings: escapes, octal, nesting, EOL normalisation, continuation", () => {
    const s = parse("(a\\(b\\)c (nested) \\101\\7\\0053 x\\\ny\r\nz\\q)");
    expect(s.kind === "string" && text(s.bytes)).toBe("a(b)c (nested) A\x07\x053 xy\nzq");
    const h = parse("<41 4 >");
    expect(h.kind === "string" && text(h.bytes)).toBe("A@");
  });

  // 300 bytes: the table path; 5,000 (10,000 digits): Node's decoder.
  it.each([300, 5000])("long hex strings (a seal's /Contents, %i bytes) decode the same by the fast paths, and fail the same", (length) => {
    const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37) & 0xff));
    const hex = bytes.toString("hex");
    for (const src of [hex, hex.toUpperCase(), `${hex.slice(0, 100)} \n${hex.slice(100)}`, `${hex.slice(0, -2)}\n${hex.slice(-2)}`]) {
      const v = parse(`<${src}>`);
      expect(v.kind === "string" && !Buffer.isBuffer(v.bytes) && Buffer.from(v.bytes).equals(bytes)).toBe(true);
    }
    const odd = parse(`<${hex}7>`); // an odd final digit is followed by an implicit 0
    expect(odd.kind === "string" && Buffer.from(odd.bytes).equals(Buffer.concat([bytes, Buffer.from([0x70])]))).toBe(true);
    expect(() => parse(`<${hex.slice(0, 200)}zz${hex.slice(202)}>`)).toThrow(/invalid character 0x7a in hex string/);
    expect(() => parse(`<${hex.slice(0, -2)}g0>`)).toThrow(/invalid character 0x67 in hex string/);
  });

  // 100 + 150 bytes: the table path; 3,000 + 9,000 (24,000 digits, the padding over four 4,096-digit blocks and
  // a rest): Node's decoder, which decodes only what comes before the padding.
  it.each([
    [100, 150],
    [3000, 9000],
  ])("long hex strings ending in zero padding (%i bytes and %i of padding) decode as digit by digit", (data, padding) => {
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: data }, (_, i) => (i * 37 + 1) & 0xff)), Buffer.alloc(padding)]);
    const hex = bytes.toString("hex");
    const n = hex.length;
    for (const src of [
      hex,
      `${hex.slice(0, 2 * data + 1)}${hex.slice(2 * data + 1)}`,
      "0".repeat(n),
      `${"ab".repeat(n / 2 - 60)}${"0".repeat(119)}1`,
      `${"0".repeat(n / 2 - 1)}f${"0".repeat(n / 2)}`,
      ...(n > 8192 ? [`${hex.slice(0, n - 4096)}a${hex.slice(n - 4095)}`] : []), // a digit where a block of 0s would start
    ]) {
      const v = parse(`<${src}>`);
      expect(v.kind === "string" && Buffer.from(v.bytes).toString("hex"), src.slice(0, 20)).toBe(Buffer.from(src, "hex").toString("hex"));
    }
    // Anything but a hex digit in the zero run, white space included, goes to the general loop, which decides.
    const inPadding = n - 20;
    expect(() => parse(`<${hex.slice(0, inPadding)}0z${hex.slice(inPadding + 2)}>`)).toThrow(/invalid character 0x7a in hex string/);
    if (n > 8192) expect(() => parse(`<${hex.slice(0, n - 4096)}z${hex.slice(n - 4095)}>`)).toThrow(/invalid character 0x7a in hex string/);
    const spaced = parse(`<${hex.slice(0, inPadding)} ${hex.slice(inPadding)}>`);
    expect(spaced.kind === "string" && Buffer.from(spaced.bytes).equals(bytes)).toBe(true);
  });

  it("rejects malformed syntax", () => {
    for (const bad of ["(unterminated", "<41zz>", "<< /A >>", "<< /A 1 /A 2 >>", "[1 2", "<< 1 2 >>", "]", "1.2.3", "endobj", "{", ">"]) {
      expect(() => parse(bad), bad).toThrow(FormatError);
    }
  });

  it("refuses duplicate dictionary keys (readers could disagree on which one counts)", () => {
    expect(() => parse("<< /Contents <00> /Contents <01> >>")).toThrow(/duplicate/);
  });

  it("stops a 100k-deep nesting bomb with a LimitError, not a stack overflow", () => {
    const bomb = "[".repeat(100_000) + "]".repeat(100_000);
    expect(() => parse(bomb)).toThrow(LimitError);
    const dictBomb = "<< /A ".repeat(100_000);
    expect(() => parse(dictBomb)).toThrow(LimitError);
    // Even a limit far above the JS stack depth does not overflow: the parser is iterative.
    expect(() => parse(bomb, { maxDepth: 1_000_000, maxStringBytes: 1 << 24, spans: false })).not.toThrow();
  });

  it("parses an indirect stream object and checks /Length against endstream", () => {
    const src = "7 0 obj\n<< /Length 5 >>\nstream\r\nhello\nendstream\nendobj";
    const o = parseIndirectObject(wholeSource(latin1(src)), 0, opts);
    expect(o).toMatchObject({ num: 7, gen: 0 });
    expect(o.value).toMatchObject({ kind: "stream", dataLength: 5 });
    expect(o.value.kind === "stream" && src.slice(o.value.dataStart, o.value.dataStart + 5)).toBe("hello");
    expect(o.span).toEqual({ start: 0, end: src.length });
    const wrong = src.replace("/Length 5", "/Length 7");
    expect(() => parseIndirectObject(wholeSource(latin1(wrong)), 0, opts)).toThrow(/endstream/);
    const past = src.replace("/Length 5", "/Length 500");
    expect(() => parseIndirectObject(wholeSource(latin1(past)), 0, opts)).toThrow(FormatError);
    expect(() => parseIndirectObject(wholeSource(latin1(src.replace("endobj", ""))), 0, opts)).toThrow(/endobj/);
  });

  it("compares values structurally", () => {
    expect(pdfEquals(parse("<< /A (x) >>"), parse("<</A<78>>>"))).toBe(true);
    // A null value is not an absent key (a23 N1: pdf.js's two-name gets stop at it).
    expect(pdfEquals(parse("<< /A (x) /B null >>"), parse("<</A<78>>>"))).toBe(false);
    expect(pdfEquals(parse("<< /B null >>"), parse("<< /B null >>"))).toBe(true);
    expect(pdfEquals(parse("[1 0 R]"), parse("[1 1 R]"))).toBe(false);
    expect(pdfEquals(parse("<< /A 1 >>"), parse("<< /A 1.0 >>"))).toBe(true);
  });

  it("decodes text strings (PDFDocEncoding, UTF-16BE, UTF-8)", () => {
    expect(decodeTextString(Uint8Array.from([0xfe, 0xff, 0x00, 0xc6, 0x00, 0x41]))).toBe("ÆA");
    expect(decodeTextString(Uint8Array.from([0xef, 0xbb, 0xbf, 0xc3, 0xa6]))).toBe("æ");
    expect(decodeTextString(Uint8Array.from([0x80, 0x41, 0xe6]))).toBe("•Aæ");
  });
});
