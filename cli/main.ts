// The command line's entry. Built, the CLI is one CommonJS bundle beside this file (sealcheck.cjs), compiled
// through V8's code cache: a cold `sealcheck verify` otherwise spends a fifth of its time compiling the same
// pkijs/asn1js functions on every run. The cache (`sealcheck.cjs.<node>-<arch>.v8cache`) holds compiled
// bytecode only, never results; V8 checks it against the source, its version and flags and ignores it on any
// mismatch, and then a new one is written when the process exits. SEALCHECK_NO_CODE_CACHE=1 turns it off.
// From the sources (tsx), there is no bundle and the program is imported directly.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const bundle = fileURLToPath(new URL("./sealcheck.cjs", import.meta.url));

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
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
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
        writeFileSync(tmp, script.createCachedData());
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
