import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VERSION } from "../src/index.js";
import { computeVerdict } from "../src/api/internal.js";
import { failed, indeterminate, passed, skipped } from "../src/report/check.js";

describe("foundation", () => {
  it("VERSION matches package.json", () => {
    expect(VERSION).toBe(JSON.parse(readFileSync("package.json", "utf8")).version);
  });
  it("verdict: failed beats indeterminate, format failure first", () => {
    const v = computeVerdict([
      passed("attachments", "ok"),
      indeterminate("token-certificate", "NO_CERTIFICATE_CHAIN_FOUND", "no chain"),
      failed("token-signature", "SIG_CRYPTO_FAILURE", "bad sig"),
      failed("seal-signature", "FORMAT_FAILURE", "bad format"),
    ]);
    expect(v).toEqual({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", decidedBy: ["seal-signature", "token-signature"] });
  });
  it("verdict: indeterminate when nothing failed", () => {
    const v = computeVerdict([passed("attachments", "ok"), indeterminate("token-certificate", "NO_CERTIFICATE_CHAIN_FOUND", "no chain")]);
    expect(v.indication).toBe("INDETERMINATE");
    expect(v.subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
  });
  it("verdict: never passed over nothing but skipped checks", () => {
    expect(computeVerdict([skipped("counts", "not run")]).indication).toBe("INDETERMINATE");
    expect(computeVerdict([passed("attachments", "ok"), skipped("counts", "n/a")]).indication).toBe("TOTAL-PASSED");
  });
});
