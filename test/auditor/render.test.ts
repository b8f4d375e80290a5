// The human statement and the HTML report as pure renderers over real reports.
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { renderArchiveHuman } from "../../src/index.js";
import { escapeHtml, renderArchiveHtml } from "../../src/render/html.js";
import { formatTime } from "../../src/render/archive-view.js";
import { trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";
import { SIGNER_CPRS, SIGNER_NAMES, writeArchive } from "./helpers.js";

const plain = { colour: false };

describe("human verification statement", () => {
  it("reads verdict and reason first, then workflow, documents, signers, seal, token certificate, grouped checks, certificates", async () => {
    const w = await writeArchive();
    const report = await verifyArchive({ evidence: w.pdf, originals: [w.originals], trust: [trustDirectory()] });
    const text = renderArchiveHuman(report, plain);
    const lines = text.split("\n");
    expect(lines[0]).toBe("Verdict: TOTAL-PASSED");
    expect(lines[2]).toContain("Reason: Every check passed.");
    const order = ["Workflow", "Documents (2)", "Signers (2)", "Personal data", "Seal", "Token certificate", "Checks", "Certificates"];
    const positions = order.map((h) => lines.indexOf(h));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const s of ["Seal", "Workflow token", "Token certificate status (OCSP)", "Documents"]) expect(lines).toContain(`  ${s}`);
    expect(text).toMatch(/Sealed by\s+"Nets" \(the broker's test-environment seal\)/);
    expect(text).toMatch(/PAdES level\s+B-T/);
    expect(text).toMatch(/OCSP status\s+good/);
    expect(text).toMatch(/Identity provider\s+mitid/);
    expect(text).toMatch(/Level of assurance\s+Substantial/);
    expect(text).toMatch(/Original\s+matches\s/);
    expect(text).toContain("Claim filter: Restricted.");
    // 80 columns: only unbreakable tokens (digests, paths) may exceed it.
    for (const l of lines) if (l.length > 80) expect(l.trim().split(/\s+/).at(-1)!.length, l).toBeGreaterThan(30);
    expect(text).not.toMatch(/\u001b\[/);
  });

  it("masks the signers' names and CPR by default; --show-personal-data reveals them", async () => {
    const w = await writeArchive({ claimFilter: "All" });
    const masked = renderArchiveHuman(await verifyArchive({ evidence: w.pdf, trust: [trustDirectory()] }), plain);
    for (const s of [...SIGNER_NAMES, ...SIGNER_CPRS, "192.0.2.17"]) expect(masked).not.toContain(s);
    expect(masked).toContain("Claim filter: All.");
    expect(masked).toContain("--show-personal-data reveals it");
    expect(masked).toMatch(/1\. •+/);
    const shown = renderArchiveHuman(await verifyArchive({ evidence: w.pdf, trust: [trustDirectory()], showPersonalData: true }), plain);
    expect(shown).toContain(`1. ${SIGNER_NAMES[0]}`);
    expect(shown).toContain(SIGNER_CPRS[0]);
    expect(shown).toContain("is shown because --show-personal-data was given");
  });

  it("the signer summary in the report is masked like its claim", async () => {
    const w = await writeTokenEvidence();
    const report = await verifyArchive({ evidence: w.json, trust: [trustDirectory()] });
    expect(report.signatures[0]!.signer).toMatchObject({
      nameClaim: "mitid.identity_name",
      nameMasked: true,
      identityProvider: "mitid",
      levelOfAssurance: "Substantial",
    });
    expect(JSON.stringify(report)).not.toContain(SIGNER_NAMES[0]);
    const shown = await verifyArchive({ evidence: w.json, trust: [trustDirectory()], showPersonalData: true });
    expect(shown.signatures[0]!.signer?.name).toBe(SIGNER_NAMES[0]);
  });

  it("a failure states the deciding check's reason first, and colour is used only when asked", async () => {
    const w = await writeTokenEvidence({ tamperPayload: (p) => ({ ...p, workflow_title: "changed" }) });
    const report = await verifyArchive({ evidence: w.json, trust: [trustDirectory()] });
    const text = renderArchiveHuman(report, plain);
    // No originals were given: the headline says so.
    expect(text.split("\n")[0]).toBe("Verdict: TOTAL-FAILED / SIG_CRYPTO_FAILURE, documents not compared");
    expect(text.split("\n").slice(0, 4).join(" ")).toMatch(/Reason: .*signature/i);
    expect(text).toContain("Claim filter: not applicable");
    expect(renderArchiveHuman(report, { colour: true })).toMatch(/\u001b\[31mTOTAL-FAILED/);
  });

  it("control characters from the evidence never reach the terminal", async () => {
    const w = await writeTokenEvidence({ claims: { workflow_title: "Lease\u001b[2J\u001b]0;pwned\u0007" } });
    const text = renderArchiveHuman(await verifyArchive({ evidence: w.json, trust: [trustDirectory()] }), plain);
    expect(text).not.toMatch(/\u001b|\u0007/);
    expect(text).toContain("Lease");
  });

  it("formats times for people", () => {
    expect(formatTime("2025-12-08T08:31:12.4711093+00:00")).toBe("2025-12-08 08:31:12 UTC");
    expect(formatTime("D:20251208083635Z")).toBe("2025-12-08 08:36:35 UTC");
    expect(formatTime("D:20251208093635+01'00'")).toBe("2025-12-08 08:36:35 UTC");
    expect(formatTime("not a time")).toBe("not a time");
  });
});

describe("HTML report", () => {
  it("is one self-contained page: no scripts, no external assets, a print stylesheet, the certificate chains", async () => {
    const w = await writeArchive();
    const report = await verifyArchive({ evidence: w.pdf, originals: [w.originals], trust: [trustDirectory()] });
    const html = renderArchiveHtml(report, { generatedAt: new Date("2030-01-01T00:00:00Z") });
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain('<div class="indication">TOTAL-PASSED</div>');
    expect(html).toContain("@media print");
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|url\(|@import/i);
    expect(html).not.toMatch(/href="https?:/);
    expect(html).toContain("Certificate chains");
    expect(html).toContain("CN=Sealcheck Test OCES rod-CA");
    expect(html).toContain("CN=NETS AS Intermediate CA");
    expect(html).toContain("Claim filter: Restricted.");
    for (const s of SIGNER_NAMES) expect(html).not.toContain(s);
    expect(html).toContain("2030-01-01T00:00:00Z");
  });

  it("escapes every string from the evidence (a <script> in the workflow title stays text)", async () => {
    const title = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'q'`;
    const w = await writeTokenEvidence({ claims: { workflow_title: title } });
    const html = renderArchiveHtml(await verifyArchive({ evidence: w.json, trust: [trustDirectory()] }));
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(escapeHtml(`a<b>&"'`)).toBe("a&lt;b&gt;&amp;&quot;&#39;");
  });
});
