// The readable part of an archive report (workflow, documents, signers, certificates), built from what
// the checks established. Personal data is marked by kind and masked unless asked for.
import { inferClaimFilter } from "../evidence/personal-data.js";
import { reportClaims, signerSummary } from "../evidence/claims-report.js";
import { summarize } from "../pki/certificate.js";
import type { ArchiveReport, ReportedClaim, SignerSummary } from "../report/archive-report.js";
import type { CheckResult } from "../report/types.js";
import type { ArchiveContext } from "../checks/context.js";

type Summary = Pick<ArchiveReport, "workflow" | "documents" | "signatures" | "tokenCertificate" | "ocsp" | "seal" | "personalDataShown">;

export function buildArchiveSummary(ctx: ArchiveContext, checks: readonly CheckResult[], showPersonalData: boolean): Summary {
  const c = ctx.claims;
  const digestCheck = checks.find((x) => x.id === "document-digests");
  const matched = (digestCheck?.details?.matched ?? []) as { index: number; files: string[] }[];
  const claimNames = c ? c.signatures.flatMap((s) => Object.keys(s.userClaims)) : [];
  const single = ctx.ocsp?.responses[0];
  const responderCheck = checks.find((x) => x.id === "ocsp-signature");
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
    tokenCertificate: ctx.tokenCert ? { ...summarize(ctx.tokenCert), path: (ctx.tokenChain?.path ?? []).map(summarize) } : null,
    ocsp: ctx.ocsp
      ? {
          producedAt: ctx.ocsp.producedAt?.toISOString(),
          ...(responderCheck?.details?.responder ? { responder: responderCheck.details.responder as ReturnType<typeof summarize> } : {}),
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
