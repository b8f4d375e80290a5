// Controlled-transfer ID tokens: the receiver's verifier and its key sources.
export { verifyIdToken, ID_TOKEN_CHECKS } from "./verify.js";
export {
  SUPPORTED_ALGORITHMS,
  type IdTokenAlgorithm,
  type IdTokenHeaderInfo,
  type IdTokenReport,
  type IdTokenTransfer,
  type VerifyIdTokenOptions,
} from "./types.js";
export { BROKER_ISSUERS, resolveIssuer, type BrokerEnvironment } from "./issuers.js";
export { snapshotKeySet } from "./discovery.js";
export {
  KeySourceError,
  parseJwks,
  selectKey,
  type KeyOrigin,
  type KeyProvider,
  type KeySelection,
  type KeySet,
  type SkippedKey,
  type UsableKey,
} from "./jwks.js";
export { loadKeysBytes, loadKeysFile, staticKeys, type JwksSnapshot } from "./key-source.js";
export {
  DISCOVERY_DEFAULTS,
  DiscoveryKeyProvider,
  discoveryUrl,
  fetchJwksSnapshot,
  type DiscoveryKeyProviderOptions,
  type DiscoveryOptions,
} from "./discovery.js";
export { MemoryReplayStore, ReplayStoreError, defaultReplayStore, type MemoryReplayStoreOptions, type ReplayStore } from "./replay.js";
export { RedisReplayStore, type RedisReplayStoreOptions } from "./replay-redis.js";
