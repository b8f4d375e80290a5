// decodeDer answers the bytes of a value already decoded inside a larger one from the tree it came from;
// any other bytes, equal or not, are decoded (and guarded) as usual.
import * as asn1js from "asn1js";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { bytesOfDecoded, decodeDer, partLimits } from "../../src/pki/der.js";

describe("bytesOfDecoded", () => {
  it("hands out a copy whose decoding is the original tree; an equal copy is decoded afresh", () => {
    const outer = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.Integer({ value: 7 })] })] });
    const tree = decodeDer(new Uint8Array(outer.toBER()), "outer", DEFAULT_LIMITS) as asn1js.Sequence;
    const inner = tree.valueBlock.value[0]!;
    const bytes = bytesOfDecoded(inner);
    expect(Buffer.from(bytes).toString("hex")).toBe("3003020107");
    expect(decodeDer(bytes, "inner", DEFAULT_LIMITS)).toBe(inner);
    const fresh = decodeDer(new Uint8Array(bytes), "inner", DEFAULT_LIMITS);
    expect(fresh).not.toBe(inner);
    expect(Buffer.from(fresh.toBER()).equals(Buffer.from(bytes))).toBe(true);
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
