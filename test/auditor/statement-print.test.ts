// The statement as filed: printed through Chromium's print-to-PDF and read back with pdftotext, page 1 holds
// the verdict, what was verified (evidence and documents with their digests), the validation time, the trust
// anchors with their fingerprints, the checks that did not pass, and the case reference and auditor; no
// digest is split across lines anywhere in it. For the broker's real archive (its test fixture) and for a
// sample whose page content was replaced after sealing. Skipped, with a message, without Chromium.
import { describe, expect, it } from "vitest";
import { verifyArchive, type ArchiveReport, type CertificateSummary } from "../../src/index.js";
import { renderArchiveHuman } from "../../src/render/archive-human.js";
import { printStatement, printTools } from "../helpers/print.js";

const tools = printTools();
if (!tools)
  console.warn("[auditor] SKIPPED the printed statement's first page test: chromium or poppler-utils (pdftotext, pdfinfo) missing; .ci/run installs them.");

const REAL = "test/fixtures/real/broker-example";
const STATEMENT = { caseReference: "2026-0142 <Ostemad>", auditor: "Søren Ærø Jensen" };

const print = printStatement;

/** Every digest and fingerprint the statement prints (the text form shows no SHA-1 of certificates). */
function digests(r: ArchiveReport, sha1 = true): string[] {
  const certs: CertificateSummary[] = [
    ...(r.tokenCertificate?.path.length ? r.tokenCertificate.path : r.tokenCertificate ? [r.tokenCertificate] : []),
    ...(r.ocsp?.responder ? [r.ocsp.responder] : []),
    ...(r.seal?.path ?? []),
    ...(r.seal?.timestamp?.tsa ? [r.seal.timestamp.tsa] : []),
  ];
  return [
    r.evidence.sha256!,
    ...r.documents.map((d) => d.sha256Hex),
    ...(r.verification?.trustAnchors.map((a) => a.sha256) ?? []),
    ...certs.flatMap((c) => (sha1 ? [c.sha1, c.sha256] : [c.sha256])),
    ...(r.longTerm ? [r.longTerm.policy.sha256] : []),
  ];
}

/** What page 1 must hold, whatever the verdict. */
function expectFirstPage(r: ArchiveReport, page1: string): void {
  const flat = page1.replace(/\s+/g, " ");
  expect(flat).toContain(r.indication + (r.subIndication ? ` / ${r.subIndication}` : ""));
  expect(flat).toContain(r.evidence.sha256!);
  for (const d of r.documents) expect(page1).toContain(d.sha256Hex);
  expect(flat).toMatch(/Validation time \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  expect(flat).toContain(`Against these trust anchors (${r.verification!.trustAnchors.length})`);
  for (const a of r.verification!.trustAnchors) expect(page1).toContain(a.sha256);
  expect(flat).toContain("Checks that did not pass");
  for (const c of r.checks.filter((x) => x.status === "failed" || x.status === "indeterminate" || x.status === "warning")) expect(flat).toContain(c.id);
  expect(flat).toContain(`Case reference ${STATEMENT.caseReference}`);
  expect(flat).toContain(`Auditor ${STATEMENT.auditor}`);
}

describe.skipIf(!tools)("the filed statement, printed: page 1 and whole digests", () => {
  it("the broker's real archive at its sealing time: everything on page 1, no digest split, 7 pages or fewer (was 10)", async () => {
    const report = await verifyArchive({ evidence: `${REAL}/archive.pdf`, trust: [`${REAL}/trust`], at: "2025-12-08T09:35:10Z", statement: STATEMENT });
    expect(report.indication).toBe("TOTAL-PASSED");
    const { pages, text, all } = print(report);
    console.info(`[auditor] the real archive's statement prints to ${pages} A4 page(s)`);
    const page1 = text(1);
    expectFirstPage(report, page1);
    expect(page1).toMatch(/TOTAL-PASSED\s+documents not compared: no originals were given/);
    expect(page1).toMatch(/\[warn\]\s+trust-anchors/);
    // The details start on page 2.
    expect(page1).not.toMatch(/^\s*Workflow\s*$/m);
    expect(text(2)).toMatch(/^\s*Workflow\s*$/m);
    for (const d of digests(report)) expect(all, `${d} split across lines`).toContain(d);
    expect(pages).toBeLessThanOrEqual(7);
  });

  it("a sample whose page content was replaced after sealing: the failure on page 1, no digest split", async () => {
    const report = await verifyArchive({ evidence: "samples/attacks/isa-page-content-replaced.pdf", trust: ["samples/trust"], statement: STATEMENT });
    expect([report.indication, report.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const { pages, text, all } = print(report);
    console.info(`[auditor] the page-content sample's statement prints to ${pages} A4 page(s)`);
    const page1 = text(1);
    expectFirstPage(report, page1);
    expect(page1).toMatch(/\[FAIL\]\s+seal-modifications/);
    // The PDF-level failure in a reader's words, the object detail below it.
    const flat = page1.replace(/\s+/g, " ");
    expect(flat).toMatch(/Reason: Page 1's content changed after sealing \(revision 2\)\..*Object detail: object 5 0 R \(page 1 \/Contents\[0\]\) changed/);
    for (const d of digests(report)) expect(all, `${d} split across lines`).toContain(d);
  });
});

describe("digests in the text statement", () => {
  it("never exceed 80 columns and never break inside a group of 8: whole on a line, else in groups", async () => {
    const report = await verifyArchive({ evidence: `${REAL}/archive.pdf`, trust: [`${REAL}/trust`], at: "2025-12-08T09:35:10Z", statement: STATEMENT });
    const text = renderArchiveHuman(report, { colour: false });
    for (const line of text.split("\n")) expect(line.length, line).toBeLessThanOrEqual(80);
    const words = text.split(/\s+/).join(" ");
    for (const d of digests(report, false)) {
      const grouped = d.match(/.{1,8}/g)!.join(" ");
      expect(words.includes(d) || words.includes(grouped), d).toBe(true);
    }
  });
});
