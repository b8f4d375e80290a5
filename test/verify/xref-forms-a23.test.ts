// a23's held-out round on the structure rules (scripts/attack-s18): forms that made one reader read another section
// than sealcheck, each on an update of the broker's real archive that is otherwise honest.
// - E1: /Encrypt in a hybrid section's /XRefStm dictionary: PDFium merges that dictionary into the trailer ("Password
//   required"). X1: its /Prev pointing at a table no other section lists: pdf.js follows it (a forged page 1).
//   Writers repeat /Root, /Info, /ID and /Prev there with the trailer's values (the DSS corpus): those read.
// - I1: an xref stream's /Index empty, or a pair of no objects: PDFium reads the data as [0 /Size].
// - P1b: `startxref` followed by `+N` (poppler reads 0 and rebuilds); S1: a `startxref` glued to text before it
//   (PDFium takes only a whole word); a comment between `startxref` and its offset (pdf.js reads NaN).
// Before: TOTAL-PASSED for each; now not read, so FAILED.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NumberAllocator, serialize } from "../../src/augment/writer.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { verifyArchive } from "../../src/index.js";
import { FormatError } from "../../src/api/internal.js";

const REAL = "test/fixtures/real/broker-example";
const AT = new Date("2025-12-08T09:35:10Z");
const latin = (s: string) => [...Buffer.from(s, "latin1")];
const pdf = new Uint8Array(readFileSync(`${REAL}/archive.pdf`));
const doc = parsePdf(wholeSource(pdf), resolveLimits());
const trailer = doc.latest().trailer;
const prev = doc.revisions.at(-1)!.startxref;
const carried = ["Root", "Info", "ID"].flatMap((k) => {
  const v = rawGet(trailer, k);
  return v ? [`/${k} ${serialize(v)}`] : [];
});
const row = (t: number, f2: number, f3: number) => [t, (f2 >>> 24) & 0xff, (f2 >>> 16) & 0xff, (f2 >>> 8) & 0xff, f2 & 0xff, (f3 >> 8) & 0xff, f3 & 0xff];

/** A hybrid update: an xref stream S (listing itself, `stmExtra` in its dictionary), a table listing S, /XRefStm S. */
function hybrid(stmExtra: string, end = (x: number) => `startxref\n${x}\n%%EOF\n`): Uint8Array {
  const S = new NumberAllocator(doc).take();
  const out = [...pdf];
  if (out.at(-1) !== 0x0a) out.push(0x0a);
  const offS = out.length;
  const rows = row(1, offS, 0);
  out.push(
    ...latin(`${S} 0 obj\n<< /Type /XRef /Size ${S + 1} /W [1 4 2] /Index [${S} 1]${stmExtra} /Length ${rows.length} >>\nstream\n`),
    ...rows,
    ...latin("\nendstream\nendobj\n"),
  );
  const x = out.length;
  out.push(
    ...latin(
      `xref\n${S} 1\n${String(offS).padStart(10, "0")} 00000 n \ntrailer\n<< /Size ${S + 1} ${carried.join(" ")} /Prev ${prev} /XRefStm ${offS} >>\n${end(x)}`,
    ),
  );
  return Uint8Array.from(out);
}

/** An xref-stream update listing only itself, with `index` as its /Index and `end` closing it. */
function streamUpdate(index: (S: number) => string, end = (x: number) => `startxref\n${x}\n%%EOF\n`, before = ""): Uint8Array {
  const S = new NumberAllocator(doc).take();
  const out = [...pdf];
  if (out.at(-1) !== 0x0a) out.push(0x0a);
  out.push(...latin(before));
  const offS = out.length;
  const rows = row(1, offS, 0);
  out.push(
    ...latin(`${S} 0 obj\n<< /Type /XRef /Size ${S + 1} /W [1 4 2] /Index ${index(S)} ${carried.join(" ")} /Prev ${prev} /Length ${rows.length} >>\nstream\n`),
    ...rows,
    ...latin("\nendstream\nendobj\n"),
  );
  out.push(...latin(end(offS)));
  return Uint8Array.from(out);
}

const verify = (bytes: Uint8Array) => verifyArchive({ evidence: { name: "archive.pdf", bytes }, trust: [`${REAL}/trust`], at: AT });
const reasons = (r: Awaited<ReturnType<typeof verify>>) => r.checks.map((c) => c.message).join(" | ");
const read = (bytes: Uint8Array) => parsePdf(wholeSource(bytes), resolveLimits());

describe("a23: sections one reader reads otherwise are not read", () => {
  it.each([
    [
      "/Encrypt (E1)",
      " /Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /O <4141> /U <4242> /P -4 >>",
      /\/XRefStm stream at \d+ has \/Encrypt: PDFium merges/,
    ],
    ["a /Prev of its own (X1)", " /Prev 1234", /has \/Prev other than its table's trailer/],
    ["another /Root", " /Root 99 0 R", /has \/Root other than its table's trailer/],
  ])(
    "a hybrid section whose /XRefStm dictionary has %s: refused, TOTAL-FAILED (was TOTAL-PASSED)",
    async (_, extra, text) => {
      expect(() => read(hybrid(extra))).toThrow(FormatError);
      expect(() => read(hybrid(extra))).toThrow(text);
      const r = await verify(hybrid(extra));
      expect(r.indication).toBe("TOTAL-FAILED");
      expect(reasons(r)).toMatch(text);
    },
    60_000,
  );

  it("the /XRefStm dictionary repeating the trailer's /Root, /Info, /ID and /Prev (as Word and Acrobat write it): read, TOTAL-PASSED", async () => {
    const r = await verify(hybrid(` ${carried.join(" ")} /Prev ${prev}`));
    expect(r.indication).toBe("TOTAL-PASSED");
  }, 60_000);

  it.each([
    ["empty", () => "[]", /\/Index is empty/],
    ["with a pair of no objects", (S: number) => `[${S} 1 ${S + 1} 0]`, /\/Index has a subsection of no objects/],
  ])(
    "an xref stream whose /Index is %s (I1): refused (was TOTAL-PASSED; PDFium reads [0 /Size])",
    async (_, index, text) => {
      expect(() => read(streamUpdate(index))).toThrow(text);
      expect((await verify(streamUpdate(index))).indication).toBe("TOTAL-FAILED");
      expect((await verify(streamUpdate((S) => `[${S} 1]`))).indication).toBe("TOTAL-PASSED");
    },
    60_000,
  );

  it.each([
    [
      "+N (P1b: poppler reads 0)",
      (x: number) => `startxref\n+${x}\n%%EOF\n`,
      /after the last 'startxref' \(at \d+\) something other than spaces, tabs and line ends before its offset/,
    ],
    [
      "glued to text before it (S1: PDFium wants a whole word)",
      (x: number) => `xstartxref\n${x}\n%%EOF\n`,
      /the last 'startxref' \(at \d+\) is glued to the text before it/,
    ],
    ["a form feed before its offset (a24 F1: pdf.js reads NaN)", (x: number) => `startxref\f${x}\n%%EOF\n`, /something other than spaces, tabs and line ends/],
    ["a NUL before its offset (a24 F1)", (x: number) => `startxref\n\0${x}\n%%EOF\n`, /something other than spaces, tabs and line ends/],
    ["a comment before its offset (P1: pdf.js reads NaN)", (x: number) => `startxref\n%c\n${x}\n%%EOF\n`, /a comment between 'startxref' and its offset/],
  ])(
    "the update's last startxref %s: refused, TOTAL-FAILED (was TOTAL-PASSED)",
    async (_, end, text) => {
      const bytes = streamUpdate((S) => `[${S} 1]`, end);
      expect(() => read(bytes)).toThrow(text);
      expect((await verify(bytes)).indication).toBe("TOTAL-FAILED");
    },
    60_000,
  );
});

describe("a26 T1: a comment between an update's objects longer than poppler's 255-byte line pieces", () => {
  it("254 bytes: read; 255: fails seal-modifications (poppler's rebuild reads the rest as a line of its own)", async () => {
    const ok = await verify(streamUpdate((S) => `[${S} 1]`, undefined, `%${"x".repeat(253)}\n`));
    expect(ok.indication).toBe("TOTAL-PASSED");
    const r = await verify(streamUpdate((S) => `[${S} 1]`, undefined, `%${"x".repeat(254)}\n`));
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.checks.find((c) => c.id === "seal-modifications")?.message).toMatch(/a comment longer than 254 bytes/);
  }, 60_000);
});

describe("a28 T1: a second 'trailer' after a table's own", () => {
  it("in a comment between the table's trailer and startxref: fails (was TOTAL-PASSED)", async () => {
    const extra = ` ${carried.join(" ")} /Prev ${prev}`;
    const r = await verify(hybrid(extra, (x) => `% trailer << /Root 99 0 R >>\nstartxref\n${x}\n%%EOF\n`));
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.checks.find((c) => c.id === "seal-modifications")?.message).toMatch(/a 'trailer' at offset \d+ \(its section's is elsewhere\)/);
    expect((await verify(hybrid(extra))).indication).toBe("TOTAL-PASSED");
  }, 60_000);
});
