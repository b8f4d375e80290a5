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
    expect(c.message).toMatch(
      /After sealing, the file defines objects its cross-reference sections do not list \(revision \d+: object \d+ 0 at offset \d+[;)]/,
    );
  });

  it("headers as the rebuilding scanners take them, wherever they stand: leading zeros, a comment between the tokens (a22 H1), a sign (a23 H2), mid-line, in a comment or stream data (a23 P1), PDFium's numeric words and 0xA0 (a24 D1, F1)", async () => {
    const forged = "BT /F1 28 Tf 60 700 Td (Husleje: 1 kr. pr. maaned) Tj ET";
    const body = `<< /Length ${forged.length} >>\nstream\n${forged}\nendstream`;
    const zeros = await verify(update((n) => `\nendobj\n${String(n).padStart(11, "0")} 0 obj\n${body}`));
    expect(check(zeros, "seal-modifications").message).toMatch(/object \d+ 0 at offset/);
    // qpdf's tokenizer reads a sign, pdf.js takes a header after an open `N G obj`, poppler one every 255 bytes of a
    // line; a comment line too (a22 C1 had it pass: pdf.js's rebuild scanner takes it).
    for (const text of [
      `\nendobj\nN 0 %c\nobj\n${body}`,
      `\nendobj\n+N 0 obj\n${body}`,
      `\nendobj\nN -0 obj\n${body}`,
      `\nendobj\nx N 0 obj\n${body}`,
      `\nendobj\nN. 0 obj\n${body}`,
      `\nendobj\nN 0. obj\n${body}`,
      `\nendobj\nN\xA00\xA0obj\n${body}`,
      `\n% see N 0 obj\n`,
      `\n%N 0 obj\n`,
    ]) {
      const r = await verify(update((n) => text.replace("N", String(n))));
      const c = check(r, "seal-modifications");
      expect([r.indication, c.status, c.subIndication], text).toEqual(["TOTAL-FAILED", "failed", "FORMAT_FAILURE"]);
      expect(c.message).toMatch(/do not list \(revision \d+: object \d+ 0 at offset \d+[;)]/);
    }
    const plain = await verify(update(() => ""));
    expect([plain.indication, check(plain, "seal-modifications").status]).toEqual(["TOTAL-PASSED", "passed"]);
  });

  it("an update's bytes are its listed objects and its section, white space and comments between: anything else fails (a23, a24: the allow-list)", async () => {
    for (const extra of ["\nendobj\nfoo bar", "\nendobj\n4 0 Obj << >>", "\nendobj\n%c\n]"]) {
      const r = await verify(update(() => extra));
      const c = check(r, "seal-modifications");
      expect([r.indication, c.status, c.subIndication], extra).toEqual(["TOTAL-FAILED", "failed", "FORMAT_FAILURE"]);
      expect(c.message).toMatch(/revision 2: bytes \d+–\d+ \(no object its section lists\)/);
    }
  });

  it("a 'trailer' in an update's bytes other than its section's: fails (a23 G1, a26 T1: a rebuild takes it and its /Root)", async () => {
    const r = await verify(update(() => "\n% trailer << /Root 99 0 R >>\n"));
    const c = check(r, "seal-modifications");
    expect([r.indication, c.status, c.subIndication]).toEqual(["TOTAL-FAILED", "failed", "FORMAT_FAILURE"]);
    expect(c.message).toMatch(/revision 2: a 'trailer' at offset \d+ \(its section's is elsewhere\)/);
  });

  it("after the last %%EOF only white space: a definition, a comment, a glued or a second startxref fail (a23 S1, P1; a22 C1 was TOTAL-PASSED)", async () => {
    const pdf = new Uint8Array(readFileSync(join(REAL, "archive.pdf")));
    for (const tail of ["\n5 0 obj\n<< /Length 3 >>\nstream\nBT \nendstream\nendobj\n", "% see 4 0 obj\n", "x 4 0 obj\n", "x\n"]) {
      const r = await verify(Uint8Array.from([...pdf, ...Buffer.from(tail, "latin1")]));
      const c = check(r, "seal-modifications");
      expect([r.indication, c.status, c.subIndication], tail).toEqual(["TOTAL-FAILED", "failed", "FORMAT_FAILURE"]);
      expect(c.message).toMatch(/After its last %%EOF the file holds \d+ byte\(s\) that are not white space/);
    }
    for (const tail of ["\n\n", "\0\0\0\0", " \t\f\r\n"]) {
      const r = await verify(Uint8Array.from([...pdf, ...Buffer.from(tail, "latin1")]));
      expect([r.indication, check(r, "seal-modifications").status], JSON.stringify(tail)).toEqual(["TOTAL-PASSED", "passed"]);
    }
  });
});
