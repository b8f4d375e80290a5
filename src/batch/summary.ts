// What a batch prints at the end: counts per indication and sub-indication, the slowest archives, the
// first errors, and the exit code (the worst verdict). Memory is bounded: counters and two short lists,
// however many archives there are.
import { safeText } from "../render/sanitize.js";
import type { ArchiveExitCode, BatchResult } from "./types.js";

/** From least to most severe: passed, indeterminate, no verdict, failed (docs/batch.md). */
const SEVERITY: readonly ArchiveExitCode[] = [0, 2, 3, 1];
const NO_VERDICT = "NO-VERDICT";
/** Groups of archives that did not pass, most severe first (as the exit code ranks them). */
const GROUP_ORDER = ["TOTAL-FAILED", NO_VERDICT, "INDETERMINATE"];
const EXAMPLES_PER_GROUP = 3;

export function worseExitCode(a: ArchiveExitCode, b: ArchiveExitCode): ArchiveExitCode {
  return SEVERITY.indexOf(a) >= SEVERITY.indexOf(b) ? a : b;
}

/** What the summary needs of a result. */
export type Summable = Pick<
  BatchResult,
  "evidence" | "indication" | "subIndication" | "exitCode" | "durationMs" | "error" | "protectedUntil" | "contentChanged"
>;

export interface BatchSummaryJson {
  archives: number;
  /** Of which verified in this run (the rest come from the results file, with --resume). */
  verifiedNow: number;
  fromEarlierRun: number;
  /** TOTAL-PASSED, TOTAL-FAILED, INDETERMINATE, NO-VERDICT → count. */
  byIndication: Record<string, number>;
  /** "TOTAL-FAILED/HASH_FAILURE", "INDETERMINATE/NO_CERTIFICATE_CHAIN_FOUND", "NO-VERDICT/ERR_LAYOUT"… → count. */
  bySubIndication: Record<string, number>;
  slowest: { evidence: string; durationMs: number; indication: string }[];
  errors: { evidence: string; error: string }[];
  /** Archives that did not pass (failed, indeterminate, no verdict), in completion order: the first `notPassedShown`. */
  notPassed: { evidence: string; indication: string; subIndication: string | null; error: string | null }[];
  /** How many did not pass in all (more than `notPassed` holds when it was cut short). */
  notPassedCount: number;
  /**
   * Every archive that did not pass, grouped by reason (indication and sub-indication, or the error code of
   * those without a verdict), most severe first (TOTAL-FAILED, no verdict, INDETERMINATE), then by count; each
   * group with its count and its first few archives.
   */
  notPassedByReason: { indication: string; subIndication: string | null; count: number; examples: { evidence: string; error: string | null }[] }[];
  /** Files found that are not evidence by their content (a metadata.json beside an archive): skipped, not verified. */
  skipped: { count: number; examples: { file: string; reason: string }[] };
  /**
   * With --expiring-before: archives with a verdict whose protection ends before that date (or is already
   * gone), to renew with sealcheck augment; the first `maxNotPassed`, and how many in all.
   */
  toRenew?: { before: string; archives: { evidence: string; protectedUntil: string | null }[]; count: number };
  /** The worst verdict's exit code; 3 when there was no archive at all. */
  exitCode: ArchiveExitCode;
  elapsedMs: number;
  archivesPerSecond: number;
  workers: number;
  out: string | null;
}

export class BatchSummary {
  private archives = 0;
  private now = 0;
  private earlier = 0;
  private readonly byIndication = new Map<string, number>();
  private readonly bySub = new Map<string, number>();
  /** Sorted slowest first, at most `topN`. */
  private readonly slowest: { evidence: string; durationMs: number; indication: string }[] = [];
  private readonly errors: { evidence: string; error: string }[] = [];
  private readonly notPassed: BatchSummaryJson["notPassed"] = [];
  private notPassedCount = 0;
  private readonly groups = new Map<string, BatchSummaryJson["notPassedByReason"][number]>();
  private skippedCount = 0;
  private readonly skippedExamples: BatchSummaryJson["skipped"]["examples"] = [];
  private worst: ArchiveExitCode | null = null;
  private readonly started = Date.now();
  private elapsedMs = 0;
  private readonly renew: { evidence: string; protectedUntil: string | null }[] = [];
  private renewCount = 0;

  constructor(
    private readonly topN = 10,
    private readonly maxErrors = 10,
    private readonly maxNotPassed = 50,
    /** --expiring-before: archives whose protection ends before it are listed to renew. */
    private readonly expiringBefore: Date | null = null,
  ) {}

  add(r: Summable & { errorCode?: string | null }, fromEarlierRun = false): void {
    this.archives++;
    if (fromEarlierRun) this.earlier++;
    else this.now++;
    const ind = r.indication ?? NO_VERDICT;
    this.byIndication.set(ind, (this.byIndication.get(ind) ?? 0) + 1);
    const sub = r.indication ? r.subIndication : (r.errorCode ?? "error");
    if (sub) this.bySub.set(`${ind}/${sub}`, (this.bySub.get(`${ind}/${sub}`) ?? 0) + 1);
    const code = ([0, 1, 2, 3] as const).includes(r.exitCode as ArchiveExitCode) ? r.exitCode : 3;
    this.worst = this.worst === null ? code : worseExitCode(this.worst, code);
    if (r.error && this.errors.length < this.maxErrors) this.errors.push({ evidence: r.evidence, error: r.error });
    // A line of an older version (no protectedUntil) is not judged; a sealed archive without protection is.
    if (this.expiringBefore && r.indication && r.protectedUntil !== undefined) {
      const until = r.protectedUntil === null ? null : Date.parse(r.protectedUntil);
      if (until === null || until < this.expiringBefore.getTime()) {
        this.renewCount++;
        if (this.renew.length < this.maxNotPassed) this.renew.push({ evidence: r.evidence, protectedUntil: r.protectedUntil ?? null });
      }
    }
    if (code !== 0) {
      this.notPassedCount++;
      const key = `${ind}/${sub ?? ""}`;
      let g = this.groups.get(key);
      if (!g) this.groups.set(key, (g = { indication: ind, subIndication: sub ?? null, count: 0, examples: [] }));
      g.count++;
      // A queued archive whose bytes were not those pinned has a verdict and no error: why is said all the same.
      const why = r.error ?? r.contentChanged?.why ?? null;
      if (g.examples.length < EXAMPLES_PER_GROUP) g.examples.push({ evidence: r.evidence, error: why });
      if (this.notPassed.length < this.maxNotPassed) this.notPassed.push({ evidence: r.evidence, indication: ind, subIndication: sub ?? null, error: why });
    }
    if (!fromEarlierRun && this.topN > 0) {
      const s = this.slowest;
      if (s.length < this.topN || r.durationMs > s[s.length - 1]!.durationMs) {
        let i = s.length;
        while (i > 0 && s[i - 1]!.durationMs < r.durationMs) i--;
        s.splice(i, 0, { evidence: r.evidence, durationMs: r.durationMs, indication: ind });
        if (s.length > this.topN) s.pop();
      }
    }
  }

  /** A file discovery skipped (not evidence by its content): counted, a few named. */
  addSkipped(file: string, reason: string): void {
    this.skippedCount++;
    if (this.skippedExamples.length < EXAMPLES_PER_GROUP) this.skippedExamples.push({ file, reason });
  }

  get count(): number {
    return this.archives;
  }

  get verifiedNow(): number {
    return this.now;
  }

  counts(): Map<string, number> {
    return this.byIndication;
  }

  exitCode(): ArchiveExitCode {
    return this.worst ?? 3;
  }

  finish(): void {
    this.elapsedMs = Date.now() - this.started;
  }

  toJSON(extra: { workers: number; out: string | null }): BatchSummaryJson {
    const elapsed = this.elapsedMs || Date.now() - this.started;
    return {
      archives: this.archives,
      verifiedNow: this.now,
      fromEarlierRun: this.earlier,
      byIndication: Object.fromEntries(this.byIndication),
      bySubIndication: Object.fromEntries([...this.bySub].sort((a, b) => b[1] - a[1])),
      slowest: this.slowest,
      errors: this.errors,
      notPassed: this.notPassed,
      notPassedCount: this.notPassedCount,
      notPassedByReason: [...this.groups.values()]
        .sort((a, b) => GROUP_ORDER.indexOf(a.indication) - GROUP_ORDER.indexOf(b.indication) || b.count - a.count)
        .map((g) => ({ ...g, examples: [...g.examples] })),
      skipped: { count: this.skippedCount, examples: [...this.skippedExamples] },
      ...(this.expiringBefore ? { toRenew: { before: this.expiringBefore.toISOString(), archives: this.renew, count: this.renewCount } } : {}),
      exitCode: this.exitCode(),
      elapsedMs: elapsed,
      archivesPerSecond: elapsed > 0 ? Math.round((this.now / elapsed) * 1000 * 10) / 10 : 0,
      workers: extra.workers,
      out: extra.out,
    };
  }
}

const EXIT_MEANING: Record<ArchiveExitCode, string> = {
  0: "all TOTAL-PASSED",
  1: "worst verdict TOTAL-FAILED",
  2: "worst verdict INDETERMINATE",
  3: "at least one archive without a verdict",
};

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}
function lpad(s: string, n: number): string {
  return s.length >= n ? s : " ".repeat(n - s.length) + s;
}
const num = (n: number): string => n.toLocaleString("en-US");

/** The human summary table (stdout). */
export function renderSummary(s: BatchSummaryJson, o: { colour?: boolean } = {}): string {
  const c = (code: string, t: string): string => (o.colour ? `\u001b[${code}m${t}\u001b[0m` : t);
  const colourOf = (ind: string): string => (ind === "TOTAL-PASSED" ? "32" : ind === "TOTAL-FAILED" ? "31" : ind === "INDETERMINATE" ? "33" : "35");
  const lines: string[] = [];
  const secs = (s.elapsedMs / 1000).toFixed(1);
  lines.push(
    `${num(s.archives)} archive${s.archives === 1 ? "" : "s"}: ${num(s.verifiedNow)} verified in ${secs} s (${s.archivesPerSecond}/s, ${s.workers} worker${s.workers === 1 ? "" : "s"})${s.fromEarlierRun ? `, ${num(s.fromEarlierRun)} from the earlier run` : ""}`,
  );
  lines.push("");
  const rows: [string, string, string][] = [];
  const order = ["TOTAL-PASSED", "TOTAL-FAILED", "INDETERMINATE", NO_VERDICT];
  for (const ind of order) {
    const total = s.byIndication[ind];
    if (!total) continue;
    const subs = Object.entries(s.bySubIndication).filter(([k]) => k.startsWith(`${ind}/`));
    const withSub = subs.reduce((a, [, n]) => a + n, 0);
    if (subs.length === 0 || withSub < total) rows.push([ind, subs.length ? "(none)" : "", num(total - withSub)]);
    for (const [k, n] of subs) rows.push([ind, k.slice(ind.length + 1), num(n)]);
  }
  const w0 = Math.max(10, ...rows.map((r) => r[0].length));
  const w1 = Math.max(14, ...rows.map((r) => r[1].length));
  const w2 = Math.max(5, ...rows.map((r) => r[2].length));
  lines.push(`  ${pad("indication", w0)}  ${pad("sub-indication", w1)}  ${lpad("count", w2)}`);
  for (const [a, b, n] of rows) lines.push(`  ${c(colourOf(a), pad(a, w0))}  ${pad(b, w1)}  ${lpad(n, w2)}`);
  if (s.slowest.length) {
    lines.push("", `Slowest ${s.slowest.length}:`);
    for (const x of s.slowest) lines.push(`  ${lpad((x.durationMs / 1000).toFixed(2), 8)} s  ${pad(x.indication, 13)}  ${safeText(x.evidence)}`);
  }
  // The archives that did not pass, grouped by reason, most severe first: each group's count and its first
  // archives (no-verdict ones with their reason), so that 49 identical layout errors take one group and hide
  // no TOTAL-FAILED (the full reports are in --out).
  if (s.notPassedByReason.length) {
    lines.push("", `Not passed (${num(s.notPassedCount)}${s.out ? `; all in ${s.out}` : ""}), by reason, most severe first:`);
    const label = (g: { indication: string; subIndication: string | null }) => `${g.indication}${g.subIndication ? `/${g.subIndication}` : ""}`;
    const w = Math.max(...s.notPassedByReason.map((g) => label(g).length));
    const wn = Math.max(...s.notPassedByReason.map((g) => num(g.count).length));
    for (const g of s.notPassedByReason) {
      g.examples.forEach((x, i) => {
        const head = i === 0 ? `${c(colourOf(g.indication), pad(label(g), w))}  ${lpad(num(g.count), wn)}` : " ".repeat(w + 2 + wn);
        lines.push(`  ${head}  ${safeText(x.error ?? x.evidence)}`);
      });
      if (g.count > g.examples.length) lines.push(`  ${" ".repeat(w + 2 + wn)}  … and ${num(g.count - g.examples.length)} more`);
    }
  }
  if (s.skipped.count) {
    lines.push("", `Skipped (${num(s.skipped.count)}): not evidence by their content, not verified:`);
    for (const x of s.skipped.examples) lines.push(`  ${safeText(x.file)}: ${safeText(x.reason)}`);
    if (s.skipped.count > s.skipped.examples.length) lines.push(`  … and ${num(s.skipped.count - s.skipped.examples.length)} more`);
  }
  if (s.toRenew) {
    const t = s.toRenew;
    const shown = t.archives.length < t.count ? `first ${t.archives.length} of ${num(t.count)}` : num(t.count);
    lines.push("", `To renew, protected until before ${t.before} (${shown}; sealcheck augment adds the next archive timestamp):`);
    for (const x of t.archives) lines.push(`  ${pad(x.protectedUntil ?? "not protected", 20)}  ${safeText(x.evidence)}`);
  }
  lines.push("");
  if (s.out) lines.push(`Results: ${s.out}`);
  lines.push(`Exit code ${s.exitCode}: ${s.archives === 0 ? "no archive found" : EXIT_MEANING[s.exitCode]}.`);
  return `${lines.join("\n")}\n`;
}
