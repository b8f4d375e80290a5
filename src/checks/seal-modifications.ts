// Check "seal-modifications": what a reader shows must be what the seal certified. The broker's seal is a
// certification with DocMDP P=1: after it only long-term-validation data may follow (a DSS with its
// validation data, document timestamps with their fields and invisible widgets, XMP metadata, /Info
// /ModDate). Every later revision is compared with the one before it over the resolved object graph
// (modifications/analyse.ts); every change is judged in every context the object is used in.
// Revisions are numbered from 1 in messages (as a person counts them) and from 0 in details.
import { errorMessage, FormatError, LimitError } from "../errors.js";
import { coveredRevision, type PdfDocument, type SignatureInfo } from "../input/pdf/index.js";
import { failed, passed, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ChangeAnalysis, ChangesAfter } from "./modifications/analyse.js";
import { type Finding, permittedLevel, rank } from "./modifications/levels.js";
import { readerWords, visibility, type ReaderChange } from "./modifications/reader.js";

const ID = "seal-modifications";

function describe(f: Finding): string {
  return `${f.text} (revision ${f.revision + 1})`;
}

/** The details every outcome carries: counts by level and the first findings, never an unbounded list. */
function changeDetails(c: ChangesAfter): Record<string, unknown> {
  return {
    level: c.level,
    counts: c.counts,
    findings: c.findings.map((f) => ({ level: f.level, revision: f.revision, text: f.text, change: f.change })),
    ...(c.dangling.length ? { dangling: c.dangling } : {}),
  };
}

/** Findings as a reader would notice them: one entry per thing said (in order of first finding), with the object detail of each. */
export interface ReaderGroup extends ReaderChange {
  /** In a reader's words: "page 1's content changed after sealing". */
  says: string;
  /** The revision (1-based) that first made it. */
  revision: number;
  /** The findings behind it, as objects and keys ("object 5 0 R (page 1 /Contents[0]) changed"). */
  objects: string[];
}

function readerGroups(fs: readonly Finding[]): ReaderGroup[] {
  const groups = new Map<string, ReaderGroup>();
  // A finding that knows no page (a signature's field) joins one of the same kind that does (its widget on page 1).
  const paged = (c: ReaderChange) =>
    c.page === undefined
      ? fs.find((o) => o.change.page !== undefined && o.change.kind === c.kind && o.change.field === c.field && o.change.annotation === c.annotation)?.change
      : undefined;
  for (const f of fs) {
    const change = paged(f.change) ?? f.change;
    const says = `${readerWords(change)} after sealing`;
    const g = groups.get(says) ?? { ...change, says, revision: f.revision + 1, objects: [] };
    groups.set(says, g);
    const detail = describe(f);
    if (!g.objects.includes(detail)) g.objects.push(detail);
  }
  // Most visible first (a stable sort: ties in the order found), so the cut at four keeps what a reader sees.
  return [...groups.values()].sort((a, b) => visibility(a.kind) - visibility(b.kind));
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A failure or remark about changes after sealing: what a reader would notice first, then the rule, then the
 * object detail. The details carry the same as `summary` (the words and the rule) and `objectDetail` (one line
 * per finding), so that a statement can show the words and put the objects below them.
 */
function saying(fs: readonly Finding[], total: number, rule: string): { message: string; summary: string; objectDetail: string[]; changes: ReaderGroup[] } {
  const changes = readerGroups(fs);
  const shown = changes.slice(0, 4).map((g) => `${g.says} (revision ${g.revision})`);
  const words = `${capital(shown.join("; "))}${changes.length > 4 ? `; and ${changes.length - 4} more change(s)` : ""}`;
  const summary = `${words}. ${rule}`;
  const objectDetail = [...fs]
    .sort((a, b) => visibility(a.change.kind) - visibility(b.change.kind))
    .slice(0, 4)
    .map(describe);
  if (total > 4) objectDetail.push(`and ${total - 4} more`);
  return { message: `${summary} Object detail: ${objectDetail.join("; ")}.`, summary, objectDetail, changes };
}

export function checkSealModifications(doc: PdfDocument, analysis: ChangeAnalysis, seal: SignatureInfo, docMdpP: number | null): CheckResult {
  const last = doc.revisions.length - 1;
  const covered = coveredRevision(doc, seal.byteRange);
  const details: Record<string, unknown> = { revisions: doc.revisions.length, sealedRevision: covered ?? null, docMdpPermission: docMdpP };
  if (covered === undefined) {
    return failed(ID, "FORMAT_FAILURE", "The seal's byte range ends where no revision ends, so what it certified cannot be told from what was added later.", {
      details,
    });
  }
  const rewritten = [seal.revision, ...seal.redefinedIn].filter((i) => i > covered);
  if (rewritten.length) {
    return failed(ID, "HASH_FAILURE", `The seal's signature dictionary was rewritten in revision ${rewritten.map((i) => i + 1).join(", ")} after sealing.`, {
      details,
    });
  }
  if (doc.trailingBytes > 0) details.trailingBytes = doc.trailingBytes;
  if (covered === last) {
    return passed(ID, `Nothing was added after sealing: the seal covers the last of ${doc.revisions.length} revision(s).`, { details });
  }
  let changes: ChangesAfter;
  try {
    changes = analysis.after(covered);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    const what = e instanceof LimitError ? "are too large to compare" : "cannot be compared";
    return failed(ID, "FORMAT_FAILURE", `The revisions after sealing ${what}: ${errorMessage(e)}.`, { details });
  }
  Object.assign(details, changeDetails(changes));
  const later = changes.laterRevisions;
  if (changes.dangling.length) {
    return failed(
      ID,
      "FORMAT_FAILURE",
      `After sealing, the document refers to objects no cross-reference section defines (${changes.dangling.slice(0, 3).join("; ")}): readers such as poppler and qpdf then rebuild the cross-reference table by scanning the file, so what they show is not what was sealed.`,
      { details },
    );
  }
  const permitted = permittedLevel(docMdpP);
  const above = (limit: Parameters<typeof rank>[0]) => changes.findings.filter((f) => rank(f.level) > rank(limit));
  const count = (limit: Parameters<typeof rank>[0]) =>
    Object.entries(changes.counts).reduce((n, [lvl, k]) => n + (rank(lvl as Finding["level"]) > rank(limit) ? k : 0), 0);
  if (rank(changes.level) > rank(permitted)) {
    const forbidden = above(permitted);
    const perm =
      docMdpP === null
        ? "an approval signature without DocMDP, which does not cover them"
        : `DocMDP P=${docMdpP} permits ${permitted === "ltv" ? "only long-term validation data" : permitted === "form-fill" ? "only form filling and signing" : "only form filling, signing and annotations"}`;
    const s = saying(forbidden, count(permitted), `${later} revision(s) after the seal change what it certified (${perm}).`);
    return failed(ID, "HASH_FAILURE", s.message, { details: { ...details, summary: s.summary, objectDetail: s.objectDetail, changes: s.changes } });
  }
  if (rank(changes.level) > rank("ltv")) {
    const beyond = above("ltv");
    const s = saying(
      beyond,
      count("ltv"),
      `${later} revision(s) after the seal make changes its DocMDP P=${docMdpP ?? "(none)"} permits, beyond long-term validation data.`,
    );
    return warning(ID, s.message, { details: { ...details, summary: s.summary, objectDetail: s.objectDetail, changes: s.changes } });
  }
  return passed(ID, `${later} revision(s) after the seal add only long-term validation data (DSS, document timestamps, metadata), which DocMDP permits.`, {
    details,
  });
}
