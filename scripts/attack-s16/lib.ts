// Shared by the attack-s16 scripts (a21): an update, written by hand, that lists page 1 in a new object stream
// (its dictionary text and filter given by the script) beside a new content stream drawing "Husleje: 1 kr.".
import { readFileSync } from "node:fs";
import { save, show, tool, verify, work } from "../attack36/lib.js";
import { pdfiumAndPdfjs, printReaders, renderPage1 } from "../attack-s11/lib.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";

export const REAL = process.env.REAL === "0" ? undefined : "test/fixtures/real/broker-example";
export const AT = "2025-12-08T09:35:10Z";
export const latin = (s: string): number[] => [...Buffer.from(s, "latin1")];
export const printable = (b: readonly number[]): string =>
  JSON.stringify(
    Buffer.from(b)
      .toString("latin1")
      .replace(/[^\x20-\x7e\n]/g, "."),
  );

export interface Page1 {
  pdf: Uint8Array;
  num: number;
  /** Page 1's entries but /Contents and /Resources, as `/Key value` texts. */
  kept: string[];
  /** Page 1's /Contents and /Resources as sealed. */
  sealedTail: string[];
  /** The object number the new content stream gets. */
  content: number;
  write(objStm: { filter: string; first: number; data: Uint8Array; n?: number; index?: number; gen?: number; unlisted?: string }, tag: string): string;
}

export function page1(): Page1 {
  const pdf = new Uint8Array(readFileSync(REAL ? `${REAL}/archive.pdf` : "samples/valid/archive.pdf"));
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const page = walkPages(view)[0]!;
  if (!page.ref) throw new Error("page 1 is not an object");
  const pageObj = view.object(page.ref);
  if (pageObj?.value.kind !== "dict") throw new Error("page 1 is not a dictionary");
  const alloc = new NumberAllocator(doc);
  const [A, B, C] = [alloc.take(), alloc.take(), alloc.take()];
  const entries = [...pageObj.value.entries].map(([k, v]) => ({ k, text: `/${k} ${serialize(v)}` }));
  const num = page.ref.num;
  return {
    pdf,
    num,
    kept: entries.filter((e) => e.k !== "Contents" && e.k !== "Resources").map((e) => e.text),
    sealedTail: entries.filter((e) => e.k === "Contents" || e.k === "Resources").map((e) => e.text),
    content: B,
    write({ filter, first, data, n = 1, index = 0, gen = 0, unlisted = "" }, tag) {
      const content = latin("1 g 0 0 2000 2000 re f 0 g BT /F9 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET\n");
      const last = doc.revisions.at(-1)!;
      const parts: number[][] = [[...pdf]];
      let at = pdf.length;
      const push = (b: number[]) => {
        parts.push(b);
        at += b.length;
      };
      if (pdf.at(-1) !== 0x0a) push([0x0a]);
      const offA = at;
      push([
        ...latin(`${A} ${gen} obj\n<< /Type /ObjStm /N ${n} /First ${first} ${filter} /Length ${data.length} >>\nstream\n`),
        ...data,
        ...latin("\nendstream\nendobj\n"),
      ]);
      const offB = at;
      push([...latin(`${B} 0 obj\n<< /Length ${content.length} >>\nstream\n`), ...content, ...latin("\nendstream\nendobj\n")]);
      push(latin(unlisted));
      const offC = at;
      const row = (type: number, f2: number, f3: number) => [
        type,
        (f2 >>> 24) & 0xff,
        (f2 >>> 16) & 0xff,
        (f2 >>> 8) & 0xff,
        f2 & 0xff,
        (f3 >> 8) & 0xff,
        f3 & 0xff,
      ];
      const rows = [row(2, A, index), row(1, offA, gen), row(1, offB, 0), row(1, offC, 0)].flat();
      const carried = ["Root", "Info", "ID"].flatMap((k) => {
        const v = rawGet(view.trailer, k);
        return v ? [`/${k} ${serialize(v)}`] : [];
      });
      push([
        ...latin(
          `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 2] /Index [${num} 1 ${A} 3] /Prev ${last.startxref} ${carried.join(" ")} /Length ${rows.length} >>\nstream\n`,
        ),
        ...rows,
        ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
      ]);
      const dir = work(`s16-${tag}-${REAL ? "real" : "sample"}`);
      return save(dir, "archive.pdf", Uint8Array.from(parts.flat()));
    },
  };
}

/** sealcheck's verdict and what poppler, qpdf, PDFium and pdf.js show of `file`. */
export function judge(label: string, file: string): void {
  console.log(`wrote ${file}`);
  show(label, REAL ? verify(file, ["--at", AT], "", `${REAL}/trust`) : verify(file));
  console.log(`== pdftotext p1: ${JSON.stringify(tool("pdftotext", ["-l", "1", file, "-"]).split("\n").filter(Boolean).slice(0, 2).join(" | "))}`);
  printReaders(file);
  for (const l of pdfiumAndPdfjs(file, 120)) console.log(`== ${l}`);
  console.log(`== render: ${renderPage1(file, file.replace(/archive\.pdf$/, "page1"))}`);
}
