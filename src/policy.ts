// The verification policy: what an archive's verdict depends on besides the evidence (anchors, validation time,
// tolerances, who may sign, limits), as plain data. It is the one input of createSession (src/verify/session.ts),
// which resolves it (loads the anchors, resolves the seal signers); batch workers and the queue receive it
// normalised, and the run key (src/batch/run-key.ts) is a hash of the normalised form. Normalising fills the
// defaults and drops what is empty, so that two spellings of one policy (the CLI passes every default, a
// library caller none) are one policy. A shared leaf: it imports nothing heavy, because the main thread of a
// batch normalises without loading the PKI stack.
//
// To add a policy option: a field in Policy (and NormalisedPolicy), one entry in NORMALISE, and the flag in the
// CLI's table (cli/options.ts); the session reads it from `session.policy`.
import { SealcheckError } from "./errors.js";
import { DEFAULT_LIMITS, LIMIT_NAMES, resolveLimits, type Limits } from "./limits.js";
import { durationOption, parseValidationTime, type ValidationTimeInput } from "./time.js";
import type { TrustRole, TrustedListAnchors } from "./pki/trust-store.js";

export type JwsAlgorithm = "RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512" | "ES256" | "ES384" | "ES512";

/** The JWS algorithms accepted for Workflow tokens unless the policy says otherwise. */
export const DEFAULT_TOKEN_ALGORITHMS: readonly JwsAlgorithm[] = Object.freeze(["RS256", "PS256", "ES256", "ES384", "ES512"]);

/** The broker's legal entity as its token certificate names it: the default signer of Workflow tokens. */
export const BROKER_ORGANIZATION_ID = "NTRDK-29915938";

/** An ETSI EN 319 412-1 §5.1.4 organisation identifier: 3-letter type, 2-letter country, "-", reference. */
export const ORGANIZATION_IDENTIFIER_FORM = /^[A-Z]{3}[A-Z]{2}-[\x21-\x7e]{1,64}$/;

/**
 * The options that shape an archive's verdict, the same for one archive (verifyArchive), a batch (verifyMany,
 * verify-batch), the queue and the CLI (its flags are declared once, in cli/options.ts).
 */
export interface Policy {
  /** Trust anchors (--trust): files or directories. */
  trust?: readonly string[];
  /** Untrusted path-building certificates (--certs). */
  certs?: readonly string[];
  /** Anchors restricted to one role (--trust-token, --trust-seal, --trust-tsa), besides `trust` for all. */
  trustFor?: Partial<Record<TrustRole, readonly string[]>>;
  /**
   * Anchors from verified trusted lists (loadTrustedListAnchors; --trusted-list): each service certificate for
   * the roles its type allows, only in the periods its status vouched.
   */
  trustedLists?: TrustedListAnchors;
  /**
   * Validation time (--at); default: now. The sealed evidence is judged at the time its proofs of existence
   * give it; long-term validation says whether those proofs still hold at this time.
   */
  at?: ValidationTimeInput;
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
  limits?: Partial<Limits>;
  /** Put personal data values in the report (default: masked, names of claims only). */
  showPersonalData?: boolean;
  /**
   * Cryptographic constraints by date (--policy): the path of a policy file (schemas/crypto-policy.schema.json)
   * replacing the shipped default, schemas/crypto-policy.default.json. The session reads it; the run key
   * hashes its content.
   */
  cryptoPolicy?: string;
}

/**
 * A policy in its one normal form: defaults filled (durations, algorithms, token signers), the time as an ISO
 * string, limits only where they differ from the defaults, and nothing empty (no empty list, no `false`).
 * Plain data (structured-cloneable): what batch workers and the queue receive.
 */
export interface NormalisedPolicy {
  trust?: string[];
  certs?: string[];
  trustFor?: Partial<Record<TrustRole, string[]>>;
  trustedLists?: TrustedListAnchors;
  at?: string;
  ocspWindowSeconds: number;
  clockSkewSeconds: number;
  tokenAlgorithms: JwsAlgorithm[];
  tokenSignerOrganizations: string[];
  sealSigners?: string[];
  allowExtraOriginals?: true;
  limits?: Partial<Limits>;
  showPersonalData?: true;
  cryptoPolicy?: string;
}

/** The policy's defaults (what NormalisedPolicy fills in). */
export const POLICY_DEFAULTS = Object.freeze({
  ocspWindowSeconds: 300,
  clockSkewSeconds: 60,
  tokenAlgorithms: DEFAULT_TOKEN_ALGORITHMS,
  tokenSignerOrganizations: Object.freeze([BROKER_ORGANIZATION_ID]) as readonly string[],
});

const usage = (message: string, option: string) => new SealcheckError("ERR_USAGE", message, { option });

function stringList(name: string, v: unknown): string[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== "string" || x === ""))
    throw usage(`${name}: expected a list of strings${typeof v === "string" ? ` (write ${name}: [${JSON.stringify(v)}])` : ""}`, name);
  return v.length ? [...(v as string[])] : undefined;
}

/**
 * How each option is normalised: its value in the normal form, or undefined to drop it. Every key of Policy is
 * here (the compiler says which one is not), so an option cannot reach the session without being normalised.
 */
const NORMALISE: { [K in keyof Policy]-?: (v: Policy[K]) => NormalisedPolicy[K] | undefined } = {
  trust: (v) => stringList("trust", v),
  certs: (v) => stringList("certs", v),
  trustFor: (v) => {
    if (v === undefined) return undefined;
    if (v === null || typeof v !== "object" || Array.isArray(v)) throw usage("trustFor: expected { token?, seal?, tsa? }, each a list of paths", "trustFor");
    const out: Partial<Record<TrustRole, string[]>> = {};
    for (const role of Object.keys(v).sort()) {
      if (role !== "token" && role !== "seal" && role !== "tsa") throw usage(`trustFor: unknown role "${role}" (roles: token, seal, tsa)`, "trustFor");
      const list = stringList(`trustFor.${role}`, v[role]);
      if (list) out[role] = list;
    }
    return Object.keys(out).length ? out : undefined;
  },
  trustedLists: (v) => (v && v.lists.length + v.anchors.length > 0 ? v : undefined),
  at: (v) => (v === undefined ? undefined : parseValidationTime(v).toISOString()),
  ocspWindowSeconds: (v) => durationOption(v, POLICY_DEFAULTS.ocspWindowSeconds, "ocspWindowSeconds"),
  clockSkewSeconds: (v) => durationOption(v, POLICY_DEFAULTS.clockSkewSeconds, "clockSkewSeconds"),
  // An empty list allows no algorithm: kept as given (the session refuses what can never be allowed).
  tokenAlgorithms: (v) => [...(v ?? POLICY_DEFAULTS.tokenAlgorithms)],
  tokenSignerOrganizations: (v) => {
    const list = stringList("tokenSignerOrganizations", v) ?? [...POLICY_DEFAULTS.tokenSignerOrganizations];
    for (const org of list)
      if (!ORGANIZATION_IDENTIFIER_FORM.test(org))
        throw new SealcheckError("ERR_USAGE", `tokenSignerOrganizations: ${JSON.stringify(org)} is not an organizationIdentifier (e.g. NTRDK-29915938)`, {
          option: "tokenSignerOrganizations",
        });
    return list;
  },
  sealSigners: (v) => stringList("sealSigners", v),
  allowExtraOriginals: (v) => (v ? true : undefined),
  showPersonalData: (v) => (v ? true : undefined),
  cryptoPolicy: (v) => {
    if (v === undefined) return undefined;
    if (typeof v !== "string" || v === "")
      throw new SealcheckError("ERR_USAGE", "cryptoPolicy: expected the path of a policy file (schemas/crypto-policy.schema.json)", { option: "cryptoPolicy" });
    return v;
  },
  limits: (v) => {
    const all = resolveLimits(v ?? {});
    const changed = LIMIT_NAMES.filter((k) => all[k] !== DEFAULT_LIMITS[k]);
    return changed.length ? Object.fromEntries(changed.map((k) => [k, all[k]])) : undefined;
  },
};

/** The names of the policy's options. */
export const POLICY_KEYS = Object.keys(NORMALISE) as (keyof Policy)[];

/** The policy options among `o` (a call's or a command's options, which carry others too). */
export function pickPolicy(o: Policy): Policy {
  const out: Record<string, unknown> = {};
  for (const k of POLICY_KEYS) if (o[k] !== undefined) out[k] = o[k];
  return out as Policy;
}

/**
 * The normal form of a policy (of its policy options; others are ignored). Throws SealcheckError(ERR_USAGE)
 * for a value that cannot be one (a bad time, duration, limit or organisation identifier).
 */
export function normalisePolicy(o: Policy): NormalisedPolicy {
  const out: Record<string, unknown> = {};
  // Limits first: a bad --limit is the first usage error named, as it always was.
  for (const k of ["limits" as const, ...POLICY_KEYS.filter((k) => k !== "limits")]) {
    const v = (NORMALISE[k] as (v: unknown) => unknown)(o[k]);
    if (v !== undefined) out[k] = v;
  }
  return out as unknown as NormalisedPolicy;
}
