// The Workflow token (evidence.md §3): a compact JWS whose payload keeps the broker's claim order,
// numbers as strings, and documents/signatures as JSON serialised into strings.
import { CompactSign } from "jose";
import { hex, sha1, sha256, utf8Bytes } from "./der.js";
import type { Issued } from "./pki.js";
import { TIMELINE } from "./timeline.js";

export type TokenAlg = "RS256" | "PS256" | "ES256";

export interface TokenDocument {
  title: string;
  /** The original PDF's bytes; its SHA-256 becomes `sha256Hex` unless `sha256Hex` is given. */
  bytes?: Uint8Array;
  sha256Hex?: string;
}

export interface TokenSigner {
  name: string;
  /** MitID identity UUID (`idp_identity_id`), also shown on the signer page. */
  identityId: string;
  /** .NET round-trip time with 7 fractional digits and `+00:00`. */
  created: string;
  id: string;
  transactionId: string;
  /** Shown on the signer page; a claim only with personal data. */
  ip: string;
  /** Fictitious national person number, a claim only with personal data. */
  cpr: string;
  birthDate: string;
  age: number;
}

export const DEFAULT_SIGNERS: TokenSigner[] = [
  {
    name: "Karen Test Jensen",
    identityId: "3d5c1f0a-8b2e-4a6f-9c71-5e0d2b4a6c88",
    created: TIMELINE.signaturesCreated[0],
    id: "a1f4c2d3-5b6e-4f70-8192-a3b4c5d6e7f8",
    transactionId: "c0ffee00-1234-4abc-8def-0123456789ab",
    ip: "192.0.2.17",
    cpr: "0101709995",
    birthDate: "1970-01-01",
    age: 55,
  },
  {
    name: "Lars Test Nielsen",
    identityId: "7e2a9b41-0c3d-4e5f-a617-28394a5b6c7d",
    created: TIMELINE.signaturesCreated[1],
    id: "b2e5d3c4-6c7f-4081-92a3-b4c5d6e7f809",
    transactionId: "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6",
    ip: "198.51.100.42",
    cpr: "3112899996",
    birthDate: "1989-12-31",
    age: 35,
  },
];

export const WORKFLOW_DEFAULTS = {
  workflowId: "5a7d3c21-9e84-4b6f-a0c2-1d3e5f708192",
  serviceProviderId: "e3b0c442-98fc-4c14-9afb-f4c8996fb924",
  organizationTin: "DK29915938",
  title: "Lejekontrakt og husorden",
  issuer: "https://test.netseidbroker.dk/op",
};

export interface WorkflowTokenOptions {
  /** The certificate+key that signs; must match `alg` (RSA for RS256/PS256, P-256 for ES256). */
  signer: Issued;
  alg?: TokenAlg;
  /** Override the `kid` (default: SHA-1 thumbprint of `signer`'s DER, upper-case hex). */
  kid?: string;
  iat?: Date;
  documents: TokenDocument[];
  signers?: TokenSigner[];
  /** Add the personal-data claims of PERSONAL_CLAIMS to each signer's UserClaims. */
  personalData?: boolean;
  workflowId?: string;
  title?: string;
  organizationTin?: string;
  issuer?: string;
  /** Replace claims in place, append new ones, or remove with `undefined`. Applied last. */
  claims?: Record<string, unknown>;
}

export interface WorkflowToken {
  jwt: string;
  header: Record<string, string>;
  payload: Record<string, unknown>;
}

/** SHA-1 thumbprint of a certificate, upper-case hex: the broker's `kid`. */
export const thumbprint = (der: Uint8Array): string => hex(sha1(der)).toUpperCase();

export const sha256Hex = (bytes: Uint8Array): string => hex(sha256(bytes));

export function userClaims(s: TokenSigner, personalData: boolean): Record<string, string> {
  const claims: Record<string, string> = {
    "mitid.identity_name": s.name,
    loa: "https://data.gov.dk/concept/core/nsis/Substantial",
    ial: "https://data.gov.dk/concept/core/nsis/Substantial",
    idp_identity_id: s.identityId,
    idp: "mitid",
    auth_time: String(Math.floor(Date.parse(s.created) / 1000) - 20),
    simulated: "true",
  };
  if (personalData) {
    claims["ip_address"] = s.ip;
    claims["mitid.age"] = String(s.age);
    claims["mitid.date_of_birth"] = s.birthDate;
    claims["mitid.is_over_18"] = String(s.age >= 18);
    claims["dk.cpr"] = s.cpr;
  }
  return claims;
}

/** The payload in the broker's claim order. */
export function workflowClaims(o: Omit<WorkflowTokenOptions, "signer" | "alg" | "kid">): Record<string, unknown> {
  const iatDate = o.iat ?? TIMELINE.iat;
  const iat = Math.floor(iatDate.getTime() / 1000);
  const exp = new Date(iatDate);
  exp.setUTCFullYear(exp.getUTCFullYear() + 30);
  const signers = o.signers ?? DEFAULT_SIGNERS;
  const tin = o.organizationTin ?? WORKFLOW_DEFAULTS.organizationTin;
  const payload: Record<string, unknown> = {
    expiry: String(Math.floor(TIMELINE.workflowExpiry.getTime() / 1000)),
    documents_signed_number: String(o.documents.length),
    organization_tin: tin,
    service_provider_id: WORKFLOW_DEFAULTS.serviceProviderId,
    signatures_number: String(signers.length),
    token_type: "workflow_token_v1",
    workflow_id: o.workflowId ?? WORKFLOW_DEFAULTS.workflowId,
    workflow_title: o.title ?? WORKFLOW_DEFAULTS.title,
  };
  o.documents.forEach((d, i) => {
    const digest = d.sha256Hex ?? (d.bytes ? sha256Hex(d.bytes) : undefined);
    if (digest === undefined) throw new Error(`generator: document ${i + 1} needs bytes or sha256Hex`);
    payload[`document_${i + 1}`] = JSON.stringify({ title: d.title, sha256Hex: digest });
  });
  signers.forEach((s, i) => {
    payload[`signature_${i + 1}`] = JSON.stringify({
      Created: s.created,
      Id: s.id,
      SignatureTransactionId: s.transactionId,
      UserClaims: userClaims(s, o.personalData ?? false),
    });
  });
  Object.assign(payload, {
    nbf: iat,
    iat,
    exp: Math.floor(exp.getTime() / 1000),
    iss: o.issuer ?? WORKFLOW_DEFAULTS.issuer,
    aud: tin,
  });
  return applyOverrides(payload, o.claims);
}

/** Replace in place (keeps order), append, or delete (`undefined`). */
export function applyOverrides(payload: Record<string, unknown>, overrides?: Record<string, unknown>): Record<string, unknown> {
  if (!overrides) return payload;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(payload)) {
    if (!(k in overrides)) out[k] = v;
    else if (overrides[k] !== undefined) out[k] = overrides[k];
  }
  for (const [k, v] of Object.entries(overrides)) if (!(k in payload) && v !== undefined) out[k] = v;
  return out;
}

/** Sign a Workflow token with jose. */
export async function createWorkflowToken(o: WorkflowTokenOptions): Promise<WorkflowToken> {
  const alg = o.alg ?? (o.signer.key.asymmetricKeyType === "ec" ? "ES256" : "RS256");
  const header = { alg, kid: o.kid ?? thumbprint(o.signer.der), typ: "JWT" };
  const payload = workflowClaims(o);
  const jwt = await new CompactSign(utf8Bytes(JSON.stringify(payload))).setProtectedHeader(header).sign(o.signer.key);
  return { jwt, header, payload };
}

/** Change the payload of a compact JWS but keep its header and signature (a forged token). */
export function tamperJwtPayload(jwt: string, mutate: (payload: Record<string, unknown>) => Record<string, unknown>): string {
  const [h, p, s] = jwt.split(".");
  const payload = JSON.parse(Buffer.from(p!, "base64url").toString("utf8")) as Record<string, unknown>;
  const changed = Buffer.from(JSON.stringify(mutate(payload)), "utf8").toString("base64url");
  return `${h}.${changed}.${s}`;
}
