// The reader oracle: mutate a sealed archive with incremental updates, verify each result in-process, and
// for every one sealcheck calls TOTAL-PASSED demand that poppler's and qpdf's views equal those of the sealed
// revision. Verifying costs milliseconds; only the TOTAL-PASSED candidates go to the (slow) readers.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSession, type VerificationSession } from "../../../src/verify/session.js";
import { verifyArchive } from "../../../src/verify/archive.js";
import { loadBase, type Base, type BaseName } from "./bases.js";
import { makeCase, type Case } from "./mutations.js";
import { compareViews, readerViews, type Difference, type ReaderViews } from "./views.js";

export interface Prepared {
  base: Base;
  session: VerificationSession;
  sealedViews: ReaderViews;
}

export function prepare(name: BaseName): Prepared {
  const base = loadBase(name);
  const session = createSession({ trust: base.trust, ...(base.at ? { at: base.at } : {}) });
  return { base, session, sealedViews: readerViews(base.sealed) };
}

export async function verdict(p: Prepared, bytes: Uint8Array, name = "case.pdf"): Promise<string> {
  const r = await verifyArchive({ evidence: { name, bytes }, session: p.session });
  return r.indication;
}

export interface Finding {
  case: Case;
  differences: Difference[];
}

export interface OracleStats {
  cases: number;
  passed: number;
  compared: number;
  findings: number;
  errors: number;
  verdicts: Record<string, number>;
  byMutation: Record<string, { cases: number; passed: number; findings: number }>;
}

export interface OracleOptions {
  bases: Prepared[];
  /** First seed; seeds run upwards. */
  seed: number;
  /** Stop after this many cases, or at this time (ms since epoch), whichever comes first. */
  maxCases?: number;
  deadline?: number;
  only?: string[];
  onFinding?: (f: Finding) => void;
  onError?: (seed: number, base: string, error: unknown) => void;
}

/** Runs cases seed, seed+1, … alternating over the bases. */
export async function runOracle(o: OracleOptions): Promise<OracleStats> {
  const stats: OracleStats = { cases: 0, passed: 0, compared: 0, findings: 0, errors: 0, verdicts: {}, byMutation: {} };
  for (let i = 0; ; i++) {
    if (o.maxCases !== undefined && i >= o.maxCases) break;
    if (o.deadline !== undefined && Date.now() >= o.deadline) break;
    const seed = o.seed + i;
    const p = o.bases[i % o.bases.length]!;
    let c: Case;
    try {
      c = makeCase(p.base, seed, o.only);
    } catch (e) {
      stats.errors++;
      o.onError?.(seed, p.base.name, e);
      continue;
    }
    stats.cases++;
    const v = await verdict(p, c.bytes, `oracle-${seed}.pdf`);
    stats.verdicts[v] = (stats.verdicts[v] ?? 0) + 1;
    const tally = (k: "cases" | "passed" | "findings") => {
      for (const m of new Set(c.mutations)) {
        const t = (stats.byMutation[m] ??= { cases: 0, passed: 0, findings: 0 });
        t[k]++;
      }
    };
    tally("cases");
    if (v !== "TOTAL-PASSED") continue;
    stats.passed++;
    tally("passed");
    let differences: Difference[];
    try {
      differences = compareViews(p.sealedViews, readerViews(c.bytes));
    } catch (e) {
      // A reader that fails on a file sealcheck passes differs from the sealed revision's reading too.
      differences = [{ view: "reader-error", message: e instanceof Error ? e.message.slice(0, 400) : String(e) }];
    }
    stats.compared++;
    if (differences.length) {
      stats.findings++;
      tally("findings");
      o.onFinding?.({ case: c, differences });
    }
  }
  return stats;
}

/** Writes a finding as a reproducible case: the PDF and a JSON with the seed, mutations and differences. */
export function saveFinding(dir: string, f: Finding): string {
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `${f.case.base}-seed-${f.case.seed}`);
  writeFileSync(`${stem}.pdf`, f.case.bytes);
  const { bytes: _bytes, ...meta } = f.case;
  writeFileSync(
    `${stem}.json`,
    `${JSON.stringify({ ...meta, reproduce: `npm run fuzz -- --oracle --seed ${f.case.seed} --cases 1 --base ${f.case.base}`, differences: f.differences }, null, 2)}\n`,
  );
  return `${stem}.pdf`;
}
