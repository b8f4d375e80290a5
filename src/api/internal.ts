// The library's whole surface, by area (the modules of src/api): what the CLI and the tests use. Not an entry
// of the package: the public API is src/index.ts, a pinned selection of these (test/api/public-api.test.ts),
// and src/api/queue.ts (`sealcheck/queue`). The CLI imports the library only through src/api (enforced by
// .dependency-cruiser.cjs), so whatever the CLI does rests on the same modules a library user's calls do.
export * from "./common.js";
export * from "./archive.js";
export * from "./batch.js";
export * from "./id-token.js";
export * from "./inspect.js";
export * from "./trust-list.js";
export * from "./augment.js";
