import { randomBytes } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { FormatError, LimitError } from "../../src/api/internal.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { forgedUpdate, STRAY_FORGED_ROOT } from "./forged-update.js";
import { addRevision, latin1, LIMITS, minimalObjects, minimalPdf, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

function catalogType(bytes: Uint8Array): string | undefined {
  const v = parsePdf(wholeSource(bytes), LIMITS).latest();
  return v.getName(v.catalog(), "Type");
}

describe("cross-reference sections", () => {
  it("reads a classic xref table", () => {
    const bytes = minimalPdf("table");
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    expect(doc.revisions).toHaveLength(1);
    const r = doc.revisions[0]!;
    expect(r.xrefKind).toBe("table");
    expect(r.entries.map((e) => e.num)).toEqual([0, 1, 2, 3, 4]);
    expect(r.endOffset).toBe(bytes.length);
    expect(doc.trailingBytes).toBe(0);
    expect(catalogType(bytes)).toBe("Catalog");
  });

  it("reads an xref stream without predictor", () => {
    const doc = parsePdf(wholeSource(minimalPdf("stream")), LIMITS);
    expect(doc.revisions[0]!.xrefKind).toBe("stream");
    const v = doc.latest();
    const page = v.resolve({ kind: "ref", num: 3, gen: 0 });
    expect(page?.kind).toBe("dict");
  });

  it("reads a PNG-predicted (Up, /Predictor 12) xref stream with an object stream", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: minimalObjects(" /Extra 6 0 R"),
      compressed: [
        { num: 6, body: "<< /Hello (world) /N 42 >>" },
        { num: 7, body: "[1 2 3]" },
      ],
      objStmNum: 5,
      xref: "stream",
      predictor: true,
      trailer: "/Root 1 0 R",
    });
    expect(text(bytes)).toContain("/Predictor 12");
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const v = doc.latest();
    const extra = v.getDict(v.catalog(), "Extra")!;
    expect(v.getNumber(extra, "N")).toBe(42);
    expect(text(v.getString(extra, "Hello")!.bytes)).toBe("world");
    const seven = v.objectByNumber(7)!;
    expect(seven.location).toEqual({ kind: "object-stream", stream: 5, index: 1 });
    expect(seven.value.span).toBeUndefined(); // no file positions for objects inside object streams
  });

  it("refuses a hybrid file whose table lists as free what its /XRefStm lists in use (pdf.js reads null, poppler the object)", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: minimalObjects(" /Extra 6 0 R"),
      compressed: [{ num: 6, body: "<< /Hidden true >>" }],
      objStmNum: 5,
      xref: "hybrid",
      hybridFreeInTable: true,
      trailer: "/Root 1 0 R",
    });
    expect(() => parsePdf(wholeSource(bytes), LIMITS)).toThrow(/table lists object 6 as free, its \/XRefStm as compressed/);
  });

  it("reads a hybrid file: objects only in /XRefStm come from it", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: minimalObjects(" /Extra 6 0 R"),
      compressed: [{ num: 6, body: "<< /Hidden true >>" }],
      objStmNum: 5,
      xref: "hybrid",
      trailer: "/Root 1 0 R",
    });
    const doc = parsePdf(wholeSource(bytes), LIMITS);
    const r = doc.revisions[0]!;
    expect(r.xrefKind).toBe("hybrid");
    expect(r.xrefStm).toBeGreaterThan(0);
    expect(r.entries.find((e) => e.num === 6)?.type).toBe("compressed");
    const v = doc.latest();
    expect(v.get(v.getDict(v.catalog(), "Extra")!, "Hidden")).toMatchObject({ kind: "boolean", value: true });
  });

  for (const useObjectStreams of [false, true]) {
    it(`reads pdf-lib output (useObjectStreams: ${useObjectStreams})`, async () => {
      const d = await PDFDocument.create();
      d.addPage();
      d.addPage();
      const bytes = await d.save({ useObjectStreams });
      const doc = parsePdf(wholeSource(bytes), LIMITS);
      expect(doc.revisions[0]!.xrefKind).toBe(useObjectStreams ? "stream" : "table");
      const v = doc.latest();
      const pages = v.getDict(v.catalog(), "Pages")!;
      expect(v.getInt(pages, "Count")).toBe(2);
      if (useObjectStreams) expect(doc.revisions[0]!.entries.some((e) => e.type === "compressed")).toBe(true);
    });
  }

  it("tolerates a startxref and object offsets that point at whitespace before the token", () => {
    const good = minimalPdf("table");
    const s = text(good);
    // Point startxref one byte early (at the EOL before `xref`).
    const xrefAt = s.lastIndexOf("\nxref\n") + 1;
    const shifted = s.replace(/startxref\n\d+\n/, `startxref\n${xrefAt - 1}\n`);
    // readRevisionEnd insists the closing startxref names the section offset it was reached by.
    expect(catalogType(latin1(shifted))).toBe("Catalog");
    // Object 1's xref offset pointing at the preceding newline.
    const obj1 = s.indexOf("1 0 obj");
    const table = s.replace(`${String(obj1).padStart(10, "0")} 00000 n`, `${String(obj1 - 1).padStart(10, "0")} 00000 n`);
    expect(catalogType(latin1(table))).toBe("Catalog");
  });

  it("reads comments before 'startxref' (iText writes one) and refuses one between 'startxref' and its offset", () => {
    const s = text(minimalPdf("table"));
    expect(catalogType(latin1(s.replace(/\nstartxref\n/, "\n%iText-7.1.10\nstartxref\n")))).toBe("Catalog");
    expect(() => parsePdf(wholeSource(latin1(s.replace(/\nstartxref\n/, "\nstartxref\n%c\n"))), LIMITS)).toThrow(
      /a comment between 'startxref' and its offset/,
    );
  });

  it("refuses a reserved xref-stream entry type (poppler and pdf.js rebuild the table on it)", () => {
    const bytes = addRevision(new Uint8Array(), { objects: minimalObjects(), xref: "stream", trailer: "/Root 1 0 R" });
    expect(parsePdf(wholeSource(bytes), LIMITS).revisions[0]!.xrefKind).toBe("stream");
    const withType = addRevision(new Uint8Array(), { objects: minimalObjects(), xref: "stream", trailer: "/Root 1 0 R", rowType: { num: 4, type: 3 } });
    expect(() => parsePdf(wholeSource(withType), LIMITS)).toThrow(/object 4 has the reserved entry type 3/);
  });

  it("reads a /Size below an object its own section lists (qpdf warns, every reader reads it) or far above, up to poppler's bound", () => {
    const s = text(minimalPdf("table"));
    expect(catalogType(latin1(s.replace(/\/Size 5\b/, "/Size 4")))).toBe("Catalog");
    expect(catalogType(latin1(s.replace(/\/Size 5\b/, "/Size 9")))).toBe("Catalog");
    // a16 X2 size-high: 2,000 above the highest object; poppler, PDFium and pdf.js read it, qpdf warns (readers.test.ts).
    expect(catalogType(latin1(s.replace(/\/Size 5\b/, "/Size 2038")))).toBe("Catalog");
    expect(catalogType(forgedUpdate({ xref: "table", size: 2 ** 25 }))).toBe("Catalog");
    expect(catalogType(forgedUpdate({ xref: "stream", size: 2 ** 25 }))).toBe("Catalog");
    // Above 2^25 poppler cannot size its table and rebuilds it by scanning (readers.test.ts shows it).
    expect(() => catalogType(forgedUpdate({ xref: "table", size: 2 ** 25 + 1 }))).toThrow(/\/Size 33554433 is above 33554432, where poppler/);
    expect(() => catalogType(forgedUpdate({ xref: "stream", size: 2 ** 25 + 1 }))).toThrow(/\/Size 33554433 is above 33554432, where poppler/);
    expect(() => parsePdf(wholeSource(latin1(s.replace(/\/Size 5\b/, "/Size 2147483647"))), LIMITS)).toThrow(FormatError);
  });

  it("refuses object numbers where a reader rebuilds: 2^22 in a table (PDFium), 2^25 in a stream (poppler)", () => {
    const high = (xref: "table" | "stream", num: number) => forgedUpdate({ xref, size: 6, extra: [{ num, body: "null" }] });
    expect(catalogType(high("table", 2 ** 22 - 1))).toBe("Catalog");
    expect(() => catalogType(high("table", 2 ** 22))).toThrow(/lists object 4194304; PDFium rebuilds the table/);
    expect(catalogType(high("stream", 2 ** 25 - 1))).toBe("Catalog");
    expect(() => catalogType(high("stream", 2 ** 25))).toThrow(/lists object 33554432; poppler rebuilds the table/);
  });

  it("skips a 'trailer' after an xref stream whatever it says (no reader reads it: a16 X2 stray-trailer)", () => {
    const s = text(minimalPdf("stream"));
    const root = /\/Root (\d+ \d+ R)/.exec(s)![1];
    const size = /\/Size (\d+)/.exec(s)![1];
    const same = s.replace(/endobj\nstartxref/, `endobj\ntrailer\n<< /Size ${size} /Root ${root} >>\nstartxref`);
    expect(catalogType(latin1(same))).toBe("Catalog");
    const other = s.replace(/endobj\nstartxref/, `endobj\ntrailer\n<< /Size ${size} /Root 3 0 R /A16 true >>\nstartxref`);
    expect(catalogType(latin1(other))).toBe("Catalog");
    expect(catalogType(forgedUpdate(STRAY_FORGED_ROOT))).toBe("Catalog");
    const notADict = s.replace(/endobj\nstartxref/, "endobj\ntrailer\n[1 0 R]\nstartxref");
    expect(() => catalogType(latin1(notADict))).toThrow(/expected the trailer dictionary/);
  });

  it("rejects an object offset that does not point at the object", () => {
    const s = text(minimalPdf("table"));
    const obj1 = s.indexOf("1 0 obj");
    const bad = s.replace(`${String(obj1).padStart(10, "0")} 00000 n`, `${String(obj1 + 2).padStart(10, "0")} 00000 n`);
    expect(() => catalogType(latin1(bad))).toThrow(FormatError);
  });

  it("rejects a broken xref instead of reconstructing it", () => {
    const s = text(minimalPdf("table"));
    const bad = s.replace(/startxref\n\d+/, "startxref\n12");
    expect(() => parsePdf(wholeSource(latin1(bad)), LIMITS)).toThrow(FormatError);
    const garbled = s.replace("trailer", "trailor");
    expect(() => parsePdf(wholeSource(latin1(garbled)), LIMITS)).toThrow(FormatError);
  });

  it("rejects a /Prev loop", () => {
    const base = minimalPdf("table");
    const s = text(base);
    const firstXref = Number(/startxref\n(\d+)/.exec(s)![1]);
    // A second revision whose trailer /Prev names itself.
    const upd = text(addRevision(base, { objects: [{ num: 6, body: "<< >>" }], xref: "table", trailer: "/Root 1 0 R" }));
    const secondXref = upd.lastIndexOf("\nxref\n") + 1;
    const looped = upd.replace(`/Prev ${firstXref}`, `/Prev ${String(secondXref).padEnd(String(firstXref).length)}`);
    expect(() => parsePdf(wholeSource(latin1(looped)), LIMITS)).toThrow(/loops/);
  });

  it("enforces maxRevisions", () => {
    let bytes = minimalPdf("table");
    for (let i = 0; i < 4; i++) bytes = addRevision(bytes, { objects: [{ num: 10 + i, body: "<< >>" }], xref: "table", trailer: "/Root 1 0 R" });
    expect(parsePdf(wholeSource(bytes), LIMITS).revisions).toHaveLength(5);
    expect(() => parsePdf(wholeSource(bytes), { ...LIMITS, maxRevisions: 3 })).toThrow(LimitError);
  });

  it("enforces maxPdfObjects on xref entries", () => {
    expect(() => parsePdf(wholeSource(minimalPdf("table")), { ...LIMITS, maxPdfObjects: 3 })).toThrow(LimitError);
    expect(() => parsePdf(wholeSource(minimalPdf("stream")), { ...LIMITS, maxPdfObjects: 3 })).toThrow(LimitError);
  });

  it("rejects a subsection count the file cannot hold", () => {
    const s = text(minimalPdf("table")).replace(/xref\n0 \d+/, "xref\n0 999999999");
    expect(() => parsePdf(wholeSource(latin1(s)), LIMITS)).toThrow(FormatError);
  });

  it("rejects truncated files, random bytes, and files without startxref", () => {
    const good = minimalPdf("table");
    for (const cut of [good.length - 10, Math.floor(good.length / 2), 20]) {
      expect(() => parsePdf(wholeSource(good.subarray(0, cut)), LIMITS)).toThrow(FormatError);
    }
    expect(() => parsePdf(wholeSource(new Uint8Array(randomBytes(5000))), LIMITS)).toThrow(FormatError);
    const withHeader = new Uint8Array([...latin1("%PDF-1.7\n"), ...randomBytes(5000)]);
    expect(() => parsePdf(wholeSource(withHeader), LIMITS)).toThrow(FormatError);
    const noStartxref = latin1(text(good).replace("startxref", "startxrex"));
    expect(() => parsePdf(wholeSource(noStartxref), LIMITS)).toThrow(/startxref/);
    expect(() => parsePdf(wholeSource(new Uint8Array()), LIMITS)).toThrow(FormatError);
  });

  it("survives random corruption of a valid file with FormatErrors only", () => {
    const good = minimalPdf("stream");
    for (let i = 0; i < 300; i++) {
      const b = Uint8Array.from(good);
      const n = 1 + (i % 5);
      for (let k = 0; k < n; k++) b[Math.floor(Math.random() * b.length)] = Math.floor(Math.random() * 256);
      try {
        const doc = parsePdf(wholeSource(b), LIMITS);
        const v = doc.latest();
        v.catalog();
        for (let num = 0; num < 8; num++) v.objectByNumber(num);
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
      }
    }
  });

  it("refuses encrypted documents", () => {
    const bytes = addRevision(new Uint8Array(), { objects: minimalObjects(), xref: "table", trailer: "/Root 1 0 R /Encrypt << /Filter /Standard >>" });
    expect(() => parsePdf(wholeSource(bytes), LIMITS)).toThrow(/encrypted/);
  });

  it("refuses a missing or foreign header", () => {
    const s = text(minimalPdf("table"));
    expect(() => parsePdf(wholeSource(latin1(s.replace("%PDF-1.7", "%PDX-1.7"))), LIMITS)).toThrow(/PDF-/);
  });
});
