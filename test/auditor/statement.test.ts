// The statement an auditor files: it names exactly what was verified (evidence SHA-256 and size) and what the
// verdict rests on (anchors, options) in text, HTML and JSON; --summary keeps the answer on one screen, -q
// prints nothing; printed (Chromium's print-to-PDF, read back with pdftotext and pdftoppm) every page carries
// the statement's identification and "Page n of N", no page ends on a heading, and no check id is broken.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderArchiveHtml } from "../../src/render/html.js";
import { renderVerdictRecap } from "../../src/render/archive-human.js";
import { archiveView } from "../../src/render/archive-view.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { tempDir } from "../helpers/fixtures.js";

function run(args: string[]) {
  const r = spawnSync(process.execPath, ["dist/cli/main.js", ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const VALID = ["verify", "samples/valid/archive.pdf", "samples/valid/originals", "--trust", "samples/trust"];
const SHA = "c70790c68a72dc31f7bd136edd5a6626a3e11beb19c00e10ead5d1c36e815eae"; // sha256sum samples/valid/archive.pdf
const SEAL_ROOT = /CN=Sealcheck Test Seal Root CA, O=Sealcheck Test, C=NO/;

describe("what the statement names", () => {
  it("the evidence's SHA-256 and size, the anchors and the options: in text, HTML and JSON", () => {
    expect(SHA).toBe(createHash("sha256").update(readFileSync("samples/valid/archive.pdf")).digest("hex"));
    const text = run([...VALID, "--ocsp-window", "600", "--at", "2025-12-09T00:00:00Z"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Evidence SHA-256  ${SHA}`);
    expect(text.stdout).toMatch(/Evidence size\s+75,848 bytes/);
    expect(text.stdout).toMatch(/Trust anchors \(4\)/);
    expect(text.stdout).toMatch(SEAL_ROOT);
    expect(text.stdout).toMatch(/OCSP window\s+600 s before the sealing time/);
    expect(text.stdout).toMatch(/Validation time\s+2025-12-09 00:00:00 UTC \(--at\)/);

    const json = JSON.parse(run([...VALID, "--json", "--limit", "maxOriginals=50"]).stdout);
    expect(json.evidence).toMatchObject({ sha256: SHA, size: 75848, format: "pades-pdf" });
    expect(json.verification.trustAnchors).toHaveLength(4);
    expect(json.verification.trustAnchors[0].sha256).toMatch(/^[0-9A-F]{64}$/);
    expect(json.verification.options).toMatchObject({ at: null, ocspWindowSeconds: 300, clockSkewSeconds: 60, limits: { maxOriginals: 50 }, showPersonalData: false });

    const html = join(tempDir("statement-"), "s.html");
    expect(run([...VALID, "--report", html, "-q"]).code).toBe(0);
    const page = readFileSync(html, "utf8");
    expect(page).toContain(SHA);
    expect(page).toMatch(SEAL_ROOT);
    expect(page).toContain("<h2>Options</h2>");
  });

  it("--summary: verdict, reason, what was verified and the checks that did not pass, on one screen; -q: nothing", () => {
    const s = run(["verify", "samples/tampered/original-changed/workflowtoken.json", "samples/tampered/original-changed/originals", "--trust", "samples/trust", "--summary"]);
    expect(s.code).toBe(1);
    const lines = s.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Verdict: TOTAL-FAILED / HASH_FAILURE");
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(s.stdout).toMatch(/\[FAIL\] document-digests/);
    expect(s.stdout).not.toMatch(/\[ok\]/);
    expect(s.stdout).toMatch(/run without --summary/);
    // On a terminal, the full statement ends by repeating the verdict (its top has scrolled away by then).
    const failed = JSON.parse(run(["verify", "samples/tampered/original-changed/workflowtoken.json", "samples/tampered/original-changed/originals", "--trust", "samples/trust", "--json"]).stdout);
    expect(renderVerdictRecap(failed, { colour: false })).toBe("Verdict: TOTAL-FAILED / HASH_FAILURE\n  Decided by document-digests; the reason is at the top of this statement;\n  --summary prints the short form.\n");
    expect(run(VALID).stdout).not.toContain("is at the top of this statement"); // not a terminal: no recap
    const q = run([...VALID, "-q"]);
    expect(q).toMatchObject({ code: 0, stdout: "", stderr: "" });
    expect(run(["verify", "samples/tampered/original-changed/workflowtoken.json", "samples/tampered/original-changed/originals", "--trust", "samples/trust", "--quiet"])).toMatchObject({ code: 1, stdout: "" });
  });
});

const CHROMIUM = process.env.SEALCHECK_CHROMIUM ?? "/usr/bin/chromium";
const tools = existsSync(CHROMIUM) && spawnSync("pdftoppm", ["-v"]).status === 0 && spawnSync("pdftotext", ["-v"]).status === 0;
if (!tools) console.warn("[auditor] SKIPPED the printed-statement test: chromium or poppler-utils (pdftoppm, pdftotext) missing; .ci/run installs them.");

describe.skipIf(!tools)("the HTML statement printed to PDF (Chromium print-to-PDF, pdftotext, pdftoppm)", () => {
  it("every page identifies the statement and is numbered; no page ends on a heading; check ids whole", async () => {
    const report = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    const dir = tempDir("print-");
    const html = join(dir, "statement.html");
    writeFileSync(html, renderArchiveHtml(report, { generatedAt: new Date("2026-01-02T03:04:05Z") }));
    const pdf = join(dir, "statement.pdf");
    const chrome = spawnSync(CHROMIUM, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", `--user-data-dir=${tempDir("chromium-profile-")}`, "--no-pdf-header-footer", `--print-to-pdf=${pdf}`, `file://${html}`], { encoding: "utf8", timeout: 90_000 });
    expect(existsSync(pdf), chrome.stderr).toBe(true);

    const pages = Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", [pdf], { encoding: "utf8" }).stdout)?.[1]);
    expect(pages).toBeGreaterThan(1);
    const v = archiveView(report);
    const headings = new Set([
      "Verification statement", "Workflow", `Documents (${v.documents.length})`, `Signers (${v.signers.length})`, "Personal data", "Seal", "Token certificate",
      "Checks", ...v.checkGroups.map((g) => g.title), `Trust anchors (${v.basis!.anchors.length})`, "Options", "Certificate chains",
      ...v.certificates.map((c) => c.title),
    ]);
    let all = "";
    for (let p = 1; p <= pages; p++) {
      const text = spawnSync("pdftotext", ["-f", String(p), "-l", String(p), "-layout", pdf, "-"], { encoding: "utf8" }).stdout;
      all += text;
      expect(text, `page ${p}`).toContain(`Page ${p} of ${pages}`);
      expect(text, `page ${p}`).toContain("Verification statement · TOTAL-PASSED · archive.pdf · SHA-256 c70790c68a72dc31");
      const body = text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("Verification statement ·") && !/Page \d+ of \d+$/.test(l));
      if (p < pages) expect(headings.has(body[body.length - 1]!.replace(/ \(leaf first.*$/, "")), `page ${p} ends on the heading "${body[body.length - 1]}"`).toBe(false);
    }
    for (const c of report.checks) expect(all, `check id ${c.id} broken across lines`).toMatch(new RegExp(`\\b${c.id}\\b`));

    // Rendered as images, every page has content (a blank A4 page at 30 dpi is a few hundred bytes).
    const prefix = join(dir, "page");
    expect(spawnSync("pdftoppm", ["-r", "30", "-png", pdf, prefix]).status).toBe(0);
    const pngs = readdirSync(dir).filter((f) => f.startsWith("page") && f.endsWith(".png"));
    expect(pngs).toHaveLength(pages);
    for (const f of pngs) expect(statSync(join(dir, f)).size, f).toBeGreaterThan(2_000);
  });
});
