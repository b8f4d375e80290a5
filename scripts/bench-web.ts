// The browser page against the CLI (issue 38, part 6): time to verdict for the broker's real archive and a
// ~100 MB archive with its originals, in Debian's Chromium (from the click on "Verify" to the verdict on
// screen: reading the files, verifying in the worker, rendering) and as `sealcheck verify --json` (a whole
// process, wall time); the longest gap between the page's animation frames while it verifies (a frozen page
// has one as long as the verification); and the page's size.
//
//   npx tsx scripts/bench-web.ts [--runs N] [--quick]     (--quick: originals of 5 MB instead of 52 MB)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { bigOriginalPdf, mb, writeArchive, writeTrust, type BenchOriginal } from "./bench/corpus.js";
import { loadPki } from "./generator/index.js";
// @ts-expect-error: an ES module script without declarations
import { buildWeb } from "./build-web.mjs";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const runs = Number(args[args.indexOf("--runs") + 1] ?? 0) || (quick ? 2 : 5);
const CHROMIUM = process.env.SEALCHECK_CHROMIUM ?? "/usr/bin/chromium";
const CLI = "dist/cli/main.js";
const log = (s: string) => process.stderr.write(`${s}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const filesIn = (d: string) => (existsSync(d) ? readdirSync(d).map((f) => join(d, f)) : []);

async function largeArchive(): Promise<string> {
  const originalBytes = quick ? 5 * 1024 * 1024 : 52 * 1024 * 1024;
  const dir = join(tmpdir(), `sealcheck-bench-web-${originalBytes}`);
  if (existsSync(join(dir, ".complete"))) return dir;
  log(`generating a large archive in ${dir}…`);
  const pki = loadPki("samples/pki");
  writeTrust(pki, join(dir, "trust"));
  const originals: BenchOriginal[] = [];
  for (const title of ["Bilag A", "Bilag B"])
    originals.push({ title, fileName: `${title.replace(" ", "-")}.pdf`, bytes: await bigOriginalPdf(title, originalBytes) });
  await writeArchive(pki, dir, originals);
  writeFileSync(join(dir, ".complete"), "");
  return dir;
}

interface Case {
  label: string;
  evidence: string;
  originals: string[];
  trust: string[];
  at?: string;
}

/** The renderer processes' ids (Chromium's SystemInfo), whose peak resident memory is the page's. */
async function renderers(browser: import("playwright-core").Browser): Promise<number[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
  await cdp.detach();
  return processInfo.filter((p) => p.type === "renderer").map((p) => p.id);
}

/** Peak resident memory (MB) of `pid` since its last reset, and resets it (Linux: /proc/<pid>/clear_refs, 5). */
function peakMb(pid: number, reset = false): number {
  try {
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);
    if (reset) writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return kb / 1024;
  } catch {
    return NaN;
  }
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
  spawnSync(process.execPath, ["scripts/build.mjs", "--no-types"], { stdio: "inherit" });
  const out = join(tmpdir(), "sealcheck-bench-web-page");
  mkdirSync(out, { recursive: true });
  const built = (await buildWeb({ outdir: out })) as { page: string; bytes: number; workerBytes: number };
  const large = await largeArchive();
  const real = "test/fixtures/real/broker-example";
  const cases: Case[] = [
    { label: "the broker's real archive", evidence: join(real, "archive.pdf"), originals: [], trust: filesIn(join(real, "trust")), at: "2025-12-08T09:35:10Z" },
    {
      label: "large archive with its 2 originals",
      evidence: join(large, "archive.pdf"),
      originals: filesIn(join(large, "originals")),
      trust: filesIn(join(large, "trust")),
    },
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const page = await browser.newPage();
  const rows: string[] = [];
  for (const c of cases) {
    const sizes = [c.evidence, ...c.originals].map((f) => Number(spawnSync("stat", ["-c", "%s", f], { encoding: "utf8" }).stdout));
    const label = `${c.label.replace(/ \(.*\)/, "")}: PAdES ${mb(sizes[0]!)}${c.originals.length ? ` + originals ${mb(sizes.slice(1).reduce((a, b) => a + b, 0))}` : ""}`;
    const pageS: number[] = [];
    const workerS: number[] = [];
    const gaps: number[] = [];
    const cliS: number[] = [];
    const pageMb: number[] = [];
    const cliMb: number[] = [];
    let held = "";
    let verdicts = new Set<string>();
    for (let i = 0; i < runs; i++) {
      await page.goto(`file://${built.page}`);
      await page.setInputFiles("#evidence", c.evidence);
      if (c.originals.length) await page.setInputFiles("#originals", c.originals);
      await page.setInputFiles("#trust", c.trust);
      if (c.at) await page.fill("#at", c.at);
      // The longest gap between animation frames on the page's thread while it verifies.
      await page.evaluate(
        `(() => { window.__gap = 0; let last = performance.now(); const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; if (!window.__stop) requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`,
      );
      const pids = await renderers(browser);
      for (const pid of pids) peakMb(pid, true);
      const t = process.hrtime.bigint();
      await page.click("#verify");
      await page.waitForSelector("#result:not([hidden]), #error:not([hidden])", { timeout: 600_000 });
      pageS.push(Number(process.hrtime.bigint() - t) / 1e9);
      pageMb.push(Math.max(...pids.map((pid) => peakMb(pid))));
      const [size, kept] = ["data-evidence-bytes", "data-evidence-held"].map((a) => page.getAttribute("#timing", a));
      const [sizeN, keptN] = [Number(await size), Number(await kept)];
      held = sizeN ? `${mb(keptN)} of ${mb(sizeN)}` : "whole";
      gaps.push((await page.evaluate(`(() => { window.__stop = true; return window.__gap; })()`)) as number);
      verdicts.add((await page.textContent("#verdict-code")) ?? (await page.textContent("#error-text")) ?? "?");
      const timing = (await page.textContent("#timing")) ?? "";
      workerS.push(Number(/in ([\d.]+) s/.exec(timing)?.[1] ?? NaN));
      // GNU time's "%M": the CLI process's peak resident memory (kB).
      const cliArgs = [
        "-f",
        "%M",
        process.execPath,
        CLI,
        "verify",
        c.evidence,
        ...c.originals,
        ...c.trust.flatMap((f) => ["--trust", f]),
        ...(c.at ? ["--at", c.at] : []),
        "--json",
      ];
      const s = process.hrtime.bigint();
      const r = spawnSync("/usr/bin/time", cliArgs, { encoding: "utf8", maxBuffer: 64 << 20 });
      cliS.push(Number(process.hrtime.bigint() - s) / 1e9);
      cliMb.push(Number(/(\d+)\s*$/.exec(r.stderr)?.[1] ?? NaN) / 1024);
      verdicts.add(JSON.parse(r.stdout).indication);
    }
    log(`${label}: page ${pageS.map((x) => x.toFixed(2)).join(" ")}; cli ${cliS.map((x) => x.toFixed(2)).join(" ")}`);
    rows.push(
      `| ${label} | ${median(pageS).toFixed(2)} s (verify ${median(workerS).toFixed(2)} s) | ${median(cliS).toFixed(2)} s | ${median(pageS) / median(cliS) > 0 ? (median(pageS) / median(cliS)).toFixed(1) : "?"} × | ${median(gaps).toFixed(0)} ms | ${median(pageMb).toFixed(0)} MB | ${median(cliMb).toFixed(0)} MB | ${held} | ${[...verdicts].join(", ")} |`,
    );
    verdicts = new Set();
  }
  await browser.close();
  console.log(
    `Page: ${built.page}, ${(built.bytes / 1024).toFixed(0)} kB (its worker ${(built.workerBytes / 1024).toFixed(0)} kB of it); medians of ${runs} runs, interleaved page/CLI.\n`,
  );
  console.log(
    "| archive | page: click to verdict | CLI: process wall time | page / CLI | page's longest frame gap | page's peak memory (renderer) | CLI's peak memory | evidence held by the page | verdicts |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
}

await main();
