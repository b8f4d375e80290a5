// Library errors speak the library's terms: the option they are about (`at`, `redis`, `queue`, ...) named at the
// start of the message and in SealcheckError.option, never a command-line flag; the CLI puts its flag there.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SealcheckError, verifyArchive, verifyMany, type BatchResult } from "../../src/index.js";
import { parseValidationTime } from "../../src/api/common.js";
import { queueStatus } from "../../src/api/queue.js";
import { runCli } from "../helpers/cli.js";

describe("library errors in library terms", () => {
  it("no message thrown from src/ names a command-line flag (--at, --redis, ...)", () => {
    const offenders: string[] = [];
    for (const f of readdirSync("src", { recursive: true }).map(String)) {
      const file = join("src", f);
      if (!file.endsWith(".ts")) continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/(?:new SealcheckError|usage|fail)\(\s*(?:"ERR_\w+",\s*)?([`"'])((?:(?!\1)[\s\S])*)\1/g))
        if (/--[a-z]/.test(m[2]!)) offenders.push(`${file}: ${m[2]!.slice(0, 80)}`);
    }
    expect(offenders).toEqual([]);
  });

  it('no flag is passed from src/ as an argument to be put in a message (a role named "--trust")', () => {
    const offenders: string[] = [];
    for (const f of readdirSync("src", { recursive: true }).map(String)) {
      const file = join("src", f);
      if (!file.endsWith(".ts")) continue;
      // Code only: comments may name the flags that set an option.
      const code = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      for (const m of code.matchAll(/[(,]\s*([`"'])(--[a-z][^`"']*)\1/g)) offenders.push(`${file}: ${m[2]!}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the validation time: `at: ...` with option at in the library; `--at: ...` on the command line", async () => {
    let e: unknown;
    try {
      parseValidationTime("2025-12-08");
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(SealcheckError);
    expect(e).toMatchObject({ code: "ERR_USAGE", option: "at", message: expect.stringMatching(/^at: "2025-12-08" is a date without a time of day/) });
    const cli = runCli(["verify", "samples/valid/archive.pdf", "--at", "2025-12-08"]);
    expect(cli.code).toBe(3);
    expect(cli.stderr).toMatch(/^sealcheck: --at: "2025-12-08" is a date without a time of day/);
    await expect(queueStatus({ redis: "http://x", queue: "q" })).rejects.toMatchObject({
      option: "redis",
      message: expect.stringMatching(/^redis: must be a redis:\/\//),
    });
    await expect(queueStatus({ redis: "redis://127.0.0.1:9", queue: "a:b" })).rejects.toMatchObject({
      option: "queue",
      message: expect.stringMatching(/^queue: the name/),
    });
    const redis = runCli(["queue", "status", "--redis", "http://x", "--queue", "q"]);
    expect(redis.stderr).toMatch(/^sealcheck: --redis: must be a redis:\/\/ or rediss:\/\/ URL/);
  });

  it("limits, the crypto policy, a seal signer's file, overwriting: library words in the library, flags on the command line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sealcheck-terms-"));
    try {
      const bad = join(dir, "policy.json");
      writeFileSync(bad, "{}");
      const notCert = join(dir, "signer.pem");
      writeFileSync(notCert, "not a certificate");
      const evidence = "samples/valid/archive.pdf";
      const originals = "samples/valid/originals";
      const cases: { options: Parameters<typeof verifyArchive>[0]; option: string; library: RegExp; flags: string[]; cli: RegExp }[] = [
        {
          options: { evidence, originals: [originals], limits: { maxOriginals: 1 } },
          option: "limits.maxOriginals",
          library: /more than 1 original files given \(raise it with limits\.maxOriginals\)$/,
          flags: [originals, "--limit", "maxOriginals=1"],
          cli: /more than 1 original files given \(raise it with --limit maxOriginals=<n>\)$/,
        },
        {
          options: { evidence, originals: [originals], limits: { maxOriginalBytes: 10 } },
          option: "limits.maxOriginalBytes",
          library: /for an original \(raise it with limits\.maxOriginalBytes\)$/,
          flags: [originals, "--limit", "maxOriginalBytes=10"],
          cli: /for an original \(raise it with --limit maxOriginalBytes=<n>\)$/,
        },
        {
          options: { evidence, limits: { maxEvidenceBytes: 10 } },
          option: "limits.maxEvidenceBytes",
          library: /archive\.pdf: \d+ bytes is more than the limit of 10 \(raise it with limits\.maxEvidenceBytes\)$/,
          flags: ["--limit", "maxEvidenceBytes=10"],
          cli: /archive\.pdf: \d+ bytes is more than the limit of 10 \(raise it with --limit maxEvidenceBytes=<n>\)$/,
        },
        {
          options: { evidence, cryptoPolicy: bad },
          option: "cryptoPolicy",
          library: /^cryptoPolicy: \S*policy\.json: not a crypto policy/,
          flags: ["--policy", bad],
          cli: /^--policy: \S*policy\.json: not a crypto policy/,
        },
        {
          options: { evidence, trust: [notCert] },
          option: "",
          library: /signer\.pem \(trust\): /,
          flags: ["--trust", notCert],
          cli: /signer\.pem \(--trust\): /,
        },
        {
          options: { evidence, trust: ["samples/trust"], certs: [notCert] },
          option: "",
          library: /signer\.pem \(certs\): /,
          flags: ["--trust", "samples/trust", "--certs", notCert],
          cli: /signer\.pem \(--certs\): /,
        },
        {
          options: { evidence, trustFor: { tsa: [notCert] } },
          option: "",
          library: /signer\.pem \(trustFor\.tsa\): /,
          flags: ["--trust-tsa", notCert],
          cli: /signer\.pem \(--trust-tsa\): /,
        },
        {
          options: { evidence, sealSigners: [notCert] },
          option: "",
          library: /signer\.pem \(sealSigners\): /,
          flags: ["--seal-signer", notCert],
          cli: /signer\.pem \(--seal-signer\): /,
        },
      ];
      for (const c of cases) {
        const e = await verifyArchive(c.options).then(
          () => null,
          (x: unknown) => x,
        );
        expect(e, c.option).toBeInstanceOf(SealcheckError);
        const err = e as SealcheckError;
        expect(err.message, c.option).toMatch(c.library);
        expect(err.message, c.option).not.toMatch(/--[a-z]/);
        if (c.option) expect(err.option).toBe(c.option);
        const r = runCli(["verify", evidence, ...c.flags]);
        expect(r.code, c.flags.join(" ")).toBe(3);
        expect(r.stderr.trim(), c.flags.join(" ")).toMatch(new RegExp(c.cli.source.replace(/^\^/, "^sealcheck: ")));
      }
      // Overwriting: the library's option is overwrite; extract's flag is --force.
      const out = join(dir, "out");
      expect(runCli(["extract", evidence, out]).code).toBe(0);
      const again = runCli(["extract", evidence, out]);
      expect(again.code).toBe(3);
      expect(again.stderr).toMatch(/it already exists; --force replaces it\)/);
      const { writeExtraction } = await import("../../src/inspect/write.js");
      expect(() => writeExtraction(out, [{ name: "workflow_token.jwt", bytes: new Uint8Array(1), what: "x" } as never], false)).toThrow(
        expect.objectContaining({ option: "overwrite", message: expect.stringMatching(/it already exists; the overwrite option replaces it\)$/) }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a batch line's error in the command line's words (verify-batch --out), the library's in the library", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sealcheck-terms-"));
    try {
      const evidence = join(dir, "archive.pdf");
      writeFileSync(evidence, readFileSync("samples/valid/archive.pdf"));
      const originals = join(dir, "originals");
      mkdirSync(originals);
      for (const f of readdirSync("samples/valid/originals")) writeFileSync(join(originals, f), readFileSync(join("samples/valid/originals", f)));
      const lines: BatchResult[] = [];
      for await (const r of verifyMany([{ evidence, originals: [originals] }], { trust: ["samples/trust"], workers: 0, limits: { maxOriginalBytes: 10 } }))
        lines.push(r);
      expect(lines[0]!.error).toMatch(/raise it with limits\.maxOriginalBytes\)$/);
      const out = join(dir, "results.jsonl");
      const r = runCli(["verify-batch", dir, "--trust", "samples/trust", "--limit", "maxOriginalBytes=10", "--out", out, "--workers", "1"]);
      expect(r.code, r.stderr).toBe(3);
      const line = JSON.parse(readFileSync(out, "utf8").trim()) as BatchResult;
      expect(line.error).toMatch(/raise it with --limit maxOriginalBytes=<n>\)$/);
      expect(line.error).not.toMatch(/limits\./);
      expect(r.stdout).not.toMatch(/limits\.maxOriginalBytes/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every command's --at says RFC 3339", () => {
    for (const cmd of [["verify"], ["verify-id-token"], ["verify-tl"], ["verify-batch"]]) {
      const help = runCli([...cmd, "--help-all"]).stdout;
      const at = help.split("\n").find((l) => /^\s+--at <time>/.test(l));
      expect(at, cmd.join(" ")).toMatch(/RFC 3339/);
      expect(help, cmd.join(" ")).not.toMatch(/ISO 8601/);
    }
  });
});
