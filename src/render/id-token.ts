// Human output of `sealcheck verify-id-token`: the verdict first, then one line per check, then the
// transfer. ct_claims values can be personal data (names, CPR): only their names are shown by default.
import type { IdTokenReport } from "../idtoken/types.js";
import type { TimeSource } from "../report/types.js";
import { indicationColour, mark, paint, wrap, type Style } from "./style.js";
import { safeText as t } from "./sanitize.js";

export interface IdTokenRenderOptions {
  /**
   * Show every `ct_claims` value. Without it, a report in output form (idTokenReportForOutput) shows the values
   * of the claims it does not mask, and any other report none.
   */
  showPersonalData?: boolean;
  width?: number;
}

/** Partial: other commands add time sources this command never uses. */
const TIME_SOURCE: Partial<Record<TimeSource, string>> = {
  "at-option": "given with --at",
  "current-time": "the current time",
};

export function renderIdTokenReport(report: IdTokenReport, style: Style, opts: IdTokenRenderOptions = {}): string {
  const width = opts.width ?? 80;
  const out: string[] = [];
  const verdict = report.subIndication ? `${report.indication} / ${report.subIndication}` : report.indication;
  // A dev token's pass is said to be one on its first line: a script reading `| head -1` must not see a clean pass.
  const dev = report.checks.some((c) => c.id === "issuer" && c.details?.devToken === true && c.status !== "failed");
  out.push(
    paint(style, "bold", paint(style, indicationColour(report.indication), verdict)) +
      (dev ? " (TEST ONLY: a sealcheck dev token, never evidence of a transfer)" : ""),
  );
  out.push(`Controlled-transfer ID token, validated at ${report.validationTime} (${TIME_SOURCE[report.validationTimeSource] ?? report.validationTimeSource}).`);
  // Everything from the token (header, claims, messages that quote them) passes the sanitiser: a forged
  // token must not draw on the terminal.
  if (report.header) out.push(`Header: alg ${t(report.header.alg ?? "-")}, kid ${t(report.header.kid ?? "-")}, typ ${t(report.header.typ ?? "-")}.`);
  if (report.decidedBy.length) out.push(`Decided by: ${report.decidedBy.join(", ")}.`);
  out.push("");
  const idWidth = Math.max(...report.checks.map((c) => c.id.length));
  const indent = " ".repeat(7 + idWidth + 2);
  for (const c of report.checks) {
    out.push(`${mark(style, c.status)} ${c.id.padEnd(idWidth)}  ${wrap(t(c.message), Math.max(30, width - indent.length), indent)}`);
  }
  const tr = report.transfer;
  if (tr) {
    out.push("");
    out.push(
      `Transfer ${t(tr.id)} from ${t(tr.sender)} to ${t(Array.isArray(tr.audience) ? tr.audience.join(", ") : tr.audience)}, trace id ${t(tr.traceId)}.`,
    );
    const names = Object.keys(tr.claims);
    if (names.length === 0) out.push("  No claims.");
    // The output form (idTokenReportForOutput) names the masked claims: the others are shown; a report without
    // that list (the library's own) shows no value unless asked.
    const shown = (name: string) => opts.showPersonalData || (tr.maskedClaims !== undefined && !tr.maskedClaims.includes(name));
    for (const name of names) {
      const time = tr.claimTimes?.[name];
      const v = shown(name)
        ? `${t(JSON.stringify(tr.claims[name]))}${time ? ` (${time.slice(0, 19).replace("T", " ")} UTC)` : ""}`
        : paint(style, "grey", "(hidden)");
      out.push(`  ${t(name)}: ${v}`);
    }
    if (names.some((n) => !shown(n))) out.push(paint(style, "grey", "  Claim values may be personal data; --show-personal-data shows them."));
  }
  return `${out.join("\n")}\n`;
}
