// Controlled-transfer ID tokens: the receiver's verifier and its key sources.
export { verifyIdToken } from "./verify.js";
export { type IdTokenAlgorithm, type IdTokenHeaderInfo, type IdTokenReport, type IdTokenTransfer, type VerifyIdTokenOptions } from "./types.js";
export type { BrokerEnvironment } from "./issuers.js";
export { snapshotKeySet } from "./discovery.js";
export { KeySourceError, parseJwks, type KeyOrigin, type KeyProvider, type KeySelection, type KeySet, type SkippedKey, type UsableKey } from "./jwks.js";
export { loadKeysFile, staticKeys, type JwksSnapshot } from "./key-source.js";
export { DiscoveryKeyProvider, fetchJwksSnapshot, type DiscoveryKeyProviderOptions, type DiscoveryOptions } from "./discovery.js";
export { MemoryReplayStore, ReplayStoreError, type MemoryReplayStoreOptions, type ReplayPresentation, type ReplayStore } from "./replay.js";
