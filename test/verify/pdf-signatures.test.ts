// Every signature of the PDF judged on its own (report.pdfSignatures) and the document-timestamps check
// built from it: kinds, covered revisions, and failures with their own sub-indication.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ArchiveReport } from "../../src/index.js";
import { verifyArchive } from "../../src/index.js";
import { ARCHIVE_STAGES, FORM_PLANS } from "../../src/verify/stages.js";
import { check } from "../helpers/fixtures.js";

const read = (f: string) => new Uint8Array(readFileSync(f));
const ALL_TRUST = ["samples/trust"];
const verify = (name: string, bytes: Uint8Array, trust = ALL_TRUST): Promise<ArchiveReport> => verifyArchive({ evidence: { name, bytes }, trust });

/** Flips one byte inside the last revision's first signed range, away from its dictionaries. */
function flipInLastRevision(bytes: Uint8Array, marker: string): Uint8Array {
  const text = Buffer.from(bytes).toString("latin1");
  const at = text.lastIndexOf(marker);
  expect(at).toBeGreaterThan(0);
  const out = Uint8Array.from(bytes);
  out[at + marker.length + 2]! ^= 0x01;
  return out;
}

describe("pdfSignatures", () => {
  it("the genuine archive: one certification (P 1) covering revision 1, passed", async () => {
    const r = await verify("archive.pdf", read("samples/valid/archive.pdf"));
    expect(r.pdfSignatures).toHaveLength(1);
    expect(r.pdfSignatures[0]).toMatchObject({
      field: "Signature1",
      kind: "certification",
      revision: 1,
      docMdpPermission: 1,
      coversRevision: true,
      status: "passed",
      subIndication: null,
    });
    expect(r.pdfSignatures[0]!.details.changesAfter).toMatchObject({ level: "none", withinPermission: true });
  });

  it("a DSS and a document timestamp after the seal: both signatures listed and passed, the seal's later changes are LTV only", async () => {
    const r = await verify("ltv.pdf", read("samples/attacks/ltv-dss-doc-timestamp.pdf"));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.pdfSignatures.map((p) => [p.field, p.kind, p.revision, p.status])).toEqual([
      ["Signature1", "certification", 1, "passed"],
      ["Signature2", "documentTimestamp", 3, "passed"],
    ]);
    expect(r.pdfSignatures[0]!.details.changesAfter).toMatchObject({ level: "ltv", permitted: "ltv", laterRevisions: 2, withinPermission: true });
    expect(check(r, "document-timestamps").status).toBe("passed");
  });

  it("a document timestamp over bytes changed afterwards fails with HASH_FAILURE (wrong imprint)", async () => {
    const bytes = flipInLastRevision(read("samples/attacks/ltv-dss-doc-timestamp.pdf"), "/Type /DocTimeStamp");
    const r = await verify("ltv.pdf", bytes);
    const ts = r.pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
    expect([ts.status, ts.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
    expect(check(r, "document-timestamps")).toMatchObject({ status: "failed", subIndication: "HASH_FAILURE" });
  });

  it("a document timestamp by a TSA outside the trust anchors is INDETERMINATE, not a hash failure", async () => {
    const r = await verify("ltv.pdf", read("samples/attacks/ltv-dss-doc-timestamp.pdf"), [
      "samples/trust/seal-root.pem",
      "samples/trust/token-root.pem",
      "samples/trust/token-issuing-ca.pem",
    ]);
    const ts = r.pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
    expect([ts.status, ts.subIndication]).toEqual(["indeterminate", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(check(r, "document-timestamps")).toMatchObject({ status: "indeterminate", subIndication: "NO_CERTIFICATE_CHAIN_FOUND" });
  });

  it("a TSA certificate given itself as --trust anchor (pinned, not self-signed) anchors the timestamps' paths", async () => {
    const r = await verify("ltv.pdf", read("samples/attacks/ltv-dss-doc-timestamp.pdf"), [
      "samples/trust/seal-root.pem",
      "samples/trust/token-root.pem",
      "samples/trust/token-issuing-ca.pem",
      "samples/pki/tsa.pem",
    ]);
    const ts = r.pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
    expect([ts.status, ts.message]).toEqual(["passed", expect.stringMatching(/itself a trust anchor/)]);
    expect(check(r, "seal-timestamp").status).toBe("passed");
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("an approval signature after the certification is listed and judged; the seal's permission is exceeded", async () => {
    const bytes = read("samples/attacks/later-approval-signature.pdf");
    const r = await verify("approval.pdf", bytes);
    expect(r.pdfSignatures.map((p) => [p.field, p.kind, p.revision, p.docMdpPermission])).toEqual([
      ["Signature1", "certification", 1, 1],
      ["Signature2", "approval", 2, null],
    ]);
    expect(r.pdfSignatures[1]!.status).toBe("passed");
    expect(r.pdfSignatures[0]!.details.changesAfter).toMatchObject({ level: "form-fill", permitted: "ltv", withinPermission: false });
    expect(check(r, "seal-modifications").message).toMatch(/a signature field was added/);
    // The seal's entry is the seal's outcome, modifications included (attack-s4 S1): not "passed" beside it.
    const mods = check(r, "seal-modifications");
    expect(mods.status).toBe("failed");
    expect([r.pdfSignatures[0]!.status, r.pdfSignatures[0]!.subIndication]).toEqual([mods.status, mods.subIndication]);
    expect(r.pdfSignatures[0]!.message).toMatch(/^seal-modifications: /);
    // The approval's own bytes changed: its digest no longer matches.
    const tampered = flipInLastRevision(bytes, "/T (Sig");
    const t = await verify("approval.pdf", tampered);
    expect([t.pdfSignatures[1]!.status, t.pdfSignatures[1]!.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
  });
});

describe("the seal's entry repeats every seal check of the registry (attack-s4 S1)", () => {
  it("every seal-* check is a seal stage's, and the stage that writes the entry runs after all of them", () => {
    const seal = ARCHIVE_STAGES.filter((s) => s.judgesSeal);
    expect(seal.flatMap((s) => s.checks).sort()).toEqual(ARCHIVE_STAGES.flatMap((s) => s.checks.filter((id) => id.startsWith("seal-"))).sort());
    const plan = FORM_PLANS.pades.stages;
    const entry = plan.findIndex((s) => s.checks.includes("document-timestamps"));
    for (const s of seal) expect(plan.indexOf(s), s.checks.join()).toBeLessThan(entry);
  });
});
