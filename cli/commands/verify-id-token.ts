import type { Command } from "commander";

// Placeholder: implemented in its own issue.
export function registerVerifyIdToken(_program: Command): void {}
