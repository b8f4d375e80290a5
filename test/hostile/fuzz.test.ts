// Bounded hostile-input fuzzing, part of `npm test` (a longer run: `npm run fuzz -- --runs N`). Each target
// mutates the valid samples (bytes, PDF tokens, ASN.1 nodes, JSON values, JWT segments) with a fixed seed
// and demands of every input: no exception escapes, a report or a SealcheckError with a code comes back,
// no internal error was caught by the safety net, the input finishes within a generous hang bound (not a
// speed assertion), and never TOTAL-PASSED when a byte inside a signed range or a signed token changed.
// On failure the message gives the seed, the fast-check path and the operations that made the input.
import { describe, expect, it } from "vitest";
import { fuzzTarget } from "../../scripts/fuzz/run.js";
import { TARGETS } from "../../scripts/fuzz/targets.js";

const SEED = Number(process.env.SEALCHECK_FUZZ_SEED ?? 20251208);
/** Inputs per target: the full-verification targets are the slow ones. */
const RUNS: Record<string, number> = {
  "pades-pdf": 400,
  "pades-json": 150,
  "workflow-token-json": 700,
  "der-readers": 800,
  "pdf-reader": 1200,
  "id-token": 1200,
  jwks: 600,
};

describe(`hostile-input fuzzing (seed ${SEED}; reproduce with SEALCHECK_FUZZ_SEED or npm run fuzz -- --seed ${SEED})`, () => {
  for (const target of TARGETS) {
    it(`${target.name}: ${RUNS[target.name] ?? 300} mutated inputs`, { timeout: 120_000 }, async () => {
      const r = await fuzzTarget(target, { seed: SEED, runs: RUNS[target.name] ?? 300, maxMsPerInput: 10_000 });
      if (r.failure) console.error(`fuzz failure (seed ${SEED}):\n${r.failure}`);
      expect(r.failure).toBeNull();
      expect(r.runs).toBe(RUNS[target.name] ?? 300);
    });
  }
});
