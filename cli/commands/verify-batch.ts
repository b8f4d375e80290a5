import type { Command } from "commander";

// Placeholder until its issue lands: registers nothing.
export function registerVerifyBatch(_program: Command): void {}
