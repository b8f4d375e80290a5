// The HTML report of `verify --report <file.html>`: one self-contained file (inline CSS, no scripts, no
// external assets; a Content-Security-Policy forbids loading anything) with the same content as the human
// output plus the certificate chains, laid out to be printed or saved as PDF. Every string from the
// evidence is escaped. Pure: report in, HTML out.
import type { ArchiveReport, ReportedClaim } from "../report/archive-report.js";
import type { CertificateSummary, CheckStatus } from "../report/types.js";
import { archiveView, describeTimeSource, ekuName, formatTime, type Field } from "./archive-view.js";
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
@page { size: A4; margin: 18mm 14mm 18mm;
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
@media print {
  body { margin: 0; max-width: none; font-size: 10.5pt; }
  /* A heading never ends a page: it goes with what it heads. */
  h1, h2, h3, h4, .subtitle { break-after: avoid; page-break-after: avoid; }
  h2 + table, h3 + table, h2 + div, h2 + p { break-before: avoid; page-break-before: avoid; }
  tr, .verdict, .signer, .document, .anchor, .cert, table.fields, .note { break-inside: avoid; page-break-inside: avoid; }
  .verdict, th, tr.failed td, tr.indeterminate td { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  a { color: inherit; text-decoration: none; }
}
`;

function fieldsTable(fields: readonly Field[], monoLabels: readonly string[] = []): string {
  const rows = fields.map(
    (f) => `<tr><th scope="row">${escapeHtml(f.label)}</th><td${monoLabels.includes(f.label) ? ' class="mono"' : ""}>${escapeHtml(f.value)}</td></tr>`,
  );
  return `<table class="fields">${rows.join("")}</table>`;
}

function claimValue(c: ReportedClaim): string {
  if (c.masked) return `<span class="masked" title="masked personal data">${escapeHtml(c.value)}</span>`;
  return `<span class="mono">${escapeHtml(typeof c.value === "string" ? c.value : JSON.stringify(c.value))}</span>`;
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
  return `<div class="cert"><h4>${n}. ${escapeHtml(c.subject)}</h4>${fieldsTable(fields, ["Serial number", "SHA-1", "SHA-256"])}</div>`;
}

export interface HtmlOptions {
  /** When the report was rendered (default: now). Shown in the footer; the verdict does not depend on it. */
  generatedAt?: Date;
}

export function renderArchiveHtml(report: ArchiveReport, options: HtmlOptions = {}): string {
  const v = archiveView(report);
  const title = `Verification statement: ${v.verdict}${report.workflow?.title ? ` — ${report.workflow.title}` : ""}`;
  const generated = (options.generatedAt ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "Z");
  // On every printed page: which statement this page belongs to (verdict, evidence file and its digest).
  const evidenceName = report.evidence.file.split(/[\\/]/).pop() ?? report.evidence.file;
  const identification = `Verification statement · ${v.verdict} · ${evidenceName}${report.evidence.sha256 ? ` · SHA-256 ${report.evidence.sha256.slice(0, 16)}…` : ""}`;
  const parts: string[] = [];
  parts.push(`<h1>Verification statement</h1>`);
  parts.push(`<p class="subtitle">${escapeHtml(report.workflow?.title ?? report.evidence.file)}</p>`);
  parts.push(
    `<section class="verdict ${v.indication}${v.testEnvironment ? " test-environment" : ""}" id="verdict">` +
      (v.testEnvironment ? `<p class="test-env">${escapeHtml(v.testEnvironment)}</p>` : "") +
      `<div class="indication">${escapeHtml(v.verdict)}</div>` +
      `<p>${escapeHtml(v.meaning)}</p><p><strong>Reason:</strong> ${escapeHtml(v.reason)}</p>` +
      (v.decidedBy.length > 1 ? `<p>Also failing or undecided: ${escapeHtml(v.decidedBy.slice(1).join(", "))}.</p>` : "") +
      `</section>`,
  );
  parts.push(fieldsTable(v.facts, ["Evidence SHA-256"]));
  if (v.unverified) parts.push(`<p class="note unverified">${escapeHtml(v.unverified)}</p>`);
  if (v.workflow) parts.push(`<h2>Workflow${v.unverified ? " (unverified)" : ""}</h2>${fieldsTable(v.workflow, ["Workflow id"])}`);
  if (v.documents.length) {
    parts.push(`<h2>Documents (${v.documents.length})${v.unverified ? " (unverified)" : ""}</h2>`);
    for (const d of v.documents) parts.push(`<div class="document"><h3>${escapeHtml(d.heading)}</h3>${fieldsTable(d.fields, ["SHA-256"])}</div>`);
  }
  if (v.signers.length) {
    parts.push(`<h2>Signers (${v.signers.length})${v.unverified ? " (unverified)" : ""}</h2>`);
    for (const s of v.signers) {
      const fields = s.fields.filter((f) => f.label !== "Personal data");
      parts.push(`<div class="signer"><h3>${escapeHtml(s.heading)}</h3>${fieldsTable(fields, ["Signature id"])}${claimsTable(s.claims)}</div>`);
    }
  }
  if (v.notes.length) parts.push(`<h2>Personal data</h2>${v.notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join("")}`);
  if (v.seal) parts.push(`<h2>Seal</h2>${fieldsTable(v.seal)}`);
  if (v.longTerm) parts.push(`<h2>Long-term validation</h2>${fieldsTable(v.longTerm)}`);
  if (v.tokenCertificate) parts.push(`<h2>Token certificate</h2>${fieldsTable(v.tokenCertificate, ["Serial"])}`);

  parts.push(`<h2>Checks</h2>`);
  for (const g of v.checkGroups) {
    const rows = g.checks.map(
      (c) =>
        `<tr class="${c.status}" id="check-${escapeHtml(c.id)}"><td class="mark" title="${STATUS_TEXT[c.status]}">${escapeHtml(MARKS[c.status])}</td>` +
        `<td class="mono check-id">${escapeHtml(c.id)}</td><td>${escapeHtml(c.message)}` +
        (c.subIndication ? ` <span class="pd">(${escapeHtml(c.subIndication)})</span>` : "") +
        `</td><td class="pd">${c.judgedAt ? `${escapeHtml(formatTime(c.judgedAt))}${c.timeSource ? `<br>${escapeHtml(describeTimeSource(c.timeSource))}` : ""}` : ""}</td></tr>`,
    );
    parts.push(
      `<h3>${escapeHtml(g.title)}</h3><table><thead><tr><th></th><th>Check</th><th>Result</th><th>Judged at</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
    );
  }

  if (v.basis) {
    parts.push(`<h2>Trust anchors (${v.basis.anchors.length})</h2>`);
    if (v.basis.anchors.length === 0)
      parts.push(
        v.basis.lists.length
          ? `<p class="note">None given with --trust: only the trusted lists' services below.</p>`
          : `<p class="note">None given (--trust): no certificate path could end at an anchor.</p>`,
      );
    for (const a of v.basis.anchors) parts.push(`<div class="anchor"><h3>${escapeHtml(a.heading)}</h3>${fieldsTable(a.fields, ["SHA-256"])}</div>`);
    if (v.basis.lists.length) {
      parts.push(`<h2>Trusted lists (${v.basis.lists.length})</h2>`);
      for (const l of v.basis.lists) parts.push(`<div class="anchor"><h3>${escapeHtml(l.heading)}</h3>${fieldsTable(l.fields, ["SHA-256"])}</div>`);
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
      `The verdict rests on the validation time ${escapeHtml(formatTime(report.validationTime))} (${escapeHtml(describeTimeSource(report.validationTimeSource))}), not on the date of this report.</footer>`,
  );
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
