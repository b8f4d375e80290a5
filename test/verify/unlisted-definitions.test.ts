// a21 F2, X1: an update after the seal defined page 1's content again without listing it, and added one form that
// makes some reader rebuild its table by scanning (/F on the xref stream: poppler and pdf.js; a free entry's generation
// above INT_MAX: poppler), where the last `N G obj` wins: pdftotext and pdf.js showed "Husleje: 1 kr." while sealcheck,
// reading the sections, said TOTAL-PASSED. Each round found another such form; the class is the unlisted definition:
// in bytes no signature covers, every `N G obj` must be one the revision's section lists.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { NumberAllocator, appendUpdate, serialize } from "../../src/augment/writer.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { check, tempDir } from "../helpers/fixtures.js";

const REAL = "test/fixtures/real/broker-example";

/** The real archive with an update restating page 1 as sealed, and `extra` written after it in the same object's text. */
function update(extra: (contents: number) => string): Uint8Array {
  const pdf = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const page = walkPages(view)[0]!;
  const value = view.object(page.ref!)!.value;
  const contents = page.contents.at(-1)!.num;
  return appendUpdate(doc, [{ num: page.ref!.num, gen: page.ref!.gen, raw: `${serialize(value)}${extra(contents)}` }], new NumberAllocator(doc)).bytes;
}

async function verify(pdf: Uint8Array) {
  const file = join(tempDir("sealcheck-unlisted-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [join(REAL, "trust")], at: "2025-12-08T09:35:10Z" });
}

describe("an object defined after sealing that no section lists (a21 F2, X1)", () => {
  it("page 1's content defined again, unlisted: seal-modifications FORMAT_FAILURE naming it (was TOTAL-PASSED)", async () => {
    const forged = "BT /F1 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
    const r = await verify(update((n) => `\nendobj\n${n} 0 obj\n<< /Length ${forged.length} >>\nstream\n${forged}\nendstream`));
    const c = check(r, "seal-modifications");
    expect([r.indication, c.status, c.subIndication]).toEqual(["TOTAL-FAILED", "failed", "FORMAT_FAILURE"]);
    expect(c.message).toMatch(/After sealing, the file defines objects its cross-reference sections do not list \(revision \d+: object \d+ 0 at offset \d+\)/);
  });

  it("headers as the rebuilding scanners take them: leading zeros, a comment between the tokens (a22 H1); not inside a comment line (a22 C1)", async () => {
    const forged = "BT /F1 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
    const body = `<< /Length ${forged.length} >>\nstream\n${forged}\nendstream`;
    const zeros = await verify(update((n) => `\nendobj\n${String(n).padStart(11, "0")} 0 obj\n${body}`));
    expect(check(zeros, "seal-modifications").message).toMatch(/object \d+ 0 at offset/);
    const comment = await verify(update((n) => `\nendobj\n${n} 0 %c\nobj\n${body}`));
    expect(check(comment, "seal-modifications").status).toBe("failed");
    // In a comment line no scanner takes it: no finding (it was FAILED with the first scan).
    for (const text of [`\n% see N 0 obj\n`, `\n%N 0 obj\n`]) {
      const r = await verify(update((n) => text.replace("N", String(n))));
      expect([r.indication, check(r, "seal-modifications").status]).toEqual(["TOTAL-PASSED", "passed"]);
    }
    const plain = await verify(update(() => ""));
    expect([plain.indication, check(plain, "seal-modifications").status]).toEqual(["TOTAL-PASSED", "passed"]);
  });

  it("a definition after the last %%EOF (no update at all): the same failure, as a rebuilding reader takes it", async () => {
    const pdf = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
    const tail = Buffer.from("\n5 0 obj\n<< /Length 3 >>\nstream\nBT \nendstream\nendobj\n", "latin1");
    const r = await verify(Uint8Array.from([...pdf, ...tail]));
    const c = check(r, "seal-modifications");
    expect([c.status, c.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(c.message).toContain("(after the last %%EOF)");
  });

  it("after the last %%EOF, a comment or mid-line text naming an object is nothing (a22 C1: was TOTAL-FAILED)", async () => {
    const pdf = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
    for (const tail of ["% see 4 0 obj\n", "x 4 0 obj\n"]) {
      const r = await verify(Uint8Array.from([...pdf, ...Buffer.from(tail, "latin1")]));
      expect([r.indication, check(r, "seal-modifications").status]).toEqual(["TOTAL-PASSED", "passed"]);
    }
  });
});
