// Human output of `verify`, written as a verification statement: the verdict and its reason first, then
// the workflow, documents, signers, seal and token certificate, then the checks grouped by what they
// verify, each with a mark and one sentence, then the full certificate names. Fits 80 columns where the
// values allow (digests and DNs are wrapped or kept to their own lines). Pure: report in, text out.
import { quoteName, shownValue } from "../report/quoted-name.js";
import type { ArchiveReport } from "../report/archive-report.js";
import type { CertificateSummary, CheckResult } from "../report/types.js";
import {
  ANCHORS_NOTE,
  archiveView,
  certificateFields,
  commonName,
  describeTimeSource,
  messageParts,
  type ArchiveView,
  type DecidingAnchor,
  type Field,
} from "./archive-view.js";
import { indicationColour, mark, oneLine, paint, wrap, type Style } from "./style.js";
import { safeText } from "./sanitize.js";

export { describeTimeSource };

export const WIDTH = 80;

/** The one sanitiser (src/render/sanitize.ts), re-exported for the renderers that import it from here. */
export { safeText };

function para(text: string, indent: string, width = WIDTH): string {
  return indent + wrap(safeText(text), width - indent.length, indent);
}

/** A value that is one digest (hex, at least 32 digits). */
const DIGEST_VALUE = /^[0-9A-Fa-f]{32,}$/;

export function fieldLines(fields: readonly Field[], indent = "  ", width = WIDTH): string[] {
  if (fields.length === 0) return [];
  const labelWidth = Math.max(...fields.map((f) => f.label.length)) + 2;
  const pad = " ".repeat(indent.length + labelWidth);
  const column = Math.max(20, width - pad.length);
  return fields.map((f) => {
    // A digest too long for the value column goes whole on a line of its own below its label, where it fits.
    const below = `${indent}    `;
    if (DIGEST_VALUE.test(f.value) && f.value.length > column && f.value.length <= width - below.length) return `${indent}${f.label}\n${below}${f.value}`;
    // A value from the evidence as it is: on its line, cut visibly (a15; the whole is in the JSON report).
    if (f.evidence) return `${indent}${f.label.padEnd(labelWidth)}${oneLine(safeText(f.value), column)}`;
    return `${indent}${f.label.padEnd(labelWidth)}${wrap(safeText(f.value), column, pad)}`;
  });
}

/** Object detail below what a reader notices: one line per finding, "- " first. */
function detailLines(detail: readonly string[], indent: string): string[] {
  return detail.map((d) => `${indent}- ${wrap(safeText(d), WIDTH - indent.length - 2, `${indent}  `)}`);
}

function checkLine(style: Style, c: CheckResult, idWidth: number): string {
  const head = `    ${mark(style, c.status)} ${c.id.padEnd(idWidth)}`;
  const col = 4 + 7 + idWidth;
  const { text, detail } = messageParts(c);
  const lines = [`${head}${wrap(safeText(text), WIDTH - col, " ".repeat(col))}`];
  if (detail.length) lines.push(`${" ".repeat(col)}Object detail:`, ...detailLines(detail, " ".repeat(col)));
  return lines.join("\n");
}

function certificateLines(c: CertificateSummary, n: number): string[] {
  const out = [`  ${n}. ${oneLine(safeText(shownValue(c.subject)), WIDTH - 5)}`];
  out.push(...fieldLines(certificateFields(c), "     "));
  return out;
}

/** "Verdict: TOTAL-PASSED", with "documents not compared" when no originals were given. */
function headlineLine(style: Style, v: ArchiveView): string {
  const rest = v.headline.slice(v.verdict.length);
  return `${paint(style, "bold", "Verdict:")} ${paint(style, indicationColour(v.indication), v.verdict)}${rest}`;
}

export function renderArchiveHuman(report: ArchiveReport, style: Style): string {
  const v = archiveView(report);
  const out: string[] = [];
  const heading = (t: string) => out.push("", paint(style, "bold", t));
  out.push(headlineLine(style, v));
  out.push(para(v.meaning, "  "));
  out.push(para(`Reason: ${v.reason}`, "  "));
  if (v.reasonDetail.length) out.push("  Object detail:", ...detailLines(v.reasonDetail, "    "));
  if (v.decidedBy.length > 1) out.push(para(`Also failing or undecided: ${v.decidedBy.slice(1).join(", ")}.`, "  "));
  if (v.testEnvironment) out.push(paint(style, "yellow", para(v.testEnvironment, "  ")));
  out.push("", ...fieldLines(v.facts));
  if (v.unverified) out.push("", paint(style, "red", para(v.unverified, "  ")));

  if (v.workflow) {
    heading(`Workflow${v.unverified ? " (unverified)" : ""}`);
    out.push(...fieldLines(v.workflow));
  }
  if (v.documents.length) {
    heading(`Documents (${v.documents.length})${v.unverified ? " (unverified)" : ""}`);
    for (const d of v.documents) out.push(`  ${oneLine(safeText(d.heading), WIDTH - 2)}`, ...fieldLines(d.fields, "     "));
  }
  if (v.signers.length) {
    heading(`Signers (${v.signers.length})${v.unverified ? " (unverified)" : ""}`);
    for (const s of v.signers) out.push(`  ${oneLine(safeText(s.heading), WIDTH - 2)}`, ...fieldLines(s.fields, "     "));
  }
  if (v.notes.length) {
    heading("Personal data");
    for (const n of v.notes) out.push(para(n, "  "));
  }
  if (v.seal) {
    heading("Seal");
    out.push(...fieldLines(v.seal));
  }
  for (const c of v.signatureChanges) {
    out.push("", para(`${c.heading}:`, "  "), para(c.text, "    "));
    if (c.detail.length) out.push("    Object detail:", ...detailLines(c.detail, "      "));
  }
  if (v.longTerm) {
    heading("Long-term validation");
    out.push(...fieldLines(v.longTerm));
  }
  if (v.tokenCertificate) {
    heading("Token certificate");
    out.push(...fieldLines(v.tokenCertificate));
  }

  heading("Checks");
  const idWidth = Math.min(20, Math.max(...report.checks.map((c) => c.id.length)) + 1);
  for (const g of v.checkGroups) {
    out.push(`  ${paint(style, "bold", g.title)}`);
    for (const c of g.checks) out.push(checkLine(style, c, idWidth));
  }
  const judged = [...new Set(report.checks.map((c) => c.timeSource).filter((s) => s !== undefined))];
  if (judged.length > 1) {
    out.push(
      "",
      para(
        `Each check was judged at the time that matters to it: ${judged.map((s) => describeTimeSource(s)).join("; ")}. The JSON report gives each check's time.`,
        "  ",
      ),
    );
  }

  if (v.basis) {
    heading(`Trust anchors (${v.basis.anchors.length})`);
    if (v.basis.anchors.length === 0)
      out.push(
        v.basis.lists.length
          ? "  none given with --trust: only the trusted lists' services below"
          : "  none given (--trust): no certificate path could end at an anchor",
      );
    if ([...v.basis.anchors, ...v.basis.lists].some((a) => a.fields.some((f) => f.label === "Decides"))) out.push(para(ANCHORS_NOTE, "  "));
    for (const a of v.basis.anchors) out.push(`  ${oneLine(safeText(a.heading), WIDTH - 2)}`, ...fieldLines(a.fields, "     "));
    if (v.basis.lists.length) {
      heading(`Trusted lists (${v.basis.lists.length})`);
      for (const l of v.basis.lists) out.push(`  ${oneLine(safeText(l.heading), WIDTH - 2)}`, ...fieldLines(l.fields, "     "));
    }
    heading("Options");
    out.push(...fieldLines(v.basis.options));
  }

  if (v.certificates.length) {
    heading("Certificates");
    for (const chain of v.certificates) {
      out.push(`  ${paint(style, "bold", chain.title)}${chain.chain.length > 1 ? " (leaf first)" : ""}`);
      chain.chain.forEach((c, i) => out.push(...certificateLines(c, i + 1)));
    }
  }
  if (v.personalDataMasked) out.push("", paint(style, "grey", "Personal data is masked; --show-personal-data reveals it."));
  return `${out.join("\n")}\n`;
}

/**
 * The short form (`--summary`): the verdict, its reason, what was verified, and every check that did not
 * simply pass, so that the answer fits one screen whatever the verdict. The full statement is the default.
 */
export function renderArchiveSummary(report: ArchiveReport, style: Style): string {
  const v = archiveView(report);
  const head: string[] = [];
  head.push(headlineLine(style, v));
  head.push(para(v.meaning, "  "));
  head.push(para(`Reason: ${v.reason}`, "  "));
  if (v.reasonDetail.length) head.push("  Object detail:", ...detailLines(v.reasonDetail, "    "));
  if (v.testEnvironment) head.push(paint(style, "yellow", para(v.testEnvironment, "  ")));
  // "Decided by" is the list below; the tool's version and the evidence's size are in the full statement.
  const hidden = new Set(["Verified with", "Decided by", "Evidence size"]);
  head.push("", ...fieldLines(v.facts.filter((f) => !hidden.has(f.label))));
  const rest: string[] = [];
  const notable = report.checks.filter((c) => c.status !== "passed" && c.status !== "skipped");
  if (notable.length) {
    rest.push("", paint(style, "bold", "Checks that did not simply pass"));
    const idWidth = Math.min(20, Math.max(...notable.map((c) => c.id.length)) + 1);
    for (const c of notable) rest.push(checkLine(style, c, idWidth));
  }
  const passedCount = report.checks.filter((c) => c.status === "passed").length;
  const skippedCount = report.checks.filter((c) => c.status === "skipped").length;
  const deciding = v.decidingAnchors;
  const compare = deciding.length ? " Compare each anchor's SHA-256 with its publisher's;" : "";
  rest.push(
    "",
    para(
      `${passedCount} check(s) passed${skippedCount ? `, ${skippedCount} did not apply` : ""}.${compare} ${compare ? "every" : "Every"} check, anchor and option: run without --summary.`,
      "  ",
    ),
  );
  const count = (lines: readonly string[]) => lines.join("\n").split("\n").length;
  let anchors = deciding.flatMap(summaryAnchorLines);
  // One screen: when the anchors do not fit, the seal's stays (the verdict rests on it) and the others are counted.
  if (deciding.length > 1 && count([...head, ...anchors, ...rest]) > SUMMARY_LINES) {
    const kept = deciding.find((a) => a.decides.includes("the seal")) ?? deciding[0]!;
    const others = deciding.filter((a) => a !== kept);
    const folded = [
      ...summaryAnchorLines(kept),
      para(`${others.length} more anchor(s) decide ${others.flatMap((a) => a.decides.map(shortDecides)).join(", ")}: run without --summary to see them.`, "  "),
    ];
    if (count([...head, ...folded, ...rest]) <= SUMMARY_LINES) anchors = folded;
  }
  return `${[...head, ...anchors, ...rest].join("\n")}\n`;
}

/** What `--summary` holds to, when it can: one screen. */
const SUMMARY_LINES = 24;

/** A document timestamp's field name left out (the full statement names it): the short form's words are sealcheck's. */
function shortDecides(d: string): string {
  return d.startsWith("the document timestamp ") ? "a document timestamp (TSA)" : d;
}

/**
 * One anchor that decided a path, in the short form (a14 X1j): what it decided, the file and option it was given
 * with, its subject quoted and cut to what the line leaves, then its SHA-256 whole on a line of its own, to compare
 * with the publisher's. Nothing from the evidence is wrapped: the subject is cut, on one line.
 */
function summaryAnchorLines(a: DecidingAnchor): string[] {
  const what = `  Decides ${[...new Set(a.decides.map(shortDecides))].join("; ")}: ${a.from ? `${oneLine(safeText(a.from), 48)} ` : ""}`;
  const cn = a.subject === null ? null : commonName(a.subject);
  // The quotation marks and the cut's "…" take three columns.
  const room = WIDTH - what.length - 3;
  const name = (max: number) => (cn === null ? "(a person's certificate)" : quoteName(cn, max));
  const out =
    room >= 24 || (cn !== null && (room >= 10 || [...cn].length <= room + 1)) ? [`${what}${name(Math.min(48, room))}`] : [what.trimEnd(), `      ${name(48)}`];
  out.push(`      SHA-256 ${a.sha256}`);
  if (a.carried) out.push("      carried by the evidence itself: it vouches for nothing");
  return out;
}

/**
 * One line that repeats the verdict at the end of the full statement on a terminal, where its first lines
 * have scrolled away by then.
 */
export function renderVerdictRecap(report: ArchiveReport, style: Style): string {
  const v = archiveView(report);
  const decided = v.decidedBy.length ? `Decided by ${v.decidedBy.join(", ")}; the reason` : "The reason";
  return `${paint(style, "bold", "Verdict:")} ${paint(style, indicationColour(v.indication), v.verdict)}\n${para(`${decided} is at the top of this statement; --summary prints the short form.`, "  ")}\n`;
}
