// The reader accepts only the syntax that qpdf, poppler, PDFBox and pdf.js all read without repair (issue 33).
// Each refusal here is a form an attacker used to make readers show something else than what was sealed.
import { describe, expect, it } from "vitest";
import { FormatError } from "../../src/api/internal.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, latin1, LIMITS, minimalObjects, minimalPdf, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

function catalogType(bytes: Uint8Array | string): string | undefined {
  const v = parsePdf(wholeSource(typeof bytes === "string" ? latin1(bytes) : bytes), LIMITS).latest();
  return v.getName(v.catalog(), "Type");
}
const refused = (s: string, re: RegExp) => expect(() => parsePdf(wholeSource(latin1(s)), LIMITS)).toThrow(re);

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

  it("refuses a table without a subsection (qpdf: 'xref syntax invalid', reconstructs)", () => {
    const r1 = text(
      addRevision(minimalPdf("table"), { objects: [{ num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" }], xref: "table", trailer: "/Root 1 0 R" }),
    );
    const at = r1.lastIndexOf("\nxref\n") + 1;
    const empty = r1.slice(0, at) + r1.slice(at).replace(/xref\n1 1\n\d{10} 00000 n\r\n/, "xref\n");
    refused(empty.replace(/startxref\n\d+\n%%EOF\n$/, `startxref\n${at}\n%%EOF\n`), /cross-reference table without a subsection/);
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
  expect(() => parsePdf(wholeSource(latin1(edit(s, "xref\n0 5\n", "xref\n%c\n0 5\n"))), LIMITS)).toThrow(FormatError);
});

/** A one-revision file whose xref stream is written with the given /W and options (rows sorted by number). */
function xrefStreamPdf(opts: {
  w: [number, number, number];
  index?: (n: number) => string;
  extraBytes?: number;
  dropRow?: boolean;
  rowOrder?: number[];
}): string {
  let s = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (const o of minimalObjects()) {
    offsets[o.num] = s.length;
    if (o.stream) s += `${o.num} 0 obj\n${o.body.replace(/>>$/, `/Length ${o.stream.length} >>`)}\nstream\n${text(o.stream)}\nendstream\nendobj\n`;
    else s += `${o.num} 0 obj\n${o.body}\nendobj\n`;
  }
  const xrefAt = s.length;
  offsets[5] = xrefAt;
  const field = (v: number, w: number) => {
    let out = "";
    for (let i = w - 1; i >= 0; i--) out += String.fromCharCode(Math.floor(v / 256 ** i) % 256);
    return out;
  };
  let data = "";
  const rows = opts.dropRow ? 5 : 6;
  for (const n of (opts.rowOrder ?? [0, 1, 2, 3, 4, 5]).slice(0, rows))
    data += field(n === 0 ? 0 : 1, opts.w[0]) + field(n === 0 ? 0 : offsets[n]!, opts.w[1]) + field(n === 0 ? 65535 : 0, opts.w[2]);
  data += "\0".repeat(opts.extraBytes ?? 0);
  const index = opts.index ? ` /Index [${opts.index(6)}]` : "";
  s += `5 0 obj\n<< /Type /XRef /Size 6 /W [${opts.w.join(" ")}]${index} /Root 1 0 R /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`;
  return s + `startxref\n${xrefAt}\n%%EOF\n`;
}

describe("xref streams", () => {
  it("reads /W fields up to [4 8 4] (poppler's bounds) and refuses wider ones", () => {
    expect(catalogType(xrefStreamPdf({ w: [1, 4, 2] }))).toBe("Catalog");
    expect(catalogType(xrefStreamPdf({ w: [4, 8, 4] }))).toBe("Catalog");
    expect(catalogType(xrefStreamPdf({ w: [0, 3, 0] }))).toBe("Catalog");
    refused(xrefStreamPdf({ w: [5, 4, 2] }), /has a field wider than every reader reads/);
    refused(xrefStreamPdf({ w: [1, 9, 2] }), /has a field wider than every reader reads/);
    refused(xrefStreamPdf({ w: [1, 4, 5] }), /has a field wider than every reader reads/);
  });

  it("refuses data longer or shorter than /W and /Index need (qpdf: 'has the wrong size')", () => {
    expect(catalogType(xrefStreamPdf({ w: [1, 4, 2], extraBytes: 7 }))).toBe("Catalog"); // qpdf warns, reads the same rows
    expect(catalogType(xrefStreamPdf({ w: [1, 4, 2], extraBytes: 1 }))).toBe("Catalog");
    refused(xrefStreamPdf({ w: [1, 4, 2], dropRow: true }), /holds 35 bytes, \/W and \/Index need 42 \(qpdf rebuilds/);
  });

  it("reads /Index subsections in any order, each row as its subsection names it; refuses overlap (a16 X2)", () => {
    expect(catalogType(xrefStreamPdf({ w: [1, 4, 2], index: () => "0 3 3 3" }))).toBe("Catalog");
    // Descending, as every reader reads it (poppler, qpdf, PDFium, pdf.js, PDFBox): it was refused, and an LTV
    // update written so made a genuine archive FORMAT_FAILURE.
    const descending = xrefStreamPdf({ w: [1, 4, 2], index: () => "3 3 0 3", rowOrder: [3, 4, 5, 0, 1, 2] });
    expect(catalogType(descending)).toBe("Catalog");
    const page = parsePdf(wholeSource(latin1(descending)), LIMITS)
      .latest()
      .objectByNumber(3)!.value;
    expect(page.kind === "dict" && page.entries.get("Type")).toMatchObject({ kind: "name", value: "Page" });
    refused(xrefStreamPdf({ w: [1, 4, 2], index: () => "0 4 2 2" }), /\/Index subsections overlap/);
    refused(xrefStreamPdf({ w: [1, 4, 2], index: () => "3 3 0 4", rowOrder: [3, 4, 5, 0, 1, 2] }), /\/Index subsections overlap/);
  });
});

describe("trailer /Size in incremental updates", () => {
  const r0 = minimalPdf("table");
  const update = (num: number, body: string, size: number) =>
    text(addRevision(r0, { objects: [{ num, body }], xref: "table", trailer: "/Root 1 0 R" })).replace(/(\/Size )\d+( \/Prev)/, `$1${size}$2`);

  it("reads a later revision whose /Size is below an object it lists itself (poppler grows its table by the subsections)", () => {
    const s = update(5, "(new)", 5);
    const doc = parsePdf(wholeSource(latin1(s)), LIMITS);
    expect(doc.latest().objectByNumber(5)).toBeDefined();
    expect(catalogType(update(4, "<< >>", 3))).toBe("Catalog");
  });

  it("refuses a /Size below an object only an earlier revision lists (poppler: 'xref num 2 not found', rebuilds)", () => {
    refused(update(1, "<< /Type /Catalog /Pages 2 0 R /Lang (da) >>", 2), /object 4 is listed by an earlier revision, but the trailer's \/Size is 2/);
    refused(update(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>", 4), /object 4 is listed by an earlier revision/);
    expect(catalogType(update(1, "<< /Type /Catalog /Pages 2 0 R /Lang (da) >>", 5))).toBe("Catalog");
  });
});
