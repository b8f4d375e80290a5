import type { Command } from "commander";
import { runGuarded, useColour, writeOut } from "../io.js";
import { SHOWN_POLICY_FLAGS, helpAllOnly, limitHelp, moreOptionsHelp, policyFlags, policyFrom } from "../options.js";

export function registerVerify(program: Command): void {
  const cmd = program
    .command("verify")
    .description("Verify a workflow archive: a sealed PAdES PDF, or an endpoint's JSON")
    .argument("<evidence>", "the PAdES PDF or endpoint JSON (told by content)")
    .argument("[originals...]", "original PDFs or folders of them, matched by SHA-256")
    .option("--json", "print the report as JSON on stdout")
    .option("--summary", "only the verdict, its reason, the checks not passed")
    .option("-q, --quiet", "print nothing: the exit code is the verdict")
    .option("--report <file.html>", "also write it as one self-contained HTML file (A4)")
    .option("--case-ref <text>", "a case reference, on the statement and in the JSON")
    .option("--auditor <name>", "who files the statement, on it and in the JSON")
    .option("--token <file>", "the workflow's Workflow-token JSON, cross-checked");
  for (const o of policyFlags(SHOWN_POLICY_FLAGS.verify)) cmd.addOption(o);
  cmd
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck verify archive.pdf originals/ --trust roots/
  $ sealcheck verify archive.pdf originals/ --trust roots/ --report case.html \\
      --case-ref 2026-0142 --auditor "J. Jensen"
  $ sealcheck verify workflowtoken.json --trust roots/ --json > report.json
${helpAllOnly(`  $ sealcheck verify archive.pdf --trust roots/ --at 2025-12-08T08:36:35Z
  $ sealcheck verify archive.pdf --token workflowtoken.json originals/ \\
      --trust roots/
  $ sealcheck verify archive.pdf originals/ --trust roots/ --summary
  $ sealcheck verify archive.pdf originals/ --trust roots/ -q && echo intact
  $ sealcheck verify archive.pdf --trust-token oces3/ --trust-seal seal-root.pem
`)}
${moreOptionsHelp(cmd, "More options")}${helpAllOnly(`Only the broker's seal is accepted (its production seal by its
organizationIdentifier NTRNO-933127990, its test seal by subject and issuer);
--seal-signer accepts another sealer. --trust anchors vouch for every role;
the --trust-token, --trust-seal and --trust-tsa anchors only for theirs (so
trusting the OCES3 CA for the token does not let an OCES3 certificate vouch
for a seal or a timestamp).

Personal data (names, national person numbers, IP addresses, age claims) is
masked in every output unless --show-personal-data is given; the JSON report
marks which claims are personal data.

`)}${limitHelp("archive")}

Exit codes: 0 TOTAL-PASSED, 1 TOTAL-FAILED, 2 INDETERMINATE, 3 no verdict.
JSON Schema: schemas/report.schema.json; the contract: docs/contract.md.`,
    )
    .action(async (evidence: string, originals: string[], opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        // One output on stdout: two of --json, --summary and -q would leave one silently ignored.
        const outputs = (["json", "summary", "quiet"] as const).filter((k) => opts[k]).map((k) => (k === "quiet" ? "-q" : `--${k}`));
        if (outputs.length > 1) {
          const { SealcheckError } = await import("../../src/api/common.js");
          throw new SealcheckError(
            "ERR_USAGE",
            `${outputs.join(" and ")} conflict: each chooses what stdout gets; give one (--report writes the HTML beside any of them)`,
          );
        }
        // --report writes HTML: a .pdf name would give a file no PDF reader opens (u10). Refused before any work.
        if (typeof opts.report === "string" && /\.pdf$/i.test(opts.report)) {
          const { SealcheckError } = await import("../../src/api/common.js");
          const html = opts.report.replace(/\.pdf$/i, ".html");
          throw new SealcheckError(
            "ERR_USAGE",
            `--report ${opts.report}: --report writes HTML, not PDF; give it a .html name (--report ${html}) and print that to PDF, e.g. chromium --headless --no-pdf-header-footer --print-to-pdf=${opts.report} ${html} (docs/auditors.md)`,
          );
        }
        const { verifyArchive, hashingProgress, statementInfo } = await import("../../src/api/archive.js");
        // Checked before any file is read, in the flags' own names.
        const statement = statementInfo(
          {
            ...(opts.caseRef !== undefined ? { caseReference: opts.caseRef as string } : {}),
            ...(opts.auditor !== undefined ? { auditor: opts.auditor as string } : {}),
          },
          { caseReference: "--case-ref", auditor: "--auditor" },
        );
        if (!opts.quiet) hashingProgress.listener = (await import("../progress.js")).originalsProgressLine();
        const { exitCodeFor } = await import("../../src/api/common.js");
        const report = await verifyArchive({
          evidence,
          originals,
          ...(await policyFrom(opts)),
          ...(typeof opts.token === "string" ? { crossCheckToken: opts.token } : {}),
          ...(statement
            ? {
                statement: {
                  ...(statement.caseReference !== null ? { caseReference: statement.caseReference } : {}),
                  ...(statement.auditor !== null ? { auditor: statement.auditor } : {}),
                },
              }
            : {}),
        });
        if (typeof opts.report === "string") {
          const { renderArchiveHtml } = await import("../../src/api/archive.js");
          const { writeOutputFile } = await import("../../src/api/common.js");
          writeOutputFile(opts.report, renderArchiveHtml(report), "the HTML report");
        }
        if (opts.quiet) {
          // Exit code only.
        } else if (opts.json) {
          const { renderJson } = await import("../../src/api/common.js");
          await writeOut(renderJson(report));
        } else if (opts.summary) {
          const { renderArchiveSummary } = await import("../../src/api/archive.js");
          await writeOut(
            renderArchiveSummary(report, { colour: useColour() }) + (typeof opts.report === "string" ? `\nHTML report written to ${opts.report}\n` : ""),
          );
        } else {
          const { renderArchiveHuman, renderVerdictRecap } = await import("../../src/api/archive.js");
          const style = { colour: useColour() };
          // On a terminal the statement outruns the screen: its verdict is repeated where the reader ends up.
          const recap = process.stdout.isTTY ? `\n${renderVerdictRecap(report, style)}` : "";
          await writeOut(renderArchiveHuman(report, style) + (typeof opts.report === "string" ? `\nHTML report written to ${opts.report}\n` : "") + recap);
        }
        return exitCodeFor(report.indication);
      });
    });
}
