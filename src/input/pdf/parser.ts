// Object parser: direct values and indirect objects (`n g obj … endobj`, streams included).
// Iterative, with an explicit container stack, so a `[[[[…` bomb hits the depth limit instead of the JS stack.
import { FormatError, LimitError } from "../../errors.js";
import { Lexer, type Token } from "./lexer.js";
import type { EvidenceSource } from "../source.js";
import type { ByteSpan, PdfArray, PdfDict, PdfObject, PdfRef, PdfStream } from "./objects.js";
import { pdfName, quoteName } from "../../report/quoted-name.js";

export interface ParseOptions {
  maxDepth: number;
  /** limits.maxPdfStringBytes. */
  maxStringBytes: number;
  /** Record byte spans (only for values read from the file itself). */
  spans: boolean;
}

type Frame = { kind: "array"; start: number; items: PdfObject[] } | { kind: "dict"; start: number; entries: Map<string, PdfObject>; key: string | null };

function withSpan<T extends PdfObject>(o: T, start: number, end: number, spans: boolean): T {
  return spans ? ({ ...o, span: { start, end } } as T) : o;
}

/** Reads one direct value (which may be a reference `n g R`) at the lexer's position. */
export function parseValue(lx: Lexer, opts: ParseOptions): PdfObject {
  lx.maxStringBytes = opts.maxStringBytes;
  const stack: Frame[] = [];
  for (;;) {
    const tok = lx.next();
    let value: PdfObject | undefined;
    switch (tok.type) {
      case "eof":
        return lx.fail("unexpected end of data inside an object", tok.start);
      case "open-array":
      case "open-dict":
        if (stack.length >= opts.maxDepth) {
          throw new LimitError("maxPdfDepth", `PDF objects nested deeper than ${opts.maxDepth} at offset ${tok.start}`);
        }
        stack.push(
          tok.type === "open-array" ? { kind: "array", start: tok.start, items: [] } : { kind: "dict", start: tok.start, entries: new Map(), key: null },
        );
        continue;
      case "close-array": {
        const top = stack.pop();
        if (top?.kind !== "array") lx.fail("unbalanced ']'", tok.start);
        value = withSpan<PdfArray>({ kind: "array", items: top.items }, top.start, tok.end, opts.spans);
        break;
      }
      case "close-dict": {
        const top = stack.pop();
        if (top?.kind !== "dict") lx.fail("unbalanced '>>'", tok.start);
        if (top.key !== null) lx.fail(`dictionary key ${pdfName(top.key)} has no value`, tok.start);
        value = withSpan<PdfDict>({ kind: "dict", entries: top.entries }, top.start, tok.end, opts.spans);
        break;
      }
      case "name": {
        const top = stack[stack.length - 1];
        if (top?.kind === "dict" && top.key === null) {
          // Two readers picking different duplicates is a classic signature-bypass trick: refuse them.
          if (top.entries.has(tok.value)) lx.fail(`duplicate dictionary key ${pdfName(tok.value)}`, tok.start);
          top.key = tok.value;
          continue;
        }
        value = withSpan({ kind: "name", value: tok.value }, tok.start, tok.end, opts.spans);
        break;
      }
      case "string":
        value = withSpan({ kind: "string", bytes: tok.bytes, hex: tok.hex }, tok.start, tok.end, opts.spans);
        break;
      case "number":
        value = numberOrRef(lx, tok, opts.spans);
        break;
      case "keyword":
        if (tok.value === "true" || tok.value === "false") {
          value = withSpan({ kind: "boolean", value: tok.value === "true" }, tok.start, tok.end, opts.spans);
        } else if (tok.value === "null") {
          value = withSpan({ kind: "null" }, tok.start, tok.end, opts.spans);
        } else lx.fail(`unexpected keyword ${quoteName(tok.value)}`, tok.start);
        break;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return value;
    if (top.kind === "array") top.items.push(value);
    else {
      if (top.key === null) lx.fail("dictionary key is not a name", value.span?.start ?? lx.pos);
      top.entries.set(top.key, value);
      top.key = null;
    }
  }
}

function numberOrRef(lx: Lexer, tok: Extract<Token, { type: "number" }>, spans: boolean): PdfObject {
  if (tok.integer && tok.value >= 0) {
    const save = lx.pos;
    const gen = lx.next();
    if (gen.type === "number" && gen.integer && gen.value >= 0) {
      const r = lx.next();
      if (r.type === "keyword" && r.value === "R") {
        return withSpan<PdfRef>({ kind: "ref", num: tok.value, gen: gen.value }, tok.start, r.end, spans);
      }
    }
    lx.pos = save;
  }
  return withSpan({ kind: "number", value: tok.value, integer: tok.integer }, tok.start, tok.end, spans);
}

export interface IndirectObject {
  readonly num: number;
  readonly gen: number;
  readonly value: PdfObject;
  /** From the object number to the end of `endobj`; undefined for objects inside object streams. */
  readonly span?: ByteSpan;
}

export interface IndirectOptions extends ParseOptions {
  /** Resolves an indirect stream /Length; absent where indirect lengths are not allowed (xref streams). */
  resolveLength?: (ref: PdfRef) => number;
}

function readInteger(lx: Lexer, what: string): number {
  const t = lx.next();
  if (t.type !== "number" || !t.integer || t.value < 0) lx.fail(`expected ${what}`, t.start);
  return t.value;
}

/**
 * Parses `num gen obj <value> endobj` (or a stream) at `offset`. Tolerated: whitespace (not comments)
 * between `offset` and the object number, because writers commonly point at the EOL before it.
 */
export function parseIndirectObject(buf: EvidenceSource, offset: number, opts: IndirectOptions): IndirectObject {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= buf.length) {
    throw new FormatError(`object offset ${offset} is outside the file (${buf.length} bytes)`);
  }
  const lx: Lexer = new Lexer(buf, offset);
  lx.skipWhitespaceOnly();
  const start = lx.pos;
  const num = readInteger(lx, "an object number");
  const gen = readInteger(lx, "a generation number");
  const kw = lx.next();
  if (kw.type !== "keyword" || kw.value !== "obj") lx.fail("expected 'obj'", kw.start);
  const value = parseValue(lx, opts);
  let tok = lx.next();
  let result: PdfObject = value;
  if (tok.type === "keyword" && tok.value === "stream") {
    if (value.kind !== "dict") lx.fail("'stream' after a value that is not a dictionary", tok.start);
    result = readStreamBody(lx, value, tok.end, opts);
    tok = lx.next();
  }
  if (tok.type !== "keyword" || tok.value !== "endobj") lx.fail(`expected 'endobj' after object ${num} ${gen}`, tok.start);
  const span = opts.spans ? { start, end: tok.end } : undefined;
  return span ? { num, gen, value: result, span } : { num, gen, value: result };
}

function readStreamBody(lx: Lexer, dict: PdfDict, afterKeyword: number, opts: IndirectOptions): PdfStream {
  // `stream` is followed by CRLF or LF (§7.3.8.1); a lone CR is tolerated when no LF follows it.
  let dataStart = afterKeyword;
  const eol = lx.byteAt(dataStart);
  if (eol === 0x0d) dataStart += lx.byteAt(dataStart + 1) === 0x0a ? 2 : 1;
  else if (eol === 0x0a) dataStart += 1;
  else lx.fail("'stream' keyword not followed by an end-of-line", afterKeyword);

  const lengthObj = dict.entries.get("Length");
  let length: number;
  if (lengthObj?.kind === "number") length = lengthObj.value;
  else if (lengthObj?.kind === "ref" && opts.resolveLength) length = opts.resolveLength(lengthObj);
  else lx.fail("stream without a usable /Length", afterKeyword);
  if (!Number.isSafeInteger(length) || length < 0 || dataStart + length > lx.source.length) {
    lx.fail(`stream /Length ${length} runs past the end of the data`, afterKeyword);
  }
  // Strict: /Length must land on `endstream`, give or take whitespace. No scanning for the keyword.
  lx.pos = dataStart + length;
  lx.skipWhitespaceOnly();
  if (!lx.matchKeyword("endstream")) lx.fail(`stream /Length ${length} does not end at 'endstream'`);
  lx.pos += "endstream".length;
  const stream: PdfStream = { kind: "stream", dict, dataStart, dataLength: length };
  return opts.spans && dict.span ? { ...stream, span: { start: dict.span.start, end: lx.pos } } : stream;
}
