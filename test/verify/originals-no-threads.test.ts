// A host that does not allow worker threads (Node's permission model without --allow-worker): large
// originals are then hashed on the calling thread, with the same result.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { hashOriginals, startHashingOriginals } from "../../src/input/originals.js";
import { tempDir } from "../helpers/fixtures.js";

vi.mock("node:worker_threads", async (importOriginal) => ({
  ...(await importOriginal<typeof import("node:worker_threads")>()),
  Worker: class {
    constructor() {
      throw Object.assign(new Error("Access to this API has been restricted"), { code: "ERR_ACCESS_DENIED" });
    }
  },
}));

describe("hashing originals without worker threads", () => {
  it("falls back to hashing inline", async () => {
    const file = join(tempDir("sealcheck-originals-"), "a.pdf");
    writeFileSync(file, "%PDF-1.7\nbody");
    const h = startHashingOriginals([file], { workerThreshold: 0 });
    expect(await h.result).toEqual(await hashOriginals([file]));
  });
});
