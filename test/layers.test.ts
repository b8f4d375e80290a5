// Imports run one way: dependency-cruiser with the project's rules (.dependency-cruiser.cjs, an allow-list
// generated from one table of layers) finds no violation in src/ and cli/, and the same rules refuse every
// probe import of a small fixture tree (test/fixtures/layers), so the rules can fail.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = resolve("node_modules/.bin/depcruise");
const CONFIG = resolve(".dependency-cruiser.cjs");
const cruise = (cwd: string, ...paths: string[]) => spawnSync(BIN, [...paths, "--config", CONFIG, "--output-type", "err"], { cwd, encoding: "utf8" });

describe("import layers", () => {
  it("src and cli: no cycle, no import against the layer order", () => {
    const r = cruise(".", "src", "cli");
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });

  it("the rules fail on every probe import of the fixture tree, each named by the layer it breaks", () => {
    const r = cruise("test/fixtures/layers", "src", "cli");
    expect(r.status).not.toBe(0);
    const found = r.stdout
      .split("\n")
      .filter((l) => /^\s+error /.test(l))
      .map((l) => l.trim().replace(/^error /, ""));
    // Each probe and the rule that refuses it; the queue's own bullmq import (src/queue/q2.ts) is allowed.
    expect(found).toEqual(
      expect.arrayContaining([
        "layer-render: src/render/r.ts → src/verify/v.ts", // a renderer importing the verifier
        "layer-render: src/render/re.ts → src/evidence/e.ts", // render → evidence (passed the deny-list)
        "layer-render-types-only: src/render/re.ts → src/idtoken/a.ts", // a renderer running an ID-token module
        "layer-report: src/report/rep.ts → src/input/i.ts", // report → input (passed the deny-list)
        "layer-report: src/report/rep.ts → src/evidence/e.ts", // report → evidence (passed the deny-list)
        "layer-queue: src/queue/q.ts → src/render/r.ts", // the queue importing a renderer
        "layer-cli: cli/c.ts → src/verify/v.ts", // the CLI past the public API
        "to-no-layer: src/checks/k.ts → src/newlayer/n.ts", // a directory the table does not name
        "layer-checks: src/checks/k.ts → src/newlayer/n.ts",
        "no-circular: src/idtoken/a.ts →",
      ]),
    );
    expect(found.some((f) => /^layer-checks-not-bullmq-ioredis: src\/checks\/k\.ts → .*node_modules\/bullmq\//.test(f))).toBe(true);
    expect(found.filter((f) => f.includes("src/queue/q2.ts"))).toEqual([]);
    expect(found).toHaveLength(11);
  });
});
