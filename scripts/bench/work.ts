// Work per archive, counted rather than timed: the instructions callgrind counts for `verify-batch --workers 0`
// over the first `many` archives of one sealing day, less those over the first `few`, divided by the
// difference. Start-up, the trust store, the day's CRL and most compiling fall in both runs and cancel out.
// Wall time on a shared 2-core VM moved ±10 % between identical runs; this count moves ~2 %, so that a change
// of a few per cent can be seen (BENCHMARKS.md, 2026-11-27 evening). Needs valgrind; ~1 minute on 2 cores.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface WorkFigures {
  few: number;
  many: number;
  /** Instructions per archive, steady state. */
  perArchive: number;
  /** Of which in OpenSSL's SHA-256 block functions. */
  sha256PerArchive: number;
}

interface Counted {
  instructions: number;
  sha256: number;
  lines: number;
  code: number | null;
}

/**
 * `src` copied to `dst` as hard links: the same files (no copy of the bytes), which discovery takes as the
 * regular files they are. Symbolic links would not do: discovery follows none out of the folder it searches
 * (issue 34), and every archive was then a usage error (exit 3).
 */
function linkTree(src: string, dst: string): void {
  mkdirSync(dst);
  for (const e of readdirSync(src, { withFileTypes: true })) {
    if (e.isDirectory()) linkTree(join(src, e.name), join(dst, e.name));
    else {
      try {
        linkSync(join(src, e.name), join(dst, e.name));
      } catch (err) {
        // Another file system (--corpus elsewhere than the temporary folder): a copy.
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
        copyFileSync(join(src, e.name), join(dst, e.name));
      }
    }
  }
}

/** Counts one run over the first `n` archives of `dayDir` (hard-linked into a folder of their own). */
function count(cli: string, dayDir: string, names: string[], n: number, trust: string, work: string): Promise<Counted> {
  const dir = join(work, `first-${n}`);
  mkdirSync(dir);
  for (const name of names.slice(0, n)) linkTree(resolve(dayDir, name), join(dir, name));
  const out = join(work, `results-${n}.jsonl`);
  const cg = join(work, `callgrind-${n}.out`);
  const args = [
    "--tool=callgrind",
    `--callgrind-out-file=${cg}`,
    process.execPath,
    cli,
    "verify-batch",
    dir,
    "--trust",
    trust,
    "--out",
    out,
    "--json",
    "--no-progress",
    "--workers",
    "0",
  ];
  return new Promise((res, rej) => {
    const child = spawn("valgrind", args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", rej);
    child.on("close", (code) => {
      const instructions = Number(/Collected : (\d+)/.exec(err)?.[1] ?? NaN);
      // Self cost of OpenSSL's SHA-256 block functions (sha256_block_data_order and its SIMD variants).
      const annotated = spawnSync("callgrind_annotate", ["--threshold=100", cg], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }).stdout ?? "";
      let sha256 = 0;
      for (const line of annotated.split("\n")) if (/sha256_block/.test(line)) sha256 += Number(line.trim().split(/\s/)[0]!.replace(/,/g, "")) || 0;
      const lines = readFileSync(out, "utf8").trim().split("\n").filter(Boolean).length;
      res({ instructions, sha256, lines, code });
    });
  });
}

export async function benchWork(o: { cli: string; archivesDir: string; trust: string; few: number; many: number }): Promise<WorkFigures> {
  const day = readdirSync(o.archivesDir).sort()[0]!;
  const dayDir = join(o.archivesDir, day);
  const names = readdirSync(dayDir).sort();
  if (names.length < o.many) throw new Error(`work: the first sealing day holds ${names.length} archives, fewer than ${o.many}`);
  const work = mkdtempSync(join(tmpdir(), "bench-work-"));
  try {
    // Both at once, one per core: each is single-threaded under valgrind.
    const [a, b] = await Promise.all([count(o.cli, dayDir, names, o.few, o.trust, work), count(o.cli, dayDir, names, o.many, o.trust, work)]);
    for (const [r, n] of [
      [a, o.few],
      [b, o.many],
    ] as const) {
      if (r.code !== 0 || r.lines !== n || !Number.isFinite(r.instructions)) {
        throw new Error(`work: verify-batch under valgrind over ${n} archives exited ${r.code} with ${r.lines} result lines`);
      }
    }
    const d = o.many - o.few;
    return { few: o.few, many: o.many, perArchive: (b.instructions - a.instructions) / d, sha256PerArchive: (b.sha256 - a.sha256) / d };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
