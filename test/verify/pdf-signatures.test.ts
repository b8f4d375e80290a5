// Every signature of the PDF judged on its own (report.pdfSignatures) and the document-timestamps check
// built from it: kinds, covered revisions, and failures with their own sub-indication.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { ArchiveReport } from "../../src/index.js";
import { verifyArchive } from "../../src/index.js";
import { ARCHIVE_STAGES, FORM_PLANS } from "../../src/verify/stages.js";
import { check } from "../helpers/fixtures.js";
import { addRevision } from "../pdf/helpers.js";
import { renderArchiveHuman } from "../../src/render/archive-human.js";
import { renderArchiveHtml } from "../../src/render/html.js";
import { DEFAULT_CRYPTO_POLICY } from "../../src/pki/algorithms.js";
import defaultPolicy from "../../schemas/crypto-policy.default.json" with { type: "json" };

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

  it("a document timestamp over bytes changed afterwards fails with HASH_FAILURE (wrong imprint) and proves no time", async () => {
    const bytes = flipInLastRevision(read("samples/attacks/ltv-dss-doc-timestamp.pdf"), "/Type /DocTimeStamp");
    const r = await verify("ltv.pdf", bytes);
    const ts = r.pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
    expect([ts.status, ts.subIndication, ts.details.provesNothing]).toEqual(["failed", "HASH_FAILURE", true]);
    // Anyone can change those bytes: the timestamp is as if absent, the seal's own timestamp proves it (a20 T2; was
    // document-timestamps FAILED/HASH_FAILURE).
    expect(check(r, "document-timestamps")).toMatchObject({ status: "warning", subIndication: null });
    expect(check(r, "document-timestamps").message).toMatch(/prove no time \("Signature2": The timestamp's message imprint does not match/);
    expect(r.seal?.padesLevel).toBe("B-LT");
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

describe("an approval signature's entry says in a reader's words what changed after it (issue 37 part 6)", () => {
  // The attack sample: the approval signature of later-approval-signature.pdf (revision 2), then a revision that
  // rewrites page 1's content (the rent line), as a forger would after the second signer signed.
  const approved = read("samples/attacks/later-approval-signature.pdf");
  const rent = deflateSync(Buffer.from("BT /Helvetica-7098480789 12 Tf 72 700 Td (Husleje: 1 kr. pr. maaned) Tj ET"));
  const pageChanged = addRevision(approved, {
    objects: [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: rent }],
    xref: "table",
    trailer: "/Root 2 0 R /Info 3 0 R",
  });

  it("page 1's content changed after the approval signature: its words, the rule and the object detail", async () => {
    const r = await verify("approval.pdf", pageChanged);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const approval = r.pdfSignatures.find((p) => p.field === "Signature2")!;
    // Its own bytes are intact: the signature verifies; what followed it exceeds its permission, so not "passed"
    // (the validation policy's approvalSignatures.permissionExceeded, EU DSS's default: a warning).
    expect([approval.status, approval.subIndication]).toEqual(["warning", null]);
    const after = approval.details.changesAfter as Record<string, unknown>;
    expect(after).toMatchObject({ level: "other", permitted: "annotation", laterRevisions: 1, withinPermission: false });
    expect(after.summary).toMatch(/^Page 1's content changed after signing \(revision 3\)\. 1 revision\(s\) after the signature change what it signed/);
    expect(after.objectDetail).toEqual([expect.stringMatching(/^object 5 0 R \(page 1 \/Contents\[0\]\)/), expect.stringMatching(/stream data changed/)]);
    expect(after.changes).toEqual([expect.objectContaining({ kind: "page-content", page: 1, says: "page 1's content changed after signing", revision: 3 })]);
    // The seal's words stay its check's ("after sealing"); its entry carries none of its own.
    expect(check(r, "seal-modifications").message).toMatch(/^Page 1's content changed after sealing \(revision 3\)/);
    expect(r.pdfSignatures[0]!.details.changesAfter).not.toHaveProperty("summary");

    // The text statement and the HTML one: the words, then the object detail below them.
    const text = renderArchiveHuman(r, { colour: false });
    // The field's name is the file's: quoted (a8 W5).
    const block = text.slice(text.indexOf('After "Signature2" (approval signature, revision 2):'));
    expect(block).toMatch(/^After "Signature2" \(approval signature, revision 2\):\n\s+Page 1's content changed after signing \(revision 3\)/);
    expect(block).toMatch(/Object detail:\n\s+- object 5 0 R \(page 1 \/Contents\[0\]\)/);
    const html = renderArchiveHtml(r);
    expect(html).toContain("<h3>After &quot;Signature2&quot; (approval signature, revision 2)</h3><p>Page 1&#39;s content changed after signing (revision 3).");
    expect(html).toMatch(/changed after signing \(revision 3\)[^<]*<\/p><div class="object-detail">Object detail:<ul><li>object 5 0 R/);
  });

  it("nothing after the approval signature: no words, and the statement has no such block", async () => {
    const r = await verify("approval.pdf", approved);
    const after = r.pdfSignatures.find((p) => p.field === "Signature2")!.details.changesAfter as Record<string, unknown>;
    expect(after).toMatchObject({ level: "none", withinPermission: true });
    expect(after).not.toHaveProperty("summary");
    expect(renderArchiveHuman(r, { colour: false })).not.toMatch(/after signing/);
  });

  it("only a DSS after a document timestamp: no words; a page changed after it: '… after timestamping'", async () => {
    const ltv = read("samples/attacks/ltv-dss-doc-timestamp.pdf");
    const quiet = (await verify("ltv.pdf", ltv)).pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
    expect(quiet.details.changesAfter).not.toHaveProperty("summary");
    const changed = addRevision(ltv, {
      objects: [{ num: 5, body: "<< /Filter /FlateDecode >>", stream: rent }],
      xref: "table",
      trailer: "/Root 2 0 R /Info 3 0 R",
    });
    const ts = (await verify("ltv.pdf", changed)).pdfSignatures.find((p) => p.kind === "documentTimestamp")!;
    expect((ts.details.changesAfter as Record<string, unknown>).summary).toMatch(
      /^Page 1's content changed after timestamping \(revision 4\)\. 1 revision\(s\) after the document timestamp add more than long-term validation data\./,
    );
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

describe("an approval signature whose later changes exceed its permission: a policy entry (issue 37)", () => {
  // EU DSS 5.13.1 with its default policy, on these files (shared/tools/dss): a content change after the approval
  // signature is a warning ("undefined object modifications", "Visual difference"), a page added a failure
  // (TOTAL_FAILED/FORMAT_FAILURE, "The number of signed pages does not match"), an annotation nothing.
  const approved = read("samples/attacks/later-approval-signature.pdf");
  const rent = deflateSync(Buffer.from("BT /Helvetica-7098480789 12 Tf 72 700 Td (Husleje: 1 kr. pr. maaned) Tj ET"));
  const revision = (objects: { num: number; body: string; stream?: Uint8Array }[]) =>
    addRevision(approved, { objects, xref: "table", trailer: "/Root 2 0 R /Info 3 0 R" });
  const PAGE_1 =
    "/Type /Page /Resources << /Font << /Helvetica-7098480789 4 0 R >> /XObject << >> /ExtGState << >> >> /MediaBox [ 0 0 595 842 ] /Contents [ 5 0 R ] /Parent 1 0 R";
  const contentChanged = revision([{ num: 5, body: "<< /Filter /FlateDecode >>", stream: rent }]);
  const pageAdded = revision([
    { num: 1, body: "<< /Type /Pages /Kids [ 6 0 R 8 0 R 11 0 R 14 0 R 28 0 R ] /Count 5 >>" },
    { num: 28, body: "<< /Type /Page /Parent 1 0 R /MediaBox [ 0 0 595 842 ] /Resources << /Font << /Helvetica-7098480789 4 0 R >> >> /Contents 29 0 R >>" },
    { num: 29, body: "<< /Filter /FlateDecode >>", stream: rent },
  ]);
  const annotated = revision([
    { num: 6, body: `<< ${PAGE_1} /Annots [ 23 0 R 27 0 R 28 0 R ] >>` },
    { num: 28, body: "<< /Type /Annot /Subtype /Text /Rect [ 10 10 30 30 ] /Contents (note) /P 6 0 R >>" },
  ]);
  const approval = (r: ArchiveReport) => r.pdfSignatures.find((p) => p.field === "Signature2")!;

  it("default policy: a content change is a warning, a page added a failure (FORMAT_FAILURE), an annotation passes", async () => {
    const content = approval(await verify("approval.pdf", contentChanged));
    expect([content.status, content.subIndication]).toEqual(["warning", null]);
    expect(content.message).toMatch(
      /^Changes after this signature exceed its permission \(validation policy: approvalSignatures\.permissionExceeded is warning\): Page 1's content changed after signing/,
    );
    expect(content.message).toMatch(/The signature itself: Signed by /);
    expect(content.details.approvalPolicy).toEqual({ rule: "permissionExceeded", level: "warning", policy: DEFAULT_CRYPTO_POLICY.name });
    const page = approval(await verify("approval.pdf", pageAdded));
    expect([page.status, page.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(page.message).toMatch(
      /^Pages were added or removed after this signature \(validation policy: approvalSignatures\.pageCountChanged is failed\): A page was added after signing/,
    );
    const annot = approval(await verify("approval.pdf", annotated));
    expect(annot.details.changesAfter).toMatchObject({ level: "annotation", permitted: "annotation", withinPermission: true });
    expect([annot.status, annot.details.approvalPolicy]).toEqual(["passed", undefined]);
  });

  it("a policy that fails it (as pyHanko, whose bottom line needs docmdp_ok): the content change fails with HASH_FAILURE", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sealcheck-approval-policy-"));
    const file = join(dir, "strict.json");
    const strict = { ...defaultPolicy, name: "strict approvals", approvalSignatures: { permissionExceeded: "failed" } };
    writeFileSync(file, JSON.stringify(strict));
    const r = await verifyArchive({ evidence: { name: "approval.pdf", bytes: contentChanged }, trust: ALL_TRUST, cryptoPolicy: file });
    const a = approval(r);
    expect([a.status, a.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
    expect(a.details.approvalPolicy).toEqual({ rule: "permissionExceeded", level: "failed", policy: "strict approvals" });
    // A level below a warning is not a policy this entry takes.
    writeFileSync(file, JSON.stringify({ ...defaultPolicy, approvalSignatures: { permissionExceeded: "passed" } }));
    await expect(verifyArchive({ evidence: { name: "approval.pdf", bytes: contentChanged }, trust: ALL_TRUST, cryptoPolicy: file })).rejects.toMatchObject({
      option: "cryptoPolicy",
      message: expect.stringMatching(/approvalSignatures\.permissionExceeded: expected "warning" or "failed", got "passed"/),
    });
  });
});
