// What a runner (a worker thread, or the calling thread) does with each archive: verify it (verifier.ts), or,
// when the batch augments, augment it (augment.ts). Apart from both, so that neither imports the other.
import type { WorkerInit } from "./types.js";
import { createVerifier, type Verifier } from "./verifier.js";

export async function createRunnerVerifier(init: WorkerInit): Promise<Verifier> {
  if (!init.augment) return createVerifier(init.verify);
  const { createAugmenter } = await import("./augment.js");
  return createAugmenter(init.verify, init.augment);
}
