// Issue 37 part 7 (u10): verify-batch's and queue wait's --json with --format are refused in sealcheck's own
// words, as verify's --json --summary is, not in commander's ("error: option '--json' cannot be used with …").
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli as run } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";

describe("--json with --format", () => {
  it("verify-batch and queue wait: one line, exit 3, nothing on stdout", () => {
    for (const args of [
      ["verify-batch", tempDir("sealcheck-conflict-"), "--trust", "samples/trust", "--json", "--format", "csv"],
      ["queue", "wait", "--redis", "redis://127.0.0.1:1", "--queue", "x", "--json", "--format", "junit"],
    ]) {
      const r = run(args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe("sealcheck: --json and --format conflict: each chooses what stdout gets (--json is --format json); give one\n");
    }
  });

  it("--json alone and --format alone are as before", () => {
    const dir = tempDir("sealcheck-conflict-");
    copyFileSync("samples/valid/archive.pdf", join(dir, "archive.pdf"));
    expect(JSON.parse(run(["verify-batch", dir, "--trust", "samples/trust", "--json"]).stdout)).toMatchObject({ archives: 1 });
    expect(run(["verify-batch", dir, "--trust", "samples/trust", "--format", "csv"]).stdout).toMatch(/^index,evidence,/);
  });
});
