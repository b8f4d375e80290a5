// The command line's entry. Built, the CLI is one CommonJS bundle beside this file (sealcheck.cjs), compiled
// through V8's code cache: a cold `sealcheck verify` otherwise spends a fifth of its time compiling the same
// pkijs/asn1js functions on every run. The cache (`sealcheck.cjs.<node>-<arch>.v8cache`) holds compiled
// bytecode only, never results; V8 checks it against the source, its version and flags and ignores it on any
// mismatch, and then a new one is written when the process exits. SEALCHECK_NO_CODE_CACHE=1 turns it off.
// From the sources (tsx), there is no bundle and the program is imported directly.
import { closeSync, constants, existsSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import vm from "node:vm";

const bundle = fileURLToPath(new URL("./sealcheck.cjs", import.meta.url));

tuneCompiler();

// Built, this launcher is CommonJS too (an ES module entry costs Node ~10 ms more to start), hence no
// top-level await.
void (async () => {
  if (existsSync(bundle)) {
    await runBundle(bundle);
  } else {
    const program = "./program.js"; // not a literal: the build does not bundle the sources a second time
    const { main } = (await import(program)) as { main(): Promise<void> };
    await main();
  }
})();

async function runBundle(file: string): Promise<void> {
  const source = readFileSync(file, "utf8");
  const cacheFile = `${file}.${process.version}-${process.arch}.v8cache`;
  const useCache = !process.env.SEALCHECK_NO_CODE_CACHE;
  let cachedData: Buffer | undefined;
  if (useCache) {
    cachedData = readCache(cacheFile);
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (useCache && (!cachedData || script.cachedDataRejected)) {
    // At exit, so that the cache holds every function this run compiled. Written whole, then renamed:
    // concurrent runs never read half a file. A read-only install simply runs without one.
    process.once("exit", () => {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        // "wx" (O_EXCL): a new file, never one or a link planted at that name (then no cache is written).
        writeFileSync(tmp, script.createCachedData(), { flag: "wx" });
        renameSync(tmp, cacheFile);
      } catch {
        rmSync(tmp, { force: true });
      }
    });
  }
  const module = { exports: {} as { main(): Promise<void> } };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  await module.exports.main();
}

/**
 * The code cache, when it is a regular file of a sane size: opened without blocking and judged by fstat of
 * what was opened (a FIFO or a device left at its name must not hang or grow every start), read to its size.
 */
function readCache(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size === 0 || st.size > 256 * 1024 * 1024) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) return undefined;
      off += n;
    }
    return buf;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The optimising compiler (TurboFan), tuned for a run of many archives on few cores. By default V8 optimises a
 * function once it has run for an interrupt budget of 67,584 bytecode units, and inlines callees of up to 460
 * bytes of bytecode: asn1js's and pkijs's call trees made it compile the checks' large functions at 50-140 ms
 * each, on threads that share the cores with the verification, and recompile those that met new shapes.
 * Compiling took ~4.5 s of the ~10 s of CPU of a 1,000-archive verify-batch on 2 cores. Inlining only small
 * callees (60) and a four times larger budget (hot code still optimised, with more feedback and fewer
 * recompilations) leave 306 compilations of 1.2 s instead of 613 of 4.5 s, at the same speed once compiled
 * (BENCHMARKS.md, 2026-11-27). Set before any code is compiled: flags are part of what V8 checks a code cache
 * against, and the build fills the cache through this launcher too. A value given to node itself wins; Node
 * versions this was not measured on keep V8's defaults (V8 prints an error for a flag it lacks).
 */
function tuneCompiler(): void {
  const flags: readonly (readonly [string, number])[] = [
    ["--max-inlined-bytecode-size", 60],
    ["--interrupt-budget", 4 * 67_584],
  ];
  const major = Number(process.versions.node.split(".")[0]);
  if (major < 20 || major > 24) return;
  for (const [flag, value] of flags) {
    if (!process.execArgv.some((a) => a === flag || a.startsWith(`${flag}=`))) setFlagsFromString(`${flag}=${value}`);
  }
}
