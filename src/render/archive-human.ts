// Human output of `verify`: the verdict and its reason first, then what was verified, then every check.
import type { ArchiveReport } from "../report/archive-report.js";
import type { CheckResult, TimeSource } from "../report/types.js";
import { indicationColour, mark, paint, wrap, type Style } from "./style.js";

const WIDTH = 80;
const TIME_SOURCES: Record<TimeSource, string> = {
  "at-option": "given with --at",
  "seal-timestamp": "the seal's timestamp",
  "token-iat": "the token's issue time",
  "ocsp-produced-at": "the OCSP response's production time",
  "current-time": "the current time",
};

export function describeTimeSource(s: TimeSource): string {
  return TIME_SOURCES[s];
}

function reason(report: ArchiveReport): string {
  if (report.indication === "TOTAL-PASSED") {
    return report.originals.compared ? "Every check passed." : "Every check passed; the documents were not compared (no originals given).";
  }
  const first = report.checks.find((c) => c.id === report.decidedBy[0]);
  return first ? first.message : "";
}

function checkLine(style: Style, c: CheckResult): string {
  const head = `  ${mark(style, c.status)} ${c.id.padEnd(19)}`;
  return `${head}${wrap(c.message, WIDTH - 29, " ".repeat(29))}`;
}

export function renderArchiveHuman(report: ArchiveReport, style: Style): string {
  const out: string[] = [];
  const verdict = paint(style, indicationColour(report.indication), report.indication + (report.subIndication ? ` / ${report.subIndication}` : ""));
  out.push(`${paint(style, "bold", "Verdict:")} ${verdict}`);
  out.push(`  ${wrap(reason(report), WIDTH - 2, "  ")}`);
  out.push(`  Evidence: ${report.evidence.file} (${report.evidence.format})`);
  out.push(`  Validation time: ${report.validationTime} (${describeTimeSource(report.validationTimeSource)})`);
  const w = report.workflow;
  if (w) {
    out.push("", paint(style, "bold", "Workflow"));
    out.push(`  ${w.title ? `"${w.title}"` : "(no title)"}  id ${w.id ?? "?"}`);
    out.push(`  Owner ${w.organizationTin ?? "?"}, sealed ${w.sealedAt ?? "?"}${w.environment ? ` by the broker's ${w.environment} environment` : ""}`);
  }
  if (report.documents.length) {
    out.push("", paint(style, "bold", "Documents"));
    for (const d of report.documents) {
      const match = report.originals.compared ? (d.matchedFiles.length ? `matches ${d.matchedFiles.join(", ")}` : "NO MATCHING ORIGINAL") : "not compared";
      out.push(`  ${d.index}. "${d.title}"`);
      out.push(`     sha256 ${d.sha256Hex}`);
      out.push(`     ${match}`);
    }
  }
  if (report.signatures.length) {
    out.push("", paint(style, "bold", "Signers"));
    for (const s of report.signatures) {
      const get = (n: string) => s.claims.find((c) => c.name === n);
      const name = get("mitid.identity_name") ?? get("nl3Name") ?? s.claims.find((c) => c.personalData === "name");
      const idp = get("idp")?.value;
      const loa = get("loa")?.value;
      out.push(`  ${s.index}. ${name ? String(name.value) : "(no name claim)"} — ${idp ?? "?"}${loa ? `, ${String(loa).replace(/^.*\//, "")}` : ""}, ${s.created}`);
    }
  }
  out.push("", paint(style, "bold", "Checks"));
  for (const c of report.checks) out.push(checkLine(style, c));
  const masked = report.signatures.some((s) => s.claims.some((c) => c.masked));
  if (masked) out.push("", paint(style, "grey", "Personal data is masked; --show-personal-data reveals it."));
  return `${out.join("\n")}\n`;
}
