// Cross-checks of the test PKI, the Workflow token and the OCSP responses with openssl and jose.
import { join } from "node:path";
import { compactVerify, importX509 } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import {
  buildWorkflowEvidence,
  createOcspResponse,
  hasTool,
  loadPki,
  runTool,
  scratch,
  thumbprint,
  TIMELINE,
  type TestPki,
  type WorkflowEvidence,
} from "../../scripts/generator/index.js";

const OPENSSL = hasTool("openssl");
const skipMsg = "openssl not installed: cross-check skipped";
const atIat = String(Math.floor(TIMELINE.iat.getTime() / 1000));
let pki: TestPki;
let evidence: WorkflowEvidence;

beforeAll(async () => {
  pki = loadPki(join(import.meta.dirname, "../../samples/pki"));
  evidence = await buildWorkflowEvidence({ pki });
});

describe.skipIf(!OPENSSL)(`test PKI (openssl) ${OPENSSL ? "" : skipMsg}`, () => {
  it("token signer, EC signer and OCSP responder chain to root + issuing CA at iat", () => {
    const d = scratch({
      "root.pem": pki.tokenRoot.pem,
      "ca.pem": pki.tokenCa.pem,
      "s.pem": pki.tokenSigner.pem,
      "ec.pem": pki.tokenSignerEc.pem,
      "r.pem": pki.ocspResponder.pem,
    });
    const r = runTool("openssl", [
      "verify",
      "-attime",
      atIat,
      "-CAfile",
      `${d}/root.pem`,
      "-untrusted",
      `${d}/ca.pem`,
      `${d}/s.pem`,
      `${d}/ec.pem`,
      `${d}/r.pem`,
    ]);
    expect(r.output).toMatch(/s\.pem: OK[\s\S]*ec\.pem: OK[\s\S]*r\.pem: OK/);
    // the issuing CA alone as a trust anchor is enough
    const partial = runTool("openssl", ["verify", "-partial_chain", "-attime", atIat, "-CAfile", `${d}/ca.pem`, `${d}/s.pem`]);
    expect(partial.status, partial.output).toBe(0);
    // "now" the responder has long expired
    const now = runTool("openssl", [
      "verify",
      "-attime",
      String(TIMELINE.now.getTime() / 1000),
      "-CAfile",
      `${d}/root.pem`,
      "-untrusted",
      `${d}/ca.pem`,
      `${d}/r.pem`,
    ]);
    expect(now.output).toMatch(/expired/);
  });

  it("the issuing CA signs with RSASSA-PSS SHA-256/MGF1-SHA-256/salt 32; the token cert has the real extensions", () => {
    const d = scratch({ "s.pem": pki.tokenSigner.pem });
    const text = runTool("openssl", ["x509", "-in", `${d}/s.pem`, "-noout", "-text"]).output;
    expect(text).toMatch(/Signature Algorithm: rsassaPss[\s\S]*Hash Algorithm: sha256[\s\S]*mgf1 with sha256[\s\S]*Salt Length: 0x20/);
    expect(text).toContain("CN = NEB Transact ST");
    expect(text).toContain("organizationIdentifier = NTRDK-29915938");
    expect(text).toMatch(/serialNumber = UI:DK-O:G:[0-9a-f-]{36}/);
    expect(text).toContain("Public-Key: (3072 bit)");
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation, Key Encipherment/);
    expect(text).toMatch(/Policy: 0\.4\.0\.2042\.1\.1[\s\S]*Policy: 1\.2\.208\.169\.1\.1\.1\.3\.7/);
    expect(text).toContain("qcStatements");
    expect(text).toContain("Subject Key Identifier");
    expect(text).toContain("Authority Key Identifier");
  });

  it("seal and TSA chains verify; the TSA has a critical timeStamping EKU", () => {
    const d = scratch({ "sr.pem": pki.sealRoot.pem, "s.pem": pki.seal.pem, "tr.pem": pki.tsaRoot.pem, "t.pem": pki.tsa.pem });
    expect(runTool("openssl", ["verify", "-attime", atIat, "-CAfile", `${d}/sr.pem`, `${d}/s.pem`]).status).toBe(0);
    expect(runTool("openssl", ["verify", "-attime", atIat, "-purpose", "timestampsign", "-CAfile", `${d}/tr.pem`, `${d}/t.pem`]).status).toBe(0);
    expect(runTool("openssl", ["x509", "-in", `${d}/t.pem`, "-noout", "-text"]).output).toMatch(/Extended Key Usage: critical\s+Time Stamping/);
  });
});

describe("Workflow token", () => {
  it("verifies with jose and has the broker's header and claim order", async () => {
    const { payload, protectedHeader } = await compactVerify(evidence.endpointToken.jwt, await importX509(evidence.certificatePem, "RS256"));
    expect(Object.keys(protectedHeader)).toEqual(["alg", "kid", "typ"]);
    expect(protectedHeader.kid).toBe(thumbprint(pki.tokenSigner.der));
    expect(protectedHeader.kid).toMatch(/^[0-9A-F]{40}$/);
    const claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(Object.keys(claims)).toEqual([
      "expiry",
      "documents_signed_number",
      "organization_tin",
      "service_provider_id",
      "signatures_number",
      "token_type",
      "workflow_id",
      "workflow_title",
      "document_1",
      "document_2",
      "signature_1",
      "signature_2",
      "nbf",
      "iat",
      "exp",
      "iss",
      "aud",
    ]);
    expect(claims.iat).toBe(Number(atIat));
    expect(claims.aud).toBe(claims.organization_tin);
    expect(new Date((claims.exp as number) * 1000).toISOString()).toBe("2055-12-08T08:36:35.000Z");
    const sig = JSON.parse(claims.signature_1 as string) as { Created: string; UserClaims: Record<string, string> };
    expect(sig.Created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}\+00:00$/);
    expect(sig.UserClaims["dk.cpr"]).toBeDefined();
    const padesSig = JSON.parse(evidence.padesToken.payload.signature_1 as string) as { UserClaims: Record<string, string> };
    expect(padesSig.UserClaims["dk.cpr"]).toBeUndefined();
  });

  it("the kid equals openssl's SHA-1 fingerprint", { skip: !OPENSSL }, () => {
    const d = scratch({ "s.pem": pki.tokenSigner.pem });
    const fp = runTool("openssl", ["x509", "-in", `${d}/s.pem`, "-noout", "-fingerprint", "-sha1"]).output;
    expect(fp.split("=")[1]!.trim().replace(/:/g, "")).toBe(evidence.endpointToken.header.kid);
  });
});

describe.skipIf(!OPENSSL)(`OCSP response (openssl) ${OPENSSL ? "" : skipMsg}`, () => {
  const check = (der: Uint8Array) => {
    const d = scratch({ "o.der": der, "ca.pem": pki.tokenCa.pem, "anchors.pem": pki.tokenRoot.pem + pki.tokenCa.pem });
    return {
      text: runTool("openssl", ["ocsp", "-respin", `${d}/o.der`, "-resp_text", "-noverify"]).output,
      verify: runTool("openssl", ["ocsp", "-respin", `${d}/o.der`, "-issuer", `${d}/ca.pem`, "-CAfile", `${d}/anchors.pem`, "-attime", atIat]),
    };
  };

  it("has the broker's shape and verifies at iat", () => {
    const { text, verify } = check(evidence.ocspDer);
    expect(text).toContain("OCSP Response Status: successful");
    expect(text).toMatch(/Responder Id: [0-9A-F]{40}/); // byKey
    expect(text).toContain("Produced At: Dec  8 08:36:31 2025 GMT");
    expect(text).toContain("This Update: Dec  8 08:36:31 2025 GMT");
    expect(text).toContain("Next Update: Dec 11 08:36:31 2025 GMT");
    expect(text).toContain("Hash Algorithm: sha1");
    expect(text).toContain("Cert Status: good");
    expect(text).toContain("OCSP Archive Cutoff");
    expect(text).not.toContain("Nonce");
    expect(text).toContain("ecdsa-with-SHA256");
    expect(text).toContain("CN=Sealcheck Test OCES udstedende-CA OCSP 1");
    expect(verify.output).toContain("Response verify OK");
    expect(evidence.ocspBase64).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it("revoked, SHA-256 CertID and unauthorised-responder options", () => {
    const revoked = check(
      createOcspResponse({
        subject: pki.tokenSigner,
        issuer: pki.tokenCa,
        responder: pki.ocspResponder,
        status: { revokedAt: TIMELINE.revokedAt, reason: 1 },
        certIdHash: "sha256",
      }),
    );
    expect(revoked.text).toMatch(/Cert Status: revoked\s+Revocation Time: Nov 20 12:00:00 2025 GMT\s+Revocation Reason: keyCompromise/);
    expect(revoked.text).toContain("Hash Algorithm: sha256");
    const unauthorised = check(createOcspResponse({ subject: pki.tokenSigner, issuer: pki.tokenCa, responder: pki.unauthorisedResponder }));
    expect(unauthorised.verify.output).not.toContain("Response verify OK");
  });
});
