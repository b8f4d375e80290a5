// One owner per concept: the numbered claims' names are read by one function for verify, inspect and the
// cross-check, and user claims are marked and masked by one function for the report and inspect.
import { describe, expect, it } from "vitest";
import { numberedClaimName, parseWorkflowClaims } from "../../src/evidence/workflow-token.js";
import { reportClaims } from "../../src/evidence/claims-report.js";
import { inspectToken } from "../../src/inspect/decode.js";
import { DEFAULT_LIMITS } from "../../src/index.js";

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("numbered claims", () => {
  it("document_N / signature_N with N = 1, 2, … and no leading zero", () => {
    expect(numberedClaimName("document_1")).toEqual({ kind: "document", index: 1 });
    expect(numberedClaimName("signature_12")).toEqual({ kind: "signature", index: 12 });
    expect(numberedClaimName("document_01")).toEqual({ kind: "document", index: null });
    expect(numberedClaimName("document_")).toEqual({ kind: "document", index: null });
    expect(numberedClaimName("documents_signed_number")).toBeNull();
    expect(numberedClaimName("document_99999999999999")).toEqual({ kind: "document", index: null });
  });
  it("verify and inspect read document_01 alike: not a document, and a problem", () => {
    const doc = JSON.stringify({ title: "A", sha256Hex: "0".repeat(64) });
    const payload = { document_01: doc };
    const claims = parseWorkflowClaims(payload, DEFAULT_LIMITS);
    expect(claims.documents).toEqual([]);
    expect(claims.problems).toContain('claim "document_01" is not numbered as document_N');
    const problems: string[] = [];
    const t = inspectToken({ source: "test", token: `${b64({ alg: "RS256" })}.${b64(payload)}.c2ln` }, DEFAULT_LIMITS, false, problems);
    expect(t?.documents).toEqual([]);
    expect(problems).toContain('claim "document_01" is not numbered as document_N');
  });
});

describe("personal data", () => {
  it("inspect marks and masks top-level claims as the report marks user claims", () => {
    const problems: string[] = [];
    const payload = { cpr: "0101901234", iss: "https://x" };
    const t = inspectToken({ source: "test", token: `${b64({ alg: "RS256" })}.${b64(payload)}.c2ln` }, DEFAULT_LIMITS, false, problems);
    expect(t?.claims).toEqual(reportClaims(payload, false));
    expect(t?.claims.find((c) => c.name === "cpr")).toMatchObject({ personalData: "national-id", masked: true });
    expect(JSON.stringify(t)).not.toContain("0101901234");
  });
});
