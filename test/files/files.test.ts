// Issue 34: every file read is bounded by what it is, an original is an original, names are exact, and a
// compact JWS is recognised by its form. Each case here fails without its fix. Cases that blocked or read
// without end before the fix (a FIFO, /proc/self/pagemap, /dev/zero, a sparse 1 TiB file, a link to "/") run
// in a child process with a timeout, so that without the fix they fail instead of hanging the runner.
import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  copyFileSync,
  cpSync,
  lchownSync,
  truncateSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SealcheckError, discoverArchives, verifyArchive } from "../../src/index.js";
import { verifyMany, writeOutputFile } from "../../src/api/internal.js";
import { JOB_VERSION, groupIdFor, jobIdFor, parseJobData } from "../../src/queue/job.js";
import { createHash } from "node:crypto";
import { hashFile, hashingProgress, listOriginals } from "../../src/input/originals.js";
import { writeHealthFile, type WorkerHealth } from "../../src/queue/health.js";
import { openForAppending } from "../../src/input/files.js";

const VALID = resolve("samples/valid/archive.pdf");
const ORIGINALS = resolve("samples/valid/originals");
const TRUST = resolve("samples/trust");
let dir: string;
let children = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sealcheck-files-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fresh(name: string): string {
  const d = join(dir, name);
  mkdirSync(d, { recursive: true });
  return d;
}

/**
 * Runs `body` (an async function's body, with `src(path)` importing a module of src/) in a child Node with the
 * sources, and returns what it printed as JSON. A hang or an unbounded read is killed by the timeout.
 */
function child(body: string, timeoutMs = 30_000): { value: unknown; status: number | null; stderr: string } {
  const code = `const src = (p) => import(${JSON.stringify(resolve("src"))} + "/" + p);
(async () => { ${body} })().then((v) => process.stdout.write(JSON.stringify(v ?? null)), (e) => process.stdout.write(JSON.stringify({ thrown: e?.constructor?.name, code: e?.code, message: e?.message })));`;
  // A file, not -e with --input-type=module: worker threads inherit the flags, and the hashing thread's
  // eval'd script is CommonJS.
  const script = join(dir, `child-${++children}.mjs`);
  writeFileSync(script, code);
  const r = spawnSync(process.execPath, ["--import", "tsx", "--max-old-space-size=512", script], {
    encoding: "utf8",
    timeout: timeoutMs,
    killSignal: "SIGKILL",
  });
  let value: unknown = undefined;
  try {
    value = JSON.parse(r.stdout);
  } catch {
    // killed, or crashed: value stays undefined
  }
  return { value, status: r.status, stderr: r.stderr };
}

/** The CLI from the sources, with `args` given to a shell so that they may hold bytes that are not UTF-8. */
function cliSh(script: string, timeoutMs = 60_000): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync("sh", ["-c", script], {
    encoding: "utf8",
    timeout: timeoutMs,
    env: { ...process.env, NO_COLOR: "1", SEALCHECK_DEBUG: "", SEALCHECK_CLI: `${process.execPath} --import tsx ${resolve("cli/main.ts")}` },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function oneLine(stderr: string): string[] {
  return stderr
    .trim()
    .split("\n")
    .filter((l) => l !== "(run with --help for usage)");
}

function thrown(v: unknown): { thrown?: string; code?: string; message?: string } {
  expect(v, "the child printed nothing: killed by the timeout (a hang or an unbounded read)").toBeTypeOf("object");
  return v as { thrown?: string; code?: string; message?: string };
}

describe("every file read is bounded by what it is", () => {
  it("/proc/self/pagemap or /proc/self/status as an original (size 0, never ends): an error naming it at the first byte past its size", () => {
    const d = fresh("proc-original");
    for (const f of ["pagemap", "status"]) {
      symlinkSync(`/proc/self/${f}`, join(d, `${f}.pdf`));
      for (const threshold of [0, Number.MAX_SAFE_INTEGER]) {
        // On a hashing thread (threshold 0) and in the calling one.
        const r = child(
          `const { startHashingOriginals } = await src("input/originals.ts"); await startHashingOriginals([${JSON.stringify(join(d, `${f}.pdf`))}], { workerThreshold: ${threshold} }).result; return "read";`,
        );
        const e = thrown(r.value);
        expect(e.code).toBe("ERR_FILE_UNREADABLE");
        expect(e.message).toMatch(new RegExp(`${f}\\.pdf: cannot read \\(does not end at the 0 bytes its size says`));
      }
    }
  });

  it("/proc/self/pagemap as a manifest: a problem result naming it, not a read to EOF", () => {
    const d = fresh("pagemap-manifest");
    symlinkSync("/proc/self/pagemap", join(d, "sealcheck-manifest.json"));
    const r = child(
      `const { readManifest } = await src("batch/discover.ts"); return [...readManifest(${JSON.stringify(join(d, "sealcheck-manifest.json"))})].map((a) => a.problem);`,
    );
    expect(r.value).toEqual([expect.stringMatching(/sealcheck-manifest\.json: does not end at the 0 bytes its size says/)]);
  });

  it("a 1 TiB sparse original: refused by its size (limit maxOriginalBytes), before any byte is read", () => {
    const d = fresh("sparse");
    const big = join(d, "huge.pdf");
    truncateSync((writeFileSync(big, ""), big), 1024 ** 4); // truncate -s 1T: sparse, no block written
    const r = child(`const { hashFile } = await src("input/originals.ts"); await hashFile(${JSON.stringify(big)}); return "read";`, 20_000);
    const e = thrown(r.value);
    expect(e.code).toBe("ERR_INPUT_TOO_LARGE");
    expect(e.message).toMatch(/huge\.pdf: 1099511627776 bytes is more than the limit of 2147483648 for an original \(raise it with limits\.maxOriginalBytes\)/);
    // Raised by the caller, the limit lets a smaller file through and still stops this one.
    const lowered = child(
      `const { hashFile } = await src("input/originals.ts"); return (await hashFile(${JSON.stringify(join(ORIGINALS, readdirSync(ORIGINALS)[0]!))}, 10)).size;`,
    );
    expect(thrown(lowered.value).code).toBe("ERR_INPUT_TOO_LARGE");
  });

  it("an original of 256 MiB or more reports its progress to the CLI's listener (the library prints nothing)", async () => {
    const big = join(fresh("progress"), "big.pdf");
    truncateSync((writeFileSync(big, ""), big), 256 * 1024 * 1024);
    const seen: { done: number; size: number }[] = [];
    hashingProgress.listener = (p) => seen.push({ done: p.done, size: p.size });
    try {
      const f = await hashFile(big);
      expect(f.size).toBe(256 * 1024 * 1024);
    } finally {
      hashingProgress.listener = null;
    }
    expect(seen.at(-1)).toEqual({ done: 256 * 1024 * 1024, size: 256 * 1024 * 1024 });
  }, 60_000);

  it("a FIFO among the originals: refused naming it (it was skipped without a word)", () => {
    const d = fresh("fifo-original");
    cpSync(ORIGINALS, d, { recursive: true });
    execFileSync("mkfifo", [join(d, "pipe.pdf")]);
    expect(() => listOriginals([d], 100)).toThrow(/pipe\.pdf: a FIFO \(named pipe\), not a regular file or directory/);
  });

  it("a dangling link and a link loop among the originals: one clear SealcheckError naming the file, not an internal error", async () => {
    for (const [name, make, why] of [
      [
        "dangling.pdf",
        (d: string) => symlinkSync(join(d, "gone.pdf"), join(d, "dangling.pdf")),
        /dangling\.pdf: a symbolic link to a file that does not exist/,
      ],
      [
        "loop.pdf",
        (d: string) => {
          symlinkSync(join(d, "loop2.pdf"), join(d, "loop.pdf"));
          symlinkSync(join(d, "loop.pdf"), join(d, "loop2.pdf"));
        },
        /loop2?\.pdf: a loop of symbolic links/,
      ],
    ] as const) {
      const d = fresh(`links-${name}`);
      cpSync(ORIGINALS, d, { recursive: true });
      make(d);
      const err = await verifyArchive({ evidence: VALID, originals: [d], trust: [TRUST] }).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(SealcheckError);
      expect((err as Error).message).toMatch(why);
    }
  });

  it("the CLI: a FIFO or a link loop among the originals is exit 3 with one line naming it", () => {
    const d = fresh("cli-fifo");
    cpSync(ORIGINALS, d, { recursive: true });
    execFileSync("mkfifo", [join(d, "pipe.pdf")]);
    const r = cliSh(`exec $SEALCHECK_CLI verify '${VALID}' '${d}' --trust '${TRUST}'`);
    expect(r.code).toBe(3);
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/pipe\.pdf: a FIFO/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it("a FIFO as --result-key or as the health file read by `queue health`: refused at once, never waited on", () => {
    const fifo = join(fresh("fifo-queue"), "key.fifo");
    execFileSync("mkfifo", [fifo]);
    const key = child(`const { readResultKey } = await src("queue/result-key.ts"); readResultKey(${JSON.stringify(fifo)}); return "read";`, 15_000);
    expect(thrown(key.value).message).toMatch(/key\.fifo: cannot read the result key \(a FIFO \(named pipe\), not a regular file/);
    const health = child(`const { checkHealthFile } = await src("queue/health.ts"); return checkHealthFile(${JSON.stringify(fifo)}, 10000);`, 15_000);
    expect(thrown(health.value)).toMatchObject({ healthy: false, message: expect.stringMatching(/key\.fifo: no readable health file \(a FIFO/) });
  });

  it("the health file never follows a link planted at its name or at its temporary file's", () => {
    const d = fresh("health");
    const victim = join(d, "victim.txt");
    writeFileSync(victim, "precious\n");
    const file = join(d, "health.json");
    const h = {
      status: "ok",
      reason: null,
      pid: process.pid,
      host: "h",
      queue: "q",
      run: "r",
      startedAt: "",
      updatedAt: "",
      redis: "ready",
      running: 0,
      processed: 0,
      lastError: null,
    } as WorkerHealth;
    // The temporary name the worker used (file.<pid>.tmp) was predictable: a link there was written through.
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    writeHealthFile(file, h);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    expect(JSON.parse(readFileSync(file, "utf8")).queue).toBe("q");
    // A link at the name itself is refused, not replaced nor followed.
    rmSync(file);
    symlinkSync(victim, file);
    expect(() => writeHealthFile(file, h)).toThrow(/health\.json: cannot write the health file \(it is a symbolic link, not a regular file/);
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    expect(readdirSync(d).filter((n) => n.endsWith(".tmp") && !n.includes(String(process.pid)))).toEqual([]);
  });

  it("a report or extract written where a link was planted: refused, the link's target untouched", () => {
    const d = fresh("report");
    const victim = join(d, "victim.txt");
    writeFileSync(victim, "precious\n");
    symlinkSync(victim, join(d, "case.html"));
    expect(() => writeOutputFile(join(d, "case.html"), "<html>", "the HTML report")).toThrow(
      /case\.html: cannot write the HTML report \(it is a symbolic link/,
    );
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
    writeOutputFile(join(d, "new.html"), "<html>", "the HTML report");
    expect(readFileSync(join(d, "new.html"), "utf8")).toBe("<html>");
    expect(() => writeOutputFile(join(d, "new.html"), "x", "an extract", false)).toThrow(/already exists/);
  });

  // B2 (attack34b): a link planted ABOVE the written name (`<shared>/drop -> the victim's folder`) carried every
  // write into the victim's folder. Links among the parent directories are followed only when they are the
  // caller's own or root's (fs.protected_symlinks, everywhere). Giving a link to another user takes root.
  it.skipIf(process.geteuid?.() !== 0)(
    "a link of another user's among the parent directories is not written through (report, health file, --out, extract); the caller's own is",
    () => {
      const d = fresh("parent-link");
      const victim = join(d, "victim");
      mkdirSync(join(victim, "out"), { recursive: true });
      writeFileSync(join(victim, "results.jsonl"), "precious\n");
      writeFileSync(join(victim, "out", "Signature1.p7s"), "precious\n");
      const shared = join(d, "shared");
      mkdirSync(shared);
      chmodSync(shared, 0o1777);
      const drop = join(shared, "drop");
      symlinkSync(victim, drop);
      lchownSync(drop, 65534, 65534); // planted by `nobody`
      const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const refused = (file: string, what: string) =>
        new RegExp(
          `^${esc(file)}: cannot (write|open) ${what} (for writing )?\\(${esc(drop)} is a symbolic link owned by another user \\(uid 65534\\), in the path above it: it is not followed`,
        );
      expect(() => writeOutputFile(join(drop, "case.html"), "<html>", "the HTML report")).toThrow(refused(join(drop, "case.html"), "the HTML report"));
      const h = {
        status: "ok",
        reason: null,
        pid: 1,
        host: "h",
        queue: "q",
        run: "r",
        startedAt: "",
        updatedAt: "",
        redis: "ready",
        running: 0,
        processed: 0,
        lastError: null,
      };
      expect(() => writeHealthFile(join(drop, "health.json"), h as WorkerHealth)).toThrow(refused(join(drop, "health.json"), "the health file"));
      expect(() => openForAppending(join(drop, "results.jsonl"), true, "the results file")).toThrow(refused(join(drop, "results.jsonl"), "the results file"));
      // A link of the caller's own that leads to that link is judged through: the foreign link is still met.
      const mine = join(d, "mine");
      symlinkSync(shared, mine);
      expect(() => writeOutputFile(join(mine, "drop", "case.html"), "<html>", "the HTML report")).toThrow(/drop is a symbolic link owned by another user/);
      const r = cliSh(`exec $SEALCHECK_CLI extract '${VALID}' '${join(drop, "out")}' --force`);
      expect(r.code).toBe(3);
      expect(oneLine(r.stderr)).toHaveLength(1);
      expect(r.stderr).toMatch(/out: cannot write the extracted files \(.*shared\/drop is a symbolic link owned by another user \(uid 65534\)/);
      expect(readFileSync(join(victim, "results.jsonl"), "utf8")).toBe("precious\n");
      expect(readFileSync(join(victim, "out", "Signature1.p7s"), "utf8")).toBe("precious\n");
      expect(readdirSync(victim).sort()).toEqual(["out", "results.jsonl"]);
      // The caller's own link (a home reached through it, say) is followed as before.
      const home = join(d, "home");
      symlinkSync(victim, home);
      writeOutputFile(join(home, "case.html"), "<html>", "the HTML report");
      expect(readFileSync(join(victim, "case.html"), "utf8")).toBe("<html>");
      closeSync(openForAppending(join(home, "results.jsonl"), false, "the results file"));
      expect(readFileSync(join(victim, "results.jsonl"), "utf8")).toBe("precious\n");
    },
  );

  it("discovery does not leave its root through a link (a link to / in an archive folder): one problem naming it", () => {
    const root = fresh("walk-root");
    mkdirSync(join(root, "a", "originals"), { recursive: true });
    copyFileSync(VALID, join(root, "a", "archive.pdf"));
    symlinkSync("/", join(root, "a", "everything"));
    mkdirSync(join(root, "b"));
    symlinkSync(join(root, "a"), join(root, "b", "inside")); // a link within the root is still followed
    const r = child(
      `const { discoverArchives } = await src("batch/discover.ts"); const out = []; for (const a of discoverArchives([${JSON.stringify(root)}])) { out.push({ evidence: a.evidence, problem: a.problem ?? null }); if (out.length > 50) break; } return out;`,
      30_000,
    );
    const found = r.value as { evidence: string; problem: string | null }[];
    expect(found, "killed: discovery walked the whole file system").toBeDefined();
    expect(found.every((a) => a.evidence.startsWith(root))).toBe(true);
    expect(found).toContainEqual({
      evidence: join(root, "a", "everything"),
      problem: expect.stringMatching(/everything: a symbolic link out of the directory searched \(to \/\), not followed/),
    });
    expect(found).toContainEqual({ evidence: join(root, "a", "archive.pdf"), problem: null });
    expect(found).toHaveLength(2); // b/inside leads to a, walked already
  });

  it("discovery: an original linked out of the root, or a manifest found by the walk listing paths outside it, is a problem; a manifest given as a root may point anywhere", () => {
    const outside = fresh("walk-outside");
    writeFileSync(join(outside, "secret.pdf"), "%PDF-1.7 not the reader's to read\n");
    const root = fresh("walk-confined");
    // Layout: the originals folder holds a link to a file outside the root.
    mkdirSync(join(root, "a", "originals"), { recursive: true });
    copyFileSync(VALID, join(root, "a", "archive.pdf"));
    symlinkSync(join(outside, "secret.pdf"), join(root, "a", "originals", "doc.pdf"));
    // A manifest found by the walk: one entry inside, one whose original is outside (absolute and by ../).
    mkdirSync(join(root, "m"));
    copyFileSync(VALID, join(root, "m", "archive.pdf"));
    const manifest = {
      sealcheckManifest: 1,
      archives: [
        { evidence: "archive.pdf", originals: [] },
        { evidence: "archive.pdf", originals: [join(outside, "secret.pdf")] },
        { evidence: "archive.pdf", originals: ["../../walk-outside/secret.pdf"] },
      ],
    };
    writeFileSync(join(root, "m", "sealcheck-manifest.json"), JSON.stringify(manifest));
    const found = [...discoverArchives([root], { followManifests: true })].map((a) => ({ evidence: a.evidence, problem: a.problem ?? null }));
    expect(found).toEqual([
      {
        evidence: join(root, "a", "archive.pdf"),
        problem: expect.stringMatching(/originals\/doc\.pdf: a symbolic link out of the directory searched \(to .*secret\.pdf\), not followed/),
      },
      { evidence: join(root, "m", "archive.pdf"), problem: null },
      {
        evidence: join(root, "m", "archive.pdf"),
        problem: expect.stringMatching(/secret\.pdf: leads out of the directory searched .*\(listed in .*sealcheck-manifest\.json, archives\[1\]\)/),
      },
      { evidence: join(root, "m", "archive.pdf"), problem: expect.stringMatching(/secret\.pdf: leads out of the directory searched .*archives\[2\]/) },
    ]);
    // The same manifest given as a root is the operator's own list: it may name files anywhere.
    const given = [...discoverArchives([join(root, "m", "sealcheck-manifest.json")])];
    expect(given.map((a) => a.problem ?? null)).toEqual([null, null, null]);
  });

  // C4 (attack34c): the evidence file replaced by a link after discovery: the same check where it is opened.
  it("the evidence file linked out of the root AFTER discovery: refused when it is opened, its digest never reported", async () => {
    const outside = fresh("late-evidence-outside");
    const secret = join(outside, "secret.pdf");
    writeFileSync(secret, "%PDF-1.7 the reader's private file\n");
    const root = fresh("late-evidence");
    mkdirSync(join(root, "a"));
    cpSync(ORIGINALS, join(root, "a", "originals"), { recursive: true });
    copyFileSync(VALID, join(root, "a", "archive.pdf"));
    const found = [...discoverArchives([root])];
    rmSync(join(root, "a", "archive.pdf"));
    symlinkSync(secret, join(root, "a", "archive.pdf")); // planted after discovery
    const digest = createHash("sha256").update(readFileSync(secret)).digest("hex");
    const results = [];
    for await (const r of verifyMany(found, { trust: [TRUST], workers: 0 })) results.push(r);
    expect(results[0]).toMatchObject({ exitCode: 3, indication: null });
    expect(results[0]!.error).toMatch(/archive\.pdf: .*leads out of the directory searched/);
    expect(JSON.stringify(results), "the private file's SHA-256 in the result").not.toContain(digest);
  });

  // B11 (attack34b): confinement was decided when discovery looked (`queue add`), not when the originals were read
  // (the worker, hours later): a link planted in between was followed and its SHA-256 reported.
  it("an original linked out of the root AFTER discovery: refused when it is opened, its digest never reported", async () => {
    const outside = fresh("late-outside");
    const secret = join(outside, "secret.pdf");
    writeFileSync(secret, "%PDF-1.7 the reader's private file\n");
    const root = fresh("late-confined");
    mkdirSync(join(root, "a"));
    cpSync(ORIGINALS, join(root, "a", "originals"), { recursive: true });
    copyFileSync(VALID, join(root, "a", "archive.pdf"));
    const found = [...discoverArchives([root])];
    expect(found.map((a) => [a.evidence, a.problem ?? null])).toEqual([[join(root, "a", "archive.pdf"), null]]);
    symlinkSync(secret, join(root, "a", "originals", "notes.pdf")); // planted after discovery
    const digest = createHash("sha256").update(readFileSync(secret)).digest("hex");
    const results = [];
    for await (const r of verifyMany(found, { trust: [TRUST], workers: 0 })) results.push(r);
    expect(results).toHaveLength(1);
    expect(JSON.stringify(results), "the private file's SHA-256 in the result").not.toContain(digest);
    expect(found[0]!.within).toBe(realpathSync(root)); // carried from discovery to where the originals are read
    expect(results[0]).toMatchObject({ exitCode: 3, indication: null, errorCode: "ERR_FILE_UNREADABLE" });
    expect(results[0]!.error).toBe(`${join(root, "a", "originals", "notes.pdf")}: cannot read (leads out of the directory searched (to ${secret}), not read)`);
    expect(JSON.stringify(results)).not.toContain(digest);
    // Large originals are hashed on a thread: the same check there.
    const big = join(root, "a", "originals", "big.pdf");
    writeFileSync(big, Buffer.alloc(33 * 1024 * 1024, 0x20));
    const refused = await verifyArchive({
      evidence: join(root, "a", "archive.pdf"),
      originals: [join(root, "a", "originals")],
      trust: [TRUST],
      originalsWithin: realpathSync(root),
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SealcheckError);
    expect((refused as Error).message).toMatch(/notes\.pdf: cannot read \(leads out of the directory searched \(to .*secret\.pdf\), not read\)/);
    rmSync(big);
    // A link that stays inside the root is followed as before.
    rmSync(join(root, "a", "originals", "notes.pdf"));
    const found2 = [...discoverArchives([root])];
    const ok = [];
    for await (const r of verifyMany(found2, { trust: [TRUST], workers: 0 })) ok.push(r);
    expect(ok[0]).toMatchObject({ indication: "TOTAL-PASSED", exitCode: 0 });
  });

  it("a queued archive's root is part of its identity: a job stripped of it in Redis is refused, its archive id differs", () => {
    const a = {
      evidence: "/data/a/archive.pdf",
      originals: ["/data/a/originals"],
      within: "/data",
      index: 0,
      nonce: "0123456789abcdef",
      sha256: { evidence: "0".repeat(64), originals: [] as [string, string][] },
    };
    const run = "0123456789abcdef";
    expect(jobIdFor(a, run)).not.toBe(jobIdFor({ ...a, within: undefined }, run));
    const d = { nonce: "fedcba9876543210", run, allowMissingOriginals: false, keepSeconds: 60, archives: [a] };
    const id = groupIdFor(d);
    expect(parseJobData({ v: JOB_VERSION, ...d }, id)).toMatchObject({ ok: true, data: { archives: [{ within: "/data" }] } });
    const { within: _dropped, ...stripped } = a;
    expect(parseJobData({ v: JOB_VERSION, ...d, archives: [stripped] }, id)).toMatchObject({
      ok: false,
      why: expect.stringMatching(/other than those its id was made from/),
    });
    expect(parseJobData({ v: JOB_VERSION, ...d, archives: [{ ...a, within: "data" }] })).toMatchObject({
      ok: false,
      why: 'archive 1: "within" is not an absolute path',
    });
  });

  it("discovery: a dangling or looping evidence link is a problem naming it; a link out of the root to a plain file is no business of it", () => {
    const root = fresh("walk-links");
    mkdirSync(join(root, "originals"));
    symlinkSync(join(root, "gone.pdf"), join(root, "dangling.pdf"));
    symlinkSync(join(root, "loop-b.json"), join(root, "loop-a.json"));
    symlinkSync(join(root, "loop-a.json"), join(root, "loop-b.json"));
    symlinkSync("/etc/hostname", join(root, "notes.txt"));
    const found = [...discoverArchives([root])].map((a) => a.problem);
    expect(found).toEqual([
      expect.stringMatching(/dangling\.pdf: a symbolic link to a file that does not exist/),
      expect.stringMatching(/loop-a\.json: a loop of symbolic links/),
      expect.stringMatching(/loop-b\.json: a loop of symbolic links/),
    ]);
  });

  it("a /dev/zero link or a FIFO in a --trusted-list or --lotl directory: refused naming it, at once", () => {
    for (const [name, make] of [
      ["zero.xml", (p: string) => symlinkSync("/dev/zero", p)],
      ["pipe.xml", (p: string) => execFileSync("mkfifo", [p])],
    ] as const) {
      const d = fresh(`tl-${name}`);
      make(join(d, name));
      for (const option of ["lists", "lotls"]) {
        const opts =
          option === "lists"
            ? `{ lists: [${JSON.stringify(d)}], signers: [] }`
            : `{ lists: [${JSON.stringify(d)}], lotls: [${JSON.stringify(d)}], signers: [] }`;
        const r = child(`const { loadTrustedListAnchors } = await src("trustlist/anchors.ts"); await loadTrustedListAnchors(${opts}); return "read";`, 20_000);
        expect(thrown(r.value).message, `${name} ${option}`).toMatch(
          new RegExp(`${name.replace(".", "\\.")}: cannot read the trusted list \\(a (character device|FIFO)`),
        );
      }
    }
  });
});

describe("an original is an original", () => {
  // seal-hash-mismatch.pdf carries the three attachments (workflow_token.jwt among them), but its seal does not verify.
  const FAKE = resolve("samples/attacks/seal-hash-mismatch.pdf");

  it("an unsealed PDF carrying workflow_token.jwt beside the genuine documents is an extra original: TOTAL-FAILED/HASH_FAILURE", async () => {
    const d = fresh("fake-archive-beside");
    cpSync(ORIGINALS, d, { recursive: true });
    copyFileSync(FAKE, join(d, "contract-other-rent.pdf"));
    const r = await verifyArchive({ evidence: VALID, originals: [d], trust: [TRUST] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    expect(r.checks.find((c) => c.id === "document-digests")!.message).not.toMatch(/sealed archive/);
  });

  it("in place of a genuine document it is a changed original (HASH_FAILURE), not INDETERMINATE", async () => {
    const d = fresh("fake-archive-instead");
    cpSync(ORIGINALS, d, { recursive: true });
    const first = readdirSync(d).sort()[0]!;
    rmSync(join(d, first));
    copyFileSync(FAKE, join(d, first));
    const r = await verifyArchive({ evidence: VALID, originals: [d], trust: [TRUST] });
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
  });

  it("a copy of the evidence itself is still set aside (the same bytes)", async () => {
    const d = fresh("evidence-copy");
    cpSync(ORIGINALS, d, { recursive: true });
    copyFileSync(VALID, join(d, "copy.pdf"));
    const r = await verifyArchive({ evidence: VALID, originals: [d], trust: [TRUST] });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.checks.find((c) => c.id === "document-digests")!.message).toMatch(/"copy\.pdf" is a sealed archive \(its seal verifies\)/);
  });
});

describe("names that are not UTF-8 are refused, never decoded into another file's name", () => {
  const LATIN1 = Buffer.from("archive-\xe6\xf8\xe5.pdf", "latin1");
  const TWIN = "archive-\ufffd\ufffd\ufffd.pdf"; // what a lossy decode makes of it

  it("in an originals folder: refused naming it (\\xNN), the twin under the decoded name is not taken instead", () => {
    const d = fresh("latin1-originals");
    cpSync(ORIGINALS, d, { recursive: true });
    writeFileSync(Buffer.concat([Buffer.from(`${d}/`), LATIN1]), readFileSync(VALID));
    writeFileSync(join(d, TWIN), "twin");
    expect(() => listOriginals([d], 100)).toThrow(/archive-\\xe6\\xf8\\xe5\.pdf: the file name is not valid UTF-8/);
  });

  it("valid UTF-8 names, astral characters included, are taken as they are", () => {
    const d = fresh("utf8-names");
    for (const n of ["kontrakt-æøå.pdf", "husorden-😀.pdf"]) writeFileSync(join(d, n), "%PDF-1.7\n");
    expect(listOriginals([d], 100)).toEqual([join(d, "husorden-😀.pdf"), join(d, "kontrakt-æøå.pdf")]);
    expect(listOriginals([join(d, "husorden-😀.pdf")], 100)).toHaveLength(1);
  });

  it("as a path given to the library: refused (it could name the twin)", async () => {
    const d = fresh("latin1-arg");
    writeFileSync(join(d, TWIN), readFileSync(VALID));
    const err = await verifyArchive({ evidence: join(d, TWIN), trust: [TRUST] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealcheckError);
    expect((err as SealcheckError).code).toBe("ERR_USAGE");
    expect((err as Error).message).toMatch(/name is not valid UTF-8/);
  });

  it("as a command-line argument (Latin-1 bytes in argv): exit 3, one line; the twin is not verified", () => {
    const d = fresh("latin1-cli");
    writeFileSync(Buffer.concat([Buffer.from(`${d}/`), LATIN1]), readFileSync(VALID));
    writeFileSync(join(d, TWIN), readFileSync(VALID));
    const r = cliSh(`exec $SEALCHECK_CLI verify "$(printf '${d}/archive-\\346\\370\\345.pdf')" --trust '${TRUST}' --json`);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(oneLine(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/name is not valid UTF-8/);
  });

  it("in discovery: a problem result naming it", () => {
    const root = fresh("latin1-walk");
    mkdirSync(join(root, "originals"));
    writeFileSync(Buffer.concat([Buffer.from(`${root}/`), LATIN1]), readFileSync(VALID));
    writeFileSync(join(root, TWIN), "twin");
    const found = [...discoverArchives([root])];
    const problem = found.find((a) => a.problem?.includes("\\xe6\\xf8\\xe5"));
    expect(problem?.problem).toMatch(/archive-\\xe6\\xf8\\xe5\.pdf: the file name is not valid UTF-8/);
    // The twin, validly named, is its own archive: the Latin-1 file is never verified under its name.
    expect(found.filter((a) => a.evidence === join(root, TWIN))).toHaveLength(1);
  });
});

describe("a compact JWS as the argument", () => {
  it("is recognised by its three base64url parts, whatever its header's first character", () => {
    const b64 = (s: string) => Buffer.from(s).toString("base64url");
    const token = `${b64(' {"alg":"RS256","kid":"k"}')}.${b64('{"iss":"x"}')}.${b64("sig")}`;
    expect(token.startsWith("e")).toBe(false);
    expect(existsSync(token)).toBe(false);
    const r = cliSh(`exec $SEALCHECK_CLI verify-id-token '${token}' --issuer test --audience a --jwks '${resolve("samples/receiver/jwks.json")}' --json`);
    expect(r.stderr).not.toMatch(/neither an existing file/);
    expect(r.stderr).not.toMatch(/internal error/);
  });
});
