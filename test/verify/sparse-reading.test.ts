// Large evidence is read block by block as the PDF reader uses it (src/input/sparse.ts): every byte the reader
// uses must be read first. Here every evidence file we have is read that way, in blocks of a few hundred bytes
// (tokens, strings, streams and markers cross block edges everywhere) with the bytes not read poisoned: a byte
// used without being read would change the report, which must be the one of the file read whole.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SPARSE_READ_MIN, SPARSE_READING, readEvidence } from "../../src/input/evidence-file.js";
import { SparseSource } from "../../src/input/sparse.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { createSession } from "../../src/verify/session.js";
import { applyByteOp, applyPdfTokenOp, byteOp, pdfTokenOp } from "../../scripts/fuzz/mutators.js";
import { bigOriginalPdf, writeArchive, writeTrust } from "../../scripts/bench/corpus.js";
import { loadPki } from "../../scripts/generator/index.js";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";
import { hasShared } from "../helpers/shared.js";

const POISON = 0x3f;

function filesUnder(dir: string, ext: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? filesUnder(p, ext) : ext.test(name) ? [p] : [];
    })
    .sort();
}

const strip = (r: unknown): unknown => JSON.parse(JSON.stringify(r), (k, v: unknown) => (k === "validationTime" || k === "durationMs" ? undefined : v));

/** Reads `file` sparse in blocks of `block` bytes, the memory of blocks not read poisoned. */
async function readSparse(file: string, block: number): Promise<SparseSource> {
  const source = await readEvidence(file, DEFAULT_LIMITS.maxEvidenceBytes, { reading: { min: 1, block, poison: POISON } });
  if (!(source instanceof SparseSource)) throw new Error(`${file}: not read sparse`);
  return source;
}

const unread = (source: SparseSource): number => source.length - source.bytesRead();

const HAS_CORPUS = hasShared("corpus/dss", "test/verify/sparse-reading.test.ts, the DSS corpus (the samples alone instead)");

describe("evidence read block by block gives the report of the evidence read whole", () => {
  afterEach(() => vi.useRealTimers());

  const cases: { evidence: string; originals?: string[]; trust: string[] }[] = [
    { evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trust: ["samples/trust"] },
    ...filesUnder("samples/valid", /\.json$/).map((evidence) => ({ evidence, originals: ["samples/valid/originals"], trust: ["samples/trust"] })),
    ...filesUnder("samples/attacks", /\.pdf$/).map((evidence) => ({ evidence, originals: ["samples/valid/originals"], trust: ["samples/trust"] })),
    ...filesUnder("samples/tampered", /\.(pdf|json)$/).map((evidence) => ({ evidence, trust: ["samples/trust"] })),
    { evidence: "test/fixtures/real/broker-example/archive.pdf", trust: ["test/fixtures/real/broker-example/trust"] },
    // Real producers' PDFs (../shared beside the checkout): judged without a broker token, but read in full.
    ...filesUnder("../shared/corpus/dss", /\.pdf$/).map((evidence) => ({ evidence, trust: ["samples/trust"] })),
  ];

  for (const block of [256, 4093]) {
    it(`${cases.length} evidence files, blocks of ${block} bytes`, { timeout: 300_000 }, async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") }); // "now" is in some reports
      let unreadBytes = 0;
      let total = 0;
      for (const c of cases) {
        const session = createSession({ trust: c.trust });
        const whole = await verifyArchive({ evidence: c.evidence, originals: c.originals ?? [], session });
        const source = await readSparse(c.evidence, block);
        const sparse = await verifyArchive({ evidence: { name: c.evidence, source }, originals: c.originals ?? [], session });
        expect(strip(sparse), c.evidence).toEqual(strip(whole));
        unreadBytes += unread(source);
        total += source.length;
      }
      // The poison is there to be found: much of the evidence (image data, fonts) is never read.
      // Without ../shared (a fresh clone) the samples alone: less image data, still some never read.
      expect(unreadBytes / total).toBeGreaterThan(HAS_CORPUS ? 0.05 : 0.02);
    });
  }

  it("the real archive in production blocks (64 KiB): TOTAL-PASSED, its /Contents read across blocks", async () => {
    const source = await readSparse("test/fixtures/real/broker-example/archive.pdf", 64 * 1024);
    const r = await verifyArchive({
      evidence: { name: "archive.pdf", source },
      trust: ["test/fixtures/real/broker-example/trust"],
      at: "2025-12-08T09:35:10Z",
    });
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("changed bytes and tokens: the reader retries on every error a block edge could cause, and errors read the same", { timeout: 300_000 }, async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") });
    const original = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const dir = tempDir("sealcheck-sparse-");
    const session = createSession({ trust: ["samples/trust"] });
    let n = 0;
    const seen = new Set<string>();
    // Anywhere in the file (the mutators' own positions favour its start).
    const anywhere = fc.oneof(
      fc.tuple(byteOp, fc.nat(original.length - 1)).map(([m, at]) => ("at" in m ? { ...m, at } : m)),
      fc.tuple(pdfTokenOp, fc.nat(1_000_000)).map(([m, index]) => ({ ...m, index })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(anywhere, { minLength: 1, maxLength: 3 }), async (ops) => {
        const bytes = ops.reduce<Uint8Array>((b, m) => (m.op === "pdf-token" ? applyPdfTokenOp(b, m, original) : applyByteOp(b, m)), original);
        const file = join(dir, `m${n++}.pdf`);
        writeFileSync(file, bytes);
        const whole = await verifyArchive({ evidence: file, originals: ["samples/valid/originals"], session });
        const sparse = await verifyArchive({ evidence: { name: file, source: await readSparse(file, 256) }, originals: ["samples/valid/originals"], session });
        expect(strip(sparse)).toEqual(strip(whole));
        seen.add(`${whole.indication} ${whole.subIndication}`);
      }),
      { numRuns: 150, seed: 19 },
    );
    // Not only files that fail to parse: changed image data, names and numbers reach the later checks.
    expect([...seen].sort()).toEqual(expect.arrayContaining(["TOTAL-FAILED FORMAT_FAILURE", "TOTAL-FAILED HASH_FAILURE"]));
  });
});

describe("a sealed archive of 16 MB or more", () => {
  // Sealed by an update after the pages, and as the broker writes it: the seal's dictionary first, so that its
  // second byte range is nearly the whole file (hashed in the reading pass, src/input/evidence-digest.ts).
  it.each([{ sealFirst: false }, { sealFirst: true }])(
    "is read sparse by default: TOTAL-PASSED with its images never read, the whole file's report, a changed image byte HASH_FAILURE (%o)",
    { timeout: 120_000 },
    async (shape) => {
      const dir = tempDir("sealcheck-large-");
      const pki = loadPki("samples/pki");
      const originals = [];
      for (const title of ["Bilag A", "Bilag B"])
        originals.push({ title, fileName: `${title.replace(" ", "-")}.pdf`, bytes: await bigOriginalPdf(title, 9 * 1024 * 1024) });
      writeTrust(pki, join(dir, "trust"));
      await writeArchive(pki, dir, originals, undefined, shape);
      const head = readFileSync(join(dir, "archive.pdf")).subarray(0, 4096).toString("latin1");
      expect(head.includes("/Contents <"), "the seal's dictionary is first").toBe(shape.sealFirst);
      const evidence = join(dir, "archive.pdf");
      const o = { originals: [join(dir, "originals")], trust: [join(dir, "trust")], at: "2026-01-15T12:00:00Z" };

      const source = await readEvidence(evidence, DEFAULT_LIMITS.maxEvidenceBytes);
      expect(source.length).toBeGreaterThanOrEqual(SPARSE_READ_MIN);
      expect(source).toBeInstanceOf(SparseSource);
      const sparse = await verifyArchive({ evidence: { name: evidence, source }, ...o });
      expect(sparse.indication).toBe("TOTAL-PASSED");
      // The two images (random bytes) were never read.
      expect((source as SparseSource).bytesRead() / source.length).toBeLessThan(0.1);

      const whole = await readEvidence(evidence, DEFAULT_LIMITS.maxEvidenceBytes, { reading: { ...SPARSE_READING, min: Number.POSITIVE_INFINITY } });
      expect(whole).not.toBeInstanceOf(SparseSource);
      expect(strip(await verifyArchive({ evidence: { name: evidence, source: whole }, ...o }))).toEqual(strip(sparse));
      expect(strip(await verifyArchive({ evidence: { name: evidence, bytes: readFileSync(evidence) }, ...o }))).toEqual(strip(sparse));

      // The CLI (the built bundle) reads it the same way.
      const cli = runCli(["verify", evidence, ...o.originals, "--trust", o.trust[0]!, "--json"]);
      expect(cli.code, cli.stderr).toBe(0);
      expect((JSON.parse(cli.stdout) as { indication: string }).indication).toBe("TOTAL-PASSED");

      const changed = readFileSync(evidence);
      const at = Math.floor(changed.length / 3); // inside the first image
      changed[at] = changed[at]! ^ 1;
      writeFileSync(evidence, changed);
      const r = await verifyArchive({ evidence, ...o });
      expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["TOTAL-FAILED", "HASH_FAILURE", expect.arrayContaining(["seal-signature"])]);
    },
  );
});
