// The CLI launcher (dist/cli/main.js) runs the bundle through V8's code cache: written when missing or
// rejected, never a different verdict or output, off with SEALCHECK_NO_CODE_CACHE=1. Runs a copy of the
// built CLI, so that other tests' runs of dist/ are not disturbed.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "sealcheck-code-cache-"));
const cli = join(dir, "cli");
mkdirSync(cli);
for (const f of ["main.js", "package.json", "sealcheck.cjs"]) copyFileSync(join("dist/cli", f), join(cli, f));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const caches = (): string[] => readdirSync(cli).filter((f) => f.endsWith(".v8cache"));
const run = (env: Record<string, string> = {}) => {
  // The same validation time in every run, so that outputs compare byte for byte.
  const args = [
    "verify",
    resolve("samples/valid/archive.pdf"),
    resolve("samples/valid/originals"),
    "--trust",
    resolve("samples/trust"),
    "--at",
    "2026-01-15T12:00:00Z",
  ];
  const r = spawnSync(process.execPath, [join(cli, "main.js"), ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe("the built CLI", () => {
  it("is executable, as npm's bin link needs (npm test rebuilds it; npx sealcheck must still run)", () => {
    expect(statSync("dist/cli/main.js").mode & 0o111).toBe(0o111);
    expect(JSON.parse(readFileSync("dist/cli/package.json", "utf8"))).toEqual({ type: "commonjs" });
  });
});

describe("the CLI's code cache", () => {
  it("is written by the first run and used by the next, with the same output", () => {
    expect(caches()).toEqual([]);
    const first = run();
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Verdict: TOTAL-PASSED/);
    expect(caches()).toHaveLength(1);
    const cache = join(cli, caches()[0]!);
    const written = readFileSync(cache);
    expect(written.length).toBeGreaterThan(100_000); // the functions a verification compiles, not just the top level
    const second = run();
    expect(second).toEqual(first);
    expect(readFileSync(cache).equals(written)).toBe(true); // accepted: not rewritten
  });

  it("a damaged or foreign cache is ignored and replaced; the output does not change", () => {
    const cache = join(cli, caches()[0]!);
    const expected = run();
    writeFileSync(cache, Buffer.alloc(4096, 0x5a));
    const r = run();
    expect(r).toEqual(expected);
    expect(readFileSync(cache).length).toBeGreaterThan(100_000);
    expect(readdirSync(cli).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("SEALCHECK_NO_CODE_CACHE=1 neither reads nor writes one", () => {
    for (const f of caches()) rmSync(join(cli, f));
    const r = run({ SEALCHECK_NO_CODE_CACHE: "1" });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Verdict: TOTAL-PASSED/);
    expect(caches()).toEqual([]);
    expect(existsSync(join(cli, "sealcheck.cjs"))).toBe(true);
  });
});

describe("the launcher's compiler settings (TurboFan's inlining limit and interrupt budget)", () => {
  it("is the same when the build fills the cache as when a user runs: the shipped cache is accepted, not rewritten", () => {
    const own = mkdtempSync(join(tmpdir(), "sealcheck-shipped-cache-"));
    try {
      for (const f of readdirSync("dist/cli")) if (/^(main\.js|package\.json|sealcheck\.cjs.*)$/.test(f)) copyFileSync(join("dist/cli", f), join(own, f));
      const shipped = readdirSync(own).filter((f) => f.endsWith(".v8cache"));
      expect(shipped).toHaveLength(1);
      const before = readFileSync(join(own, shipped[0]!));
      const args = [join(own, "main.js"), "verify", resolve("samples/valid/archive.pdf"), "--trust", resolve("samples/trust"), "--at", "2026-01-15T12:00:00Z"];
      expect(spawnSync(process.execPath, args, { encoding: "utf8" }).status).toBe(0);
      expect(readFileSync(join(own, shipped[0]!)).equals(before)).toBe(true);
      // Values given to node (the launcher leaves them as given; V8 offers no way to read a flag back, so that
      // part is not asserted here) change nothing of the output.
      const theirs = spawnSync(process.execPath, ["--max-inlined-bytecode-size=100", "--interrupt-budget=100000", ...args, "--json"], { encoding: "utf8" });
      const ours = spawnSync(process.execPath, [...args, "--json"], { encoding: "utf8" });
      expect(theirs.status).toBe(0);
      expect(theirs.stderr).toBe("");
      expect(JSON.parse(theirs.stdout).indication).toBe(JSON.parse(ours.stdout).indication);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
