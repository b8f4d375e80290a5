// Offline key sources: a JWKS, or a discovery document plus JWKS (a `sealcheck jwks save` snapshot), from
// an object or a file. Parsed once, eagerly, so that a bad file is a usage error before any verdict.
import { SealcheckError, errorMessage } from "../errors.js";
import { readBounded } from "../input/evidence-file.js";
import { isPlainObject, parseJson } from "../input/json.js";
import { resolveLimits, type Limits } from "../limits.js";
import { parseJwks, type KeyOrigin, type KeyProvider, type KeySet } from "./jwks.js";
import { DEV_ISSUER, isDevKeySet } from "./dev-token.js";

/** What `sealcheck jwks save` writes: everything needed to verify old tokens offline later. */
export interface JwksSnapshot {
  format: "sealcheck-jwks-snapshot/1";
  /** The discovery document's issuer (equal to the issuer asked for). */
  issuer: string;
  /** When discovery and JWKS were fetched, ISO 8601. */
  retrievedAt: string;
  discoveryUrl: string;
  jwksUri: string;
  discovery: Record<string, unknown>;
  jwks: Record<string, unknown>;
}

class StaticKeys implements KeyProvider {
  constructor(private readonly set: KeySet) {}
  async current(): Promise<KeySet> {
    return this.set;
  }
  /** A saved key set never changes; an unknown kid stays unknown. */
  async refresh(): Promise<KeySet | null> {
    return null;
  }
}

function toKeySet(value: unknown, discovery: unknown, origin: KeyOrigin, limits: Limits): KeySet {
  const where = origin.location ?? "the key set";
  /** The error names the key set's file (or URL) when it has one. */
  const at = origin.location !== undefined ? { file: origin.location } : {};
  // A snapshot ({discovery?, jwks, retrievedAt?}) or a plain JWKS ({keys}).
  let jwks = value;
  if (isPlainObject(value) && !Array.isArray(value.keys) && isPlainObject(value.jwks)) {
    jwks = value.jwks;
    discovery ??= value.discovery;
    if (typeof value.retrievedAt === "string" && !Number.isNaN(Date.parse(value.retrievedAt))) origin.retrievedAt = value.retrievedAt;
    if (discovery === undefined && typeof value.issuer === "string") origin.issuer = value.issuer;
  }
  if (discovery !== undefined) {
    if (!isPlainObject(discovery) || typeof discovery.issuer !== "string") {
      throw new SealcheckError("ERR_USAGE", `${where}: the discovery document has no "issuer"`, at);
    }
    origin.issuer = discovery.issuer;
  }
  // sealcheck dev-token's key set: it verifies dev tokens, and only those (its issuer is the dev issuer).
  if (isDevKeySet(value)) {
    if (discovery !== undefined) throw new SealcheckError("ERR_USAGE", `${where}: a sealcheck dev key set (test only) takes no discovery document`, at);
    origin.devKeys = true;
    origin.issuer = DEV_ISSUER;
  }
  try {
    return parseJwks(jwks, origin, limits);
  } catch (e) {
    throw new SealcheckError("ERR_USAGE", `${where}: ${errorMessage(e)} (expected a JWKS, or a snapshot from "sealcheck jwks save")`, { ...at, cause: e });
  }
}

/**
 * Keys given as values: a JWKS object, a snapshot, or a JWKS plus its discovery document. When a discovery
 * document is present its `issuer` must later equal the expected issuer.
 */
export function staticKeys(
  jwksOrSnapshot: unknown,
  opts: { discovery?: Record<string, unknown>; retrievedAt?: Date; limits?: Partial<Limits> } = {},
): KeyProvider {
  const origin: KeyOrigin = { source: "object" };
  if (opts.retrievedAt) origin.retrievedAt = opts.retrievedAt.toISOString();
  return new StaticKeys(toKeySet(jwksOrSnapshot, opts.discovery, origin, resolveLimits(opts.limits)));
}

function readJsonFile(file: string, limits: Limits): unknown {
  return readJsonBytes(file, readBounded(file, limits.maxJsonBytes), limits);
}

function readJsonBytes(file: string, bytes: Uint8Array, limits: Limits): unknown {
  if (bytes.length > limits.maxJsonBytes)
    throw new SealcheckError("ERR_INPUT_TOO_LARGE", `${file}: ${bytes.length} bytes, more than the limit of ${limits.maxJsonBytes} (maxJsonBytes)`, { file });
  const text = Buffer.from(bytes).toString("utf8");
  try {
    return parseJson(text, { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth }, file);
  } catch (e) {
    throw new SealcheckError("ERR_USAGE", errorMessage(e), { file, cause: e });
  }
}

/**
 * Keys from a saved file: a JWKS, or a snapshot. `discoveryDocument` names a separately saved
 * `openid-configuration` that goes with a plain JWKS file. Missing files and files that are no key set
 * throw SealcheckError (exit 3 in the CLI).
 */
/**
 * Keys from a file given as its bytes (a file a browser page was handed): as loadKeysFile, the key set's
 * origin named by `name`.
 */
export function loadKeysBytes(file: { name: string; bytes: Uint8Array }, opts: { limits?: Partial<Limits> } = {}): KeyProvider {
  const limits = resolveLimits(opts.limits);
  return new StaticKeys(toKeySet(readJsonBytes(file.name, file.bytes, limits), undefined, { source: "file", location: file.name }, limits));
}

export function loadKeysFile(file: string, opts: { discoveryDocument?: string; limits?: Partial<Limits> } = {}): KeyProvider {
  const limits = resolveLimits(opts.limits);
  const value = readJsonFile(file, limits);
  const discovery = opts.discoveryDocument !== undefined ? readJsonFile(opts.discoveryDocument, limits) : undefined;
  return new StaticKeys(toKeySet(value, discovery, { source: "file", location: file }, limits));
}
