// verify-batch results for the tools batch results go to: JUnit XML for CI systems (one test case per
// archive: TOTAL-FAILED and INDETERMINATE are failures, no verdict an error) and CSV for spreadsheets (one
// row per archive, RFC 4180). Both read only the short fields of a result, which --resume keeps too.
import type { StoredResult } from "./jsonl.js";

export type BatchRow = StoredResult & { index?: number; decidedBy?: readonly string[] };

export const CSV_COLUMNS = [
  "index",
  "evidence",
  "originals",
  "indication",
  "subIndication",
  "decidedBy",
  "exitCode",
  "durationMs",
  "error",
  "errorCode",
] as const;

/**
 * One CSV field. A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: file names come from the archive, and a crafted one must not become a formula (OWASP CSV injection).
 */
export function csvField(value: unknown): string {
  let s = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(" ") : String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value !== "number") s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.join(",")}\r\n`;
}

export function csvRow(r: BatchRow): string {
  const v: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    index: r.index ?? "",
    evidence: r.evidence,
    originals: r.originals,
    indication: r.indication ?? "NO-VERDICT",
    subIndication: r.subIndication,
    decidedBy: r.decidedBy ?? [],
    exitCode: r.exitCode,
    durationMs: Math.round(r.durationMs * 10) / 10,
    error: r.error,
    errorCode: r.errorCode,
  };
  return `${CSV_COLUMNS.map((c) => csvField(v[c])).join(",")}\r\n`;
}

/** XML 1.0 text: escaped, and characters XML cannot carry (C0 controls but tab/LF/CR) replaced. */
export function xmlText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The whole JUnit XML document (the counts come first in it, so it is written once the batch is done). */
export function junitXml(rows: readonly BatchRow[], o: { name?: string; timestamp?: Date } = {}): string {
  const name = o.name ?? "sealcheck verify-batch";
  const failures = rows.filter((r) => r.exitCode === 1 || r.exitCode === 2).length;
  const errors = rows.filter((r) => r.exitCode === 3 || ![0, 1, 2].includes(r.exitCode)).length;
  const time = (ms: number): string => (ms / 1000).toFixed(3);
  const total = rows.reduce((a, r) => a + r.durationMs, 0);
  const cases = rows.map((r) => {
    const head = `    <testcase classname="sealcheck.verify" name="${xmlText(r.evidence)}" time="${time(r.durationMs)}">`;
    const verdict = r.indication ? `${r.indication}${r.subIndication ? `/${r.subIndication}` : ""}` : "";
    const decided = r.decidedBy?.length ? `decided by: ${r.decidedBy.join(", ")}\n` : "";
    const body = `${decided}evidence: ${r.evidence}\noriginals: ${r.originals.join(", ") || "(none: documents not compared)"}\n`;
    if (r.exitCode === 0) return `${head}</testcase>`;
    if (r.exitCode === 1 || r.exitCode === 2) {
      return `${head}\n      <failure type="${xmlText(r.indication ?? "")}" message="${xmlText(verdict)}">${xmlText(body)}</failure>\n    </testcase>`;
    }
    return `${head}\n      <error type="${xmlText(r.errorCode ?? "NO-VERDICT")}" message="${xmlText(r.error ?? "no verdict")}">${xmlText(body)}</error>\n    </testcase>`;
  });
  const stamp = (o.timestamp ?? new Date()).toISOString().replace(/\.\d{3}Z$/, "");
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xmlText(name)}" tests="${rows.length}" failures="${failures}" errors="${errors}" time="${time(total)}">
  <testsuite name="${xmlText(name)}" tests="${rows.length}" failures="${failures}" errors="${errors}" skipped="0" time="${time(total)}" timestamp="${stamp}">
${cases.join("\n")}${cases.length ? "\n" : ""}  </testsuite>
</testsuites>
`;
}
