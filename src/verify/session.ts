// A verification session (as pyHanko's ValidationContext), the one owner of a verification's decisions: the
// normalised policy (src/policy.ts), the trust store built from it, the options the checks read, the limits,
// the PKI session (its caches) and the ID tokens' replay store. Every verifier takes one (verifyArchive with or
// without --token, every evidence form, verifyIdToken, batch workers); createSession is the only place options
// are resolved. Its lifetime is its owner's: a library caller keeps one across calls, a batch worker keeps one
// for its whole batch (so that what repeats across archives, the broker's certificates and CRLs, is decoded
// once); clear() drops the caches. A verifyArchive call without a session gets one of its own from its options
// (callSession), with the default process session's caches, which clearDefaultSession() drops.
import { SealcheckError, errorMessage } from "../errors.js";
import { readRegularFile } from "../input/files.js";
import { parseCryptoPolicy, type CryptoPolicy } from "../pki/algorithms.js";
import { resolveLimits, type Limits } from "../limits.js";
import { normalisePolicy, pickPolicy, ORGANIZATION_IDENTIFIER_FORM, POLICY_KEYS, type NormalisedPolicy, type Policy } from "../policy.js";
import { indexTrustStore, loadCertificates, loadTrustStore, type IndexedTrustStore, type TrustStore } from "../pki/trust-store.js";
import { thumbprint } from "../pki/certificate.js";
import { PkiCaches } from "../pki/kept.js";
import { PkiSession } from "../pki/session.js";
import { refuseAlgorithm } from "../pki/jose-policy.js";
import type { SealSignerPolicy } from "../evidence/broker-identity.js";
import { DEFAULT_ARCHIVE_OPTIONS, type ArchiveOptions } from "../checks/facts.js";
import type { ReplayStore } from "../idtoken/replay.js";

/** The policy under its former name: the options that shape an archive's verdict (src/policy.ts). */
export type VerdictOptions = Policy;

export interface SessionOptions extends Policy {
  /** A loaded trust store instead of `trust`/`certs`/`trustFor`/`trustedLists`. */
  trustStore?: TrustStore;
  /** Decode by parts (default) or always whole: the same results, see PkiSessionOptions. */
  byParts?: boolean;
  /**
   * Replay detection of ID tokens verified with this session (verifyIdToken): a shared store (Redis), or null
   * to switch it off. Default: the process's in-memory store.
   */
  replayStore?: ReplayStore | null;
  /**
   * Where "now" comes from (the validation time without `at`, augment's time checks): default the system
   * clock. For tests and replays that say the time they mean; `at` stays the user's way to move the validation time.
   */
  clock?: () => Date;
}

/**
 * What a session fixes and a call made with it may not give again: the policy's options and the session's own
 * (`showPersonalData` excepted: a call may unmask its own report).
 */
export const SESSION_OPTION_NAMES: readonly (keyof SessionOptions)[] = [
  ...POLICY_KEYS.filter((k) => k !== "showPersonalData"),
  "trustStore",
  "byParts",
  "replayStore",
  "clock",
];

export class VerificationSession {
  /** @internal use createSession */
  constructor(
    /** The policy in its normal form (what batch workers and the queue receive, and the run key hashes). */
    readonly policy: NormalisedPolicy,
    readonly limits: Limits,
    /** The trust store, frozen, its indexes built once (indexTrustStore). */
    readonly trust: IndexedTrustStore,
    readonly options: ArchiveOptions,
    readonly pki: PkiSession,
    /** undefined: the process's in-memory store (ID tokens). */
    readonly replayStore?: ReplayStore | null,
    /** Where "now" comes from: the one clock of everything verified with this session. */
    readonly clock: () => Date = systemClock,
  ) {}

  /** Drops every cache (decoded certificates, CRLs, OCSP responses, imported keys); trust and options stay. */
  clear(): void {
    this.pki.clear();
  }
}

/**
 * The one place a policy is resolved: normalised (defaults filled, empties dropped), its anchors loaded, its seal
 * signers resolved, its limits fixed. Throws SealcheckError for unusable options (a bad --trust, --at or
 * --seal-signer), as verifyArchive would.
 */
export function createSession(o: SessionOptions = {}): VerificationSession {
  return sessionWith(o, new PkiCaches());
}

/** createSession with the given caches (the default process session's, for calls without a session). */
export function sessionWith(o: SessionOptions, caches: PkiCaches): VerificationSession {
  if (o === null || typeof o !== "object") throw new SealcheckError("ERR_USAGE", 'createSession: expected a policy object, e.g. { trust: ["roots/"] }');
  const policy = normalisePolicy(pickPolicy(o));
  const limits = resolveLimits(policy.limits);
  const options = archiveOptions(policy);
  const pki = new PkiSession(limits, caches, o.byParts === undefined ? {} : { byParts: o.byParts });
  if (o.clock !== undefined && typeof o.clock !== "function")
    throw new SealcheckError("ERR_USAGE", "clock: expected a function returning the current Date", { option: "clock" });
  const trust = indexTrustStore(o.trustStore ?? loadTrustStore(policy.trust ?? [], policy.certs ?? [], policy.trustFor ?? {}, pki, policy.trustedLists));
  return new VerificationSession(policy, limits, trust, options, pki, o.replayStore, o.clock ? checkedClock(o.clock) : systemClock);
}

/** The system clock: the default "now". */
const systemClock = (): Date => new Date();

/** A caller's clock, each reading checked: a clock that returns no valid Date is a usage error, never a NaN time. */
function checkedClock(clock: () => Date): () => Date {
  return () => {
    const t = clock();
    if (!(t instanceof Date) || Number.isNaN(t.getTime())) throw new SealcheckError("ERR_USAGE", "clock: it returned no valid Date", { option: "clock" });
    return t;
  };
}

/** The options the archive checks read, from a normalised policy (the seal signers' files read). */
function archiveOptions(p: NormalisedPolicy): ArchiveOptions {
  // The one JOSE policy: only asymmetric algorithms can be allowed (never none or HMAC, in any spelling).
  for (const a of p.tokenAlgorithms) {
    if (refuseAlgorithm(a, [a]) !== null)
      throw new SealcheckError("ERR_USAGE", `algorithm ${JSON.stringify(a)} cannot be allowed for Workflow tokens`, { option: "tokenAlgorithms" });
  }
  return {
    ...DEFAULT_ARCHIVE_OPTIONS,
    ...(p.at !== undefined ? { at: new Date(p.at) } : {}),
    ocspWindowSeconds: p.ocspWindowSeconds,
    clockSkewSeconds: p.clockSkewSeconds,
    tokenAlgorithms: p.tokenAlgorithms,
    tokenSignerOrganizations: p.tokenSignerOrganizations,
    ...(p.sealSigners ? { sealSigners: resolveSealSigners(p.sealSigners) } : {}),
    allowExtraOriginals: p.allowExtraOriginals ?? false,
    ...(p.cryptoPolicy !== undefined ? { cryptoPolicy: loadCryptoPolicy(p.cryptoPolicy) } : {}),
  };
}

/** The largest policy file read: real ones are a few KiB. */
const MAX_POLICY_BYTES = 1024 * 1024;

/**
 * A crypto policy file (the cryptoPolicy option; the CLI's --policy): one usage error naming the option, the
 * file and what is wrong, never a stack trace.
 */
function loadCryptoPolicy(file: string): CryptoPolicy {
  const option = "cryptoPolicy";
  if (typeof file !== "string" || file === "")
    throw new SealcheckError("ERR_USAGE", "cryptoPolicy: expected the path of a policy file (schemas/crypto-policy.schema.json)", { option });
  let text: string;
  try {
    text = readRegularFile(file, MAX_POLICY_BYTES, { what: "policy " }).toString("utf8");
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError("ERR_USAGE", `cryptoPolicy: ${file}: ${errorMessage(e)}`, { file, option });
  }
  try {
    return parseCryptoPolicy(JSON.parse(text));
  } catch (e) {
    throw new SealcheckError("ERR_USAGE", `cryptoPolicy: ${file}: not a crypto policy (schemas/crypto-policy.schema.json): ${errorMessage(e)}`, {
      file,
      option,
    });
  }
}

/** sealSigners (--seal-signer) values: organizationIdentifiers as they are, certificate files as SHA-256 thumbprints. */
export function resolveSealSigners(values: readonly string[]): SealSignerPolicy {
  const organizations: string[] = [];
  const certificates: string[] = [];
  for (const v of values) {
    if (ORGANIZATION_IDENTIFIER_FORM.test(v)) organizations.push(v);
    // Anything else is a certificate file; a missing one is a usage error naming it (exit 3).
    else certificates.push(...loadCertificates([v], "sealSigners").map((c) => thumbprint(c, "sha256")));
  }
  return { organizations, certificates };
}

// The default process session's caches: used by verifyArchive calls without a session.
const processCaches = new PkiCaches();

/** A session for one call made without one: the call's own policy, the default process session's caches. */
export function callSession(o: SessionOptions): VerificationSession {
  return sessionWith(o, processCaches);
}

/** Drops the caches of the default process session (verifyArchive calls without a session). */
export function clearDefaultSession(): void {
  processCaches.clear();
}
