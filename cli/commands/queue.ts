// `sealcheck queue add|status|results|wait` and `sealcheck worker`: verify-batch spread over machines through
// a BullMQ queue on Redis. The queue code (and bullmq, ioredis) is imported only when these commands run.
import { InvalidArgumentError, Option, type Command } from "commander";
import { lineInFlags, printStderrLine, runGuarded, useColour, writeOut } from "../io.js";
import {
  helpAllOnly,
  jsonFormatConflict,
  limitHelp,
  SHOWN_POLICY_FLAGS,
  listOption,
  moreOptionsHelp,
  parseExpiry,
  parseSeconds,
  policyFlags,
  policyFrom,
  secondary,
} from "../options.js";

/** The worker's options for augment jobs: --augment-tsa's description points to --help-all for them. */
const AUGMENT_WORKER: readonly string[] = ["--augment-out-dir", "--augment-in-place", "--fetch-revocation", "--ocsp", "--crl", "--expiring-before"];

function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number");
  return Number(value);
}

/** --redis, --queue and --prefix; with `short`, plain --help names --prefix only (the command's help then does). */
function connectionFlags(cmd: Command, short = false): Command {
  const prefix = new Option("--prefix <prefix>", "Redis key prefix (a hash tag such as {sealcheck} on Redis Cluster)").default("bull");
  return (
    cmd
      // Not a commander default: help would print it, password and all.
      .option("--redis <url>", "the Redis URL, redis://host:port (user:password@ before the host; rediss:// for TLS; default $SEALCHECK_REDIS)")
      .requiredOption("--queue <name>", "the queue's name")
      .addOption(short ? secondary(prefix) : prefix)
  );
}

const connection = (opts: Record<string, unknown>) => ({
  redis: ((opts.redis as string | undefined) ?? process.env.SEALCHECK_REDIS ?? "") as string,
  queue: opts.queue as string,
  prefix: opts.prefix as string,
});

const EXIT_HELP = `
Exit code: 0 when done; 3 when Redis cannot be reached (one line naming the URL
without its password), the options are bad or nothing was found.`;

export function registerQueue(program: Command): void {
  const queue = program
    .command("queue")
    .description("Verification on a job queue (BullMQ on Redis): add archives, watch, read results")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck queue add /archive --redis redis://queue:6379 --queue audit \\
      --trust roots/
  $ sealcheck worker --redis redis://queue:6379 --queue audit --trust roots/
  $ sealcheck queue wait --redis redis://queue:6379 --queue audit \\
      --out results.jsonl --trim

Redis must keep what it is given: appendonly yes, appendfsync everysec (or
always) and maxmemory-policy noeviction (docs/batch.md in the package).`,
    );

  const add = connectionFlags(
    queue
      .command("add")
      .description("Enqueue every archive under folders or in manifests, as verify-batch finds them")
      .argument("<dir...>", "folders, sealcheck-manifest.json or evidence files (paths every worker can read)"),
    true,
  );
  for (const o of policyFlags(SHOWN_POLICY_FLAGS.many)) add.addOption(o);
  add
    .option("--allow-missing-originals", "verify evidence that has no originals/ folder (instead of reporting it)")
    .addOption(
      secondary(
        new Option(
          "--follow-manifests",
          "follow sealcheck-manifest.json files found inside the folders searched (default: reported, not followed: whoever can write the tree could hide archives behind one); every evidence file below one that it does not list is then reported",
        ),
      ),
    )
    .option(
      "--augment",
      "enqueue augment jobs instead of verify jobs (PAdES-BASELINE-LTA, as sealcheck augment): only workers started with --augment-tsa take them, with their own TSA and output place",
    )
    .addOption(
      secondary(
        new Option(
          "--expiring-before <time>",
          "with --augment: renew only the archives due, protected until before this time or by nothing (each job carries it; the worker's own --expiring-before is the default for jobs without one)",
        ),
      ),
    )
    .addOption(
      secondary(
        new Option("--group-size <n>", "archives per job, at most (1-1000; a job of 64 MiB of evidence closes sooner)").argParser(parseCount).default(16),
      ),
    )
    .option("--result-key <file>", "sign each archive's record with this key (the workers' and readers' --result-key)")
    .addOption(
      secondary(
        new Option(
          "--receipt <file>",
          "append one line per archive queued (its enqueue's nonce and index) to this file, kept outside Redis: readers given it (--receipt) account for exactly these archives and take only these enqueues' results",
        ),
      ),
    )
    .option("--json", "print what was enqueued as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck queue add /archive --redis redis://queue:6379 --queue audit \\
      --trust roots/
${helpAllOnly(`  $ sealcheck queue add sealcheck-manifest.json --queue audit --trust roots/ \\
      --redis "rediss://sealcheck:$REDIS_PASSWORD@queue.example:6380"
`)}
The verification options (--trust, --at, ...) must be the workers' too: a
worker verifies only the jobs enqueued with its own options.
${helpAllOnly(`Each job carries the run key of its options; a worker hands back the jobs of
other keys. Adding an archive again under the same options adds nothing; under
other options it is another job. Archives go in jobs of up to --group-size
(BullMQ's work per job is then spent once per group); if a worker dies holding
a job, its unfinished archives are queued again one per job.
`)}
${moreOptionsHelp(add, "More options, and verify's")}${limitHelp("archive")}
${EXIT_HELP}`,
    )
    .action(async (dirs: string[], opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const { enqueueArchives, readResultKey, ReceiptWriter } = await import("../../src/api/queue.js");
        const { SealcheckError, parseValidationTime } = await import("../../src/api/common.js");
        if (opts.expiringBefore !== undefined && !opts.augment)
          throw new SealcheckError("ERR_USAGE", "queue add: --expiring-before is for --augment (the archives due for renewal)");
        const expiringBefore = opts.expiringBefore === undefined ? undefined : parseExpiry(parseValidationTime, opts.expiringBefore as string);
        const resultKey = opts.resultKey !== undefined ? readResultKey(opts.resultKey as string) : undefined;
        const receipt = opts.receipt !== undefined ? new ReceiptWriter(opts.receipt as string, resultKey) : null;
        let finished = false;
        const s = await enqueueArchives(dirs, {
          ...(resultKey ? { resultKey } : {}),
          ...(receipt ? { onQueued: (entries: Parameters<typeof receipt.write>[0]) => receipt.write(entries) } : {}),
          ...connection(opts),
          ...(await policyFrom(opts)),
          allowMissingOriginals: Boolean(opts.allowMissingOriginals),
          followManifests: Boolean(opts.followManifests),
          groupSize: opts.groupSize as number,
          ...(opts.augment ? { kind: "augment" as const } : {}),
          ...(expiringBefore ? { expiringBefore } : {}),
        })
          .then((r) => ((finished = true), r))
          .finally(() => receipt?.close(finished));
        if (s.found === 0)
          throw new SealcheckError(
            "ERR_USAGE",
            `no archive found under ${dirs.join(", ")} (expected *.pdf or *.json evidence files, or a sealcheck-manifest.json)`,
          );
        for (const w of s.warnings) printStderrLine(`warning: ${w}`);
        if (opts.json) await writeOut(`${JSON.stringify(s, null, 2)}\n`);
        else
          await writeOut(
            `${s.found} archive${s.found === 1 ? "" : "s"} found: ${s.added} enqueued, ${s.alreadyQueued} already in queue ${s.queue} (run ${s.run}); ${s.jobs} new job${s.jobs === 1 ? "" : "s"}.\n`,
          );
        return 0;
      });
    });

  connectionFlags(
    queue
      .command("status")
      .description("Jobs (each up to --group-size archives) waiting, running, finished and failed; workers connected; results (one per archive) not yet read"),
  )
    .option("--json", "print the counts as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck queue status --redis redis://queue:6379 --queue audit
  $ sealcheck queue status --redis redis://queue:6379 --queue audit --json

Exit code: 0; 3 when Redis holds nothing of the queue (a misspelt --queue or
--prefix: the queues there are named) or cannot be reached.`,
    )
    .action(async (opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const { queueStatus } = await import("../../src/api/queue.js");
        const s = await queueStatus(connection(opts));
        if (opts.json) await writeOut(`${JSON.stringify(s, null, 2)}\n`);
        else
          await writeOut(
            [
              `queue ${s.queue} on ${s.redis}${s.paused ? " (paused)" : ""}`,
              `  waiting    ${s.waiting}`,
              `  delayed    ${s.delayed}`,
              `  active     ${s.active}`,
              `  completed  ${s.completed}`,
              `  failed     ${s.failed}`,
              `  workers    ${s.workers}`,
              `  results    ${s.results} (not yet trimmed)`,
              "",
            ].join("\n"),
          );
        return 0;
      });
    });

  queue
    .command("health")
    .description("Whether a worker is healthy, from its --health-file: written recently, Redis connected, threads alive (for probes)")
    .argument("<file>", "the worker's --health-file")
    .option("--max-age <seconds>", "unhealthy when the file is older than this (a hung or dead worker stops writing it)", parseSeconds, 30)
    .option("--running", "a worker that stopped on purpose (SIGTERM) is unhealthy too (exit 1)")
    .option("--json", "print the check and the worker's state as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck worker --queue audit --trust roots/ \\
      --health-file /run/sealcheck/health.json
  $ sealcheck queue health /run/sealcheck/health.json --max-age 30

Exit code: 0 healthy, or stopped on purpose (SIGTERM; "stopped: ..."; with
--running, 1); 1 unhealthy (stale file: hung or killed; Redis unreachable;
threads gone; stopping; no file); 3 for bad options.`,
    )
    .action(async (file: string, opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const [{ checkHealthFile }, { safeText }] = await Promise.all([import("../../src/api/queue.js"), import("../../src/api/common.js")]);
        const c = checkHealthFile(file, Math.round((opts.maxAge as number) * 1000));
        if (opts.json) await writeOut(`${JSON.stringify(c, null, 2)}\n`);
        else await writeOut(`${c.healthy ? "healthy" : c.stopped ? "stopped" : "unhealthy"}: ${safeText(c.message)}\n`);
        return c.healthy || (c.stopped && !opts.running) ? 0 : 1;
      });
    });

  const readFlags = (cmd: Command): Command =>
    connectionFlags(cmd)
      .option(
        "--result-key <file>",
        "take only records and result lines signed with this key (queue add's and the workers' --result-key); an archive without one is a no-verdict result",
      )
      .option(
        "--receipt <file>",
        "the receipt written by queue add --receipt: account for exactly its archives, and take only the results of the enqueues it names (with --result-key, a writer to Redis cannot roll an archive back to an earlier result)",
      )
      .option(
        "--idle-timeout <seconds>",
        "while following, end after this long without a new result although jobs are left; each archive still without one gets a no-verdict line (0: never)",
        parseSeconds,
        3600,
      )
      .option("--from <cursor>", "read the results after this cursor (printed by an earlier read)")
      .option("--trim", "delete each result (and its job) from Redis once it is written out")
      .option("-o, --out <file>", "append the JSON lines to this file");

  readFlags(queue.command("results").description("Print the results written so far as JSON lines (as verify-batch --out), from a cursor"))
    .option("--follow", "keep reading until the queue has nothing left to do")
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck queue results --redis redis://queue:6379 --queue audit > r.jsonl
  $ sealcheck queue results --redis redis://queue:6379 --queue audit \\
      --from 1764000000000-0 --out r.jsonl --trim

The cursor to go on from is printed on stderr at the end ("--from <cursor>").
Exit code: the worst verdict read (as verify-batch); 3 also when nothing was
read (stderr says what the queue holds: jobs waiting, workers, results before
the cursor), when the queue does not exist (no job, result or worker of it in
Redis: a misspelt --queue or --prefix; the queues there are named) or Redis
cannot be reached.`,
    )
    .action(async (opts: Record<string, unknown>) => {
      await runGuarded(() => readResults(opts, Boolean(opts.follow), null));
    });

  const wait = readFlags(queue.command("wait").description("Wait until the queue is done, writing results as they come; print verify-batch's summary"))
    .addOption(new Option("--json", "print the summary as JSON (as --format json)"))
    .addOption(new Option("--format <format>", "the summary table, JSON, JUnit XML or CSV").choices(["text", "json", "junit", "csv"]).default("text"))
    .option("--slowest <n>", "how many of the slowest archives the summary lists", parseCount, 10)
    .addOption(
      secondary(
        new Option(
          "--expiring-before <time>",
          "list the archives to renew: protected until before this time, or no longer (as verify-batch --expiring-before; renew with queue add --augment)",
        ),
      ),
    );
  wait
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck queue wait --redis redis://queue:6379 --queue audit \\
      --out results.jsonl --trim
  $ sealcheck queue wait --redis redis://queue:6379 --queue audit --json

${moreOptionsHelp(wait, "More options")}Exit code: the worst verdict (as verify-batch: 1 TOTAL-FAILED, then 3 no
verdict, then 2 INDETERMINATE, else 0); 3 also when nothing was read, when the
queue does not exist (a misspelt --queue: the queues there are named) or Redis
cannot be reached.`,
    )
    .action(async (opts: Record<string, unknown>, self: Command) => {
      await runGuarded(async () => {
        const conflict = jsonFormatConflict(opts, self);
        if (conflict) {
          const { SealcheckError } = await import("../../src/api/common.js");
          throw new SealcheckError("ERR_USAGE", conflict);
        }
        return await readResults(opts, true, opts.json ? "json" : (opts.format as string));
      });
    });

  const worker = connectionFlags(program.command("worker").description("Verify the archives of a queue (BullMQ on Redis) here, until stopped"), true).option(
    "-c, --concurrency <n>",
    "worker threads (default: the number of cores)",
    parseCount,
  );
  for (const o of policyFlags(SHOWN_POLICY_FLAGS.many)) worker.addOption(o);
  worker
    .option("--timeout <seconds>", "give up on one archive after this long (its thread is restarted)", parseSeconds)
    .addOption(
      secondary(
        new Option("--reports <which>", "which results keep their full report in Redis (a passing archive's: sealcheck verify reproduces it)")
          .choices(["all", "not-passed", "none"])
          .default("not-passed"),
      ),
    )
    .addOption(
      secondary(
        new Option("--lock-duration <ms>", "how long a job's lock lasts without renewal; a dead worker's job is taken after it")
          .argParser(parseCount)
          .default(30000),
      ),
    )
    .addOption(secondary(new Option("--stalled-interval <ms>", "how often to look for jobs of dead workers").argParser(parseCount).default(30000)))
    .addOption(
      secondary(
        new Option("--max-stalled <n>", "times (1-100) a job may lose its worker before it ends with no verdict (ERR_WORKER_CRASHED)")
          .argParser(parseCount)
          .default(2),
      ),
    )
    .option("--result-key <file>", "sign each result line with this secret key (32+ bytes; readers check it with --result-key)")
    .option("--health-file <file>", "keep the worker's state in this JSON file (rewritten every few seconds; check it with: sealcheck queue health <file>)")
    .addOption(secondary(new Option("--health-interval <seconds>", "how often the health file is rewritten").argParser(parseSeconds).default(5)))
    .option(
      "--augment-tsa <url>",
      "take augment jobs, stamping with this RFC 3161 TSA (those of queue add --augment, instead of the verify jobs; its other options: --help-all)",
    )
    .addOption(secondary(new Option("--augment-out-dir <dir>", "with --augment-tsa: write each augmented archive under this folder, at its own absolute path")))
    .addOption(secondary(new Option("--augment-in-place", "with --augment-tsa: replace each archive (written beside it, read back, verified, renamed)")))
    .addOption(
      secondary(
        new Option(
          "--fetch-revocation",
          "with --augment-tsa: fetch missing revocation data from the certificates' OCSP responders and CRL distribution points",
        ),
      ),
    )
    .addOption(secondary(listOption("--ocsp <file>", "with --augment-tsa: an OCSP response to use where an archive lacks one (repeatable)", "none")))
    .addOption(secondary(listOption("--crl <file>", "with --augment-tsa: a CRL to use where an archive lacks one (repeatable)", "none")))
    .addOption(
      secondary(
        new Option(
          "--expiring-before <time>",
          "with --augment-tsa: renew only the archives due, protected until before this time or by nothing (as augment <dir> --expiring-before); the others are verified, their lines say until when they are protected, and they are left as they are; a job's own date (queue add --expiring-before) comes first",
        ),
      ),
    )
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck worker --redis redis://queue:6379 --queue audit --trust roots/
${helpAllOnly(`  $ sealcheck worker --redis redis://queue:6379 --queue audit --trust roots/ \\
      --concurrency 8 --timeout 120
`)}  $ openssl rand -out result.key 32   # once: for queue add, workers, readers
  $ sealcheck worker --redis redis://queue:6379 --queue audit --trust roots/ \\
      --result-key result.key

Use the options the archives were enqueued with (--trust, --at, ...): jobs of
other options are handed back. SIGTERM or Ctrl-C: stop taking jobs, finish the
running ones, exit 0; a second signal puts them back to waiting at once.

${moreOptionsHelp(worker, "More options, and verify's", AUGMENT_WORKER)}${limitHelp("archive")}
${EXIT_HELP}`,
    )
    .action(async (opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const { runWorker, readResultKey } = await import("../../src/api/queue.js");
        const { SealcheckError, parseValidationTime } = await import("../../src/api/common.js");
        const { resolve } = await import("node:path");
        const augmenting = typeof opts.augmentTsa === "string";
        if (
          !augmenting &&
          (opts.augmentOutDir !== undefined ||
            opts.augmentInPlace ||
            opts.fetchRevocation ||
            (opts.ocsp as string[]).length ||
            (opts.crl as string[]).length ||
            opts.expiringBefore !== undefined)
        )
          throw new SealcheckError(
            "ERR_USAGE",
            "worker: --augment-out-dir, --augment-in-place, --fetch-revocation, --ocsp, --crl and --expiring-before are for --augment-tsa",
          );
        if (augmenting && (opts.augmentOutDir === undefined) === !opts.augmentInPlace)
          throw new SealcheckError("ERR_USAGE", "worker --augment-tsa: give exactly one of --augment-out-dir <dir> and --augment-in-place");
        const w = await runWorker({
          ...(augmenting
            ? {
                augment: {
                  tsa: opts.augmentTsa as string,
                  ...(opts.augmentOutDir !== undefined ? { outDir: resolve(opts.augmentOutDir as string) } : { inPlace: true }),
                  ...(opts.fetchRevocation ? { fetchRevocation: true } : {}),
                  ...((opts.ocsp as string[]).length ? { ocsp: (opts.ocsp as string[]).map((f) => resolve(f)) } : {}),
                  ...((opts.crl as string[]).length ? { crl: (opts.crl as string[]).map((f) => resolve(f)) } : {}),
                  ...(opts.expiringBefore !== undefined
                    ? { expiringBefore: parseExpiry(parseValidationTime, opts.expiringBefore as string).toISOString() }
                    : {}),
                },
              }
            : {}),
          ...(opts.resultKey !== undefined ? { resultKey: readResultKey(opts.resultKey as string) } : {}),
          ...(opts.healthFile !== undefined
            ? { healthFile: opts.healthFile as string, healthIntervalMs: Math.round((opts.healthInterval as number) * 1000) }
            : {}),
          ...connection(opts),
          ...(await policyFrom(opts)),
          ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency as number } : {}),
          ...(opts.timeout ? { timeoutMs: (opts.timeout as number) * 1000 } : {}),
          reports: opts.reports as "all",
          lockDurationMs: opts.lockDuration as number,
          stalledIntervalMs: opts.stalledInterval as number,
          maxStalledCount: opts.maxStalled as number,
          onLog: (line) => printStderrLine(line),
        });
        const { redactRedisUrl } = await import("../../src/api/queue.js");
        printStderrLine(`worker ${process.pid} on queue ${String(opts.queue)} at ${redactRedisUrl(connection(opts).redis)} (run ${w.run}); SIGTERM to stop`);
        await new Promise<void>((resolve) => {
          let signals = 0;
          const stop = (): void => {
            signals++;
            if (signals === 1) printStderrLine("stopping: finishing the running archives (signal again to hand them back)");
            void w.close({ force: signals > 1 }).then(resolve);
            // A second signal stops the worker whatever it waits for (a Redis that is gone, say).
            if (signals > 1) setTimeout(resolve, 2000).unref();
          };
          process.on("SIGTERM", stop);
          process.on("SIGINT", stop);
        });
        printStderrLine(`worker ${process.pid} stopped after ${w.processed} archive${w.processed === 1 ? "" : "s"}`);
        // Stopped: connections that BullMQ could not close (Redis gone) must not keep the process alive.
        setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
        return 0;
      });
    });
}

/** queue results / queue wait: lines to --out (or stdout for results), summary for wait. */
async function readResults(opts: Record<string, unknown>, follow: boolean, format: string | null): Promise<number> {
  const [{ queueResults, readResultKey, readReceipt }, jsonl, { escapeJsonText, safeText }] = await Promise.all([
    import("../../src/api/queue.js"),
    import("../../src/api/batch.js"),
    import("../../src/api/common.js"),
  ]);
  const { BatchSummary, renderSummary } = jsonl;
  const out = opts.out as string | undefined;
  const writer = out ? new jsonl.JsonlWriter(out, true) : null;
  const { parseValidationTime } = await import("../../src/api/common.js");
  // queue wait --expiring-before: the summary lists the archives to renew, as verify-batch's.
  const expiringBefore = opts.expiringBefore === undefined ? null : parseExpiry(parseValidationTime, opts.expiringBefore as string);
  const summary = new BatchSummary((opts.slowest as number | undefined) ?? 10, undefined, undefined, expiringBefore);
  const rows: import("../../src/api/batch.js").BatchRow[] = [];
  const keepRow = format === "junit" || format === "csv";
  const resultKey = opts.resultKey !== undefined ? readResultKey(opts.resultKey as string) : undefined;
  const receipt = opts.receipt !== undefined ? readReceipt(opts.receipt as string, resultKey ? { key: resultKey } : {}) : undefined;
  let cursor = (opts.from as string | undefined) ?? null;
  const onInterrupt = (): void => {
    writer?.close();
    printStderrLine(`interrupted; to go on: --from ${cursor ?? "0"}`);
    process.exit(130);
  };
  process.once("SIGINT", onInterrupt);
  let ignored = 0;
  try {
    for await (const r of queueResults({
      ...connection(opts),
      ...(opts.from !== undefined ? { from: opts.from as string } : {}),
      follow,
      trim: Boolean(opts.trim),
      ...(resultKey ? { resultKey } : {}),
      ...(receipt ? { receipt } : {}),
      idleTimeoutMs: Math.round((opts.idleTimeout as number) * 1000),
      // Entries from Redis are untrusted: the job they name is quoted (escaped).
      // At most 100 lines, then one count at the end: forged entries are free to write.
      onRefused: (e) => {
        if (++ignored <= 100) printStderrLine(`ignored result entry ${e.cursor} (${escapeJsonText(JSON.stringify(e.jobId))}): ${safeText(e.why)}`);
      },
      onIdle: (n, why) =>
        printStderrLine(
          why === "no-worker"
            ? `no worker is connected to queue ${String(opts.queue)}; ${n} job${n === 1 ? "" : "s"} left (start one: sealcheck worker ...)`
            : `no result for a while, and the ${n} job${n === 1 ? "" : "s"} left ${n === 1 ? "is" : "are"} delayed: the connected workers hand back jobs enqueued with other options than theirs (--trust, --at, --trusted-list...; each says so on its stderr), or a job waits to be retried after an error`,
        ),
    })) {
      // The worker wrote its line in the library's words ("raise it with limits.maxOriginalBytes"); printed
      // here in the command line's, as verify-batch prints its own (the line otherwise as Redis holds it).
      const { run: _run, ...result } = lineInFlags(r.result);
      const text = result.error === r.result.error ? r.line : JSON.stringify({ ...(JSON.parse(r.line) as object), error: result.error });
      // Lines from Redis are untrusted: escaped as verify-batch escapes its own (a no-op on those).
      const line = `${escapeJsonText(text)}\n`;
      if (writer) writer.write(line);
      else if (format === null) await writeOut(line);
      summary.add(result);
      if (keepRow) rows.push(result);
      cursor = r.cursor;
    }
  } finally {
    if (ignored > 100) printStderrLine(`ignored ${ignored} result entries in all (the first 100 are listed above)`);
    process.removeListener("SIGINT", onInterrupt);
    writer?.close();
  }
  summary.finish();
  if (cursor) printStderrLine(`results read up to cursor ${cursor} (go on with --from ${cursor})`);
  if (summary.count === 0) printStderrLine(await nothingRead(opts, follow));
  if (format !== null) {
    // The summary's "workers": the worker processes connected to the queue at the end.
    const { queueStatus } = await import("../../src/api/queue.js");
    const workers = await queueStatus(connection(opts)).then(
      (st) => st.workers,
      () => 0,
    );
    const s = summary.toJSON({ workers, out: out ?? null });
    if (format === "json") await writeOut(`${JSON.stringify(s, null, 2)}\n`);
    else if (keepRow) {
      const f = await import("../../src/api/batch.js");
      rows.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      await writeOut(format === "junit" ? f.junitXml(rows) : f.csvHeader() + rows.map(f.csvRow).join(""), { crlf: format === "csv" });
    } else await writeOut(renderSummary(s, { colour: useColour() }));
  }
  return summary.exitCode();
}

/** What Redis holds when a read found no result: which queue, its jobs and workers, and what to do. */
async function nothingRead(opts: Record<string, unknown>, follow: boolean): Promise<string> {
  const { queueStatus } = await import("../../src/api/queue.js");
  const from = (opts.from as string | undefined) ?? null;
  const st = await queueStatus(connection(opts)).catch(() => null);
  const what = `no result to read on queue ${String(opts.queue)}${from ? ` after cursor ${from}` : ""}`;
  if (!st) return `${what} (exit code 3)`;
  const left = st.waiting + st.delayed + st.active;
  const holds =
    `Redis at ${st.redis} holds ${st.results} unread result${st.results === 1 ? "" : "s"}${from && st.results > 0 ? " (all at or before that cursor)" : ""}, ` +
    `${st.waiting} job${st.waiting === 1 ? "" : "s"} waiting, ${st.delayed} delayed, ${st.active} running, ${st.completed} completed, ${st.failed} failed; ` +
    `${st.workers} worker${st.workers === 1 ? "" : "s"} connected${st.paused ? "; the queue is paused" : ""}`;
  const next =
    left > 0
      ? st.workers === 0
        ? "start a worker (sealcheck worker --queue ...) to verify them"
        : follow
          ? "read again later"
          : "results come as the workers finish: --follow (or queue wait) waits for them"
      : st.results > 0
        ? from
          ? "every result there is at or before that cursor: read before (without --from, they are read again)"
          : "none of those entries was taken as a result (each is listed above, with why)"
        : "nothing was enqueued, or every result was read with --trim (queue add adds archives)";
  return `${what}: ${holds}; ${next} (exit code 3: no verdict read)`;
}
