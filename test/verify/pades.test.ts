// verify on sealed PAdES files (the committed samples, made by the project's generator): the valid archive
// in its three forms, the seal checks, and every known attack on PDF signatures failing for its reason.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import type { ArchiveReport } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const trust = ["samples/trust"];
const verify = (evidence: string, originals: string[] = [], extra: Partial<Parameters<typeof verifyArchive>[0]> = {}) =>
  verifyArchive({ evidence, originals, trust, ...extra });

function nonPassing(r: ArchiveReport): string[] {
  return r.checks.filter((c) => c.status === "failed" || c.status === "indeterminate").map((c) => c.id);
}

describe("PAdES: the valid sample", () => {
  it("archive.pdf with originals: TOTAL-PASSED now, the sealed evidence judged at the seal's timestamp, B-T, every seal check passed", async () => {
    const r = await verify("samples/valid/archive.pdf", ["samples/valid/originals"]);
    expect(nonPassing(r)).toEqual([]);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.evidence.format).toBe("pades-pdf");
    expect(r.validationTimeSource).toBe("current-time");
    for (const id of ["seal-certificate", "token-certificate"]) expect(check(r, id).judgedAt, id).toBe(r.seal?.timestamp?.genTime);
    for (const id of ["attachments", "seal-signature", "seal-timestamp", "seal-certificate", "seal-modifications"])
      expect(check(r, id).status, id).toBe("passed");
    expect(r.seal?.padesLevel).toBe("B-T");
    expect(r.seal?.identity).toBe("test-seal");
    expect(r.seal?.docMdpPermission).toBe(1);
    expect(r.longTerm?.sealingTime).toBe(r.seal?.timestamp?.genTime?.replace(".000Z", "Z"));
    expect(r.workflow?.claimFilter).toBe("Restricted");
  });

  it("the PAdES endpoint JSON and the Workflow-token JSON of the same workflow pass", async () => {
    const a = await verify("samples/valid/pades.json", ["samples/valid/originals"]);
    expect(a.evidence.format).toBe("pades-json");
    expect(a.indication).toBe("TOTAL-PASSED");
    // The Workflow-token JSON has no proof of existence: it passes at the time it claims (attack36 J1).
    const b = await verify("samples/valid/workflowtoken.json", ["samples/valid/originals"], { at: "2025-12-08T08:36:35Z" });
    expect(b.evidence.format).toBe("workflow-token-json");
    expect(b.indication).toBe("TOTAL-PASSED");
    expect(check(b, "seal-signature").status).toBe("skipped");
  });

  it("detects the form from content, not the file name", async () => {
    const bytes = readFileSync("samples/valid/archive.pdf");
    const r = await verifyArchive({ evidence: { name: "archive.json", bytes }, trust });
    expect(r.evidence.format).toBe("pades-pdf");
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("seal-certificate / seal-timestamp: without the seal and TSA roots → INDETERMINATE/NO_CERTIFICATE_CHAIN_FOUND", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", trust: ["samples/trust/token-root.pem", "samples/trust/token-issuing-ca.pem"] });
    expect(check(r, "seal-certificate").status).toBe("indeterminate");
    expect(check(r, "seal-certificate").subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
    expect(check(r, "seal-timestamp").status).toBe("indeterminate");
    expect(r.indication).toBe("INDETERMINATE");
  });

  it("with --at long after every certificate expired: INDETERMINATE from long-term validation, and the times are stated", async () => {
    const r = await verify("samples/valid/archive.pdf", [], { at: "2130-01-01T00:00:00Z" });
    expect(r.validationTimeSource).toBe("at-option");
    expect(r.validationTime).toBe("2130-01-01T00:00:00.000Z");
    // Past validation: the seal was valid at the sealing time its timestamp proves ...
    expect(check(r, "seal-certificate").status).toBe("passed");
    expect(check(r, "seal-certificate").judgedAt).toBe(r.seal?.timestamp?.genTime);
    // ... but in 2130 its certificate and the TSA's have expired and nothing proves the timestamp.
    expect([check(r, "long-term").status, check(r, "long-term").subIndication]).toEqual(["indeterminate", "OUT_OF_BOUNDS_NOT_REVOKED"]);
    expect(check(r, "long-term").judgedAt).toBe("2130-01-01T00:00:00.000Z");
    expect([r.indication, r.decidedBy]).toEqual(["INDETERMINATE", ["long-term"]]);
  });
});

// Every attack sample is verified against samples/expected.json in samples.test.ts; here, what they show beyond the verdict.
describe("PAdES: attacks on PDF signatures", () => {
  it("LTV revisions raise the PAdES level; document timestamps are verified", async () => {
    expect((await verify("samples/attacks/ltv-dss.pdf")).seal?.padesLevel).toBe("B-LT");
    const lta = await verify("samples/attacks/ltv-dss-doc-timestamp.pdf");
    expect(lta.seal?.padesLevel).toBe("B-LTA");
    expect(check(lta, "document-timestamps").status).toBe("passed");
    expect(lta.seal?.revisions).toBeGreaterThan(1);
    expect(lta.seal?.sealedRevision).toBe(0);
  });

  it("an attachment replaced after sealing: the token used is the sealed one, and the report says so", async () => {
    const r = await verify("samples/attacks/isa-attachment-replaced.pdf");
    expect(check(r, "attachments").message).toMatch(/replaced after sealing/);
    expect(check(r, "token-signature").status).toBe("passed");
  });
});
