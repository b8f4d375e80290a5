// Public API, controlled-transfer ID tokens: the receiver's verification, key sources, replay stores, rendering.
export * from "../idtoken/index.js";
export { renderIdTokenReport, type IdTokenRenderOptions } from "../render/id-token.js";
export { idTokenReportForOutput } from "../idtoken/output.js";
