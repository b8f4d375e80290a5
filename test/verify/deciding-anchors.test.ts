// a12 X1e (the class of X1): no search finds every place an anchor may be taken from (a root printed as page text,
// pdftotext gives its PEM). So the report names, with each anchor given, the paths that ended at it and the file and
// option it was read from, and asks the auditor to compare those fingerprints with their publishers': an anchor
// copied from the file is still shown as the one the verdict rests on.
import { describe, expect, it } from "vitest";
import { renderArchiveHtml, renderArchiveHuman, verifyArchive } from "../../src/index.js";

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
