// Online keys: `{issuer}/.well-known/openid-configuration` → `jwks_uri`, with the discovery `issuer` bound to
// the expected issuer, a cache with a maximum age, and a refetch on an unknown kid limited by a cooldown.
import { durationOption } from "../time.js";
import { SealcheckError, errorMessage } from "../errors.js";
import { isPlainObject } from "../input/json.js";
import { resolveLimits, type Limits } from "../limits.js";
import { assertFetchableUrl, fetchJson } from "./http.js";
import { resolveIssuer } from "./issuers.js";
import { KeySourceError, parseJwks, type KeyProvider, type KeySet } from "./jwks.js";
import type { JwksSnapshot } from "./key-source.js";
import { quoteValue } from "../report/quoted-name.js";

export interface DiscoveryOptions {
  /** Timeout per document (discovery, JWKS), milliseconds. Default 5000. */
  timeoutMs?: number;
  /** Largest discovery or JWKS response, bytes. Default 1 MiB. */
  maxResponseBytes?: number;
  limits?: Partial<Limits>;
}

export interface DiscoveryKeyProviderOptions extends DiscoveryOptions {
  /** A fetched key set is used for at most this long, seconds. Default 600. */
  cacheMaxAgeSec?: number;
  /** At most one refetch (after an unknown kid, or after a failure) per this many seconds. Default 60. */
  refetchCooldownSec?: number;
  /** Clock in milliseconds since the epoch; tests replace it. Default Date.now. */
  now?: () => number;
}

/** Node's timers hold at most 2^31-1 ms; a larger timeout would fire after 1 ms (TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2_147_483_647;

function positive(value: number | undefined, fallback: number, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!(typeof value === "number" && Number.isFinite(value) && value > 0 && value <= max))
    throw new SealcheckError("ERR_USAGE", `${what} must be a positive number up to ${max}`, { option: /\((\w+)\)$/.exec(what)?.[1] ?? what });
  return value;
}

export const DISCOVERY_DEFAULTS = Object.freeze({ timeoutMs: 5000, maxResponseBytes: 1024 * 1024, cacheMaxAgeSec: 600, refetchCooldownSec: 60 });

/** OIDC Discovery §4: the issuer with any trailing slash removed, then the well-known path. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
}

/**
 * Fetches discovery and JWKS once and returns them as a snapshot. Throws KeySourceError when the issuer's
 * discovery document names another issuer, has no usable `jwks_uri`, or when either fetch fails.
 */
export async function fetchJwksSnapshot(issuerOrEnvironment: string, opts: DiscoveryOptions = {}): Promise<JwksSnapshot> {
  const issuer = resolveIssuer(issuerOrEnvironment);
  const limits = resolveLimits(opts.limits);
  const fetchLimits = {
    timeoutMs: positive(opts.timeoutMs, DISCOVERY_DEFAULTS.timeoutMs, "the timeout (timeoutMs)", MAX_TIMER_MS),
    maxBytes: positive(opts.maxResponseBytes, DISCOVERY_DEFAULTS.maxResponseBytes, "the response size limit (maxResponseBytes)"),
  };
  const url = discoveryUrl(issuer);
  assertFetchableUrl(url, "the discovery document");
  const discovery = await fetchJson(url, "the discovery document", fetchLimits, limits);
  if (!isPlainObject(discovery)) throw new KeySourceError(`the discovery document ${url} is not a JSON object`, false);
  // OIDC Discovery §4.3: the issuer in the document must be exactly the one it was fetched for.
  if (discovery.issuer !== issuer) {
    throw new KeySourceError(`the discovery document ${url} names issuer ${quoteValue(discovery.issuer)}, not the expected ${issuer}`, false);
  }
  if (typeof discovery.jwks_uri !== "string") throw new KeySourceError(`the discovery document ${url} has no jwks_uri`, false);
  const jwksUri = discovery.jwks_uri;
  const jwks = await fetchJson(jwksUri, "the JWKS", fetchLimits, limits);
  if (!isPlainObject(jwks)) throw new KeySourceError(`the JWKS ${jwksUri} is not a JSON object`, false);
  return { format: "sealcheck-jwks-snapshot/1", issuer, retrievedAt: new Date().toISOString(), discoveryUrl: url, jwksUri, discovery, jwks };
}

/** Turns a fetched snapshot into a key set; a document that is no JWKS is a non-transient source error. */
export function snapshotKeySet(snapshot: JwksSnapshot, limits: Pick<Limits, "maxJwksKeys">): KeySet {
  try {
    return parseJwks(snapshot.jwks, { source: "discovery", location: snapshot.jwksUri, issuer: snapshot.issuer, retrievedAt: snapshot.retrievedAt }, limits);
  } catch (e) {
    throw new KeySourceError(`the JWKS ${snapshot.jwksUri}: ${errorMessage(e)}`, false, e);
  }
}

/**
 * The receiver's long-lived key source: create one per issuer at start-up and pass it to every
 * verifyIdToken call. Concurrent callers share one fetch.
 */
export class DiscoveryKeyProvider implements KeyProvider {
  readonly issuer: string;
  private readonly opts: Required<Omit<DiscoveryKeyProviderOptions, "limits" | "now">> & { limits: Limits };
  private readonly now: () => number;
  private cached: { set: KeySet; fetchedAt: number } | null = null;
  private inflight: Promise<KeySet> | null = null;
  private lastAttempt = Number.NEGATIVE_INFINITY;
  private lastError: KeySourceError | null = null;

  constructor(issuerOrEnvironment: string, opts: DiscoveryKeyProviderOptions = {}) {
    this.issuer = resolveIssuer(issuerOrEnvironment);
    this.now = opts.now ?? Date.now;
    this.opts = {
      timeoutMs: positive(opts.timeoutMs, DISCOVERY_DEFAULTS.timeoutMs, "the timeout (timeoutMs)", MAX_TIMER_MS),
      maxResponseBytes: positive(opts.maxResponseBytes, DISCOVERY_DEFAULTS.maxResponseBytes, "the response size limit (maxResponseBytes)"),
      cacheMaxAgeSec: durationOption(opts.cacheMaxAgeSec, DISCOVERY_DEFAULTS.cacheMaxAgeSec, "the cache maximum age (cacheMaxAgeSec)"),
      // A negative or NaN cooldown would switch the refetch protection off: range-checked like every option.
      refetchCooldownSec: durationOption(opts.refetchCooldownSec, DISCOVERY_DEFAULTS.refetchCooldownSec, "the refetch cooldown (refetchCooldownSec)"),
      limits: resolveLimits(opts.limits),
    };
    assertFetchableUrl(discoveryUrl(this.issuer), "the discovery document");
  }

  private inCooldown(): boolean {
    return this.now() - this.lastAttempt < this.opts.refetchCooldownSec * 1000;
  }

  private load(): Promise<KeySet> {
    this.inflight ??= (async () => {
      this.lastAttempt = this.now();
      try {
        const snapshot = await fetchJwksSnapshot(this.issuer, this.opts);
        const set = snapshotKeySet(snapshot, this.opts.limits);
        this.cached = { set, fetchedAt: this.now() };
        this.lastError = null;
        return set;
      } catch (e) {
        this.lastError = e instanceof KeySourceError ? e : new KeySourceError(errorMessage(e), true, e);
        throw this.lastError;
      } finally {
        this.inflight = null;
      }
    })();
    return this.inflight;
  }

  async current(): Promise<KeySet> {
    if (this.cached && this.now() - this.cached.fetchedAt < this.opts.cacheMaxAgeSec * 1000) return this.cached.set;
    // After a failure, do not hammer the broker on every exchange: repeat the error until the cooldown ends.
    if (this.lastError && this.inCooldown()) throw this.lastError;
    return this.load();
  }

  async refresh(): Promise<KeySet | null> {
    if (this.inflight) return this.inflight;
    if (this.inCooldown()) return null;
    return this.load();
  }
}
