// Runs fuzz targets with fast-check: a fixed seed (reproducible), a run count, and a per-input hang bound.
// Used by test/hostile/fuzz.test.ts (bounded) and scripts/fuzz.ts (`npm run fuzz -- --runs N`).
import fc from "fast-check";
import { assertOutcome, type Op, type Target } from "./targets.js";

export interface FuzzOptions {
  seed: number;
  runs: number;
  /** Hang detection, not a speed assertion: an input taking longer than this is a failure. */
  maxMsPerInput: number;
  /** Called with each failing counterexample (to save it as a fixture). */
  onFailure?: (target: Target, ops: readonly Op[], error: unknown) => void;
}

export interface FuzzResult {
  target: string;
  runs: number;
  seed: number;
  slowestMs: number;
  verdicts: Record<string, number>;
  failure: string | null;
}

export async function fuzzTarget(target: Target, o: FuzzOptions): Promise<FuzzResult> {
  let slowest = 0;
  let runs = 0;
  const verdicts: Record<string, number> = {};
  const property = fc.asyncProperty(target.ops, async (ops) => {
    runs++;
    const t0 = performance.now();
    let outcome;
    try {
      outcome = await target.run(ops);
    } catch (e) {
      o.onFailure?.(target, ops, e);
      throw e;
    }
    const ms = performance.now() - t0;
    slowest = Math.max(slowest, ms);
    const key = outcome.indication ?? `error:${outcome.errorCode}`;
    verdicts[key] = (verdicts[key] ?? 0) + 1;
    try {
      assertOutcome(outcome);
      if (ms > o.maxMsPerInput) throw new Error(`one input took ${Math.round(ms)} ms (bound ${o.maxMsPerInput} ms)`);
    } catch (e) {
      o.onFailure?.(target, ops, e);
      throw e;
    }
  });
  const details = await fc.check(property, { seed: o.seed, numRuns: o.runs, endOnFailure: true, interruptAfterTimeLimit: undefined });
  const failure = details.failed
    ? `${target.name}: seed ${o.seed}, path ${details.counterexamplePath}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\ncounterexample: ${JSON.stringify(details.counterexample)}`
    : null;
  return { target: target.name, runs, seed: o.seed, slowestMs: Math.round(slowest), verdicts, failure };
}
