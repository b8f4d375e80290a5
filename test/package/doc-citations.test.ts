// Issue 37 part 7 (u10): the .d.ts a package user reads cite files the package holds. Every JSDoc comment of
// src/ (what tsc puts in the .d.ts) that cites a Markdown file cites one that ships (docs/*.md, README.md, …)
// by its path in the package: never ../shared/spec's interface.md or evidence.md, never a bare "contract.md";
// and the public report types cite no .ts file (no .ts ships).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SHIPPED_TOP = new Set(["README.md", "CHANGELOG.md", "SECURITY.md"]);
const files = readdirSync("src", { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => join("src", f));
const jsdoc = (f: string) => [...readFileSync(f, "utf8").matchAll(/\/\*\*[\s\S]*?\*\//g)].map((m) => m[0]);

describe("the .d.ts cite what the package holds", () => {
  it("every Markdown file a JSDoc comment cites ships, by its path in the package", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { files: string[] };
    expect(pkg.files).toContain("docs/*.md");
    const offenders: string[] = [];
    for (const f of files)
      for (const c of jsdoc(f))
        for (const m of c.matchAll(/(?<![\w/.-])([\w./-]*?[A-Za-z0-9_-]+\.md)\b/g)) {
          const path = m[1]!;
          const ships = (path.startsWith("docs/") && !path.slice(5).includes("/")) || SHIPPED_TOP.has(path);
          if (!ships || !existsSync(path)) offenders.push(`${f}: ${path}`);
        }
    expect(offenders).toEqual([]);
  });

  it("the report types a user reads cite no source file", () => {
    const offenders: string[] = [];
    for (const f of ["src/report/types.ts", "src/report/archive-report.ts", "src/report/verdict.ts", "src/batch/types.ts", "src/errors.ts"])
      for (const c of jsdoc(f)) for (const m of c.matchAll(/\b[\w/-]+\.ts\b/g)) offenders.push(`${f}: ${m[0]}`);
    expect(offenders).toEqual([]);
  });
});
