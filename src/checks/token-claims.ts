// Check "token-claims": the Workflow token's claims are present and well-formed (evidence.md §3).
import { parseWorkflowClaims } from "../evidence/workflow-token.js";
import { failed, passed, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ClaimsFacts, CheckEnv, Established, TokenFacts, With } from "./facts.js";
import { quoteName } from "../report/quoted-name.js";

const ID = "token-claims";

// A seal timestamp before the token's iat is the seal-timestamp check's (it proves no time for the seal: a22 D1).
export function checkTokenClaims(env: CheckEnv, f: With<TokenFacts, "jws">): Established<ClaimsFacts> {
  const claims = parseWorkflowClaims(f.jws.payload, env.limits);
  return { check: judge(claims), facts: { claims } };
}

function judge(claims: ClaimsFacts["claims"] & object): CheckResult {
  const details: Record<string, unknown> = {
    workflowId: claims.workflowId,
    workflowTitle: claims.workflowTitle,
    organizationTin: claims.organizationTin,
    issuer: claims.iss,
    environment: claims.environment,
    issuedAt: claims.iat !== undefined ? new Date(claims.iat * 1000).toISOString() : undefined,
    documents: claims.documents.length,
    signatures: claims.signatures.length,
  };
  if (claims.problems.length) {
    return failed(
      ID,
      "FORMAT_FAILURE",
      `The token's claims are not well-formed: ${claims.problems.slice(0, 5).join("; ")}${claims.problems.length > 5 ? ` (and ${claims.problems.length - 5} more)` : ""}.`,
      {
        details: { ...details, problems: claims.problems },
      },
    );
  }
  const summary = `Workflow ${claims.workflowId} of ${claims.organizationTin}: ${claims.documents.length} document(s), ${claims.signatures.length} signature(s), sealed ${details.issuedAt}`;
  if (!claims.environment) {
    return warning(ID, `${summary}; the issuer ${quoteName(String(claims.iss))} is not one of the broker's known environments.`, { details });
  }
  return passed(ID, `${summary} by the broker's ${claims.environment} environment.`, { details });
}
