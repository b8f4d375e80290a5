// A verification session (as pyHanko's ValidationContext): the trust store, the resolved verdict options, the
// limits and the PKI session (its caches) that the archives verified with it share. Its lifetime is its
// owner's: a library caller keeps one across calls, a batch worker keeps one for its whole batch (so that
// what repeats across archives, the broker's certificates and CRLs, is decoded once); clear() drops the
// caches. verifyArchive without a session reads its options from the call and uses the default process
// session's caches, which clearDefaultSession() drops.
import { SealcheckError } from "../errors.js";
import { resolveLimits, type Limits } from "../limits.js";
import { durationOption, parseValidationTime, type ValidationTimeInput } from "../time.js";
import { loadCertificates, loadTrustStore, type TrustRole, type TrustStore, type TrustedListAnchors } from "../pki/trust-store.js";
import { thumbprint } from "../pki/certificate.js";
import { PkiCaches } from "../pki/kept.js";
import { PkiSession } from "../pki/session.js";
import { refuseAlgorithm } from "../pki/jose-policy.js";
import { ORGANIZATION_IDENTIFIER_FORM, type SealSignerPolicy } from "../evidence/broker-identity.js";
import { DEFAULT_ARCHIVE_OPTIONS, type ArchiveOptions, type JwsAlgorithm } from "../checks/facts.js";

/**
 * The options that shape an archive's verdict, the same for one archive (verifyArchive), a batch
 * (verifyMany, verify-batch) and the CLI's `verify` (its flags are declared once in cli/options.ts).
 */
export interface VerdictOptions {
  /** Trust anchors (--trust): files or directories. */
  trust?: readonly string[];
  /** Untrusted path-building certificates (--certs). */
  certs?: readonly string[];
  ocspWindowSeconds?: number;
  clockSkewSeconds?: number;
  tokenAlgorithms?: readonly JwsAlgorithm[];
  /** organizationIdentifier values allowed to sign Workflow tokens (default: the broker's, NTRDK-29915938). */
  tokenSignerOrganizations?: readonly string[];
  /**
   * Sealers accepted besides the broker's production and test seals (--seal-signer): each an
   * organizationIdentifier (`NTRNO-933127990`) or the path of a certificate file (PEM/DER, every
   * certificate in it accepted by its exact bytes).
   */
  sealSigners?: readonly string[];
  /** A supplied file that matches no document_N is a warning instead of TOTAL-FAILED/HASH_FAILURE. */
  allowExtraOriginals?: boolean;
  /** Anchors restricted to one role (--trust-token, --trust-seal, --trust-tsa), besides `trust` for all. */
  trustFor?: Partial<Record<TrustRole, readonly string[]>>;
  /**
   * Anchors from verified trusted lists (loadTrustedListAnchors; --trusted-list): each service certificate for
   * the roles its type allows, only in the periods its status vouched.
   */
  trustedLists?: TrustedListAnchors;
  limits?: Partial<Limits>;
  /** Put personal data values in the report (default: masked, names of claims only). */
  showPersonalData?: boolean;
}

/** The names of the verdict options (what a session fixes), `at` and `trustStore` included. */
export const VERDICT_OPTION_NAMES = [
  "trust",
  "certs",
  "trustFor",
  "trustedLists",
  "trustStore",
  "at",
  "ocspWindowSeconds",
  "clockSkewSeconds",
  "tokenAlgorithms",
  "tokenSignerOrganizations",
  "sealSigners",
  "allowExtraOriginals",
  "limits",
] as const satisfies readonly (keyof SessionOptions)[];

// Every verdict option is in VERDICT_OPTION_NAMES (a compile error names the one that is not).
type Unlisted = Exclude<keyof SessionOptions, (typeof VERDICT_OPTION_NAMES)[number] | "showPersonalData" | "byParts">;
const everyVerdictOptionListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyVerdictOptionListed;

export interface SessionOptions extends VerdictOptions {
  /** A loaded trust store instead of `trust`/`certs`/`trustFor`. */
  trustStore?: TrustStore;
  /** Validation time; default: the time each archive's evidence proves. */
  at?: ValidationTimeInput;
  /** Decode by parts (default) or always whole: the same results, see PkiSessionOptions. */
  byParts?: boolean;
}

export class VerificationSession {
  /** @internal use createSession */
  constructor(
    readonly limits: Limits,
    readonly trust: TrustStore,
    readonly options: ArchiveOptions,
    readonly pki: PkiSession,
  ) {}

  /** Drops every cache (decoded certificates, CRLs, OCSP responses, imported keys); trust and options stay. */
  clear(): void {
    this.pki.clear();
  }
}

/**
 * A session for the archives verified with it. Throws SealcheckError for unusable options (a bad --trust,
 * --at or --seal-signer), as verifyArchive would.
 */
export function createSession(o: SessionOptions = {}): VerificationSession {
  const limits = resolveLimits(o.limits);
  const options = resolveOptions(o);
  const pki = new PkiSession(limits, new PkiCaches(), o.byParts === undefined ? {} : { byParts: o.byParts });
  const trust = o.trustStore ?? loadTrustStore(o.trust ?? [], o.certs ?? [], o.trustFor ?? {}, pki, o.trustedLists);
  return new VerificationSession(limits, trust, options, pki);
}

export function parseAt(at: ValidationTimeInput | undefined): Date | undefined {
  return at === undefined ? undefined : parseValidationTime(at);
}

/** The verdict options with their defaults, checked (a bad value is a usage error). */
export function resolveOptions(o: VerdictOptions & { at?: ValidationTimeInput }): ArchiveOptions {
  const opts: ArchiveOptions = { ...DEFAULT_ARCHIVE_OPTIONS };
  const at = parseAt(o.at);
  if (at) opts.at = at;
  for (const k of ["ocspWindowSeconds", "clockSkewSeconds"] as const) opts[k] = durationOption(o[k], opts[k], k);
  if (o.tokenAlgorithms) {
    // The one JOSE policy: only asymmetric algorithms can be allowed (never none or HMAC, in any spelling).
    for (const a of o.tokenAlgorithms) {
      if (refuseAlgorithm(a, [a]) !== null) throw new SealcheckError("ERR_USAGE", `algorithm ${JSON.stringify(a)} cannot be allowed for Workflow tokens`);
    }
    opts.tokenAlgorithms = o.tokenAlgorithms;
  }
  if (o.tokenSignerOrganizations?.length) {
    for (const org of o.tokenSignerOrganizations) {
      if (!ORGANIZATION_IDENTIFIER_FORM.test(org))
        throw new SealcheckError("ERR_USAGE", `--token-signer ${JSON.stringify(org)}: not an organizationIdentifier (e.g. NTRDK-29915938)`);
    }
    opts.tokenSignerOrganizations = o.tokenSignerOrganizations;
  }
  if (o.sealSigners?.length) opts.sealSigners = resolveSealSigners(o.sealSigners);
  if (o.allowExtraOriginals) opts.allowExtraOriginals = true;
  return opts;
}

/** --seal-signer values: organizationIdentifiers as they are, certificate files as SHA-256 thumbprints. */
export function resolveSealSigners(values: readonly string[]): SealSignerPolicy {
  const organizations: string[] = [];
  const certificates: string[] = [];
  for (const v of values) {
    if (ORGANIZATION_IDENTIFIER_FORM.test(v)) organizations.push(v);
    // Anything else is a certificate file; a missing one is a usage error naming it (exit 3).
    else certificates.push(...loadCertificates([v], "--seal-signer").map((c) => thumbprint(c, "sha256")));
  }
  return { organizations, certificates };
}

// The default process session's caches: used by verifyArchive calls without a session.
const processCaches = new PkiCaches();

/** The default process session's PKI half, within `limits`. */
export function defaultPkiSession(limits: Limits): PkiSession {
  return new PkiSession(limits, processCaches);
}

/** Drops the caches of the default process session (verifyArchive calls without a session). */
export function clearDefaultSession(): void {
  processCaches.clear();
}
