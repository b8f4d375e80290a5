// The HTML report rendered by a real browser: headless Chromium (Debian `chromium`) must render it, its
// DOM must hold the verdict, and a screenshot must be produced. Skipped, with a message, without Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderArchiveHtml } from "../../src/index.js";
import { verifyArchive } from "../../src/index.js";
import { tempDir, trustDirectory } from "../helpers/fixtures.js";
import { writeArchive } from "./helpers.js";

const CHROMIUM = process.env.SEALCHECK_CHROMIUM ?? "/usr/bin/chromium";
const available = existsSync(CHROMIUM);
if (!available) {
  console.warn(`[auditor] SKIPPED the headless Chromium test of the HTML report: ${CHROMIUM} is absent (apt-get install chromium; .ci/run installs it).`);
}

function chromium(args: string[]) {
  const profile = tempDir("chromium-profile-");
  return spawnSync(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      ...args,
    ],
    { encoding: "utf8", timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
  );
}

describe.skipIf(!available)("HTML report in headless Chromium", () => {
  it("renders, holds the verdict in its DOM, and gives a screenshot and a PDF", async () => {
    const w = await writeArchive({ claims: { workflow_title: "Lejekontrakt <script>document.title='pwned'</script>" } });
    const report = await verifyArchive({ evidence: w.pdf, originals: [w.originals], trust: [trustDirectory()] });
    const dir = tempDir("report-");
    const html = join(dir, "report.html");
    writeFileSync(html, renderArchiveHtml(report));

    const png = join(dir, "report.png");
    const shot = chromium([`--screenshot=${png}`, "--window-size=1024,1400", `file://${html}`]);
    expect(existsSync(png), shot.stderr).toBe(true);
    const bytes = readFileSync(png);
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(statSync(png).size).toBeGreaterThan(20_000); // a blank page is a few KB

    const dom = chromium(["--dump-dom", `file://${html}`]);
    expect(dom.stdout).toContain("TOTAL-PASSED");
    expect(dom.stdout).toContain("Verification statement");
    expect(dom.stdout).not.toContain("pwned</title>");
    expect(dom.stdout).toContain("&lt;script&gt;");

    const pdf = join(dir, "report.pdf");
    chromium(["--no-pdf-header-footer", `--print-to-pdf=${pdf}`, `file://${html}`]);
    expect(existsSync(pdf)).toBe(true);
    expect(readFileSync(pdf).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
