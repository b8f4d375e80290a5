// Issue 37 (u10, beside part 7): `--report x.pdf` wrote HTML into a .pdf, and a --trust file that is no
// certificate was refused in asn1js's words ("Wrong parameter: inputLength less than zero").
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli as run } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";

const VALID = ["verify", "samples/valid/archive.pdf", "--trust", "samples/trust"];

describe("--report names a PDF", () => {
  it("is refused before any work, saying how to make the PDF; a .html name is written as before", () => {
    const dir = tempDir("report-pdf-");
    const pdf = join(dir, "statement.PDF");
    const r = run([...VALID, "--report", pdf, "-q"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^sealcheck: --report .*statement\.PDF: --report writes HTML, not PDF; give it a \.html name \(--report .*statement\.html\) and print that to PDF, e\.g\. chromium --headless/,
    );
    expect(existsSync(pdf)).toBe(false);
    expect(run([...VALID, "--report", join(dir, "statement.html"), "-q"]).code).toBe(0);
  });
});

describe("a --trust file that is no certificate, in plain words", () => {
  const dir = tempDir("trust-words-");
  writeFileSync(join(dir, "notes.md"), "# Notes\n\nÆrø — the anchors are elsewhere.\n");
  const cases: [string, RegExp][] = [
    [join(dir, "notes.md"), /notes\.md is not a certificate: neither PEM \(no "-----BEGIN CERTIFICATE-----"\) nor DER \(it is text\)/],
    ["samples/valid/archive.pdf", /archive\.pdf is not a certificate: neither PEM .* nor DER \(it is a PDF\)/],
  ];
  it.each(cases.map(([f, w]) => [f.replace(dir, "<tmp>"), f, w] as const))("%s", (_label, file, words) => {
    const r = run(["verify", "samples/valid/archive.pdf", "--trust", file, "-q"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(words);
    expect(r.stderr).not.toMatch(/Wrong parameter|inputLength|not valid DER/);
  });

  it("a CMS signature (.p7s) is named as one", () => {
    const x = tempDir("trust-p7s-");
    expect(run(["extract", "samples/valid/archive.pdf", x]).code).toBe(0);
    const r = run(["verify", "samples/valid/archive.pdf", "--trust", join(x, "Signature1.p7s"), "-q"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/Signature1\.p7s is not a certificate: it is a CMS signature/);
  });
});
