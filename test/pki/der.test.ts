// decodeDer is pure: the same bytes decode alike whatever was decoded before. Bytes handed out by
// bytesOfDecoded carry their tree, which only a decoder by parts asks for (decodedParts).
import * as asn1js from "asn1js";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { bytesOfDecoded, decodeDer, decodedParts, partLimits } from "../../src/pki/der.js";

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
