// Imports run one way: dependency-cruiser with the project's rules (.dependency-cruiser.cjs) finds no
// violation in src/ and cli/, and the same rules do find a renderer importing the verifier, the queue importing a
// renderer, the CLI importing past the public API and an import cycle in a small fixture tree (so the rules can fail).
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

  it("the rules fail on a renderer importing the verifier, on the queue importing a renderer, on the CLI importing an internal, and on a cycle", () => {
    const r = cruise("test/fixtures/layers", "src", "cli");
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(/render-not-to-checks-verify-batch-queue-cli: src\/render\/r\.ts → src\/verify\/v\.ts/);
    expect(r.stdout).toMatch(/queue-not-to-render-cli: src\/queue\/q\.ts → src\/render\/r\.ts/);
    expect(r.stdout).toMatch(/no-circular: src\/idtoken\/a\.ts/);
    expect(r.stdout).toMatch(/cli-through-the-public-api: cli\/c\.ts → src\/verify\/v\.ts/);
  });
});
