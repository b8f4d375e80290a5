import type { Command } from "commander";

// Placeholder until its issue lands: registers nothing.
export function registerInspect(_program: Command): void {}
