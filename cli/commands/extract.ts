// `sealcheck extract <evidence> <dir>`: the attachments, the CMS, its certificates, timestamp tokens and
// archived revocation data as files.
import type { Command } from "commander";
import { runGuarded, writeOut } from "../io.js";
import { limitHelp, limitOption } from "../options.js";

export function registerExtract(program: Command): void {
  program
    .command("extract")
    .description("Write the attachments of a sealed PAdES (and its CMS, certificates, timestamp and revocation data) to files")
    .argument("<evidence>", "a sealed PAdES PDF, or the JSON of the PAdES or Workflow-token endpoint")
    .argument("<dir>", "output directory (created if missing)")
    .option("--force", "overwrite files that already exist in <dir>")
    .option("--json", "print the list of written files as JSON")
    .addOption(limitOption())
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck extract archive.pdf out/
  $ openssl cms -cmsout -print -inform DER -in out/Signature1.p7s
  $ openssl ocsp -respin out/workflow_token.ocsp.der -resp_text -noverify

The files hold the evidence as it is, personal data included (the token's
claims are not masked).

${limitHelp("evidence")}

Exit codes: 0 written, 3 not evidence, unreadable, or the directory cannot be
written.`,
    )
    .action(async (evidence: string, dir: string, opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const { asUsageError, readEvidenceForTools, extractEvidence, writeExtraction } = await import("../../src/api/inspect.js");
        const { input, limits } = readEvidenceForTools(evidence, (opts.limit ?? {}) as Record<string, number>);
        const { files, problems } = asUsageError(evidence, () => extractEvidence(input, limits));
        const written = writeExtraction(dir, files, Boolean(opts.force));
        if (opts.json) {
          const { renderJson } = await import("../../src/api/common.js");
          await writeOut(renderJson({ directory: dir, files: files.map((f, i) => ({ path: written[i], bytes: f.bytes.length, what: f.what })), problems }));
        } else {
          const lines = files.map((f, i) => `  ${written[i]}  (${f.bytes.length} bytes) ${f.what}`);
          await writeOut(
            `Wrote ${files.length} file(s) from ${evidence}:\n${lines.join("\n")}\n` +
              (problems.length ? `Could not be extracted:\n${problems.map((p) => `  - ${p}`).join("\n")}\n` : ""),
          );
        }
        return 0;
      });
    });
}
