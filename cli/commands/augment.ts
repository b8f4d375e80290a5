// `sealcheck augment <archive>`: PAdES-BASELINE-LTA for long-term archiving — a DSS with the validation data
// and an RFC 3161 document timestamp appended as incremental updates. The only command that goes on the
// network, and only to the TSA given (and, with --fetch-revocation, to the certificates' OCSP responders
// and CRL distribution points). Given directories or manifests, it augments every archive verify-batch would
// find there, on worker threads, each written whole or not at all, with a journal that lets a rerun skip what
// is done.
import { Option, type Command } from "commander";
import { lineInFlags, runGuarded, useColour, writeOut } from "../io.js";
import {
  helpAllOnly,
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

function parseCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error("expected a whole number ≥ 1");
  return Number(value);
}

export function registerAugment(program: Command): void {
  const cmd = program
    .command("augment")
    .description("Make sealed PAdES archives PAdES-BASELINE-LTA: a DSS, a document timestamp")
    .argument("<archive...>", "sealed PAdES PDFs, or folders and manifests to search (as verify-batch does; the JSON forms cannot carry a DSS)")
    .requiredOption("--tsa <url>", "the RFC 3161 time-stamping authority (http or https)")
    .option("--out <file>", "one archive: write the augmented archive here")
    .option("--out-dir <dir>", "many archives: the folder to write them to (each at its path relative to the folder or manifest it was found in)")
    .option("--in-place", "replace each archive safely (a new file is written, read back and verified, then renamed over it)")
    .option("--fetch-revocation", "fetch missing OCSP responses and CRLs (from the certificates' OCSP responders, AIA, and CRL distribution points)")
    .addOption(secondary(new Option("--force", "with --out or --out-dir: replace an existing file")))
    .addOption(
      secondary(
        new Option(
          "--journal <file>",
          "many archives: the JSON Lines record of what was done (default <out-dir>/sealcheck-augment.jsonl; needed with --in-place); a rerun skips each archive it records as augmented whose files still hold what was written",
        ),
      ),
    )
    .addOption(secondary(new Option("-w, --workers <n>", "many archives: worker threads (default: the number of cores)").argParser(parseCount)))
    .addOption(
      secondary(new Option("--follow-manifests", "many archives: follow sealcheck-manifest.json files found inside the folders searched (as verify-batch)")),
    )
    .addOption(
      secondary(
        new Option(
          "--expiring-before <time>",
          "many archives: renew only those due, protected until before this time or by nothing (report longTerm.protectedUntil, as verify-batch --expiring-before lists them); the others are verified, listed as not due with their horizon, and left as they are",
        ),
      ),
    )
    .addOption(secondary(new Option("--no-progress", "many archives: no progress bar (it is shown only when stderr is a terminal)")))
    .addOption(secondary(listOption("--ocsp <file>", "an OCSP response (DER or PEM) to use where the archive lacks one (repeatable)", "none")))
    .addOption(secondary(listOption("--crl <file>", "a CRL (DER or PEM) to use where the archive lacks one (repeatable)", "none")))
    .addOption(secondary(new Option("--timeout <seconds>", "for each network exchange").argParser(parseSeconds).default(15)))
    .option("--json", "print the outcome as JSON");
  // The verification policy, as verify takes it; not --at: the archive is verified now, when it is stamped.
  for (const o of policyFlags(SHOWN_POLICY_FLAGS.many)) if (o.long !== "--at") cmd.addOption(o);
  cmd
    .addHelpText(
      "after",
      `
Examples:
  $ sealcheck augment archive.pdf --out archive-lta.pdf \\
      --tsa https://tsa.example/ --trust roots/ --fetch-revocation
${helpAllOnly(`  $ sealcheck augment archive-lta.pdf --in-place --tsa https://tsa.example/ \\
      --trust roots/ --ocsp tsa-cert.ocsp.der
`)}  $ sealcheck augment /archive --out-dir /archive-lta \\
      --tsa https://tsa.example/ --trust roots/ --fetch-revocation
${helpAllOnly(`  $ sealcheck augment /archive --in-place --journal augment.jsonl \\
      --tsa https://tsa.example/ --trust roots/ --fetch-revocation
`)}
${helpAllOnly(`The archive is verified first, as verify would (a TOTAL-FAILED archive is not
augmented). The DSS gets the certificate path of the seal, its signature
timestamp's TSA, the Workflow token's certificate and every earlier document
timestamp, and an OCSP response or CRL for every certificate on them but the
anchors: from the archive, from --ocsp/--crl, or fetched. Every answer (the
TSA's, a responder's, a CRL) is verified before anything is written: status,
imprint, nonce, signer and path. The result is verified again before it is
written; the sealed revision stays byte for byte. On an archive that is
already B-LTA, augment adds the next archive timestamp with the validation
data of the previous one.

`)}${helpAllOnly(`Directories and manifests are searched as verify-batch searches them (an
originals/ folder beside an archive is compared while it is verified; an
archive without one is augmented without comparing documents). Each line of
the journal follows schemas/batch-line.schema.json, with "augmented" saying
what was written; a rerun skips what it records as done.

`)}${moreOptionsHelp(cmd, "More options, and verify's")}${limitHelp("archive")}

Exit codes: 0 written (every archive), 3 nothing written for some archive
(unusable input, missing validation data, an unreachable or lying TSA, a
result that would not verify).`,
    )
    .action(async (archives: string[], opts: Record<string, unknown>) => {
      await runGuarded(async () => {
        const { SealcheckError } = await import("../../src/api/common.js");
        const { statSync } = await import("node:fs");
        const { basename } = await import("node:path");
        const isManifest = (p: string) => basename(p) === "sealcheck-manifest.json" || basename(p).endsWith(".sealcheck-manifest.json");
        const isDir = (p: string) => {
          try {
            return statSync(p).isDirectory();
          } catch {
            return false;
          }
        };
        const many = opts.outDir !== undefined || archives.length > 1 || archives.some((a) => isDir(a) || isManifest(a));
        const targets = [typeof opts.out === "string", typeof opts.outDir === "string", Boolean(opts.inPlace)].filter(Boolean).length;
        if (targets !== 1)
          throw new SealcheckError(
            "ERR_USAGE",
            many ? "augment: give exactly one of --out-dir <dir> and --in-place" : "augment: give exactly one of --out <file> and --in-place",
          );
        if (many && typeof opts.out === "string")
          throw new SealcheckError("ERR_USAGE", "augment: --out is for one archive; for folders and manifests give --out-dir <dir>");
        const policy = await policyFrom(opts);
        if (many) return augmentFolders(archives, opts, policy);
        for (const k of ["journal", "workers", "followManifests", "expiringBefore"]) {
          if (opts[k] !== undefined)
            throw new SealcheckError(
              "ERR_USAGE",
              `augment: --${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is for folders and manifests (with --out-dir or --in-place)`,
            );
        }
        return augmentOne(archives[0]!, opts, policy);
      });
    });
}

async function augmentOne(archive: string, opts: Record<string, unknown>, policy: import("../../src/api/common.js").Policy): Promise<number> {
  const { renderJson } = await import("../../src/api/common.js");
  const { augmentArchive, writeAugmented } = await import("../../src/api/augment.js");
  const result = await augmentArchive({
    ...policy,
    evidence: archive,
    tsa: opts.tsa as string,
    ocsp: opts.ocsp as string[],
    crl: opts.crl as string[],
    fetchRevocation: Boolean(opts.fetchRevocation),
    http: { timeoutMs: Math.round((opts.timeout as number) * 1000) },
  });
  const target = opts.inPlace ? archive : (opts.out as string);
  writeAugmented(result, target, { inPlace: Boolean(opts.inPlace), overwrite: Boolean(opts.force) });
  const { bytes: _bytes, report, ...rest } = result;
  void _bytes;
  if (opts.json) {
    await writeOut(renderJson({ ...rest, written: target, verification: { indication: report.indication, subIndication: report.subIndication } }));
  } else {
    const a = result.added;
    await writeOut(
      `Augmented ${archive}: PAdES ${result.before.padesLevel ?? "?"} → ${result.after.padesLevel ?? "?"}, written to ${target}.\n` +
        `  DSS: +${a.certificates} certificate(s), +${a.ocspResponses} OCSP response(s), +${a.crls} CRL(s)${result.fetched.length ? ` (fetched: ${result.fetched.join(", ")})` : ""}\n` +
        `  Document timestamp ${result.timestamp.genTime} by ${result.timestamp.tsa ?? "?"} (serial ${result.timestamp.serialNumber}) in field ${result.timestamp.field}\n` +
        `  Verified after augmenting: ${report.indication}${report.subIndication ? ` / ${report.subIndication}` : ""}\n`,
    );
  }
  return 0;
}

/** Every archive under the folders and manifests given, on worker threads, with the journal. */
async function augmentFolders(roots: string[], opts: Record<string, unknown>, policy: import("../../src/api/common.js").Policy): Promise<number> {
  const { SealcheckError, renderJson } = await import("../../src/api/common.js");
  const batch = await import("../../src/api/batch.js");
  const { augmentMany, augmentTarget, planAugment } = await import("../../src/api/augment.js");
  const { parseValidationTime } = await import("../../src/api/common.js");
  const expiringBefore = opts.expiringBefore === undefined ? null : parseExpiry(parseValidationTime, opts.expiringBefore as string);
  const plan = planAugment(roots, {
    ...(typeof opts.outDir === "string" ? { outDir: opts.outDir } : { inPlace: true as const }),
    ...(typeof opts.journal === "string" ? { journal: opts.journal } : {}),
    overwrite: Boolean(opts.force),
  });
  const job = {
    tsa: opts.tsa as string,
    ...(opts.fetchRevocation ? { fetchRevocation: true } : {}),
    ...((opts.ocsp as string[]).length ? { ocsp: opts.ocsp as string[] } : {}),
    ...((opts.crl as string[]).length ? { crl: opts.crl as string[] } : {}),
    httpTimeoutMs: Math.round((opts.timeout as number) * 1000),
    ...(expiringBefore ? { expiringBefore: expiringBefore.toISOString() } : {}),
    target: plan.target,
  };
  // Discovery as verify-batch's; an archive without originals is augmented without comparing documents.
  const found = [...batch.discoverArchives(roots, { allowMissingOriginals: true, followManifests: Boolean(opts.followManifests) })];
  if (found.length === 0)
    throw new SealcheckError("ERR_USAGE", `no archive found under ${roots.join(", ")} (expected *.pdf evidence files, or a sealcheck-manifest.json)`);
  const earlier = await plan.done(found, (a) => augmentTarget(job, a.evidence));
  const todo = found.filter((a) => !earlier.has(batch.archiveKey(a)));
  const run = batch.runKey(policy);
  const writer = new batch.JsonlWriter(plan.journal, true);
  const colour = useColour(process.stderr);
  let progress: import("../progress.js").ProgressBar | null = null;
  if (opts.progress !== false && process.stderr.isTTY && todo.length > 0) {
    const { ProgressBar } = await import("../progress.js");
    progress = new ProgressBar(process.stderr, todo.length, colour);
  }
  const counts = new Map<string, number>();
  const tally = { augmented: 0, failed: 0, notAugmentable: 0, skipped: found.length - todo.length, notDue: 0 };
  const failures: { evidence: string; error: string }[] = [];
  const notDue: { evidence: string; protectedUntil: string | null }[] = [];
  let done = 0;
  const onInterrupt = (): void => {
    progress?.done();
    writer.close();
    process.stderr.write(
      `\nInterrupted after ${done} of ${todo.length} archive${todo.length === 1 ? "" : "s"}; ${plan.journal} records what was done: run the same command again to go on.\n`,
    );
    process.exit(130);
  };
  process.once("SIGINT", onInterrupt);
  try {
    if (todo.length > 0) {
      for await (const result of augmentMany(todo, { ...policy, ...(opts.workers ? { workers: opts.workers as number } : {}), augment: job })) {
        const r = lineInFlags(result);
        writer.write(batch.resultLine(r, "not-passed", run));
        done++;
        const key = r.indication ?? "NO-VERDICT";
        counts.set(key, (counts.get(key) ?? 0) + 1);
        let line: string;
        if (r.augmented) {
          tally.augmented++;
          line = `augmented ${r.evidence} → ${r.augmented.output} (${r.augmented.padesBefore ?? "?"} → ${r.augmented.padesAfter ?? "?"}, ${r.indication})`;
        } else if (r.indication && r.error === null) {
          // --expiring-before: verified, protected past the date, left as it is.
          tally.notDue++;
          notDue.push({ evidence: r.evidence, protectedUntil: r.protectedUntil ?? null });
          line = `not due ${r.evidence}: protected until ${r.protectedUntil ?? "?"} (${r.indication})`;
        } else if (r.errorCode === "ERR_NOT_AUGMENTABLE") {
          tally.notAugmentable++;
          line = `not augmentable ${r.evidence}: ${r.error ?? ""}`;
        } else {
          tally.failed++;
          failures.push({ evidence: r.evidence, error: r.error ?? "" });
          line = `NOT augmented ${r.evidence}: ${r.error ?? ""}`;
        }
        progress?.update(done, counts);
        // Without a bar (a log, a pipe): one line per archive as it completes.
        if (!opts.json && !progress) await writeOut(`${line}\n`);
      }
    }
  } finally {
    process.removeListener("SIGINT", onInterrupt);
    progress?.done();
    writer.close();
  }
  const exitCode = tally.failed > 0 ? 3 : 0;
  if (opts.json) {
    const due = expiringBefore ? { expiringBefore: expiringBefore.toISOString(), notDueArchives: notDue } : {};
    const { notDue: notDueCount, ...counted } = tally;
    await writeOut(
      renderJson({ found: found.length, ...counted, ...(expiringBefore ? { notDue: notDueCount } : {}), journal: plan.journal, failures, ...due, exitCode }),
    );
  } else {
    await writeOut(
      `${found.length} archive${found.length === 1 ? "" : "s"} found: ${tally.augmented} augmented, ${tally.skipped} done earlier (${plan.journal}), ` +
        `${tally.notAugmentable} not augmentable (JSON forms), ${tally.failed} not augmented` +
        (expiringBefore ? `, ${tally.notDue} not due (protected until ${expiringBefore.toISOString()} or later)` : "") +
        ".\n" +
        failures.map((f) => `  ${f.evidence}: ${f.error}\n`).join("") +
        notDue.map((n) => `  not due: ${n.evidence}: protected until ${n.protectedUntil ?? "?"}\n`).join(""),
    );
  }
  return exitCode;
}
