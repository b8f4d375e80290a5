// The reader accepts only the syntax that qpdf, poppler, PDFBox and pdf.js all read without repair (issue 33).
// Each refusal here is a form an attacker used to make readers show something else than what was sealed.
import { describe, expect, it } from "vitest";
import { FormatError } from "../../src/index.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, latin1, LIMITS, minimalObjects, minimalPdf, text } from "./helpers.js";

function catalogType(bytes: Uint8Array | string): string | undefined {
  const v = parsePdf(typeof bytes === "string" ? latin1(bytes) : bytes, LIMITS).latest();
  return v.getName(v.catalog(), "Type");
}
const refused = (s: string, re: RegExp) => expect(() => parsePdf(latin1(s), LIMITS)).toThrow(re);

/** Replaces `from` by `to` and moves the (single) startxref by the length difference when the edit lies before the table. */
function edit(s: string, from: string, to: string): string {
  const at = s.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  const out = s.slice(0, at) + to + s.slice(at + from.length);
  const xref = s.lastIndexOf("\nxref") + 1;
  if (at >= xref) return out;
  return out.replace(/startxref\n(\d+)/, (_m, n: string) => `startxref\n${Number(n) + to.length - from.length}`);
}

describe("xref tables as ISO 32000-1 §7.5.4 writes them", () => {
  const s = text(minimalPdf("table"));

  it("reads the standard form and the variants genuine producers write (space before a header's EOL, blank line before 'trailer')", () => {
    expect(catalogType(s)).toBe("Catalog");
    expect(catalogType(edit(s, "\n0 5\n", "\n0 5 \r\n"))).toBe("Catalog");
    expect(catalogType(edit(s, "\ntrailer\n", "\n\ntrailer\n"))).toBe("Catalog");
    expect(catalogType(edit(s, "00000 n\r\n", "00000 n \n"))).toBe("Catalog");
    expect(catalogType(edit(s, "00000 n\r\n", "00000 n \r"))).toBe("Catalog");
  });

  it("refuses a comment after 'xref', after a subsection header or between entries", () => {
    refused(edit(s, "xref\n0 5\n", "xref %c\n0 5\n"), /'xref' is not followed by an end-of-line/);
    refused(edit(s, "xref\n0 5\n", "xref\n%c\n0 5\n"), /malformed cross-reference subsection header/);
    refused(edit(s, "xref\n0 5\n", "xref\n0 5 %c\n"), /malformed cross-reference subsection header/);
    refused(edit(s, "xref\n0 5\n", "xref\n0 5\n%c\n"), /malformed cross-reference entry/);
    refused(edit(s, "00000 n\r\n", "00000 n\r\n%c\n"), /malformed cross-reference entry/);
  });

  it("refuses an entry split over lines, a NUL or other separator, and entries not 20 bytes long", () => {
    refused(edit(s, "00000 n\r\n", "00000\nn\r\n"), /malformed cross-reference entry/);
    refused(edit(s, " 00000 n\r\n", "\x0000000 n\r\n"), /malformed cross-reference entry/);
    refused(edit(s, " 00000 n\r\n", "\t00000 n\r\n"), /malformed cross-reference entry/);
    refused(edit(s, "00000 n\r\n", "00000 n\n"), /malformed cross-reference entry/);
    refused(edit(s, "00000 n\r\n", "0000 n\r\n\n"), /malformed cross-reference entry/);
    refused(edit(s, "00000 n\r\n", "00000 n  \n"), /malformed cross-reference entry/);
    refused(edit(s, "\n0 5\n", "\n0\x005\n"), /malformed cross-reference subsection header/);
    refused(edit(s, "\n0 5\n", "\n0  5\n"), /malformed cross-reference subsection header/);
    refused(edit(s, "\n0 5\n", "\n 0 5\n"), /malformed cross-reference subsection header/);
  });
});

describe("offsets that name a cross-reference section", () => {
  it("accept only the token itself, or the one EOL before 'xref' (DSS corpus: Certipost)", () => {
    const s = text(minimalPdf("table"));
    const at = s.lastIndexOf("\nxref\n") + 1;
    expect(catalogType(s.replace(/startxref\n\d+/, `startxref\n${at - 1}`))).toBe("Catalog");
    const two = edit(s, "\nxref\n", "\n \nxref\n");
    const at2 = two.lastIndexOf("\nxref\n") + 1;
    expect(catalogType(two.replace(/startxref\n\d+/, `startxref\n${at2}`))).toBe("Catalog");
    expect(catalogType(two.replace(/startxref\n\d+/, `startxref\n${at2 - 1}`))).toBe("Catalog");
    refused(two.replace(/startxref\n\d+/, `startxref\n${at2 - 2}`), /points at whitespace/);
    refused(two.replace(/startxref\n\d+/, `startxref\n${at2 - 3}`), /points at whitespace/);
  });

  it("refuse whitespace before an xref stream's 'N G obj', also through /Prev and /XRefStm", () => {
    const s = text(minimalPdf("stream"));
    const at = Number(/startxref\n(\d+)/.exec(s)![1]);
    expect(catalogType(s)).toBe("Catalog");
    refused(s.replace(/startxref\n\d+/, `startxref\n${at - 1}`), /points at whitespace/);
    const r0 = minimalPdf("stream");
    const r1 = text(addRevision(r0, { objects: [{ num: 6, body: "1" }], xref: "stream", trailer: "/Root 1 0 R" }));
    const prev = Number(/\/Prev (\d+)/.exec(r1)![1]);
    refused(r1.replace(`/Prev ${prev}`, `/Prev ${prev - 1}`.padEnd(`/Prev ${prev}`.length)), /points at whitespace/);
    const h = text(addRevision(new Uint8Array(), { objects: minimalObjects(), compressed: [{ num: 5, body: "(x)" }], xref: "hybrid", trailer: "/Root 1 0 R" }));
    expect(catalogType(h)).toBe("Catalog");
    const stm = Number(/\/XRefStm (\d+)/.exec(h)![1]);
    refused(h.replace(`/XRefStm ${stm}`, `/XRefStm ${stm - 1}`.padEnd(`/XRefStm ${stm}`.length)), /points at whitespace/);
  });
});

it("refusals are FormatErrors", () => {
  const s = text(minimalPdf("table"));
  expect(() => parsePdf(latin1(edit(s, "xref\n0 5\n", "xref\n%c\n0 5\n")), LIMITS)).toThrow(FormatError);
});
