// The one outline reader of a ContentInfo holding SignedData (src/pki/cms-outline.ts), used by the screen of what no
// signature covers (BER framing) and by the count of a timestamp token's certificates (DER framing): both framings
// read the real seal's CMS alike; what is not that outline is null.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sealGap } from "../../scripts/attack36/lib.js";
import { berChildren, berValue } from "../../src/pki/ber.js";
import { signedDataOutline } from "../../src/pki/cms-outline.js";
import { derChildren, readTlv } from "../../src/pki/der.js";

const der = sealGap(new Uint8Array(readFileSync("test/fixtures/real/broker-example/archive.pdf"))).der;

describe("signedDataOutline", () => {
  it("reads the real seal's CMS alike in DER and BER framing: contentType, [0], SignedData, its fields", () => {
    const d = signedDataOutline(readTlv(der, 0, der.length)!, (v) => derChildren(der, v.body, v.end))!;
    const b = signedDataOutline(berValue(der, 0, der.length)!, (v) => berChildren(der, v))!;
    expect(d.fields.map((f) => f.tag)).toEqual([0x02, 0x31, 0x30, 0xa0, 0xa1, 0x31].filter((t, i) => i !== 4 || d.fields.some((f) => f.tag === 0xa1)));
    expect(b.fields.map((f) => [f.tag, f.start, f.end])).toEqual(d.fields.map((f) => [f.tag, f.start, f.end]));
    expect(d.contentType.tag).toBe(0x06);
  });

  it("null off the outline: not a SEQUENCE, three values, no [0], two values in [0]", () => {
    const read = (h: string) => {
      const x = Uint8Array.from(Buffer.from(h.replace(/ /g, ""), "hex"));
      return signedDataOutline(berValue(x, 0, x.length)!, (v) => berChildren(x, v));
    };
    expect(read("3100")).toBeNull();
    expect(read("3006 0600 a000 0500")).toBeNull();
    expect(read("3004 0600 0500")).toBeNull();
    expect(read("3008 0600 a004 3000 3000")).toBeNull();
    expect(read("3006 0600 a002 3000")).toEqual(expect.objectContaining({ fields: [] }));
  });
});
