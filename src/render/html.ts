// The HTML report of `verify --report <file.html>`: one self-contained file (inline CSS, no scripts, no
// external assets; a Content-Security-Policy forbids loading anything) with the same content as the human
// output plus the certificate chains, laid out to be printed or saved as PDF. Every string from the
// evidence is escaped. Pure: report in, HTML out.
import { shownValue } from "../report/quoted-name.js";
import type { ArchiveReport, ReportedClaim } from "../report/archive-report.js";
import type { CertificateSummary, CheckResult, CheckStatus } from "../report/types.js";
import {
  ANCHORS_NOTE,
  anchorFrom,
  archiveView,
  describeTimeSource,
  ekuName,
  formatTime,
  messageParts,
  validationTimeText,
  type ArchiveView,
  type Field,
} from "./archive-view.js";
import { MARKS } from "./style.js";
import { safeText } from "./sanitize.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Escapes text for HTML element content and quoted attribute values, after the one sanitiser
 * (src/render/sanitize.ts) replaced control, `\r` and bidi-override characters.
 */
export function escapeHtml(value: unknown): string {
  const s = typeof value === "string" ? value : value === undefined ? "" : (JSON.stringify(value) ?? String(value));
  return safeText(s).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * Escaped text in which digests (hex runs of 16 digits or more: SHA-1, SHA-256, serial numbers) break only
 * between fixed groups of 8 digits, and "SHA-256" never at its hyphen: printed on A4 they fit one line
 * whole, and a narrow window breaks them only between groups (class "hash": no break inside a group). The
 * whole digest is also its title, so that the file's source holds it in one piece.
 */
export function textHtml(value: unknown): string {
  return escapeHtml(value)
    .replace(/\b[0-9A-Fa-f]{16,}\b/g, (hex) => `<span class="hash" title="${hex}">${(hex.match(/.{1,8}/g) ?? [hex]).join("<wbr>")}</span>`)
    .replace(/\bSHA-(1|224|256|384|512)\b/g, '<span class="nw">SHA-$1</span>');
}

const STATUS_TEXT: Record<CheckStatus, string> = {
  passed: "passed",
  failed: "FAILED",
  indeterminate: "undecided",
  warning: "passed with a remark",
  skipped: "did not run",
};

/** Text for a CSS string (the running identification in the page margins): nothing can end the string or the style element. */
function cssString(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${s.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/[\\"<>&]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

/** Page margins when printed: a running identification of the statement and "Page n of N" on every page. */
function pageCss(identification: string, footer: string): string {
  return `
@page { size: A4; margin: 14mm 12mm 14mm;
  @top-left { content: ${cssString(identification)}; font: 8pt system-ui, sans-serif; color: #5f6368; }
  @bottom-left { content: ${cssString(footer)}; font: 8pt system-ui, sans-serif; color: #5f6368; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt system-ui, sans-serif; color: #5f6368; }
}`;
}

const CSS = `
:root { --ok: #1b6e2f; --fail: #a3171b; --warn: #8a5a00; --skip: #5f6368; --line: #d0d4d9; --soft: #f4f6f8; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: #1d2125;
  max-width: 60rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 .5rem; border-bottom: 2px solid var(--line); padding-bottom: .2rem; }
h3 { font-size: 1rem; margin: 1rem 0 .35rem; }
.subtitle { color: var(--skip); margin: 0 0 1.25rem; }
.verdict { border: 2px solid; border-radius: 6px; padding: .9rem 1.1rem; margin: 0 0 1rem; }
.verdict .indication { font-size: 1.45rem; font-weight: 700; letter-spacing: .02em; }
.verdict p { margin: .35rem 0 0; }
.TOTAL-PASSED { border-color: var(--ok); background: #eef7f0; } .TOTAL-PASSED .indication { color: var(--ok); }
.TOTAL-FAILED { border-color: var(--fail); background: #fbeeee; } .TOTAL-FAILED .indication { color: var(--fail); }
.INDETERMINATE { border-color: var(--warn); background: #fdf6e7; } .INDETERMINATE .indication { color: var(--warn); }
.verdict.test-environment { border-style: dashed; background: repeating-linear-gradient(135deg, #fff, #fff 12px, #f4f6f8 12px, #f4f6f8 24px); }
.unverified { border-left-color: var(--fail); color: var(--fail); font-weight: 600; }
.test-env { font-weight: 700; color: var(--warn); margin: 0 0 .4rem !important; }
table { border-collapse: collapse; width: 100%; margin: .25rem 0 .75rem; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
th { background: var(--soft); font-weight: 600; }
table.fields th { width: 11rem; background: none; font-weight: 600; color: #3c4043; }
.mono, code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: .9em; overflow-wrap: anywhere; }
/* A digest breaks only between its groups of 8 digits (<wbr>), never inside one; printed, never at all. */
.hash { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: .9em; overflow-wrap: normal; word-break: keep-all; }
.mono .hash { font-size: 1em; }
.nw { white-space: nowrap; }
.filed-by { margin: -.9rem 0 1rem; } .filed-by .label { font-weight: 600; color: #3c4043; }
.verdict .not-compared { font-weight: 700; margin-top: .15rem; }
table.documents td:first-child, table.anchors td:first-child { width: 1.6rem; }
.subject { overflow-wrap: anywhere; }
.tally { color: var(--skip); margin: .25rem 0 0; }
.object-detail { font-size: .85em; color: #3c4043; margin: .2rem 0 0; }
.object-detail ul { margin: .1rem 0 0; padding-left: 1.2rem; }
.object-detail li { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; overflow-wrap: anywhere; }
table.first-page td { font-size: .95em; }
table.fields.first-page th { width: 8.5rem; }
.mark { font-family: ui-monospace, Menlo, Consolas, monospace; font-weight: 700; white-space: nowrap; }
.passed .mark { color: var(--ok); } .failed .mark { color: var(--fail); } .indeterminate .mark, .warning .mark { color: var(--warn); }
.skipped .mark, .skipped td { color: var(--skip); }
tr.failed td { background: #fdf3f3; } tr.indeterminate td { background: #fefaf0; }
.masked { color: var(--skip); letter-spacing: .1em; }
.pd { font-size: .8em; color: var(--skip); }
.note { background: var(--soft); border-left: 4px solid var(--line); padding: .5rem .75rem; margin: .5rem 0; }
.cert { border: 1px solid var(--line); border-radius: 4px; padding: .5rem .75rem; margin: .5rem 0; page-break-inside: avoid; break-inside: avoid; }
.cert h4 { margin: 0 0 .3rem; font-size: .95rem; overflow-wrap: anywhere; }
footer { margin-top: 2rem; color: var(--skip); font-size: .85em; border-top: 1px solid var(--line); padding-top: .5rem; }
td.check-id { white-space: nowrap; overflow-wrap: normal; }
td.mark { width: 3.2rem; }
@media print {
  body { margin: 0; max-width: none; font-size: 9pt; line-height: 1.3; }
  h1 { font-size: 1.35rem; }
  .subtitle { margin-bottom: .8rem; }
  .filed-by { margin: -.6rem 0 .6rem; }
  .hash { white-space: nowrap; }
  .hash wbr { display: none; }
  /* Page 1 is the statement itself; every detail starts on page 2. */
  .details { break-before: page; page-break-before: always; }
  h2 { margin: .8rem 0 .3rem; font-size: 1.05rem; }
  h3 { margin: .6rem 0 .25rem; }
  th, td { padding: .15rem .4rem; }
  .verdict { padding: .6rem .9rem; margin-bottom: .6rem; }
  .cert { padding: .3rem .6rem; margin: .35rem 0; }
  /* A heading never ends a page: it goes with what it heads. */
  h1, h2, h3, h4, .subtitle { break-after: avoid; page-break-after: avoid; }
  h2 + table, h3 + table, h2 + div, h2 + p { break-before: avoid; page-break-before: avoid; }
  .details > h2:first-child { break-before: page; page-break-before: always; }
  tr, .verdict, .signer, .document, .anchor, .cert, table.fields, .note { break-inside: avoid; page-break-inside: avoid; }
  .verdict, th, tr.failed td, tr.indeterminate td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  a { color: inherit; text-decoration: none; }
}
`;

function fieldsTable(fields: readonly Field[], monoLabels: readonly string[] = []): string {
  const rows = fields.map(
    (f) => `<tr><th scope="row">${textHtml(f.label)}</th><td${monoLabels.includes(f.label) ? ' class="mono"' : ""}>${textHtml(f.value)}</td></tr>`,
  );
  return `<table class="fields">${rows.join("")}</table>`;
}

function claimValue(c: ReportedClaim): string {
  if (c.masked) return `<span class="masked" title="masked personal data">${escapeHtml(c.value)}</span>`;
  const time = c.time ? ` (${escapeHtml(c.time.slice(0, 19).replace("T", " "))} UTC)` : "";
  return `<span class="mono">${escapeHtml(typeof c.value === "string" ? c.value : JSON.stringify(c.value))}</span>${time}`;
}

function claimsTable(claims: readonly ReportedClaim[]): string {
  if (!claims.length) return "";
  const rows = claims.map(
    (c) =>
      `<tr><td class="mono">${escapeHtml(c.name)}</td><td>${claimValue(c)}</td><td class="pd">${c.personalData ? `personal data: ${escapeHtml(c.personalData)}` : ""}</td></tr>`,
  );
  return `<table><thead><tr><th>User claim</th><th>Value</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function certificate(c: CertificateSummary, n: number): string {
  const fields: Field[] = [
    { label: "Issuer", value: c.issuer },
    { label: "Serial number", value: c.serialNumber },
    { label: "Valid from", value: formatTime(c.notBefore) },
    { label: "Valid to", value: formatTime(c.notAfter) },
    { label: "Signature algorithm", value: c.signatureAlgorithm },
    ...(c.keyUsage?.length ? [{ label: "Key usage", value: c.keyUsage.join(", ") }] : []),
    ...(c.extendedKeyUsage?.length ? [{ label: "Extended key usage", value: c.extendedKeyUsage.map(ekuName).join(", ") }] : []),
    { label: "SHA-1", value: c.sha1 },
    { label: "SHA-256", value: c.sha256 },
  ];
  return `<div class="cert"><h4>${n}. ${escapeHtml(shownValue(c.subject))}</h4>${fieldsTable(fields, ["Serial number", "SHA-1", "SHA-256"])}</div>`;
}

export interface HtmlOptions {
  /** When the report was rendered (default: now). Shown in the footer; the verdict does not depend on it. */
  generatedAt?: Date;
}

/** How a check's message is shown in a row: whole, as "the reason above", or its first sentence (page 1's warnings). */
type MessageForm = "whole" | "reason-above" | "first-sentence";

/** The first sentence of a message: up to the first full stop followed by a space and a capital letter. */
function firstSentence(message: string): string {
  const m = /^.*?\.(?=\s+[A-Z])/s.exec(message);
  return m && m[0].length < message.length ? m[0] : message;
}

/** One row of a check table: mark, id, and the message with its sub-indication and the time it was judged at. */
function checkRow(c: CheckResult, form: MessageForm = "whole"): string {
  const judged = form === "whole" && c.judgedAt ? `judged at ${formatTime(c.judgedAt)}${c.timeSource ? ` (${describeTimeSource(c.timeSource)})` : ""}` : "";
  const { text, detail } = messageParts(c);
  const first = form === "first-sentence" ? firstSentence(text) : text;
  const message =
    form === "reason-above"
      ? "<em>The reason above.</em>"
      : `${textHtml(first)}${first.length < text.length || (form === "first-sentence" && detail.length) ? ` <span class="pd">(in full under Checks)</span>` : ""}${form === "whole" ? objectDetail(detail) : ""}`;
  return (
    `<tr class="${c.status}" id="check-${escapeHtml(c.id)}${form === "whole" ? "" : "-summary"}"><td class="mark" title="${STATUS_TEXT[c.status]}">${escapeHtml(MARKS[c.status])}</td>` +
    `<td class="mono check-id">${escapeHtml(c.id)}</td><td>${message}` +
    (c.subIndication ? ` <span class="pd">(${escapeHtml(c.subIndication)})</span>` : "") +
    (judged ? `<br><span class="pd judged">${escapeHtml(judged)}</span>` : "") +
    `</td></tr>`
  );
}

/** The object detail below what a reader notices (object numbers, keys): small, one line per finding. */
function objectDetail(detail: readonly string[]): string {
  return detail.length ? `<div class="object-detail">Object detail:<ul>${detail.map((d) => `<li>${textHtml(d)}</li>`).join("")}</ul></div>` : "";
}

function checkTable(checks: readonly CheckResult[], form: (c: CheckResult) => MessageForm = () => "whole"): string {
  const rows = checks.map((c) => checkRow(c, form(c)));
  return `<table class="checks"><thead><tr><th></th><th>Check</th><th>Result</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/**
 * The first page of the statement: who files it and for which case, the verdict and why, what was verified
 * (the evidence and the documents, with their digests), at which time, against which anchors (their
 * fingerprints), and the checks that did not pass. Everything after it is detail and starts on page 2.
 */
function firstPage(report: ArchiveReport, v: ArchiveView): string[] {
  const parts: string[] = [];
  const own = new Set(["Case reference", "Auditor"]);
  const filedBy = v.facts.filter((f) => own.has(f.label));
  parts.push(
    `<header><h1>Verification statement</h1><p class="subtitle">${escapeHtml(report.workflow?.title ?? report.evidence.file)}</p>` +
      (filedBy.length
        ? `<p class="filed-by">${filedBy.map((f) => `<span class="label">${escapeHtml(f.label)}</span> ${textHtml(f.value)}`).join(" · ")}</p>`
        : "") +
      `</header>`,
  );
  const notCompared = v.headline.slice(v.verdict.length).replace(/^, /, "");
  parts.push(
    `<section class="verdict ${v.indication}${v.testEnvironment ? " test-environment" : ""}" id="verdict">` +
      (v.testEnvironment ? `<p class="test-env">${escapeHtml(v.testEnvironment)}</p>` : "") +
      `<div class="indication">${escapeHtml(v.verdict)}</div>` +
      (notCompared ? `<div class="not-compared">${escapeHtml(notCompared)}: no originals were given</div>` : "") +
      `<p>${escapeHtml(v.meaning)}</p><p><strong>Reason:</strong> ${textHtml(v.reason)}</p>${objectDetail(v.reasonDetail)}` +
      (v.decidedBy.length > 1 ? `<p>Also failing or undecided: ${escapeHtml(v.decidedBy.slice(1).join(", "))}.</p>` : "") +
      `</section>`,
  );
  parts.push(`<h2>What was verified</h2>`);
  // The tool is in the footer of every page; the deciding checks are the reason and the table below.
  // No originals: the headline says so. Without them, the originals' line would only repeat it.
  const omitted = new Set(["Verified with", "Decided by", ...(report.originals.compared ? [] : ["Originals"])]);
  parts.push(
    fieldsTable(
      v.facts.filter((f) => !own.has(f.label) && !omitted.has(f.label)),
      ["Evidence SHA-256"],
    ).replace('class="fields"', 'class="fields first-page"'),
  );
  if (v.unverified) parts.push(`<p class="note unverified">${escapeHtml(v.unverified)}</p>`);
  if (v.documents.length) {
    // Without originals every row would say "not compared": the headline says it once.
    const compared = report.originals.compared;
    const rows = report.documents.map(
      (d, i) =>
        `<tr><td>${d.index}.</td><td>${escapeHtml(d.title || "(untitled)")}</td><td class="mono">${textHtml(d.sha256Hex)}</td>${
          compared ? `<td>${textHtml(v.documents[i]?.fields.find((f) => f.label === "Original")?.value ?? "")}</td>` : ""
        }</tr>`,
    );
    parts.push(
      `<table class="documents"><thead><tr><th></th><th>Document${v.unverified ? " (unverified)" : ""}</th><th>SHA-256 in the token</th>${compared ? "<th>Original</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table>`,
    );
  }
  if (v.basis) {
    const b = v.basis;
    parts.push(`<h2>Against these trust anchors (${b.anchors.length}${b.lists.length ? ` and ${b.lists.length} trusted list(s)` : ""})</h2>`);
    if (b.anchors.length === 0)
      parts.push(
        b.lists.length
          ? `<p class="note">None given with --trust: only the trusted lists' services below.</p>`
          : `<p class="note">None given (--trust): no certificate path could end at an anchor.</p>`,
      );
    else {
      const anchors = report.verification?.trustAnchors ?? [];
      const rows = anchors.map(
        (a, i) =>
          `<tr><td>${i + 1}.</td><td><span class="subject">${textHtml(shownValue(a.subject))}</span>${a.roles ? ` <span class="pd">(for ${escapeHtml(a.roles.join(", "))} only)</span>` : ""}` +
          `<br><span class="pd">SHA-256</span> ${textHtml(a.sha256)}</td></tr>`,
      );
      parts.push(
        `<table class="anchors"><thead><tr><th></th><th>Certificate, and the SHA-256 of its DER</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
      );
    }
    if (b.lists.length) {
      const lists = report.verification?.trustedLists ?? [];
      const rows = lists.map(
        (l, i) =>
          `<tr><td>${i + 1}.</td><td><span class="subject">${textHtml(l.file)}</span> <span class="pd">(${escapeHtml(`${l.territory ?? "?"} trusted list #${l.sequenceNumber ?? "?"}`)})</span>` +
          `<br><span class="pd">SHA-256</span> ${textHtml(l.sha256)}</td></tr>`,
      );
      parts.push(
        `<table class="anchors"><thead><tr><th></th><th>Trusted list, and the SHA-256 of its file</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
      );
    }
  }
  parts.push(`<h2>Checks that did not pass</h2>`);
  // The deciding check's message is the verdict's reason: said once on this page.
  const reasonGiven = v.decidedBy[0] !== undefined && v.reason === report.checks.find((c) => c.id === v.decidedBy[0])?.message ? v.decidedBy[0] : undefined;
  // Failed and undecided checks in full; a warning (passed with a remark) by its first sentence.
  const form = (c: CheckResult): MessageForm => (c.id === reasonGiven ? "reason-above" : c.status === "warning" ? "first-sentence" : "whole");
  if (v.notPassed.length) parts.push(checkTable(v.notPassed, form).replace('class="checks"', 'class="checks first-page"'));
  parts.push(
    `<p class="tally">${v.notPassed.length ? `The other ${v.passedCount} check(s) passed` : `All ${v.passedCount} checks passed`}${
      v.skipped.length ? `; did not run: ${escapeHtml(v.skipped.join(", "))}` : ""
    }. Every check, the options and the certificate chains follow.</p>`,
  );
  return parts;
}

export function renderArchiveHtml(report: ArchiveReport, options: HtmlOptions = {}): string {
  const v = archiveView(report);
  const title = `Verification statement: ${v.headline}${report.workflow?.title ? ` — ${report.workflow.title}` : ""}`;
  const generated = (options.generatedAt ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  // On every printed page: which statement this page belongs to (verdict, evidence file and its digest, the case).
  const evidenceName = report.evidence.file.split(/[\\/]/).pop() ?? report.evidence.file;
  const caseRef = report.statement?.caseReference;
  const identification = `Verification statement · ${v.verdict} · ${evidenceName}${report.evidence.sha256 ? ` · SHA-256 ${report.evidence.sha256.slice(0, 16)}…` : ""}${caseRef ? ` · case ${caseRef}` : ""}`;
  const parts: string[] = firstPage(report, v);

  parts.push(`<div class="details">`);
  if (v.workflow) parts.push(`<h2>Workflow${v.unverified ? " (unverified)" : ""}</h2>${fieldsTable(v.workflow, ["Workflow id"])}`);
  if (v.signers.length) {
    parts.push(`<h2>Signers (${v.signers.length})${v.unverified ? " (unverified)" : ""}</h2>`);
    for (const s of v.signers) {
      const fields = s.fields.filter((f) => f.label !== "Personal data");
      parts.push(`<div class="signer"><h3>${escapeHtml(s.heading)}</h3>${fieldsTable(fields, ["Signature id"])}${claimsTable(s.claims)}</div>`);
    }
  }
  if (v.notes.length) parts.push(`<h2>Personal data</h2>${v.notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join("")}`);
  if (v.seal) parts.push(`<h2>Seal</h2>${fieldsTable(v.seal)}`);
  for (const c of v.signatureChanges) parts.push(`<h3>${escapeHtml(c.heading)}</h3><p>${textHtml(c.text)}</p>${objectDetail(c.detail)}`);
  if (v.longTerm) parts.push(`<h2>Long-term validation</h2>${fieldsTable(v.longTerm)}`);
  if (v.tokenCertificate) parts.push(`<h2>Token certificate</h2>${fieldsTable(v.tokenCertificate, ["Serial"])}`);

  parts.push(`<h2>Checks</h2>`);
  for (const g of v.checkGroups) parts.push(`<h3>${escapeHtml(g.title)}</h3>${checkTable(g.checks)}`);

  if (v.basis) {
    // Page 1 names each anchor with its SHA-256; here what each decided and the file it was read from (a12 X1e).
    const anchors = report.verification?.trustAnchors ?? [];
    if (anchors.some((a) => a.decides || a.from)) {
      const rows = anchors.map(
        (a, i) =>
          `<tr><td>${i + 1}.</td><td>${escapeHtml(a.decides?.join("; ") ?? "nothing")}</td><td>${a.from ? escapeHtml(anchorFrom(a.from)) : ""}</td></tr>`,
      );
      parts.push(
        `<h2>What each trust anchor decided</h2><p class="note">${escapeHtml(ANCHORS_NOTE)}</p>` +
          `<table class="anchors"><thead><tr><th></th><th>Decides</th><th>Read from</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
      );
    }
    if (v.basis.lists.length) {
      parts.push(`<h2>Trusted lists (${v.basis.lists.length})</h2>`);
      for (const l of v.basis.lists)
        parts.push(
          `<div class="anchor"><h3>${escapeHtml(l.heading)}</h3>${fieldsTable(l.fields, ["SHA-256", "Signer SHA-256", "Pinned SHA-256", "Service SHA-256"])}</div>`,
        );
    }
    parts.push(`<h2>Options</h2>${fieldsTable(v.basis.options)}`);
  }

  if (v.certificates.length) {
    parts.push(`<h2>Certificate chains</h2>`);
    for (const chain of v.certificates) {
      parts.push(`<h3>${escapeHtml(chain.title)}${chain.chain.length > 1 ? " (leaf first, up to the trust anchor)" : ""}</h3>`);
      chain.chain.forEach((c, i) => parts.push(certificate(c, i + 1)));
    }
  }
  parts.push(
    `<footer>Produced by ${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)} on ${escapeHtml(generated)}, offline, from the evidence file and the trust anchors the user supplied. ` +
      `The verdict rests on the validation time ${escapeHtml(validationTimeText(report))}, not on the date of this report.` +
      (report.statement ? ` The case reference and the auditor's name are as given to ${escapeHtml(report.tool.name)}, not verified.` : "") +
      `</footer>`,
  );
  parts.push(`</div>`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(`${report.tool.name} ${report.tool.version}`)}">
<title>${escapeHtml(title)}</title>
<style>${CSS}${pageCss(identification, `${report.tool.name} ${report.tool.version} · ${generated}`)}</style>
</head>
<body>
<main>
${parts.join("\n")}
</main>
</body>
</html>
`;
}
