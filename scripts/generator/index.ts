// The sample generator's public API: see STATUS.md and samples/README.md.
export * from "./der.js";
export * from "./keys.js";
export * from "./timeline.js";
export * from "./pki.js";
export * from "./token.js";
export * from "./ocsp.js";
export * from "./originals.js";
export * from "./evidence.js";
export * from "./cms.js";
export * from "./pdf-bytes.js";
export * from "./pdf.js";
export * from "./incremental.js";
export * from "./attacks.js";
export * from "./archive.js";
export * from "./tools.js";
export * from "./servers.js";
export * from "./lta.js";
