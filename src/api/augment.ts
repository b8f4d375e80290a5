// Public API, long-term preservation: augment a sealed PAdES to PAdES-BASELINE-LTA (validation data in a DSS,
// then a document timestamp from an RFC 3161 TSA), and write the result whole or not at all.
export { augmentArchive, writeAugmented, type AugmentOptions, type AugmentResult } from "../augment/augment.js";
export { DEFAULT_HTTP_LIMITS, type HttpLimits } from "../augment/http.js";
