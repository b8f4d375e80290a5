// The evidence's SHA-256 continues the seal's byte-range pass: both digests must be what hashing each
// separately gives, whatever the ranges and the algorithm.
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { digestByteRanges, evidenceSha256 } from "../../src/input/evidence-digest.js";
import { HASHED_READ_MIN, readBounded, readEvidence } from "../../src/input/evidence-file.js";
import { tempDir } from "../helpers/fixtures.js";

const sha = (alg: string, ...parts: Uint8Array[]): string => parts.reduce((h, p) => h.update(p), createHash(alg)).digest("hex");

describe("evidence digests", () => {
  it("range digest and file digest from one pass equal the separate digests", () => {
    const bytes = new Uint8Array(randomBytes(300_001));
    const r = [0, 200_000, 250_000, 40_000];
    const ranges = Buffer.from(digestByteRanges(bytes, r, "sha256")).toString("hex");
    expect(ranges).toBe(sha("sha256", bytes.subarray(0, 200_000), bytes.subarray(250_000, 290_000)));
    expect(evidenceSha256(bytes)).toBe(sha("sha256", bytes));
  });

  it("other algorithms, ranges not at 0, and bytes never range-hashed: computed on their own", () => {
    const a = new Uint8Array(randomBytes(5000));
    expect(Buffer.from(digestByteRanges(a, [0, 100, 200, 300], "sha512")).toString("hex")).toBe(sha("sha512", a.subarray(0, 100), a.subarray(200, 500)));
    const b = new Uint8Array(randomBytes(5000));
    digestByteRanges(b, [10, 100, 200, 300], "sha256");
    expect(evidenceSha256(a)).toBe(sha("sha256", a));
    expect(evidenceSha256(b)).toBe(sha("sha256", b));
    expect(evidenceSha256(new Uint8Array(0))).toBe(sha("sha256", new Uint8Array(0)));
  });
});

describe("reading large evidence", () => {
  it("readEvidence gives the bytes readBounded gives, with their digests kept from the read", async () => {
    const file = join(tempDir("sealcheck-evidence-"), "big.pdf");
    const data = randomBytes(HASHED_READ_MIN + 5 * 1024 * 1024 + 7);
    writeFileSync(file, data);
    const bytes = await readEvidence(file, data.length);
    expect(Buffer.from(bytes).equals(readBounded(file, data.length))).toBe(true);
    expect(evidenceSha256(bytes)).toBe(sha("sha256", data));
    const r = [0, data.length - 9000, data.length - 3000, 3000];
    const expected = sha("sha256", data.subarray(0, r[1]), data.subarray(r[2]));
    expect(Buffer.from(digestByteRanges(bytes, r, "sha256")).toString("hex")).toBe(expected);
    expect(Buffer.from(digestByteRanges(bytes, [0, 100, 200, 300], "sha256")).toString("hex")).toBe(
      sha("sha256", data.subarray(0, 100), data.subarray(200, 500)),
    );
    await expect(readEvidence(file, data.length - 1)).rejects.toMatchObject({ code: "ERR_INPUT_TOO_LARGE" });
  });
});
