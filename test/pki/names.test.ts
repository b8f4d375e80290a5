// Name matching: names encoded alike match without pkijs's stringprep comparison; names encoded differently
// are still compared by it (a PrintableString and a UTF8String of the same text match, RFC 5280 §7.1).
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { sameName } from "../../src/pki/certificate.js";

function name(cn: asn1js.Utf8String | asn1js.PrintableString, o = "Broker A/S"): pkijs.RelativeDistinguishedNames {
  const built = new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: "2.5.4.10", value: new asn1js.Utf8String({ value: o }) }),
      new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: cn }),
    ],
  });
  return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(built.toSchema().toBER()).result });
}

describe("sameName", () => {
  it("equal encodings match without the attribute-by-attribute comparison", () => {
    const spy = vi.spyOn(pkijs.AttributeTypeAndValue.prototype, "isEqual");
    expect(sameName(name(new asn1js.Utf8String({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "Seal CA" })))).toBe(true);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("different encodings of the same name still match; different names do not", () => {
    const spy = vi.spyOn(pkijs.AttributeTypeAndValue.prototype, "isEqual");
    expect(sameName(name(new asn1js.Utf8String({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "TSA CA" })))).toBe(false);
    expect(spy).not.toHaveBeenCalled(); // printable ASCII: settled without pkijs's localeCompare
    spy.mockRestore();
    expect(sameName(name(new asn1js.PrintableString({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "seal  ca" })))).toBe(true);
    expect(sameName(name(new asn1js.Utf8String({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "Seal CA 2" })))).toBe(false);
    expect(sameName(name(new asn1js.Utf8String({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "Seal CA" }), "Other A/S"))).toBe(false);
  });

  it("answers as pkijs's comparison does, for printable-ASCII names and others (property test)", () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom("a", "A", "b", " ", "-", "1", "é", "Ω", "\u200b", "\t"), maxLength: 8 }),
      fc.constantFrom("Seal CA", "seal ca", " Seal  CA ", "Seal-CA", "Seal CA 2", "SEAL CA"),
    );
    const value = fc
      .tuple(fc.constantFrom("utf8", "printable", "ia5", "octets"), text)
      .map(([kind, t]) =>
        kind === "utf8"
          ? new asn1js.Utf8String({ value: t })
          : kind === "printable"
            ? new asn1js.PrintableString({ value: t })
            : kind === "ia5"
              ? new asn1js.IA5String({ value: t })
              : new asn1js.OctetString({ valueHex: Buffer.from(t) }),
      );
    const rdn = fc.array(fc.tuple(fc.constantFrom("2.5.4.3", "2.5.4.10"), value), { minLength: 1, maxLength: 3 }).map((parts) => {
      const built = new pkijs.RelativeDistinguishedNames({
        typesAndValues: parts.map(([type, v]) => new pkijs.AttributeTypeAndValue({ type, value: v as never })),
      });
      return new pkijs.RelativeDistinguishedNames({ schema: asn1js.fromBER(built.toSchema().toBER()).result });
    });
    fc.assert(
      fc.property(rdn, rdn, (a, b) => {
        expect(sameName(a, b)).toBe(a.isEqual(b));
        expect(sameName(a, a)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
