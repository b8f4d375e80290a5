// Object definitions a revision holds that its cross-reference section does not list. A reader that rebuilds its
// table by scanning (poppler on any section it cannot read, pdf.js, qpdf's reconstruction) takes every `N G obj` its
// scanner finds, the last one of a number winning: an unlisted definition after a signature is what such a reader
// shows instead of the listed one (a21 F2, X1: page 1 defined again, unlisted, and one form that makes poppler
// rebuild; each earlier round found another such form). So in the bytes a signature does not cover, every header a
// rebuilding reader's scanner takes must be one the section lists, and no form that makes some reader rebuild can
// show another object.
import type { PdfDocument } from "./document.js";
import { isWhitespace } from "./lexer.js";
import { parseIndirectObject } from "./parser.js";

/**
 * `N G obj` as the rebuilding readers' scanners find it, a superset of theirs: anywhere in the bytes, not only at a
 * line's start (a23 P1: pdf.js takes one after an open `N G obj` whose `endobj` has not come, poppler one at every
 * 255 bytes of a long line, PDFium's tokenizer anywhere outside strings and comments), inside comments, strings and
 * stream data too; numbers of any length, leading zeros (poppler's atoi, pdf.js's `| 0`) and a sign (qpdf's
 * tokenizer: a23 H2); white space or comments between the tokens (qpdf's tokenizer skips comments); `obj` followed by
 * anything (poppler compares three bytes).
 */
// PDF's and C's white space, and 0xA0: JS's \s (pdf.js's rebuild regex) takes it (a24 F1).
const WS = "[\\0\\t\\n\\v\\f\\r \\xA0]";
// A number as PDFium's rebuild reads a word of numeric characters (digits, signs, points: atoui; a24 D1's `4. 0 obj`).
const NUM = "[+.\\-]*[0-9][0-9+.\\-]*";
// A comment runs to its line's end, which it takes: one way to read every separator (no backtracking blow-up).
const SEP = `(?:${WS}|%[^\\r\\n]*[\\r\\n])+`;
// Not after a numeric character: one try per run of them, never one per character of it.
const HEADER = new RegExp(`(?<![0-9+.\\-])(${NUM})${SEP}(${NUM})${SEP}obj`, "dg");

/** A numeric word's value as the readers' atoi/atoui read it: an optional sign, then the digits up to any other character. */
function numberOf(word: string): string {
  const m = /^[+-]?([0-9]*)/.exec(word)!;
  return String(Number(m[1] || "0"));
}

/** Each header's number, generation and the offset of its first character within `text`. */
function headers(text: string): { num: string; gen: string; at: number }[] {
  return [...text.matchAll(HEADER)].map((m) => ({ num: numberOf(m[1]!), gen: numberOf(m[2]!), at: m.indices![1]![0] }));
}

/**
 * The bytes after the last revision's `%%EOF` (and its EOL) that are not white space: where the first stands and how
 * many bytes follow from there; undefined when there are none. Readers disagree on such a file's end (a23 S1: PDFium
 * takes only a whole-word `startxref`; P1: poppler and pdf.js rebuild on a comment after one), so none is allowed.
 */
export function textAfterEnd(doc: PdfDocument): { at: number; length: number } | undefined {
  const end = doc.revisions.at(-1)!.endOffset;
  if (end >= doc.source.length) return undefined;
  const tail = doc.source.read(end, doc.source.length);
  const i = tail.findIndex((c) => !isWhitespace(c));
  return i < 0 ? undefined : { at: end + i, length: tail.length - i };
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

/**
 * The objects the object streams of revision `index` hold that the revision does not resolve to that entry, as
 * "object N in object stream S (entry I)" (at most `max`). PDFium's rebuild reads every object stream it finds and
 * takes what their headers name (a23 measured it; a24 R1: page 1 from an object stream nothing listed it in).
 */
export function unlistedInObjectStreams(doc: PdfDocument, index: number, max = 20): string[] {
  const rev = doc.revisions[index]!;
  const view = doc.at(index);
  const out: string[] = [];
  for (const e of rev.entries) {
    if (e.type !== "offset") continue;
    const v = view.objectByNumber(e.num)?.value;
    if (v?.kind !== "stream" || v.dict.entries.get("Type")?.kind !== "name" || (v.dict.entries.get("Type") as { value: string }).value !== "ObjStm") continue;
    // Listed as this revision resolves it (its own section, or an earlier one's entry into the same stream).
    view.objectStreamHeader(e.num).forEach(([num], i) => {
      const at = view.entry(num)?.entry;
      const listed = at?.type === "compressed" && at.stream === e.num && at.index === i;
      if (!listed && out.length < max) out.push(`object ${num} in object stream ${e.num} (entry ${i})`);
    });
  }
  return out;
}

/** The longest comment between an update's objects: poppler's rebuild reads a line as pieces of 255 bytes (254 and its end). */
const MAX_COMMENT = 254;

/**
 * The bytes of revision `index` (from the previous revision's end to its own) that are neither an object its section
 * lists there, nor its section (from its cross-reference section to its `%%EOF`), nor white space or a comment between
 * them, as "bytes A–B" (at most `max`). An allow-list of an update's bytes (a23, a24): whatever a rebuilding reader's
 * scanner reads in them (a header in a grammar the scan does not model), there is nothing there but listed objects.
 */
export function unaccountedBytes(doc: PdfDocument, index: number, max = 5): string[] {
  const rev = doc.revisions[index]!;
  const view = doc.at(index);
  const spans: [number, number][] = [[rev.xrefStart, rev.endOffset]];
  if (rev.xrefStm !== undefined) {
    const stm = parseIndirectObject(doc.source, rev.xrefStm, { maxDepth: doc.limits.maxPdfDepth, maxStringBytes: doc.limits.maxPdfStringBytes, spans: true });
    if (stm.span) spans.push([stm.span.start, stm.span.end]);
  }
  for (const e of rev.entries) {
    if (e.type !== "offset" || e.offset < rev.startOffset || e.offset >= rev.endOffset) continue;
    const o = view.objectByNumber(e.num);
    if (o?.location.kind === "file" && o.revision === index) spans.push([o.location.span.start, o.location.span.end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const out: string[] = [];
  let at = rev.startOffset;
  const gap = (from: number, to: number) => {
    if (from >= to) return;
    const bytes = doc.source.read(from, to);
    let i = 0;
    while (i < bytes.length) {
      const c = bytes[i]!;
      if (isWhitespace(c)) i++;
      else if (c === 0x25) {
        const from0 = i;
        while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
        // poppler's rebuild reads lines in 255-byte pieces: a longer comment's rest is a line of its own to it (a26 T1:
        // a trailer naming a forged catalog there).
        if (i - from0 > MAX_COMMENT) {
          if (out.length < max)
            out.push(`bytes ${from + from0}–${from + i} (a comment longer than ${MAX_COMMENT} bytes: poppler's rebuild reads its rest as a line)`);
          return;
        }
      } else {
        if (out.length < max) out.push(`bytes ${from + i}–${to} (no object its section lists)`);
        return;
      }
    }
  };
  for (const [s, e] of spans) {
    gap(at, Math.min(s, rev.endOffset));
    at = Math.max(at, e);
  }
  gap(at, rev.endOffset);
  return out;
}

/**
 * The `trailer` keywords in revision `index`'s bytes other than its own table's (at most `max`): a rebuilding reader
 * takes a trailer it finds by scanning (qpdf the first, poppler the last: a23 G1, a26 T1), and through its /Root a
 * catalog no section names.
 */
export function strayTrailers(doc: PdfDocument, index: number, max = 5): string[] {
  const rev = doc.revisions[index]!;
  const text = Buffer.from(doc.source.read(rev.startOffset, rev.endOffset)).toString("latin1");
  const out: string[] = [];
  // A table's own: the first `trailer` after its `xref` (a28 T1: a second one after it, in a comment, was skipped).
  const own = rev.xrefKind === "stream" ? -1 : text.indexOf("trailer", rev.xrefStart - rev.startOffset);
  for (let at = text.indexOf("trailer"); at >= 0 && out.length < max; at = text.indexOf("trailer", at + 1)) {
    if (at === own) continue;
    out.push(`a 'trailer' at offset ${rev.startOffset + at} (its section's is elsewhere)`);
  }
  return out;
}
