// Object definitions a revision holds that its cross-reference section does not list. A reader that rebuilds its
// table by scanning (poppler on any section it cannot read, pdf.js, qpdf's reconstruction) takes every `N G obj` its
// scanner finds, the last one of a number winning: an unlisted definition after a signature is what such a reader
// shows instead of the listed one (a21 F2, X1: page 1 defined again, unlisted, and one form that makes poppler
// rebuild; each earlier round found another such form). So in the bytes a signature does not cover, every header a
// rebuilding reader's scanner takes must be one the section lists, and no form that makes some reader rebuild can
// show another object.
import type { PdfDocument } from "./document.js";
import { isWhitespace } from "./lexer.js";

/**
 * `N G obj` as the rebuilding readers' scanners find it, a superset of theirs (a22 H1, C1): at a line's start (or
 * after `<` or `>`, pdf.js), after white space (PDF's and C's isspace); numbers of any length, leading zeros too
 * (poppler's atoi, pdf.js's `| 0`, qpdf's string_to_int); white space or comments between the tokens (qpdf's
 * tokenizer skips comments); `obj` followed by anything (poppler compares three bytes). Not inside a line after other
 * text, as in a comment (`% see 4 0 obj`): no scanner takes that.
 */
const WS = "[\\0\\t\\n\\v\\f\\r ]";
const SEP = `(?:${WS}|%[^\\r\\n]*)+`;
const HEADER = new RegExp(`(?:^|[\\r\\n<>])${WS}*([0-9]+)${SEP}([0-9]+)${SEP}obj`, "dg");

/** Each header's number, generation and the offset of its first digit within `text`. */
function headers(text: string): { num: string; gen: string; at: number }[] {
  return [...text.matchAll(HEADER)].map((m) => ({ num: String(Number(m[1])), gen: String(Number(m[2])), at: m.indices![1]![0] }));
}

/** The definitions after the last revision's `%%EOF` (bytes no reader reads unless it rebuilds its table), as "object N G at offset O". */
export function definitionsAfterEnd(doc: PdfDocument, max = 20): string[] {
  const end = doc.revisions.at(-1)!.endOffset;
  if (end >= doc.source.length) return [];
  const text = Buffer.from(doc.source.read(end, doc.source.length)).toString("latin1");
  return headers(text)
    .slice(0, max)
    .map((h) => `object ${h.num} ${h.gen} at offset ${end + h.at} (after the last %%EOF)`);
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
  for (const h of headers(text)) {
    const at = rev.startOffset + h.at;
    if (listed.has(at)) continue;
    out.push(`object ${h.num} ${h.gen} at offset ${at}`);
    if (out.length >= max) break;
  }
  return out;
}
