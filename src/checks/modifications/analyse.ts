// Difference analysis after a signature: every revision compared with the one before it, over the objects
// a reader reaches in either, each changed object judged in every context it is used in (rules.ts). The
// result per signature is the highest level of change after its revision, with the findings that made it.
import { FormatError, LimitError } from "../../errors.js";
import type { PdfDocument, PdfView } from "../../input/pdf/document.js";
import { type GraphContext, type ObjectGraph, objectGraph } from "../../input/pdf/graph.js";
import { type PdfObject, pdfEquals } from "../../input/pdf/objects.js";
import { walkPages } from "../../input/pdf/pages.js";
import { type ChangeLevel, type Finding, LEVELS, maxLevel, rank } from "./levels.js";
import { describeContext, judgeChangedObject, judgeTrailer, LTV_CONTEXTS, type RuleContext, sameStreamData } from "./rules.js";

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
}

export interface PairResult {
  readonly findings: readonly Finding[];
  readonly dangling: readonly string[];
}

function streamDataDiffers(a: PdfView, b: PdfView, x: PdfObject, y: PdfObject): boolean {
  return x.kind === "stream" && y.kind === "stream" && !sameStreamData(a, x, b, y);
}

/** Contexts that say what an object is; a reference from elsewhere (a destination, the structure tree) only points at it. */
const STRUCTURAL: ReadonlySet<GraphContext> = new Set(["catalog", "info", "page-tree", "annots", "annotation", "acroform", "fields", "field", "sig"]);

/** True when both views take `num` from the same cross-reference entry (and, if compressed, the same object stream). */
function sameDefinition(a: PdfView, b: PdfView, num: number, depth = 0): boolean {
  const ea = a.entry(num);
  const eb = b.entry(num);
  if (ea === undefined || eb === undefined) return ea === eb;
  if (ea.revision !== eb.revision) return false;
  return ea.entry.type !== "compressed" || (depth === 0 && sameDefinition(a, b, ea.entry.stream, 1));
}

/** Analyses the revisions of one document; graphs and revision pairs are computed once and shared by every signature. */
export class ChangeAnalysis {
  private readonly graphs = new Map<number, ObjectGraph>();
  private readonly pairs = new Map<number, PairResult>();
  private readonly pageNumbers = new Map<number, Map<number, number> | null>();

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

  /** Page numbers (1-based) by page object number, as revision i shows them; null when the page tree is unreadable. */
  private pages(i: number): Map<number, number> | null {
    if (!this.pageNumbers.has(i)) {
      try {
        this.pageNumbers.set(i, new Map(walkPages(this.doc.at(i)).flatMap((p, k) => (p.ref ? [[p.ref.num, k + 1] as [number, number]] : []))));
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        this.pageNumbers.set(i, null);
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
    const where = (num: number, skipDss = false): string => {
      const edges = [...(ga.edges.get(num) ?? []), ...(gb.edges.get(num) ?? [])].filter((e) => !skipDss || e.context !== "dss");
      const edge = edges.find((e) => pageOfHolder(e.from) !== undefined) ?? edges.find((e) => e.context !== "dss") ?? edges[0];
      if (!edge) return "";
      if (edge.from === null) return ` (trailer /${edge.key})`;
      const page = pageOfHolder(edge.from);
      return page !== undefined ? ` (page ${page} /${edge.key})` : ` (in ${edge.from} 0 R /${edge.key})`;
    };
    const rc: RuleContext = {
      before,
      after,
      isNew: (num) => before.objectByNumber(num) === undefined,
      pageOf: (num) => {
        const p = this.pages(i)?.get(num) ?? this.pages(i - 1)?.get(num);
        return p !== undefined ? `page ${p}` : undefined;
      },
      report: (level, text) => findings.push({ level, revision: i, text }),
    };
    judgeTrailer(rc, before.trailer, after.trailer);
    const nums = new Set([...gb.contexts.keys(), ...ga.contexts.keys()]);
    for (const num of [...nums].sort((x, y) => x - y)) {
      if (sameDefinition(before, after, num)) continue;
      const ob = before.objectByNumber(num);
      const oa = after.objectByNumber(num);
      const ctxs = new Set<GraphContext>([...(gb.contexts.get(num) ?? []), ...(ga.contexts.get(num) ?? [])]);
      if ([...ctxs].some((c) => STRUCTURAL.has(c))) ctxs.delete("generic");
      const ltvOnly = [...ctxs].every((c) => LTV_CONTEXTS.has(c));
      if (!oa) {
        // Freed or gone while still referred to: the reference now reads as null (a missing one is also dangling,
        // below). Not referred to any more: its referrer changed, and that change was judged.
        if (ob && ga.nullRefs.has(num))
          rc.report(ltvOnly ? "ltv" : "other", `${[...ctxs].map(describeContext).join(", ")} ${num} 0 R${where(num)} was deleted while still referred to`);
        continue;
      }
      if (!ob) {
        // New here. Reached through a changed object, that object's rule judged it. Referred to already when the
        // signature was made (and then null), it is content that appeared without its referrer changing.
        if (gb.nullRefs.has(num)) {
          rc.report(
            ltvOnly ? "ltv" : "other",
            `object ${num} 0 R${where(num)} was referred to but undefined before this revision, which defines it as ${[...ctxs].map(describeContext).join(", ")}`,
          );
        }
        continue;
      }
      if (ob.gen === oa.gen && pdfEquals(ob.value, oa.value) && !streamDataDiffers(before, after, ob.value, oa.value)) continue;
      if (ob.gen !== oa.gen) rc.report("other", `object ${num} was replaced by another generation`);
      for (const ctx of ctxs) judgeChangedObject(rc, ctx, num, ob.value, oa.value, where(num));
    }
    for (const [num, set] of ga.contexts) {
      if (set.has("dss") && set.size > 1) {
        const others = [...set].filter((c) => c !== "dss").map(describeContext);
        rc.report("other", `object ${num} 0 R is listed as validation data (DSS) and also used as ${others.join(", ")}${where(num, true)}`);
      }
    }
    const dangling = ga.dangling.map((d) => `${d.ref.num} ${d.ref.gen} R${d.from === null ? ` in the trailer /${d.key}` : ` in ${d.from} 0 R /${d.key}`}`);
    const result = { findings, dangling };
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
    let level: ChangeLevel = "none";
    for (let i = revision + 1; i <= last; i++) {
      const p = this.pair(i);
      for (const f of p.findings) {
        counts[f.level]++;
        level = maxLevel(level, f.level);
        if (rank(f.level) > rank("ltv")) {
          if (listed.length < MAX_LISTED_FINDINGS) listed.push(f);
        } else if (ltv.length < MAX_LISTED_FINDINGS) ltv.push(f);
      }
      for (const d of p.dangling) if (!dangling.includes(d) && dangling.length < MAX_LISTED_FINDINGS) dangling.push(d);
    }
    return { revision, laterRevisions: last - revision, level, counts, findings: [...listed, ...ltv].slice(0, MAX_LISTED_FINDINGS), dangling };
  }
}
