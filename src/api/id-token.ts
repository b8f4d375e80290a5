// Public API, controlled-transfer ID tokens: the receiver's verification, key sources, replay stores, rendering.
export * from "../idtoken/index.js";
export { renderIdTokenReport, type IdTokenRenderOptions } from "../render/id-token.js";
export { idTokenReportForOutput } from "../idtoken/output.js";
// Test-only tokens (sealcheck dev-token): the CLI's, not the package's public API.
export { DEV_ISSUER, DEV_KEY_FILES, makeDevKeys, signDevToken, writeDevKeys } from "../idtoken/dev-token.js";
