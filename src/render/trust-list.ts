// Human output of `sealcheck verify-tl`: the verdict first, what the list is and who vouches for its signer,
// one line per check, then what the list holds. Everything from the list (names, URIs, times, messages that
// quote them) passes the sanitiser: a forged list must not draw on the terminal.
import type { TrustedListReport, TrustedListService } from "../trustlist/types.js";
import type { CheckStatus, Indication, TimeSource } from "../report/types.js";
import { indicationColour, mark, oneLine, paint, wrap, type Style } from "./style.js";
import { quoteName } from "../report/quoted-name.js";
import { safeText as t } from "./sanitize.js";

export interface TrustedListRenderOptions {
  width?: number;
  /** One line per service (only ever for a list that passed: the report holds no services otherwise). */
  services?: boolean;
  /** Show the subject of a signer certificate that names a person (hidden by default). */
  showPersonalData?: boolean;
}

/** Partial: a trusted list is judged at the --at time or its own issue date, never at the others. */
const TIME_SOURCE: Partial<Record<TimeSource, string>> = {
  "at-option": "given with --at",
  "list-issue-date": "the list's own ListIssueDateTime, as its signer claims it",
};

const LINK_STATUS: Record<Indication, CheckStatus> = { "TOTAL-PASSED": "passed", "TOTAL-FAILED": "failed", INDETERMINATE: "indeterminate" };

/** The part of a TS 119 612 URI a person reads: `CA/QC` of …/Svctype/CA/QC (its last segment alone, QC, is ambiguous). */
function shortUri(uri: string): string {
  const at = uri.indexOf("/Svctype/");
  return at >= 0 ? uri.slice(at + "/Svctype/".length) : (uri.split("/").filter(Boolean).pop() ?? uri);
}

/** The start of the SHA-256 of the service's first certificate, and how many more it has. */
function certificateOf(s: TrustedListService): string {
  const [first, ...more] = s.certificates;
  return `${first ? first.sha256.slice(0, 16) : "-"}${more.length ? ` +${more.length}` : ""}`;
}

export function renderTrustedListReport(report: TrustedListReport, style: Style, opts: TrustedListRenderOptions = {}): string {
  const width = opts.width ?? 80;
  const out: string[] = [];
  const verdict = report.subIndication ? `${report.indication} / ${report.subIndication}` : report.indication;
  out.push(paint(style, "bold", paint(style, indicationColour(report.indication), verdict)));

  const l = report.list;
  if (l) {
    const kind = l.kind === "list-of-lists" ? "List of trusted lists (LOTL)" : "Trusted list";
    const parts = [
      `territory ${t(l.territory ?? "-")}`,
      `sequence number ${l.sequenceNumber ?? "-"}`,
      `version ${l.version ?? "-"}`,
      `issued ${t(l.issued ?? "-")}`,
      l.nextUpdate === null ? "closed (no next update)" : `next update ${t(l.nextUpdate)}`,
      // Quoted: wrapped whole, so that no line starts inside the operator's name (a15).
      `operator ${l.operator === null ? "-" : quoteName(t(l.operator), 64)}`,
    ];
    out.push(wrap(`${kind}: ${parts.join(", ")}.`, width, "  "));
    // Until the list passed, this is what its bytes claim, not what a trusted signer said.
    if (report.indication !== "TOTAL-PASSED") out.push(paint(style, "grey", "  (as the list claims: it did not pass, so nothing vouches for it)"));
  } else {
    out.push("Nothing could be read from the list.");
  }
  const source = TIME_SOURCE[report.validationTimeSource] ?? report.validationTimeSource;
  out.push(wrap(`Validated at ${report.validationTime} (${source}).`, width, "  "));

  const s = report.signer;
  if (s) {
    // Lists are often signed by a person (the EU list is): their name and national number are personal data.
    const subject =
      report.signerIsPerson && !opts.showPersonalData
        ? paint(style, "grey", "a person's certificate (name hidden; --show-personal-data shows it)")
        : oneLine(t(s.subject), Math.max(20, width - 8));
    // On its line, cut: wrapped, a signer's name could write "SHA-256 <a published fingerprint>" as the next line (a15).
    out.push(`Signer: ${subject}`);
    const signed = report.signingTime ? `, signing time ${t(report.signingTime)} (as claimed)` : "";
    out.push(`  ${wrap(`SHA-256 ${t(s.sha256)}${signed}.`, width - 2, "    ")}`);
  }
  out.push(wrap(`Trust: ${trustOf(report)}`, width, "  "));
  if (report.lotlChain.length) out.push("Lists of lists given, oldest first:");
  for (const link of report.lotlChain) {
    const by = link.trustedBy === null ? "not trusted" : link.trustedBy === "pinned" ? "pinned" : `announced by ${t(link.trustedBy)}`;
    const text = `${t(link.file)}: LOTL ${link.sequenceNumber ?? "-"}, issued ${t(link.issued ?? "-")}, signer ${by}. ${t(link.message)}`;
    out.push(`  ${mark(style, LINK_STATUS[link.indication])} ${wrap(text, Math.max(30, width - 9), " ".repeat(9))}`);
  }
  if (report.decidedBy.length) out.push(`Decided by: ${report.decidedBy.join(", ")}.`);

  out.push("");
  const idWidth = Math.max(...report.checks.map((c) => c.id.length), 0);
  const indent = " ".repeat(7 + idWidth + 2);
  for (const c of report.checks) {
    out.push(`${mark(style, c.status)} ${c.id.padEnd(idWidth)}  ${wrap(t(c.message), Math.max(30, width - indent.length), indent)}`);
  }

  if (report.pointers) {
    out.push("");
    out.push(`Pointers to ${report.pointers.length} list${report.pointers.length === 1 ? "" : "s"}:`);
    const tw = Math.max(2, ...report.pointers.map((p) => t(p.territory ?? "-").length));
    const mw = Math.max(1, ...report.pointers.map((p) => t(p.mimeType ?? "-").length));
    for (const p of report.pointers) {
      const n = p.signerCertificates.length;
      out.push(`  ${t(p.territory ?? "-").padEnd(tw)}  ${t(p.mimeType ?? "-").padEnd(mw)}  ${n} signer certificate${n === 1 ? "" : "s"}`);
    }
  }

  // Providers and services exist in the report only for a list that passed: nothing here comes from a list that did not.
  const providers = report.providers;
  if (providers) {
    const services = providers.reduce((n, p) => n + p.services.length, 0);
    out.push("");
    out.push(`${providers.length} trust service provider${providers.length === 1 ? "" : "s"}, ${services} service${services === 1 ? "" : "s"}.`);
    if (opts.services) {
      const all = providers.flatMap((p) => p.services);
      const tw = Math.max(0, ...all.map((x) => t(shortUri(x.type)).length));
      const sw = Math.max(0, ...all.map((x) => t(shortUri(x.status)).length));
      const cw = Math.max(0, ...all.map((x) => t(certificateOf(x)).length));
      for (const p of providers) {
        out.push(`  ${t(p.name ?? "(no name)")}`);
        for (const x of p.services) {
          out.push(
            `    ${t(shortUri(x.type)).padEnd(tw)}  ${t(shortUri(x.status)).padEnd(sw)}  since ${t(x.statusStartingTime)}  ${t(certificateOf(x)).padEnd(cw)}  ${t(x.name ?? "-")}`,
          );
        }
      }
    } else if (services) {
      out.push(paint(style, "grey", "  --services lists them."));
    }
  }
  return `${out.join("\n")}\n`;
}

/** How the signer became trusted, as tl-signer decided it. */
function trustOf(report: TrustedListReport): string {
  const by = report.signerTrustedBy;
  if (by === null) return "the signer is not trusted (see tl-signer).";
  return by === "pinned" ? "the signer is pinned with --trust." : `the signer is announced by ${t(by)}.`;
}
