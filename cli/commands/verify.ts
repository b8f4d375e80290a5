import type { Command } from "commander";

export function registerVerify(_program: Command): void {}
