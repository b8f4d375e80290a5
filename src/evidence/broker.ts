// Facts about the broker shared by the archive and ID-token verifiers (evidence.md §2, §3, §5).
import type { SignatureInfo } from "../input/pdf/index.js";

export const BROKER_ISSUERS = Object.freeze({
  production: "https://netseidbroker.dk/op",
  preproduction: "https://pp.netseidbroker.dk/op",
  test: "https://test.netseidbroker.dk/op",
} as const);
export type BrokerEnvironment = keyof typeof BROKER_ISSUERS;

export function brokerEnvironment(iss: unknown): BrokerEnvironment | null {
  for (const [env, url] of Object.entries(BROKER_ISSUERS)) if (iss === url) return env as BrokerEnvironment;
  return null;
}

/** `"DK"` + 8-digit CVR, the form the broker uses for organisations (`aud`, `organization_tin`, `ct_sender`). */
export const ORGANISATION_ID = /^DK[0-9]{8}$/;

/** The names of the three attachments of a sealed PAdES, by the value each carries (docs/evidence.md §2). */
export const ATTACHMENT_NAMES = {
  token: "workflow_token.jwt",
  ocspBase64: "workflow_token.ocsp",
  certPem: "workflow_token_pub.pem",
} as const;

/** The seal: the certification (DocMDP) signature, else the only approval signature. */
export function chooseSeal(sigs: readonly SignatureInfo[]): { seal?: SignatureInfo; problem?: string } {
  const approvals = sigs.filter((s) => !s.isDocTimestamp);
  const certification = approvals.filter((s) => s.isDocMdp);
  if (certification.length === 1) return { seal: certification[0]! };
  if (approvals.length === 0) return { problem: "the PDF has no signature field with a signature (found through /AcroForm and /Perms)" };
  if (approvals.length > 1)
    return {
      seal: [...approvals].sort((a, b) => a.revision - b.revision)[0]!,
      problem: `the PDF has ${approvals.length} signatures; the broker seals with exactly one`,
    };
  return { seal: approvals[0]! };
}
