// Public types of the controlled-transfer ID token verifier (verifyIdToken and its key sources).
import type { VerificationSession } from "../verify/session.js";
import type { Limits } from "../limits.js";
import type { ValidationTimeInput } from "../time.js";
import type { ReportBase } from "../report/types.js";
import type { KeyProvider } from "./jwks.js";
import type { ReplayStore } from "./replay.js";

import type { IdTokenAlgorithm } from "./algorithms.js";
export { SUPPORTED_ALGORITHMS, type IdTokenAlgorithm } from "./algorithms.js";
export interface VerifyIdTokenOptions {
  /** Expected `iss`: a URL, or a broker environment name (`production`, `preproduction`, `test`). */
  issuer: string;
  /** The receiver: `"DK"` + CVR, as the broker writes `aud`. */
  audience: string;
  /** Expected `ct_sender` (`"DK"` + CVR), or several accepted senders. Without it the sender is reported, not compared. */
  sender?: string | readonly string[];
  /** Where the broker's keys come from: a provider from `staticKeys(...)`, `loadKeysFile(...)` or `DiscoveryKeyProvider`. */
  keys: KeyProvider;
  /** Allowed `alg` values. Default `["RS256"]` (the broker's `id_token_signing_alg_values_supported`). */
  algorithms?: readonly IdTokenAlgorithm[];
  /** Validation time. Default: the current time. */
  at?: ValidationTimeInput;
  /** Clock tolerance for `exp`, `nbf`, `iat`, in seconds. Default 60. */
  clockToleranceSec?: number;
  /** Oldest acceptable token, seconds since `iat`. Default: none beyond `exp`. */
  maxAgeSec?: number;
  /**
   * Replay detection on `ct_id`. Default: one in-memory store shared by the process. Pass a shared store
   * (Redis, database) when the receiver runs several instances, or `null` to switch detection off.
   */
  replayStore?: ReplayStore | null;
  limits?: Partial<Limits>;
  /**
   * A verification session (createSession) whose validation time (`at`), limits and replay store this call
   * uses: then `at`, `limits` and `replayStore` may not be given here.
   */
  session?: VerificationSession;
}

/** The transfer as the broker delivered it; present only when the verdict is TOTAL-PASSED. */
export interface IdTokenTransfer {
  /** `ct_id`: the transfer identifier. */
  id: string;
  /** `ct_sender`: the sender organisation, `"DK"` + CVR. */
  sender: string;
  /** `ct_sender_traceId`: the sender's trace identifier. */
  traceId: string;
  /** `aud` as written in the token. */
  audience: string | string[];
  issuer: string;
  /** `ct_claims`, parsed. May hold personal data. */
  claims: Record<string, string>;
  /** Set in output only (`verify-id-token --json`): the claims whose values are masked as personal data. */
  maskedClaims?: string[];
  /** Set in output only (`verify-id-token --json`): the claims that are times (`auth_time`), as ISO 8601 UTC. */
  claimTimes?: Record<string, string>;
  issuedAt: string;
  notBefore: string | null;
  expiresAt: string;
}

export interface IdTokenHeaderInfo {
  alg: string | null;
  kid: string | null;
  typ: string | null;
}

export interface IdTokenReport extends ReportBase {
  kind: "id-token";
  header: IdTokenHeaderInfo | null;
  transfer: IdTokenTransfer | null;
}
