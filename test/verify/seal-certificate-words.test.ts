// seal-certificate names the OCSP items about the seal it finds INDETERMINATE (hs6b's note: they were only in
// details.revocation): a reader of the message sees what was not relied upon, as for items that are not the CA's.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { addDss, buildArchive, createOcspResponse } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const P = testPki();

describe("seal-certificate: an OCSP item found INDETERMINATE is named", () => {
  it("the CA's 'unknown' about the seal in a DSS beside the CMS's 'good': passed, the 'unknown' named in the message", async () => {
    const unknown = createOcspResponse({
      subject: P.seal,
      issuer: P.sealRoot,
      responder: P.sealRoot,
      status: "unknown",
      producedAt: new Date("2025-12-09T09:00:00Z"),
    });
    const pdf = await addDss((await buildArchive(P)).pdf, P, "table", { ocsps: [unknown] });
    const file = join(tempDir("sealcheck-seal-words-"), "archive.pdf");
    writeFileSync(file, pdf);
    const r = await verifyArchive({ evidence: file, trust: [trustDirectory()], at: "2025-12-10T00:00:00Z" });
    const c = check(r, "seal-certificate");
    expect(["passed", "warning"]).toContain(c.status);
    expect(c.message).toContain("Not relied upon: an OCSP response (dss-ocsp)");
    expect(c.message.toLowerCase()).toContain("unknown");
  });
});
