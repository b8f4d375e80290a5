// Check "counts": documents_signed_number, signatures_number, the numbered claims and workflowResultInfo
// (when the evidence is endpoint JSON) agree (evidence.md §6).
import { failed, passed } from "../report/check.js";
import { quoteValue } from "../report/quoted-name.js";
import type { CheckResult } from "../report/types.js";
import type { WorkflowResultInfo } from "../input/evidence-file.js";
import type { ArchiveFacts, With } from "./facts.js";

const ID = "counts";

export function checkCounts(
  input: { readonly workflowResultInfo?: WorkflowResultInfo | undefined },
  f: With<Pick<ArchiveFacts, "claims" | "evidence">, "claims">,
): CheckResult {
  const c = f.claims;
  const info = input.workflowResultInfo;
  const problems: string[] = [];
  const details: Record<string, unknown> = {
    documentsSignedNumber: c.documentsSignedNumber,
    documentClaims: c.documents.length,
    signaturesNumber: c.signaturesNumber,
    signatureClaims: c.signatures.length,
  };
  if (c.documentsSignedNumber !== undefined && c.documentsSignedNumber !== c.documents.length) {
    problems.push(`documents_signed_number is ${c.documentsSignedNumber} but the token has ${c.documents.length} document_N claim(s)`);
  }
  if (c.signaturesNumber !== undefined && c.signaturesNumber !== c.signatures.length) {
    problems.push(`signatures_number is ${c.signaturesNumber} but the token has ${c.signatures.length} signature_N claim(s)`);
  }
  if (info) {
    details.workflowResultInfo = info;
    if (info.documentCount !== undefined && info.documentCount !== c.documents.length) {
      problems.push(`workflowResultInfo.documentCount is ${quoteValue(info.documentCount)} but the token covers ${c.documents.length} document(s)`);
    }
    if (info.signatureCount !== undefined && info.signatureCount !== c.signatures.length) {
      problems.push(`workflowResultInfo.signatureCount is ${quoteValue(info.signatureCount)} but the token holds ${c.signatures.length} signature(s)`);
    }
    if (info.ocspReponseIncluded !== undefined && info.ocspReponseIncluded !== Boolean(f.evidence?.ocspBase64)) {
      problems.push(
        `workflowResultInfo.ocspReponseIncluded is ${quoteValue(info.ocspReponseIncluded)} but an OCSP response is ${f.evidence?.ocspBase64 ? "" : "not "}included`,
      );
    }
  }
  if (problems.length) return failed(ID, "FORMAT_FAILURE", `The counts disagree: ${problems.join("; ")}.`, { details });
  return passed(
    ID,
    `${c.documents.length} document(s) and ${c.signatures.length} signature(s), as the token${info ? " and workflowResultInfo" : ""} state${info ? "" : "s"}.`,
    { details },
  );
}
