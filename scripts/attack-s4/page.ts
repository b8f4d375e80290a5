// The browser page as the judge of its own verdict: builds dist's page into a fresh directory (scripts/build-web.mjs)
// and verifies files in Debian's Chromium (playwright-core), as test/web/page.test.ts drives it: the evidence,
// the originals and samples/trust picked in the page's inputs, the bundled anchors off.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error: an ES module script without declarations
import { buildWeb } from "../build-web.mjs";

const CHROMIUM = process.env.SEALCHECK_CHROMIUM ?? "/usr/bin/chromium";

export interface PageVerdict {
  indication: string;
  subIndication: string | null;
  checks: { id: string; status: string; subIndication: string | null; message: string }[];
}

/** The page's verdict for each evidence file (with samples/valid/originals and samples/trust); null without Chromium. */
export async function inPage(files: readonly string[], originals = "samples/valid/originals"): Promise<PageVerdict[] | null> {
  if (!existsSync(CHROMIUM)) return null;
  const built = (await buildWeb({ outdir: mkdtempSync(join(tmpdir(), "attack-s4-page-")) })) as { page: string };
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext();
    await context.route("**/*", (route) => (/^(file|blob|data):/.test(route.request().url()) ? route.continue() : route.abort()));
    const page = await context.newPage();
    const out: PageVerdict[] = [];
    const trust = readdirSync("samples/trust").map((f) => join("samples/trust", f));
    const origs = originals ? readdirSync(originals).map((f) => join(originals, f)) : [];
    for (const file of files) {
      await page.goto(`file://${built.page}`);
      if (await page.isVisible("#use-bundled")) await page.uncheck("#use-bundled");
      await page.setInputFiles("#evidence", file);
      if (origs.length) await page.setInputFiles("#originals", origs);
      await page.setInputFiles("#trust", trust);
      await page.click("#verify");
      await page.waitForSelector("#result:not([hidden]), #error:not([hidden])", { timeout: 120_000 });
      if (await page.isVisible("#error")) throw new Error(`the page said: ${(await page.textContent("#error-text")) ?? ""}`);
      out.push(JSON.parse((await page.textContent("#report-json")) ?? "{}") as PageVerdict);
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** One line per page verdict, and the checks that did not pass. */
export function showPage(label: string, v: PageVerdict | undefined): void {
  if (!v) return void console.log(`== page (${label}): no Chromium`);
  console.log(`== browser page (${label}): ${v.indication}${v.subIndication ? ` / ${v.subIndication}` : ""}`);
  for (const c of v.checks)
    if (c.status !== "passed" && c.id !== "trust-anchors")
      console.log(`   ${c.id}: ${c.status}${c.subIndication ? ` ${c.subIndication}` : ""}: ${c.message.slice(0, 300)}`);
}
