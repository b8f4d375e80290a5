// a20 A2: an object stream or xref stream is structure every reader must decode alike. ASCII85 data holding 0x00 or
// 0x0C (white space to poppler, PDFium and this reader, a digit to pdf.js) or starting with Adobe's "<~" (skipped by
// PDFBox and, before, by this reader; a digit and the end of data to poppler, PDFium and pdf.js) gave pdf.js another
// page 1 than the one compared. Such data is refused there; elsewhere (DSS items, attachments) it is read as before.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeFilters } from "../../src/input/pdf/filters.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { a85, build, latin1, LIMITS, text } from "./helpers.js";

/** A file whose objects 5 "(a)" and 6 "(b)" sit in object stream 10, its dictionary holding `keys`, its data `data`. */
function objStmFile(keys: string, data: string): string {
  return build([
    {
      objects: [
        { num: 1, raw: "<< /Type /Catalog /Pages 2 0 R >>" },
        { num: 2, raw: "<< /Type /Pages /Kids [] /Count 0 >>" },
        { num: 10, raw: `<< /Type /ObjStm /N 2 /First 8 ${keys} /Length ${data.length} >>\nstream\n${data}\nendstream` },
      ],
      compressed: [
        [5, 10, 0],
        [6, 10, 1],
      ],
    },
  ]);
}

/** Object 6 as a reader of `s` resolves it: its text, or its kind. */
function read(s: string): string | undefined {
  const o = parsePdf(wholeSource(latin1(s)), LIMITS)
    .latest()
    .objectByNumber(6)?.value;
  return o?.kind === "string" ? text(o.bytes) : o?.kind;
}

const A85 = [{ name: "ASCII85Decode" }];
const HEX = [{ name: "ASCIIHexDecode" }];
const dec = (s: string, f = A85, agreed = false) => text(decodeFilters(latin1(s), f, 1 << 20, { agreed }));

describe("decoding that every reader agrees on (agreed)", () => {
  const plain = a85("(Husleje: 9.500 kr.)");

  it("plain ASCII85 and ASCIIHex with common white space: read alike", () => {
    expect(dec(plain, A85, true)).toBe("(Husleje: 9.500 kr.)");
    expect(dec(plain.replace(/(.{5})/, "$1 \r\n\t"), A85, true)).toBe("(Husleje: 9.500 kr.)");
    expect(dec("48 65\n6c6C 6f>", HEX, true)).toBe("Hello");
  });

  it('refuses "<~" before ASCII85 data, and 0x00 or 0x0C in ASCII85 or ASCIIHex data; reads them where agreement is not needed', () => {
    expect(() => dec(`<~${plain}`, A85, true)).toThrow(/starts with "<~", which readers read differently/);
    expect(() => dec(plain.replace(/(.{5})/, "$1\u0000"), A85, true)).toThrow(/holds the byte 0x00, which readers read differently/);
    expect(() => dec(plain.replace(/(.{5})/, "$1\f"), A85, true)).toThrow(/holds the byte 0x0c/);
    expect(() => dec("48\u000065>", HEX, true)).toThrow(/ASCIIHexDecode data holds the byte 0x00/);
    expect(dec(`<~${plain}`)).toBe("(Husleje: 9.500 kr.)");
    expect(dec(plain.replace(/(.{5})/, "$1\u0000"))).toBe("(Husleje: 9.500 kr.)");
  });

  it("an object stream in ASCII85 is read; with 0x00 in its data it is refused (was read as the 0x00-free data)", () => {
    const body = "5 0 6 4 (a) (b)";
    const pdf = (data: string) => objStmFile("/Filter /ASCII85Decode", data);
    expect(read(pdf(a85(body)))).toBe("b");
    expect(() => read(pdf(a85(body).replace(/(.{5})/, "$1\u0000")))).toThrow(/ASCII85Decode data holds the byte 0x00, which readers read differently/);
    expect(() => read(pdf(`<~${a85(body)}`))).toThrow(/starts with "<~"/);
  });

  it("a21 P1: /Filter and /DecodeParms paired as an array with a dictionary (or a name with an array) are refused; matched pairings read", () => {
    const body = "5 0 6 4 (a) (b)";
    // One PNG row of type 0 (None): a reader that applies /Predictor 12 strips the type byte, one that ignores it does not.
    const data = deflateSync(Buffer.from([0, ...Buffer.from(body, "latin1")])).toString("latin1");
    const parms = `<< /Predictor 12 /Columns ${body.length} >>`;
    const pdf = (filter: string, decodeParms: string) => objStmFile(`/Filter ${filter} /DecodeParms ${decodeParms}`, data);
    expect(read(pdf("/FlateDecode", parms))).toBe("b");
    expect(read(pdf("[/FlateDecode]", `[${parms}]`))).toBe("b");
    expect(() => read(pdf("[/FlateDecode]", parms))).toThrow(/pairs an array of filters with one \/DecodeParms dictionary, which readers read differently/);
    expect(() => read(pdf("/FlateDecode", `[${parms}]`))).toThrow(/pairs one filter with an array of \/DecodeParms/);
  });
});

/** One revision: objects as given (`num gen obj`), then an xref stream (/W [1 4 4]) with `rows` (type, f2, f3) and itself. */
function xrefFile(objects: { num: number; gen: number; raw: string }[], extraRows: [number, number, number, number][] = [], xrefNum = 90): string {
  let s = "%PDF-1.7\n";
  const rows: [number, number, number, number][] = xrefNum === 0 ? [] : [[0, 0, 0, 0xffff]];
  for (const o of objects) {
    rows.push([o.num, 1, s.length, o.gen]);
    s += `${o.num} ${o.gen} obj\n${o.raw}\nendobj\n`;
  }
  rows.push(...extraRows, [xrefNum, 1, s.length, 0]);
  rows.sort((a, b) => a[0] - b[0]);
  const at = s.length;
  const index = rows.flatMap((r) => [r[0], 1]);
  const data = Buffer.concat(
    rows.map(([, t, f2, f3]) => Buffer.from([t, ...Buffer.from(Uint32Array.of(f2).buffer).reverse(), ...Buffer.from(Uint32Array.of(f3).buffer).reverse()])),
  );
  s += `${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 4] /Index [${index.join(" ")}] /Root 1 0 R /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`;
  return s;
}

describe("forms some reader rebuilds its table on, or reads another way (a21 F1, G1, X1, Z1)", () => {
  const catalog = { num: 1, gen: 0, raw: "<< /Type /Catalog /Pages 2 0 R >>" };
  const pages = { num: 2, gen: 0, raw: "<< /Type /Pages /Kids [] /Count 0 >>" };
  const objStm = (extra: string) => `<< /Type /ObjStm /N 2 /First 8${extra} /Length 15 >>\nstream\n5 0 6 4 (a) (b)\nendstream`;
  const compressed: [number, number, number, number][] = [
    [5, 2, 10, 0],
    [6, 2, 10, 1],
  ];

  it("the control: an object stream at generation 0 with /Length, /Filter-free data is read", () => {
    expect(read(xrefFile([catalog, pages, { num: 10, gen: 0, raw: objStm("") }], compressed))).toBe("b");
  });

  it("F1: /F or /DP on an object stream (pdf.js takes them for its filter) is refused", () => {
    expect(() => read(xrefFile([catalog, pages, { num: 10, gen: 0, raw: objStm(" /F /ASCIIHexDecode") }], compressed))).toThrow(
      /object stream 10 has \/F, which some readers take for its data's filter or file/,
    );
    expect(() => read(xrefFile([catalog, pages, { num: 10, gen: 0, raw: objStm(" /DP << /Predictor 12 >>") }], compressed))).toThrow(/has \/DP/);
  });

  it("G1: an object stream at generation 1 is refused (pdf.js fetches it at 0 and rebuilds)", () => {
    expect(() => read(xrefFile([catalog, pages, { num: 10, gen: 1, raw: objStm("") }], compressed))).toThrow(/object stream 10 has generation 1/);
  });

  it("X1: a generation above 2^31 - 1 in an xref stream is refused (poppler rebuilds); Z1: object 0 in use is refused", () => {
    expect(() => read(xrefFile([catalog, pages], [[7, 0, 0, 0xffffffff]]))).toThrow(/third field 4294967295 is above 2\^31 - 1/);
    expect(() => read(xrefFile([catalog, pages], [], 0))).toThrow(/object 0 in use; it heads the free list|is object 0, which heads the free list/);
  });
});

describe("/DecodeParms every reader reads alike (a22 B1, T1)", () => {
  const data = deflateSync(Buffer.from("hello")).toString("latin1");
  const flate = (parms: string) => [
    {
      name: "FlateDecode",
      parms: parsePdf(wholeSource(latin1(build([{ objects: [{ num: 1, raw: `<< /Type /Catalog /P ${parms} >>` }] }]))), LIMITS)
        .latest()
        .catalog()
        .entries.get("P") as never,
    },
  ];
  const agreed = (parms: string) => text(decodeFilters(latin1(data), flate(parms), 1 << 20, { agreed: true }));

  it("/BPC beside /BitsPerComponent (pdf.js reads /BPC first) and a 16-bit TIFF predictor (poppler) are refused; read elsewhere", () => {
    expect(() => agreed("<< /Predictor 1 /BPC 16 >>")).toThrow(/\/DecodeParms has \/BPC, which readers read differently/);
    expect(() => agreed("<< /Predictor 2 /BitsPerComponent 16 /Columns 1 >>")).toThrow(/TIFF predictor at other than 8 bits/);
    expect(agreed("<< /Predictor 1 /Columns 5 >>")).toBe("hello");
    expect(text(decodeFilters(latin1(data), flate("<< /Predictor 1 /BPC 16 >>"), 1 << 20))).toBe("hello");
  });
});
