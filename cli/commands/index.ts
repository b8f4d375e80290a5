import type { Command } from "commander";
import { registerVerify } from "./verify.js";
import { registerVerifyIdToken } from "./verify-id-token.js";
import { registerJwks } from "./jwks.js";
import { registerInspect } from "./inspect.js";
import { registerExtract } from "./extract.js";
import { registerVerifyBatch } from "./verify-batch.js";
import { registerCompletion } from "./completion.js";
import { registerQueue } from "./queue.js";

/** One line per command; each register function declares options and lazily imports its implementation. */
export function registerCommands(program: Command): void {
  registerVerify(program);
  registerVerifyBatch(program);
  registerQueue(program);
  registerVerifyIdToken(program);
  registerJwks(program);
  registerInspect(program);
  registerExtract(program);
  registerCompletion(program);
}
