// verify on the Workflow-token endpoint JSON: every token, OCSP, originals and counts check passes on
// genuine evidence and fails with the right reason on a tampered variant.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { TIMELINE, withShortTokenSigner, workflowTokenJson } from "../../scripts/generator/index.js";
import { check, testPki, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";

const trust = () => [trustDirectory()];
/**
 * The token checks at the time the token claims: the JSON form carries no proof of existence, so without --at
 * its long-term check judges it as of now (attack36 J1; test/verify/token-json-time.test.ts).
 */
const IAT = TIMELINE.iat.toISOString();
const verifyAtIat = (o: Parameters<typeof verifyArchive>[0]) => verifyArchive({ at: IAT, ...o });

describe("verify: Workflow-token JSON, genuine", () => {
  it("passes every check with originals, at the token's iat", async () => {
    const w = await writeTokenEvidence();
    const r = await verifyAtIat({ evidence: w.json, originals: [w.originals], trust: trust() });
    expect(
      r.checks
        .filter((c) => c.status !== "passed" && !c.id.startsWith("seal-") && c.id !== "document-timestamps" && c.id !== "long-term")
        .map((c) => `${c.id}: ${c.message}`),
    ).toEqual([]);
    // No timestamp in the JSON form: with --at it is judged at a claimed time, said as a skip.
    expect(check(r, "long-term").status).toBe("skipped");
    expect(check(r, "seal-signature").status).toBe("skipped");
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.subIndication).toBeNull();
    expect(r.validationTimeSource).toBe("at-option");
    expect(check(r, "token-certificate").judgedAt).toBe(TIMELINE.iat.toISOString());
    expect(r.evidence.format).toBe("workflow-token-json");
    expect(r.documents.every((d) => d.matchedFiles.length === 1)).toBe(true);
    for (const id of [
      "attachments",
      "token-signature",
      "token-certificate",
      "token-claims",
      "ocsp-signature",
      "ocsp-certid",
      "ocsp-status",
      "ocsp-freshness",
      "document-digests",
      "counts",
    ]) {
      expect(check(r, id).status).toBe("passed");
    }
    expect(check(r, "token-certificate").judgedAt).toBe(TIMELINE.iat.toISOString());
  });

  it("without originals: the documents are reported as not compared", async () => {
    const w = await writeTokenEvidence();
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "document-digests").status).toBe("skipped");
    expect(r.originals.compared).toBe(false);
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("masks personal data unless asked", async () => {
    const w = await writeTokenEvidence();
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    const claims = r.signatures[0]!.claims;
    const cpr = claims.find((c) => c.name === "dk.cpr")!;
    expect(cpr.personalData).toBe("national-id");
    expect(cpr.masked).toBe(true);
    expect(JSON.stringify(r)).not.toContain(
      String(
        (
          JSON.parse(JSON.parse(Buffer.from(w.evidence.endpointToken.jwt.split(".")[1]!, "base64url").toString()).signature_1) as {
            UserClaims: Record<string, string>;
          }
        ).UserClaims["dk.cpr"],
      ),
    );
    const shown = await verifyAtIat({ evidence: w.json, trust: trust(), showPersonalData: true });
    expect(shown.signatures[0]!.claims.find((c) => c.name === "dk.cpr")!.masked).toBe(false);
    expect(r.workflow?.claimFilter).toBe("All");
  });
});

describe("verify: each check fails on its tampered input", () => {
  it("document-digests: a changed original → TOTAL-FAILED/HASH_FAILURE", async () => {
    const w = await writeTokenEvidence();
    const file = join(w.originals, w.evidence.originals[0]!.fileName);
    const bytes = Buffer.from(w.evidence.originals[0]!.bytes);
    bytes[bytes.length - 20]! ^= 0x01;
    writeFileSync(file, bytes);
    const r = await verifyAtIat({ evidence: w.json, originals: [w.originals], trust: trust() });
    expect(check(r, "document-digests").status).toBe("failed");
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.subIndication).toBe("HASH_FAILURE");
    expect(r.decidedBy).toContain("document-digests");
  });

  it("document-digests: a missing original → INDETERMINATE, extra file → HASH_FAILURE (warning with allowExtraOriginals)", async () => {
    const w = await writeTokenEvidence();
    const r = await verifyAtIat({ evidence: w.json, originals: [join(w.originals, w.evidence.originals[0]!.fileName)], trust: trust() });
    expect(check(r, "document-digests").status).toBe("indeterminate");
    expect(check(r, "document-digests").subIndication).toBe("SIGNED_DATA_NOT_FOUND");
    writeFileSync(join(w.originals, "unrelated.pdf"), "%PDF-1.7 unrelated");
    const r2 = await verifyAtIat({ evidence: w.json, originals: [w.originals], trust: trust() });
    expect(check(r2, "document-digests").status).toBe("failed");
    expect(check(r2, "document-digests").message).toContain("unrelated.pdf");
    expect(r2.subIndication).toBe("HASH_FAILURE");
    const r3 = await verifyAtIat({ evidence: w.json, originals: [w.originals], trust: trust(), allowExtraOriginals: true });
    expect(check(r3, "document-digests").status).toBe("warning");
    expect(r3.indication).toBe("TOTAL-PASSED");
  });

  it("token-signature: a changed token payload → SIG_CRYPTO_FAILURE", async () => {
    const w = await writeTokenEvidence({ tamperPayload: (p) => ({ ...p, workflow_title: "Changed" }) });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "token-signature").status).toBe("failed");
    expect(r.subIndication).toBe("SIG_CRYPTO_FAILURE");
  });

  it("token-signature: signed by another key than the attached certificate's", async () => {
    const pki = testPki();
    const w = await writeTokenEvidence({ tokenSigner: pki.otherTokenSigner, pemCertificate: pki.tokenSigner });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "token-signature").status).toBe("failed");
    expect(check(r, "token-signature").subIndication).toBe("SIG_CRYPTO_FAILURE");
  });

  it("token-signature: kid that is not the certificate's thumbprint → NO_SIGNING_CERTIFICATE_FOUND", async () => {
    const w = await writeTokenEvidence({}, (e) => {
      // Re-sign is not possible without the key here: use the generator's kid option instead.
      return workflowTokenJson(e);
    });
    const pki = testPki();
    const { createWorkflowToken } = await import("../../scripts/generator/index.js");
    const t = await createWorkflowToken({
      signer: pki.tokenSigner,
      documents: w.evidence.originals.map((o) => ({ title: o.title, bytes: o.bytes })),
      kid: "00".repeat(20),
    });
    writeFileSync(w.json, JSON.stringify({ ...JSON.parse(workflowTokenJson(w.evidence)), workflowToken: t.jwt }));
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "token-signature").status).toBe("indeterminate");
    expect(check(r, "token-signature").subIndication).toBe("NO_SIGNING_CERTIFICATE_FOUND");
  });

  it("token-signature: alg none and HS256 are refused", async () => {
    const w = await writeTokenEvidence();
    const [, payload] = w.evidence.endpointToken.jwt.split(".");
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
    writeFileSync(w.json, JSON.stringify({ ...JSON.parse(workflowTokenJson(w.evidence)), workflowToken: none }));
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "token-signature").status).toBe("failed");
    const { createHmac } = await import("node:crypto");
    const head = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString("base64url");
    const mac = createHmac("sha256", w.evidence.certificatePem).update(`${head}.${payload}`).digest("base64url");
    writeFileSync(w.json, JSON.stringify({ ...JSON.parse(workflowTokenJson(w.evidence)), workflowToken: `${head}.${payload}.${mac}` }));
    const r2 = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r2, "token-signature").status).toBe("failed");
    expect(r2.indication).toBe("TOTAL-FAILED");
  });

  it("token-signature: PS256 and ES256 tokens verify", async () => {
    for (const alg of ["PS256", "ES256"] as const) {
      const w = await writeTokenEvidence({ alg });
      const r = await verifyAtIat({ evidence: w.json, trust: trust() });
      expect(check(r, "token-signature").status, alg).toBe("passed");
    }
  });

  it("token-certificate: no trust anchor → INDETERMINATE/NO_CERTIFICATE_CHAIN_FOUND", async () => {
    const w = await writeTokenEvidence();
    const pki = testPki();
    const dir = w.dir;
    writeFileSync(join(dir, "seal-root.pem"), pki.sealRoot.pem);
    const r = await verifyAtIat({ evidence: w.json, trust: [join(dir, "seal-root.pem")] });
    expect(check(r, "token-certificate").status).toBe("indeterminate");
    expect(r.indication).toBe("INDETERMINATE");
    expect(r.subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
  });

  it("token-certificate: the issuing CA alone as anchor suffices (RFC 5280 anchors need not be self-signed)", async () => {
    const w = await writeTokenEvidence();
    writeFileSync(join(w.dir, "ca.pem"), testPki().tokenCa.pem);
    const r = await verifyAtIat({ evidence: w.json, trust: [join(w.dir, "ca.pem")] });
    expect(check(r, "token-certificate").status).toBe("passed");
  });

  it("token-certificate: expired at --at → INDETERMINATE/OUT_OF_BOUNDS_NO_POE; valid at the evidence's time", async () => {
    // The samples' token certificate outlives the century: a short-lived one (expires 2027-06-01).
    const w = await writeTokenEvidence({ pki: withShortTokenSigner(testPki()) });
    const r = await verifyAtIat({ evidence: w.json, trust: trust(), at: "2035-01-01T00:00:00Z" });
    expect(check(r, "token-certificate").status).toBe("indeterminate");
    expect(check(r, "token-certificate").subIndication).toBe("OUT_OF_BOUNDS_NO_POE");
    expect(check(r, "token-certificate").timeSource).toBe("at-option");
    expect(r.validationTimeSource).toBe("at-option");
  });

  it("token-claims: a token without workflow_id and with a bad document claim → FORMAT_FAILURE", async () => {
    const w = await writeTokenEvidence({ claims: { workflow_id: undefined, document_1: "{not json" } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    const c = check(r, "token-claims");
    expect(c.status).toBe("failed");
    expect(c.message).toContain("workflow_id");
    expect(c.message).toContain("document_1");
    expect(r.subIndication).toBe("FORMAT_FAILURE");
  });

  it("ocsp-status: revoked before iat → TOTAL-FAILED/REVOKED; after iat → warning", async () => {
    const before = new Date(TIMELINE.iat.getTime() - 86400_000);
    const w = await writeTokenEvidence({ ocsp: { status: { revokedAt: before, reason: 1 } } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "ocsp-status").status).toBe("failed");
    expect(check(r, "ocsp-status").message).toContain("keyCompromise");
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.subIndication).toBe("REVOKED");
    const after = new Date(TIMELINE.iat.getTime() + 3600_000);
    const w2 = await writeTokenEvidence({ ocsp: { status: { revokedAt: after } } });
    const r2 = await verifyAtIat({ evidence: w2.json, trust: trust() });
    expect(check(r2, "ocsp-status").status).toBe("warning");
    expect(r2.indication).toBe("TOTAL-PASSED");
  });

  it("ocsp-status: unknown → INDETERMINATE", async () => {
    const w = await writeTokenEvidence({ ocsp: { status: "unknown" } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "ocsp-status").status).toBe("indeterminate");
  });

  it("ocsp-certid: a SHA-256 CertID is accepted as well as the broker's SHA-1", async () => {
    const w = await writeTokenEvidence({ ocsp: { certIdHash: "sha256" } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "ocsp-certid").status).toBe("passed");
    expect(check(r, "ocsp-certid").message).toContain("SHA256");
  });

  it("ocsp-certid: a response about another certificate", async () => {
    const pki = testPki();
    const w = await writeTokenEvidence({ ocsp: { subject: pki.otherTokenSigner } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "ocsp-certid").status).toBe("indeterminate");
    expect(check(r, "ocsp-status").status).toBe("indeterminate");
    expect(r.indication).toBe("INDETERMINATE");
  });

  it("ocsp-signature: an unauthorised responder (no OCSPSigning EKU) and a foreign one", async () => {
    const pki = testPki();
    for (const responder of [pki.unauthorisedResponder, pki.foreignResponder]) {
      const w = await writeTokenEvidence({ ocsp: { responder } });
      const r = await verifyAtIat({ evidence: w.json, trust: trust() });
      expect(check(r, "ocsp-signature").status, responder.role).toBe("indeterminate");
      expect(r.indication).not.toBe("TOTAL-PASSED");
    }
  });

  it("ocsp-signature: a response whose signed data was altered → SIG_CRYPTO_FAILURE", async () => {
    const w = await writeTokenEvidence();
    const der = Buffer.from(w.evidence.ocspDer);
    // Flip a byte of producedAt's digits inside tbsResponseData (GeneralizedTime "2025...").
    const i = der.indexOf(Buffer.from("2025"));
    der[i + 3] = "6".charCodeAt(0);
    writeFileSync(w.json, JSON.stringify({ ...JSON.parse(workflowTokenJson(w.evidence)), ocspResponse: der.toString("base64") }));
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "ocsp-signature").status).toBe("failed");
    expect(check(r, "ocsp-signature").subIndication).toBe("SIG_CRYPTO_FAILURE");
  });

  it("ocsp-freshness: the real 4 s before iat passes; days before fails; window is configurable", async () => {
    const stale = new Date(TIMELINE.iat.getTime() - 3 * 86400_000);
    const w = await writeTokenEvidence({ ocsp: { producedAt: stale, thisUpdate: stale, nextUpdate: new Date(stale.getTime() + 5 * 86400_000) } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "ocsp-freshness").status).toBe("indeterminate");
    expect(check(r, "ocsp-freshness").subIndication).toBe("TRY_LATER");
    const wide = await verifyAtIat({ evidence: w.json, trust: trust(), ocspWindowSeconds: 4 * 86400 });
    expect(check(wide, "ocsp-freshness").status).toBe("passed");
    const genuine = await writeTokenEvidence();
    const tight = await verifyAtIat({ evidence: genuine.json, trust: trust(), ocspWindowSeconds: 2 });
    expect(check(tight, "ocsp-freshness").status).toBe("indeterminate");
  });

  it("counts: workflowResultInfo disagreeing with the token → FORMAT_FAILURE", async () => {
    const w = await writeTokenEvidence({ resultInfo: { documentCount: 3 } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "counts").status).toBe("failed");
    expect(check(r, "counts").message).toContain("documentCount");
    const w2 = await writeTokenEvidence({ claims: { documents_signed_number: "5" } });
    const r2 = await verifyAtIat({ evidence: w2.json, trust: trust() });
    expect(check(r2, "counts").status).toBe("failed");
    expect(r2.subIndication).toBe("FORMAT_FAILURE");
  });

  it("attachments: a JSON without certificate and OCSP → FORMAT_FAILURE naming the fields", async () => {
    const w = await writeTokenEvidence({}, (e) => workflowTokenJson(e, ["ocspResponse", "publicSigningCertPem"]));
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    const c = check(r, "attachments");
    expect(c.status).toBe("failed");
    expect(c.message).toContain("publicSigningCertPem");
    expect(c.message).toContain("ocspResponse");
    expect(r.subIndication).toBe("FORMAT_FAILURE");
  });
});

describe("verify: token certificate constraints", () => {
  it("token-certificate: a certificate whose key usage forbids signing → INDETERMINATE/CHAIN_CONSTRAINTS_FAILURE", async () => {
    const { tokenSignerVariant } = await import("../../scripts/generator/index.js");
    const pki = testPki();
    const encOnly = tokenSignerVariant(pki, { key: pki.tokenSigner.key, serial: new Uint8Array([0x42, 0x01]), keyUsage: ["keyEncipherment"] });
    const w = await writeTokenEvidence({ tokenSigner: pki.tokenSigner, pemCertificate: encOnly });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "token-signature").status).toBe("passed");
    expect(check(r, "token-certificate").status).toBe("indeterminate");
    expect(check(r, "token-certificate").subIndication).toBe("CHAIN_CONSTRAINTS_FAILURE");
    expect(check(r, "token-certificate").message).toContain("keyEncipherment");
  });
});

describe("verify: only the broker's certificate makes a Workflow token", () => {
  it("token-certificate: a token signed by another organisation's valid OCES certificate → TOTAL-FAILED", async () => {
    const { issueCertificate, issued, extensions, OIDS, TIMELINE: T } = await import("../../scripts/generator/index.js");
    const pki = testPki();
    const der = issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Some Other A/S"],
        [OIDS.organizationIdentifier, "NTRDK-12345678"],
        [OIDS.commonName, "Other Signer"],
      ],
      subjectKey: pki.otherTokenSigner.key,
      issuer: pki.tokenCa,
      scheme: "rsa-pss",
      notBefore: new Date(T.iat.getTime() - 86400_000 * 30),
      notAfter: new Date(T.iat.getTime() + 86400_000 * 365),
      serial: new Uint8Array([0x42, 0x02]),
      extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
    });
    const other = issued("otherTokenSigner", der, pki.otherTokenSigner.key);
    const w = await writeTokenEvidence({ tokenSigner: other, pemCertificate: other, ocsp: { subject: other } });
    const r = await verifyAtIat({ evidence: w.json, trust: trust() });
    expect(check(r, "token-signature").status).toBe("passed");
    expect(check(r, "token-certificate").status).toBe("failed");
    expect(check(r, "token-certificate").message).toContain("NTRDK-12345678");
    expect(r.indication).toBe("TOTAL-FAILED");
    const allowed = await verifyAtIat({ evidence: w.json, trust: trust(), tokenSignerOrganizations: ["NTRDK-12345678"] });
    expect(check(allowed, "token-certificate").status).toBe("passed");
  });
});
