// A timestamp's ESS signing-certificate(-v2) binding (RFC 3161 §2.4.1, RFC 5816): computed for every timestamp
// and enforced at the level EU DSS 5.13.1's default policy sets for timestamps (constraint.xml, <Timestamp>
// <SignedAttributes>: SigningCertificatePresent, SigningCertificateRefersCertificateChain, CertDigestPresent,
// IssuerSerialMatch all WARN; no CertDigestMatch): a missing or mismatching binding is a warning, the verdict
// stands. The seal's own binding stays INDETERMINATE/NO_SIGNING_CERTIFICATE_FOUND (seal-signature). Measured with
// DSS's tool on these archives at 2025-12-10: the attribute naming the seal certificate, the same verdict as bound;
// no attribute at all, DSS (BouncyCastle) does not read the token as a timestamp (PAdES-BASELINE-B, TOTAL_PASSED).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { verifyTimestamp } from "../../src/pki/timestamp.js";
import { createSession } from "../../src/verify/session.js";
import { buildArchive, createTimestampToken, type TimestampOptions } from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const pki = testPki();
const data = new TextEncoder().encode("the bytes a timestamp covers");

describe("verifyTimestamp: the ESS binding of the TSA's certificate", () => {
  const session = createSession({ trust: [trustDirectory()] });
  const judge = (ess?: TimestampOptions["ess"]) =>
    verifyTimestamp(
      createTimestampToken({ tsa: pki.tsa, data, ...(ess ? { ess } : {}) }),
      data,
      { anchors: [pki.tsaRoot.cert], intermediates: [] },
      null,
      session.pki,
    );

  it("bound (ESS signing-certificate-v2 of the TSA's certificate): passed", async () => {
    const r = await judge();
    expect(r.judgement.status).toBe("passed");
    expect(r.judgement.details.ess).toMatchObject({ present: "v2", matches: true });
  });

  it("no ESS attribute: a warning naming it, the timestamp still gives its time", async () => {
    const r = await judge("none");
    expect(r.judgement.status).toBe("warning");
    expect(r.judgement.message).toMatch(
      /verifies, .* But no ESS signing-certificate attribute binds the TSA's certificate to the token \(RFC 3161 §2\.4\.1 requires one\)/,
    );
    expect(r.info?.genTime).toBeInstanceOf(Date);
  });

  it("an ESS attribute of another certificate: a warning", async () => {
    const r = await judge(pki.seal);
    expect(r.judgement.status).toBe("warning");
    expect(r.judgement.message).toContain("its ESS signing-certificate-v2 attribute names another certificate than the TSA's that verifies it");
  });
});

describe("in an archive: the signature timestamp's binding", () => {
  const verify = async (ess?: TimestampOptions["ess"]) => {
    const file = join(tempDir("sealcheck-ts-ess-"), "archive.pdf");
    writeFileSync(file, (await buildArchive(pki, { seal: ess ? { timestampEss: ess } : {} })).pdf);
    return verifyArchive({ evidence: file, trust: [trustDirectory()], at: "2025-12-10T00:00:00Z" });
  };

  it("bound: seal-timestamp passed", async () => {
    const r = await verify();
    expect([r.indication, check(r, "seal-timestamp").status]).toEqual(["TOTAL-PASSED", "passed"]);
  });

  it("missing or naming another certificate: seal-timestamp warns, TOTAL-PASSED, the sealing time still proven (as EU DSS)", async () => {
    for (const ess of ["none", pki.seal] as const) {
      const r = await verify(ess);
      const c = check(r, "seal-timestamp");
      expect([r.indication, c.status]).toEqual(["TOTAL-PASSED", "warning"]);
      expect(c.message).toMatch(/ESS signing-certificate/);
      expect(r.longTerm?.sealingTime).toBe("2025-12-08T08:36:38Z");
    }
  });

  it("missing altogether: no proof of existence from it (s6 edge f: EU DSS reads no timestamp from such a token, PAdES-BASELINE-B)", async () => {
    const r = await verify("none");
    const poe = r.longTerm?.proofsOfExistence.find((p) => p.kind === "signature-timestamp");
    expect(poe?.proven).toBe(false);
    expect(poe?.reason).toMatch(/no ESS signing-certificate attribute binds its TSA's certificate/);
    // Naming another certificate: EU DSS reads the token (its policy warns), so the binding decides nothing more.
    const other = await verify(pki.seal);
    expect(other.longTerm?.proofsOfExistence.find((p) => p.kind === "signature-timestamp")?.reason ?? "").not.toMatch(/ESS/);
  });
});
