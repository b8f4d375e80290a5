// BatchResult.errorCode: a closed set of stable codes, documented in docs/batch.md, each produced by the code and
// asserted by a test; produced here for the library's own codes an archive can meet (verifyMany, no threads).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyMany, type BatchResult } from "../../src/index.js";
import { BATCH_ERROR_CODES } from "../../src/batch/types.js";
import { tempDir, trustDirectory } from "../helpers/fixtures.js";

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(join(dir, f), "utf8"));

describe("batch error codes", () => {
  it("docs/batch.md's table lists exactly BatchErrorCode's codes", () => {
    const docs = readFileSync("docs/batch.md", "utf8");
    const table = /### Error codes\n[\s\S]*?\n\| `errorCode` \|[^\n]*\n\|---\|---\|\n((?:\|[^\n]*\n)+)/.exec(docs)?.[1];
    expect(table).toBeDefined();
    expect([...table!.matchAll(/^\| `(ERR_[A-Z_]+)` \|/gm)].map((m) => m[1])).toEqual([...BATCH_ERROR_CODES]);
  });

  it("each code is produced in src/ and asserted in a test", () => {
    const src = files("src").join("\n");
    const tests = files("test").join("\n");
    for (const code of BATCH_ERROR_CODES) {
      // A result made with it (noVerdict), or a library error of that code (passed through by the verifier).
      expect(new RegExp(`(noVerdict\\([\\s\\S]{0,400}?|SealcheckError\\()\\s*"${code}"`).test(src), code).toBe(true);
      expect(new RegExp(`errorCode[^\\n]{0,40}"${code}"`).test(tests), code).toBe(true);
    }
  });

  it("the library's codes for one archive: ERR_FILE_NOT_FOUND, ERR_INPUT_TOO_LARGE, ERR_USAGE; an unknown one is never passed through", async () => {
    const dir = tempDir("sealcheck-codes-");
    const evidence = "samples/valid/archive.pdf";
    const results: BatchResult[] = [];
    for await (const r of verifyMany(
      [
        { evidence: join(dir, "missing.pdf"), originals: [] },
        { evidence, originals: [evidence] },
      ],
      { trust: [trustDirectory()], workers: 0 },
    ))
      results.push(r);
    for await (const r of verifyMany([{ evidence, originals: [] }], { trust: [trustDirectory()], workers: 0, limits: { maxEvidenceBytes: 1000 } }))
      results.push(r);
    expect(results.map((r) => ({ exitCode: r.exitCode, errorCode: r.errorCode }))).toEqual([
      { exitCode: 3, errorCode: "ERR_FILE_NOT_FOUND" },
      { exitCode: 3, errorCode: "ERR_USAGE" },
      { exitCode: 3, errorCode: "ERR_INPUT_TOO_LARGE" },
    ]);
    for (const r of results) expect(BATCH_ERROR_CODES).toContain(r.errorCode);
  });
});
