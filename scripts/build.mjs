// Bundles the CLI with esbuild (code splitting keeps per-command imports lazy, for a fast cold start)
// and the library entry for `import "sealcheck"`. Type checking is `npm run typecheck` (part of `npm test`).
import { build } from "esbuild";
import { existsSync, rmSync } from "node:fs";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(
    Object.entries({ "cli/main": "cli/main.ts", "src/index": "src/index.ts", "src/batch/worker": "src/batch/worker.ts" })
      .filter(([, file]) => existsSync(file)),
  ),
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: false,
  logLevel: "warning",
  banner: { js: "#!/usr/bin/env node" },
});
