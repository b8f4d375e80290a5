// The documentation's links hold: every relative link of the README, CONTRIBUTING, ARCHITECTURE and docs/
// names a file that exists (and, into a Markdown file, a heading it has), and every `docs/<name>.md` that
// the sources cite (comments, TSDoc that reaches the published .d.ts files, CLI help) exists.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

const PAGES = [
  "README.md",
  "CONTRIBUTING.md",
  "ARCHITECTURE.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
].filter((f) => existsSync(f));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

/** The text outside fenced code blocks. */
const prose = (md: string): string => md.replace(/^```[\s\S]*?^```/gm, "");

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(readFileSync(file, "utf8")).matchAll(/^#{1,6} (.+)$/gm)) {
    const s = slug(m[1]!);
    const n = seen.get(s) ?? 0;
    out.add(n ? `${s}-${n}` : s);
    seen.set(s, n + 1);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|js)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe("documentation links", () => {
  it("the pages exist: README, CONTRIBUTING, ARCHITECTURE and docs/", () => {
    for (const f of ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "docs/security.md", "docs/batch.md"]) expect(existsSync(f), f).toBe(true);
  });

  it("every relative link names a file that exists, and a heading of it", () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const m of prose(readFileSync(page, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
        const [path, anchor] = target.split("#") as [string, string | undefined];
        const file = path === "" ? page : normalize(join(dirname(page), path));
        if (!existsSync(file)) broken.push(`${page}: ${target} (no file ${file})`);
        else if (anchor && file.endsWith(".md") && !anchors(file).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every docs/<name>.md the sources cite exists", () => {
    const missing: string[] = [];
    for (const f of [...sourceFiles("src"), ...sourceFiles("cli")])
      for (const m of readFileSync(f, "utf8").matchAll(/\bdocs\/([\w.-]+\.md)/g)) if (!existsSync(join("docs", m[1]!))) missing.push(`${f}: docs/${m[1]}`);
    expect(missing).toEqual([]);
  });
});
