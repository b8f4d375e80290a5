// `sealcheck inspect <evidence>`: everything in the evidence decoded, no verdict.
import type { Command } from "commander";
import { runGuarded, useColour, writeOut } from "../io.js";
import { limitHelp, limitOption } from "../options.js";

export function registerInspect(program: Command): void {
  program
    .command("inspect")
    .description(
      "Decode everything in the evidence (token header and claims, certificates, OCSP, signature dictionary, CMS attributes, timestamp, revisions) without judging it",
    )
    .argument("<evidence>", "a sealed PAdES PDF, or the JSON of the PAdES or Workflow-token endpoint")
    .option("--json", "print the decoded evidence as JSON on stdout")
    .option("--show-personal-data", "show names, national ids, IP addresses and age claims instead of masking them")
    .addOption(limitOption())
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck inspect archive.pdf
  $ sealcheck inspect workflowtoken.json --json | jq '.token.header'
  $ sealcheck inspect pades.json --show-personal-data

inspect gives no verdict and verifies nothing: use sealcheck verify for that.

${limitHelp("evidence")}

Exit codes: 0 decoded (parts that could not be decoded are listed), 3 not
evidence or unreadable.`,
    )
    .action(async (evidence: string, opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const { asUsageError, readEvidenceForTools } = await import("../../src/api/inspect.js");
        const { inspectEvidence } = await import("../../src/api/inspect.js");
        const { input, bytes, limits } = readEvidenceForTools(evidence, (opts.limit ?? {}) as Record<string, number>);
        const inspection = asUsageError(evidence, () => inspectEvidence(input, bytes, limits, Boolean(opts.showPersonalData)));
        if (opts.json) {
          const { renderJson } = await import("../../src/api/common.js");
          await writeOut(renderJson(inspection));
        } else {
          const { renderInspectHuman } = await import("../../src/api/inspect.js");
          await writeOut(renderInspectHuman(inspection, { colour: useColour() }));
        }
        return 0;
      });
    });
}
