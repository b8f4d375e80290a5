// Helpers of the attack-s11 scripts (a16): PDFium (the engine of Chrome's PDF viewer) and pdf.js as judges beside
// poppler and qpdf. They are not project dependencies: install them outside the repository once,
//   mkdir -p /tmp/a16w/judges && cd /tmp/a16w/judges && npm init -y && npm install @hyzyla/pdfium pdfjs-dist
// and copy judge.mjs and render.mjs from README.md there (or set JUDGES to another directory).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { tool } from "../attack36/lib.js";

const JUDGES = process.env.JUDGES ?? "/tmp/a16w/judges";

/** PDFium's and pdf.js's page count and page text (first `chars` characters a page), or why they did not run. */
export function pdfiumAndPdfjs(file: string, chars = 200): string[] {
  const script = join(JUDGES, "judge.mjs");
  if (!existsSync(script)) return [`PDFium/pdf.js not run: ${script} is missing (see scripts/attack-s11/README.md)`];
  const r = spawnSync("node", [script, file], { encoding: "utf8", env: { ...process.env, N: String(chars) } });
  return `${r.stdout}${r.stderr}`.split("\n").filter((l) => l.trim());
}

/** Page 1 rendered by PDFium and by pdf.js to `<prefix>-pdfium.png` and `<prefix>-pdfjs.png`, or why not. */
export function renderPage1(file: string, prefix: string): string {
  const script = join(JUDGES, "render.mjs");
  if (!existsSync(script)) return `not rendered: ${script} is missing`;
  const r = spawnSync("node", [script, file, prefix], { encoding: "utf8" });
  return `${r.stdout}${r.stderr}`.trim();
}

/** What poppler (pdfsig) and qpdf (--check) say of `file`, a line each, as every attack-s11 script prints it. */
export function printReaders(file: string): void {
  const pick = (out: string, re: RegExp) =>
    out
      .split("\n")
      .filter((l) => re.test(l))
      .join(" | ");
  console.log(`== pdfsig: ${pick(tool("pdfsig", ["-nocert", file]), /Signature #|Validation|Total document|error/i)}`);
  console.log(`== qpdf --check: ${pick(tool("qpdf", ["--check", file]), /WARNING|error|No syntax/i)}`);
}
