// decodeDer is pure: the same bytes decode alike whatever was decoded before. Bytes handed out by
// bytesOfDecoded carry their tree, which only a decoder by parts asks for (decodedParts).
import { readFileSync } from "node:fs";
import * as asn1js from "asn1js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { LimitError } from "../../src/errors.js";
import { assertDerShape, bytesOfDecoded, decodeDer, decodedParts, derFramed, partLimits, readTlv } from "../../src/pki/der.js";
import { toBer } from "../../scripts/attack-s6/lib.js";
import { testPki } from "../helpers/fixtures.js";

describe("bytesOfDecoded", () => {
  it("hands out a copy that carries its tree for decodedParts; decodeDer decodes it like any equal bytes", () => {
    const outer = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.Integer({ value: 7 })] })] });
    const tree = decodeDer(new Uint8Array(outer.toBER()), "outer", DEFAULT_LIMITS) as asn1js.Sequence;
    const inner = tree.valueBlock.value[0]!;
    const bytes = bytesOfDecoded(inner);
    expect(Buffer.from(bytes).toString("hex")).toBe("3003020107");
    expect(decodedParts(bytes)?.get(0)).toBe(inner);
    expect(decodedParts(bytes)?.get(2)).toBe((inner as asn1js.Sequence).valueBlock.value[0]);
    expect(decodedParts(new Uint8Array(bytes))).toBeUndefined();
    // Pure: the handed-out bytes and an equal copy decode to equal, fresh trees (never the tree carried).
    const [a, b] = [decodeDer(bytes, "inner", DEFAULT_LIMITS), decodeDer(new Uint8Array(bytes), "inner", DEFAULT_LIMITS)];
    expect(a).not.toBe(inner);
    expect(JSON.stringify(a.toJSON())).toBe(JSON.stringify(b.toJSON()));
    expect(Buffer.from(a.toBER()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("the size limit still applies to the handed-out bytes", () => {
    const tree = decodeDer(
      new Uint8Array(new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: new Uint8Array(300) })] }).toBER()),
      "outer",
      DEFAULT_LIMITS,
    ) as asn1js.Sequence;
    const bytes = bytesOfDecoded(tree.valueBlock.value[0]!);
    expect(() => decodeDer(bytes, "inner", { ...DEFAULT_LIMITS, maxDerBytes: 100 })).toThrow(/maxDerBytes|more than the limit/);
  });
});

describe("partLimits", () => {
  it("shares the whole's node budget among the parts, less the framing they do not decode", () => {
    expect(partLimits({ ...DEFAULT_LIMITS, maxAsn1Nodes: 1000 }, 6, 16)?.maxAsn1Nodes).toBe(164);
    expect(partLimits({ ...DEFAULT_LIMITS, maxAsn1Nodes: 10 }, 20)).toBeNull();
    expect(partLimits(DEFAULT_LIMITS, 3)?.maxDerBytes).toBe(DEFAULT_LIMITS.maxDerBytes);
  });
});

describe("readTlv, reading its header inline", () => {
  /** readTlv as it was before the header reader was shared with the shape guard (strict DER framing), and leniently. */
  function before(bytes: Uint8Array, p: number, end: number, lenient = false): { tag: number; start: number; body: number; end: number } | null {
    const tag = bytes[p]!;
    if ((tag & 0x1f) === 0x1f || p + 1 >= end) return null;
    let len = bytes[p + 1]!;
    let body = p + 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      if (n === 0 || n > 4 || body + n > end || (!lenient && bytes[body] === 0)) return null;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + bytes[body++]!;
      if (!lenient && len < 0x80) return null;
    }
    return body + len <= end ? { tag, start: p, body, end: body + len } : null;
  }

  it("frames exactly as before, for any bytes and any window, strictly and leniently", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 12 }), fc.nat(12), fc.boolean(), (bytes, cut, lenient) => {
        const end = Math.max(1, Math.min(bytes.length, cut || bytes.length));
        expect(readTlv(bytes, 0, end, lenient)).toEqual(before(bytes, 0, end, lenient));
      }),
      { numRuns: 20_000 },
    );
    // Header shapes the random bytes rarely hit: long lengths, cut short, non-minimal, indefinite.
    for (const h of ["3081", "308180", "30817f", "3082", "308201", "30820100", "3080", "3085", "1f8101", "3084000000ff"]) {
      const b = new Uint8Array([...Buffer.from(h, "hex"), ...new Uint8Array(300)]);
      for (const end of [2, 3, 4, 5, 200, b.length]) {
        for (const lenient of [false, true]) expect(readTlv(b, 0, end, lenient), `${h}/${end}/${lenient}`).toEqual(before(b, 0, end, lenient));
      }
    }
  });

  it("lenient: non-minimal lengths are read, the rest is as strict", () => {
    const nonMinimal = new Uint8Array([0x30, 0x81, 0x03, 0x02, 0x01, 0x07]);
    expect(readTlv(nonMinimal, 0, nonMinimal.length)).toBeNull();
    expect(readTlv(nonMinimal, 0, nonMinimal.length, true)).toEqual({ tag: 0x30, start: 0, body: 3, end: 6 });
    expect(readTlv(new Uint8Array([0x30, 0x80, 0, 0]), 0, 4, true)).toBeNull(); // indefinite
  });
});

describe("assertDerShape, read without an object per header", () => {
  /** The walk as it was before: a header object per TLV and a region object per open value. */
  function shapeBefore(bytes: Uint8Array, maxDepth: number, maxOid: number): string {
    const header = (p: number, end: number) => {
      const tag = bytes[p++]!;
      if ((tag & 0x1f) === 0x1f) {
        let guard = 0;
        while (p < end && bytes[p]! & 0x80 && guard++ < 8) p++;
        p++;
      }
      if (p >= end) return { tag, body: p, len: 0, indefinite: false, status: "truncated" };
      let len = bytes[p++]!;
      if (len === 0x80) return { tag, body: p, len, indefinite: true, status: "ok" };
      if (len & 0x80) {
        const n = len & 0x7f;
        if (n > 4) return { tag, body: p, len: 0, indefinite: false, status: "too-long" };
        len = 0;
        for (let i = 0; i < n && p < end; i++) len = len * 256 + bytes[p++]!;
      }
      return { tag, body: p, len, indefinite: false, status: "ok" };
    };
    const wholeTlv = (pos: number, end: number) => {
      const t = readTlv(bytes, pos, end, true);
      return t !== null && t.end === end && (t.tag === 0x30 || t.tag === 0x31 || t.tag === 0x06);
    };
    const regions = [{ end: bytes.length, speculative: false, indefinite: false }];
    let pos = 0;
    while (regions.length > 0) {
      const top = regions[regions.length - 1]!;
      if (pos >= top.end) {
        regions.pop();
        if (top.speculative) pos = top.end;
        continue;
      }
      const h = header(pos, top.end);
      if (h.status === "truncated") {
        if (!top.speculative) return "ok";
        pos = h.body;
        continue;
      }
      if (h.status === "too-long") {
        if (!top.speculative) return "ok";
        pos = top.end;
        continue;
      }
      const { tag, len, indefinite } = h;
      pos = h.body;
      if (top.speculative && !indefinite && pos + len > top.end) {
        pos = top.end;
        continue;
      }
      if ((tag === 0x06 || tag === 0x0d) && !indefinite && len > maxOid) return `oid ${len}`;
      if ((tag & 0x20) !== 0) {
        regions.push({ end: indefinite ? top.end : Math.min(pos + len, top.end), speculative: top.speculative, indefinite });
        if (regions.length - 1 > maxDepth) return "depth";
      } else if (tag === 0x04 && !indefinite && len >= 2 && pos + len <= top.end && wholeTlv(pos, pos + len)) {
        regions.push({ end: pos + len, speculative: true, indefinite: false });
        if (regions.length - 1 > maxDepth) return "depth";
      } else if (!indefinite) {
        pos += len;
      }
      if (tag === 0 && len === 0 && regions.length > 1 && top.indefinite) regions.pop();
    }
    return "ok";
  }
  function shapeNow(bytes: Uint8Array, maxDepth: number, maxOid: number): string {
    try {
      assertDerShape(bytes, { maxAsn1Depth: maxDepth, maxOidBytes: maxOid }, "x");
      return "ok";
    } catch (e) {
      if (!(e instanceof LimitError)) throw e;
      return e.limit === "maxOidBytes" ? `oid ${/of (\d+) bytes/.exec(e.message)![1]}` : "depth";
    }
  }

  // DER-like values: nesting, OIDs, OCTET STRINGs wrapping DER, indefinite lengths, long and high-tag forms.
  const tlv = (tag: number[], content: number[], form: "short" | "long" | "indefinite"): number[] => {
    if (form === "indefinite") return [...tag, 0x80, ...content, 0, 0];
    if (form === "long" || content.length > 0x7f) return [...tag, 0x82, content.length >> 8, content.length & 0xff, ...content];
    return [...tag, content.length, ...content];
  };
  const value: fc.Memo<number[]> = fc.memo((n) =>
    n <= 1
      ? fc.oneof(
          fc.tuple(fc.constantFrom(0x02, 0x06, 0x0d, 0x04, 0x17, 0x0c), fc.uint8Array({ maxLength: 6 })).map(([t, c]) => tlv([t], [...c], "short")),
          fc.uint8Array({ maxLength: 4 }).map((b) => [...b]),
        )
      : fc.oneof(
          fc
            .tuple(
              fc.constantFrom<number[]>([0x30], [0x31], [0xa0], [0x24], [0x3f, 0x81, 0x01]),
              fc.array(value(n - 1), { maxLength: 3 }),
              fc.constantFrom("short", "long", "indefinite"),
            )
            .map(([t, children, form]) => tlv(t, children.flat(), form as "short")),
          value(n - 1).map((inner) => tlv([0x04], inner, "short")),
        ),
  );
  const mutated = fc.tuple(value(6), fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 3 }), fc.nat()).map(([bytes, flips, cut]) => {
    const b = Uint8Array.from(bytes);
    for (const [at, v] of flips) if (b.length) b[at % b.length] = v;
    return cut % 4 === 0 && b.length ? b.subarray(0, cut % b.length) : b;
  });

  it("finds what the walk found before, for any bytes and any limits", () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.uint8Array({ maxLength: 40 })), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 5 }), (bytes, depth, oid) => {
        expect(shapeNow(bytes, depth, oid)).toBe(shapeBefore(bytes, depth, oid));
      }),
      { numRuns: 20_000 },
    );
  });

  it("walks the seals' CMS as before (the sample's, and the broker's with its CA's CRL)", () => {
    for (const file of ["samples/valid/archive.pdf", "test/fixtures/real/broker-example/archive.pdf"]) {
      const contents = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(readFileSync(file, "latin1"))![1]!;
      const cms = new Uint8Array(Buffer.from(contents, "hex"));
      for (const [depth, oid] of [
        [64, 1024],
        [8, 1024],
        [3, 1024],
        [64, 8],
        [1, 2],
      ] as const) {
        expect(shapeNow(cms, depth, oid), `${file} ${depth} ${oid}`).toBe(shapeBefore(cms, depth, oid));
      }
    }
  });
});

describe("derFramed (a10: BER framing read as DER)", () => {
  const cert = () => testPki().seal.der;
  it("re-frames indefinite, 5-byte and split-string BER to the very DER, and says where the value ended", () => {
    const der = cert();
    for (const style of ["indefinite", "long", "split"] as const) {
      const ber = toBer(der, style);
      expect(Buffer.from(ber).equals(Buffer.from(der))).toBe(false);
      const framed = derFramed(Uint8Array.from([...ber, 0x0d, 0x0a]), DEFAULT_LIMITS, "c")!;
      expect(Buffer.from(framed.der).equals(Buffer.from(der))).toBe(true);
      expect(framed.end).toBe(ber.length);
    }
    expect(Buffer.from(derFramed(der, DEFAULT_LIMITS, "c")!.der).equals(Buffer.from(der))).toBe(true);
  });
  it("null for what BER does not read: a constructed INTEGER, a multi-byte tag, unused bits before the last segment, a cut", () => {
    expect(derFramed(Uint8Array.from([0x22, 0x03, 0x02, 0x01, 0x00]), DEFAULT_LIMITS, "x")).toBeNull();
    expect(derFramed(Uint8Array.from([0x1f, 0x81, 0x00, 0x00]), DEFAULT_LIMITS, "x")).toBeNull();
    expect(derFramed(Uint8Array.from([0x23, 0x80, 0x03, 0x02, 0x04, 0xf0, 0x03, 0x02, 0x00, 0xff, 0, 0]), DEFAULT_LIMITS, "x")).toBeNull();
    expect(
      Buffer.from(derFramed(Uint8Array.from([0x23, 0x80, 0x03, 0x02, 0x00, 0xf0, 0x03, 0x02, 0x04, 0xf0, 0, 0]), DEFAULT_LIMITS, "x")!.der).toString("hex"),
    ).toBe("030304f0f0");
    expect(derFramed(Uint8Array.from([0x30, 0x80, 0x02, 0x01, 0x00]), DEFAULT_LIMITS, "x")).toBeNull();
    expect(derFramed(Uint8Array.from([0x30, 0x85, 0xff, 0xff, 0xff, 0xff, 0xff]), DEFAULT_LIMITS, "x")).toBeNull();
  });
  it("past the depth or value limits: a LimitError naming the value, not a stack overflow", () => {
    const deep = Uint8Array.from([...Array.from({ length: 100_000 }, () => [0x30, 0x80]).flat()]);
    expect(() => derFramed(deep, DEFAULT_LIMITS, "deep")).toThrow(LimitError);
    expect(() => derFramed(deep, DEFAULT_LIMITS, "deep")).toThrow(/deep: ASN.1 nesting deeper than 64/);
    const wide = Uint8Array.from([0x30, 0x80, ...Array.from({ length: 300_000 }, () => [0x05, 0x00]).flat(), 0, 0]);
    expect(() => derFramed(wide, DEFAULT_LIMITS, "wide")).toThrow(/wide: more than 200000 ASN.1 values/);
  });
});
