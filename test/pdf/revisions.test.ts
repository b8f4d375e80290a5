import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { FormatError } from "../../src/api/internal.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { addRevision, lastStartxref, latin1, LIMITS, minimalObjects, minimalPdf, text } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

describe("revisions", () => {
  it("splits two and three revisions at their %%EOF (+ one EOL) and resolves per revision", () => {
    const r0 = minimalPdf("table");
    const r1 = addRevision(r0, {
      objects: [{ num: 1, body: "<< /Type /Catalog /Pages 2 0 R /Marker (one) >>" }],
      xref: "table",
      trailer: "/Root 1 0 R",
      eofEol: "\r\n",
    });
    const r2 = addRevision(r1, {
      objects: [
        { num: 1, body: "<< /Type /Catalog /Pages 2 0 R /Marker (two) >>" },
        { num: 6, body: "(new)" },
      ],
      free: [4],
      xref: "stream",
      trailer: "/Root 1 0 R",
      eofEol: "",
    });
    const doc = parsePdf(wholeSource(r2), LIMITS);
    expect(doc.revisions.map((r) => r.endOffset)).toEqual([r0.length, r1.length, r2.length]);
    expect(doc.revisions.map((r) => r.startOffset)).toEqual([0, r0.length, r1.length]);
    expect(doc.revisions.map((r) => r.xrefKind)).toEqual(["table", "table", "stream"]);
    for (const r of doc.revisions) expect(text(r2.subarray(r.eofOffset, r.eofOffset + 5))).toBe("%%EOF");
    expect(doc.trailingBytes).toBe(0);

    const marker = (i: number) => {
      const v = doc.at(i);
      const m = v.getString(v.catalog(), "Marker");
      return m ? text(m.bytes) : undefined;
    };
    expect([marker(0), marker(1), marker(2)]).toEqual([undefined, "one", "two"]);
    // Object 4 (the content stream) is freed in revision 2 only; object 6 exists only from revision 2.
    expect(doc.at(1).objectByNumber(4)).toBeDefined();
    expect(doc.at(2).objectByNumber(4)).toBeUndefined();
    expect(doc.at(1).objectByNumber(6)).toBeUndefined();
    expect(doc.at(2).resolve({ kind: "ref", num: 6, gen: 0 })).toMatchObject({ kind: "string" });
    expect(doc.revisionsDefining(1)).toEqual([0, 1, 2]);
    expect(doc.at(2).entry(2)).toMatchObject({ revision: 0 });
    expect(doc.revisions[2]!.entries.find((e) => e.num === 4)?.type).toBe("free");
  });

  it("counts the bytes after the last %%EOF, whitespace or not (no reader reads them: readers.test.ts)", () => {
    const base = minimalPdf("table");
    const withSpace = new Uint8Array([...base, ...latin1("\n\n  \n")]);
    const doc = parsePdf(wholeSource(withSpace), LIMITS);
    expect(doc.revisions[0]!.endOffset).toBe(base.length);
    expect(doc.trailingBytes).toBe(5);
    const withJunk = new Uint8Array([...base, ...latin1("\n\ngarbage")]);
    const junk = parsePdf(wholeSource(withJunk), LIMITS);
    expect([junk.revisions[0]!.endOffset, junk.trailingBytes]).toEqual([base.length, 9]);
  });

  it("refuses a file whose last startxref is outside the readers' tail window", () => {
    const base = minimalPdf("table");
    const padded = new Uint8Array([...base, ...latin1(" ".repeat(2000))]);
    expect(() => parsePdf(wholeSource(padded), LIMITS)).toThrow(/readers look for it only in the last 1024/);
  });

  it("handles an incremental update appended to a pdf-lib file", async () => {
    const d = await PDFDocument.create();
    d.addPage();
    const base = await d.save({ useObjectStreams: true });
    const doc0 = parsePdf(wholeSource(base), LIMITS);
    const root = doc0.revisions[0]!.trailer.entries.get("Root");
    expect(root?.kind).toBe("ref");
    const rootNum = root?.kind === "ref" ? root.num : 0;
    const catalog = doc0.latest().catalog();
    const pages = catalog.entries.get("Pages");
    const pagesRef = pages?.kind === "ref" ? `${pages.num} ${pages.gen} R` : "";
    const prefix = text(base).endsWith("\n") ? base : new Uint8Array([...base, 0x0a]);
    const updated = addRevision(prefix, {
      objects: [{ num: rootNum, body: `<< /Type /Catalog /Pages ${pagesRef} /Lang (da) >>` }],
      xref: "table",
      trailer: `/Root ${rootNum} 0 R`,
    });
    const doc = parsePdf(wholeSource(updated), LIMITS);
    expect(doc.revisions).toHaveLength(2);
    // pdf-lib ends with "%%EOF" and no EOL; the LF we add before appending belongs to revision 0.
    expect(doc.revisions[0]!.endOffset).toBe(prefix.length);
    const v = doc.latest();
    expect(text(v.getString(v.catalog(), "Lang")!.bytes)).toBe("da");
    expect(doc.at(0).getString(doc.at(0).catalog(), "Lang")).toBeUndefined();
  });

  it("tolerates a /Prev that points at the EOL before the previous xref section", () => {
    const r0 = minimalPdf("table");
    const a = lastStartxref(r0);
    const r1 = text(addRevision(r0, { objects: [{ num: 6, body: "1" }], xref: "table", trailer: "/Root 1 0 R" }));
    const shifted = r1.slice(0, r0.length) + r1.slice(r0.length).replace(`/Prev ${a}`, `/Prev ${a - 1}`.padEnd(`/Prev ${a}`.length));
    expect(shifted).not.toBe(r1);
    const doc = parsePdf(wholeSource(latin1(shifted)), LIMITS);
    expect(doc.revisions.map((r) => r.startxref)).toEqual([a - 1, r1.lastIndexOf("\nxref\n") + 1]);
    expect(doc.revisions[0]!.endOffset).toBe(r0.length);
  });

  it("rejects a revision whose startxref does not name its own section", () => {
    const r0 = minimalPdf("table");
    const r1 = text(addRevision(r0, { objects: [{ num: 6, body: "1" }], xref: "table", trailer: "/Root 1 0 R" }));
    // Corrupt the first revision's closing `startxref` value.
    const first = r1.indexOf("startxref\n");
    const bad = r1.slice(0, first) + r1.slice(first).replace(/startxref\n(\d)/, "startxref\n9");
    expect(() => parsePdf(wholeSource(latin1(bad)), LIMITS)).toThrow(FormatError);
  });

  it("rejects a /Prev chain that is not in file order (a /Prev pointing forward)", () => {
    const pad = " ".repeat(20);
    const r0 = addRevision(new Uint8Array(), { objects: minimalObjects(), xref: "table", trailer: `/Root 1 0 R${pad}` });
    const r1 = addRevision(r0, { objects: [{ num: 6, body: "1" }], xref: "table", trailer: "/Root 1 0 R" });
    const r2 = addRevision(r1, { objects: [{ num: 7, body: "2" }], xref: "table", trailer: "/Root 1 0 R" });
    const [a, b] = [lastStartxref(r0), lastStartxref(r1)];
    // Same-length edits: the chain becomes r2 -> r0 -> r1 (no loop), which puts r1 before r0 in chain order.
    let s = text(r2).replace(`/Root 1 0 R${pad}`, `/Root 1 0 R /Prev ${b}`.padEnd(`/Root 1 0 R${pad}`.length));
    s = s.slice(0, r1.length) + s.slice(r1.length).replace(`/Prev ${b}`, `/Prev ${a}`.padEnd(`/Prev ${b}`.length));
    s = s.slice(0, r0.length) + s.slice(r0.length, r1.length).replace(`/Prev ${a}`, " ".repeat(`/Prev ${a}`.length)) + s.slice(r1.length);
    expect(s.length).toBe(r2.length);
    expect(() => parsePdf(wholeSource(latin1(s)), LIMITS)).toThrow(/inside an earlier revision/);
  });
});
