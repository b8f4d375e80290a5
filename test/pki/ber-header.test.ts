// One BER header reader (der.ts berHeader) for derFramed (re-framing BER as DER) and ber.ts's flat walk (berValue,
// readerMayRead, the screen of what no signature covers): both read the same lengths. Before, berValue refused a
// definite length of more than 6 octets that derFramed (and BouncyCastle) read, so an element's outline and its
// re-framing disagreed.
import { describe, expect, it } from "vitest";
import { berValue, readerMayRead } from "../../src/pki/ber.js";
import { berHeader, derFramed } from "../../src/pki/der.js";

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/ /g, ""), "hex"));
const LIMITS = { maxAsn1Depth: 64, maxAsn1Nodes: 1000 };

describe("berHeader: the one BER header reader", () => {
  it("a length in 8 octets with leading zeros: read by berValue as by derFramed", () => {
    const v = hex("30 88 0000000000000002 0500");
    expect(berHeader(v, 0, v.length)).toEqual({ tag: 0x30, body: 10, len: 2 });
    expect(berValue(v, 0, v.length)).toMatchObject({ tag: 0x30, body: 10, end: 12 });
    expect(derFramed(v, LIMITS, "x")).toEqual({ der: hex("3002 0500"), end: 12 });
  });

  it("the same forms refused by both: 0xFF, a length past the end, indefinite primitive, a multi-byte tag where not taken", () => {
    for (const h of ["30ff 00", "3085 0000000010 00", "0480 0000"]) {
      const v = hex(h);
      expect(berHeader(v, 0, v.length)).toBeNull();
      expect(berValue(v, 0, v.length)).toBeNull();
      expect(derFramed(v, LIMITS, "x")).toBeNull();
    }
    const tagged = hex("9f8101 01 00");
    expect(berHeader(tagged, 0, tagged.length)).toEqual({ tag: 0x9f, body: 4, len: 1 });
    expect(berHeader(tagged, 0, tagged.length, false)).toBeNull();
  });

  it("a CRL of a reader's outline in such framing has it (its outline and its re-framing agree)", () => {
    const der = hex("30363022300b06092a864886f70d01010b3000170d3235313230383038333633385a30023000300b06092a864886f70d01010b0303000102");
    const long = Uint8Array.from([0x30, 0x87, 0, 0, 0, 0, 0, 0, 0x36, ...der.subarray(2)]);
    expect(readerMayRead("crl", der)).toBe(true);
    expect(readerMayRead("crl", long)).toBe(true);
    expect(derFramed(long, LIMITS, "x")!.der).toEqual(der);
  });
});
