// Public API, trusted lists (ETSI TS 119 612): verification of a national list or the EU list of lists, its
// rendering, and the certificates of files to pin as list signers.
export * from "../trustlist/index.js";
export { renderTrustedListReport, type TrustedListRenderOptions } from "../render/trust-list.js";
export { readCertificateFiles, readCertificateFileSources } from "../pki/trust-store.js";
