import { InvalidArgumentError, Option, type Command } from "commander";
import { lineInFlags, runGuarded, useColour, writeOut } from "../io.js";
import {
  helpAllOnly,
  jsonFormatConflict,
  limitHelp,
  SHOWN_POLICY_FLAGS,
  moreOptionsHelp,
  parseExpiry,
  parseSeconds,
  policyFlags,
  policyFrom,
  secondary,
} from "../options.js";

function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number");
  return Number(value);
}

function parseReports(value: string): "all" | "not-passed" | "none" {
  if (value !== "all" && value !== "not-passed" && value !== "none") throw new InvalidArgumentError("expected all, not-passed or none");
  return value;
}

/** The command line of this run with --resume, quoted for a POSIX shell. */
function resumeCommand(): string {
  const args = process.argv.slice(2);
  if (!args.includes("--resume")) args.push("--resume");
  const quote = (a: string): string => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  return ["sealcheck", ...args].map(quote).join(" ");
}

export function registerVerifyBatch(program: Command): void {
  const cmd = program
    .command("verify-batch")
    .description("Verify every archive found under folders or in manifests, on worker threads")
    .argument("<dir...>", "folders, sealcheck-manifest.json or evidence files")
    .option("-w, --workers <n>", "worker threads (default: the number of cores)", parseCount)
    .option("-o, --out <file>", "write one JSON line per archive to this file (JSON Lines)")
    .option("--resume", "skip archives already in --out and append the others")
    // Two output choices at once would be one silently ignored: refused (exit 3).
    .addOption(secondary(new Option("--json", "print the summary as JSON on stdout (as --format json)")))
    .addOption(
      new Option("--format <format>", "stdout: text, json, junit or csv (the summary as a table or JSON; JUnit XML or CSV: one test case or row per archive)")
        .choices(["text", "json", "junit", "csv"])
        .default("text"),
    )
    .option("--allow-missing-originals", "verify an evidence file without an originals/ folder beside it (documents not compared) instead of reporting it")
    .addOption(
      secondary(
        new Option("--reports <which>", "which archives keep their full report in --out")
          .choices(["all", "not-passed", "none"])
          .argParser(parseReports)
          .default("all"),
      ),
    )
    .addOption(
      secondary(
        new Option(
          "--follow-manifests",
          "follow sealcheck-manifest.json files found inside the folders searched (default: reported, not followed: whoever can write the tree could hide archives behind one); every evidence file below one that it does not list is then reported",
        ),
      ),
    )
    .addOption(secondary(new Option("--timeout <seconds>", "give up on one archive after this long (its worker is restarted)").argParser(parseSeconds)))
    .addOption(secondary(new Option("--slowest <n>", "how many of the slowest archives the summary lists").argParser(parseCount).default(10)))
    .addOption(secondary(new Option("--no-progress", "no progress bar (it is shown only when stderr is a terminal)")))
    .addOption(
      secondary(
        new Option(
          "--expiring-before <time>",
          "list the archives to renew: protected until before this time, or no longer (report longTerm.protectedUntil; renew with sealcheck augment)",
        ),
      ),
    );
  for (const o of policyFlags(SHOWN_POLICY_FLAGS.many)) cmd.addOption(o);
  cmd
    .addHelpText(
      "after",
      `
Layout: evidence (*.pdf, *.json) with an originals/ folder beside it, or the
paths in a sealcheck-manifest.json (docs/batch.md in the package).

Examples:
  $ sealcheck verify-batch /archive --trust roots/ --out results.jsonl
  $ sealcheck verify-batch /archive --trust roots/ --format junit > junit.xml
${helpAllOnly(`  $ sealcheck verify-batch /archive --trust roots/ --out results.jsonl \\
      --resume --workers 8
  $ sealcheck verify-batch sealcheck-manifest.json --trust roots/ --json
  $ sealcheck verify-batch /archive --trust roots/ --format csv > results.csv

--resume continues only a results file verified with the same options (anchors,
--at, policy, limits); Ctrl-C prints the command that resumes. Each line of
--out follows schemas/batch-line.schema.json.
`)}
${moreOptionsHelp(cmd, "More options, and verify's")}${limitHelp("archive")}

Exit code: the worst verdict (1 TOTAL-FAILED, then 3 no verdict, then 2
INDETERMINATE, else 0); 3 also when the batch cannot run.`,
    )
    .action(async (dirs: string[], opts: Record<string, unknown>, self: Command) => {
      await runGuarded(async () => {
        const conflict = jsonFormatConflict(opts, self);
        if (conflict) {
          const { SealcheckError } = await import("../../src/api/common.js");
          throw new SealcheckError("ERR_USAGE", conflict);
        }
        const batch = await import("../../src/api/batch.js");
        const { discoverArchives, archiveKey, verifyMany, defaultWorkers, BatchSummary, renderSummary, runKey } = batch;
        const jsonl = batch;
        const { SealcheckError } = await import("../../src/api/common.js");
        const out = opts.out as string | undefined;
        if (opts.resume && !out) throw new SealcheckError("ERR_USAGE", "--resume needs --out <file> (the results of the earlier run)");
        const workers = (opts.workers as number | undefined) ?? defaultWorkers();
        const { parseValidationTime } = await import("../../src/api/common.js");
        const expiringBefore = opts.expiringBefore === undefined ? null : parseExpiry(parseValidationTime, opts.expiringBefore as string);
        const summary = new BatchSummary(opts.slowest as number, undefined, undefined, expiringBefore);
        const format = opts.json ? "json" : (opts.format as "text" | "json" | "junit" | "csv");
        // JUnit and CSV list every archive (earlier run included); the short fields only, not the reports.
        const rows: import("../../src/api/batch.js").BatchRow[] = [];
        const keepRow = format === "junit" || format === "csv";
        const verifyOptions = await policyFrom(opts);
        const run = runKey({ ...verifyOptions, allowMissingOriginals: Boolean(opts.allowMissingOriginals) });

        // Discovery first, so that the total (for the progress bar) is known and a wrong path fails fast.
        // Specs are small (two paths); reports are never accumulated.
        const archives = [
          ...discoverArchives(dirs, {
            allowMissingOriginals: Boolean(opts.allowMissingOriginals),
            followManifests: Boolean(opts.followManifests),
            onSkipped: (f, why) => summary.addSkipped(f, why),
          }),
        ];
        let todo = archives;
        // Indices go on from the earlier run's, so that one index names one archive in the file.
        let firstIndex = 0;
        if (opts.resume && out) {
          const done = new Set<string>();
          const otherRuns = new Set<string>();
          await jsonl.readResults(out, (r) => {
            if (r.run !== run) otherRuns.add(r.run ?? "none");
            if (typeof r.index === "number") firstIndex = Math.max(firstIndex, r.index + 1);
            const key = archiveKey(r);
            if (done.has(key)) return;
            done.add(key);
            summary.add(r, true);
            if (keepRow) rows.push(r);
          });
          if (otherRuns.size > 0) {
            const why = otherRuns.has("none")
              ? "by a sealcheck that did not record its verification options"
              : "with other verification options (--trust anchors, --certs, --at, --policy, --ocsp-window, --clock-skew, --limit, --allow-missing-originals, --show-personal-data or the sealcheck version differ)";
            throw new SealcheckError(
              "ERR_USAGE",
              `--resume: ${out} holds results verified ${why}; its verdicts would not answer this run's question. Give a new --out file, or run again without --resume to verify everything`,
            );
          }
          todo = archives.filter((a) => !done.has(archiveKey(a)));
        }
        if (archives.length === 0 && summary.count === 0) {
          throw new SealcheckError(
            "ERR_USAGE",
            `no archive found under ${dirs.join(", ")} (expected *.pdf or *.json evidence files, or a sealcheck-manifest.json)${summary.toJSON({ workers: 0, out: null }).skipped.count ? `; ${summary.toJSON({ workers: 0, out: null }).skipped.count} JSON file(s) skipped as not evidence` : ""}`,
          );
        }

        const writer = out ? new jsonl.JsonlWriter(out, Boolean(opts.resume)) : null;
        const colour = useColour(process.stderr);
        let progress: import("../progress.js").ProgressBar | null = null;
        if (opts.progress !== false && process.stderr.isTTY && todo.length > 0) {
          const { ProgressBar } = await import("../progress.js");
          progress = new ProgressBar(process.stderr, todo.length, colour);
        }
        const reports = opts.reports as import("../../src/api/batch.js").ReportMode;
        let done = 0;
        // Ctrl-C: every finished archive is already in --out (one write per line); clear the bar, say how
        // to go on, and end (the worker threads end with the process).
        const onInterrupt = (): void => {
          progress?.done();
          writer?.close();
          const left = todo.length - done;
          const how = out
            ? `${done} result${done === 1 ? "" : "s"} of this run are in ${out}; to go on with the ${left} left:\n  ${resumeCommand()}`
            : "nothing was kept (no --out file); run with --out <file> to be able to go on with --resume after an interruption";
          process.stderr.write(`\nInterrupted after ${done} of ${todo.length} archive${todo.length === 1 ? "" : "s"}. ${how}\n`);
          process.exit(130);
        };
        process.once("SIGINT", onInterrupt);
        try {
          if (todo.length > 0) {
            for await (const r of verifyMany(todo, {
              workers,
              ...verifyOptions,
              ...(opts.timeout ? { timeoutMs: (opts.timeout as number) * 1000 } : {}),
            })) {
              const line = { ...lineInFlags(r), index: firstIndex + r.index };
              writer?.write(jsonl.resultLine(line, reports, run));
              summary.add(line);
              if (keepRow) rows.push({ ...line, decidedBy: line.decidedBy });
              done++;
              progress?.update(done, summary.counts());
            }
          }
        } finally {
          process.removeListener("SIGINT", onInterrupt);
          progress?.done();
          writer?.close();
        }
        summary.finish();
        const s = summary.toJSON({ workers: workers, out: out ?? null });
        if (format === "json") await writeOut(`${JSON.stringify(s, null, 2)}\n`);
        else if (format === "junit" || format === "csv") {
          const f = await import("../../src/api/batch.js");
          rows.sort((a, b) => (a.index ?? 0) - (b.index ?? 0)); // input order, not completion order
          await writeOut(format === "junit" ? f.junitXml(rows) : f.csvHeader() + rows.map(f.csvRow).join(""), { crlf: format === "csv" });
        } else await writeOut(renderSummary(s, { colour: useColour() }));
        return s.exitCode;
      });
    });
}
