// The tests that need ../shared (the real trusted lists, the DSS corpus, EU DSS) skip, saying so, in a fresh
// clone; CI, which has ../shared, sets SEALCHECK_REQUIRE_SHARED=1 (.ci/run) so that a ../shared gone missing
// there fails the suite instead of skipping what it must run (issue 37, part 1).
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { hasShared, REQUIRE_SHARED_VAR } from "./helpers/shared.js";
import { tempDir } from "./helpers/fixtures.js";

/** Runs test/fixtures/shared-guard/needs-shared.ts through vitest (no global setup: it needs no build). */
function runFixture(env: Record<string, string>): { code: number | null; out: string } {
  const dir = tempDir("sealcheck-shared-guard-");
  const config = join(dir, "vitest.config.mjs");
  writeFileSync(config, `export default { test: { include: ["test/fixtures/shared-guard/needs-shared.ts"], pool: "forks" } };\n`);
  const { [REQUIRE_SHARED_VAR]: _, ...rest } = process.env;
  const r = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", config, "--root", resolve("."), "--reporter=verbose"], {
    encoding: "utf8",
    env: { ...rest, NO_COLOR: "1", ...env },
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("../shared: skipped in a fresh clone, required in CI", () => {
  it("a path ../shared does not hold: false with a warning naming it; with the switch, an error naming it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(hasShared("sealcheck-test-absent/x.xml", "this test", {})).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(
        /^this test: skipped, \.\.\/shared\/sealcheck-test-absent\/x\.xml is not beside the checkout \(SEALCHECK_REQUIRE_SHARED=1/,
      );
      // Only "1" switches it on (an empty or "0" value, as a shell leaves it, does not).
      expect(hasShared("sealcheck-test-absent/x.xml", "this test", { [REQUIRE_SHARED_VAR]: "0" })).toBe(false);
      expect(() => hasShared("sealcheck-test-absent/x.xml", "this test", { [REQUIRE_SHARED_VAR]: "1" })).toThrow(
        "this test: ../shared/sealcheck-test-absent/x.xml is missing, and SEALCHECK_REQUIRE_SHARED=1 (CI) requires it",
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("a fresh clone (no switch): the file passes, what needs ../shared skipped with its message; with the switch it fails", () => {
    const fresh = runFixture({});
    expect(fresh.code, fresh.out).toBe(0);
    expect(fresh.out).toMatch(/needs-shared\.ts: skipped, \.\.\/shared\/sealcheck-test-absent\/EU\.xml is not beside the checkout/);
    expect(fresh.out).toMatch(/1 passed \| 1 skipped/);
    const ci = runFixture({ [REQUIRE_SHARED_VAR]: "1" });
    expect(ci.code, ci.out).toBe(1);
    expect(ci.out).toContain("needs-shared.ts: ../shared/sealcheck-test-absent/EU.xml is missing, and SEALCHECK_REQUIRE_SHARED=1 (CI) requires it");
  });

  it("CI sets the switch for the suite", () => {
    const ci = readFileSync(".ci/run", "utf8");
    expect(ci).toMatch(/^SEALCHECK_REQUIRE_SHARED=1 npm test$/m);
  });

  // An allow-list of the way: a test file that names ../shared in its code asks hasShared, so none skips quietly.
  it("every test file that reads ../shared asks through hasShared", () => {
    const files = readdirSync("test", { recursive: true })
      .map(String)
      .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith("fixtures/") && f !== "helpers/shared.ts")
      .map((f) => join("test", f));
    const quiet = files.filter((f) => {
      const code = readFileSync(f, "utf8")
        .split("\n")
        .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
        .join("\n");
      return (
        /\.\.\/shared\//.test(code) && !/import \{[^}]*\bhasShared\b[^}]*\} from "\.\.?\/(helpers\/)?shared\.js"|from "\.\.\/helpers\/shared\.js"/.test(code)
      );
    });
    expect(quiet).toEqual([]);
  });
});
