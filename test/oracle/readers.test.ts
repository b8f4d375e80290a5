// The readers check the verifier (issue 33, part 5): incremental updates written on the sealed sample and on
// the broker's real archive; for every result sealcheck calls TOTAL-PASSED, qpdf's and poppler's views must
// equal those of the sealed revision. First the oracle itself is shown to be able to fail (and to pass a
// genuine LTV update), then a fixed seed range runs (about a minute on 2 cores). `npm run fuzz -- --oracle`
// runs the same without bound.
import { beforeAll, describe, expect, it } from "vitest";
import { makeCase } from "../../scripts/fuzz/oracle/mutations.js";
import { prepare, runOracle, verdict, type Finding, type Prepared } from "../../scripts/fuzz/oracle/run.js";
import { compareViews, readerViews, readersAvailable } from "../../scripts/fuzz/oracle/views.js";

const missing = readersAvailable();
if (missing) console.warn(`test/oracle/readers.test.ts skipped: ${missing} (install qpdf and poppler-utils)`);

/** The fixed range of the suite's bounded run. */
const FIRST_SEED = 330_001;
const CASES = 600;

describe.skipIf(missing !== null)("the readers check the verifier", () => {
  let bases: Prepared[] = [];
  const base = (name: string) => bases.find((b) => b.base.name === name)!;

  beforeAll(() => {
    bases = [prepare("sample"), prepare("broker")];
  }, 120_000);

  it("both sealed archives are TOTAL-PASSED as sealed, and read alike whole and cut at the seal", { timeout: 60_000 }, async () => {
    for (const p of bases) {
      expect(await verdict(p, p.base.bytes)).toBe("TOTAL-PASSED");
      expect(p.sealedViews.pageCount).toBeGreaterThan(0);
      expect(Object.keys(p.sealedViews.attachments).sort()).toEqual(["workflow_token.jwt", "workflow_token.ocsp", "workflow_token_pub.pem"]);
      expect(compareViews(p.sealedViews, readerViews(p.base.bytes))).toEqual([]);
    }
  });

  // On the sample only: the broker's real seal has /Reference [<< /Data 1 0 R >>], and through it sealcheck (at
  // the time of writing) counts everything under the catalog as a used object, so a /DSS there is TOTAL-FAILED.
  it("(a) a genuine LTV update (a /DSS) is TOTAL-PASSED and the readers see what was sealed", { timeout: 60_000 }, async () => {
    const kinds = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const c = makeCase(base("sample").base, seed, ["dss"], true);
      kinds.add(c.updates[0]!.xref);
      expect(await verdict(base("sample"), c.bytes), `seed ${seed} ${c.updates[0]!.xref}`).toBe("TOTAL-PASSED");
      expect(compareViews(base("sample").sealedViews, readerViews(c.bytes))).toEqual([]);
    }
    expect(kinds.size).toBeGreaterThan(1);
  });

  it("(b) a rewritten page content differs in the page views (qpdf's page, pdftotext or pixels)", { timeout: 60_000 }, () => {
    for (const name of ["sample", "broker"]) {
      const c = makeCase(base(name).base, 7, ["content-rewritten"], true);
      const diff = compareViews(base(name).sealedViews, readerViews(c.bytes));
      const pageViews = diff.filter((d) => d.view === "qpdf-page" && d.page !== undefined);
      expect(pageViews.length, JSON.stringify(diff)).toBeGreaterThan(0);
      expect(pageViews[0]!.path).toMatch(/Contents/);
      expect(diff.some((d) => d.view === "pdftoppm" || d.view === "pdftotext")).toBe(true);
    }
  });

  it("(c) a changed attachment differs in pdfdetach's bytes, naming the file", { timeout: 60_000 }, () => {
    for (const name of ["sample", "broker"]) {
      const c = makeCase(base(name).base, 11, ["attachment-data"], true);
      const diff = compareViews(base(name).sealedViews, readerViews(c.bytes));
      const att = diff.filter((d) => d.view === "pdfdetach-bytes");
      expect(att.length, JSON.stringify(diff)).toBe(1);
      expect(c.notes[0]).toContain(att[0]!.object!);
    }
  });

  it(`seeds ${FIRST_SEED}..${FIRST_SEED + CASES - 1}: no TOTAL-PASSED update that the readers see differently`, { timeout: 300_000 }, async () => {
    const findings: Finding[] = [];
    const stats = await runOracle({ bases, seed: FIRST_SEED, maxCases: CASES, onFinding: (f) => findings.push(f) });
    expect(stats.errors).toBe(0);
    expect(stats.cases).toBe(CASES);
    const report = findings.map(
      (f) =>
        `${f.case.base} seed ${f.case.seed} (${f.case.notes.join("; ")}; ${f.case.updates.map((u) => u.xref).join("+")}):\n    ${f.differences.map((d) => `${d.view}: ${d.message.slice(0, 200)}`).join("\n    ")}`,
    );
    expect(report, `npm run fuzz -- --oracle --seed <seed> --cases 1 --base <base> writes the case`).toEqual([]);
  });
});
