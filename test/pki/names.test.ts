// Name matching: names encoded alike match without pkijs's stringprep comparison; names encoded differently
// are still compared by it (a PrintableString and a UTF8String of the same text match, RFC 5280 §7.1).
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
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
    expect(sameName(name(new asn1js.PrintableString({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "seal  ca" })))).toBe(true);
    expect(sameName(name(new asn1js.Utf8String({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "Seal CA 2" })))).toBe(false);
    expect(sameName(name(new asn1js.Utf8String({ value: "Seal CA" })), name(new asn1js.Utf8String({ value: "Seal CA" }), "Other A/S"))).toBe(false);
  });
});
