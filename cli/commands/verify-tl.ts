// `sealcheck verify-tl`: options only here; the verifier is imported when the command runs.
import type { Command } from "commander";
import { SealcheckError, parseValidationTime } from "../../src/api/common.js";
import { runGuarded, useColour, writeOut } from "../io.js";
import { limitHelp, limitOption, listOption } from "../options.js";

export interface VerifyTlCliOptions {
  trust: string[];
  lotl: string[];
  at?: string;
  json?: boolean;
  services?: boolean;
  showPersonalData?: boolean;
  /** --limit name=value pairs (repeatable). */
  limit?: Record<string, number>;
}

/** The limit every list file is read within. */
const LIST_LIMIT = "maxXmlBytes";

/** A list file, whole, within the limit; too large names the limit to raise (readBounded's names the evidence one). */
async function readList(file: string, maxBytes: number): Promise<{ bytes: Uint8Array; file: string }> {
  const { readBounded } = await import("../../src/api/common.js");
  try {
    return { bytes: readBounded(file, maxBytes), file };
  } catch (e) {
    if (e instanceof SealcheckError && e.code === "ERR_INPUT_TOO_LARGE")
      throw new SealcheckError("ERR_INPUT_TOO_LARGE", `${file}: larger than the limit of ${maxBytes} bytes (raise it with --limit ${LIST_LIMIT}=<n>)`, {
        file,
      });
    throw e;
  }
}

async function run(listFile: string, o: VerifyTlCliOptions): Promise<number> {
  const lib = await import("../../src/api/trust-list.js");
  const { exitCodeFor, renderJson, resolveLimits } = await import("../../src/api/common.js");
  const limits = resolveLimits(o.limit ?? {});
  const at = o.at !== undefined ? parseValidationTime(o.at) : undefined;
  // Every file is read before anything is judged: a missing one is exit 3, never a verdict about the rest.
  const input = await readList(listFile, limits[LIST_LIMIT]);
  const lotls = [];
  for (const f of o.lotl) lotls.push(await readList(f, limits[LIST_LIMIT]));
  const signers = o.trust.length ? lib.readCertificateFiles(o.trust, "--trust") : [];
  const report = await lib.verifyTrustedList(input, {
    ...(signers.length ? { signers } : {}),
    ...(lotls.length ? { lotls } : {}),
    ...(at ? { at } : {}),
    ...(o.limit && Object.keys(o.limit).length ? { limits: o.limit } : {}),
  });
  await writeOut(
    o.json
      ? renderJson(report)
      : lib.renderTrustedListReport(
          report,
          { colour: useColour() },
          { width: process.stdout.columns || 80, services: Boolean(o.services), showPersonalData: Boolean(o.showPersonalData) },
        ),
  );
  return exitCodeFor(report.indication);
}

export function registerVerifyTl(program: Command): void {
  program
    .command("verify-tl")
    .description("Verify an ETSI TS 119 612 trusted list or the EU list of lists: format, schema, XAdES signature, signer, freshness.")
    .argument("<list.xml>", "the trusted list (or list of lists) to verify")
    .addOption(listOption("--trust <path>", "pinned list signer certificate(s): a PEM/DER file, a PEM bundle or a directory (repeatable)", "none"))
    .addOption(listOption("--lotl <file>", "a list of lists that vouches for the signer (repeatable: a pivot chain, in any order)", "none"))
    .option("--at <time>", "validation time, RFC 3339 (default: the list's own issue date)")
    .option("--services", "list every trust service of a list that passed")
    .option("--show-personal-data", "show the signer's name when its certificate names a person (hidden by default)")
    .addOption(limitOption())
    .option("--json", "print the report as JSON (nothing else on stdout)")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck verify-tl ES.xml --lotl eu-lotl.xml --trust oj-lotl-signers.pem
  $ sealcheck verify-tl eu-lotl.xml --trust oj-lotl-signers.pem --services
  $ sealcheck verify-tl ES.xml --lotl eu-lotl.xml --trust oj-lotl-signers.pem \\
      --at 2019-09-01T00:00:00Z --json

--trust pins the certificates that may sign a list of lists: for the EU list,
those the Official Journal announces. A national list's signer must be
announced by the newest verified --lotl's pointer for its territory. Without
--at the list is judged at its own issue date (ListIssueDateTime), as its
signer claims it. The services of a list that did not pass are never shown.

${limitHelp("trusted-list")}

Exit codes: 0 TOTAL-PASSED, 1 TOTAL-FAILED, 2 INDETERMINATE, 3 no verdict.`,
    )
    .action(async (list: string, opts: VerifyTlCliOptions) => {
      await runGuarded(() => run(list, opts));
    });
}
