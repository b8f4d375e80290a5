// The Workflow token's claims (evidence.md §3): numbers as strings, documents and signatures as JSON
// objects serialised into strings. Parsing collects every problem instead of stopping at the first,
// so that the token-claims check can list them all.
import { isTimeClaim, MAX_TIME_CLAIM_SECONDS } from "../time.js";
import { quoteName, quoteValue } from "../report/quoted-name.js";
import type { Limits } from "../limits.js";
import { errorMessage } from "../errors.js";
import { isPlainObject, parseJsonObjectString } from "../input/json.js";
import { ORGANISATION_ID, brokerEnvironment, type BrokerEnvironment } from "./broker.js";

export type { BrokerEnvironment } from "./broker.js";

export interface TokenDocument {
  index: number;
  title: string;
  sha256Hex: string;
}

export interface TokenSignature {
  index: number;
  created: string;
  id: string;
  signatureTransactionId: string;
  userClaims: Record<string, unknown>;
}

export interface WorkflowClaims {
  tokenType?: string;
  workflowId?: string;
  workflowTitle?: string;
  organizationTin?: string;
  serviceProviderId?: string;
  expiry?: number;
  documentsSignedNumber?: number;
  signaturesNumber?: number;
  iss?: string;
  aud?: string;
  iat?: number;
  nbf?: number;
  exp?: number;
  environment: BrokerEnvironment | null;
  documents: TokenDocument[];
  signatures: TokenSignature[];
  /** Every problem found, one sentence each. Empty when the claims are well-formed. */
  problems: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^[0-9]{1,18}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
// .NET round-trip format: 2025-12-08T08:36:31.8622654+00:00 (fraction length varies in practice)
const DOTNET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export type NumberedClaimKind = "document" | "signature";

/**
 * The one reading of a numbered claim's name (verify, inspect and the cross-check use it): `document_N` or
 * `signature_N` with N = 1, 2, … written without leading zeros; `index` null for the prefix without such an N.
 */
export function numberedClaimName(name: string): { kind: NumberedClaimKind; index: number | null } | null {
  const kind = name.startsWith("document_") ? "document" : name.startsWith("signature_") ? "signature" : null;
  if (kind === null) return null;
  const n = name.slice(kind.length + 1);
  return { kind, index: /^[1-9][0-9]{0,8}$/.test(n) ? Number(n) : null };
}

/** Numbered claims (document_1 … document_N): indices must be 1..N without gaps. */
function numbered(payload: Record<string, unknown>, kind: NumberedClaimKind, limit: number, problems: string[]): [number, unknown][] {
  const prefix = `${kind}_`;
  const found: [number, unknown][] = [];
  for (const [k, v] of Object.entries(payload)) {
    const c = numberedClaimName(k);
    if (c?.kind !== kind) continue;
    if (c.index === null) {
      problems.push(`claim ${quoteName(k)} is not numbered as ${prefix}N`);
      continue;
    }
    found.push([c.index, v]);
  }
  if (found.length > limit) {
    problems.push(`${found.length} ${prefix}N claims exceed the limit of ${limit}`);
    return [];
  }
  found.sort((a, b) => a[0] - b[0]);
  found.forEach(([n], i) => {
    if (n !== i + 1) problems.push(`${prefix}N claims are not numbered 1..${found.length} without gaps (found ${prefix}${n})`);
  });
  return found;
}

function stringNumber(v: unknown, name: string, problems: string[], max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (v === undefined) {
    problems.push(`required claim "${name}" is missing`);
    return undefined;
  }
  if (typeof v !== "string" || !DIGITS.test(v)) {
    problems.push(`claim "${name}" must be a decimal number in a string, found ${quoteValue(v)}`);
    return undefined;
  }
  const n = Number(v);
  if (n > max) {
    problems.push(`claim "${name}" is ${v}, beyond ${max}${max === MAX_TIME_CLAIM_SECONDS ? " (9999-12-31T23:59:59Z)" : ""}`);
    return undefined;
  }
  return n;
}

function str(payload: Record<string, unknown>, name: string, problems: string[], pattern?: RegExp, what?: string): string | undefined {
  const v = payload[name];
  if (v === undefined) {
    problems.push(`required claim "${name}" is missing`);
    return undefined;
  }
  if (typeof v !== "string") {
    problems.push(`claim "${name}" must be a string`);
    return undefined;
  }
  if (pattern && !pattern.test(v)) problems.push(`claim "${name}" is not ${what} (${quoteName(v, 60)})`);
  return v;
}

function num(payload: Record<string, unknown>, name: string, problems: string[]): number | undefined {
  const v = payload[name];
  if (v === undefined) {
    problems.push(`required claim "${name}" is missing`);
    return undefined;
  }
  // A later "time" than 9999-12-31 would make date computations (with tolerances added) throw.
  if (typeof v !== "number" || !Number.isSafeInteger(v) || !isTimeClaim(v)) {
    problems.push(
      `claim "${name}" must be a non-negative integer of seconds since the epoch, up to 9999-12-31T23:59:59Z (${MAX_TIME_CLAIM_SECONDS}), found ${quoteValue(v)}`,
    );
    return undefined;
  }
  return v;
}

export function parseWorkflowClaims(
  payload: Record<string, unknown>,
  limits: Pick<Limits, "maxJsonBytes" | "maxJsonDepth" | "maxNumberedClaims">,
): WorkflowClaims {
  const problems: string[] = [];
  const jsonLimits = { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth };
  const claims: WorkflowClaims = { environment: null, documents: [], signatures: [], problems };

  claims.tokenType = str(payload, "token_type", problems);
  if (claims.tokenType !== undefined && claims.tokenType !== "workflow_token_v1") {
    problems.push(`claim "token_type" is ${quoteName(claims.tokenType)}, not "workflow_token_v1": this is not a Workflow token`);
  }
  claims.workflowId = str(payload, "workflow_id", problems, UUID, "a UUID");
  claims.workflowTitle = str(payload, "workflow_title", problems);
  claims.organizationTin = str(payload, "organization_tin", problems, ORGANISATION_ID, 'an organisation number ("DK" and 8 digits)');
  claims.serviceProviderId = str(payload, "service_provider_id", problems, UUID, "a UUID");
  claims.expiry = stringNumber(payload.expiry, "expiry", problems, MAX_TIME_CLAIM_SECONDS);
  claims.documentsSignedNumber = stringNumber(payload.documents_signed_number, "documents_signed_number", problems);
  claims.signaturesNumber = stringNumber(payload.signatures_number, "signatures_number", problems);
  claims.iss = str(payload, "iss", problems);
  claims.environment = brokerEnvironment(claims.iss);
  claims.aud = typeof payload.aud === "string" ? payload.aud : undefined;
  if (payload.aud === undefined) problems.push('required claim "aud" is missing');
  else if (claims.aud === undefined) problems.push('claim "aud" must be a string');
  else if (claims.organizationTin !== undefined && claims.aud !== claims.organizationTin) {
    problems.push(`claim "aud" (${quoteName(claims.aud)}) differs from "organization_tin" (${quoteName(claims.organizationTin)})`);
  }
  claims.iat = num(payload, "iat", problems);
  claims.nbf = num(payload, "nbf", problems);
  claims.exp = num(payload, "exp", problems);
  if (claims.iat !== undefined && claims.exp !== undefined && claims.exp <= claims.iat) problems.push('claim "exp" is not after "iat"');
  if (claims.iat !== undefined && claims.nbf !== undefined && claims.nbf > claims.iat) problems.push('claim "nbf" is after "iat"');

  for (const [index, raw] of numbered(payload, "document", limits.maxNumberedClaims, problems)) {
    try {
      const d = parseJsonObjectString(raw, jsonLimits, `claim "document_${index}"`);
      const title = d.title;
      const digest = d.sha256Hex;
      if (typeof title !== "string") problems.push(`claim "document_${index}" has no string "title"`);
      if (typeof digest !== "string" || !SHA256_HEX.test(digest)) {
        problems.push(`claim "document_${index}" has no "sha256Hex" of 64 lower-case hex digits`);
        continue;
      }
      claims.documents.push({ index, title: typeof title === "string" ? title : "", sha256Hex: digest });
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }
  if (claims.documents.length === 0 && !problems.some((p) => p.includes("document_"))) problems.push("the token names no document (no document_N claim)");

  for (const [index, raw] of numbered(payload, "signature", limits.maxNumberedClaims, problems)) {
    try {
      const s = parseJsonObjectString(raw, jsonLimits, `claim "signature_${index}"`);
      const bad: string[] = [];
      if (typeof s.Created !== "string" || !DOTNET_TIME.test(s.Created) || Number.isNaN(Date.parse(s.Created))) bad.push('"Created" is not a date-time');
      if (typeof s.Id !== "string" || !UUID.test(s.Id)) bad.push('"Id" is not a UUID');
      if (typeof s.SignatureTransactionId !== "string" || !UUID.test(s.SignatureTransactionId)) bad.push('"SignatureTransactionId" is not a UUID');
      if (!isPlainObject(s.UserClaims)) bad.push('"UserClaims" is not an object');
      if (bad.length) {
        problems.push(`claim "signature_${index}": ${bad.join(", ")}`);
        continue;
      }
      claims.signatures.push({
        index,
        created: s.Created as string,
        id: s.Id as string,
        signatureTransactionId: s.SignatureTransactionId as string,
        userClaims: s.UserClaims as Record<string, unknown>,
      });
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }
  if (claims.signatures.length === 0 && !problems.some((p) => p.includes("signature_"))) problems.push("the token holds no signature (no signature_N claim)");
  return claims;
}
