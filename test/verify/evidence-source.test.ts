// The evidence is read through an EvidenceSource passed explicitly (src/input/source.ts). The compiler holds
// every reader to it: no reader takes the file as a byte array, and a source is not one (each line below
// marked as an expected type error fails `tsc` the day it compiles). A sparse source hands out only bytes it has read
// and checked: a range not read yet is read first, whatever the block edges.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyEvidence, readEvidence, type EvidenceInput } from "../../src/input/evidence-file.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { Lexer } from "../../src/input/pdf/lexer.js";
import { parseIndirectObject } from "../../src/input/pdf/parser.js";
import { SparseSource } from "../../src/input/sparse.js";
import { wholeSource, type EvidenceSource } from "../../src/input/source.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { tempDir } from "../helpers/fixtures.js";

const POISON = 0x3f;

describe("readers take a source, never the file as an array", () => {
  it("a reader that bypasses the source does not compile", () => {
    const bytes = new Uint8Array(16);
    const source = wholeSource(bytes);
    const bypasses = (input: EvidenceInput): unknown[] => [
      // @ts-expect-error the PDF reader reads a source
      parsePdf(bytes, DEFAULT_LIMITS),
      // @ts-expect-error so does the lexer
      new Lexer(bytes, 0),
      // @ts-expect-error and the object parser
      parseIndirectObject(bytes, 0, { maxDepth: 8, maxStringBytes: 8 }),
      // @ts-expect-error the classifier too
      classifyEvidence("e.pdf", bytes, DEFAULT_LIMITS),
      // @ts-expect-error a source is not indexed: its bytes are read
      source[0],
      // @ts-expect-error nor sliced
      source.subarray(0, 4),
      // @ts-expect-error the evidence's PDF is a source, not an array
      input.pdf?.subarray(0, 4),
      // @ts-expect-error what readEvidence gives is a source
      readEvidence("e.pdf", 1).then((b: Uint8Array) => b),
    ];
    expect(typeof bypasses).toBe("function");
  });

  it("a whole source clamps its ranges to the bytes", () => {
    const s = wholeSource(new Uint8Array([1, 2, 3, 4, 5]));
    expect([...s.read(-3, 2)]).toEqual([1, 2]);
    expect([...s.read(3, 99)]).toEqual([4, 5]);
    expect([...s.read(4, 2)]).toEqual([]);
    expect(s.readEnd(0)).toBe(5);
  });

  it("verifyArchive takes a source of the caller's own, and refuses what is not one", async () => {
    const bytes = new Uint8Array(randomBytes(64));
    let reads = 0;
    const inner = wholeSource(bytes);
    const own: EvidenceSource = {
      length: inner.length,
      read: (a, b) => (reads++, inner.read(a, b)),
      readEnd: (at) => at,
      digestRanges: (r, alg) => inner.digestRanges(r, alg),
      sha256: () => inner.sha256(),
    };
    const r = await verifyArchive({ evidence: { name: "own.bin", source: own } });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "FORMAT_FAILURE"]);
    expect(r.evidence).toMatchObject({ file: "own.bin", sha256: inner.sha256(), size: 64 });
    expect(reads).toBeGreaterThan(0);
    await expect(verifyArchive({ evidence: { name: "x", source: { length: 3 } } } as never)).rejects.toMatchObject({ code: "ERR_USAGE" });
  });
});

describe("a sparse source", () => {
  const fileOf = (size: number): { file: string; data: Buffer } => {
    const file = join(tempDir("sealcheck-source-"), "e.pdf");
    const data = randomBytes(size);
    writeFileSync(file, data);
    return { file, data };
  };

  it("reads a range it has not read before handing it out, across block edges: never the memory of an unread block", async () => {
    const { file, data } = fileOf(10_000);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: -50, max: 10_050 }), fc.integer({ min: -50, max: 10_050 })), { minLength: 1, maxLength: 6 }),
        async (ranges) => {
          const s = await readEvidence(file, data.length, { reading: { min: 1, block: 97, poison: POISON } });
          if (!(s instanceof SparseSource)) throw new Error("not sparse");
          for (const [from, to] of ranges) {
            const a = Math.max(0, Math.min(from, data.length));
            const b = Math.max(a, Math.min(to, data.length));
            expect(Buffer.from(s.read(from, to)).equals(data.subarray(a, b))).toBe(true);
            // What is in memory from a on is what was read: readEnd never reaches past it.
            const end = s.readEnd(a);
            expect(Buffer.from(s.read(a, end)).equals(data.subarray(a, end))).toBe(true);
          }
        },
      ),
      { numRuns: 200, seed: 35 },
    );
  });

  it("reads nothing it is not asked for: what is unread stays unread, and says so", async () => {
    const { file, data } = fileOf(10_000);
    const s = await readEvidence(file, data.length, { reading: { min: 1, block: 100, poison: POISON } });
    if (!(s instanceof SparseSource)) throw new Error("not sparse");
    expect(s.bytesRead()).toBe(0);
    expect(s.readEnd(5_000)).toBe(5_000); // nothing in memory there
    s.read(5_050, 5_051);
    expect(s.bytesRead()).toBe(100);
    expect(s.readEnd(5_000)).toBe(5_100);
    expect(s.sha256()).toBe(wholeSource(data).sha256()); // from the hashing pass, nothing read for it
    expect(s.bytesRead()).toBe(100);
  });
});
