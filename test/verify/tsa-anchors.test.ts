// Attack round 36, T1: which anchors vouch for a TSA. A TSA's genTime is believed for the sealing time and for
// every proof of existence, so (rule, as issue 36's brief states it):
// - when anchors for TSAs alone are given (--trust-tsa / trustFor.tsa, or a trusted list's time-stamping
//   services), only they vouch for TSAs: a general --trust anchor no longer does;
// - when a TSA is vouched for only by a general --trust anchor, the verdict stands (EU DSS lets any anchor vouch
//   for any role) and the report says so: a trust-anchors warning naming the anchor and the TSA, shown in the
//   statement.
import { describe, expect, it } from "vitest";
import { renderArchiveHuman, verifyArchive } from "../../src/index.js";
import { check } from "../helpers/fixtures.js";

const ARCHIVE = "samples/valid/archive.pdf";
const AT = "2025-12-09T00:00:00Z";
const T = (f: string) => `samples/trust/${f}`;

describe("T1: anchors that vouch for a TSA", () => {
  it("every anchor given with --trust: TOTAL-PASSED, and a warning names the general anchor that vouches for the TSA", async () => {
    const r = await verifyArchive({ evidence: ARCHIVE, trust: ["samples/trust"], at: AT });
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "trust-anchors");
    expect(c.status).toBe("warning");
    expect(c.details?.tsaVouchedByGeneralAnchor).toEqual([
      expect.objectContaining({
        tsa: expect.stringContaining("CN=Sealcheck Test Time-Stamping Unit 1"),
        timestamp: "the signature timestamp",
        anchor: expect.stringContaining("CN=Sealcheck Test TSA Root CA"),
      }),
    ]);
    expect(c.message).toContain('The TSA "Sealcheck Test Time-Stamping Unit 1" (the signature timestamp) is vouched for by "Sealcheck Test TSA Root CA"');
    expect(c.message).toContain("--trust-tsa");
    // The statement shows it.
    const human = renderArchiveHuman(r, { colour: false });
    expect(human).toMatch(/\[warn\] +trust-anchors/);
    expect(human).toContain("Sealcheck Test TSA Root CA");
  });

  it("the TSA's root given with --trust-tsa: no warning", async () => {
    const r = await verifyArchive({
      evidence: ARCHIVE,
      trust: [T("seal-root.pem"), T("token-root.pem"), T("token-issuing-ca.pem")],
      trustFor: { tsa: [T("tsa-root.pem")] },
      at: AT,
    });
    expect(r.indication).toBe("TOTAL-PASSED");
    // (The seal root is in the seal's CMS: that remark stays; none about the TSA.)
    expect(r.checks.find((x) => x.id === "trust-anchors")?.details?.tsaVouchedByGeneralAnchor).toBeUndefined();
  });

  it("anchors for TSAs given: only they vouch for TSAs, a general anchor of the TSA's root no longer does", async () => {
    const r = await verifyArchive({
      evidence: ARCHIVE,
      trust: ["samples/trust"],
      trustFor: { tsa: [T("seal-root.pem")] },
      at: AT,
    });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "NO_CERTIFICATE_CHAIN_FOUND"]);
    expect(check(r, "seal-timestamp").status).toBe("indeterminate");
  });
});
