// The one table of the signature and digest algorithms sealcheck verifies, in the manner of panva/jose: every
// place a signature value is checked (CMS signers, timestamps, OCSP, CRLs, certificates) looks its algorithm
// up here, and an algorithm that is not here is an UnsupportedAlgorithmError with a stable code, which the
// checks map to INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE naming the algorithm (ETSI EN 319 102-1 §5.2.8: the
// signature could not be checked under the validation's cryptographic constraints), never to
// SIG_CRYPTO_FAILURE, which stays for a value that was checked and does not verify.
//
// The structure is asn1js/pkijs's; the mathematics is OpenSSL's through node:crypto. pkijs (3.x) knows
// RSA PKCS #1 v1.5, RSASSA-PSS and DER ECDSA on the NIST curves only: for an unknown OID it throws a plain
// Error ("Unsupported signature algorithm: …"), plain ECDSA (BSI TR-03111) it does not know, and EdDSA keys
// it cannot import. The crypto engine therefore verifies every algorithm outside pkijs's set here.
import {
  createHash,
  PlatformUnsupportedError,
  publicKeyFromSpki,
  verifySignature,
  type Hasher as Hash,
  type PublicKey,
  type SignatureEncoding,
} from "../platform/crypto.js";
import DEFAULT_POLICY_JSON from "../../schemas/crypto-policy.default.json" with { type: "json" };

/** How a signature value is encoded and checked. */
export type SignatureFamily = "rsa-pkcs1" | "rsa-pss" | "ecdsa" | "ecdsa-plain" | "eddsa" | "dsa";

export interface SignatureAlgorithm {
  readonly oid: string;
  readonly name: string;
  readonly family: SignatureFamily;
  /**
   * The node:crypto hash the signature is computed with; null for pure EdDSA (no pre-hash), and for
   * rsaEncryption and RSASSA-PSS, whose hash comes from elsewhere (the digest algorithm, the PSS parameters).
   */
  readonly hash: string | null;
}

const sig = (oid: string, name: string, family: SignatureFamily, hash: string | null): [string, SignatureAlgorithm] => [oid, { oid, name, family, hash }];

const PLAIN = "0.4.0.127.0.7.1.1.4.1"; // BSI TR-03111 ecdsa-plain-signatures
const SIG_ALGS = "2.16.840.1.101.3.4.3"; // NIST CSOR sigAlgs

/** Every signature algorithm sealcheck verifies, by OID. */
export const SIGNATURE_ALGORITHMS: ReadonlyMap<string, SignatureAlgorithm> = new Map([
  sig("1.2.840.113549.1.1.1", "rsaEncryption", "rsa-pkcs1", null),
  sig("1.2.840.113549.1.1.5", "sha1WithRSAEncryption", "rsa-pkcs1", "sha1"),
  sig("1.2.840.113549.1.1.14", "sha224WithRSAEncryption", "rsa-pkcs1", "sha224"),
  sig("1.2.840.113549.1.1.11", "sha256WithRSAEncryption", "rsa-pkcs1", "sha256"),
  sig("1.2.840.113549.1.1.12", "sha384WithRSAEncryption", "rsa-pkcs1", "sha384"),
  sig("1.2.840.113549.1.1.13", "sha512WithRSAEncryption", "rsa-pkcs1", "sha512"),
  sig(`${SIG_ALGS}.13`, "id-rsassa-pkcs1-v1_5-with-sha3-224", "rsa-pkcs1", "sha3-224"),
  sig(`${SIG_ALGS}.14`, "id-rsassa-pkcs1-v1_5-with-sha3-256", "rsa-pkcs1", "sha3-256"),
  sig(`${SIG_ALGS}.15`, "id-rsassa-pkcs1-v1_5-with-sha3-384", "rsa-pkcs1", "sha3-384"),
  sig(`${SIG_ALGS}.16`, "id-rsassa-pkcs1-v1_5-with-sha3-512", "rsa-pkcs1", "sha3-512"),
  sig("1.2.840.113549.1.1.10", "RSASSA-PSS", "rsa-pss", null),
  sig("1.2.840.10045.4.1", "ecdsa-with-SHA1", "ecdsa", "sha1"),
  sig("1.2.840.10045.4.3.1", "ecdsa-with-SHA224", "ecdsa", "sha224"),
  sig("1.2.840.10045.4.3.2", "ecdsa-with-SHA256", "ecdsa", "sha256"),
  sig("1.2.840.10045.4.3.3", "ecdsa-with-SHA384", "ecdsa", "sha384"),
  sig("1.2.840.10045.4.3.4", "ecdsa-with-SHA512", "ecdsa", "sha512"),
  sig(`${SIG_ALGS}.9`, "id-ecdsa-with-sha3-224", "ecdsa", "sha3-224"),
  sig(`${SIG_ALGS}.10`, "id-ecdsa-with-sha3-256", "ecdsa", "sha3-256"),
  sig(`${SIG_ALGS}.11`, "id-ecdsa-with-sha3-384", "ecdsa", "sha3-384"),
  sig(`${SIG_ALGS}.12`, "id-ecdsa-with-sha3-512", "ecdsa", "sha3-512"),
  // BSI TR-03111 §5.2.1: r‖s, each the length of the group order (IEEE P1363), not a DER SEQUENCE.
  sig(`${PLAIN}.1`, "ecdsa-plain-SHA1", "ecdsa-plain", "sha1"),
  sig(`${PLAIN}.2`, "ecdsa-plain-SHA224", "ecdsa-plain", "sha224"),
  sig(`${PLAIN}.3`, "ecdsa-plain-SHA256", "ecdsa-plain", "sha256"),
  sig(`${PLAIN}.4`, "ecdsa-plain-SHA384", "ecdsa-plain", "sha384"),
  sig(`${PLAIN}.5`, "ecdsa-plain-SHA512", "ecdsa-plain", "sha512"),
  sig(`${PLAIN}.8`, "ecdsa-plain-SHA3-224", "ecdsa-plain", "sha3-224"),
  sig(`${PLAIN}.9`, "ecdsa-plain-SHA3-256", "ecdsa-plain", "sha3-256"),
  sig(`${PLAIN}.10`, "ecdsa-plain-SHA3-384", "ecdsa-plain", "sha3-384"),
  sig(`${PLAIN}.11`, "ecdsa-plain-SHA3-512", "ecdsa-plain", "sha3-512"),
  // RFC 8410/8419: PureEdDSA, no context, over the data itself.
  sig("1.3.101.112", "Ed25519", "eddsa", null),
  sig("1.3.101.113", "Ed448", "eddsa", null),
  sig("1.2.840.10040.4.3", "dsa-with-sha1", "dsa", "sha1"),
  sig(`${SIG_ALGS}.1`, "dsa-with-sha224", "dsa", "sha224"),
  sig(`${SIG_ALGS}.2`, "dsa-with-sha256", "dsa", "sha256"),
]);

export interface DigestAlgorithm {
  readonly oid: string;
  /** node:crypto's name, which the whole program uses for the hash ("sha256", "sha3-256", "shake256"). */
  readonly name: string;
  /** The output length in bytes, for an extendable-output function (SHAKE256 in CMS: 512 bits, RFC 8419/8702). */
  readonly outputLength?: number;
}

const HASH_ALGS = "2.16.840.1.101.3.4.2"; // NIST CSOR hashAlgs
const digest = (oid: string, name: string, outputLength?: number): [string, DigestAlgorithm] => [oid, { oid, name, ...(outputLength ? { outputLength } : {}) }];

/** Every digest algorithm sealcheck computes, by OID. id-shake256-len (…2.18) only with 512 bits: see digestOf. */
export const DIGEST_ALGORITHMS: ReadonlyMap<string, DigestAlgorithm> = new Map([
  digest("1.3.14.3.2.26", "sha1"),
  digest(`${HASH_ALGS}.4`, "sha224"),
  digest(`${HASH_ALGS}.1`, "sha256"),
  digest(`${HASH_ALGS}.2`, "sha384"),
  digest(`${HASH_ALGS}.3`, "sha512"),
  digest(`${HASH_ALGS}.7`, "sha3-224"),
  digest(`${HASH_ALGS}.8`, "sha3-256"),
  digest(`${HASH_ALGS}.9`, "sha3-384"),
  digest(`${HASH_ALGS}.10`, "sha3-512"),
  digest(`${HASH_ALGS}.12`, "shake256", 64),
]);

/** The digest names the program's hash streams accept, with their output lengths (SHAKE256: 64 bytes). */
export function createDigest(name: string): Hash {
  return name === "shake256" ? createHash(name, { outputLength: 64 }) : createHash(name);
}

/** Stable codes, as jose's errors have: a caller decides by the code, never by the message. */
export type UnsupportedCode = "ERR_UNSUPPORTED_SIGNATURE_ALGORITHM" | "ERR_UNSUPPORTED_DIGEST_ALGORITHM" | "ERR_UNSUPPORTED_KEY";

/** An algorithm (or a key for it) that sealcheck cannot verify: the signature was not checked. */
export class UnsupportedAlgorithmError extends Error {
  override readonly name = "UnsupportedAlgorithmError";
  constructor(
    readonly code: UnsupportedCode,
    /** The OID as the data carries it. */
    readonly oid: string,
    /** Its name, when known ("ecdsa-plain-SHA256", "Ed448"), else the OID. */
    readonly algorithm: string,
    message: string,
  ) {
    super(message);
  }
}

/** Readable names of OIDs outside the tables that signed data is known to carry. */
const KNOWN_ELSEWHERE: Readonly<Record<string, string>> = {
  "1.2.643.7.1.1.3.2": "GOST R 34.10-2012 with GOST R 34.11-2012 (256 bit)",
  "1.2.643.7.1.1.3.3": "GOST R 34.10-2012 with GOST R 34.11-2012 (512 bit)",
  "1.2.156.10197.1.501": "SM2 with SM3",
  "1.2.840.113549.1.1.4": "md5WithRSAEncryption",
  "1.2.840.113549.1.1.2": "md2WithRSAEncryption",
  "1.2.840.113549.2.5": "md5",
  "1.3.36.3.2.1": "ripemd160",
  "1.3.36.3.3.1.2": "rsaSignatureWithripemd160",
  [`${HASH_ALGS}.11`]: "shake128",
  [`${HASH_ALGS}.17`]: "id-shake128-len",
  [`${HASH_ALGS}.18`]: "id-shake256-len",
};

/** "name (OID)" for a message, whether or not the OID is in the tables. */
export function describeAlgorithm(oid: string): string {
  const name = SIGNATURE_ALGORITHMS.get(oid)?.name ?? DIGEST_ALGORITHMS.get(oid)?.name ?? KNOWN_ELSEWHERE[oid];
  return name && name !== oid ? `${name} (${oid})` : `${oid || "(none)"} (unknown)`;
}

/** The table's entry for a signature algorithm OID, or an UnsupportedAlgorithmError. */
export function signatureAlgorithm(oid: string): SignatureAlgorithm {
  const a = SIGNATURE_ALGORITHMS.get(oid);
  if (!a)
    throw new UnsupportedAlgorithmError(
      "ERR_UNSUPPORTED_SIGNATURE_ALGORITHM",
      oid,
      KNOWN_ELSEWHERE[oid] ?? oid,
      `the signature algorithm ${describeAlgorithm(oid)} is not supported`,
    );
  return a;
}

/** The table's entry for a digest algorithm OID, or an UnsupportedAlgorithmError. */
export function digestAlgorithm(oid: string): DigestAlgorithm {
  const a = DIGEST_ALGORITHMS.get(oid);
  if (!a)
    throw new UnsupportedAlgorithmError(
      "ERR_UNSUPPORTED_DIGEST_ALGORITHM",
      oid,
      KNOWN_ELSEWHERE[oid] ?? oid,
      `the digest algorithm ${describeAlgorithm(oid)} is not supported`,
    );
  return a;
}

/**
 * RFC 8419 §3: with signed attributes, an EdDSA signer's message digest is SHA-512 (Ed25519) or SHAKE256 with
 * a 512-bit output (Ed448). Null when the pairing is allowed, else why not.
 */
export function eddsaDigestMismatch(signatureOid: string, digestName: string): string | null {
  const required = signatureOid === "1.3.101.112" ? "sha512" : signatureOid === "1.3.101.113" ? "shake256" : null;
  if (required === null || digestName === required) return null;
  return `RFC 8419 requires ${required === "sha512" ? "SHA-512" : "SHAKE256 (512 bits)"} as the message digest of ${SIGNATURE_ALGORITHMS.get(signatureOid)!.name}, not ${digestName}`;
}

/** The key types an SPKI may hold for each family (node:crypto's asymmetricKeyType). */
const KEY_TYPES: Readonly<Record<SignatureFamily, readonly string[]>> = {
  "rsa-pkcs1": ["rsa"],
  "rsa-pss": ["rsa", "rsa-pss"],
  ecdsa: ["ec"],
  "ecdsa-plain": ["ec"],
  eddsa: ["ed25519", "ed448"],
  dsa: ["dsa"],
};

/** The public key of an SPKI's DER, or an UnsupportedAlgorithmError (a key type or curve OpenSSL does not know). */
export function publicKeyOf(spki: Uint8Array, keyAlgorithmOid: string): PublicKey {
  try {
    return publicKeyFromSpki(spki);
  } catch (e) {
    throw new UnsupportedAlgorithmError(
      "ERR_UNSUPPORTED_KEY",
      keyAlgorithmOid,
      KNOWN_ELSEWHERE[keyAlgorithmOid] ?? keyAlgorithmOid,
      `the public key (algorithm ${keyAlgorithmOid}) cannot be used: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/**
 * How each family's value is encoded for the platform's verifySignature. IEEE P1363 for ecdsa-plain: r and s
 * of exactly the order's length each; OpenSSL checks the length too.
 */
export const ENCODING: Readonly<Record<SignatureFamily, SignatureEncoding>> = {
  "rsa-pkcs1": "pkcs1",
  "rsa-pss": "pss",
  ecdsa: "der",
  "ecdsa-plain": "ieee-p1363",
  eddsa: "der",
  dsa: "der",
};

/**
 * Verifies `signature` over `data` with `key` by the table's entry (not RSASSA-PSS, whose parameters pkijs
 * reads). `hash` names the hash for rsaEncryption. False when the value does not verify, also when the key
 * is of another type than the algorithm's or the value is malformed (a DER ECDSA value that is no SEQUENCE,
 * an r‖s of the wrong length): the signature was checked and is not a valid one.
 */
export async function verifyByTable(alg: SignatureAlgorithm, key: PublicKey, data: Uint8Array, signature: Uint8Array, hash?: string): Promise<boolean> {
  if (!KEY_TYPES[alg.family].includes(key.asymmetricKeyType ?? "")) return false;
  // Ed25519 and Ed448 name the curve as well as the algorithm: an Ed448 signature is never an Ed25519 key's.
  if (alg.family === "eddsa" && key.asymmetricKeyType !== alg.name.toLowerCase()) return false;
  const h = alg.family === "eddsa" ? null : (alg.hash ?? hash ?? null);
  if (alg.family !== "eddsa" && !h) throw new UnsupportedAlgorithmError("ERR_UNSUPPORTED_SIGNATURE_ALGORITHM", alg.oid, alg.name, `${alg.name} without a hash`);
  try {
    return await verifySignature(h, data, key, signature, ENCODING[alg.family]);
  } catch (e) {
    // A platform that cannot verify this combination at all (the browser's RSA with SHA-224 or SHA-3, DSA)
    // did not check the value: not a failed signature.
    if (e instanceof PlatformUnsupportedError)
      throw new UnsupportedAlgorithmError("ERR_UNSUPPORTED_SIGNATURE_ALGORITHM", alg.oid, alg.name, `${alg.name}: ${e.message}`);
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Cryptographic constraints by date (ETSI TS 119 312, in the manner of EU DSS's constraint policy): the same
// digest and key algorithms as above, each with the date until which it is acceptable. The default policy is
// the shipped file schemas/crypto-policy.default.json (schema beside it); `--policy <file>` replaces it.

export type PolicyKeyType = "rsa" | "ec" | "dsa" | "ed25519" | "ed448";
const KEY_TYPES_OF_POLICY: readonly PolicyKeyType[] = ["rsa", "ec", "dsa", "ed25519", "ed448"];
const POLICY_DIGESTS = new Set([...DIGEST_ALGORITHMS.values()].map((d) => d.name));

export interface CryptoPolicy {
  readonly name: string;
  /** SHA-256 (hex) of the policy's JSON as parsed and written back (JSON.stringify): the same policy, the same digest. */
  readonly sha256: string;
  /** Dates after this one are forecasts: passing one is a warning (DSS's UpdateDate / LevelAfterUpdate WARN). */
  readonly reviewed: Date;
  readonly digests: ReadonlyMap<string, Date>;
  readonly keys: readonly { readonly type: PolicyKeyType; readonly minBits: number; readonly until: Date }[];
  /** How an approval signature's entry is judged when later changes exceed its permission (ApprovalPolicy). */
  readonly approvalSignatures: ApprovalPolicy;
  /** What LTV writers change beside validation data that the seal's DocMDP P=1 lets pass, each named in a warning. */
  readonly sealModifications: { readonly allowedWithLtvUpdate: readonly LtvWriterChange[] };
}

/**
 * The bookkeeping an LTV writer (iText's LtvVerification and document timestamp, a16 E1) changes with the
 * validation data it adds, which EU DSS 5.13.1 does not count as a modification and sealcheck by default does
 * (pdfinfo prints /Info and the PDF version; the form's /DA and /DR are metadata): /Info /ModDate, /Info
 * /Producer, the catalog's /Version raised, /AcroForm /DA and /DR added where no field draws with them, and an
 * empty /DR on a document timestamp's field and widget (iText 5's LtvTimestamp).
 */
export const LTV_WRITER_CHANGES = ["info-mod-date", "info-producer", "version-raised", "acroform-da-dr-added", "doc-timestamp-widget-dr"] as const;
export type LtvWriterChange = (typeof LTV_WRITER_CHANGES)[number];

/** What becomes of an approval signature's entry when a rule of ApprovalPolicy applies: never "passed". */
export type ApprovalLevel = "warning" | "failed";

/**
 * Changes after an approval signature that exceed its permission (its DocMDP, else annotations: ISO 32000-1
 * §12.8.2.2): `permissionExceeded` for any, `pageCountChanged` when pages were added or removed. The defaults
 * are EU DSS 5.13.1's default policy (constraint.xml: DocMDP, FieldMDP, SigFieldLock and UndefinedChanges WARN;
 * PdfPageDifference FAIL, as FORMAT_FAILURE); pyHanko judges every signature whose permission is exceeded
 * invalid (its bottom line needs docmdp_ok): a policy with `permissionExceeded: "failed"` judges so.
 */
export interface ApprovalPolicy {
  readonly permissionExceeded: ApprovalLevel;
  readonly pageCountChanged: ApprovalLevel;
}

const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = { permissionExceeded: "warning", pageCountChanged: "failed" };

const DATE_FORM = /^(\d{4})-(\d{2})-(\d{2})$/;

function policyDate(v: unknown, where: string): Date {
  const m = typeof v === "string" ? DATE_FORM.exec(v) : null;
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== v) throw new Error(`${where}: expected a date YYYY-MM-DD, got ${JSON.stringify(v)}`);
  return d;
}

/**
 * A policy from its parsed JSON (schemas/crypto-policy.schema.json): an Error naming the first thing that is
 * not as the schema says. Unknown keys are refused (a misspelt "untill" must not silently allow everything).
 */
export function parseCryptoPolicy(value: unknown): CryptoPolicy {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  const only = (o: Record<string, unknown>, keys: readonly string[], where: string) => {
    const extra = Object.keys(o).filter((k) => !keys.includes(k));
    if (extra.length) throw new Error(`${where}: unknown key ${JSON.stringify(extra[0])} (allowed: ${keys.join(", ")})`);
  };
  if (!isObject(value)) throw new Error("the policy is not a JSON object");
  only(value, ["$schema", "name", "description", "reviewed", "digestAlgorithms", "publicKeys", "approvalSignatures", "sealModifications"], "the policy");
  const { name, reviewed, digestAlgorithms, publicKeys, approvalSignatures, sealModifications } = value;
  if (typeof name !== "string" || name.length === 0 || name.length > 200) throw new Error("name: expected a string of 1 to 200 characters");
  const list = (v: unknown, where: string): unknown[] => {
    if (!Array.isArray(v) || v.length > 100) throw new Error(`${where}: expected an array of at most 100 entries`);
    return v;
  };
  const digests = new Map<string, Date>();
  list(digestAlgorithms, "digestAlgorithms").forEach((e, i) => {
    const where = `digestAlgorithms[${i}]`;
    if (!isObject(e)) throw new Error(`${where}: expected an object`);
    only(e, ["name", "until", "source"], where);
    if (typeof e.name !== "string" || !POLICY_DIGESTS.has(e.name))
      throw new Error(`${where}.name: not a digest sealcheck knows (${[...POLICY_DIGESTS].join(", ")})`);
    digests.set(e.name, policyDate(e.until, `${where}.until`));
  });
  const keys = list(publicKeys, "publicKeys").map((e, i) => {
    const where = `publicKeys[${i}]`;
    if (!isObject(e)) throw new Error(`${where}: expected an object`);
    only(e, ["type", "minBits", "until", "source"], where);
    if (!KEY_TYPES_OF_POLICY.includes(e.type as PolicyKeyType)) throw new Error(`${where}.type: expected one of ${KEY_TYPES_OF_POLICY.join(", ")}`);
    if (!Number.isInteger(e.minBits) || (e.minBits as number) < 1 || (e.minBits as number) > 65536)
      throw new Error(`${where}.minBits: expected an integer 1 … 65536`);
    return { type: e.type as PolicyKeyType, minBits: e.minBits as number, until: policyDate(e.until, `${where}.until`) };
  });
  keys.sort((a, b) => b.minBits - a.minBits);
  let approval = DEFAULT_APPROVAL_POLICY;
  if (approvalSignatures !== undefined) {
    if (!isObject(approvalSignatures)) throw new Error("approvalSignatures: expected an object");
    only(approvalSignatures, ["permissionExceeded", "pageCountChanged", "source"], "approvalSignatures");
    const level = (k: keyof ApprovalPolicy): ApprovalLevel => {
      const v = approvalSignatures[k];
      if (v === undefined) return DEFAULT_APPROVAL_POLICY[k];
      if (v !== "warning" && v !== "failed") throw new Error(`approvalSignatures.${k}: expected "warning" or "failed", got ${JSON.stringify(v)}`);
      return v;
    };
    approval = { permissionExceeded: level("permissionExceeded"), pageCountChanged: level("pageCountChanged") };
  }
  const allowed: LtvWriterChange[] = [];
  if (sealModifications !== undefined) {
    if (!isObject(sealModifications)) throw new Error("sealModifications: expected an object");
    only(sealModifications, ["allowedWithLtvUpdate", "source"], "sealModifications");
    list(sealModifications.allowedWithLtvUpdate ?? [], "sealModifications.allowedWithLtvUpdate").forEach((v, i) => {
      if (!LTV_WRITER_CHANGES.includes(v as LtvWriterChange))
        throw new Error(`sealModifications.allowedWithLtvUpdate[${i}]: expected one of ${LTV_WRITER_CHANGES.join(", ")}, got ${JSON.stringify(v)}`);
      if (!allowed.includes(v as LtvWriterChange)) allowed.push(v as LtvWriterChange);
    });
  }
  return {
    name,
    sha256: createHash("sha256").update(JSON.stringify(value)).digest("hex"),
    reviewed: policyDate(reviewed, "reviewed"),
    digests,
    keys,
    approvalSignatures: approval,
    sealModifications: { allowedWithLtvUpdate: allowed },
  };
}

/** The shipped default (schemas/crypto-policy.default.json). */
export const DEFAULT_CRYPTO_POLICY: CryptoPolicy = parseCryptoPolicy(DEFAULT_POLICY_JSON);

const CURVE_BITS: Readonly<Record<string, number>> = {
  prime256v1: 256,
  secp256k1: 256,
  secp384r1: 384,
  secp521r1: 521,
  brainpoolP256r1: 256,
  brainpoolP384r1: 384,
  brainpoolP512r1: 512,
  secp224r1: 224,
  prime192v1: 192,
};

/** A public key's type and size in bits as the policy weighs it; null when OpenSSL cannot read it. */
export function keyStrength(spki: Uint8Array): { type: PolicyKeyType; bits: number } | null {
  let key: PublicKey;
  try {
    key = publicKeyFromSpki(spki);
  } catch {
    return null;
  }
  const d = key.asymmetricKeyDetails ?? {};
  switch (key.asymmetricKeyType) {
    case "rsa":
    case "rsa-pss":
      return { type: "rsa", bits: d.modulusLength ?? 0 };
    case "dsa":
      return { type: "dsa", bits: d.modulusLength ?? 0 };
    case "ec":
      return { type: "ec", bits: CURVE_BITS[d.namedCurve ?? ""] ?? 0 };
    case "ed25519":
      return { type: "ed25519", bits: 256 };
    case "ed448":
      return { type: "ed448", bits: 448 };
    default:
      return null;
  }
}

/** How an algorithm stands at a time under a policy. */
export interface AlgorithmStanding {
  /** What was weighed: "sha256", "RSA 2048 bits". */
  readonly what: string;
  /** The first instant it is no longer acceptable; null: never acceptable under this policy. */
  readonly until: Date | null;
  /** acceptable: used before `until`; forecast-passed: after a date later than the review (a warning); expired: after a reviewed date, or never acceptable. */
  readonly standing: "acceptable" | "forecast-passed" | "expired";
}

function standingAt(policy: CryptoPolicy, what: string, until: Date | null, at: Date): AlgorithmStanding {
  if (until === null) return { what, until, standing: "expired" };
  if (at.getTime() < until.getTime()) return { what, until, standing: "acceptable" };
  return { what, until, standing: until.getTime() > policy.reviewed.getTime() ? "forecast-passed" : "expired" };
}

/** A digest algorithm (node:crypto's name) used at `at`. */
export function digestStanding(policy: CryptoPolicy, digest: string, at: Date): AlgorithmStanding {
  return standingAt(policy, digest, policy.digests.get(digest) ?? null, at);
}

/** A public key of this type and size used at `at`. */
export function keyStanding(policy: CryptoPolicy, key: { type: PolicyKeyType; bits: number }, at: Date): AlgorithmStanding {
  const entry = policy.keys.find((k) => k.type === key.type && k.minBits <= key.bits);
  return standingAt(policy, `${key.type.toUpperCase()} ${key.bits} bits`, entry?.until ?? null, at);
}
