// Public API, long-term preservation: augment a sealed PAdES to PAdES-BASELINE-LTA (validation data in a DSS,
// then a document timestamp from an RFC 3161 TSA), and write the result whole or not at all.
/** @public the library API of augment (not yet among the pinned names of src/index.ts) */
export { augmentArchive, writeAugmented, type AugmentOptions, type AugmentResult } from "../augment/augment.js";
/** @public */
export { DEFAULT_HTTP_LIMITS, type HttpLimits } from "../augment/http.js";
/** @public augmenting many archives (augment <dir>…): on the batch's worker threads, written where the job says */
export { augmentMany, type AugmentJob } from "../batch/index.js";
/** @public */
export type { AugmentOutcome } from "../batch/types.js";
/** @public */
export { augmentTarget, planAugment, JOURNAL_FILE, type AugmentPlan } from "../batch/augment.js";
