import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two test files at a time even on two cores (vitest's default is one fewer than the cores: one file at a
    // time there). Most files spend much of their time waiting on a process they started (the CLI, chromium,
    // redis-server, a worker), so a second file uses the core the first leaves idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
