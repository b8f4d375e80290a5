import type { Command } from "commander";

// Placeholder until its issue lands: registers nothing.
export function registerExtract(_program: Command): void {}
