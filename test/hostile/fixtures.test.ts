// Every crash the fuzzer ever found, kept as a fixture (test/hostile/fixtures/crash-*.json: the target and
// the operations; the mutated file beside it for replaying by hand, e.g. with the CLI). Each must now give
// a report (or a typed error), no internal error, and no TOTAL-PASSED for a signed-byte change.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertOutcome, TARGETS, type Op } from "../../scripts/fuzz/targets.js";

const DIR = join(import.meta.dirname, "fixtures");
const cases = readdirSync(DIR)
  .filter((f) => f.startsWith("crash-") && f.endsWith(".json"))
  .sort();

describe("fuzzer crashes, kept as fixtures", () => {
  it("there are fixtures", () => expect(cases.length).toBeGreaterThan(0));
  for (const file of cases) {
    it(file, async () => {
      const c = JSON.parse(readFileSync(join(DIR, file), "utf8")) as { target: string; ops: Op[]; error: string };
      const target = TARGETS.find((t) => t.name === c.target);
      expect(target, `unknown target ${c.target}`).toBeDefined();
      // The stored file is what the operations produce (the fixture is self-consistent).
      const { bytes } = target!.input(c.ops);
      const stored = readdirSync(DIR).find((f) => f.startsWith(file.replace(/\.json$/, "-")));
      if (stored) expect(Buffer.compare(Buffer.from(bytes), readFileSync(join(DIR, stored)))).toBe(0);
      assertOutcome(await target!.run(c.ops));
    });
  }
});
