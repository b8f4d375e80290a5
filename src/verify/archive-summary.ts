// The readable part of an archive report (workflow, documents, signers, certificates), built from what
// the checks established. Personal data is marked by kind and masked unless asked for.
import { inferClaimFilter } from "../evidence/personal-data.js";
import { reportClaims } from "../evidence/claims-report.js";
import { signerSummary } from "../report/signer.js";
import { summarize } from "../pki/certificate.js";
import { answerAbout } from "../pki/ocsp.js";
import type { ArchiveReport, ReportedClaim, SignerSummary } from "../report/archive-report.js";
import type { ArchiveFacts } from "../checks/facts.js";

type Summary = Pick<ArchiveReport, "workflow" | "documents" | "signatures" | "tokenCertificate" | "ocsp" | "seal" | "personalDataShown">;

/** From the facts the checks established (never from their report details). */
export function buildArchiveSummary(f: ArchiveFacts, showPersonalData: boolean): Summary {
  const c = f.claims;
  const matched = f.matchedDocuments ?? [];
  const claimNames = c ? c.signatures.flatMap((s) => Object.keys(s.userClaims)) : [];
  // The answer about the token certificate, as the OCSP checks read it (a response may answer more than once).
  const single = (f.ocsp && f.tokenCert ? answerAbout(f.ocsp, f.tokenCert, f.tokenIssuer ?? null) : undefined) ?? f.ocsp?.responses[0];
  return {
    workflow: c
      ? {
          id: c.workflowId,
          title: c.workflowTitle,
          organizationTin: c.organizationTin,
          serviceProviderId: c.serviceProviderId,
          issuer: c.iss,
          environment: c.environment,
          sealedAt: c.iat !== undefined ? new Date(c.iat * 1000).toISOString() : undefined,
          expiry: c.expiry !== undefined ? new Date(c.expiry * 1000).toISOString() : undefined,
          claimFilter: inferClaimFilter(claimNames),
        }
      : null,
    documents: (c?.documents ?? []).map((d) => ({
      index: d.index,
      title: d.title,
      sha256Hex: d.sha256Hex,
      matchedFiles: matched.find((m) => m.index === d.index)?.files ?? [],
    })),
    signatures: (c?.signatures ?? []).map((s) => ({
      index: s.index,
      created: s.created,
      id: s.id,
      signatureTransactionId: s.signatureTransactionId,
      ...withSigner(reportClaims(s.userClaims, showPersonalData)),
    })),
    tokenCertificate: f.tokenCert ? { ...summarize(f.tokenCert), path: (f.tokenChain?.path ?? []).map(summarize) } : null,
    ocsp: f.ocsp
      ? {
          producedAt: f.ocsp.producedAt?.toISOString(),
          ...(f.ocspResponder ? { responder: f.ocspResponder } : {}),
          status: single?.status,
          thisUpdate: single?.thisUpdate,
          nextUpdate: single?.nextUpdate,
          revocationTime: single?.revocationTime,
        }
      : null,
    seal: null,
    personalDataShown: showPersonalData,
  };
}

function withSigner(claims: ReportedClaim[]): { claims: ReportedClaim[]; signer: SignerSummary } {
  return { claims, signer: signerSummary(claims) };
}
