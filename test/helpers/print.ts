// The HTML statement printed as an auditor prints it: Chromium's print-to-PDF (A4, no header or footer of its
// own), read back page by page with pdftotext. One setup for every test that looks at the printed statement.
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { renderArchiveHtml, type ArchiveReport } from "../../src/index.js";
import { tempDir } from "./fixtures.js";

export const CHROMIUM = process.env.SEALCHECK_CHROMIUM ?? "/usr/bin/chromium";

/** Whether Chromium and the poppler tools named (pdfinfo and pdftotext always) are installed. */
export function printTools(...more: string[]): boolean {
  return existsSync(CHROMIUM) && ["pdfinfo", "pdftotext", ...more].every((t) => spawnSync(t, ["-v"]).status === 0);
}

/** A printed statement: the PDF, its folder, its page count and each page's text (-layout). */
export interface PrintedStatement {
  dir: string;
  pdf: string;
  pages: number;
  text: (page: number) => string;
  all: string;
}

/** The report's HTML statement (generated at a fixed time) printed to A4 by Chromium. */
export function printStatement(report: ArchiveReport): PrintedStatement {
  const dir = tempDir("statement-print-");
  const html = join(dir, "statement.html");
  writeFileSync(html, renderArchiveHtml(report, { generatedAt: new Date("2026-01-02T03:04:05Z") }));
  const pdf = join(dir, "statement.pdf");
  const chrome = spawnSync(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      `--user-data-dir=${tempDir("chromium-profile-")}`,
      "--no-pdf-header-footer",
      `--print-to-pdf=${pdf}`,
      `file://${html}`,
    ],
    { encoding: "utf8", timeout: 90_000 },
  );
  expect(existsSync(pdf), chrome.stderr).toBe(true);
  const pages = Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", [pdf], { encoding: "utf8" }).stdout)?.[1]);
  const text = (p: number) => spawnSync("pdftotext", ["-f", String(p), "-l", String(p), "-layout", pdf, "-"], { encoding: "utf8" }).stdout;
  let all = "";
  for (let p = 1; p <= pages; p++) all += text(p);
  return { dir, pdf, pages, text, all };
}
