// a22 R1: an LTV update adds a CRL of the TSA root listing the TSA's certificate revoked (keyCompromise) before the
// seal timestamp's genTime. seal-timestamp passed and fixed the sealing time there, and the report said the seal was
// "proven by a timestamp", where EU DSS has the timestamp INDETERMINATE/REVOKED_NO_POE. A TSA the file's own
// revocation data shows revoked at or before a token's genTime proves no time with that token; revoked after, it
// still does (the revocation is no fault of the seal; long-term validation judges it at its POE).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { withDss } from "../../scripts/attack36/lib.js";
import { createCrl } from "../../scripts/generator/ocsp.js";
import { loadPki, serialBytes } from "../../scripts/generator/pki.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";

const pki = loadPki("samples/pki");

async function withTsaRevoked(at: Date | null) {
  const crl = createCrl({
    issuer: pki.tsaRoot,
    thisUpdate: new Date("2026-11-01T00:00:00Z"),
    nextUpdate: new Date("2027-11-01T00:00:00Z"),
    revoked: at ? [{ serial: serialBytes(pki.tsa), at, reason: 1 }] : [],
  });
  const file = join(tempDir("sealcheck-tsa-revoked-"), "archive.pdf");
  writeFileSync(file, withDss(new Uint8Array(readFileSync("samples/valid/archive.pdf")), { crls: [crl] }));
  return verifyArchive({ evidence: file, trust: [trustDirectory()] });
}

describe("a TSA revoked before its token's genTime (a22 R1)", () => {
  it("revoked before: the timestamp proves no time, INDETERMINATE/NO_POE naming the revocation (was passed)", async () => {
    const r = await withTsaRevoked(new Date("2025-06-01T00:00:00Z"));
    const c = check(r, "seal-timestamp");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "NO_POE"]);
    expect(c.message).toMatch(/proves no time: the evidence's revocation data says its TSA's path is revoked/);
    expect(r.indication).not.toBe("TOTAL-PASSED");
  });

  it("revoked after the genTime, or not at all: the timestamp proves its time as before", async () => {
    for (const at of [new Date("2026-06-01T00:00:00Z"), null]) {
      const c = check(await withTsaRevoked(at), "seal-timestamp");
      expect(["passed", "warning"]).toContain(c.status);
    }
  });
});
