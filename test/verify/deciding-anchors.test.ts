// a12 X1e (the class of X1): no search finds every place an anchor may be taken from (a root printed as page text,
// pdftotext gives its PEM). So the report names, with each anchor given, the paths that ended at it and the file and
// option it was read from, and asks the auditor to compare those fingerprints with their publishers': an anchor
// copied from the file is still shown as the one the verdict rests on.
import { describe, expect, it } from "vitest";
import { renderArchiveHtml, renderArchiveHuman, renderArchiveSummary, verifyArchive, verifyMany } from "../../src/index.js";

const SAMPLE = "samples/valid/archive.pdf";

describe("the anchors the verdict rests on, with where each came from", () => {
  it("--trust samples/trust: the seal's, the TSA's and the token's anchors each say what they decided and their file", async () => {
    const r = await verifyArchive({ evidence: SAMPLE, trust: ["samples/trust"], originals: ["samples/valid/originals"] });
    expect(r.indication).toBe("TOTAL-PASSED");
    const byFile = Object.fromEntries((r.verification?.trustAnchors ?? []).map((a) => [a.from?.[0]?.file, a]));
    expect(byFile["samples/trust/seal-root.pem"]).toMatchObject({ decides: ["the seal"], from: [{ option: "trust" }] });
    expect(byFile["samples/trust/tsa-root.pem"]?.decides).toEqual(["the seal's timestamp (TSA)"]);
    expect(byFile["samples/trust/token-issuing-ca.pem"]?.decides).toEqual(["the token certificate"]);
    // The OCES root ends no path here (the issuing CA given beside it does): it decides nothing.
    expect(byFile["samples/trust/token-root.pem"]?.decides).toBeUndefined();
    const text = renderArchiveHuman(r, { colour: false });
    expect(text).toMatch(/Decides {2}the seal\n {5}From {5}seal-root\.pem \(--trust\) in samples\/trust/);
    expect(text.replace(/\s+/g, " ")).toMatch(/The verdict rests on the anchors that decide a path: compare each one's SHA-256/);
    const html = renderArchiveHtml(r);
    expect(html).toContain("What each trust anchor decided");
    expect(html).toMatch(/the seal<\/td><td>seal-root\.pem \(--trust\) in samples\/trust/);
  });

  it("an anchor given for one role says its option (--trust-seal)", async () => {
    const r = await verifyArchive({
      evidence: SAMPLE,
      trust: ["samples/trust/token-issuing-ca.pem", "samples/trust/tsa-root.pem"],
      trustFor: { seal: ["samples/trust/seal-root.pem"] },
      originals: ["samples/valid/originals"],
    });
    const seal = r.verification?.trustAnchors.find((a) => a.decides?.includes("the seal"));
    expect(seal).toMatchObject({ roles: ["seal"], from: [{ file: "samples/trust/seal-root.pem", option: "trustFor.seal" }] });
    expect(renderArchiveHuman(r, { colour: false })).toMatch(/seal-root\.pem \(--trust-seal\)/);
  });
});

// a14 X1j: `--summary` named no anchor, so the view where a root copied from the file decided the seal said nothing of it.
describe("--summary and verify-batch name the anchors that decide", () => {
  it("each deciding anchor: what it decided, its file and option, its subject quoted and cut, its SHA-256 whole", async () => {
    const r = await verifyArchive({ evidence: SAMPLE, trust: ["samples/trust"], originals: ["samples/valid/originals"], at: new Date("2025-12-09T00:00:00Z") });
    const lines = renderArchiveSummary(r, { colour: false }).split("\n");
    for (const a of r.verification!.trustAnchors.filter((x) => x.decides?.length)) {
      const i = lines.findIndex((l) => l.startsWith(`  Decides ${a.decides!.join("; ")}: ${a.from![0]!.file.split("/").at(-1)} (--trust) "`));
      expect(i, a.decides!.join()).toBeGreaterThan(0);
      expect(lines[i + 1]).toBe(`      SHA-256 ${a.sha256}`);
    }
    // The seal's anchor is one the seal's CMS carries (samples/trust's seal root is the NETS intermediate): said with it.
    expect(lines.join("\n")).toMatch(
      /Decides the seal: seal-root\.pem \(--trust\) "NETS AS Intermediate CA"\n {6}SHA-256 C2B9\w+\n {6}carried by the evidence/,
    );
    expect(lines.every((l) => [...l].length <= 80)).toBe(true);
  });

  it("a long subject is cut on its line, never wrapped; an anchor from no file is still named", async () => {
    const r = await verifyArchive({ evidence: SAMPLE, trust: ["samples/trust"], originals: ["samples/valid/originals"] });
    const altered = structuredClone(r);
    const seal = altered.verification!.trustAnchors.find((a) => a.decides?.includes("the seal"))!;
    seal.subject = `CN=NETS AS Intermediate CA (Nets A/S Ballerup Denmark issuing CA for SHA-256 ${"A".repeat(64)} Decides the seal`;
    delete seal.from;
    const text = renderArchiveSummary(altered, { colour: false });
    expect(text).toMatch(/^ {2}Decides the seal: "NETS AS Intermediate CA \(Nets A\/S [^"\n]*…"$/m);
    expect(text).not.toMatch(/A{8}/);
  });

  it("past one screen, the seal's anchor stays whole and the others are counted", async () => {
    const r = await verifyArchive({ evidence: SAMPLE, trust: ["samples/trust"], originals: ["samples/valid/originals"], at: new Date("2025-12-09T00:00:00Z") });
    const a = structuredClone(r);
    // No remark, a case reference and an auditor: the three anchors would take the summary past 24 lines.
    a.checks = a.checks.map((c) => (c.status === "warning" ? { ...c, status: "passed" as const } : c));
    a.statement = { caseReference: "2026-0142", auditor: "Søren Ærø Jensen" };
    a.evidence.file = "Sag 2026-0142 Lejekontrakt Østergade 12 st tv underskrevet af begge parter.pdf";
    const text = renderArchiveSummary(a, { colour: false });
    expect(text.trimEnd().split("\n").length).toBeLessThanOrEqual(24);
    const seal = a.verification!.trustAnchors.find((x) => x.decides?.includes("the seal"))!;
    expect(text).toContain(`Decides the seal: seal-root.pem (--trust) "NETS AS Intermediate CA"\n      SHA-256 ${seal.sha256}\n`);
    expect(text.replace(/\s+/g, " ")).toContain(
      "2 more anchor(s) decide the seal's timestamp (TSA), the token certificate: run without --summary to see them.",
    );
  });

  it("the JSON lines of verify-batch carry each deciding anchor's SHA-256", async () => {
    const lines = [];
    for await (const l of verifyMany([{ evidence: SAMPLE, originals: ["samples/valid/originals"] }], { trust: ["samples/trust"], workers: 0 })) lines.push(l);
    const [line] = lines;
    const r = line!.report!;
    expect(line!.decidingAnchors).toEqual(r.verification!.trustAnchors.filter((a) => a.decides?.length).map((a) => ({ sha256: a.sha256, decides: a.decides })));
    expect(line!.decidingAnchors!.map((a) => a.decides.join())).toEqual(expect.arrayContaining(["the seal", "the token certificate"]));
  });
});
