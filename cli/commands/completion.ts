import type { Command } from "commander";

// Placeholder until its issue lands: registers nothing.
export function registerCompletion(_program: Command): void {}
