// Difference analysis after a signature: every revision compared with the one before it, over the objects
// a reader reaches in either. Each object is compared by its whole value (compare.ts: dictionary, stream
// data, wherever it sits, inside object streams or not); a changed one is judged in every context it is used
// in (rules.ts). New references to objects that resolve to nothing are refused (poppler rebuilds the table
// when it meets one). The result per signature is the highest level of change after its revision, with the
// findings that made it.
import { FormatError, LimitError } from "../../errors.js";
import type { PdfDocument, PdfView } from "../../input/pdf/document.js";
import { type GraphContext, type ObjectGraph, objectGraph } from "../../input/pdf/graph.js";
import { type PdfObject, rawGet } from "../../input/pdf/objects.js";
import { walkPages } from "../../input/pdf/pages.js";
import { strayTrailers, unaccountedBytes, unlistedDefinitions, unlistedInObjectStreams } from "../../input/pdf/unlisted.js";
import { Comparer } from "./compare.js";
import { type ChangeLevel, type Finding, LEVELS, maxLevel, rank } from "./levels.js";
import { describeContext, judgeChangedObject, judgeTrailer, type Locus, locusOf, LTV_CONTEXTS, type RuleContext, STREAM_CONTEXTS } from "./rules.js";
import { type ChangeKind, type ReaderChange, visibility } from "./reader.js";
import { pdfName } from "../../report/quoted-name.js";

/** Keys on the way to an object that say what it is to a reader: an attached file, an action run on opening. */
const ATTACHMENT_KEYS: ReadonlySet<string> = new Set(["EmbeddedFiles", "EF", "EmbeddedFile", "FS"]);
const ACTION_KEYS: ReadonlySet<string> = new Set(["OpenAction", "AA", "JavaScript", "JS"]);

/** All revisions together may walk this many times maxComparedObjects. */
const TOTAL_FACTOR = 4;

/** Findings listed in a report at most (the counts cover all of them). */
export const MAX_LISTED_FINDINGS = 50;

export interface ChangesAfter {
  /** The revision the signature covers (0-based) and the number of revisions after it. */
  readonly revision: number;
  readonly laterRevisions: number;
  /** The highest level of change after the signature ("none" when nothing follows it). */
  readonly level: ChangeLevel;
  readonly counts: Readonly<Record<ChangeLevel, number>>;
  /** The first MAX_LISTED_FINDINGS findings above "ltv", then LTV ones, in revision order. */
  readonly findings: readonly Finding[];
  /** References that no cross-reference section resolves, in any revision after the signature. */
  readonly dangling: readonly string[];
  /** Object definitions in a revision after the signature that its section does not list (unlistedDefinitions). */
  readonly unlisted: readonly string[];
  /**
   * The LTV writer's bookkeeping (Finding.allowance) in revisions that add validation data (a DSS or a document
   * timestamp), every one (a few keys per revision): a validation policy may let each pass, named.
   */
  readonly writerChanges: readonly Finding[];
  /** The highest level of the findings that are not among writerChanges. */
  readonly levelBesidesWriterChanges: ChangeLevel;
}

export interface PairResult {
  readonly findings: readonly Finding[];
  readonly dangling: readonly string[];
  readonly unlisted: readonly string[];
}

/** Contexts that say what an object is; a reference from elsewhere (a destination, the structure tree) only points at it. */
const STRUCTURAL: ReadonlySet<GraphContext> = new Set(["catalog", "info", "page-tree", "annots", "annotation", "acroform", "fields", "field", "sig"]);

/** Comparison steps a revision pair may take, per object a reader reaches in it. */
const STEPS_PER_OBJECT = 64;

/** A key path refsOf writes (`Annots[2]`) in words: the key as PDF writes a name (pdfName), the indexes after it. */
function pdfKey(key: string): string {
  const [, name, indexes] = /^(.*?)((?:\[\d+\])*)$/s.exec(key)!;
  return `${pdfName(name!)}${indexes}`;
}

/** References in a value's direct structure (not followed), with the key they sit under. */
function refsOf(value: PdfObject, key: string, out: { ref: { num: number; gen: number }; key: string }[], depth = 0): void {
  if (depth > 512 || out.length > 4096) return;
  if (value.kind === "ref") out.push({ ref: value, key });
  else if (value.kind === "array") value.items.forEach((x, i) => refsOf(x, `${key}[${i}]`, out, depth + 1));
  else if (value.kind === "dict" || value.kind === "stream") {
    for (const [k, v] of (value.kind === "stream" ? value.dict : value).entries) refsOf(v, k, out, depth + 1);
  }
}

/** The page tree root's /Count, an integer (readers give it as the number of pages), else undefined. */
function shownPageCount(view: PdfView): number | undefined {
  try {
    const root = view.resolve(rawGet(view.catalog(), "Pages"));
    const count = root?.kind === "dict" ? view.resolve(rawGet(root, "Count")) : undefined;
    return count?.kind === "number" && count.integer ? count.value : undefined;
  } catch (e) {
    if (e instanceof FormatError) return undefined;
    throw e;
  }
}

/** The same role for a reader: kind, page, field and annotation type. */
const sameChange = (a: ReaderChange, b: ReaderChange) => a.kind === b.kind && a.page === b.page && a.field === b.field && a.annotation === b.annotation;

/** Kinds that say nothing a reader sees beside another role: validation data, the file's structure, "an object". */
const UNTELLING: ReadonlySet<ChangeKind> = new Set(["validation-data", "structure", "other"]);

/** The distinct roles an object has for a reader in the given loci (one per context), most visible first. */
function readerRoles(loci: readonly Locus[]): ReaderChange[] {
  const out: ReaderChange[] = [];
  for (const l of loci) {
    if (UNTELLING.has(l.kind)) continue;
    const r: ReaderChange = { kind: l.kind, ...(l.page !== undefined ? { page: l.page } : {}), ...(l.field !== undefined ? { field: l.field } : {}) };
    if (!out.some((o) => sameChange(o, r))) out.push(r);
  }
  return out.sort((a, b) => visibility(a.kind) - visibility(b.kind));
}

/** A finding with its object's other roles (those its own change does not already say). */
function withRoles(f: Finding, roles: readonly ReaderChange[]): Finding {
  const others = [...(f.roles ?? []), ...roles].filter((r, i, all) => r.kind !== f.change.kind && all.findIndex((o) => sameChange(o, r)) === i);
  return others.length ? { ...f, roles: others } : f;
}

/** Analyses the revisions of one document; graphs and revision pairs are computed once and shared by every signature. */
export class ChangeAnalysis {
  private readonly graphs = new Map<number, ObjectGraph>();
  private readonly pairs = new Map<number, PairResult>();
  private readonly pageNumbers = new Map<number, Map<number, number> | null>();
  private readonly pageTotals = new Map<number, number | null>();

  constructor(
    readonly doc: PdfDocument,
    private readonly maxObjects: number,
  ) {}

  /** Objects walked in all revisions so far: many revisions of a large document add up. */
  private walked = 0;

  graph(i: number): ObjectGraph {
    let g = this.graphs.get(i);
    if (!g) {
      g = objectGraph(this.doc.at(i), this.maxObjects);
      this.walked += g.contexts.size;
      if (this.walked > TOTAL_FACTOR * this.maxObjects) {
        throw new LimitError(
          "maxComparedObjects",
          `more than ${TOTAL_FACTOR * this.maxObjects} objects would be compared across the revisions after the signature (${TOTAL_FACTOR} × the limit)`,
        );
      }
      this.graphs.set(i, g);
    }
    return g;
  }

  /**
   * How many pages revision i has: every leaf its page tree walks, a direct page dictionary too (poppler, qpdf and
   * PDFBox show one: a9 P1); null when its page tree cannot be read.
   */
  pageCount(i: number): number | null {
    this.pages(i);
    return this.pageTotals.get(i) ?? null;
  }

  /** Page numbers (1-based) by page object number, as revision i shows them; null when the page tree is unreadable. */
  private pages(i: number): Map<number, number> | null {
    if (!this.pageNumbers.has(i)) {
      try {
        const walked = walkPages(this.doc.at(i));
        this.pageNumbers.set(i, new Map(walked.flatMap((p, k) => (p.ref ? [[p.ref.num, k + 1] as [number, number]] : []))));
        this.pageTotals.set(i, walked.length);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        this.pageNumbers.set(i, null);
        this.pageTotals.set(i, null);
      }
    }
    return this.pageNumbers.get(i) ?? null;
  }

  /** Revision i against revision i - 1. */
  pair(i: number): PairResult {
    const cached = this.pairs.get(i);
    if (cached) return cached;
    const before = this.doc.at(i - 1);
    const after = this.doc.at(i);
    const gb = this.graph(i - 1);
    const ga = this.graph(i);
    const findings: Finding[] = [];
    const pageOfHolder = (from: number | null) => (from === null ? undefined : (this.pages(i)?.get(from) ?? this.pages(i - 1)?.get(from)));
    // Where an object sits, as a person would look for it: on a page if any reference puts it there, else
    // where a non-DSS reference holds it, else the first reference found.
    const where = (num: number): string => {
      const edges = [...(ga.edges.get(num) ?? []), ...(gb.edges.get(num) ?? [])];
      const edge = edges.find((e) => pageOfHolder(e.from) !== undefined) ?? edges.find((e) => e.context !== "dss") ?? edges[0];
      if (!edge) return "";
      if (edge.from === null) return ` (trailer ${pdfKey(edge.key)})`;
      const page = pageOfHolder(edge.from);
      return page !== undefined ? ` (page ${page} ${pdfKey(edge.key)})` : ` (in ${edge.from} 0 R ${pdfKey(edge.key)})`;
    };
    // What an object is to a reader, by the references that lead to it (a few steps up, as where() picks them):
    // on a page (content, fonts, images), an attached file, an action run on opening, or else something else.
    const near = (num: number): { page?: number; kind: ChangeKind } => {
      const keys: string[] = [];
      let cur = num;
      for (let step = 0; step < 8; step++) {
        const edges = [...(ga.edges.get(cur) ?? []), ...(gb.edges.get(cur) ?? [])];
        const edge = edges.find((e) => pageOfHolder(e.from) !== undefined) ?? edges.find((e) => e.context !== "dss") ?? edges[0];
        if (!edge) break;
        keys.push(edge.key.replace(/\[\d+\]$/, ""));
        if (keys.some((k) => ATTACHMENT_KEYS.has(k))) return { kind: "attachment" };
        if (keys.some((k) => ACTION_KEYS.has(k))) return { kind: "document-action" };
        const page = pageOfHolder(edge.from);
        if (page !== undefined) return { page, kind: "page-content" };
        if (edge.from === null || edge.from === cur) break;
        cur = edge.from;
      }
      return { kind: "other" };
    };
    const cmp = new Comparer(before, after, STEPS_PER_OBJECT * Math.max(gb.contexts.size, ga.contexts.size, 64), {
      before: (num) => gb.contexts.has(num),
      after: (num) => ga.contexts.has(num),
    });
    const rc: RuleContext = {
      before,
      after,
      cmp,
      docTsFields: new Map(),
      docTsDr: new Set(),
      kidSets: new Map(),
      isNew: (num) => before.objectByNumber(num) === undefined,
      pageOf: (num) => this.pages(i)?.get(num) ?? this.pages(i - 1)?.get(num),
      pageCounts: { before: this.pageCount(i - 1) ?? undefined, after: this.pageCount(i) ?? undefined },
      shownPageCounts: { before: shownPageCount(before), after: shownPageCount(after) },
      locus: { context: "trailer", kind: "structure" },
      report: (level, text, kind, extra = {}) => {
        const l = rc.locus;
        const page = extra.page ?? l.page;
        const field = extra.field ?? l.field;
        findings.push({
          level,
          revision: i,
          text,
          change: {
            kind: kind ?? l.kind,
            ...(page !== undefined ? { page } : {}),
            ...(field !== undefined ? { field } : {}),
            ...(extra.annotation !== undefined ? { annotation: extra.annotation } : {}),
          },
          ...(extra.allowance ? { allowance: extra.allowance } : {}),
          ...(extra.addsValidationData ? { addsValidationData: true as const } : {}),
        });
      },
    };
    judgeTrailer(rc, before.trailer, after.trailer);
    // Every entry this revision writes is read, reached or not: qpdf reads them all when it rewrites a file
    // (object 0 listed in use made it cache a page content that no entry lists), and an entry that does not
    // parse as its object is damage that readers repair by scanning.
    for (const e of this.doc.revisions[i]?.entries ?? []) {
      if (e.type === "free") continue;
      if (e.num === 0) {
        rc.report("other", "object 0, the head of the free list, is listed as in use", "structure");
        continue;
      }
      after.objectByNumber(e.num);
    }
    // Objects whose value this revision wrote anew (new or changed): their references are checked below.
    const written: number[] = [];
    const nums = new Set([...gb.contexts.keys(), ...ga.contexts.keys()]);
    for (const num of [...nums].sort((x, y) => x - y)) {
      const ob = before.objectByNumber(num);
      const oa = after.objectByNumber(num);
      const ctxs = new Set<GraphContext>([...(gb.contexts.get(num) ?? []), ...(ga.contexts.get(num) ?? [])]);
      const stated = [...ctxs].some((c) => STRUCTURAL.has(c));
      // A structural context decides which rules judge the object; the page it is drawn on still names it (W1).
      const unjudged = stated && ctxs.has("generic") ? (["generic"] as const) : [];
      if (stated) ctxs.delete("generic");
      const ltvOnly = [...ctxs].every((c) => LTV_CONTEXTS.has(c));
      if (!oa) {
        // Freed or gone while still referred to: the reference now reads as null (or makes poppler rebuild the
        // table). Not referred to any more: its referrer changed, and that change was judged.
        if (ob && ga.nullRefs.has(num)) {
          const n = near(num);
          rc.report(
            ltvOnly ? "ltv" : "other",
            `${[...ctxs].map(describeContext).join(", ")} ${num} 0 R${where(num)} was deleted while still referred to`,
            ltvOnly ? "validation-data" : n.kind === "other" ? "structure" : n.kind,
            n.page !== undefined ? { page: n.page } : {},
          );
        }
        continue;
      }
      if (!ob) {
        if (ga.contexts.has(num)) written.push(num);
        // New here. Reached through a changed object, that object's rule judged it. Referred to already when the
        // signature was made (and then null), it is content that appeared without its referrer changing.
        if (gb.nullRefs.has(num)) {
          const n = near(num);
          rc.report(
            ltvOnly ? "ltv" : "other",
            `object ${num} 0 R${where(num)} was referred to but undefined before this revision, which defines it as ${[...ctxs].map(describeContext).join(", ")}`,
            ltvOnly ? "validation-data" : n.kind === "other" ? "structure" : n.kind,
            n.page !== undefined ? { page: n.page } : {},
          );
        }
        continue;
      }
      if (cmp.sameObject(ob, oa)) continue;
      if (ga.contexts.has(num)) written.push(num);
      const n = near(num);
      const first = findings.length;
      const rolesOf = (cs: Iterable<GraphContext>) => readerRoles([...cs].map((c) => locusOf(rc, c, num, ob.value, oa.value, n)));
      if (ob.gen !== oa.gen) rc.report("other", `object ${num} was replaced by another generation`, "structure", n.page !== undefined ? { page: n.page } : {});
      for (const ctx of ctxs) judgeChangedObject(rc, ctx, num, ob.value, oa.value, where(num), n);
      // Rules read dictionaries; the data of a stream (or a value that became or stopped being one) counts
      // wherever the object is used, unless every use is one whose data may change.
      const x = ob.value;
      const y = oa.value;
      const dataChanged = x.kind === "stream" && y.kind === "stream" ? !cmp.sameStreamData(x, y) : x.kind === "stream" || y.kind === "stream";
      if (dataChanged && ![...ctxs].every((c) => STREAM_CONTEXTS.has(c))) {
        // Judged in the object's first context that is not validation data (a content stream a DSS also lists is page content).
        const ctx = [...ctxs].find((c) => !LTV_CONTEXTS.has(c)) ?? [...ctxs][0]!;
        rc.locus = locusOf(rc, ctx, num, ob.value, oa.value, n);
        rc.report("other", `${[...ctxs].map(describeContext).join(", ")} ${num} 0 R${where(num)}: its stream data changed`);
        // Its data is what every use of the object reads: the finding says every role the object has.
        findings[findings.length - 1] = withRoles(findings[findings.length - 1]!, rolesOf([...ctxs, ...unjudged]));
      }
      // The words of an object are the union of its roles (attack-s4 W1): each structural context's rule says its
      // own; a role no rule judged (the page whose content the object is) joins every finding about the object.
      if (unjudged.length) {
        const roles = rolesOf(unjudged);
        for (let k = first; k < findings.length; k++) findings[k] = withRoles(findings[k]!, roles);
      }
    }
    // References written in this revision that resolve to nothing: readers differ (null, or poppler rebuilding
    // the table by scanning, where the last `N G obj` in the file wins).
    const newDangling: string[] = [];
    const checkRefs = (value: PdfObject, from: number | null, key: string) => {
      const refs: { ref: { num: number; gen: number }; key: string }[] = [];
      refsOf(value, key, refs);
      for (const { ref, key: k } of refs) {
        if (after.object(ref) === undefined && newDangling.length < 64) {
          newDangling.push(
            `${ref.num} ${ref.gen} R${from === null ? ` in the trailer ${pdfKey(k)}` : ` in ${from} 0 R ${pdfKey(k)}`}${after.isFree(ref.num) ? " (a free object)" : ""}`,
          );
        }
      }
    };
    for (const key of ["Root", "Info"]) {
      const v = after.trailer.entries.get(key);
      const w = before.trailer.entries.get(key);
      if (v !== undefined && (w === undefined || !cmp.sameValue(w, v))) checkRefs(v, null, key);
    }
    for (const num of written) checkRefs((after.objectByNumber(num) as { value: PdfObject }).value, num, "");
    const result = {
      findings,
      dangling: newDangling,
      unlisted: [
        ...unlistedDefinitions(this.doc, i),
        ...unlistedInObjectStreams(this.doc, i),
        ...unaccountedBytes(this.doc, i),
        ...strayTrailers(this.doc, i),
      ].map((d) => `revision ${i + 1}: ${d}`),
    };
    this.pairs.set(i, result);
    return result;
  }

  /** Everything that changed after the signature made in `revision`. */
  after(revision: number): ChangesAfter {
    const last = this.doc.revisions.length - 1;
    const counts = Object.fromEntries(LEVELS.map((l) => [l, 0])) as Record<ChangeLevel, number>;
    const listed: Finding[] = [];
    const ltv: Finding[] = [];
    const dangling: string[] = [];
    const unlisted: string[] = [];
    let level: ChangeLevel = "none";
    let besides: ChangeLevel = "none";
    const writerChanges: Finding[] = [];
    for (let i = revision + 1; i <= last; i++) {
      const p = this.pair(i);
      // An LTV update: the revision adds validation data (a DSS or its items, a document timestamp); a raised
      // extension level alone is not one.
      const ltvUpdate = p.findings.some((f) => f.level === "ltv" && (f.addsValidationData || f.change.kind === "document-timestamp"));
      for (const f of p.findings) {
        counts[f.level]++;
        level = maxLevel(level, f.level);
        if (f.allowance && ltvUpdate) writerChanges.push(f);
        else besides = maxLevel(besides, f.level);
        if (rank(f.level) > rank("ltv")) {
          if (listed.length < MAX_LISTED_FINDINGS) listed.push(f);
        } else if (ltv.length < MAX_LISTED_FINDINGS) ltv.push(f);
      }
      for (const d of p.dangling) if (!dangling.includes(d) && dangling.length < MAX_LISTED_FINDINGS) dangling.push(d);
      for (const d of p.unlisted) if (unlisted.length < MAX_LISTED_FINDINGS) unlisted.push(d);
    }
    return {
      revision,
      laterRevisions: last - revision,
      level,
      counts,
      findings: [...listed, ...ltv].slice(0, MAX_LISTED_FINDINGS),
      dangling,
      unlisted,
      writerChanges,
      levelBesidesWriterChanges: besides,
    };
  }
}
