// Test-only ID tokens (`sealcheck dev-token`): a key set and tokens shaped like the broker's, so that a receiver
// can try replay, key rotation and expiry without the broker. They are marked three ways (the issuer, under the
// reserved `.test` domain of RFC 6761; a `sealcheck-dev-token` header parameter; a `sealcheck_dev_token` claim)
// and the key set one way (a top-level `sealcheck-dev-keys` member). verifyIdToken accepts a dev token only with
// a dev key set given explicitly (a file or an object), never with a production key set or discovery; and a dev
// key set verifies only dev tokens (its issuer is the dev issuer).
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from "node:crypto";
import * as jose from "jose";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { SealcheckError, errorMessage } from "../errors.js";
import { readRegularFile, writeFileSafely } from "../input/files.js";
import { failed, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { DecodedIdToken } from "./jose-guards.js";

/** The issuer of every dev token: a host under `.test`, which never resolves on the Internet (RFC 6761 §6.2). */
export const DEV_ISSUER = "https://broker.sealcheck-dev.test/op";
/** The name `--issuer` (and `issuer` in the library) accepts for DEV_ISSUER. */
export const DEV_ISSUER_NAME = "sealcheck-dev";
/** Header parameter and claim that mark a dev token; member that marks a dev key set. */
export const DEV_HEADER = "sealcheck-dev-token";
export const DEV_CLAIM = "sealcheck_dev_token";
export const DEV_KEYS_MEMBER = "sealcheck-dev-keys";
const MARK = "TEST ONLY: made by sealcheck dev-token; never evidence of a transfer";

/** Whether a JWKS or snapshot value carries the dev key set's mark. */
export function isDevKeySet(value: unknown): boolean {
  return value !== null && typeof value === "object" && DEV_KEYS_MEMBER in value;
}

/** Whether a decoded token carries any of the dev token's marks. */
export function isDevToken(token: DecodedIdToken): boolean {
  const header = token.jws.header as Record<string, unknown>;
  const payload = token.jws.payload;
  return DEV_HEADER in header || DEV_CLAIM in payload || payload.iss === DEV_ISSUER;
}

/**
 * The issuer check's verdict on a dev token, or null for any other token: refused unless the key set it was
 * checked against is a dev key set given explicitly; passed with a warning (TEST ONLY) when it was.
 */
export function devTokenCheck(token: DecodedIdToken, devKeys: boolean, expectedIssuer: string): CheckResult | null {
  if (!isDevToken(token)) return null;
  const details = { expected: expectedIssuer, found: token.jws.payload.iss ?? null, devToken: true };
  if (!devKeys)
    return failed(
      "issuer",
      "FORMAT_FAILURE",
      "The token is a sealcheck dev token (test only: made by sealcheck dev-token, not by the broker); it is accepted only with the dev key set given explicitly (a jwks-N.json written by sealcheck dev-token keys), never with the broker's keys or discovery.",
      { details },
    );
  if (token.jws.payload.iss !== expectedIssuer) return null; // the issuer check says what is wrong
  return warning(
    "issuer",
    `TEST ONLY: a sealcheck dev token (issuer ${DEV_ISSUER}), verified with the dev key set given; it is never evidence of a transfer.`,
    { details },
  );
}

/** What `dev-token keys` writes: two signing keys (the second one for rotation), private and public. */
export interface DevKeys {
  /** The private keys as a JWKS (with `d`): for `dev-token sign` only. */
  privateJwks: Record<string, unknown>;
  /** Key set snapshots a receiver verifies with: the first holds key 1, the second key 2 (key 1 rotated out). */
  snapshots: [Record<string, unknown>, Record<string, unknown>];
}

const KIDS = ["sealcheck-dev-key-1", "sealcheck-dev-key-2"] as const;

/**
 * An RSA key pair whose keys are safe to export as JWK. Node 20 can deadlock exporting a JWK from the KeyObjects
 * key generation returns: the export holds the key's mutex while it allocates, and a collection that frees the
 * generation job takes the same mutex (`dev-token keys` hung at exit this way). So the job encodes the pair and
 * it is decoded into keys of their own.
 */
export function rsaKeyPair(modulusLength: number): { privateKey: KeyObject; publicKey: KeyObject } {
  const der = generateKeyPairSync("rsa", {
    modulusLength,
    privateKeyEncoding: { type: "pkcs8", format: "der" },
    publicKeyEncoding: { type: "spki", format: "der" },
  });
  const privateKey = createPrivateKey({ key: der.privateKey, format: "der", type: "pkcs8" });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

export function makeDevKeys(): DevKeys {
  const pairs = KIDS.map((kid) => ({ kid, ...rsaKeyPair(2048) }));
  const jwk = (k: KeyObject, kid: string) => ({ ...(k.export({ format: "jwk" }) as Record<string, unknown>), kid, use: "sig", alg: "RS256" });
  const snapshot = (i: number) => ({ [DEV_KEYS_MEMBER]: MARK, issuer: DEV_ISSUER, keys: [jwk(pairs[i]!.publicKey, pairs[i]!.kid)] });
  return {
    privateJwks: { [DEV_KEYS_MEMBER]: `${MARK}. PRIVATE: keep out of every production system.`, keys: pairs.map((p) => jwk(p.privateKey, p.kid)) },
    snapshots: [snapshot(0), snapshot(1)],
  };
}

/**
 * The issuer a dev token claims: always DEV_ISSUER. This is the one rule for making them (signDevToken, and
 * with it `sealcheck dev-token sign`): a dev token never claims a real issuer, so `production`,
 * `preproduction`, `test` or any URL but DEV_ISSUER is refused (a SealcheckError naming the option `issuer`).
 * Verifying is refused the other way (devTokenCheck): a dev token fails against every key set but the dev one.
 */
export function devIssuer(issuer: string = DEV_ISSUER_NAME): string {
  if (issuer === DEV_ISSUER_NAME || issuer === DEV_ISSUER) return DEV_ISSUER;
  throw new SealcheckError(
    "ERR_USAGE",
    `issuer: "${issuer}" is not the dev issuer; dev tokens (test only) are issued by ${DEV_ISSUER_NAME} (${DEV_ISSUER}) alone, never in a real issuer's name`,
    { option: "issuer" },
  );
}

/** The files `dev-token keys <dir>` writes, by role. */
export const DEV_KEY_FILES = { private: "private-keys.json", snapshots: ["jwks-1.json", "jwks-2.json"] } as const;

/**
 * Writes a new dev key set into `dir` (created if missing): the private keys (mode 0600) and the two key set
 * snapshots. Existing files are kept unless `overwrite`. Returns the paths written.
 */
export function writeDevKeys(dir: string, keys: DevKeys, overwrite = false): string[] {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${dir}: cannot create the directory (${errorMessage(e)})`, { file: dir, cause: e });
  }
  const files: [string, unknown, number][] = [
    [DEV_KEY_FILES.private, keys.privateJwks, 0o600],
    [DEV_KEY_FILES.snapshots[0], keys.snapshots[0], 0o644],
    [DEV_KEY_FILES.snapshots[1], keys.snapshots[1], 0o644],
  ];
  // All or nothing: new private keys beside old snapshots would verify nothing they sign.
  const present = overwrite ? [] : files.map(([name]) => join(dir, name)).filter((f) => existsSync(f));
  if (present.length > 0)
    throw new SealcheckError("ERR_USAGE", `${present.join(", ")}: already there (a dev key set is written whole: another directory, or overwrite it)`, {
      file: present[0]!,
    });
  return files.map(([name, value, mode]) => {
    const path = join(dir, name);
    writeFileSafely(path, `${JSON.stringify(value, null, 2)}\n`, { what: "a dev key file", overwrite, mode });
    return path;
  });
}

/** The largest private key file read back: real ones are a few KiB. */
const MAX_DEV_KEYS_BYTES = 1024 * 1024;

/**
 * The private keys writeDevKeys wrote into `dir` (its private-keys.json), for signDevToken. Refused unless the
 * file is a dev key set (its `sealcheck-dev-keys` mark).
 */
export function readDevKeys(dir: string): Record<string, unknown> {
  const file = join(dir, DEV_KEY_FILES.private);
  if (!existsSync(file))
    throw new SealcheckError("ERR_FILE_NOT_FOUND", `${file}: no such file, so no dev key set here (write one with sealcheck dev-token keys)`, { file });
  let value: unknown;
  try {
    value = JSON.parse(readRegularFile(file, MAX_DEV_KEYS_BYTES, { what: "a dev key set" }).toString("utf8"));
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError("ERR_USAGE", `${file}: not a dev key set (not JSON)`, { file });
  }
  if (!isDevKeySet(value)) throw new SealcheckError("ERR_USAGE", `${file}: not a sealcheck dev key set (no "${DEV_KEYS_MEMBER}" member)`, { file });
  return value as Record<string, unknown>;
}

export interface DevTokenOptions {
  /**
   * `iss`: only the dev issuer, by its name `sealcheck-dev` or its URL DEV_ISSUER (the default); a real
   * issuer's name or URL is refused (devIssuer).
   */
  issuer?: string;
  /** `aud`: the receiver, "DK" + CVR. */
  audience: string;
  /** `ct_sender`. Default DK00000000. */
  sender?: string;
  /** Which key signs: 1 or 2 (after rotation). Default 1. */
  key?: 1 | 2;
  /** `iat` (and `nbf`). Default: now. */
  issuedAt?: Date;
  /** `exp`. Default: `issuedAt` + 300 s, as the broker's. */
  expiresAt?: Date;
  /** `ct_id`, the transfer id (the replay key). Default: a random UUID. */
  transferId?: string;
  /** `ct_claims`' values. Default: a fictitious person. */
  claims?: Record<string, string>;
  /** `ct_sender_traceId`. Default "dev-trace". */
  traceId?: string;
}

/** A dev token signed with key 1 or 2 of `privateJwks` (what makeDevKeys made). */
export async function signDevToken(privateJwks: unknown, o: DevTokenOptions): Promise<string> {
  const iss = devIssuer(o.issuer);
  if (!isDevKeySet(privateJwks))
    throw new SealcheckError("ERR_USAGE", `not a sealcheck dev key set (no "${DEV_KEYS_MEMBER}" member): dev-token signs only with its own keys`);
  const kid = KIDS[(o.key ?? 1) - 1];
  const keys = (privateJwks as { keys?: unknown }).keys;
  const jwk = Array.isArray(keys) ? (keys as Record<string, unknown>[]).find((k) => k && k.kid === kid && typeof k.d === "string") : undefined;
  if (!kid || !jwk) throw new SealcheckError("ERR_USAGE", `the dev key set holds no private key ${kid ?? String(o.key)} (expected key 1 or 2)`);
  const iat = Math.floor((o.issuedAt ?? new Date()).getTime() / 1000);
  const exp = o.expiresAt ? Math.floor(o.expiresAt.getTime() / 1000) : iat + 300;
  const key = await jose.importJWK(jwk as jose.JWK, "RS256");
  return new jose.CompactSign(
    new TextEncoder().encode(
      JSON.stringify({
        iss,
        nbf: iat,
        iat,
        exp,
        aud: o.audience,
        ct_claims: JSON.stringify(o.claims ?? { name: "Test Person", role: "tester" }),
        ct_id: o.transferId ?? randomUUID(),
        ct_sender: o.sender ?? "DK00000000",
        ct_sender_traceId: o.traceId ?? "dev-trace",
        [DEV_CLAIM]: MARK,
      }),
    ),
  )
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT", [DEV_HEADER]: true })
    .sign(key);
}
