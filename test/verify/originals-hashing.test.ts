// Originals are hashed beside the checks: on a worker thread for large sets, here for small ones. Both
// ways give the same files, sizes and digests, and an unreadable original is the same usage error.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SealcheckError } from "../../src/index.js";
import { hashOriginals, listOriginals, startHashingOriginals } from "../../src/input/originals.js";
import { tempDir } from "../helpers/fixtures.js";

function someFiles(): string[] {
  const dir = tempDir("sealcheck-originals-");
  writeFileSync(join(dir, "a.pdf"), "%PDF-1.7\n" + "x".repeat(3 * 1024 * 1024 + 17));
  writeFileSync(join(dir, "b.txt"), "not a pdf");
  // Exactly two of the worker's 1 MiB buffers, each chunk different: a stale or half-reused buffer shows.
  writeFileSync(join(dir, "c.pdf"), Buffer.concat([Buffer.from("%PDF-2.0\n"), randomBytes(2 * 1024 * 1024 - 9)]));
  writeFileSync(join(dir, "empty.pdf"), "");
  return listOriginals([dir], 100);
}

describe("hashing originals", () => {
  it("on a worker thread and inline: the same result, in the order given", async () => {
    const paths = someFiles();
    const inline = await hashOriginals(paths);
    const threaded = await startHashingOriginals(paths, { workerThreshold: 0 }).result;
    expect(threaded).toEqual(inline);
    expect(inline.map((f) => [f.size, f.isPdf])).toEqual([
      [3 * 1024 * 1024 + 26, true],
      [9, false],
      [2 * 1024 * 1024, true],
      [0, false],
    ]);
    for (const f of threaded) expect(f.sha256Hex).toBe(createHash("sha256").update(readFileSync(f.path)).digest("hex"));
  });

  it("an unreadable original: ERR_FILE_UNREADABLE naming it, either way", async () => {
    const dir = tempDir("sealcheck-originals-");
    const bad = join(dir, "bad.pdf");
    mkdirSync(bad); // a directory where a file is expected: reading it fails
    for (const threshold of [0, Number.MAX_SAFE_INTEGER]) {
      const err = await startHashingOriginals([bad], { workerThreshold: threshold }).result.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SealcheckError);
      expect((err as SealcheckError).code).toBe("ERR_FILE_UNREADABLE");
      expect((err as SealcheckError).message).toContain("bad.pdf: cannot read");
    }
  });

  it("a cancelled hashing settles without an unhandled rejection", async () => {
    const h = startHashingOriginals(someFiles(), { workerThreshold: 0 });
    h.cancel();
    await expect(h.result).rejects.toBeInstanceOf(SealcheckError);
  });
});
