import type { Command } from "commander";
import { registerVerify } from "./verify.js";
import { registerVerifyIdToken } from "./verify-id-token.js";
import { registerVerifyTl } from "./verify-tl.js";
import { registerJwks } from "./jwks.js";
import { registerInspect } from "./inspect.js";
import { registerExtract } from "./extract.js";
import { registerVerifyBatch } from "./verify-batch.js";
import { registerCompletion } from "./completion.js";
import { registerQueue } from "./queue.js";
import { registerAugment } from "./augment.js";
import { registerDevToken } from "./dev-token.js";

/** One line per command; each register function declares options and lazily imports its implementation. */
const COMMANDS: Record<string, (program: Command) => void> = {
  verify: registerVerify,
  "verify-batch": registerVerifyBatch,
  augment: registerAugment,
  queue: registerQueue,
  worker: registerQueue,
  "verify-id-token": registerVerifyIdToken,
  "verify-tl": registerVerifyTl,
  jwks: registerJwks,
  "dev-token": registerDevToken,
  inspect: registerInspect,
  extract: registerExtract,
  completion: registerCompletion,
};

/**
 * Declares the commands. Given the command the run names (`only`), just that one: the others' options and
 * help texts cost a cold start ~2 ms for nothing. Help, unknown commands and completion (which lists them
 * all) get every command.
 */
export function registerCommands(program: Command, only?: string): void {
  const one = only !== undefined && only !== "completion" && Object.hasOwn(COMMANDS, only) ? COMMANDS[only] : undefined;
  for (const register of one ? [one] : new Set(Object.values(COMMANDS))) register(program);
}
