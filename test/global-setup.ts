// Builds the CLI once so that process-level tests run the same bundle users run (no test file builds dist/
// again; without the type declarations, which only test/package/pack.test.ts needs and builds into its own
// package: tsc is most of a build's time, and every run of a single test file paid it), and gives the run its own
// temporary directory: every file the tests, the CLI, redis-server or chromium write under os.tmpdir() goes
// there (TMPDIR is inherited by the test processes and theirs) and is removed when the run ends.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  execFileSync(process.execPath, ["scripts/build.mjs", "--no-types"], { stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "sealcheck-test-run-"));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
