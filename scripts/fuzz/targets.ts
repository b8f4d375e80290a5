// Fuzz targets: each takes the valid samples (or a freshly minted ID token), applies a list of mutations and
// runs the public verifier. The outcome says what came back and whether a *signed* byte changed, so the
// property can demand: no exception, a report (or a SealcheckError with a code), never TOTAL-PASSED for a
// change inside what is signed.
import { createHash, createPrivateKey, createPublicKey, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { SealcheckError } from "../../src/errors.js";
import { staticKeys, verifyIdToken } from "../../src/idtoken/index.js";
import { findSignatures, parsePdf } from "../../src/input/pdf/index.js";
import { listEmbeddedFiles, readDss, walkPages } from "../../src/input/pdf/index.js";
import { DEFAULT_LIMITS } from "../../src/limits.js";
import { certificateFromPem } from "../../src/pki/certificate.js";
import { decodeDer } from "../../src/pki/der.js";
import { decodeOcsp } from "../../src/pki/ocsp.js";
import { pkiSession } from "../../src/pki/session.js";

// One session for the whole fuzz run, as a batch worker keeps one.
const SESSION = pkiSession();
import { loadTrustStore, type TrustStore } from "../../src/pki/trust-store.js";
import { verifyArchive } from "../../src/verify/archive.js";
import {
  applyAsn1Op,
  applyByteOp,
  applyJsonOp,
  applyJwtOp,
  applyPdfTokenOp,
  asn1Op,
  byteOp,
  jsonOp,
  jwtOp,
  pdfTokenOp,
  type Asn1Op,
  type ByteOp,
  type JsonOp,
  type JwtOp,
  type PdfTokenOp,
} from "./mutators.js";
import { wholeSource } from "../../src/input/source.js";

export type Op = ByteOp | PdfTokenOp | Asn1Op | JsonOp | JwtOp;

export interface Outcome {
  /** The verdict, or null when a typed error came back instead. */
  indication: string | null;
  /** A SealcheckError's code (usage errors only); FormatError never escapes the verifiers. */
  errorCode?: string;
  /** Whether a byte inside what is signed changed (then TOTAL-PASSED is a bug). */
  signedChange: boolean;
  /** The check that threw internally, if the safety net caught an exception (a bug worth a fixture). */
  internalError?: string;
}

export interface Target {
  name: string;
  /** Lists of operations, applied in order. */
  ops: fc.Arbitrary<Op[]>;
  run(ops: readonly Op[]): Promise<Outcome>;
  /** The mutated input itself, to save a crash as a fixture. */
  input(ops: readonly Op[]): { name: string; bytes: Uint8Array };
}

const ROOT = join(import.meta.dirname, "..", "..");
const sample = (p: string) => new Uint8Array(readFileSync(join(ROOT, "samples", p)));
const opsOf = <T extends Op>(a: fc.Arbitrary<T>, max = 3) => fc.array(a as fc.Arbitrary<Op>, { minLength: 1, maxLength: max });

let trust: TrustStore | undefined;
function trustStore(): TrustStore {
  trust ??= loadTrustStore([join(ROOT, "samples", "trust")], []);
  return trust;
}

function internalOf(checks: readonly { details?: Record<string, unknown> | null; id: string }[]): string | undefined {
  const c = checks.find((x) => x.details && "internalError" in x.details);
  return c ? `${c.id}: ${JSON.stringify(c.details!.internalError).slice(0, 600)}` : undefined;
}

async function archiveOutcome(name: string, bytes: Uint8Array, signedChange: boolean): Promise<Outcome> {
  try {
    const r = await verifyArchive({ evidence: { name, bytes }, trustStore: trustStore() });
    const internal = internalOf(r.checks);
    return { indication: r.indication, signedChange, ...(internal ? { internalError: internal } : {}) };
  } catch (e) {
    if (e instanceof SealcheckError) return { indication: null, errorCode: e.code, signedChange };
    throw e;
  }
}

const eq = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;

// ---------------------------------------------------------------------------------------------------------
// The sealed PAdES: the seal's ByteRange decides which bytes are signed.

interface Pades {
  bytes: Uint8Array;
  byteRange: [number, number, number, number];
}

const padesFiles = new Map<string, Pades>();
/** A sealed sample and its seal's byte range (the genuine archive, or one with later LTV revisions). */
function validPades(file = "valid/archive.pdf"): Pades {
  let p = padesFiles.get(file);
  if (!p) {
    const bytes = sample(file);
    const sig = findSignatures(parsePdf(wholeSource(bytes), DEFAULT_LIMITS).latest()).signatures.find((s) => !s.isDocTimestamp)!;
    p = { bytes, byteRange: sig.byteRange as unknown as [number, number, number, number] };
    padesFiles.set(file, p);
  }
  return p;
}

/** Whether the bytes at the seal's signed ranges differ from the genuine file's (or are cut off). */
export function signedRangesChanged(orig: Pades, mutated: Uint8Array): boolean {
  const [a, b, c, d] = orig.byteRange;
  if (mutated.length < c + d) return true;
  return !eq(mutated.subarray(a, a + b), orig.bytes.subarray(a, a + b)) || !eq(mutated.subarray(c, c + d), orig.bytes.subarray(c, c + d));
}

function mutatePdf(ops: readonly Op[], file?: string): Uint8Array {
  const p = validPades(file);
  let bytes = p.bytes;
  for (const m of ops) {
    if (m.op === "pdf-token") bytes = applyPdfTokenOp(bytes, m);
    else if (m.op === "asn1") bytes = mutateContents(bytes, p, m);
    else if (m.op !== "json" && m.op !== "jwt") bytes = applyByteOp(bytes, m);
  }
  return bytes;
}

/** An ASN.1 mutation of the seal's CMS, written back into the /Contents gap (hex, zero-padded, same size). */
function mutateContents(bytes: Uint8Array, p: Pades, m: Asn1Op): Uint8Array {
  const [, b, c] = p.byteRange;
  if (bytes.length < c || !eq(bytes.subarray(b, c), p.bytes.subarray(b, c))) return bytes;
  const hex = Buffer.from(bytes.subarray(b + 1, c - 1)).toString("latin1");
  const der = Buffer.from(hex, "hex");
  let end = der.length;
  while (end > 0 && der[end - 1] === 0) end--;
  const mutated = Buffer.from(applyAsn1Op(der.subarray(0, end), m))
    .toString("hex")
    .toUpperCase()
    .slice(0, hex.length)
    .padEnd(hex.length, "0");
  const out = Buffer.from(bytes);
  out.write(mutated, b + 1, "latin1");
  return out;
}

export const padesTarget: Target = {
  name: "pades-pdf",
  ops: opsOf(
    fc.oneof(
      { weight: 5, arbitrary: byteOp as fc.Arbitrary<Op> },
      { weight: 3, arbitrary: pdfTokenOp as fc.Arbitrary<Op> },
      { weight: 2, arbitrary: asn1Op as fc.Arbitrary<Op> },
    ),
  ),
  input: (ops) => ({ name: "archive.pdf", bytes: mutatePdf(ops) }),
  async run(ops) {
    const bytes = mutatePdf(ops);
    return archiveOutcome("archive.pdf", bytes, signedRangesChanged(validPades(), bytes));
  },
};

/**
 * The sealed PAdES with two later revisions (a DSS, a document timestamp): mutations there drive the
 * difference analysis over the object graph; a change in the seal's own ranges must never pass.
 */
const LTV = "attacks/ltv-dss-doc-timestamp.pdf";
export const padesLtvTarget: Target = {
  name: "pades-ltv-pdf",
  ops: opsOf(fc.oneof({ weight: 4, arbitrary: byteOp as fc.Arbitrary<Op> }, { weight: 4, arbitrary: pdfTokenOp as fc.Arbitrary<Op> })),
  input: (ops) => ({ name: "ltv.pdf", bytes: mutatePdf(ops, LTV) }),
  async run(ops) {
    const bytes = mutatePdf(ops, LTV);
    return archiveOutcome("ltv.pdf", bytes, signedRangesChanged(validPades(LTV), bytes));
  },
};

// ---------------------------------------------------------------------------------------------------------
// The PAdES endpoint JSON: text-level and JSON-level mutations; signed = the decoded PDF's signed ranges.

function mutateText(text: string, ops: readonly Op[]): string {
  let t = text;
  for (const m of ops) {
    if (m.op === "json") t = applyJsonOp(t, m);
    else if (m.op !== "asn1" && m.op !== "jwt" && m.op !== "pdf-token") t = Buffer.from(applyByteOp(Buffer.from(t, "utf8"), m)).toString("utf8");
  }
  return t;
}

const jsonLike = (max = 3) => opsOf(fc.oneof({ weight: 1, arbitrary: byteOp as fc.Arbitrary<Op> }, { weight: 2, arbitrary: jsonOp as fc.Arbitrary<Op> }), max);

export const padesJsonTarget: Target = {
  name: "pades-json",
  ops: jsonLike(),
  input: (ops) => ({ name: "pades.json", bytes: Buffer.from(mutateText(Buffer.from(sample("valid/pades.json")).toString("utf8"), ops)) }),
  async run(ops) {
    const { bytes } = this.input(ops);
    let signedChange = true;
    try {
      const v = JSON.parse(Buffer.from(bytes).toString("utf8")) as { padesDocument?: { padesB64?: unknown } };
      const b64 = v.padesDocument?.padesB64;
      if (typeof b64 === "string") signedChange = signedRangesChanged(validPades(), Buffer.from(b64, "base64"));
    } catch {
      /* unparsable: anything but TOTAL-PASSED is right, and that is what the property demands */
    }
    return archiveOutcome("pades.json", bytes, signedChange);
  },
};

// ---------------------------------------------------------------------------------------------------------
// The Workflow-token JSON: the token (any change of its text), the OCSP response (its tbsResponseData) and
// the certificate (its tbsCertificate) are what is signed.

interface TokenJson {
  text: string;
  token: string;
  ocspTbs: Uint8Array;
  certTbs: Uint8Array;
}

let tokenJson: TokenJson | undefined;
function ocspTbs(b64: string): Uint8Array | null {
  try {
    const d = decodeOcsp(new Uint8Array(Buffer.from(b64.replace(/\s+/g, ""), "base64")), SESSION);
    return new Uint8Array(d.basic ? d.basic.tbsResponseData.tbsView : []);
  } catch {
    return null;
  }
}
function certTbs(pem: string): Uint8Array | null {
  try {
    return new Uint8Array(certificateFromPem(pem, "PEM certificate", SESSION).tbsView);
  } catch {
    return null;
  }
}
function validTokenJson(): TokenJson {
  if (!tokenJson) {
    const text = Buffer.from(sample("valid/workflowtoken.json")).toString("utf8");
    const v = JSON.parse(text) as Record<string, string>;
    tokenJson = { text, token: v.workflowToken!, ocspTbs: ocspTbs(v.ocspResponse!)!, certTbs: certTbs(v.publicSigningCertPem!)! };
  }
  return tokenJson;
}

function mutateTokenJson(ops: readonly Op[]): string {
  const base = validTokenJson();
  let text = base.text;
  for (const m of ops) {
    if (m.op === "jwt" || m.op === "asn1") {
      let v: Record<string, unknown>;
      try {
        v = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (m.op === "jwt" && typeof v.workflowToken === "string") v.workflowToken = applyJwtOp(v.workflowToken, m);
      if (m.op === "asn1") {
        // Alternate between the OCSP response and the certificate by the node index's parity.
        if (m.node % 2 === 0 && typeof v.ocspResponse === "string")
          v.ocspResponse = Buffer.from(applyAsn1Op(Buffer.from(v.ocspResponse, "base64"), m)).toString("base64");
        else if (typeof v.publicSigningCertPem === "string") {
          const der = Buffer.from(v.publicSigningCertPem.replace(/-----[A-Z ]+-----|\s/g, ""), "base64");
          v.publicSigningCertPem = `-----BEGIN CERTIFICATE-----\n${Buffer.from(applyAsn1Op(der, m)).toString("base64")}\n-----END CERTIFICATE-----\n`;
        }
      }
      text = JSON.stringify(v);
    } else if (m.op === "json") text = applyJsonOp(text, m);
    else if (m.op !== "pdf-token") text = Buffer.from(applyByteOp(Buffer.from(text, "utf8"), m)).toString("utf8");
  }
  return text;
}

function tokenJsonSignedChange(text: string): boolean {
  const base = validTokenJson();
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (typeof v.workflowToken !== "string" || v.workflowToken.trim() !== base.token) return true;
    const o = typeof v.ocspResponse === "string" ? ocspTbs(v.ocspResponse) : null;
    const c = typeof v.publicSigningCertPem === "string" ? certTbs(v.publicSigningCertPem) : null;
    return !o || !eq(o, base.ocspTbs) || !c || !eq(c, base.certTbs);
  } catch {
    return true;
  }
}

export const tokenJsonTarget: Target = {
  name: "workflow-token-json",
  ops: opsOf(
    fc.oneof(
      { weight: 1, arbitrary: byteOp as fc.Arbitrary<Op> },
      { weight: 2, arbitrary: jsonOp as fc.Arbitrary<Op> },
      { weight: 4, arbitrary: jwtOp as fc.Arbitrary<Op> },
      { weight: 3, arbitrary: asn1Op as fc.Arbitrary<Op> },
    ),
  ),
  input: (ops) => ({ name: "workflowtoken.json", bytes: Buffer.from(mutateTokenJson(ops)) }),
  async run(ops) {
    const text = mutateTokenJson(ops);
    return archiveOutcome("workflowtoken.json", Buffer.from(text), tokenJsonSignedChange(text));
  },
};

// ---------------------------------------------------------------------------------------------------------
// DER readers directly (OCSP, certificate): only "no exception but FormatError".

export const derTarget: Target = {
  name: "der-readers",
  ops: opsOf(fc.oneof({ weight: 3, arbitrary: asn1Op as fc.Arbitrary<Op> }, { weight: 1, arbitrary: byteOp as fc.Arbitrary<Op> }), 4),
  input(ops) {
    const v = JSON.parse(validTokenJson().text) as Record<string, string>;
    let der: Uint8Array = Buffer.from(v.ocspResponse!, "base64");
    for (const m of ops) der = m.op === "asn1" ? applyAsn1Op(der, m) : m.op === "json" || m.op === "jwt" || m.op === "pdf-token" ? der : applyByteOp(der, m);
    return { name: "ocsp.der", bytes: der };
  },
  async run(ops) {
    const { bytes } = this.input(ops);
    for (const f of [() => decodeOcsp(bytes, SESSION), () => decodeDer(bytes, "DER", DEFAULT_LIMITS)]) {
      try {
        f();
      } catch (e) {
        if (!(e instanceof Error && e.name === "FormatError") && !(e instanceof Error && e.name === "LimitError")) throw e;
      }
    }
    return { indication: "TOTAL-FAILED", signedChange: false };
  },
};

// ---------------------------------------------------------------------------------------------------------
// The PDF reader through its whole API, on the valid archive and the multi-revision attack samples.

const PDF_SEEDS = [
  "valid/archive.pdf",
  "attacks/ltv-dss-doc-timestamp.pdf",
  "attacks/isa-page-content-replaced-xref-stream.pdf",
  "tampered/valid-kids-tree/archive.pdf",
];
const seedBytes = new Map<string, Uint8Array>();
export const pdfReaderTarget: Target = {
  name: "pdf-reader",
  ops: fc
    .tuple(fc.nat({ max: PDF_SEEDS.length - 1 }), opsOf(fc.oneof(byteOp as fc.Arbitrary<Op>, pdfTokenOp as fc.Arbitrary<Op>), 4))
    .map(([seed, ops]) => [{ op: "set", at: seed, value: -1 } as Op, ...ops]),
  input(ops) {
    const seed = PDF_SEEDS[(ops[0] as { at: number }).at]!;
    let bytes = seedBytes.get(seed);
    if (!bytes) seedBytes.set(seed, (bytes = sample(seed)));
    for (const m of ops.slice(1))
      bytes = m.op === "pdf-token" ? applyPdfTokenOp(bytes, m) : m.op === "json" || m.op === "jwt" || m.op === "asn1" ? bytes : applyByteOp(bytes, m);
    return { name: seed.replace(/\//g, "_"), bytes };
  },
  async run(ops) {
    const { bytes } = this.input(ops);
    try {
      const doc = parsePdf(wholeSource(bytes), DEFAULT_LIMITS);
      for (let i = 0; i < doc.revisions.length; i++) {
        const v = doc.at(i);
        const step = <T>(f: () => T) => {
          try {
            f();
          } catch (e) {
            if (!(e instanceof Error && (e.name === "FormatError" || e.name === "LimitError"))) throw e;
          }
        };
        step(() => findSignatures(v));
        step(() => listEmbeddedFiles(v).files.forEach((f) => step(() => f.decode())));
        step(() => readDss(v));
        step(() => walkPages(v));
      }
    } catch (e) {
      if (!(e instanceof Error && (e.name === "FormatError" || e.name === "LimitError"))) throw e;
    }
    return { indication: "TOTAL-FAILED", signedChange: false };
  },
};

// ---------------------------------------------------------------------------------------------------------
// ID tokens and the JWKS: a token minted with a fixed test key (RS256: deterministic), verified at a fixed time.

const ID_ISSUER = "https://test.netseidbroker.dk/op";
const ID_AT = new Date("2026-01-15T10:00:00Z");
interface IdSeed {
  token: string;
  jwks: string;
}
let idSeed: IdSeed | undefined;
function validIdToken(): IdSeed {
  if (!idSeed) {
    const key = createPrivateKey(readFileSync(join(ROOT, "samples", "pki", "otherTokenSigner.key.pem")));
    const kid = createHash("sha1").update("fuzz").digest("hex").toUpperCase();
    const iat = Math.floor(ID_AT.getTime() / 1000) - 30;
    const header = { alg: "RS256", kid, typ: "JWT" };
    const payload = {
      iss: ID_ISSUER,
      nbf: iat,
      iat,
      exp: iat + 300,
      aud: "DK11111111",
      ct_claims: JSON.stringify({ name: "Jens Hansen" }),
      ct_id: "6f1c7a52-3b0e-4d7a-9c51-2e8f4a6b9d10",
      ct_sender: "DK22222222",
      ct_sender_traceId: "trace-42",
    };
    const input = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
    const sig = sign("sha256", Buffer.from(input), key).toString("base64url");
    const jwk = { ...(createPublicKey(key).export({ format: "jwk" }) as Record<string, unknown>), kid, use: "sig" };
    idSeed = { token: `${input}.${sig}`, jwks: JSON.stringify({ keys: [jwk] }) };
  }
  return idSeed;
}

async function idOutcome(token: string, jwksText: string, signedChange: boolean): Promise<Outcome> {
  let keys;
  try {
    keys = staticKeys(JSON.parse(jwksText) as unknown, { retrievedAt: ID_AT });
  } catch (e) {
    // A JWKS that is not one is refused where it is loaded, with a typed error.
    if (e instanceof SealcheckError) return { indication: null, errorCode: e.code, signedChange };
    if (e instanceof SyntaxError || (e instanceof Error && (e.name === "FormatError" || e.name === "LimitError")))
      return { indication: null, errorCode: "ERR_FORMAT", signedChange };
    throw e;
  }
  try {
    const r = await verifyIdToken(token, { issuer: ID_ISSUER, audience: "DK11111111", sender: "DK22222222", keys, at: ID_AT, replayStore: null });
    const internal = internalOf(r.checks);
    if (r.indication === "TOTAL-PASSED" && !r.transfer) throw new Error("TOTAL-PASSED without a transfer");
    return { indication: r.indication, signedChange, ...(internal ? { internalError: internal } : {}) };
  } catch (e) {
    if (e instanceof SealcheckError) return { indication: null, errorCode: e.code, signedChange };
    throw e;
  }
}

export const idTokenTarget: Target = {
  name: "id-token",
  ops: opsOf(fc.oneof({ weight: 5, arbitrary: jwtOp as fc.Arbitrary<Op> }, { weight: 1, arbitrary: byteOp as fc.Arbitrary<Op> })),
  input(ops) {
    let t = validIdToken().token;
    for (const m of ops)
      t =
        m.op === "jwt"
          ? applyJwtOp(t, m)
          : m.op === "json" || m.op === "asn1" || m.op === "pdf-token"
            ? t
            : Buffer.from(applyByteOp(Buffer.from(t, "latin1"), m)).toString("latin1");
    return { name: "id-token.jwt", bytes: Buffer.from(t, "latin1") };
  },
  async run(ops) {
    const token = Buffer.from(this.input(ops).bytes).toString("latin1");
    return idOutcome(token, validIdToken().jwks, token.trim() !== validIdToken().token);
  },
};

export const jwksTarget: Target = {
  name: "jwks",
  ops: jsonLike(4),
  input: (ops) => ({ name: "jwks.json", bytes: Buffer.from(mutateText(validIdToken().jwks, ops)) }),
  async run(ops) {
    // The key set is configuration, not signed: a mutated JWKS that still holds the key may pass.
    return idOutcome(validIdToken().token, Buffer.from(this.input(ops).bytes).toString("utf8"), false);
  },
};

export const TARGETS: readonly Target[] = [
  padesTarget,
  padesLtvTarget,
  padesJsonTarget,
  tokenJsonTarget,
  derTarget,
  pdfReaderTarget,
  idTokenTarget,
  jwksTarget,
];

/** Throws when an outcome breaks the promise; the message says which part. */
export function assertOutcome(o: Outcome): void {
  const verdicts = ["TOTAL-PASSED", "TOTAL-FAILED", "INDETERMINATE"];
  if (o.indication === null) {
    if (!o.errorCode) throw new Error("neither a report nor a typed error");
  } else if (!verdicts.includes(o.indication)) throw new Error(`unknown indication ${o.indication}`);
  if (o.signedChange && o.indication === "TOTAL-PASSED") throw new Error("TOTAL-PASSED although a signed byte changed");
  if (o.internalError) throw new Error(`an internal error was caught by the safety net: ${o.internalError}`);
}
