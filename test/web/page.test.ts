// The browser page (issue 38) in real Chromium (Debian's, driven by playwright-core): every sample, every
// attack, the real archive, page against CLI (the same verdict, checks and reasons); no request leaves the
// page; the verdict is on screen; unreadable input gives one clear message. The page reads the evidence
// through a source over its File (web/file-source.ts): here in blocks of 4093 bytes with the memory of blocks
// not read poisoned (a byte used unread would change a report), and a large archive in the page's own blocks,
// most of it never held in memory. Skipped, with a message, only where
// Chromium is not installed.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { runCli, runCliAsync } from "../helpers/cli.js";
// @ts-expect-error: an ES module script without declarations
import { buildWeb } from "../../scripts/build-web.mjs";
import { buildList, makeIdentities, sampleAnchorServices, sign } from "../trustlist/sign.js";
import { bigOriginalPdf, writeArchive, writeTrust } from "../../scripts/bench/corpus.js";
import { loadPki } from "../../scripts/generator/index.js";
import { hasShared } from "../helpers/shared.js";

const CHROMIUM = process.env.SEALCHECK_CHROMIUM ?? "/usr/bin/chromium";
const HAVE = existsSync(CHROMIUM);
const PDFTOTEXT = spawnSync("pdftotext", ["-v"]).status === 0 && spawnSync("pdfinfo", ["-v"]).status === 0;
if (HAVE && !PDFTOTEXT) console.warn("test/web/page.test.ts: the printing test skipped: no pdftotext or pdfinfo (apt-get install poppler-utils)");
if (!HAVE) console.warn(`test/web/page.test.ts skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set SEALCHECK_CHROMIUM)`);

const TRUST = readdirSync("samples/trust").map((f) => join("samples/trust", f));
const REAL = "test/fixtures/real/broker-example";
const expected = JSON.parse(readFileSync("samples/expected.json", "utf8")) as {
  tampered: Record<string, { files: string[]; at?: string }>;
  attacks: Record<string, unknown>;
};

interface Run {
  evidence: string;
  originals: string[];
  trust: string[];
  at?: string;
  /** Trusted lists, lists of lists and pinned list signers: --trusted-list, --lotl, --tl-signer. */
  lists?: string[];
  lotls?: string[];
  listSigners?: string[];
  /** How the page reads the evidence; omitted: SMALL_BLOCKS, null: the page's own (64 KiB). */
  reading?: { block: number; poison?: number } | null;
}

/** Small blocks (tokens, strings and streams cross their edges everywhere), the unread memory poisoned. */
const SMALL_BLOCKS = { block: 4093, poison: 0x3f };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let url: string;
/** Every request any page or worker of the context made. */
const requests: string[] = [];

function filesIn(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : [];
}

async function inPage(r: Run): Promise<{ json: string; indication: string; evidenceBytes: number; evidenceHeld: number }> {
  await page.goto(url);
  const reading = r.reading === undefined ? SMALL_BLOCKS : r.reading;
  if (reading) await page.evaluate(`globalThis.sealcheckReading = ${JSON.stringify(reading)}`);
  // The anchor bundled into this build is not the CLI's: the page trusts exactly the run's files, as the CLI.
  await page.uncheck("#use-bundled");
  await page.setInputFiles("#evidence", r.evidence);
  if (r.originals.length) await page.setInputFiles("#originals", r.originals);
  if (r.trust.length) await page.setInputFiles("#trust", r.trust);
  if (r.at) await page.fill("#at", r.at);
  if (r.lists?.length || r.lotls?.length || r.listSigners?.length) await page.click("#tl summary");
  if (r.lists?.length) await page.setInputFiles("#tl-lists", r.lists);
  if (r.lotls?.length) await page.setInputFiles("#tl-lotls", r.lotls);
  if (r.listSigners?.length) await page.setInputFiles("#tl-signers", r.listSigners);
  await page.click("#verify");
  await page.waitForSelector("#result:not([hidden]), #error:not([hidden])", { timeout: 120_000 });
  if (await page.isVisible("#error")) throw new Error(`the page said: ${(await page.textContent("#error-text")) ?? ""}`);
  return {
    json: (await page.textContent("#report-json")) ?? "",
    indication: (await page.textContent("#verdict-code")) ?? "",
    evidenceBytes: Number(await page.getAttribute("#timing", "data-evidence-bytes")),
    evidenceHeld: Number(await page.getAttribute("#timing", "data-evidence-held")),
  };
}

function cliArgs(r: Run): string[] {
  const each = (flag: string, files: string[] = []) => files.flatMap((f) => [flag, f]);
  return [
    "verify",
    r.evidence,
    ...r.originals,
    ...each("--trust", r.trust),
    ...(r.at ? ["--at", r.at] : []),
    ...each("--trusted-list", r.lists),
    ...each("--lotl", r.lotls),
    ...each("--tl-signer", r.listSigners),
    "--json",
  ];
}

async function inCli(r: Run): Promise<string> {
  const c = await runCliAsync(cliArgs(r));
  expect(c.stderr).toBe("");
  return c.stdout;
}

/** What must be equal: the verdict, the validation time, every check (paths reduced to the names the page has). */
function comparable(json: string, r: Run) {
  let text = json;
  for (const p of [r.evidence, ...r.originals, ...r.trust, ...(r.lists ?? []), ...(r.lotls ?? []), ...(r.listSigners ?? [])])
    text = text.split(JSON.stringify(p).slice(1, -1)).join(JSON.stringify(basename(p)).slice(1, -1));
  // What is judged at the current time (nothing proves a time) was judged a moment apart in page and CLI:
  // instants of this hour, and the long durations measured to them, are masked on both sides.
  const now = Date.now();
  text = text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, (t) => (Math.abs(Date.parse(t) - now) < 3600_000 ? "(now)" : t));
  if (text.includes("(now)")) text = text.replace(/(?<![\d.])\d{7,}(?![\d.])/g, "0");
  const report = JSON.parse(text);
  return {
    indication: report.indication,
    subIndication: report.subIndication,
    validationTime: report.validationTime,
    decidedBy: report.decidedBy,
    checks: report.checks,
    // The anchors and lists the verdict rests on, each with the file it came from (h9c: the page named pinned
    // list signers "certificate bytes given without a file name").
    verification: { trustAnchors: report.verification?.trustAnchors, trustedLists: report.verification?.trustedLists },
  };
}

async function samePageAndCli(r: Run): Promise<string> {
  return (await samePageAndCliRead(r)).indication;
}

/** The page's verdict (the CLI's), and how much of the evidence it held in memory. */
async function samePageAndCliRead(r: Run): Promise<{ indication: string; evidenceBytes: number; evidenceHeld: number }> {
  // The CLI's process runs while Chromium verifies: the two are independent, and on two cores this halves the wait.
  const [page, cli] = await Promise.all([inPage(r), inCli(r)]);
  expect(comparable(page.json, r)).toEqual(comparable(cli, r));
  return { indication: JSON.parse(page.json).indication, evidenceBytes: page.evidenceBytes, evidenceHeld: page.evidenceHeld };
}

describe.skipIf(!HAVE)("the browser page in Chromium", () => {
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "sealcheck-web-"));
    const built = await buildWeb({ outdir: dir, anchors: ["samples/trust/seal-root.pem"] });
    url = `file://${built.page}`;
    const { chromium } = await import("playwright-core");
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    context = await browser.newContext({ acceptDownloads: true });
    context.on("request", (q) => void requests.push(q.url()));
    // Anything but the page itself and the worker it makes from its own code is refused here too.
    await context.route("**/*", (route) => (/^(file|blob|data):/.test(route.request().url()) ? route.continue() : route.abort()));
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("verifies the valid samples, each JSON form, with and without originals, as the CLI does", async () => {
    const originals = filesIn("samples/valid/originals");
    for (const evidence of ["archive.pdf", "pades.json", "workflowtoken.json"]) {
      // The Workflow-token JSON has no proof of existence: TOTAL-PASSED at the time it claims (attack36 J1).
      const at = evidence === "workflowtoken.json" ? { at: "2025-12-08T08:36:35Z" } : {};
      expect(await samePageAndCli({ evidence: `samples/valid/${evidence}`, originals, trust: TRUST, ...at })).toBe("TOTAL-PASSED");
      await samePageAndCli({ evidence: `samples/valid/${evidence}`, originals: [], trust: TRUST });
    }
    expect(await samePageAndCli({ evidence: "samples/valid/workflowtoken.json", originals, trust: TRUST })).toBe("INDETERMINATE");
  });

  for (const [name, want] of Object.entries(expected.tampered)) {
    it(`gives the tampered sample ${name} the CLI's verdict and checks`, async () => {
      const evidence = want.files.find((f) => !f.startsWith("originals/"))!;
      await samePageAndCli({
        evidence: `samples/tampered/${name}/${evidence}`,
        originals: filesIn(`samples/tampered/${name}/originals`),
        trust: TRUST,
        ...(want.at ? { at: want.at } : {}),
      });
    });
  }

  for (const file of Object.keys(expected.attacks)) {
    it(`gives the attack ${file} the CLI's verdict and checks`, async () => {
      await samePageAndCli({ evidence: `samples/attacks/${file}`, originals: filesIn("samples/valid/originals"), trust: TRUST });
    });
  }

  it("verifies the broker's real archive TOTAL-PASSED at its sealing time, as the CLI does, in small blocks and in the page's own", async () => {
    const r = { evidence: join(REAL, "archive.pdf"), originals: [], trust: filesIn(join(REAL, "trust")), at: "2025-12-08T09:35:10Z" };
    expect(await samePageAndCli(r)).toBe("TOTAL-PASSED");
    expect(await samePageAndCli({ ...r, reading: null })).toBe("TOTAL-PASSED");
  });

  // As the CLI reads a file of 16 MB or more: hashed once, its blocks read when a check uses them. Two images of
  // random bytes that no check reads stay on disk; the page's verdict is the CLI's.
  it.each([{ sealFirst: false }, { sealFirst: true }])(
    "reads a large archive through a source over its File, most of it never held in memory (%o)",
    { timeout: 240_000 },
    async (shape) => {
      const dir = mkdtempSync(join(tmpdir(), "sealcheck-web-large-"));
      const pki = loadPki("samples/pki");
      const originals = [];
      for (const title of ["Bilag A", "Bilag B"])
        originals.push({ title, fileName: `${title.replace(" ", "-")}.pdf`, bytes: await bigOriginalPdf(title, 3 * 1024 * 1024) });
      writeTrust(pki, join(dir, "trust"));
      await writeArchive(pki, dir, originals, undefined, shape);
      const r = { evidence: join(dir, "archive.pdf"), originals: filesIn(join(dir, "originals")), trust: filesIn(join(dir, "trust")), reading: null };
      const read = await samePageAndCliRead(r);
      expect(read.indication).toBe("TOTAL-PASSED");
      expect(read.evidenceBytes).toBeGreaterThan(6 * 1024 * 1024);
      expect(read.evidenceHeld).toBeGreaterThan(0);
      expect(read.evidenceHeld / read.evidenceBytes).toBeLessThan(0.1);
      // A changed image byte, which no check reads as such: the seal's digest, from the one hashing pass, fails.
      const changed = readFileSync(r.evidence);
      const at = Math.floor(changed.length / 3);
      changed[at] = changed[at]! ^ 1;
      writeFileSync(r.evidence, changed);
      expect(await samePageAndCli(r)).toBe("TOTAL-FAILED");
    },
  );

  it("takes trusted lists as --trusted-list does: the samples' CAs on lists signed with RSA and on brainpoolP256r1", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "sealcheck-web-tl-"));
    const K = await makeIdentities({ rsa: 2048, brainpool: "brainpoolP256r1", stranger: 2048 });
    const issued = new Date(Math.max(...Object.values(K).map((i) => i.notBefore.getTime())) + 3_600_000);
    const list = (name: string, signer: typeof K.rsa, edit = (x: string) => x) => {
      const file = join(dir, name);
      const spec = { territory: "DK", issued, nextUpdate: new Date(issued.getTime() + 180 * 86_400_000), services: sampleAnchorServices() };
      writeFileSync(file, edit(sign(buildList(spec), signer)));
      return file;
    };
    for (const k of Object.values(K)) writeFileSync(join(dir, `${k.name}.pem`), k.certPem);
    const originals = filesIn("samples/valid/originals");
    for (const name of ["rsa", "brainpool"] as const) {
      // No certificate given: the list's services are the only anchors.
      const r = {
        evidence: "samples/valid/archive.pdf",
        originals,
        trust: [],
        lists: [list(`dk-${name}.xml`, K[name])],
        listSigners: [join(dir, `${name}.pem`)],
      };
      expect(await samePageAndCli(r)).toBe("TOTAL-PASSED");
      const report = JSON.parse((await inPage(r)).json);
      const seal = report.checks.find((c: { id: string }) => c.id === "seal-certificate");
      expect(seal.message).toContain('The anchor is the service "Test seal CA" of trusted list DK #49');
      // The pinned signer named by the file the user picked, as the CLI names it (samePageAndCli compares the rest).
      expect(report.verification.trustedLists[0].pinned.file).toBe(`${name}.pem`);
    }
    // A list that does not verify gives nothing: one message naming it, the CLI's.
    const failing: Run[] = [
      { evidence: "samples/valid/archive.pdf", originals, trust: [], lists: [list("dk-unpinned.xml", K.stranger)], listSigners: [join(dir, "rsa.pem")] },
      {
        evidence: "samples/valid/archive.pdf",
        originals,
        trust: [],
        lists: [list("dk-changed.xml", K.rsa, (x) => x.replace("Test seal CA", "Test seal CB"))],
        listSigners: [join(dir, "rsa.pem")],
      },
    ];
    for (const r of failing) {
      const cli = runCli(cliArgs(r));
      expect(cli.code).toBe(3);
      const said = await inPage(r).then(
        () => "",
        (e: Error) => e.message,
      );
      const list = basename(r.lists![0]!);
      expect(said).toContain(`${list}: the trusted list did not verify`);
      expect(said.replace("the page said: ", "")).toBe(
        cli.stderr
          .trim()
          .replace(/^sealcheck: (error: )?/, "")
          .split(r.lists![0]!)
          .join(list),
      );
    }
  });

  it.skipIf(!hasShared("tl/EU.xml", "test/web/page.test.ts, the real trusted lists"))(
    "takes the real trusted lists of 2019 through the EU list of lists, with the broker's real archive, as the CLI does",
    { timeout: 180_000 },
    async () => {
      const lists = {
        lists: ["DK", "NO", "ES", "SE"].map((t) => `../shared/tl/${t}.xml`),
        lotls: ["../shared/tl/EU.xml"],
        listSigners: ["test/fixtures/tl/lotl-signer-2019.pem"],
      };
      const at = "2025-12-08T09:35:10Z";
      const evidence = join(REAL, "archive.pdf");
      // The archive is of the broker's test environment, whose CAs are on no list: the lists alone find no anchor.
      const alone = { evidence, originals: [], trust: [], at, ...lists };
      expect(await samePageAndCli(alone)).toBe("INDETERMINATE");
      expect(await samePageAndCli({ ...alone, trust: filesIn(join(REAL, "trust")) })).toBe("TOTAL-PASSED");
    },
  );

  it("verifies an ID token as verify-id-token does, and fails one for another receiver", async () => {
    const jwks = "samples/receiver/jwks.json";
    const token = readFileSync("samples/receiver/id-token.jwt", "utf8").trim();
    const cli = (audience: string) =>
      runCli([
        "verify-id-token",
        "samples/receiver/id-token.jwt",
        "--issuer",
        "test",
        "--audience",
        audience,
        "--sender",
        "DK22222222",
        "--jwks",
        jwks,
        "--at",
        "2025-12-08T08:37:00Z",
        "--json",
      ]).stdout;
    for (const audience of ["DK11111111", "DK99999999"]) {
      await page.goto(url);
      await page.click("#id-token summary");
      await page.fill("#token", token);
      await page.setInputFiles("#jwks", jwks);
      await page.fill("#issuer", "test");
      await page.fill("#audience", audience);
      await page.fill("#sender", "DK22222222");
      await page.fill("#token-at", "2025-12-08T08:37:00Z");
      await page.click("#verify-token");
      await page.waitForSelector("#result:not([hidden]), #error:not([hidden])");
      const json = (await page.textContent("#report-json")) ?? "";
      const r = { evidence: jwks, originals: [], trust: [] };
      expect(comparable(json, r)).toEqual(comparable(cli(audience), r));
      expect(JSON.parse(json).indication).toBe(audience === "DK11111111" ? "TOTAL-PASSED" : "TOTAL-FAILED");
      // The token itself is never shown back (a bearer credential).
      expect(await page.textContent("#result")).not.toContain(token.slice(0, 40));
    }
  });

  it("shows the verdict first, in plain words, on screen", async () => {
    await inPage({ evidence: "samples/attacks/isa-page-content-replaced.pdf", originals: [], trust: TRUST });
    const verdict = page.locator("#verdict");
    await expect(verdict.isVisible()).resolves.toBe(true);
    expect(await page.textContent("#verdict-title")).toMatch(/^Not valid/);
    // The screenshot holds the verdict: its box's border is the failure's colour, read back from the PNG.
    const shot = await verdict.screenshot();
    // (Browser code as text: this file is type-checked without the DOM's types.)
    const colour = (await page.evaluate(`(async () => {
      const b64 = ${JSON.stringify(shot.toString("base64"))};
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: "image/png" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext("2d");
      ctx.drawImage(bitmap, 0, 0);
      return [...ctx.getImageData(3, Math.floor(bitmap.height / 2), 1, 1).data];
    })()`)) as number[];
    const fail = (await page.evaluate(`getComputedStyle(document.getElementById("verdict")).borderLeftColor`)) as string;
    expect(`rgb(${colour.slice(0, 3).join(", ")})`).toBe(fail);
    expect(shot.length).toBeGreaterThan(1000);
  });

  it("names every control for a screen reader, works with the keyboard alone, and reads in light and dark", async () => {
    await page.goto(url);
    await page.click("#tl summary");
    await page.click("#id-token summary");
    // Chromium's accessibility tree: every button, text box, check box and combo box has a name.
    const tree = await page.locator("main").ariaSnapshot();
    expect(tree).toContain('button "Trusted lists (.xml)"');
    expect(tree.split("\n").filter((l) => /^\s*- (button|textbox|checkbox|combobox)\s*(\[|:|$)/.test(l))).toEqual([]);
    // Light and dark follow the system, each with its text well readable (WCAG contrast ratio ≥ 7).
    const contrast = async () => {
      const [bg, fg] = (await page.evaluate(`[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]`)) as string[];
      const lum = (c: string) => {
        const [r, g, b] = c
          .match(/\d+/g)!
          .slice(0, 3)
          .map((v) => {
            const x = Number(v) / 255;
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
          });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [a, b] = [lum(bg!), lum(fg!)].sort((x, y) => y - x);
      return { bg: lum(bg!), ratio: (a! + 0.05) / (b! + 0.05) };
    };
    await page.emulateMedia({ colorScheme: "light" });
    const light = await contrast();
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await contrast();
    await page.emulateMedia({ colorScheme: null });
    expect([light.bg > 0.8, dark.bg < 0.05]).toEqual([true, true]);
    expect(Math.min(light.ratio, dark.ratio)).toBeGreaterThanOrEqual(7);
    // The keyboard alone: Tab reaches Verify, Enter runs it, and the verdict takes the focus (read out first).
    await page.goto(url);
    await page.setInputFiles("#evidence", "samples/valid/archive.pdf");
    await page.setInputFiles("#trust", TRUST);
    let tabs = 0;
    while ((await page.evaluate("document.activeElement && document.activeElement.id")) !== "verify" && tabs++ < 40) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#result:not([hidden])");
    await page.waitForFunction(`document.activeElement && document.activeElement.id === "verdict-title"`);
    expect(await page.textContent("#verdict-title")).toMatch(/^Valid/);
  });

  it("uses the anchors bundled at build time, shown with their fingerprints and origin", async () => {
    await page.goto(url);
    const listed = (await page.textContent("#bundled-list")) ?? "";
    expect(listed).toContain("samples/trust/seal-root.pem");
    expect(listed).toMatch(/SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}/);
  });

  it("saves the statement as the CLI's HTML report", async () => {
    await inPage({ evidence: "samples/valid/archive.pdf", originals: [], trust: TRUST });
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
    const html = readFileSync((await download.path())!, "utf8");
    expect(html).toContain("<h1>Verification statement</h1>");
    expect(download.suggestedFilename()).toBe("sealcheck-statement.html");
  });

  // As test/auditor/statement-print.test.ts prints the CLI's statement: the page's print media (its Print button
  // and the browser's own print give the page printed) to A4 through Chromium's PDF, read back with pdftotext.
  it.skipIf(!PDFTOTEXT)("prints the statement as the CLI's HTML report prints: page 1 the verdict and the checks that did not pass", async () => {
    const r = { evidence: "samples/attacks/isa-page-content-replaced.pdf", originals: filesIn("samples/valid/originals"), trust: TRUST };
    const json = JSON.parse((await inPage(r)).json) as {
      indication: string;
      subIndication: string;
      evidence: { sha256: string };
      checks: { id: string; status: string }[];
    };
    expect([json.indication, json.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const dir = mkdtempSync(join(tmpdir(), "sealcheck-web-print-"));
    const printed = async (file: string, on: Page = page) => {
      await on.emulateMedia({ media: "print" });
      await on.pdf({ path: join(dir, file), preferCSSPageSize: true, printBackground: true });
      await on.emulateMedia({ media: null });
      const text = (p: number) => spawnSync("pdftotext", ["-f", String(p), "-l", String(p), "-layout", join(dir, file), "-"], { encoding: "utf8" }).stdout;
      const pages = Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", [join(dir, file)], { encoding: "utf8" }).stdout)?.[1]);
      return { pages, page1: text(1).replace(/\s+/g, " "), page2: text(2) };
    };
    const { pages, page1, page2 } = await printed("page.pdf");
    expect(page1).toContain("Verification statement");
    expect(page1).toContain("TOTAL-FAILED / HASH_FAILURE");
    expect(page1).toContain("Checks that did not pass");
    const notPassed = json.checks.filter((c) => ["failed", "indeterminate", "warning"].includes(c.status)).map((c) => c.id);
    expect(notPassed).toContain("seal-modifications");
    for (const id of notPassed) expect(page1).toContain(id);
    expect(page1).toContain(json.evidence.sha256);
    // Only the statement: none of the page's own controls, and the details from page 2 on, as the CLI's.
    expect(page1).not.toContain("Drop the sealed archive");
    expect(page1).not.toContain("Save statement");
    expect(pages).toBeGreaterThan(1);
    expect(page2.trim()).not.toBe("");
    // The CLI's statement of the same files, printed the same way, under the names the page has (the files
    // copied into one folder, the CLI run there): the same first page, as many pages.
    const files = [r.evidence, ...r.originals, ...r.trust];
    for (const f of files) copyFileSync(f, join(dir, basename(f)));
    const cli = spawnSync(
      process.execPath,
      [
        resolve("dist/cli/main.js"),
        "verify",
        ...files.map((f) => (r.trust.includes(f) ? ["--trust", basename(f)] : [basename(f)])).flat(),
        "--report",
        "cli.html",
      ],
      { cwd: dir, encoding: "utf8" },
    );
    expect(cli.status, cli.stderr).toBe(1);
    // (In a context of its own: the page's, whose requests are recorded, opens nothing but the page.)
    const other = await browser.newPage();
    await other.goto(`file://${join(dir, "cli.html")}`);
    const fromCli = await printed("cli.pdf", other);
    await other.close();
    const untimed = (t: string) => t.replace(/\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?Z?/g, "(time)");
    expect(untimed(page1)).toBe(untimed(fromCli.page1));
    expect(pages).toBe(fromCli.pages);
  });

  it("says clearly when a file cannot be verified", async () => {
    await page.goto(url);
    await page.setInputFiles("#evidence", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some text") });
    await page.setInputFiles("#trust", {
      name: "broken.pem",
      mimeType: "text/plain",
      buffer: Buffer.from("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"),
    });
    await page.click("#verify");
    await page.waitForSelector("#error:not([hidden])");
    expect(await page.textContent("#error-text")).toMatch(/broken\.pem/);
  });

  it("made no request beyond the page and its own worker", () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((u) => !u.startsWith(url) && !u.startsWith("blob:"))).toEqual([]);
  });
});
