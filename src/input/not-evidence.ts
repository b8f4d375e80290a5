// What a file given as evidence seems to be when it is none of the three forms of a sealed archive (a sealed
// PDF, the PAdES endpoint's JSON, the Workflow-token endpoint's JSON): a receiver's ID token, the bare
// Workflow-token JWT or the seal's CMS that `extract` writes, a certificate, a key set, text. Words only: the
// verdict stays TOTAL-FAILED/FORMAT_FAILURE (contract.md: malformed input), but the report says "not a sealed
// archive" and where the file belongs, not the forgery words (issue 37 part 3).

/** What the file seems to be, and what to do with it instead (null: nothing better to say). */
export interface NotEvidence {
  /** "a controlled-transfer ID token (a JWT)", "a certificate (PEM)", … */
  seemsToBe: string;
  /** "verify it with `sealcheck verify-id-token`", … */
  instead: string | null;
}

const HEAD = 4096;

/** The JSON object of a base64url JWT part, or null. */
function jwtPart(part: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part) || part.length > 1 << 20) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function jwt(text: string): NotEvidence | null {
  const parts = text.trim().split(".");
  if (parts.length !== 3 || !parts[0]!.startsWith("eyJ")) return null;
  const header = jwtPart(parts[0]!);
  const payload = jwtPart(parts[1]!);
  if (!header || !payload) return null;
  if ("ct_claims" in payload || "ct_id" in payload)
    return {
      seemsToBe: "a controlled-transfer ID token (a JWT)",
      instead: "an ID token is verified with `sealcheck verify-id-token <token> --issuer … --audience …`",
    };
  if ("workflow_id" in payload || "document_1" in payload || payload.token_type === "workflow_token_v1")
    return {
      seemsToBe: "a bare Workflow token (the JWT alone, as `extract` writes it)",
      instead:
        "give the JSON of the PAdES or Workflow-token endpoint it came from, or the sealed PDF: the JWT alone carries neither the token's certificate nor its OCSP response",
    };
  return { seemsToBe: "a JWT", instead: null };
}

function pem(text: string): NotEvidence | null {
  const m = /^-----BEGIN ([A-Z0-9 ]{1,40})-----/.exec(text.trimStart());
  if (!m) return null;
  const label = m[1]!;
  if (/CERTIFICATE$/.test(label) && !/REQUEST$/.test(label))
    return {
      seemsToBe: "a certificate (PEM)",
      instead: "a trust anchor is given with --trust (or --trust-token, --trust-seal, --trust-tsa); other certificates with --certs",
    };
  if (label === "PKCS7" || label === "CMS") return { seemsToBe: "a CMS signature (PEM)", instead: "verify the sealed PDF it was taken from" };
  return { seemsToBe: `a PEM file (${label.toLowerCase()})`, instead: null };
}

/** DER: a CMS SignedData (its OID, 1.2.840.113549.1.7.2, near the start) or a certificate (SEQUENCE of SEQUENCE). */
function der(b: Uint8Array): NotEvidence | null {
  if (b[0] !== 0x30 || b.length < 16) return null;
  const signedData = Buffer.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]);
  if (Buffer.from(b.subarray(0, 24)).includes(signedData))
    return { seemsToBe: "a CMS signature (such as the seal's Signature1.p7s that `extract` writes)", instead: "verify the sealed PDF it was taken from" };
  const len = b[1] === 0x82 ? 4 : b[1] === 0x83 ? 5 : 0;
  if (len && b[len] === 0x30) return pem("-----BEGIN CERTIFICATE-----")!;
  return null;
}

function json(text: string): NotEvidence | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if ("padesDocument" in o || "workflowToken" in o || "publicSigningCertPem" in o || "ocspResponse" in o) return null;
  if (Array.isArray(o.keys))
    return { seemsToBe: "a JSON Web Key Set (JWKS)", instead: "a key set verifies ID tokens: `sealcheck verify-id-token <token> --jwks <file>`" };
  return { seemsToBe: "a JSON file that is neither endpoint's JSON (no padesDocument or workflowToken key)", instead: null };
}

/**
 * What `bytes` (a file that is not a PDF: classifyEvidence refused it) seem to be; null when it may be a damaged
 * form of the evidence (JSON with an endpoint's keys) and is best left to the format error's own words.
 */
export function notEvidence(bytes: Uint8Array): NotEvidence | null {
  if (bytes.length === 0) return { seemsToBe: "an empty file", instead: null };
  const head = bytes.subarray(0, HEAD);
  const fromDer = der(head);
  if (fromDer) return fromDer;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.length <= 4 << 20 ? bytes : head);
  const t = text.replace(/^\uFEFF/, "").trimStart();
  if (t.startsWith("{")) return bytes.length <= 4 << 20 ? json(t) : null;
  const found = jwt(t) ?? pem(t);
  if (found) return found;
  // Text: printable characters, tabs and line breaks only (the first 4 KiB).
  if (!/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(new TextDecoder("utf-8", { fatal: false }).decode(head))) return { seemsToBe: "a text file", instead: null };
  return { seemsToBe: "a file that is neither a PDF nor JSON", instead: null };
}
