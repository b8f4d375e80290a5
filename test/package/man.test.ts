// man/sealcheck.1 is built from the same source as --help (scripts/man.mjs: every command's --help-all): the
// page in the repository is what the script makes from this build, man renders it, and the package ships it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const HAS_MAN = spawnSync("man", ["--version"]).status === 0;

describe("the man page", () => {
  it("is what scripts/man.mjs makes from --help-all now (run `npm run man` after changing a help text)", () => {
    const made = spawnSync(process.execPath, ["scripts/man.mjs"], { encoding: "utf8" });
    expect(made.status, made.stderr).toBe(0);
    expect(readFileSync("man/sealcheck.1", "utf8")).toBe(made.stdout);
    // Every command's full help is in it, line by line (roff-escaped).
    const page = made.stdout.replace(/\\-/g, "-").replace(/\\e/g, "\\");
    for (const cmd of [["verify"], ["verify-batch"], ["queue", "add"], ["worker"], ["verify-id-token"], ["dev-token", "sign"], ["inspect"]]) {
      expect(page).toContain(`.SS "sealcheck ${cmd.join(" ")}"`);
      const all = runCli([...cmd, "--help-all"]).stdout.trimEnd();
      expect(page, cmd.join(" ")).toContain(all);
    }
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { man: string; files: string[] };
    expect(pkg.man).toBe("./man/sealcheck.1");
    expect(pkg.files).toContain("man/sealcheck.1");
  });

  it.skipIf(!HAS_MAN)("man -l renders it without a warning", () => {
    const r = spawnSync("man", ["-l", "man/sealcheck.1"], { encoding: "utf8", env: { ...process.env, MANPAGER: "cat", PAGER: "cat", MANWIDTH: "80" } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^SEALCHECK\(1\)/);
    expect(r.stdout).toContain("sealcheck verify-id-token");
    expect(r.stdout).toMatch(/maxEvidenceBytes +2G\n +largest evidence file/);
  });
});

describe("--help and --help-all", () => {
  const COMMANDS = [["verify"], ["verify-batch"], ["augment"], ["queue", "add"], ["worker"], ["verify-id-token"], ["verify-tl"], ["inspect"], ["extract"]];
  it("--help fits a screen with the limits of the command; --help-all says every option and limit", () => {
    const lines: Record<string, number> = {};
    for (const cmd of COMMANDS) {
      const h = runCli([...cmd, "--help"]).stdout;
      lines[cmd.join(" ")] = h.trimEnd().split("\n").length;
      expect(h, cmd.join(" ")).toMatch(/\nLimits \(--limit <name>=<value>/);
      expect(h).not.toMatch(/listed below/);
      const all = runCli([...cmd, "--help-all"]).stdout;
      expect(all.length).toBeGreaterThan(h.length);
      expect(all).toMatch(/\n {2}max\w+ +\S+\n {6}\S/); // each limit with what it bounds
    }
    // A screen: 40 lines at most (before: verify 46, verify-id-token 47, the batch commands 57 to 61).
    for (const [cmd, n] of Object.entries(lines)) expect(n, cmd).toBeLessThanOrEqual(40);
    // Each command its own limits: no PDF limit for an ID token; no XML or originals for inspect.
    const idt = runCli(["verify-id-token", "--help"]).stdout;
    expect(idt).toMatch(/maxJwtBytes 4M {3}maxJsonBytes 512M {3}maxJsonDepth 64 {3}maxJwksKeys 100\n/);
    expect(idt).not.toMatch(/maxDecodedStreamBytes|maxPdf|maxXml/);
    expect(runCli(["verify-tl", "--help"]).stdout).not.toMatch(/maxPdf|maxJwt|maxOriginals/);
    expect(runCli(["inspect", "--help"]).stdout).not.toMatch(/maxXml|maxOriginals/);
    expect(runCli(["queue", "add", "--help"]).stdout).toMatch(/maxEvidenceBytes 2G/);
    // Many limits: those an honest input reaches first, with defaults; the others counted by what they bound.
    expect(runCli(["verify", "--help"]).stdout).toMatch(/maxOriginalBytes 2G\n.*\n {2}and 22 more on PDF, ASN\.1, JSON and XML parsing: --help-all/);
  });

  it("every option of a command is in its --help: described, or named in its 'More options' paragraph", () => {
    for (const cmd of [...COMMANDS, ["dev-token", "sign"], ["queue", "wait"], ["queue", "results"]]) {
      const h = runCli([...cmd, "--help"]).stdout;
      const all = runCli([...cmd, "--help-all"]).stdout;
      const described = new Set([...h.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]));
      const named = new Set(/\nMore options[^\n]*\n((?: {2}\S.*\n)+)/.exec(h)?.[1]?.match(/--[\w-]+/g) ?? []);
      for (const [, flag] of all.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)) {
        // The worker's augment options are pointed to by --augment-tsa ("its other options: --help-all").
        if (cmd[0] === "worker" && /^--(augment-|fetch-revocation|ocsp|crl|expiring-before)/.test(flag!) && flag !== "--augment-tsa") continue;
        // --limit is the syntax in the Limits heading.
        if (flag === "--limit") expect(h, cmd.join(" ")).toMatch(/\nLimits \(--limit <name>=<value>/);
        else expect(described.has(flag!) || named.has(flag!), `${cmd.join(" ")} --help: ${flag}`).toBe(true);
      }
    }
  });
});
