// Whole-value comparison of two revisions' objects, as a reader reads them: dictionaries key by key, stream
// data raw (and decoded when the raw bytes differ), references by number, and a reference that moved to
// another object number by the content it resolves to, only where it is a move (see Comparer.isMove). One
// comparer per revision pair: one budget, one memo of proven-equal pairs, no recursion through references (a
// worklist), so any file is answered in bounded work.
import { FormatError, LimitError } from "../../errors.js";
import type { PdfView, ResolvedObject } from "../../input/pdf/document.js";
import { bytesEqual, type PdfObject, type PdfStream } from "../../input/pdf/objects.js";

/** Direct nesting is bounded by the parser (maxPdfDepth); this guards the comparer on its own. */
const MAX_DIRECT_DEPTH = 512;

/** Which object numbers a reader reaches from the trailer in each revision (input/pdf/graph.ts). */
export interface Reach {
  before(num: number): boolean;
  after(num: number): boolean;
}

export class Comparer {
  /** Pairs of object numbers (before:after) whose resolved contents were proven equal. */
  private readonly provenEqual = new Set<string>();
  /** Moves taken so far, both ways (`num.gen` keys, `dN` for a direct value): one object moves to one object. */
  private readonly movedTo = new Map<string, string>();
  private readonly movedFrom = new Map<string, string>();
  /** Each direct value met in a move, by its identity: a direct copy is an object of its own (a17 M1). */
  private readonly directIds = new WeakMap<PdfObject, number>();
  private directCount = 0;
  private left: number;

  constructor(
    readonly before: PdfView,
    readonly after: PdfView,
    /** Steps (values and objects visited) this pair may take in all. */
    budget: number,
    private readonly reach: Reach,
  ) {
    this.left = budget;
  }

  /**
   * Whether a reference that names another object than before (or a value made direct, or made indirect) is a
   * move, which content may judge: the old object is no longer reached, the new one was not reached before, and
   * each moves to one only. Anything else names an object that exists on its own in both revisions: readers
   * match optional content groups, pages, fields and annotations by reference (poppler findOcgByRef, PDFium
   * CPDF_OCContext, pdf.js by ref id), so a content-equal object in its place is another object (a16 O1:
   * /OFF [B] -> [A], two equal OCGs, showed the other text).
   */
  private isMove(x: PdfObject, y: PdfObject): boolean {
    if (x.kind === "ref" && this.reach.after(x.num)) return false;
    if (y.kind === "ref" && this.reach.before(y.num)) return false;
    // A value made direct (or indirect) is a move too, and one only: an object moved to a new number and also
    // copied as a direct value in another place (or copied into several places) is several objects now, which
    // readers tell apart (a17 M1: a hidden group named in /OFF by a new number and copied direct into the page's
    // /Properties, so no reader counted the page's group as off).
    const from = this.identity(x);
    const to = this.identity(y);
    if ((this.movedTo.get(from) ?? to) !== to || (this.movedFrom.get(to) ?? from) !== from) return false;
    this.movedTo.set(from, to);
    this.movedFrom.set(to, from);
    return true;
  }

  /** A reference by its number, a direct value by its own identity. */
  private identity(o: PdfObject): string {
    if (o.kind === "ref") return `${o.num}.${o.gen}`;
    let id = this.directIds.get(o);
    if (id === undefined) {
      id = ++this.directCount;
      this.directIds.set(o, id);
    }
    return `d${id}`;
  }

  private step(): void {
    this.spend(1);
  }

  /** Counts work done for this pair (rules count theirs here too); past the budget a LimitError. */
  spend(n: number): void {
    this.left -= n;
    if (this.left < 0) throw new LimitError("maxComparedObjects", "comparing the revisions takes more steps than the limit allows");
  }

  /**
   * The object `num` is the same in both views: same generation and the same value, where references to other
   * numbers than before are compared by what they resolve to. Same bytes at the same place read the same.
   */
  sameObject(ob: ResolvedObject, oa: ResolvedObject): boolean {
    if (ob.gen !== oa.gen) return false;
    const lb = ob.location;
    const la = oa.location;
    if (lb.kind === "file" && la.kind === "file" && lb.span.start === la.span.start && lb.span.end === la.span.end) {
      const x = ob.value;
      const y = oa.value;
      if (x.kind !== "stream" || (y.kind === "stream" && x.dataStart === y.dataStart && x.dataLength === y.dataLength)) return true;
    }
    return this.sameValue(ob.value, oa.value);
  }

  /**
   * One value against another, by identity: a reference to the same number is equal here (that object is
   * compared on its own); a reference that now names another object, or a value made direct, is a change
   * (readers link fields, widgets and signatures by reference, not by content), for the rules to judge.
   */
  sameValue(x: PdfObject, y: PdfObject): boolean {
    const work: [PdfObject, PdfObject][] = [];
    return this.shallow(x, y, work, 0, true) && work.length === 0;
  }

  /** Equal content, references followed on both sides where a value moved to another object, or was made direct (isMove). */
  sameContent(x: PdfObject | undefined, y: PdfObject | undefined): boolean {
    if (x === undefined || y === undefined) return x === y;
    const work: [PdfObject, PdfObject][] = [[x, y]];
    return this.drain(work, new Set());
  }

  /** Compares the queued pairs; pairs met again in this run count as equal (cycles). Proven pairs are kept only when all are equal. */
  private drain(work: [PdfObject, PdfObject][], seen: Set<string>): boolean {
    while (work.length > 0) {
      const [x, y] = work.pop() as [PdfObject, PdfObject];
      let u: PdfObject | undefined = x;
      let v: PdfObject | undefined = y;
      if (x.kind === "ref" || y.kind === "ref") {
        const key = `${x.kind === "ref" ? `${x.num}.${x.gen}` : "d"}:${y.kind === "ref" ? `${y.num}.${y.gen}` : "d"}`;
        const same = x.kind === "ref" && y.kind === "ref" && x.num === y.num && x.gen === y.gen;
        if (!same && !this.isMove(x, y)) return false;
        if (x.kind === "ref" && y.kind === "ref") {
          if (this.provenEqual.has(key) || seen.has(key)) continue;
          seen.add(key);
        }
        this.step();
        u = x.kind === "ref" ? this.before.resolve(x) : x;
        v = y.kind === "ref" ? this.after.resolve(y) : y;
      }
      if (u === undefined || v === undefined || u.kind === "null" || v.kind === "null") {
        if ((u === undefined || u.kind === "null") && (v === undefined || v.kind === "null")) continue;
        return false;
      }
      if (!this.shallow(u, v, work, 0, false)) return false;
    }
    for (const k of seen) this.provenEqual.add(k);
    return true;
  }

  /**
   * Compares direct structure; pairs of references go to `work`. With `sameNumberEqual` (identity), a reference
   * is equal only to a reference to the same number and generation, never followed.
   */
  private shallow(x: PdfObject, y: PdfObject, work: [PdfObject, PdfObject][], depth: number, sameNumberEqual: boolean): boolean {
    this.step();
    if (depth > MAX_DIRECT_DEPTH) throw new FormatError(`values nested more than ${MAX_DIRECT_DEPTH} deep`);
    if (x.kind === "ref" || y.kind === "ref") {
      if (sameNumberEqual) return x.kind === "ref" && y.kind === "ref" && x.num === y.num && x.gen === y.gen;
      work.push([x, y]);
      return true;
    }
    switch (x.kind) {
      case "null":
        return y.kind === "null";
      case "boolean":
        return y.kind === "boolean" && x.value === y.value;
      case "number":
        return y.kind === "number" && x.value === y.value && x.integer === y.integer;
      case "string":
        return y.kind === "string" && bytesEqual(x.bytes, y.bytes);
      case "name":
        return y.kind === "name" && x.value === y.value;
      case "array":
        if (y.kind !== "array" || x.items.length !== y.items.length) return false;
        for (let i = 0; i < x.items.length; i++) {
          if (!this.shallow(x.items[i] as PdfObject, y.items[i] as PdfObject, work, depth + 1, sameNumberEqual)) return false;
        }
        return true;
      case "dict":
      case "stream": {
        if (y.kind !== x.kind) return false;
        const dx = x.kind === "stream" ? x.dict : x;
        const dy = y.kind === "stream" ? y.dict : (y as typeof dx);
        const keys = new Set([...dx.entries.keys(), ...dy.entries.keys()]);
        for (const k of keys) {
          // A stream's /Length says where its data ends; the data itself is compared below.
          if (x.kind === "stream" && k === "Length") continue;
          // A key by its presence: a null value is not an absent key (a23 N1: pdf.js keeps the null, and its two-name
          // gets stop at it: `/F null` made a sealed content stream raw data).
          const a = dx.entries.get(k);
          const b = dy.entries.get(k);
          if (a === undefined || b === undefined) return false;
          if (!this.shallow(a, b, work, depth + 1, sameNumberEqual)) return false;
        }
        return x.kind !== "stream" || this.sameStreamData(x, y as PdfStream);
      }
    }
  }

  /**
   * Stream data compared raw, byte for byte. Decoded data is one reader's reading: readers decode the same filter
   * differently (a20 A1: "<~" put before a sealed ASCII85 content stream's data decoded the same here and to nothing
   * in poppler, PDFium and pdf.js, the page showing what it had hidden). No writer in the corpus re-encodes a stream
   * it keeps (false modification failures 0/90 either way).
   */
  sameStreamData(x: PdfStream, y: PdfStream): boolean {
    if (x.span !== undefined && y.span !== undefined && x.dataStart === y.dataStart && x.dataLength === y.dataLength) return true;
    return bytesEqual(this.before.rawStreamData(x), this.after.rawStreamData(y));
  }
}
