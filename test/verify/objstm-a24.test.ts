// a24 R1: object streams PDFium reads otherwise. PDFium reads an object stream's /N and /First unresolved (an indirect
// one: no object stream, its objects missing, PDFium rebuilds its table), skips a header pair naming object 0 (its
// indices shift), and its rebuild reads every object stream it finds, taking what their headers name. An update with
// an object stream holding the catalog under an indirect /N, and another, listed but unreferenced, whose header names
// page 1 (a forged page) was TOTAL-PASSED while Chrome showed "Husleje: 1 kr. pr. maaned".
import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";
const AT = new Date("2025-12-08T09:35:10Z");
const latin = (s: string) => [...Buffer.from(s, "latin1")];
const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const view = doc.latest();
const page1 = walkPages(view)[0]!.ref!;
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(view.trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});

type Row = { num: number; type: 1 | 2; f2: number; f3: number };

/**
 * One update: an integer object I (2), an object stream S of `pairs` (header `num off`) with /N written as `n(I)`, and
 * an xref stream listing I, S, itself, and `compressed` (object numbers listed in S at their index).
 */
function update(pairs: [number, string][], n: (i: number) => string, compressed: number[]): Uint8Array {
  const alloc = new NumberAllocator(doc);
  const [I, S, X] = [alloc.take(), alloc.take(), alloc.take()];
  const out = [...pdf];
  if (out.at(-1) !== 0x0a) out.push(0x0a);
  const rows: Row[] = [];
  rows.push({ num: I, type: 1, f2: out.length, f3: 0 });
  out.push(...latin(`${I} 0 obj\n${pairs.length}\nendobj\n`));
  let header = "";
  let body = "";
  for (const [num, text] of pairs) {
    header += `${num} ${body.length} `;
    body += `${text}\n`;
  }
  const data = deflateSync(Buffer.from(header + body, "latin1"));
  rows.push({ num: S, type: 1, f2: out.length, f3: 0 });
  out.push(
    ...latin(`${S} 0 obj\n<< /Type /ObjStm /N ${n(I)} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
    ...data,
    ...latin("\nendstream\nendobj\n"),
  );
  compressed.forEach((num) => rows.push({ num, type: 2, f2: S, f3: pairs.findIndex(([p]) => p === num) }));
  const offX = out.length;
  rows.push({ num: X, type: 1, f2: offX, f3: 0 });
  rows.sort((a, b) => a.num - b.num);
  const bytes = rows.flatMap((r) => [r.type, (r.f2 >>> 24) & 0xff, (r.f2 >>> 16) & 0xff, (r.f2 >>> 8) & 0xff, r.f2 & 0xff, (r.f3 >> 8) & 0xff, r.f3 & 0xff]);
  const index = rows.flatMap((r) => [r.num, 1]).join(" ");
  out.push(
    ...latin(
      `${X} 0 obj\n<< /Type /XRef /Size ${X + 1} /W [1 4 2] /Index [${index}] ${carried.join(" ")} /Prev ${doc.revisions.at(-1)!.startxref} /Length ${bytes.length} >>\nstream\n`,
    ),
    ...bytes,
    ...latin(`\nendstream\nendobj\nstartxref\n${offX}\n%%EOF\n`),
  );
  return Uint8Array.from(out);
}

const verify = (bytes: Uint8Array) => verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [`${REAL}/trust`], at: AT });
const FORGED = "<< /Type /Page /MediaBox [0 0 595 842] >>";

describe("a24 R1: object streams as PDFium reads them", () => {
  it("an object stream whose header names page 1, listed by no section: seal-modifications FORMAT_FAILURE (was TOTAL-PASSED)", async () => {
    const r = await verify(update([[page1.num, FORGED]], () => "1", []));
    const c = check(r, "seal-modifications");
    expect([r.indication, c.status, c.subIndication]).toEqual(["TOTAL-FAILED", "failed", "FORMAT_FAILURE"]);
    expect(c.message).toMatch(new RegExp(`do not list \\(revision 2: object ${page1.num} in object stream \\d+ \\(entry 0\\)\\)`));
  }, 60_000);

  it("an object stream whose objects its section lists (a new DSS dictionary, unreferenced): TOTAL-PASSED (the control)", async () => {
    const X = new NumberAllocator(doc).take() + 3;
    const r = await verify(update([[X, "<< /Type /DSS /Certs [] >>"]], () => "1", [X]));
    expect(r.indication).toBe("TOTAL-PASSED");
  }, 60_000);

  it.each([["an indirect /N", (i: number) => `${i} 0 R`, /\/N is an indirect reference: PDFium reads it unresolved/]])(
    "%s: not read (was TOTAL-PASSED)",
    async (_, n, text) => {
      const X = new NumberAllocator(doc).take() + 3;
      const r = await verify(update([[X, "<< /Type /DSS /Certs [] >>"]], n, [X]));
      expect(r.indication).toBe("TOTAL-FAILED");
      expect(check(r, "seal-modifications").message).toMatch(text);
    },
    60_000,
  );

  it("a header pair naming object 0 (PDFium skips it): not read", async () => {
    const X = new NumberAllocator(doc).take() + 3;
    const r = await verify(
      update(
        [
          [0, "null"],
          [X, "<< /Type /DSS /Certs [] >>"],
        ],
        () => "2",
        [X],
      ),
    );
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(check(r, "seal-modifications").message).toMatch(/names object 0 \(entry 0\), which PDFium skips/);
  }, 60_000);
});
