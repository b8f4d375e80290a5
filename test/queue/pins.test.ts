// The content a queued archive is pinned to (src/batch/pins.ts, attack34c C5), without Redis: the digests
// `queue add` takes, and the check of the bytes verification reads against them (verifyMany honours
// ArchiveSpec.sha256 as the queue worker does). The queue end to end is in queue.test.ts.
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { discoverArchives, verifyMany } from "../../src/index.js";
import type { ArchiveSpec, BatchResult } from "../../src/batch/types.js";
import { contentDigest, isContentDigests, pinArchive } from "../../src/batch/pins.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { tempDir } from "../helpers/fixtures.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const lineSchema = (() => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
  addFormats(ajv);
  for (const f of ["report", "batch-line"]) ajv.addSchema(JSON.parse(readFileSync(`schemas/${f}.schema.json`, "utf8")) as object);
  return ajv.getSchema("https://sealcheck.invalid/schemas/batch-line.schema.json")!;
})();

const sha = (f: string): string => createHash("sha256").update(readFileSync(f)).digest("hex");

function archive(root: string, originals = "samples/valid/originals"): string {
  const t = join(root, "t");
  mkdirSync(t, { recursive: true });
  cpSync("samples/valid/archive.pdf", join(t, "archive.pdf"));
  cpSync(originals, join(t, "originals"), { recursive: true });
  return t;
}

async function verified(spec: ArchiveSpec): Promise<Omit<BatchResult, "index">> {
  const out = [];
  for await (const r of verifyMany([spec], { trust: ["samples/trust"], workers: 0 })) out.push(r);
  return out[0]!;
}

describe("queue add pins the content: SHA-256 of the evidence and of each original (C5)", () => {
  it("pins every file the worker will read, a folder's as verifyArchive lists them, sorted", async () => {
    const t = archive(tempDir("sealcheck-pins-"));
    const [spec] = [...discoverArchives([t])];
    const pins = await pinArchive(spec!, DEFAULT_LIMITS);
    expect(pins).toEqual({
      evidence: sha(join(t, "archive.pdf")),
      originals: [
        [join(t, "originals", "Husorden.pdf"), sha(join(t, "originals", "Husorden.pdf"))],
        [join(t, "originals", "Lejekontrakt.pdf"), sha(join(t, "originals", "Lejekontrakt.pdf"))],
      ],
    });
    expect(isContentDigests(pins, 10, (p) => typeof p === "string")).toBe(true);
    // One canonical form: unsorted, repeated, or with another field, it is not a content's digests.
    expect(isContentDigests({ ...pins, originals: [...pins.originals].reverse() }, 10, () => true)).toBe(false);
    expect(isContentDigests({ ...pins, extra: 1 }, 10, () => true)).toBe(false);
    expect(isContentDigests({ ...pins, evidence: "00" }, 10, () => true)).toBe(false);
    expect(contentDigest(pins)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the bytes verified must be those pinned: a genuine original put in place after the pin is INDETERMINATE/SIGNED_DATA_NOT_FOUND naming it", async () => {
    // Tampered when pinned (queue add), genuine when verified: what attack34c C5 did for the worker's run only.
    const t = archive(tempDir("sealcheck-pins-"), "samples/tampered/original-changed/originals");
    const [spec] = [...discoverArchives([t])];
    const pins = await pinArchive(spec!, DEFAULT_LIMITS);
    // Unpinned, the tampered archive fails as it should.
    expect(await verified(spec!)).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "HASH_FAILURE" });
    rmSync(join(t, "originals"), { recursive: true });
    cpSync("samples/valid/originals", join(t, "originals"), { recursive: true });
    // Unpinned, the swap passes: this is what pinning closes.
    expect(await verified(spec!)).toMatchObject({ indication: "TOTAL-PASSED" });
    const r = await verified({ ...spec!, sha256: pins });
    expect(r).toMatchObject({
      indication: "INDETERMINATE",
      subIndication: "SIGNED_DATA_NOT_FOUND",
      decidedBy: ["pinned-content"],
      exitCode: 2,
      report: null,
      error: null,
      errorCode: null,
    });
    expect(r.contentChanged!.file).toMatch(/originals\/(Husorden|Lejekontrakt)\.pdf$/);
    // A line as the worker writes it (with the pins) is a valid batch line.
    const line = { ...r, index: 0, sha256: pins };
    expect(lineSchema(line), JSON.stringify(lineSchema.errors)).toBe(true);
    expect(lineSchema({ ...line, sha256: { ...pins, more: 1 } })).toBe(false);
    expect(r.contentChanged!.why).toMatch(/: its bytes changed \(SHA-256 [0-9a-f]{16}…, pinned [0-9a-f]{16}…\) since queue add pinned it/);
  });

  it("an evidence file changed, an original added or removed after the pin: each named", async () => {
    const t = archive(tempDir("sealcheck-pins-"));
    const [spec] = [...discoverArchives([t])];
    const pins = await pinArchive(spec!, DEFAULT_LIMITS);
    // Honest: pinned and unchanged, the verdict is the archive's.
    expect(await verified({ ...spec!, sha256: pins })).toMatchObject({ indication: "TOTAL-PASSED", exitCode: 0 });
    writeFileSync(join(t, "originals", "extra.pdf"), "%PDF-1.4\n");
    expect((await verified({ ...spec!, sha256: pins })).contentChanged).toEqual({
      file: join(t, "originals", "extra.pdf"),
      why: expect.stringMatching(/extra\.pdf: this original was not there since queue add pinned it/),
    });
    rmSync(join(t, "originals", "extra.pdf"));
    rmSync(join(t, "originals", "Husorden.pdf"));
    expect((await verified({ ...spec!, sha256: pins })).contentChanged).toMatchObject({ file: join(t, "originals", "Husorden.pdf") });
    cpSync("samples/valid/originals/Husorden.pdf", join(t, "originals", "Husorden.pdf"));
    const pdf = readFileSync(join(t, "archive.pdf"));
    writeFileSync(join(t, "archive.pdf"), Buffer.concat([pdf, Buffer.from("\n%%EOF\n")]));
    const r = await verified({ ...spec!, sha256: pins });
    expect(r).toMatchObject({ indication: "INDETERMINATE", subIndication: "SIGNED_DATA_NOT_FOUND", contentChanged: { file: join(t, "archive.pdf") } });
  });

  it("what cannot be read when pinned is the error verify-batch gives it (the worker reports it, never verifies it unpinned)", async () => {
    const t = archive(tempDir("sealcheck-pins-"));
    const [spec] = [...discoverArchives([t])];
    await expect(pinArchive(spec!, { ...DEFAULT_LIMITS, maxOriginalBytes: 10 })).rejects.toMatchObject({
      code: "ERR_INPUT_TOO_LARGE",
      message: expect.stringMatching(/Husorden\.pdf: .*limits\.maxOriginalBytes/),
    });
    await expect(pinArchive({ ...spec!, evidence: join(t, "gone.pdf") }, DEFAULT_LIMITS)).rejects.toMatchObject({ code: "ERR_FILE_NOT_FOUND" });
  });
});
