// Public API, controlled-transfer ID tokens: the receiver's verification, key sources, replay stores, rendering.
export * from "../idtoken/index.js";
export { idTokenReportForOutput, renderIdTokenReport, type IdTokenRenderOptions } from "../render/id-token.js";
