import type { Command } from "commander";

// Placeholder: implemented in its own issue.
export function registerJwks(_program: Command): void {}
