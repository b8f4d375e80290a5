// What changed after a signature, said as a reader would notice it: the findings grouped by their words
// (reader.ts), most visible first, with the object detail of each below them. One form for every signature:
// the seal's check (seal-modifications, "… after sealing") and every other signature's entry in
// pdfSignatures ("… after signing"), so a statement shows both the same way.
import type { ChangesAfter } from "./analyse.js";
import { type ChangeLevel, type Finding, permittedLevel, rank } from "./levels.js";
import { readerWords, visibility, type ReaderChange } from "./reader.js";

/** Findings as a reader would notice them: one entry per thing said (in order of first finding), with the object detail of each. */
export interface ReaderGroup extends ReaderChange {
  /** In a reader's words: "page 1's content changed after sealing". */
  says: string;
  /** The revision (1-based) that first made it. */
  revision: number;
  /** The findings behind it, as objects and keys ("object 5 0 R (page 1 /Contents[0]) changed"). */
  objects: string[];
}

/** After what the change came, as the words end: "after sealing" (the seal), "after signing" (any other signature). */
export type AfterWhat = "sealing" | "signing" | "timestamping";

/** A finding as the object detail shows it. */
function describeFinding(f: Finding): string {
  return `${f.text} (revision ${f.revision + 1})`;
}

function readerGroups(fs: readonly Finding[], after: AfterWhat): ReaderGroup[] {
  const groups = new Map<string, ReaderGroup>();
  // A finding that knows no page (a signature's field) joins one of the same kind that does (its widget on page 1).
  const paged = (c: ReaderChange) =>
    c.page === undefined
      ? fs.find((o) => o.change.page !== undefined && o.change.kind === c.kind && o.change.field === c.field && o.change.annotation === c.annotation)?.change
      : undefined;
  for (const f of fs) {
    // Every role of the changed object is said (attack-s4 W1), each in its group.
    for (const role of [f.change, ...(f.roles ?? [])]) {
      const change = paged(role) ?? role;
      const says = `${readerWords(change)} after ${after}`;
      const g = groups.get(says) ?? { ...change, says, revision: f.revision + 1, objects: [] };
      groups.set(says, g);
      const detail = describeFinding(f);
      if (!g.objects.includes(detail)) g.objects.push(detail);
    }
  }
  // Most visible first (a stable sort: ties in the order found), so the cut at four keeps what a reader sees.
  return [...groups.values()].sort((a, b) => visibility(a.kind) - visibility(b.kind));
}

/** How visible a finding is: its most visible role's rank. */
const seen = (f: Finding) => Math.min(visibility(f.change.kind), ...(f.roles ?? []).map((r) => visibility(r.kind)));

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What a statement shows of changes after a signature: the words (and the rule), and the object detail below them. */
export interface Saying {
  /** The words, then the rule, then the object detail: a check's whole message. */
  message: string;
  /** The words and the rule. */
  summary: string;
  /** One line per finding, the first four (most visible first), then "and N more". */
  objectDetail: string[];
  changes: ReaderGroup[];
}

/**
 * A failure or remark about changes after a signature: what a reader would notice first, then the rule, then
 * the object detail. `total` counts every finding above the permitted level (the listed ones are capped).
 */
export function saying(fs: readonly Finding[], total: number, rule: string, after: AfterWhat): Saying {
  const changes = readerGroups(fs, after);
  const shownGroups = cut(changes, (g) => [g]);
  const shown = shownGroups.map((g) => `${g.says} (revision ${g.revision})`);
  const more = changes.length - shownGroups.length;
  const words = `${capital(shown.join("; "))}${more > 0 ? `; and ${more} more change(s)` : ""}`;
  const summary = `${words}. ${rule}`;
  const detailed = cut(
    [...fs].sort((a, b) => seen(a) - seen(b)),
    (f) => [f.change, ...(f.roles ?? [])],
  );
  const objectDetail = detailed.map(describeFinding);
  if (total > detailed.length) objectDetail.push(`and ${total - detailed.length} more`);
  return { message: `${summary} Object detail: ${objectDetail.join("; ")}.`, summary, objectDetail, changes };
}

/**
 * Where a change is seen and what it is: its page and its kind, or for what no page shows, its kind. Every kind
 * of change on a page is its own place: one a reader sees (an annotation that paints over the page) is not cut
 * behind an invisible one of a higher-ranked kind on the same page ("q Q" appended to its content; attack-s5c
 * W3b). Bounded by the kinds (reader.ts) for each page.
 */
const placeOf = (c: ReaderChange) => (c.page !== undefined ? `page ${c.page} ${c.kind}` : `kind ${c.kind}`);

/**
 * What the words show of `items` (most visible first): the first item of every place anything changed (each
 * kind of change on each page, and each kind no page shows), then the rest up to four. A ranking by kind alone
 * is one a forger can outbid with invisible changes of a higher kind on other pages (attack-s5b W3) or on the
 * same page (attack-s5c W3b); only repetitions of one kind within a page are cut. In the order given.
 */
function cut<T>(items: readonly T[], changesOf: (item: T) => readonly ReaderChange[]): T[] {
  const places = new Set<string>();
  const keep = new Set<T>();
  for (const item of items) {
    const mine = changesOf(item).map(placeOf);
    if (mine.some((p) => !places.has(p))) {
      keep.add(item);
      mine.forEach((p) => places.add(p));
    }
  }
  for (const item of items) if (keep.size < 4) keep.add(item);
  return items.filter((i) => keep.has(i));
}

/** What a signature's permission allows, in words: "DocMDP P=1 permits only long-term validation data". */
export function permissionWords(docMdpP: number | null): string {
  const permitted = permittedLevel(docMdpP);
  return docMdpP === null
    ? "an approval signature without DocMDP, which does not cover them"
    : `DocMDP P=${docMdpP} permits ${permitted === "ltv" ? "only long-term validation data" : permitted === "form-fill" ? "only form filling and signing" : "only form filling, signing and annotations"}`;
}

/** The findings above a level, and how many there are in all (the listed findings are capped). */
export function findingsAbove(c: ChangesAfter, limit: ChangeLevel): { findings: Finding[]; total: number } {
  return {
    findings: c.findings.filter((f) => rank(f.level) > rank(limit)),
    total: Object.entries(c.counts).reduce((n, [lvl, k]) => n + (rank(lvl as ChangeLevel) > rank(limit) ? k : 0), 0),
  };
}
