// Builds, with esbuild, the library entries for `import "sealcheck"` and `import "sealcheck/queue"` (the queue
// and the Redis replay store, whose bullmq and ioredis are optional) and its batch worker (ESM, code splitting),
// with its type declarations (tsc, tsconfig.build.json); and the CLI: `cli/main.js` (a small CommonJS launcher)
// runs `cli/sealcheck.cjs` (the whole CLI, one CommonJS file) through V8's code cache, which this build fills by
// verifying the bundled valid sample once (see cli/main.ts). Type checking is `npm run typecheck` (npm test).
//
// The library imports jose, pkijs, asn1js from node_modules: a security release of a dependency reaches its
// users, `npm audit` audits what runs, licence notices stay. Only the CLI (and the worker it starts) bundles
// them (BENCHMARKS.md, "cold start": loading ~60 small files of node_modules costs more at start-up than
// parsing one bundle). `node scripts/build.mjs --outdir <dir>` builds elsewhere (the benchmark does, so that
// a concurrent build cannot pull dist/ from under it); `--no-types` skips the declarations.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
const at = args.indexOf("--outdir");
const outdir = at >= 0 ? args[at + 1] : "dist";
if (!outdir) throw new Error("--outdir needs a directory");
const withTypes = !args.includes("--no-types");

rmSync(outdir, { recursive: true, force: true });
// What every output shares: one bundle per entry, for the Node versions package.json names.
const common = { outdir, bundle: true, platform: "node", target: "node20", sourcemap: false, legalComments: "none", logLevel: "warning" };

await build({
  ...common,
  entryPoints: Object.fromEntries(
    Object.entries({
      "src/index": "src/index.ts",
      "src/api/queue": "src/api/queue.ts",
      "src/api/dev-token": "src/api/dev-token.ts",
      "src/batch/worker": "src/batch/worker.ts",
    }).filter(([, file]) => existsSync(file)),
  ),
  splitting: true,
  format: "esm",
  // Chunks beside each other in chunks/, so that entries stay at their documented paths.
  chunkNames: "chunks/[name]-[hash]",
  packages: "external",
});

// The CLI's batch worker: the library's worker with its dependencies bundled, found first by the bundled pool
// (src/batch/pool.ts looks for ./worker.mjs beside it), so that each worker thread starts as fast as the CLI.
await build({
  ...common,
  entryPoints: { "cli/worker": "src/batch/worker.ts" },
  outExtension: { ".js": ".mjs" },
  format: "esm",
  // Bundled CommonJS dependencies call require() for node: built-ins, which ESM lacks.
  banner: { js: 'import { createRequire as __sealcheckRequire } from "node:module";\nconst require = __sealcheckRequire(import.meta.url);' },
});

if (withTypes) {
  // Declarations for `import "sealcheck"` (dist/src/**/*.d.ts, beside the entry the exports map names).
  const tsc = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json", "--outDir", outdir], { stdio: "inherit" });
  if (tsc.status !== 0) throw new Error("tsc could not emit the type declarations");
  // Hand-written declarations (src/trustlist/xml-libs.d.ts) are inputs to tsc, which does not copy them.
  for (const f of ["src/trustlist/xml-libs.d.ts"]) copyFileSync(f, join(outdir, f));
}

// commander requires node:child_process (and with it net, dgram, ...) when it loads, for executable
// sub-commands, which this CLI has none of: in the CLI bundle it is required on first use instead.
const lazyChildProcess = {
  name: "lazy-child-process",
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (a) =>
      /[\\/]commander[\\/]/.test(a.importer) ? { path: "child_process", namespace: "lazy" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "lazy" }, () => ({
      contents: 'module.exports = new Proxy({}, { get: (_, k) => require("node:child_process")[k] });',
      loader: "js",
    }));
  },
};

// The CLI as one CommonJS script: vm.Script can use a code cache for it (ES modules cannot be cached on
// Node 20). `import.meta.url` (the batch pool finds its worker by it) becomes this file's URL.
await build({
  ...common,
  entryPoints: { "cli/sealcheck": "cli/program.ts" },
  outExtension: { ".js": ".cjs" },
  format: "cjs",
  define: { "import.meta.url": "__sealcheckModuleUrl" },
  // The queue's dependencies stay in node_modules, required only by the queue and worker commands: bundled,
  // they would make the bundle (and every cold start's parse) larger for commands that never use them.
  // import() of them becomes require(): the bundle runs in a vm.Script, which has no ES module loader.
  external: ["bullmq", "ioredis"],
  supported: { "dynamic-import": false },
  // Smaller source and code cache: ~8 ms less per cold start. Names kept (error messages may show them).
  minify: true,
  keepNames: true,
  banner: { js: 'const __sealcheckModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  plugins: [lazyChildProcess],
  // The ES builds of pkijs, asn1js and their helpers (every one has both): bundled as ES modules, their
  // exports are plain bindings, not a copy of pkijs's ~800 exports made for each importing module
  // (esbuild's __toESM), and what the CLI never uses is left out. Real archive cold, callgrind: -20M
  // instructions of ~1,300M.
  mainFields: ["module", "main"],
  logLevel: "error",
});

// The launcher, CommonJS as well (a package.json beside it says so): Node starts a CommonJS entry ~10 ms
// faster than an ES module one.
await build({
  ...common,
  entryPoints: { "cli/main": "cli/main.ts" },
  format: "cjs",
  define: { "import.meta.url": "__sealcheckModuleUrl" },
  banner: { js: '#!/usr/bin/env node\nconst __sealcheckModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  logLevel: "error",
});
writeFileSync(join(outdir, "cli/package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
// Executable, as npm makes a bin when it links it: a rebuild (npm test rebuilds) must not take that away,
// or `npx sealcheck` fails with "Permission denied".
chmodSync(join(outdir, "cli/main.js"), 0o755);

// The browser page (issue 38): dist/web/sealcheck.html; `--web-anchors <file>` (repeatable) bundles anchors.
const { buildWeb } = await import("./build-web.mjs");
await buildWeb({ outdir: join(outdir, "web"), anchors: args.flatMap((a, i) => (args[i - 1] === "--web-anchors" ? [a] : [])) });

// Fill the code cache with what a verification compiles (best effort: a build without samples has none
// until the first run writes it).
if (existsSync("samples/valid/archive.pdf")) {
  spawnSync(process.execPath, [join(outdir, "cli/main.js"), "verify", "samples/valid/archive.pdf", "samples/valid/originals", "--trust", "samples/trust"], {
    stdio: "ignore",
  });
}
