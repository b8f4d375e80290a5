// a16 A5: augment rewrites page 1 (to list its widget) and wrote every real with toFixed(6): a LibreOffice A4 page
// (595.303937007874) became another size, 0.0 an integer, and the self-check refused to renew the archive. A value
// augment writes again must read back as the same value and kind.
import { describe, expect, it } from "vitest";
import { serialize } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { wholeSource } from "../../src/input/source.js";
import { addRevision, LIMITS, minimalObjects } from "../pdf/helpers.js";

const NUMBERS = [
  "595.303937007874",
  "841.889763779528",
  "0.0",
  "90.0",
  "-0.0",
  ".5",
  "-.000000125",
  "0.0000001",
  "1e-7",
  "123456789012345678901234",
  "3",
  "-17",
  "1.0000000000000002",
  "1200000000000000000000.0",
];

/** The numbers of an array read by the parser, as sealcheck reads a page. */
function read(text: string): { value: number; integer: boolean }[] {
  const bytes = addRevision(new Uint8Array(), { objects: [...minimalObjects(), { num: 5, body: text }], xref: "table", trailer: "/Root 1 0 R" });
  const o = parsePdf(wholeSource(bytes), LIMITS).latest().objectByNumber(5)!.value;
  if (o.kind !== "array") throw new Error(`not an array: ${o.kind}`);
  return o.items.map((x) => (x.kind === "number" ? { value: x.value, integer: x.integer } : { value: NaN, integer: false }));
}

describe("augment writes a number it read as the same number (a16 A5)", () => {
  it("every real and integer reads back with its value and kind", () => {
    const source = NUMBERS.filter((n) => !n.includes("e")).join(" ");
    const first = read(`[${source}]`);
    const again = read(serialize({ kind: "array", items: first.map((n) => ({ kind: "number", ...n })) }));
    expect(again).toEqual(first);
    expect(again.map((n) => n.integer)).toEqual(NUMBERS.filter((n) => !n.includes("e")).map((n) => !n.includes(".")));
  });

  it("never an exponent (PDF has none), whatever the value", () => {
    for (const value of [1e-7, -1.25e-7, 1.2e21, 5e-324, Number.MAX_VALUE]) {
      const text = serialize({ kind: "number", value, integer: false });
      expect(text).toMatch(/^-?\d+\.\d+$/);
      expect(Number(text)).toBe(value);
    }
  });
});
