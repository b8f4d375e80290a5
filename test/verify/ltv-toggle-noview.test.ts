// a12 V1: a document timestamp (the one revision DocMDP P=1 allows after the seal) whose widget has /F 288
// (NoView | ToggleNoView), a /Rect on page 1's rent line and an appearance painting "Husleje: 1 kr. pr. maaned".
// ToggleNoView (ISO 32000-1 Table 165) shows it while the mouse is over it (Acrobat); rules.ts called it invisible
// ("Hidden, or NoView without Print") and the archive TOTAL-PASSED. Invisible is now an allow-list: no area,
// Hidden, or NoView with only flags that show and print nothing.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDocumentTimestamp } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const RENT_LINE: [number, number, number, number] = [55, 634, 395, 664];

async function stamped(F: number): Promise<string> {
  const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  const pdf = await addDocumentTimestamp(base, testPki(), new Date("2025-12-09T10:00:00Z"), "Husleje: 1 kr. pr. maaned", undefined, { F, Rect: RENT_LINE });
  const file = join(tempDir("sealcheck-v1-"), "archive.pdf");
  writeFileSync(file, pdf);
  return file;
}

describe("a document timestamp's widget shown on mouse-over (a12 V1)", () => {
  it("toggle: /F 288 (NoView | ToggleNoView) with an area is a visible widget: the seal fails", async () => {
    const r = await verifyArchive({ evidence: await stamped(32 | 256), trust: [trustDirectory()], originals: ["samples/valid/originals"] });
    expect(r.indication).toBe("TOTAL-FAILED");
    const c = check(r, "seal-modifications");
    expect(c.status).toBe("failed");
    expect(c.message).toMatch(/visible while the mouse is over it \(NoView with ToggleNoView\)/);
  });

  it("honest: /F 32 (NoView alone) is invisible: long-term validation data, TOTAL-PASSED", async () => {
    const r = await verifyArchive({ evidence: await stamped(32), trust: [trustDirectory()], originals: ["samples/valid/originals"] });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "seal-modifications").message).toMatch(/only long-term validation data/);
  });
});
