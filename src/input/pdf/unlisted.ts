// Object definitions a revision holds that its cross-reference section does not list. A reader that rebuilds its
// table by scanning (poppler on any section it cannot read, pdf.js, qpdf's reconstruction) takes every `N G obj` it
// finds, the last one of a number winning: an unlisted definition after a signature is what such a reader shows
// instead of the listed one (a21 F2, X1: page 1 defined again, unlisted, and one form that makes poppler rebuild:
// /F on the xref stream, a generation above INT_MAX; each earlier round found another such form). So in the bytes
// a signature does not cover, every definition must be one the section lists, wherever it sits (a string, a
// comment, a stream's data), and no form that makes some reader rebuild can show another object.
import type { PdfDocument } from "./document.js";
import { isWhitespace } from "./lexer.js";

/** `N G obj` as a scanning reader finds it: integers and the keyword separated by PDF white space. */
const HEADER = /(?<![0-9])([0-9]{1,10})[\0\t\n\f\r ]+([0-9]{1,10})[\0\t\n\f\r ]+obj(?![A-Za-z0-9])/g;

/** The definitions after the last revision's `%%EOF` (bytes no reader reads unless it rebuilds its table), as "object N G at offset O". */
export function definitionsAfterEnd(doc: PdfDocument, max = 20): string[] {
  const end = doc.revisions.at(-1)!.endOffset;
  if (end >= doc.source.length) return [];
  const text = Buffer.from(doc.source.read(end, doc.source.length)).toString("latin1");
  return [...text.matchAll(HEADER)].slice(0, max).map((m) => `object ${m[1]} ${m[2]} at offset ${end + m.index} (after the last %%EOF)`);
}

/**
 * The definitions in revision `index`'s bytes (from the previous revision's end to its own) that its section does not
 * list at their offset, as "object N G at offset O" (at most `max`).
 */
export function unlistedDefinitions(doc: PdfDocument, index: number, max = 20): string[] {
  const rev = doc.revisions[index]!;
  const listed = new Set<number>([rev.xrefStart, ...(rev.xrefStm !== undefined ? [rev.xrefStm] : [])]);
  for (const e of rev.entries) {
    if (e.type !== "offset") continue;
    let at = e.offset;
    while (at < rev.endOffset && isWhitespace(doc.source.read(at, at + 1)[0])) at++;
    listed.add(at);
  }
  const text = Buffer.from(doc.source.read(rev.startOffset, rev.endOffset)).toString("latin1");
  const out: string[] = [];
  for (const m of text.matchAll(HEADER)) {
    const at = rev.startOffset + m.index;
    if (listed.has(at)) continue;
    out.push(`object ${m[1]} ${m[2]} at offset ${at}`);
    if (out.length >= max) break;
  }
  return out;
}
