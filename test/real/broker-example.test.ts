// The broker's own published example archive (test/fixtures/real/README.md says where it comes from).
// It is what sealcheck exists for: it must verify, at the sealing time its timestamp proves, years later.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli as cli } from "../helpers/cli.js";

const DIR = "test/fixtures/real/broker-example";
const ARCHIVE = join(DIR, "archive.pdf");
const TRUST = join(DIR, "trust");

describe("the broker's real example archive", () => {
  it("verifies TOTAL-PASSED at the time its seal timestamp proves", () => {
    const r = cli(["verify", ARCHIVE, "--trust", TRUST, "--json", "--at", "2025-12-08T09:35:10Z"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.indication).toBe("TOTAL-PASSED");
    expect(report.validationTime).toBe("2025-12-08T09:35:10.000Z");
    expect(report.longTerm.sealingTime).toBe("2025-12-08T09:35:09Z");
    // Valid at that time by its own certificate, but no timestamp gives a proven proof of existence (B-T, no
    // revocation data for its TSA): no protection date, so a batch lists it to renew (attack36 P1).
    expect(report.longTerm.protectedUntil).toBeNull();
    const status = Object.fromEntries(report.checks.map((c: { id: string; status: string }) => [c.id, c.status]));
    const skippedIds = Object.keys(status)
      .filter((id) => status[id] === "skipped")
      .sort();
    expect(skippedIds).toEqual(["document-digests", "document-timestamps"]);
    // Two of its anchors were taken from its own CMS (README of the fixture): remarked on, by design.
    expect(status["trust-anchors"]).toBe("warning");
    for (const [id, s] of Object.entries(status)) if (!skippedIds.includes(id) && id !== "trust-anchors") expect([id, s]).toEqual([id, "passed"]);
  });

  // EU DSS 5.13.1 on this file after 2026-09-18: INDETERMINATE / OUT_OF_BOUNDS_NOT_REVOKED (the seal certificate
  // expired, and the signature timestamp gives no proof of existence: no revocation data for the TSA's certificate).
  for (const at of ["2026-11-28T04:00:00Z", "2027-06-01T00:00:00Z"]) {
    it(`after the seal certificate expired (${at}): INDETERMINATE / OUT_OF_BOUNDS_NOT_REVOKED, as EU DSS says, with what it proves`, () => {
      const r = cli(["verify", ARCHIVE, "--trust", TRUST, "--json", "--at", at]);
      expect(r.code).toBe(2);
      const report = JSON.parse(r.stdout);
      expect([report.indication, report.subIndication, report.decidedBy]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED", ["long-term"]]);
      const lt = report.checks.find((c: { id: string }) => c.id === "long-term");
      expect(lt.message).toContain("valid at the sealing time 2025-12-08T09:35:09Z, proven by a timestamp whose own proof is now missing");
      expect(lt.message).toContain("no revocation data for the TSA certificate");
      expect(lt.message).toContain("sealcheck augment");
      expect(report.longTerm.proofsOfExistence).toMatchObject([{ kind: "signature-timestamp", genTime: "2025-12-08T09:35:09Z", proven: false }]);
      // The seal checks of the sealed revision still say what held at the sealing time.
      expect(report.checks.find((c: { id: string }) => c.id === "seal-certificate").status).toBe("passed");
    });
  }

  it("is INDETERMINATE without its anchors, not TOTAL-PASSED", () => {
    const r = cli(["verify", ARCHIVE, "--json"]);
    expect(r.code).toBe(2);
  });

  it("inspect and extract decode all of it", () => {
    const i = cli(["inspect", ARCHIVE, "--json"]);
    expect(i.code).toBe(0);
    expect(() => JSON.parse(i.stdout)).not.toThrow();
    const out = mkdtempSync(join(tmpdir(), "sealcheck-real-"));
    const e = cli(["extract", ARCHIVE, out]);
    expect(e.code).toBe(0);
    const files = readdirSync(out);
    for (const f of [
      "workflow_token.jwt",
      "workflow_token.ocsp",
      "workflow_token_pub.pem",
      "Signature1.p7s",
      "Signature1-timestamp-1.tst",
      "Signature1-archived-crl-1.crl",
    ]) {
      expect(files).toContain(f);
    }
  });
});
