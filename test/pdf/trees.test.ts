import { PDFDocument } from "pdf-lib";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FormatError, LimitError } from "../../src/api/internal.js";
import { listEmbeddedFiles, parsePdf, walkNameTree, walkPages } from "../../src/input/pdf/index.js";
import { addRevision, latin1, LIMITS, minimalObjects, type ObjSpec } from "./helpers.js";
import { wholeSource } from "../../src/input/source.js";

function build(objects: ObjSpec[], catalogExtra: string): Uint8Array {
  const base = minimalObjects(catalogExtra);
  return addRevision(new Uint8Array(), { objects: [...base, ...objects], xref: "table", trailer: "/Root 1 0 R" });
}

function fileObjects(first: number, name: string, content: string): ObjSpec[] {
  const data = deflateSync(Buffer.from(content));
  return [
    { num: first, body: `<< /Type /Filespec /F (${name}) /UF (${name}) /AFRelationship /Unspecified /EF << /F ${first + 1} 0 R >> >>` },
    {
      num: first + 1,
      body: `<< /Type /EmbeddedFile /Subtype /application#2Foctet-stream /Filter /FlateDecode /Params << /ModDate (D:20260102030405Z) /Size ${content.length} >> >>`,
      stream: data,
    },
  ];
}

describe("name trees and embedded files", () => {
  it("lists pdf-lib attachments (flat /Names) with their metadata and bytes", async () => {
    const d = await PDFDocument.create();
    d.addPage();
    await d.attach(new TextEncoder().encode("eyJhbGciOi.x.y"), "workflow_token.jwt", {
      mimeType: "application/octet-stream",
      modificationDate: new Date("2026-01-02T03:04:05Z"),
    });
    await d.attach(new TextEncoder().encode("-----BEGIN CERTIFICATE-----\n"), "workflow_token_pub.pem", { mimeType: "application/x-pem-file" });
    const bytes = await d.save({ useObjectStreams: false });
    const v = parsePdf(wholeSource(bytes), LIMITS).latest();
    const { files, catalogAf } = listEmbeddedFiles(v);
    expect(files.map((f) => f.name.text)).toEqual(["workflow_token.jwt", "workflow_token_pub.pem"]);
    const jwt = files[0]!;
    expect(jwt.f?.text).toBe("workflow_token.jwt");
    expect(jwt.uf?.text).toBe("workflow_token.jwt");
    expect(jwt.subtype).toBe("application/octet-stream");
    expect(jwt.size).toBe(14);
    expect(jwt.modDate?.text).toMatch(/^D:20260102030405/);
    expect(jwt.streamRef?.kind).toBe("ref");
    expect(Buffer.from(jwt.decode()).toString()).toBe("eyJhbGciOi.x.y");
    expect(catalogAf?.items).toHaveLength(2); // pdf-lib writes a catalog /AF; the broker does not
  });

  it("walks a /Kids name tree in order, keeping duplicates", () => {
    const bytes = build(
      [
        { num: 10, body: "<< /EmbeddedFiles 11 0 R >>" },
        { num: 11, body: "<< /Kids [12 0 R 13 0 R] >>" },
        { num: 12, body: "<< /Limits [(a.txt) (b.txt)] /Names [(a.txt) 20 0 R (b.txt) 22 0 R] >>" },
        { num: 13, body: "<< /Limits [(b.txt) (b.txt)] /Names [(b.txt) 24 0 R] >>" },
        ...fileObjects(20, "a.txt", "AAA"),
        ...fileObjects(22, "b.txt", "BBB"),
        ...fileObjects(24, "b.txt", "evil"),
      ],
      " /Names 10 0 R",
    );
    const v = parsePdf(wholeSource(bytes), LIMITS).latest();
    const { files, catalogAf } = listEmbeddedFiles(v);
    expect(catalogAf).toBeUndefined();
    expect(files.map((f) => f.name.text)).toEqual(["a.txt", "b.txt", "b.txt"]);
    expect(files.map((f) => Buffer.from(f.decode()).toString())).toEqual(["AAA", "BBB", "evil"]);
    expect(files[0]!.afRelationship).toBe("Unspecified");
  });

  it("rejects a /Kids loop, a shared node, and a node with both /Names and /Kids", () => {
    const loop = build(
      [
        { num: 10, body: "<< /EmbeddedFiles 11 0 R >>" },
        { num: 11, body: "<< /Kids [12 0 R] >>" },
        { num: 12, body: "<< /Kids [11 0 R] >>" },
      ],
      " /Names 10 0 R",
    );
    expect(() => listEmbeddedFiles(parsePdf(wholeSource(loop), LIMITS).latest())).toThrow(/reached twice/);
    const shared = build(
      [
        { num: 10, body: "<< /EmbeddedFiles 11 0 R >>" },
        { num: 11, body: "<< /Kids [12 0 R 12 0 R] >>" },
        { num: 12, body: "<< /Names [(a) 1 0 R] >>" },
      ],
      " /Names 10 0 R",
    );
    expect(() => listEmbeddedFiles(parsePdf(wholeSource(shared), LIMITS).latest())).toThrow(FormatError);
    const both = build([{ num: 10, body: "<< /EmbeddedFiles << /Names [] /Kids [] >> >>" }], " /Names 10 0 R");
    expect(() => listEmbeddedFiles(parsePdf(wholeSource(both), LIMITS).latest())).toThrow(/both/);
  });

  it("enforces maxTreeNodes", () => {
    const kids = Array.from({ length: 20 }, (_, i) => `${20 + i} 0 R`).join(" ");
    const leaves = Array.from({ length: 20 }, (_, i) => ({ num: 20 + i, body: `<< /Names [(n${i}) null] >>` }));
    const bytes = build([{ num: 11, body: `<< /Kids [${kids}] >>` }, ...leaves], "");
    const v = parsePdf(wholeSource(bytes), LIMITS).latest();
    const root = { kind: "ref" as const, num: 11, gen: 0 };
    expect(walkNameTree(v, root)).toHaveLength(20);
    expect(() => walkNameTree(v, root, { ...LIMITS, maxTreeNodes: 10 })).toThrow(LimitError);
  });

  it("returns an empty list when there are no attachments", () => {
    expect(listEmbeddedFiles(parsePdf(wholeSource(build([], "")), LIMITS).latest()).files).toEqual([]);
  });
});

describe("page tree", () => {
  it("lists pages with their contents, inherited resources and annotations", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: [
        { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
        { num: 2, body: "<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 3 /Resources 9 0 R >>" },
        { num: 3, body: "<< /Type /Page /Parent 2 0 R /Contents [6 0 R 7 0 R] /Annots [8 0 R null << /Type /Annot /Subtype /FileAttachment >> 7] >>" },
        { num: 5, body: "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1 >>" },
        { num: 4, body: "<< /Type /Page /Parent 5 0 R /Contents 6 0 R /Resources << >> >>" },
        { num: 6, body: "<< >>", stream: latin1("q Q") },
        { num: 7, body: "<< >>", stream: latin1("q Q") },
        { num: 8, body: "<< /Type /Annot /Subtype /Widget /Rect [0 0 0 0] >>" },
        { num: 9, body: "<< /Font << >> >>" },
      ],
      xref: "table",
      trailer: "/Root 1 0 R",
    });
    const pages = walkPages(parsePdf(wholeSource(bytes), LIMITS).latest());
    expect(pages.map((p) => p.ref?.num)).toEqual([3, 4]);
    expect(pages[0]!.contents.map((r) => r.num)).toEqual([6, 7]);
    // A direct annotation dictionary is one too, as poppler and pdf.js take it (a12 X1f); null and 7 are none.
    expect(pages[0]!.annots.map((r) => (r.kind === "ref" ? r.num : r.kind))).toEqual([8, "dict"]);
    expect(pages[0]!.resources).toMatchObject({ kind: "ref", num: 9 });
    expect(pages[1]!.resources).toMatchObject({ kind: "dict" });
  });

  it("rejects a /Kids loop in the page tree and honours maxTreeNodes", () => {
    const bytes = addRevision(new Uint8Array(), {
      objects: [
        { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
        { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
        { num: 3, body: "<< /Type /Pages /Kids [2 0 R] /Count 1 >>" },
      ],
      xref: "table",
      trailer: "/Root 1 0 R",
    });
    expect(() => walkPages(parsePdf(wholeSource(bytes), LIMITS).latest())).toThrow(/reached twice/);
    expect(() => walkPages(parsePdf(wholeSource(build([], "")), LIMITS).latest(), { ...LIMITS, maxTreeNodes: 1 })).toThrow(LimitError);
  });
});
