// Help that matches behaviour: one width (80 columns, whatever the terminal), examples for every command,
// defaults said once and in words, and no reference to a file the package does not ship.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

function help(args: string[], columns = "200") {
  return runCli([...args, "--help"], { COLUMNS: columns });
}

const COMMANDS = [
  [],
  ["verify"],
  ["verify-batch"],
  ["queue"],
  ["queue", "add"],
  ["queue", "status"],
  ["queue", "health"],
  ["queue", "results"],
  ["queue", "wait"],
  ["worker"],
  ["verify-id-token"],
  ["verify-tl"],
  ["jwks"],
  ["jwks", "save"],
  ["jwks", "show"],
  ["inspect"],
  ["extract"],
  ["augment"],
  ["completion"],
  ["dev-token"],
  ["dev-token", "keys"],
  ["dev-token", "sign"],
];

describe("--help", () => {
  it("every command: 80 columns at most, examples, no '(default: [])', no dangling references", () => {
    const files = (JSON.parse(readFileSync("package.json", "utf8")) as { files: string[] }).files;
    for (const cmd of COMMANDS) {
      const h = help(cmd);
      const name = cmd.join(" ") || "sealcheck";
      expect(h.code, name).toBe(0);
      for (const line of h.stdout.split("\n")) expect(line.length, `${name}: "${line}"`).toBeLessThanOrEqual(80);
      const all = runCli([...cmd, "--help-all"], { COLUMNS: "200" });
      expect(all.code, name).toBe(0);
      for (const line of all.stdout.split("\n")) expect(line.length, `${name} --help-all: "${line}"`).toBeLessThanOrEqual(80);
      expect(h.stdout, name).toMatch(/\nExamples:\n {2}\$ sealcheck /);
      expect(h.stdout, name).not.toContain("(default: [])");
      expect(h.stdout, name).not.toMatch(/see `Limits:` below/);
      expect(h.stdout, name).not.toMatch(/\(default \w+\) \(default:/);
      // Every file a help text names exists and is in the package.
      for (const [, ref] of h.stdout.matchAll(/\b((?:docs|schemas)\/[\w.-]+\.(?:md|json))\b/g)) {
        expect(existsSync(ref!), `${name} names ${ref}`).toBe(true);
        expect(
          files.some((f) => ref!.startsWith(f.replace(/\*.*$/, ""))),
          `${name}: ${ref} is not in package.json "files"`,
        ).toBe(true);
      }
    }
    // Narrow terminals get the same text, not a wider one.
    expect(help(["verify"], "60").stdout).toBe(help(["verify"], "200").stdout);
  });

  it("conflicting output flags are refused, not one of them silently ignored", () => {
    for (const args of [
      ["verify", "samples/valid/archive.pdf", "--json", "--summary"],
      ["verify-batch", "samples/valid", "--json", "--format", "csv"],
      ["queue", "wait", "--queue", "q", "--redis", "redis://127.0.0.1:9", "--json", "--format", "junit"],
    ]) {
      const r = runCli(args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr, args.join(" ")).toMatch(/--json.* (cannot be used with|conflict)/);
    }
  });

  it("the limits section exists wherever --limit is offered", () => {
    for (const cmd of [["verify"], ["verify-batch"], ["verify-id-token"], ["verify-tl"]]) expect(help(cmd).stdout).toMatch(/\nLimits \(--limit/);
  });

  it("the README and docs cite only files that exist", () => {
    for (const doc of ["README.md", "docs/contract.md", "docs/evidence.md", "samples/README.md"]) {
      const text = readFileSync(doc, "utf8");
      for (const [, ref] of text.matchAll(/\]\(((?!https?:|#)[^)#\s]+)\)/g)) {
        const base = doc.includes("/") ? doc.slice(0, doc.lastIndexOf("/") + 1) : "";
        expect(existsSync(base + ref!) || existsSync(ref!), `${doc} links ${ref}`).toBe(true);
      }
      expect(text, doc).not.toMatch(/`(?:evidence|contract|interface)\.md`/);
    }
  });
});
