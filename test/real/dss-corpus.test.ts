// The EU DSS project's signed test PDFs (../shared/corpus, with a ground truth established without
// sealcheck: pdfsig, openssl, qpdf and DSS's own test assertions) scored by the corpus's own checker.
// It must show no unjustified refusal, full integrity agreement, no false or missed modification, no false
// document-timestamp failure, no crash, hang or false pass. Skipped where ../shared is not beside the checkout.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parsePdf } from "../../src/input/pdf/index.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { describe, expect, it } from "vitest";
import { wholeSource } from "../../src/input/source.js";
import { hasShared } from "../helpers/shared.js";

const CHECK = "../shared/corpus/check.py";
const python = spawnSync("python3", ["--version"]).status === 0;
if (!python) console.warn("test/real/dss-corpus.test.ts skipped: python3 is not available");
const present = python && hasShared("corpus/check.py", "test/real/dss-corpus.test.ts");

describe.skipIf(!present)("DSS corpus (real-world signed PDFs)", () => {
  it("the reader ends every revision where qpdf, opening each revision on its own, ends it", () => {
    const truth = JSON.parse(readFileSync("../shared/corpus/truth.json", "utf8")) as { files: { path: string; revisionEnds: number[] | null }[] };
    const known = truth.files.filter((f) => f.revisionEnds !== null);
    expect(known.length).toBeGreaterThan(100);
    for (const f of known) {
      const doc = parsePdf(wholeSource(readFileSync(`../shared/corpus/dss/${f.path}`)), DEFAULT_LIMITS);
      expect(
        doc.revisions.map((r) => r.endOffset),
        f.path,
      ).toEqual(f.revisionEnds);
    }
  });

  it("scores clean on every metric", () => {
    const r = spawnSync("python3", [CHECK, "--cli", `${process.execPath} dist/cli/main.js`, "--jobs", "2"], { encoding: "utf8", timeout: 400_000 });
    const out = `${r.stdout}${r.stderr}`;
    const last = out.trim().split("\n").pop() ?? "";
    expect(last, out.slice(-4000)).toMatch(/unjustified refusals 0:/);
    const m = /integrity agree (\d+)\/(\d+)/.exec(last);
    expect(m && m[1] === m[2], last).toBe(true);
    expect(last).toMatch(/false modification failures 0\//);
    expect(last).toMatch(/missed modifications 0, doc-ts false failures 0, crashes 0, hangs 0, false passes 0$/);
    expect(r.status, out.slice(-4000)).toBe(0);
  }, 420_000);
});
