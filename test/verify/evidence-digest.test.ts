// The evidence's SHA-256 continues the seal's byte-range pass: both digests must be what hashing each
// separately gives, whatever the ranges and the algorithm.
import { createHash, randomBytes } from "node:crypto";
import { openSync, closeSync, truncateSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SPARSE_READ_MIN, readBounded, readEvidence } from "../../src/input/evidence-file.js";
import { SparseSource } from "../../src/input/sparse.js";
import { wholeSource, type EvidenceSource } from "../../src/input/source.js";
import { tempDir } from "../helpers/fixtures.js";

const sha = (alg: string, ...parts: Uint8Array[]): string => parts.reduce((h, p) => h.update(p), createHash(alg)).digest("hex");
const digestByteRanges = (s: EvidenceSource, r: readonly number[], alg: string): Uint8Array => s.digestRanges(r, alg);
const evidenceSha256 = (s: EvidenceSource): string => s.sha256();

describe("evidence digests", () => {
  it("range digest and file digest from one pass equal the separate digests", () => {
    const bytes = new Uint8Array(randomBytes(300_001));
    const source = wholeSource(bytes);
    const r = [0, 200_000, 250_000, 40_000];
    const ranges = Buffer.from(digestByteRanges(source, r, "sha256")).toString("hex");
    expect(ranges).toBe(sha("sha256", bytes.subarray(0, 200_000), bytes.subarray(250_000, 290_000)));
    expect(evidenceSha256(source)).toBe(sha("sha256", bytes));
  });

  it("other algorithms, ranges not at 0, and bytes never range-hashed: computed on their own", () => {
    const a = new Uint8Array(randomBytes(5000));
    const as = wholeSource(a);
    expect(Buffer.from(digestByteRanges(as, [0, 100, 200, 300], "sha512")).toString("hex")).toBe(sha("sha512", a.subarray(0, 100), a.subarray(200, 500)));
    const b = new Uint8Array(randomBytes(5000));
    const bs = wholeSource(b);
    digestByteRanges(bs, [10, 100, 200, 300], "sha256");
    expect(evidenceSha256(as)).toBe(sha("sha256", a));
    expect(evidenceSha256(bs)).toBe(sha("sha256", b));
    expect(evidenceSha256(wholeSource(new Uint8Array(0)))).toBe(sha("sha256", new Uint8Array(0)));
  });
});

describe("reading large evidence", () => {
  const bigFile = (): { file: string; data: Buffer } => {
    const file = join(tempDir("sealcheck-evidence-"), "big.pdf");
    const data = randomBytes(SPARSE_READ_MIN + 5 * 1024 * 1024 + 7);
    writeFileSync(file, data);
    return { file, data };
  };

  it("readEvidence hashes the file in one pass and reads its blocks only when used: the bytes readBounded gives", async () => {
    const { file, data } = bigFile();
    const bytes = await readEvidence(file, data.length);
    expect(bytes).toBeInstanceOf(SparseSource);
    expect(bytes.length).toBe(data.length);
    // Digests come from the hashing pass: nothing is read for them but the blocks of the ranges' ends.
    expect(evidenceSha256(bytes)).toBe(sha("sha256", data));
    const r = [0, data.length - 9000, data.length - 3000, 3000];
    const expected = sha("sha256", data.subarray(0, r[1]), data.subarray(r[2]));
    expect(Buffer.from(digestByteRanges(bytes, r, "sha256")).toString("hex")).toBe(expected);
    expect(bytes.readEnd(1 << 20)).toBe(1 << 20); // not read
    expect((bytes as SparseSource).bytesRead()).toBeLessThanOrEqual(3 * 64 * 1024); // the blocks at the ranges' ends
    expect(Buffer.from(digestByteRanges(bytes, [0, 100, 200, 300], "sha256")).toString("hex")).toBe(
      sha("sha256", data.subarray(0, 100), data.subarray(200, 500)),
    );
    expect(Buffer.from(bytes.read(0, bytes.length)).equals(readBounded(file, data.length))).toBe(true);
    expect((bytes as SparseSource).bytesRead()).toBe(data.length);
    await expect(readEvidence(file, data.length - 1)).rejects.toMatchObject({ code: "ERR_INPUT_TOO_LARGE" });
  });

  it("a block changed after the hashing pass, or a file that shrank, is an error when it is read, never its bytes", async () => {
    const { file, data } = bigFile();
    const bytes = await readEvidence(file, data.length);
    bytes.read(0, 100);
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.from([data[5_000_000]! ^ 1]), 0, 1, 5_000_000);
    closeSync(fd);
    expect(Buffer.from(bytes.read(0, 100)).equals(data.subarray(0, 100))).toBe(true); // read before
    expect(() => bytes.read(4_999_000, 5_000_001)).toThrow(/changed while it was verified \(bytes 4980736–5046272 differ from those hashed\)/);
    expect(() => bytes.read(4_999_000, 5_000_001)).toThrow(/changed while it was verified/); // and again
    truncateSync(file, data.length - 1);
    expect(() => bytes.read(9_000_000, 9_000_001)).toThrow(/changed while it was verified \(its size changed\)/);
  });

  it("a file cut short during the hashing pass: an error naming it, no evidence", async () => {
    const { file, data } = bigFile();
    const reading = readEvidence(file, data.length);
    // Its size was taken and its first chunk asked for; the rest is read after this.
    truncateSync(file, 3 * 1024 * 1024 + 5);
    await expect(reading).rejects.toMatchObject({
      code: "ERR_FILE_UNREADABLE",
      message: expect.stringMatching(/big\.pdf: the file changed while it was verified \(it is shorter\)/),
    });
  });

  it("a /Contents at the start (as the broker writes its seal): the range digest comes from the reading pass, the file is not read again", async () => {
    const head = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Sig /Contents <${"ab".repeat(4000)}> /ByteRange [0 0 0 0] >>\nendobj\n`, "latin1");
    const data = Buffer.concat([head, randomBytes(SPARSE_READ_MIN + 3 * 1024 * 1024)]);
    const file = join(tempDir("sealcheck-evidence-"), "seal-first.pdf");
    writeFileSync(file, data);
    const b = head.indexOf("<ab");
    const c = head.indexOf(">", b) + 1;
    const bytes = await readEvidence(file, data.length);
    for (const d of [data.length - c, data.length - c - 12_345]) {
      expect(Buffer.from(digestByteRanges(bytes, [0, b, c, d], "sha256")).toString("hex")).toBe(sha("sha256", data.subarray(0, b), data.subarray(c, c + d)));
    }
    // Only the blocks at the ranges' ends were read: the middle of the file is still unread.
    const mid = data.length >> 1;
    expect(bytes.readEnd(mid)).toBe(mid);
    expect((bytes as SparseSource).bytesRead()).toBeLessThan(1024 * 1024);
    // A range that is not that hole is computed from the file as before.
    expect(Buffer.from(digestByteRanges(bytes, [0, b + 2, c, 1000], "sha256")).toString("hex")).toBe(
      sha("sha256", data.subarray(0, b + 2), data.subarray(c, c + 1000)),
    );
  });
});
