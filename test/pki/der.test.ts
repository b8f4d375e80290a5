// decodeDer is pure: the same bytes decode alike whatever was decoded before. Bytes handed out by
// bytesOfDecoded carry their tree, which only a decoder by parts asks for (decodedParts).
import * as asn1js from "asn1js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { bytesOfDecoded, decodeDer, decodedParts, partLimits, readTlv } from "../../src/pki/der.js";

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

describe("readTlv, on the one header reader", () => {
  /** readTlv as it was before the header reader was shared with the shape guard (strict DER framing). */
  function strictBefore(bytes: Uint8Array, p: number, end: number): { tag: number; start: number; body: number; end: number } | null {
    const tag = bytes[p]!;
    if ((tag & 0x1f) === 0x1f || p + 1 >= end) return null;
    let len = bytes[p + 1]!;
    let body = p + 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      if (n === 0 || n > 4 || body + n > end || bytes[body] === 0) return null;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + bytes[body++]!;
      if (len < 0x80) return null;
    }
    return body + len <= end ? { tag, start: p, body, end: body + len } : null;
  }

  it("frames exactly as before, for any bytes and any window", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 12 }), fc.nat(12), (bytes, cut) => {
        const end = Math.max(1, Math.min(bytes.length, cut || bytes.length));
        expect(readTlv(bytes, 0, end)).toEqual(strictBefore(bytes, 0, end));
      }),
      { numRuns: 20_000 },
    );
    // Header shapes the random bytes rarely hit: long lengths, cut short, non-minimal, indefinite.
    for (const h of ["3081", "308180", "30817f", "3082", "308201", "30820100", "3080", "3085", "1f8101"]) {
      const b = new Uint8Array([...Buffer.from(h, "hex"), ...new Uint8Array(300)]);
      for (const end of [2, 3, 4, 5, 200, b.length]) expect(readTlv(b, 0, end), `${h}/${end}`).toEqual(strictBefore(b, 0, end));
    }
  });

  it("lenient: non-minimal lengths are read, the rest is as strict", () => {
    const nonMinimal = new Uint8Array([0x30, 0x81, 0x03, 0x02, 0x01, 0x07]);
    expect(readTlv(nonMinimal, 0, nonMinimal.length)).toBeNull();
    expect(readTlv(nonMinimal, 0, nonMinimal.length, true)).toEqual({ tag: 0x30, start: 0, body: 3, end: 6 });
    expect(readTlv(new Uint8Array([0x30, 0x80, 0, 0]), 0, 4, true)).toBeNull(); // indefinite
  });
});
