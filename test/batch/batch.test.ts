// Batch verification: discovery (both layouts, manifests, nesting), verifyMany on worker threads (every
// archive yielded, broken ones included, crashes contained), and `sealcheck verify-batch` as a process
// (exit code = worst verdict, JSON Lines, --resume). No timing assertions.
import { spawn } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { discoverArchives, verifyMany, type ArchiveSpec, type BatchResult } from "../../src/index.js";
import { archiveKey, MANIFEST_FILE } from "../../src/api/internal.js";
import { BatchSummary, renderSummary, worseExitCode } from "../../src/batch/summary.js";
import { tempDir, trustDirectory, writeTokenEvidence, type WrittenEvidence } from "../helpers/fixtures.js";
import { runCli as run } from "../helpers/cli.js";

const lines = (file: string): BatchResult[] =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as BatchResult);

/**
 * The batches here are of Workflow-token JSON forms, which carry no proof of existence: verified at the time
 * their tokens claim (without --at, as of now, they are INDETERMINATE: attack36 J1).
 */
const IAT = "2025-12-08T08:36:35Z";
const AT = ["--at", IAT];

let good: WrittenEvidence;
let tampered: WrittenEvidence;
beforeAll(async () => {
  good = await writeTokenEvidence();
  tampered = await writeTokenEvidence({ tamperPayload: (p) => ({ ...p, workflow_title: "changed" }) });
});

/** An archive directory: evidence + originals/ beside it. */
function putArchive(dir: string, from: WrittenEvidence, name = "workflowtoken.json"): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(from.json, join(dir, name));
  cpSync(from.originals, join(dir, "originals"), { recursive: true });
  return join(dir, name);
}

/**
 * root/
 *   2025/wf-a/{workflowtoken.json, originals/}        passes
 *   2025/wf-b/{workflowtoken.json, originals/}        TOTAL-FAILED (tampered token)
 *   2025/deep/er/wf-c/{workflowtoken.json, originals/} passes (nested)
 *   broken/{archive.pdf (random bytes), originals/}   TOTAL-FAILED/FORMAT_FAILURE
 *   lost/workflowtoken.json                           no originals/ folder: no verdict (ERR_LAYOUT)
 *   listed/sealcheck-manifest.json                    two archives by relative path (one in a sibling folder),
 *                                                     followed with followManifests (--follow-manifests)
 *   listed/ignored/{workflowtoken.json, originals/}   below the manifest, not listed by it: no verdict
 *   .hidden/workflowtoken.json                        ignored
 */
function buildTree(): { root: string; expected: Map<string, number> } {
  const root = tempDir("batch-");
  const expected = new Map<string, number>();
  expected.set(putArchive(join(root, "2025/wf-a"), good), 0);
  // Not evidence by its content: skipped and counted, never a TOTAL-FAILED.
  writeFileSync(join(root, "2025/wf-a/metadata.json"), JSON.stringify({ caseNumber: "4711", archivedBy: "records office" }));
  expected.set(putArchive(join(root, "2025/wf-b"), tampered), 1);
  expected.set(putArchive(join(root, "2025/deep/er/wf-c"), good), 0);
  const broken = join(root, "broken");
  putArchive(broken, good);
  writeFileSync(join(broken, "archive.pdf"), randomBytes(4096));
  copyFileSync(join(broken, "workflowtoken.json"), join(broken, ".skip.json"));
  writeFileSync(join(broken, "workflowtoken.json"), randomBytes(2048));
  expected.set(join(broken, "archive.pdf"), 1);
  expected.set(join(broken, "workflowtoken.json"), 1);
  const lost = join(root, "lost");
  mkdirSync(lost);
  copyFileSync(good.json, join(lost, "workflowtoken.json"));
  expected.set(join(lost, "workflowtoken.json"), 3);
  const listed = join(root, "listed");
  mkdirSync(join(listed, "store/x"), { recursive: true });
  copyFileSync(good.json, join(listed, "store/x/token-1.json"));
  copyFileSync(tampered.json, join(listed, "store/x/token-2.json"));
  cpSync(good.originals, join(listed, "store/x/docs"), { recursive: true });
  // Not searched by the layout convention: the manifest speaks for its directory, and reports what it omits.
  expected.set(putArchive(join(listed, "ignored"), good), 3);
  writeFileSync(
    join(listed, MANIFEST_FILE),
    JSON.stringify({
      sealcheckManifest: 1,
      archives: [
        { evidence: "store/x/token-1.json", originals: ["store/x/docs"] },
        { evidence: "store/x/token-2.json", originals: ["store/x/docs/Lejekontrakt.pdf", "store/x/docs/Husorden.pdf"] },
      ],
    }),
  );
  expected.set(join(listed, "store/x/token-1.json"), 0);
  expected.set(join(listed, "store/x/token-2.json"), 1);
  putArchive(join(root, ".hidden"), good);
  return { root, expected };
}

describe("discoverArchives", () => {
  it("finds both layouts, nested directories and manifest entries with relative paths", () => {
    const { root, expected } = buildTree();
    const skipped: string[] = [];
    const found = [...discoverArchives([root], { followManifests: true, onSkipped: (f, why) => skipped.push(`${relative(root, f)}: ${why}`) })];
    expect(found.map((a) => a.evidence).sort()).toEqual([...expected.keys()].sort());
    // By content: the metadata.json beside wf-a is no evidence; broken/workflowtoken.json (not JSON) still is.
    expect(skipped).toEqual(["2025/wf-a/metadata.json: a JSON file that is not evidence (no padesDocument or workflowToken key): skipped"]);
    const byName = new Map(found.map((a) => [relative(root, a.evidence), a]));
    expect(byName.get("2025/deep/er/wf-c/workflowtoken.json")!.originals).toEqual([join(root, "2025/deep/er/wf-c/originals")]);
    expect(byName.get("listed/store/x/token-1.json")!.originals).toEqual([join(root, "listed/store/x/docs")]);
    expect(byName.get("listed/store/x/token-2.json")!.originals).toEqual([
      join(root, "listed/store/x/docs/Lejekontrakt.pdf"),
      join(root, "listed/store/x/docs/Husorden.pdf"),
    ]);
    expect(byName.get("listed/store/x/token-1.json")!.source).toEqual({ kind: "manifest", manifest: join(root, "listed", MANIFEST_FILE) });
    expect(byName.get("lost/workflowtoken.json")!.problem).toMatch(/no originals\/ folder/);
    expect(byName.get("listed/ignored/workflowtoken.json")!.problem).toMatch(/below .*sealcheck-manifest\.json, which does not list it/);
    expect(found.filter((a) => a.problem)).toHaveLength(2);
    // Nothing inside originals/ is taken for evidence.
    expect(found.some((a) => a.evidence.includes("/originals/"))).toBe(false);
  });

  it("--allow-missing-originals verifies such an archive without originals; a manifest can be given directly", () => {
    const { root } = buildTree();
    const lost = [...discoverArchives([join(root, "lost")], { allowMissingOriginals: true })];
    expect(lost).toEqual([{ evidence: join(root, "lost/workflowtoken.json"), originals: [], source: { kind: "layout" } }]);
    const listed = [...discoverArchives([join(root, "listed", MANIFEST_FILE)])];
    expect(listed.map((a) => relative(root, a.evidence))).toEqual(["listed/store/x/token-1.json", "listed/store/x/token-2.json"]);
  });

  it("a manifest found inside a folder searched is not followed unless asked: it cannot hide an archive, the folder is searched as any other", () => {
    const root = tempDir("manifest-planted-");
    putArchive(join(root, "a1"), good);
    putArchive(join(root, "a2"), tampered);
    // Planted beside a2: lists nothing, so that a2 would never be verified.
    writeFileSync(join(root, "a2", `notes.${MANIFEST_FILE}`), JSON.stringify({ sealcheckManifest: 1, archives: [] }));
    const found = [...discoverArchives([root])].map((a) => ({ evidence: relative(root, a.evidence), problem: a.problem ?? null }));
    expect(found).toEqual([
      { evidence: "a1/workflowtoken.json", problem: null },
      {
        evidence: `a2/notes.${MANIFEST_FILE}`,
        problem: expect.stringMatching(/a manifest found inside the directory searched is not followed .*--follow-manifests/),
      },
      { evidence: "a2/workflowtoken.json", problem: null },
    ]);
    // Followed on request: what it omits below it is reported, never left out.
    const followed = [...discoverArchives([root], { followManifests: true })].map((a) => ({
      evidence: relative(root, a.evidence),
      problem: a.problem ?? null,
    }));
    expect(followed).toEqual([
      { evidence: "a1/workflowtoken.json", problem: null },
      { evidence: "a2/workflowtoken.json", problem: expect.stringMatching(/below .*notes\.sealcheck-manifest\.json, which does not list it/) },
    ]);
  });

  it("a followed manifest found in the tree cannot pair an archive with another's originals, nor list an archive as an original (round 3, C1)", () => {
    const root = tempDir("manifest-covers-");
    putArchive(join(root, "g"), good);
    putArchive(join(root, "g", "t"), tampered);
    putArchive(join(root, "u"), tampered);
    writeFileSync(
      join(root, "g", MANIFEST_FILE),
      JSON.stringify({
        sealcheckManifest: 1,
        archives: [
          { evidence: "workflowtoken.json", originals: ["originals", "t/workflowtoken.json"] },
          { evidence: "t/workflowtoken.json", originals: ["../u/originals"] },
        ],
      }),
    );
    const found = [...discoverArchives([root], { followManifests: true })].map((a) => ({ evidence: relative(root, a.evidence), problem: a.problem ?? null }));
    expect(found).toEqual([
      {
        evidence: "g/workflowtoken.json",
        problem: expect.stringMatching(
          /t\/workflowtoken\.json: an original listed in .* must lie below its evidence file's folder and not be an archive of its own/,
        ),
      },
      {
        evidence: "g/t/workflowtoken.json",
        problem: expect.stringMatching(/u\/originals: an original listed in .* must lie below its evidence file's folder/),
      },
      { evidence: "u/workflowtoken.json", problem: null },
    ]);
  });

  it("a broken manifest or entry is one problem each, not an exception; a missing root is a usage error", () => {
    const dir = tempDir("manifest-");
    writeFileSync(join(dir, MANIFEST_FILE), "{ not json");
    const bad = [...discoverArchives([dir], { followManifests: true })];
    expect(bad).toHaveLength(1);
    expect(bad[0]!.problem).toMatch(/not a readable JSON manifest/);
    writeFileSync(
      join(dir, MANIFEST_FILE),
      JSON.stringify({ sealcheckManifest: 1, archives: [{ originals: [] }, { evidence: "a.json" }, { evidence: "/abs/b.pdf", originals: [] }] }),
    );
    const entries = [...discoverArchives([dir], { followManifests: true })];
    expect(entries.map((e) => Boolean(e.problem))).toEqual([true, true, false]);
    expect(entries[2]).toMatchObject({ evidence: "/abs/b.pdf", originals: [] });
    expect(() => discoverArchives([join(dir, "nope")])).toThrow(/no such directory/);
  });
});

describe("verifyMany", () => {
  it("yields every archive once on worker threads, broken ones included, each with its verdict", async () => {
    const { root, expected } = buildTree();
    const seen = new Map<string, BatchResult>();
    for await (const r of verifyMany(discoverArchives([root], { followManifests: true }), { trust: [trustDirectory()], workers: 2, at: IAT })) {
      expect(seen.has(r.evidence)).toBe(false);
      seen.set(r.evidence, r);
    }
    expect([...seen.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [evidence, code] of expected) expect(seen.get(evidence)!.exitCode, evidence).toBe(code);
    const broken = seen.get(join(root, "broken/archive.pdf"))!;
    expect(broken).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", error: null });
    expect(broken.report?.checks[0]?.id).toBe("attachments");
    const lost = seen.get(join(root, "lost/workflowtoken.json"))!;
    expect(lost).toMatchObject({ exitCode: 3, report: null, indication: null, errorCode: "ERR_LAYOUT" });
    expect([...seen.values()].map((r) => r.index).sort((a, b) => a - b)).toEqual([...Array(expected.size).keys()]);
    const ok = seen.get(join(root, "2025/wf-a/workflowtoken.json"))!;
    expect(ok.report?.indication).toBe("TOTAL-PASSED");
    expect(ok.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("runs with 1 worker and in-process (workers: 0) with the same verdicts; a missing file is exit 3", async () => {
    const specs: ArchiveSpec[] = [
      { evidence: good.json, originals: [good.originals] },
      { evidence: tampered.json, originals: [tampered.originals] },
      { evidence: join(good.dir, "missing.json"), originals: [] },
      { evidence: good.json, originals: [join(good.dir, "no-such-originals")] },
    ];
    for (const workers of [0, 1]) {
      const got: BatchResult[] = [];
      for await (const r of verifyMany(specs, { trust: [trustDirectory()], workers, at: IAT })) got.push(r);
      got.sort((a, b) => a.index - b.index);
      expect(
        got.map((r) => r.exitCode),
        `workers ${workers}`,
      ).toEqual([0, 1, 3, 3]);
      expect(got[2]).toMatchObject({ errorCode: "ERR_FILE_NOT_FOUND" });
      expect(got[2]!.error).toContain("missing.json");
      expect(got[3]!.error).toContain("no-such-originals");
    }
  });

  it("a bad trust store or --at stops the batch before any result (usage error)", async () => {
    const consume = async (o: Parameters<typeof verifyMany>[1]) => {
      for await (const _ of verifyMany([{ evidence: good.json, originals: [] }], o)) void _;
    };
    await expect(consume({ trust: ["/nonexistent/roots"], workers: 1 })).rejects.toMatchObject({ code: "ERR_FILE_NOT_FOUND" });
    await expect(consume({ trust: [trustDirectory()], at: "yesterday", workers: 1 })).rejects.toMatchObject({ code: "ERR_USAGE" });
    await expect(consume({ workers: -1 })).rejects.toMatchObject({ code: "ERR_USAGE" });
  });

  /** Runs named archives through the stand-in worker; results by name. */
  async function throughCrashWorker(names: string[], workers: number): Promise<{ by: Map<string, BatchResult>; got: BatchResult[] }> {
    const workerUrl = new URL("./crash-worker.mjs", import.meta.url);
    const specs: ArchiveSpec[] = names.map((n) => ({ evidence: `/x/${n}.json`, originals: [] }));
    const got: BatchResult[] = [];
    for await (const r of verifyMany(specs, { workers, workerUrl, timeoutMs: 1500 })) got.push(r);
    expect(got).toHaveLength(specs.length);
    return { by: new Map(got.map((r) => [r.evidence.slice(3, -5), r])), got };
  }

  it("a crashed or hung worker costs only its archive; the pool replaces it and goes on", async () => {
    const names = ["a", "crash-1", "b", "hang-1", "c", "crash-2", "d", "e"];
    const { by } = await throughCrashWorker(names, 2);
    for (const n of ["a", "b", "c", "d", "e"]) expect(by.get(n)!.exitCode).toBe(0);
    expect(by.get("crash-1")).toMatchObject({ exitCode: 3, errorCode: "ERR_WORKER_CRASHED" });
    expect(by.get("crash-1")!.error).toContain("boom (test crash)");
    expect(by.get("hang-1")).toMatchObject({ exitCode: 3, errorCode: "ERR_TIMEOUT" });
    const workerUrl = new URL("./crash-worker.mjs", import.meta.url);
    const specs: ArchiveSpec[] = names.map((n) => ({ evidence: `/x/${n}.json`, originals: [] }));
    await expect(
      (async () => {
        for await (const _ of verifyMany(specs, { workers: 2, workerUrl, trust: ["init-fails"] })) void _;
      })(),
    ).rejects.toMatchObject({ code: "ERR_TRUST_STORE" });
  });

  it("each worker holds two archives at once; a crash re-runs its neighbour alone, and only the crasher is blamed", async () => {
    const { by, got } = await throughCrashWorker(["a", "crash-1", "b", "c", "hang-1", "d", "e", "f"], 1);
    for (const n of ["a", "b", "c", "d", "e", "f"]) expect(by.get(n)!.exitCode, n).toBe(0);
    expect(by.get("crash-1")).toMatchObject({ exitCode: 3, errorCode: "ERR_WORKER_CRASHED" });
    expect(by.get("hang-1")).toMatchObject({ exitCode: 3, errorCode: "ERR_TIMEOUT" });
    const peak = Math.max(...got.map((r) => (r.report as unknown as { inFlight?: number } | null)?.inFlight ?? 0));
    expect(peak).toBe(2);
  });

  it("skip leaves archives out; breaking out of the loop stops cleanly", async () => {
    const specs: ArchiveSpec[] = Array.from({ length: 6 }, (_, i) => ({ evidence: `/x/${i}.json`, originals: [] }));
    const workerUrl = new URL("./crash-worker.mjs", import.meta.url);
    const got: string[] = [];
    for await (const r of verifyMany(specs, { workers: 3, workerUrl, skip: (a) => a.evidence.endsWith("3.json") })) got.push(r.evidence);
    expect(got.sort()).toEqual(["/x/0.json", "/x/1.json", "/x/2.json", "/x/4.json", "/x/5.json"]);
    let n = 0;
    for await (const _ of verifyMany(specs, { workers: 2, workerUrl })) if (++n === 2) break;
    expect(n).toBe(2);
  });
});

describe("summary", () => {
  it("worst verdict: TOTAL-FAILED over no verdict over INDETERMINATE over passed; bounded slowest list", () => {
    expect(worseExitCode(0, 2)).toBe(2);
    expect(worseExitCode(2, 3)).toBe(3);
    expect(worseExitCode(3, 1)).toBe(1);
    expect(worseExitCode(1, 0)).toBe(1);
    const s = new BatchSummary(3);
    for (let i = 0; i < 50; i++)
      s.add({ evidence: `e${i}`, indication: "TOTAL-PASSED", subIndication: null, exitCode: 0, durationMs: (i * 37) % 50, error: null });
    const j = s.toJSON({ workers: 1, out: null });
    expect(j.slowest.map((x) => x.durationMs)).toEqual([49, 48, 47]);
    expect(j.byIndication).toEqual({ "TOTAL-PASSED": 50 });
    expect(new BatchSummary().exitCode()).toBe(3);
  });

  it("not passed, grouped by reason and most severe first: 49 identical layout errors are one group and hide no TOTAL-FAILED", () => {
    const s = new BatchSummary();
    for (let i = 0; i < 49; i++)
      s.add({
        evidence: `l${i}.pdf`,
        indication: null,
        subIndication: null,
        exitCode: 3,
        durationMs: 1,
        error: `l${i}.pdf: no originals/ folder`,
        errorCode: "ERR_LAYOUT",
      });
    s.add({ evidence: "i.pdf", indication: "INDETERMINATE", subIndication: "NO_CERTIFICATE_CHAIN_FOUND", exitCode: 2, durationMs: 1, error: null });
    for (const n of ["f1.pdf", "f2.pdf"])
      s.add({ evidence: n, indication: "TOTAL-FAILED", subIndication: "HASH_FAILURE", exitCode: 1, durationMs: 1, error: null });
    const j = s.toJSON({ workers: 1, out: null });
    expect(j.notPassedByReason.map((g) => [g.indication, g.subIndication, g.count])).toEqual([
      ["TOTAL-FAILED", "HASH_FAILURE", 2],
      ["NO-VERDICT", "ERR_LAYOUT", 49],
      ["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND", 1],
    ]);
    expect(j.notPassedByReason[1]!.examples).toHaveLength(3);
    const text = renderSummary(j);
    expect(text).toMatch(
      /Not passed \(52\), by reason, most severe first:\n  TOTAL-FAILED\/HASH_FAILURE\s+2  f1\.pdf\n\s+f2\.pdf\n  NO-VERDICT\/ERR_LAYOUT\s+49  l0\.pdf: no originals/,
    );
    expect(text).toMatch(/… and 46 more/);
  });
});

describe("sealcheck verify-batch (process)", () => {
  it("writes one JSON line per archive, a summary table, and exits with the worst verdict", () => {
    const { root, expected } = buildTree();
    const out = join(tempDir("out-"), "results.jsonl");
    const r = run(["verify-batch", root, "--trust", trustDirectory(), ...AT, "--out", out, "--workers", "2", "--follow-manifests"]);
    expect(r.code).toBe(1); // TOTAL-FAILED is the worst verdict here
    expect(r.stderr).toBe(""); // no TTY: no progress bar
    expect(r.stdout).toMatch(/TOTAL-PASSED\s+3/);
    expect(r.stdout).toMatch(/TOTAL-FAILED\s+FORMAT_FAILURE\s+2/);
    expect(r.stdout).toMatch(/NO-VERDICT\s+ERR_LAYOUT\s+2/);
    expect(r.stdout).toContain("Slowest");
    // Every archive that did not pass is named, with its sub-indication or its reason.
    expect(r.stdout).toMatch(/Not passed \(6; all in .*results\.jsonl\), by reason, most severe first:/);
    expect(r.stdout).toMatch(/TOTAL-FAILED\/FORMAT_FAILURE\s+2\s+.*broken/);
    expect(r.stdout).toMatch(/NO-VERDICT\/ERR_LAYOUT\s+2\s+\S+ignored\S+: below .*\n\s+\S+lost\S+: no originals/);
    expect(r.stdout).toMatch(/Skipped \(1\): not evidence by their content, not verified:\n\s+.*metadata\.json: a JSON file that is not evidence/);
    const got = lines(out);
    expect(got).toHaveLength(expected.size);
    for (const l of got) {
      // decidingAnchors (a14 X1j) on every line with a report (verification basis); none on a line without one.
      const anchors = l.report && (l.report as { verification?: unknown }).verification ? ["decidingAnchors"] : [];
      expect(Object.keys(l)).toEqual([
        "index",
        "evidence",
        "originals",
        "indication",
        "subIndication",
        "decidedBy",
        "exitCode",
        "durationMs",
        "report",
        "error",
        "errorCode",
        ...anchors,
        "run",
      ]);
      expect(l.exitCode).toBe(expected.get(l.evidence));
    }
  });

  it("--json prints a JSON summary only; exit 0 when all pass, 3 when one has no verdict", () => {
    const root = tempDir("batch-ok-");
    putArchive(join(root, "a"), good);
    putArchive(join(root, "b"), good);
    const r = run(["verify-batch", root, "--trust", trustDirectory(), ...AT, "--json", "--workers", "1"]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ archives: 2, verifiedNow: 2, byIndication: { "TOTAL-PASSED": 2 }, exitCode: 0, workers: 1, out: null });
    mkdirSync(join(root, "c"));
    copyFileSync(good.json, join(root, "c/workflowtoken.json"));
    expect(run(["verify-batch", root, "--trust", trustDirectory(), ...AT, "--json"]).code).toBe(3);
    expect(run(["verify-batch", root, "--trust", trustDirectory(), ...AT, "--json", "--allow-missing-originals"]).code).toBe(0);
  });

  it("--resume verifies only what is not yet in the results file", () => {
    const { root, expected } = buildTree();
    const out = join(tempDir("out-"), "results.jsonl");
    // First run over part of the tree, then the whole tree with --resume.
    const first = run(["verify-batch", join(root, "2025"), "--trust", trustDirectory(), ...AT, "--out", out, "--reports", "none"]);
    expect(first.code).toBe(1);
    expect(lines(out)).toHaveLength(3);
    expect(lines(out).every((l) => l.report === null)).toBe(true);
    const second = run(["verify-batch", root, "--trust", trustDirectory(), ...AT, "--out", out, "--resume", "--json", "--follow-manifests"]);
    expect(second.code).toBe(1);
    const s = JSON.parse(second.stdout);
    expect(s).toMatchObject({ archives: expected.size, verifiedNow: expected.size - 3, fromEarlierRun: 3 });
    const all = lines(out);
    expect(all).toHaveLength(expected.size);
    expect(new Set(all.map((l) => archiveKey(l))).size).toBe(expected.size);
    // Third run: nothing new.
    const third = run(["verify-batch", root, "--trust", trustDirectory(), ...AT, "--out", out, "--resume", "--json", "--follow-manifests"]);
    expect(JSON.parse(third.stdout)).toMatchObject({ archives: expected.size, verifiedNow: 0 });
    expect(lines(out)).toHaveLength(expected.size);
    expect(third.code).toBe(1);
    // One index names one archive in the whole file.
    expect(new Set(all.map((l) => l.index)).size).toBe(expected.size);
  });

  it("--resume keys archives unambiguously: a manifest entry whose path holds a line break is not taken for another archive", () => {
    const dir = tempDir("batch-resume-nl-");
    cpSync("samples/valid/originals", join(dir, "originals"), { recursive: true });
    copyFileSync("samples/valid/archive.pdf", join(dir, "archive.pdf"));
    const manifest = join(dir, MANIFEST_FILE);
    const entry = { evidence: join(dir, "archive.pdf"), originals: [join(dir, "originals")] };
    writeFileSync(manifest, JSON.stringify({ sealcheckManifest: 1, archives: [entry] }));
    const out = join(dir, "results.jsonl");
    expect(run(["verify-batch", manifest, "--trust", "samples/trust", "--out", out]).code).toBe(0);
    // An archive never verified, named so that joining its paths with line breaks gives the first one's key.
    const forged = { evidence: `${entry.evidence}\n${entry.originals[0]}`, originals: [] };
    writeFileSync(manifest, JSON.stringify({ sealcheckManifest: 1, archives: [entry, forged] }));
    const r = run(["verify-batch", manifest, "--trust", "samples/trust", "--out", out, "--resume", "--json"]);
    expect(JSON.parse(r.stdout)).toMatchObject({ archives: 2, verifiedNow: 1, fromEarlierRun: 1 });
    expect(r.code).toBe(3);
    expect(archiveKey(forged)).not.toBe(archiveKey(entry));
  });

  it("--resume refuses a results file verified with other options: a changed anchor folder, --at, policy", () => {
    const root = tempDir("batch-resume-");
    putArchive(join(root, "a"), good);
    putArchive(join(root, "b"), good);
    const anchors = tempDir("anchors-");
    cpSync(trustDirectory(), anchors, { recursive: true });
    const out = join(tempDir("out-"), "results.jsonl");
    expect(run(["verify-batch", join(root, "a"), "--trust", anchors, ...AT, "--out", out]).code).toBe(0);
    const before = readFileSync(out, "utf8");
    const refused = (args: string[]): void => {
      const r = run(["verify-batch", root, "--out", out, "--resume", ...AT, ...args]);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/--resume: .*results\.jsonl holds results verified with other verification options.*new --out file/);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(readFileSync(out, "utf8")).toBe(before); // nothing appended
    };
    refused(["--trust", anchors, ...AT, "--at", "2026-01-01T00:00:00Z"]);
    refused(["--trust", anchors, ...AT, "--ocsp-window", "600"]);
    // The same folder, another content: the anchors are keyed by their bytes, not their path.
    writeFileSync(
      join(anchors, "extra.pem"),
      readFileSync(join(trustDirectory(), readdirSync(trustDirectory())[0]!))
        .toString()
        .replace(/\n/g, "\r\n"),
    );
    refused(["--trust", anchors, ...AT]);
    rmSync(join(anchors, "extra.pem"));
    // Unchanged options: goes on.
    const r = run(["verify-batch", root, "--trust", anchors, ...AT, "--out", out, "--resume", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ archives: 2, verifiedNow: 1, fromEarlierRun: 1 });
    // A file from a version that did not record its options is refused too.
    const old = join(tempDir("out-"), "old.jsonl");
    writeFileSync(
      old,
      lines(out)
        .map((l) => JSON.stringify({ ...l, run: undefined }))
        .join("\n") + "\n",
    );
    const o = run(["verify-batch", root, "--trust", anchors, ...AT, "--out", old, "--resume"]);
    expect(o.code).toBe(3);
    expect(o.stderr).toMatch(/did not record its verification options/);
  });

  it("Ctrl-C ends the run cleanly: what finished is in --out, the message says how to go on, --resume does", async () => {
    const root = tempDir("batch-int-");
    for (let i = 0; i < 120; i++) putArchive(join(root, `wf-${String(i).padStart(3, "0")}`), good);
    const out = join(tempDir("out-"), "results.jsonl");
    const child = spawn(
      process.execPath,
      ["dist/cli/main.js", "verify-batch", root, "--trust", trustDirectory(), ...AT, "--out", out, "--workers", "1", "--follow-manifests"],
      {
        env: { ...process.env, NO_COLOR: "1" },
      },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    let ended = false;
    const exited = new Promise<number | null>((res) =>
      child.on("exit", (code) => {
        ended = true;
        res(code);
      }),
    );
    // Interrupt once the first result is written (no timing: wait for the file, not for a duration).
    while (!ended && (!existsSync(out) || readFileSync(out, "utf8").length === 0)) await new Promise((r) => setTimeout(r, 20));
    if (!ended) child.kill("SIGINT");
    const code = await exited;
    if (code === 130) {
      expect(stderr).toMatch(
        /Interrupted after \d+ of 120 archives\. \d+ results? of this run are in .*results\.jsonl; to go on with the \d+ left:\n {2}sealcheck verify-batch .* --resume\n$/,
      );
      const kept = lines(out).length;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(120);
    } else {
      expect(code).toBe(0); // finished before the signal arrived: nothing to interrupt
    }
    const resumed = run(["verify-batch", root, "--trust", trustDirectory(), ...AT, "--out", out, "--resume", "--json", "--follow-manifests"]);
    expect(resumed.code).toBe(0);
    const all = lines(out);
    expect(all).toHaveLength(120);
    expect(new Set(all.map((l) => l.index)).size).toBe(120);
  });

  it("usage errors exit 3 with one stderr line: missing dir, --resume without --out, nothing found, bad trust", () => {
    const empty = tempDir("empty-");
    for (const args of [
      ["verify-batch", "/nonexistent/archive", "--trust", trustDirectory(), ...AT],
      ["verify-batch", empty, "--resume"],
      ["verify-batch", empty, "--trust", trustDirectory(), ...AT],
      ["verify-batch", good.dir, "--trust", "/nonexistent/roots"],
      ["verify-batch", good.dir, "--workers", "many"],
    ]) {
      const r = run(args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n").length, r.stderr).toBeLessThanOrEqual(2);
    }
  });
});
