// `npm run fuzz -- [--runs N] [--seed S] [--target name]...`: a longer hostile-input run than the one in
// `npm test`. Every target mutates the valid samples (bytes, PDF tokens, ASN.1 nodes, JSON, JWT segments)
// and demands: no exception, a report or a typed error, never TOTAL-PASSED for a signed-byte change, no
// input slower than the hang bound. A failing input is written to test/hostile/fixtures/ with its ops.
//
// `npm run fuzz -- --oracle [--seed S] [--minutes M | --cases N] [--base sample|broker]... [--mutation name]...
// [--out dir]`: the reader oracle (scripts/fuzz/oracle/): incremental updates on the sealed archives, and for
// each one sealcheck calls TOTAL-PASSED, poppler's and qpdf's views must equal the sealed revision's. Without
// --minutes or --cases it runs until stopped; each disagreement is written to --out as the PDF and a JSON.
// `npm run fuzz -- --oracle-fixtures` rebuilds test/fixtures/oracle/ (the disagreements found, one file each)
// and prints each one's verdict and what the readers show differently.
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ORACLE_FIXTURES } from "./fuzz/oracle/findings.js";
import { MUTATOR_NAMES } from "./fuzz/oracle/mutations.js";
import { prepare, runOracle, saveFinding, verdict } from "./fuzz/oracle/run.js";
import { compareViews, readersAvailable, readerViews } from "./fuzz/oracle/views.js";
import { fuzzTarget } from "./fuzz/run.js";
import { TARGETS } from "./fuzz/targets.js";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "2000" },
    seed: { type: "string" },
    target: { type: "string", multiple: true },
    "max-ms": { type: "string", default: "10000" },
    oracle: { type: "boolean", default: false },
    "oracle-fixtures": { type: "boolean", default: false },
    minutes: { type: "string" },
    cases: { type: "string" },
    base: { type: "string", multiple: true },
    mutation: { type: "string", multiple: true },
    out: { type: "string" },
  },
});
if (values.oracle) {
  await oracle();
  process.exit(process.exitCode ?? 0);
}
if (values["oracle-fixtures"]) {
  await oracleFixtures();
  process.exit(process.exitCode ?? 0);
}
const runs = Number(values.runs);
const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;
const chosen = values.target?.length ? TARGETS.filter((t) => values.target!.includes(t.name)) : TARGETS;
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seed) || chosen.length === 0) {
  process.stderr.write(`usage: npm run fuzz -- [--runs N] [--seed S] [--target ${TARGETS.map((t) => t.name).join("|")}]...\n`);
  process.exit(3);
}
const fixtures = join(import.meta.dirname, "..", "test", "hostile", "fixtures");
let failed = 0;
let total = 0;
for (const target of chosen) {
  const t0 = Date.now();
  const r = await fuzzTarget(target, {
    seed,
    runs,
    maxMsPerInput: Number(values["max-ms"]),
    onFailure(t, ops, error) {
      const { name, bytes } = t.input(ops);
      mkdirSync(fixtures, { recursive: true });
      const base = `crash-${t.name}-${seed}-${createHashShort(bytes)}`;
      writeFileSync(join(fixtures, `${base}-${name}`), bytes);
      writeFileSync(
        join(fixtures, `${base}.json`),
        JSON.stringify({ target: t.name, seed, ops, error: error instanceof Error ? error.message : String(error) }, null, 2),
      );
    },
  });
  total += r.runs;
  process.stdout.write(
    `${r.target.padEnd(20)} ${String(r.runs).padStart(6)} inputs  ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  slowest ${r.slowestMs} ms  ${JSON.stringify(r.verdicts)}\n`,
  );
  if (r.failure) {
    failed++;
    process.stdout.write(`  FAILED: ${r.failure}\n`);
  }
}
process.stdout.write(`${total} inputs, seed ${seed}, ${failed} target(s) failed\n`);
process.exitCode = failed ? 1 : 0;

function createHashShort(bytes: Uint8Array): string {
  let h = 2166136261;
  for (const b of bytes) h = Math.imul(h ^ b, 16777619) >>> 0;
  return h.toString(16).padStart(8, "0");
}

async function oracle(): Promise<void> {
  const missing = readersAvailable();
  if (missing) {
    process.stderr.write(`oracle: ${missing} (needs qpdf and poppler-utils)\n`);
    process.exit(3);
  }
  const seed = values.seed !== undefined ? Number(values.seed) : Date.now() % 2 ** 31;
  const bases = (values.base?.length ? values.base : ["sample", "broker"]) as ("sample" | "broker")[];
  const unknown = [...bases.filter((b) => b !== "sample" && b !== "broker"), ...(values.mutation ?? []).filter((m) => !MUTATOR_NAMES.includes(m))];
  if (!Number.isSafeInteger(seed) || unknown.length) {
    process.stderr.write(
      `usage: npm run fuzz -- --oracle [--seed S] [--minutes M | --cases N] [--base sample|broker]... [--mutation ${MUTATOR_NAMES.join("|")}]... [--out dir]\n`,
    );
    process.exit(3);
  }
  const out = values.out ?? join(tmpdir(), `sealcheck-oracle-${seed}`);
  const t0 = Date.now();
  const stats = await runOracle({
    bases: bases.map(prepare),
    seed,
    ...(values.cases !== undefined ? { maxCases: Number(values.cases) } : {}),
    ...(values.minutes !== undefined ? { deadline: t0 + Number(values.minutes) * 60_000 } : {}),
    ...(values.mutation?.length ? { only: values.mutation } : {}),
    onFinding(f) {
      const file = saveFinding(out, f);
      process.stdout.write(
        `DISAGREEMENT ${file}: ${f.case.notes.join("; ")}\n${f.differences.map((d) => `  ${d.view}: ${d.message.slice(0, 300)}`).join("\n")}\n`,
      );
    },
    onError(s, base, e) {
      process.stdout.write(`mutator error (seed ${s}, ${base}): ${e instanceof Error ? e.message : String(e)}\n`);
    },
  });
  process.stdout.write(
    `${stats.cases} cases from seed ${seed} in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(stats.verdicts)}, ${stats.compared} compared by the readers, ${stats.findings} disagreement(s)${stats.findings ? ` in ${out}` : ""}\n`,
  );
  process.exitCode = stats.findings ? 1 : 0;
}

async function oracleFixtures(): Promise<void> {
  const dir = join(import.meta.dirname, "..", "test", "fixtures", "oracle");
  mkdirSync(dir, { recursive: true });
  const prepared = { sample: prepare("sample"), broker: prepare("broker") };
  let lines =
    "# Reader-oracle findings\n\nWritten by `npm run fuzz -- --oracle-fixtures` (scripts/fuzz/oracle/findings.ts); each must not be TOTAL-PASSED (test/oracle/findings.test.ts).\n\n| file | base | what the update does, and what the readers show |\n|---|---|---|\n";
  for (const f of ORACLE_FIXTURES) {
    const p = prepared[f.base];
    const bytes = f.build(p.base);
    writeFileSync(join(dir, `${f.name}.pdf`), bytes);
    lines += `| \`${f.name}.pdf\` | ${f.base} | ${f.description.replace(/\|/g, "\\|")} |\n`;
    const diff = compareViews(p.sealedViews, readerViews(bytes));
    process.stdout.write(
      `${f.name}: ${await verdict(p, bytes)}\n${diff.map((d) => `  ${d.view}: ${d.message.slice(0, 200)}`).join("\n") || "  (no difference: not a finding)"}\n`,
    );
    if (!diff.length) process.exitCode = 1;
  }
  writeFileSync(join(dir, "README.md"), lines);
}
