// Public API of the sealcheck library. No function here prints or exits; bad evidence yields a report,
// usage problems a SealcheckError with a stable `code`. It is the modules of src/api, by area; the CLI uses
// nothing else.
export * from "./api/common.js";
export * from "./api/archive.js";
export * from "./api/batch.js";
export * from "./api/queue.js";
export * from "./api/id-token.js";
export * from "./api/inspect.js";
export * from "./api/trust-list.js";
export * from "./api/augment.js";
