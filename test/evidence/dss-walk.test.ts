// a8 D3: the DSS reading walked every array of every VRI entry of every revision, entry by entry. One /OCSP
// array of R references shared by E VRI entries cost E x R steps per revision (E=20,000, R=1,000: 79 s; the
// 256-revision limit: hours), with nothing counted against any limit. Each indirect container is now walked
// once as its revision defines it: the work is linear in what the revisions wrote. Counted, not timed.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readDssData } from "../../src/evidence/dss-items.js";
import { parsePdf } from "../../src/input/pdf/index.js";
import { PdfView } from "../../src/input/pdf/document.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { pkiSession } from "../../src/pki/session.js";
import { withDssRewritten, withRepeatedDss } from "../../scripts/attack-s6/lib.js";

afterEach(() => vi.restoreAllMocks());

/** How many DSS entries the reading looks at (each entry's defining revision is looked up once per visit). */
function visits(pdf: Uint8Array): { visits: number } {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const spy = vi.spyOn(PdfView.prototype, "entry");
  readDssData(doc, pkiSession(), resolveLimits().maxValidationDataItems);
  return { visits: spy.mock.calls.length };
}

describe("the DSS reading walks each container once (a8 D3)", () => {
  const sample = new Uint8Array(readFileSync("samples/valid/archive.pdf"));

  it("a VRI of 2,000 entries sharing one array of 500 references, rewritten by 3 revisions: about 500 visits, not 4 million", () => {
    let pdf = withRepeatedDss(sample, 2000, 500);
    for (let i = 0; i < 3; i++) pdf = withDssRewritten(pdf);
    const r = visits(pdf);
    expect(r.visits).toBeLessThan(5000);
  });

  it("the walk grows with what was written (E entries + R references), not with E x R", () => {
    const one = visits(withRepeatedDss(sample, 1, 500)).visits;
    const many = visits(withRepeatedDss(sample, 2000, 500)).visits;
    expect(one).toBeGreaterThanOrEqual(500); // the 500 references are each visited
    expect(many - one).toBeLessThan(2 * 2000);
  });
});
