// The readable part of an archive report (workflow, documents, signers, certificates), built from what
// the checks established. Personal data is marked by kind and masked unless asked for.
import { inferClaimFilter, mask, personalDataKind } from "../evidence/personal-data.js";
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

/** User claims as the report shows them: each marked with its personal-data kind, masked unless shown. */
export function reportClaims(userClaims: Record<string, unknown>, showPersonalData: boolean): ReportedClaim[] {
  return Object.entries(userClaims).map(([name, value]): ReportedClaim => {
    const kind = personalDataKind(name);
    const hide = kind !== null && !showPersonalData;
    return { name, personalData: kind, value: hide ? mask(value) : value, masked: hide };
  });
}

function withSigner(claims: ReportedClaim[]): { claims: ReportedClaim[]; signer: SignerSummary } {
  return { claims, signer: signerSummary(claims) };
}

const NAME_CLAIMS = ["mitid.identity_name", "nl3Name", "nemlogin.name", "name"];

/**
 * The signer from already-reported (so already masked) claims: the name claim of the identity provider
 * (MitID, NemLog-in, else any claim classified as a name), `idp`, and the level of assurance.
 */
export function signerSummary(claims: readonly ReportedClaim[]): SignerSummary {
  const byName = (n: string) => claims.find((c) => c.name === n);
  const nameClaim = NAME_CLAIMS.map(byName).find((c) => c !== undefined) ?? claims.find((c) => c.personalData === "name");
  const text = (c: ReportedClaim | undefined): string | null => (c === undefined || c.value === null || c.value === undefined ? null : typeof c.value === "string" ? c.value : JSON.stringify(c.value));
  const loa = text(byName("loa")) ?? text(byName("ial")) ?? text(byName("signatureType"));
  return {
    name: text(nameClaim),
    nameClaim: nameClaim?.name ?? null,
    nameMasked: nameClaim?.masked ?? false,
    identityProvider: text(byName("idp")),
    levelOfAssurance: loa === null ? null : lastPathSegment(loa),
  };
}

/** "https://data.gov.dk/concept/core/nsis/Substantial/" → "Substantial", in linear time (the claim is untrusted). */
function lastPathSegment(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === "/") end--;
  const trimmed = value.slice(0, end);
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}
