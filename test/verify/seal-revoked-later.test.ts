// seal-certificate's `sealRevokedAt`: a revocation of the seal after the sealing time, stated by an authentic DSS
// item of any date, is a fact long-term validation needs (a proof of existence before it, EN 319 102-1 §5.6.2.4),
// also when the item's own date makes it useless as a "good" for the sealing time (produced long after it: the
// broker profile's freshness says TRY_LATER for such a "good"). h36f noticed the risk in session 4; tested here
// for an OCSP answer and a CRL. Every test states its time.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, createCrl, createOcspResponse, type TestPki } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const at = (iso: string) => new Date(iso);
const base = testPki();
const serialOf = (c: TestPki["seal"]) => new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView);
const sample = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "samples", name)));
const T = "2026-06-01T00:00:00Z";
const revokedAt = at("2026-02-01T00:00:00Z");

async function verify(pdf: Uint8Array) {
  const file = join(tempDir("sealcheck-sealrev-"), "archive.pdf");
  writeFileSync(file, pdf);
  return verifyArchive({ evidence: file, trust: [trustDirectory()], at: T });
}

const items = {
  // Produced two months after sealing: as a "good" it could not be the broker's, nor current at the sealing time.
  ocsp: () => ({
    ocsps: [
      createOcspResponse({
        subject: base.seal,
        issuer: base.sealRoot,
        responder: base.sealRoot,
        producedAt: at("2026-03-01T00:00:00Z"),
        nextUpdate: at("2026-03-02T00:00:00Z"),
        status: { revokedAt, reason: 1 },
      }),
    ],
  }),
  crl: () => ({
    crls: [
      createCrl({
        issuer: base.sealRoot,
        thisUpdate: at("2026-03-01T00:00:00Z"),
        nextUpdate: at("2026-03-02T00:00:00Z"),
        number: 40,
        revoked: [{ serial: serialOf(base.seal), at: revokedAt }],
      }),
    ],
  }),
};

describe("a DSS item, issued long after sealing, says the seal was revoked after it", () => {
  for (const kind of ["ocsp", "crl"] as const) {
    it(`${kind}: seal-certificate a warning, long-term INDETERMINATE/REVOKED_NO_POE on the B-T sample (no proof before the revocation)`, async () => {
      const r = await verify(await addDss(sample("valid/archive.pdf"), base, "table", items[kind]()));
      expect(check(r, "seal-certificate").status).toBe("warning");
      expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "REVOKED_NO_POE"]);
      expect(check(r, "long-term").message).toContain("The seal certificate was revoked at 2026-02-01T00:00:00Z");
    });

    it(`${kind}: on the B-LTA sample the archive timestamp proves the seal existed before: TOTAL-PASSED`, async () => {
      const r = await verify(await addDss(sample("lta/archive.pdf"), base, "table", items[kind]()));
      expect([r.indication, r.subIndication]).toEqual(["TOTAL-PASSED", null]);
      expect(check(r, "long-term").message).toContain("The seal certificate was revoked at 2026-02-01T00:00:00Z, but the seal existed at");
    });
  }
});
