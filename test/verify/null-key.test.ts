// a23 N1: an update re-states a sealed stream, its data byte for byte, its dictionary with one key more whose value is
// null (`/F null`, `/DP null`). ISO 32000-1 §7.3.7 reads a null value as an absent key, and so did the comparer; pdf.js
// keeps the null, and its two-name gets (`dict.get("F", "Filter")`) stop at it: page 1's content stream read as raw
// (ASCII85) data, a blank first page in Firefox; the Workflow token's attachment handed out as its raw Flate bytes.
// sealcheck said TOTAL-PASSED. Now a key is compared by its presence: a change, judged by the rules.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet, type PdfObject } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const AT = new Date("2025-12-08T09:35:10Z");
const latin = (s: string) => [...Buffer.from(s, "latin1")];

/** One update re-stating stream `target` (default: page 1's content stream) with `extra` added to its dictionary. */
function restated(extra: string, target?: number): Uint8Array {
  const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const page = walkPages(view)[0]!;
  const ref = (target !== undefined ? { kind: "ref", num: target, gen: 0 } : rawGet(view.object(page.ref!)!.value as never, "Contents")) as PdfObject & {
    kind: "ref";
  };
  const s = view.object(ref)!.value;
  if (s.kind !== "stream") throw new Error("not a stream");
  const C = new NumberAllocator(doc).take();
  const out = [...pdf];
  if (out.at(-1) !== 0x0a) out.push(0x0a);
  const offS = out.length;
  out.push(
    ...latin(`${ref.num} ${ref.gen} obj\n${serialize(s.dict).replace(/>>$/, `${extra} >>`)}\nstream\n`),
    ...view.rawStreamData(s),
    ...latin("\nendstream\nendobj\n"),
  );
  const offC = out.length;
  const row = (t: number, f2: number, f3: number) => [t, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];
  const rows = [...row(1, offS, ref.gen), ...row(1, offC, 0)];
  const carried = ["Root", "Info", "ID"].flatMap((k) => {
    const v = rawGet(view.trailer, k);
    return v ? [`/${k} ${serialize(v)}`] : [];
  });
  out.push(
    ...latin(
      `${C} 0 obj\n<< /Type /XRef /Size ${C + 1} /W [1 4 2] /Index [${ref.num} 1 ${C} 1] /Prev ${doc.revisions.at(-1)!.startxref} ${carried.join(" ")} /Length ${rows.length} >>\nstream\n`,
    ),
    ...rows,
    ...latin(`\nendstream\nendobj\nstartxref\n${offC}\n%%EOF\n`),
  );
  return Uint8Array.from(out);
}

const verify = (bytes: Uint8Array) => verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [`${REAL}/trust`], at: AT });

describe("a23 N1: a key with a null value added to a sealed object is a change", () => {
  it.each([
    ["/F null on page 1's content stream", " /F null", undefined, /Page 1's content changed after sealing/],
    ["/DP null on page 1's content stream", " /DP null", undefined, /Page 1's content changed after sealing/],
    ["/F null on the Workflow token's attachment stream", " /F null", 23, /object 23 0 R/],
  ] as const)(
    "the real archive, %s: TOTAL-FAILED (was TOTAL-PASSED)",
    async (_, extra, target, text) => {
      const r = await verify(restated(extra, target));
      expect(r.indication).toBe("TOTAL-FAILED");
      const c = check(r, "seal-modifications");
      expect(c.status).toBe("failed");
      expect(c.message).toMatch(text);
    },
    60_000,
  );

  it("the same stream re-stated with nothing added: TOTAL-PASSED (the control)", async () => {
    const r = await verify(restated(""));
    expect([r.indication, check(r, "seal-modifications").status]).toEqual(["TOTAL-PASSED", "passed"]);
  }, 60_000);
});
