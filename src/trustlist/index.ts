// Trusted lists (ETSI TS 119 612): verification of a national list or of the EU list of lists.
export { verifyTrustedList } from "./verify.js";
export type * from "./types.js";
export { loadTrustedListAnchors, type TrustedListAnchorOptions, type TrustedListInput } from "./anchors.js";
export type { TrustedListAnchors, ListAnchor, ListAnchorData, ListAnchorSource, ListTrustBasis, ListWindow } from "../pki/trust-store.js";
export type { ListCertificate, ListServiceDecision, TrustedListUse } from "../report/types.js";
