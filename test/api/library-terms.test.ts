// Library errors speak the library's terms: the option they are about (`at`, `redis`, `queue`, ...) named at the
// start of the message and in SealcheckError.option, never a command-line flag; the CLI puts its flag there.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SealcheckError, verifyArchive } from "../../src/index.js";
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
});
