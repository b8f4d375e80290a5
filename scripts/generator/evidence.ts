// The Workflow-token evidence of one workflow (token, OCSP response, certificate PEM) and the two
// endpoint JSON forms (evidence.md §6). Tampering options produce the ordinary broken variants.
import { base64 } from "./der.js";
import { createOcspResponse, type OcspOptions } from "./ocsp.js";
import { createOriginalPdf, DEFAULT_ORIGINALS, type OriginalSpec } from "./originals.js";
import type { Issued, TestPki } from "./pki.js";
import { createWorkflowToken, tamperJwtPayload, thumbprint, type TokenAlg, type TokenSigner, type WorkflowToken } from "./token.js";

export interface WorkflowResultInfo {
  ocspReponseIncluded: boolean;
  documentCount: number;
  signatureCount: number;
}

export interface OriginalFile {
  title: string;
  /** Suggested file name, e.g. `Lejekontrakt.pdf`. */
  fileName: string;
  bytes: Uint8Array;
}

export interface EvidenceOptions {
  pki: TestPki;
  originals?: OriginalSpec[];
  signers?: TokenSigner[];
  alg?: TokenAlg;
  /** Who signs the token (default: tokenSigner, or tokenSignerEc for ES256). */
  tokenSigner?: Issued;
  /** The certificate put in the PEM / `publicSigningCertPem` and the `kid` (default: tokenSigner). */
  pemCertificate?: Issued;
  /** Claim overrides for both token copies (`undefined` removes a claim). */
  claims?: Record<string, unknown>;
  /** PAdES claim filter: `Restricted` (default) leaves personal data out of the PAdES copy. */
  claimFilter?: "Restricted" | "All";
  /** Change the payload after signing (the signature no longer matches). */
  tamperPayload?: (payload: Record<string, unknown>) => Record<string, unknown>;
  /** Overrides for the OCSP response (subject, responder, status, times…). */
  ocsp?: Partial<OcspOptions>;
  resultInfo?: Partial<WorkflowResultInfo>;
}

export interface WorkflowEvidence {
  originals: OriginalFile[];
  /** The Workflow-token endpoint's copy: all claims. */
  endpointToken: WorkflowToken;
  /** The PAdES attachment's copy: claims as the filter leaves them. Same as endpointToken with `All`. */
  padesToken: WorkflowToken;
  ocspDer: Uint8Array;
  /** Standard base64, padded, one line (the `.ocsp` attachment and `ocspResponse`). */
  ocspBase64: string;
  /** The token certificate PEM, LF line ends. */
  certificatePem: string;
  resultInfo: WorkflowResultInfo;
}

/** Build the token evidence of one workflow, genuine unless options say otherwise. */
export async function buildWorkflowEvidence(o: EvidenceOptions): Promise<WorkflowEvidence> {
  const specs = o.originals ?? DEFAULT_ORIGINALS;
  const originals = await Promise.all(specs.map(async (s) => ({ title: s.title, fileName: `${s.title}.pdf`, bytes: await createOriginalPdf(s) })));
  const signer = o.tokenSigner ?? (o.alg === "ES256" ? o.pki.tokenSignerEc : o.pki.tokenSigner);
  const pemCert = o.pemCertificate ?? signer;
  const common = {
    signer,
    alg: o.alg,
    kid: pemCert === signer ? undefined : thumbprint(pemCert.der),
    documents: originals.map((d) => ({ title: d.title, bytes: d.bytes })),
    signers: o.signers,
    claims: o.claims,
  };
  const tamper = (t: WorkflowToken): WorkflowToken => (o.tamperPayload ? { ...t, jwt: tamperJwtPayload(t.jwt, o.tamperPayload) } : t);
  const endpointToken = tamper(await createWorkflowToken({ ...common, personalData: true }));
  const padesToken = o.claimFilter === "All" ? endpointToken : tamper(await createWorkflowToken({ ...common, personalData: false }));

  const ocspDer = createOcspResponse({
    subject: pemCert,
    issuer: o.pki.tokenCa,
    responder: o.pki.ocspResponder,
    ...o.ocsp,
  });
  const signers = o.signers?.length ?? 2;
  return {
    originals,
    endpointToken,
    padesToken,
    ocspDer,
    ocspBase64: base64(ocspDer),
    certificatePem: pemCert.pem,
    resultInfo: { ocspReponseIncluded: true, documentCount: originals.length, signatureCount: signers, ...o.resultInfo },
  };
}

/** Field names of the Workflow-token endpoint JSON; `omit` drops fields (e.g. a token-only JSON). */
export function workflowTokenJson(e: WorkflowEvidence, omit: readonly ("ocspResponse" | "publicSigningCertPem")[] = []): string {
  const body: Record<string, unknown> = {
    workflowToken: e.endpointToken.jwt,
    ocspResponse: e.ocspBase64,
    publicSigningCertPem: e.certificatePem,
    workflowResultInfo: e.resultInfo,
  };
  for (const f of omit) delete body[f];
  return JSON.stringify(body);
}

/** The PAdES endpoint JSON around a sealed PDF. */
export function padesJson(pdf: Uint8Array, resultInfo: WorkflowResultInfo): string {
  return JSON.stringify({ padesDocument: { padesB64: base64(pdf) }, workflowResultInfo: resultInfo });
}
