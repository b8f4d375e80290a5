// Bundles the CLI with esbuild (code splitting keeps per-command imports lazy, for a fast cold start)
// and the library entry for `import "sealcheck"`, and the batch worker. Type checking is `npm run typecheck`
// (part of `npm test`).
//
// Dependencies are bundled too (BENCHMARKS.md, "cold start"): resolving and loading ~60 files of
// node_modules (jose alone is dozens of small modules) cost more at start-up than parsing the same code
// from a few chunks. `node scripts/build.mjs --outdir <dir>` builds elsewhere (the benchmark does, so that
// a concurrent build cannot pull dist/ from under it); `--external` keeps node_modules external.
import { build } from "esbuild";
import { existsSync, rmSync } from "node:fs";

const args = process.argv.slice(2);
const at = args.indexOf("--outdir");
const outdir = at >= 0 ? args[at + 1] : "dist";
if (!outdir) throw new Error("--outdir needs a directory");
const external = args.includes("--external");

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(
    Object.entries({ "cli/main": "cli/main.ts", "src/index": "src/index.ts", "src/batch/worker": "src/batch/worker.ts" })
      .filter(([, file]) => existsSync(file)),
  ),
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  ...(external ? { packages: "external" } : {}),
  // Chunks beside each other in chunks/, so that entries stay at their documented paths.
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  // commander is CommonJS: bundled CJS calls require() for node: built-ins, which ESM lacks.
  banner: {
    js: external
      ? "#!/usr/bin/env node"
      : '#!/usr/bin/env node\nimport { createRequire as __sealcheckRequire } from "node:module";\nconst require = __sealcheckRequire(import.meta.url);',
  },
});
