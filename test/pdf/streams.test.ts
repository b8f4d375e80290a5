import { constants, deflateRawSync, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FormatError, LimitError } from "../../src/api/internal.js";
import { parsePdf, type PdfStream } from "../../src/input/pdf/index.js";
import { applyPredictor } from "../../src/input/pdf/filters.js";
import { addRevision, latin1, LIMITS, minimalObjects } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

/**
 * A valid zlib stream of `mib` MiB of zeros, built from one compressed 1 MiB block repeated (blocks made
 * with a sync flush are byte-aligned and self-contained), so the test does not spend seconds compressing.
 */
function zeroBomb(mib: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_SYNC_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mib * (1 << 20)) % 65521) * 65536 + 1) >>> 0);
  return new Uint8Array(Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array<Buffer>(mib).fill(block), last, adler]));
}

function withStream(dict: string, data: Uint8Array, extra: { num: number; body: string }[] = []) {
  const bytes = addRevision(new Uint8Array(), {
    objects: [...minimalObjects(" /S 6 0 R"), { num: 6, body: dict, stream: data }, ...extra],
    xref: "table",
    trailer: "/Root 1 0 R",
  });
  return bytes;
}

function streamOf(bytes: Uint8Array, limits = LIMITS): { decode: () => Uint8Array; stream: PdfStream } {
  const v = parsePdf(wholeSource(bytes), limits).latest();
  const stream = v.getStream(v.catalog(), "S")!;
  return { stream, decode: () => v.decode(stream) };
}

describe("streams", () => {
  it("decodes FlateDecode and unfiltered streams", () => {
    const payload = latin1("hello world ".repeat(100));
    expect(Buffer.from(streamOf(withStream("<< /Filter /FlateDecode >>", deflateSync(payload))).decode())).toEqual(Buffer.from(payload));
    expect(Buffer.from(streamOf(withStream("<< /Filter [/FlateDecode /FlateDecode] >>", deflateSync(deflateSync(payload)))).decode())).toEqual(
      Buffer.from(payload),
    );
    expect(Buffer.from(streamOf(withStream("<< >>", payload)).decode())).toEqual(Buffer.from(payload));
  });

  it("resolves an indirect /Length", () => {
    const data = latin1("abcdef");
    // The helper appends /Length N; here we replace it by a reference to object 7.
    const bytes = withStream("<< >>", data, [{ num: 7, body: "6" }]);
    const patched = Buffer.from(bytes).toString("latin1").replace("<< /Length 6 >>", "<< /Length 7 0 R>>");
    const s = streamOf(latin1(patched));
    expect(s.stream.dataLength).toBe(6);
    expect(Buffer.from(s.decode()).toString()).toBe("abcdef");
  });

  it("raises a LimitError quickly for a Flate bomb (200 MB of zeros)", () => {
    const bomb = zeroBomb(200);
    expect(bomb.length).toBeLessThan(300_000);
    const s = streamOf(withStream("<< /Filter /FlateDecode >>", bomb), { ...LIMITS, maxDecodedStreamBytes: 1024 * 1024 });
    expect(() => s.decode()).toThrow(LimitError);
    // Sanity: the same bytes decode in full under a limit that fits (here only 4 MiB, to stay cheap).
    expect(streamOf(withStream("<< /Filter /FlateDecode >>", zeroBomb(4)), { ...LIMITS, maxDecodedStreamBytes: 4 << 20 }).decode().length).toBe(4 << 20);
  });

  it("bounds unfiltered streams too", () => {
    const s = streamOf(withStream("<< >>", new Uint8Array(2048)), { ...LIMITS, maxDecodedStreamBytes: 1024 });
    expect(() => s.decode()).toThrow(LimitError);
  });

  it("names an unsupported filter and rejects corrupt Flate data", () => {
    expect(() => streamOf(withStream("<< /Filter /DCTDecode >>", latin1("xx"))).decode()).toThrow(/DCTDecode/);
    expect(() => streamOf(withStream("<< /Filter /FlateDecode >>", latin1("not zlib"))).decode()).toThrow(FormatError);
  });

  // attack-s6 G1: the standard non-image filters (ISO 32000-1 §7.4), their abbreviations and chains, from one table.
  it("decodes ASCIIHex, ASCII85, RunLength and LZW, the abbreviations and chains of them", () => {
    const payload = latin1("The quick brown fox jumps over the lazy dog. ".repeat(40));
    const decoded = (dict: string, data: Uint8Array | string) =>
      Buffer.from(streamOf(withStream(dict, typeof data === "string" ? latin1(data) : data)).decode()).toString("latin1");
    const text = Buffer.from(payload).toString("latin1");
    const hex = Buffer.from(payload).toString("hex");
    expect(decoded("<< /Filter /ASCIIHexDecode >>", `${hex.replace(/(.{60})/g, "$1\n")}>`)).toBe(text);
    expect(decoded("<< /Filter /AHx >>", hex.toUpperCase())).toBe(text); // no ">": read to the end, as readers do
    expect(decoded("<< /Filter /AHx >>", "41 4>")).toBe("A@"); // an odd last digit is followed by 0
    expect(decoded("<< /Filter /ASCII85Decode >>", "<~9jqo^Bla~>")).toBe("Man is");
    expect(decoded("<< /Filter /A85 >>", "z 9jqo^\nBla~>")).toBe("\0\0\0\0Man is");
    expect(decoded("<< /Filter /RunLengthDecode >>", Uint8Array.from([2, 0x41, 0x42, 0x43, 254, 0x44, 128, 0x45]))).toBe("ABCDDD");
    expect(decoded("<< /Filter /RL >>", Uint8Array.from([0, 0x41]))).toBe("A"); // no end-of-data byte
    // ISO 32000-1 §7.4.4.2's example: "-----A---B" as 45 45 258 259 65 259 45 66 257 in 9-bit codes.
    const lzw = Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(decoded("<< /Filter /LZWDecode >>", lzw)).toBe("-----A---B");
    expect(decoded("<< /Filter /LZW >>", lzw)).toBe("-----A---B");
    expect(decoded("<< /Filter /Fl >>", deflateSync(payload))).toBe(text);
    expect(decoded("<< /Filter [/AHx /Fl] >>", `${Buffer.from(deflateSync(payload)).toString("hex")}>`)).toBe(text);
    expect(decoded("<< /Filter [/A85 /AHx /RL] >>", "0JG=L3&!M~>")).toBe("J"); // "004A80>" in ASCII85: RL [0 0x4A 128] in hex
  });

  it("reads zlib data without its Adler-32 trailer (as PDFBox), but not data cut before its end or with a wrong trailer", () => {
    const payload = latin1("hello world ".repeat(100));
    const z = deflateSync(payload);
    const decode = (data: Uint8Array) => streamOf(withStream("<< /Filter /FlateDecode >>", data)).decode();
    expect(Buffer.from(decode(z.subarray(0, z.length - 4)))).toEqual(Buffer.from(payload));
    expect(Buffer.from(decode(z.subarray(0, z.length - 1)))).toEqual(Buffer.from(payload));
    expect(() => decode(z.subarray(0, z.length - 8))).toThrow(FormatError);
    const wrong = Uint8Array.from(z);
    wrong[wrong.length - 1]! ^= 1;
    expect(() => decode(wrong)).toThrow(/corrupt FlateDecode/);
    expect(() => decode(z.subarray(2))).toThrow(/corrupt FlateDecode/); // raw deflate under /FlateDecode
    // A bomb without its trailer is bounded as one with it.
    const bomb = zeroBomb(200);
    const s = streamOf(withStream("<< /Filter /FlateDecode >>", bomb.subarray(0, bomb.length - 4)), { ...LIMITS, maxDecodedStreamBytes: 1024 * 1024 });
    expect(() => s.decode()).toThrow(LimitError);
  });

  it("bounds every filter's output and refuses bad data by name", () => {
    const small = { ...LIMITS, maxDecodedStreamBytes: 1000 };
    const decode = (dict: string, data: Uint8Array | string, limits = LIMITS) =>
      streamOf(withStream(dict, typeof data === "string" ? latin1(data) : data), limits).decode();
    expect(() =>
      decode(
        "<< /Filter /RL >>",
        Uint8Array.from(
          Array<number>(20)
            .fill(0)
            .flatMap(() => [129, 0]),
        ),
        small,
      ),
    ).toThrow(LimitError);
    expect(() => decode("<< /Filter /A85 >>", "z".repeat(300), small)).toThrow(LimitError);
    expect(() => decode("<< /Filter /AHx >>", "00".repeat(1001), small)).toThrow(LimitError);
    expect(() => decode("<< /Filter /AHx >>", "0g")).toThrow(/ASCIIHexDecode data holds the character 0x67/);
    expect(() => decode("<< /Filter /A85 >>", 's8W-"~>')).toThrow(/above 2\^32/);
    expect(() => decode("<< /Filter /RL >>", Uint8Array.from([5, 1]))).toThrow(/ends inside a run/);
    for (const f of ["JPXDecode", "CCITTFaxDecode", "JBIG2Decode", "Crypt", "Foo"]) expect(() => decode(`<< /Filter /${f} >>`, "xx")).toThrow(new RegExp(f));
  });

  it("undoes PNG (Sub, Up, Average, Paeth) and TIFF predictors", () => {
    const parms = (s: string) => {
      const m = new Map<string, { kind: "number"; value: number; integer: boolean }>();
      for (const [k, v] of s.split(" ").map((kv) => kv.split("="))) m.set(k!, { kind: "number", value: Number(v), integer: true });
      return { kind: "dict" as const, entries: m };
    };
    // Two rows of 3 columns; row 0 with Sub, row 1 with Paeth, then Up, then Average.
    const rows = Uint8Array.from([1, 10, 5, 5, 4, 1, 1, 1, 2, 1, 1, 1, 3, 0, 0, 0]);
    const out = applyPredictor(rows, parms("Predictor=12 Columns=3"));
    // Row0 Sub: 10,15,20. Row1 Paeth: a=0,b=10,c=0 → 11; a=11,b=15,c=10 → pred 15 → 16; a=16,b=20,c=15 → 21.
    // Row2 Up: 12,17,22. Row3 Average(a,b): 0+(0+12)/2=6; 0+(6+17)/2=11; 0+(11+22)/2=16.
    expect([...out]).toEqual([10, 15, 20, 11, 16, 21, 12, 17, 22, 6, 11, 16]);
    expect(() => applyPredictor(Uint8Array.from([9, 1, 1, 1]), parms("Predictor=12 Columns=3"))).toThrow(FormatError);
    expect(() => applyPredictor(Uint8Array.from([0, 1, 1]), parms("Predictor=12 Columns=3"))).toThrow(FormatError);
    const tiff = applyPredictor(Uint8Array.from([1, 2, 3, 1, 1, 1]), parms("Predictor=2 Columns=3"));
    expect([...tiff]).toEqual([1, 3, 6, 1, 2, 3]);
  });

  it("parses the structure of a file with a ~50 MB image stream without touching the stream", () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.fill(0x41);
    const bytes = withStream("<< /Type /XObject /Subtype /Image /Filter /DCTDecode >>", big);
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const v = doc.latest();
    const s = v.getStream(v.catalog(), "S")!;
    expect(s.dataLength).toBe(big.length);
    expect(v.rawStreamData(s).buffer).toBe(bytes.buffer); // a view into the input, not a copy
  });
});
