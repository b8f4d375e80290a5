// Every attack on the PDF layer is shown to fool a real reader here (poppler's tools, qpdf) — the forged
// rent, title, attachment or signature is what the reader presents — and sealcheck never says TOTAL-PASSED.
// The expected verdicts and the reader named for each come from the generator (samples/expected.json).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";

const expected = JSON.parse(readFileSync("samples/expected.json", "utf8")) as {
  attacks: Record<string, { indication: string; subIndication: string | null; check: string; fooled?: string }>;
};

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  return `${r.stdout ?? ""}${r.stderr ?? ""}`;
}
const has = (cmd: string) => spawnSync(cmd, ["-v"]).error === undefined;

/** What a reader shows for an attack sample, and the forgery it must show. */
const READERS: Record<string, { tool: string; show: (file: string) => string; forged: RegExp }> = {
  "role-dss-lists-page-content.pdf": { tool: "pdftotext", show: (f) => run("pdftotext", ["-l", "1", f, "-"]), forged: /Husleje: 1 kr\./ },
  "role-font-retyped-xref.pdf": { tool: "pdftotext", show: (f) => run("pdftotext", [f, "-"]), forged: /1\.500 kr\./ },
  "xref-size-absurd.pdf": { tool: "pdftotext", show: (f) => run("pdftotext", ["-l", "1", f, "-"]), forged: /Husleje: 1 kr\./ },
  "xref-stream-reserved-type.pdf": { tool: "pdftotext", show: (f) => run("pdftotext", ["-l", "1", f, "-"]), forged: /Husleje: 1 kr\./ },
  "xref-hybrid-free-vs-stream.pdf": { tool: "pdftotext", show: (f) => run("pdftotext", ["-l", "1", f, "-"]), forged: /Husleje: 1 kr\./ },
  "xref-comment-after-startxref.pdf": { tool: "pdftotext", show: (f) => run("pdftotext", ["-l", "1", f, "-"]), forged: /Husleje: 1 kr\./ },
  "isa-page-content-replaced.pdf": { tool: "pdftotext", show: (f) => run("pdftotext", ["-l", "1", f, "-"]), forged: /Husleje: 1 kr\./ },
  "data-after-eof.pdf": { tool: "qpdf", show: (f) => run("qpdf", ["--check", f]), forged: /Attempting to reconstruct cross-reference table/ },
  "trailer-direct-info.pdf": { tool: "pdfinfo", show: (f) => run("pdfinfo", [f]), forged: /Title:\s+Forged lease/ },
  "annot-file-attachment-token.pdf": { tool: "pdfdetach", show: (f) => run("pdfdetach", ["-list", f]), forged: /4: workflow_token\.jwt/ },
  "later-approval-signature.pdf": {
    tool: "pdfsig",
    show: (f) => run("pdfsig", [f]),
    forged: /Signature #2:[\s\S]*Total document signed[\s\S]*Signature is Valid/,
  },
  "direct-acroform-empty.pdf": { tool: "pdfsig", show: (f) => run("pdfsig", [f]), forged: /Can't get Fields array/ },
};

describe("attacks on the PDF layer", () => {
  it("every attack sample names the reader it fools", () => {
    for (const name of Object.keys(READERS)) expect(expected.attacks[name]?.fooled, name).toBeTruthy();
  });

  for (const [name, r] of Object.entries(READERS)) {
    describe.skipIf(!has(r.tool))(`${name} (${r.tool}${has(r.tool) ? "" : " not installed: apt-get install poppler-utils qpdf"})`, () => {
      it(`fools ${r.tool}, and sealcheck says ${expected.attacks[name]?.indication}/${expected.attacks[name]?.subIndication} in ${expected.attacks[name]?.check}`, async () => {
        const file = `samples/attacks/${name}`;
        expect(r.show(file)).toMatch(r.forged);
        const want = expected.attacks[name]!;
        const report = await verifyArchive({ evidence: file, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
        expect(report.indication).toBe(want.indication);
        expect(report.indication).not.toBe("TOTAL-PASSED");
        const c = report.checks.find((x) => x.id === want.check)!;
        expect([c.status, c.subIndication]).toEqual(["failed", want.subIndication]);
      });
    });
  }
});
