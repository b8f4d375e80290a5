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
    const r = cli(["verify", ARCHIVE, "--trust", TRUST, "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.indication).toBe("TOTAL-PASSED");
    expect(report.validationTime).toBe("2025-12-08T09:35:09.000Z");
    const status = Object.fromEntries(report.checks.map((c: { id: string; status: string }) => [c.id, c.status]));
    const skippedIds = Object.keys(status)
      .filter((id) => status[id] === "skipped")
      .sort();
    expect(skippedIds).toEqual(["document-digests", "document-timestamps"]);
    // Two of its anchors were taken from its own CMS (README of the fixture): remarked on, by design.
    expect(status["trust-anchors"]).toBe("warning");
    for (const [id, s] of Object.entries(status)) if (!skippedIds.includes(id) && id !== "trust-anchors") expect([id, s]).toEqual([id, "passed"]);
  });

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
