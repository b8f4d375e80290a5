import type { Command } from "commander";
import { registerVerify } from "./verify.js";
import { registerVerifyIdToken } from "./verify-id-token.js";
import { registerJwks } from "./jwks.js";

/** One line per command; each register function declares options and lazily imports its implementation. */
export function registerCommands(program: Command): void {
  registerVerify(program);
  registerVerifyIdToken(program);
  registerJwks(program);
}
