// samples/receiver/: the command its README gives verifies the sample ID token (TOTAL-PASSED); without --at
// it has expired, and for another receiver it is not addressed to you: both TOTAL-FAILED.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli as run } from "../helpers/cli.js";

describe("the receiver's sample", () => {
  it("the documented command passes; the documented slips fail on the named check", () => {
    const readme = readFileSync("samples/README.md", "utf8");
    const cmd = /\n {4}(sealcheck verify-id-token samples\/receiver\/[^\n]*\\\n[^\n]*)\n/.exec(readme)?.[1];
    expect(cmd).toBeDefined();
    const args = cmd!
      .replace(/\\\n\s*/g, " ")
      .split(/\s+/)
      .slice(1);
    const ok = run([...args, "--json"]);
    expect(ok.code, ok.stderr).toBe(0);
    const report = JSON.parse(ok.stdout);
    expect(report).toMatchObject({ indication: "TOTAL-PASSED", transfer: { sender: "DK22222222", audience: "DK11111111", traceId: "case-4711" } });
    // The help's first example is this sample.
    expect(run(["verify-id-token", "--help"]).stdout).toContain("samples/receiver/id-token.jwt");

    const expired = run(args.filter((a, i) => a !== "--at" && args[i - 1] !== "--at"));
    expect(expired.code).toBe(1);
    expect(expired.stdout).toMatch(/\[FAIL\] lifetime/);
    const other = run(args.map((a) => (a === "DK11111111" ? "DK33333333" : a)));
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/\[FAIL\] audience/);
  });
});
