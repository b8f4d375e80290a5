// Issue 15 item 1: only the broker may seal. The seal is recognised from the certificate's parsed
// attributes (production: one organizationIdentifier; test: subject and issuer attribute by attribute),
// never a pattern on a formatted name; --seal-signer accepts others; per-role anchors restrict --trust.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sealIdentity } from "../../src/api/internal.js";
import { verifyArchive } from "../../src/index.js";
import { issueCertificate, issued, extensions, OIDS, TIMELINE, type Issued, type NameAttribute } from "../../scripts/generator/index.js";
import { check, testPki, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";

const SAMPLE = "samples/tampered/sealed-by-oces-customer";
const C = OIDS.country,
  O = OIDS.organization,
  CN = OIDS.commonName,
  L = OIDS.locality,
  ORG = OIDS.organizationIdentifier;

let serial = 0x50;
/** A certificate with the given subject, issued by `issuer` (default: the sample seal's CA). */
function cert(subject: NameAttribute[], issuer?: Issued, more: ReturnType<typeof extensions.qcStatements>[] = []): Issued {
  const pki = testPki();
  const by = issuer ?? pki.sealRoot;
  const der = issueCertificate({
    subject,
    subjectKey: pki.seal.key,
    issuer: by,
    scheme: by === pki.tokenCa ? "rsa-pss" : undefined,
    notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
    notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 365),
    serial: new Uint8Array([0x15, serial++]),
    extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation"), ...more],
  });
  return issued("seal", der, pki.seal.key);
}

describe("sealIdentity: parsed attributes, not a formatted name", () => {
  it("the sample seal is the broker's test seal (C=NO, L=Oslo, O=Nets Branch Norway NUF, CN=Nets under NETS AS Intermediate CA)", () => {
    expect(sealIdentity(testPki().seal.cert).identity).toBe("test-seal");
  });

  it("look-alikes of the test seal are someone else", () => {
    const look = (s: NameAttribute[], issuer?: Issued) => sealIdentity(cert(s, issuer).cert).identity;
    expect(
      look([
        [C, "NO"],
        [L, "Oslo"],
        [O, "Nets Branch Norway NUF"],
        [CN, "Nets Evil Corp"],
      ]),
    ).toBe("other");
    expect(
      look([
        [C, "NO"],
        [L, "Oslo"],
        [O, "Nets Branch Norway NUF Evil"],
        [CN, "Nets"],
      ]),
    ).toBe("other");
    expect(
      look([
        [C, "NO"],
        [L, "Oslo"],
        [O, "Nets Branch Norway NUF"],
        [OIDS.organizationalUnit, "x"],
        [CN, "Nets"],
      ]),
    ).toBe("other");
    expect(
      look([
        [C, "NO"],
        [O, "Nets Branch Norway NUF"],
        [CN, "Nets"],
      ]),
    ).toBe("other"); // no L
    expect(
      look([
        [C, "NO"],
        [L, "Oslo"],
        [O, "Nets Branch Norway NUF"],
        [CN, "Nets"],
        [CN, "Nets"],
      ]),
    ).toBe("other");
    // The right subject from another issuer (e.g. the OCES3 CA trusted for the token).
    expect(
      look(
        [
          [C, "NO"],
          [L, "Oslo"],
          [O, "Nets Branch Norway NUF"],
          [CN, "Nets"],
        ],
        testPki().tokenCa,
      ),
    ).toBe("other");
    // The exact subject and issuer: in any order of attributes.
    expect(
      look([
        [CN, "Nets"],
        [O, "Nets Branch Norway NUF"],
        [L, "Oslo"],
        [C, "NO"],
      ]),
    ).toBe("test-seal");
  });

  it("the production seal by its one organizationIdentifier on a qualified seal; two values are nobody's", () => {
    const production: NameAttribute[] = [
      [C, "NO"],
      [ORG, "NTRNO-933127990"],
      [O, "IN GROUPE TRUST SERVICES APS NUF"],
      [CN, "Signaturgruppen"],
    ];
    expect(sealIdentity(cert(production, undefined, [extensions.qcStatements()]).cert).identity).toBe("production-seal");
    // a25 P1: the holder's identifier on a certificate nothing shows is an organisation's (an employee's own): not its seal.
    const employee = sealIdentity(cert(production).cert);
    expect(employee.identity).toBe("other");
    expect(employee.reason).toMatch(/nothing in it shows it is an organisation's seal/);
    // a27 S1: the holder's TSA's, OCSP responder's, CA's, web server's or a plain CN=O certificate signs no document.
    const notSeal = [
      cert(production, undefined, [extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.8")]),
      cert(production, undefined, [extensions.qcStatements(), extensions.extKeyUsage(true, "1.3.6.1.5.5.7.3.9")]),
      cert(production, undefined, [extensions.qcStatements(), extensions.basicConstraints(true)]),
      cert(production, undefined, [extensions.certificatePolicies("0.4.0.2042.1.7"), extensions.extKeyUsage(false, "1.3.6.1.5.5.7.3.1")]),
      cert([
        [C, "NO"],
        [ORG, "NTRNO-933127990"],
        [O, "IN GROUPE TRUST SERVICES APS NUF"],
        [CN, "IN GROUPE TRUST SERVICES APS NUF"],
      ]),
    ];
    // a28 S1: key purposes an allow-list: code signing, e-mail, client authentication, any purpose are no seal's.
    const QCPL = extensions.certificatePolicies("0.4.0.194112.1.1");
    for (const eku of ["1.3.6.1.5.5.7.3.3", "1.3.6.1.5.5.7.3.4", "1.3.6.1.5.5.7.3.2", "2.5.29.37.0"])
      notSeal.push(cert(production, undefined, [QCPL, extensions.extKeyUsage(false, eku)]));
    // An EKU extension that lists no purpose it reads is no "none stated" (a29's note).
    notSeal.push(cert(production, undefined, [QCPL, extensions.extKeyUsage(false)]));
    for (const c of notSeal) expect(sealIdentity(c.cert).identity).toBe("other");
    expect(sealIdentity(cert(production, undefined, [QCPL, extensions.extKeyUsage(false, "1.3.6.1.5.5.7.3.36")]).cert).identity).toBe("production-seal");
    expect(sealIdentity(cert(production, undefined, [extensions.certificatePolicies("0.4.0.194112.1.1")]).cert).identity).toBe("production-seal");
    const two = sealIdentity(
      cert([
        [C, "NO"],
        [ORG, "NTRNO-933127990"],
        [ORG, "NTRDK-12345678"],
        [CN, "Signaturgruppen"],
      ]).cert,
    );
    expect(two.identity).toBe("other");
    expect(two.reason).toContain("2 organizationIdentifier values");
    expect(
      sealIdentity(
        cert([
          [C, "NO"],
          [ORG, "NTRDK-12345678"],
          [ORG, "NTRNO-933127990"],
          [CN, "Signaturgruppen"],
        ]).cert,
      ).identity,
    ).toBe("other");
    // A CN that "looks like" the production seal is nothing without the identifier.
    expect(
      sealIdentity(
        cert([
          [C, "NO"],
          [O, "IN GROUPE TRUST SERVICES APS NUF"],
          [CN, "Signaturgruppen"],
        ]).cert,
      ).identity,
    ).toBe("other");
  });

  it("--seal-signer: by organizationIdentifier or by certificate", () => {
    const c = cert([
      [C, "DK"],
      [ORG, "NTRDK-12345678"],
      [CN, "Other sealer"],
    ]).cert;
    expect(sealIdentity(c).identity).toBe("other");
    expect(sealIdentity(c, { organizations: ["NTRDK-12345678"], certificates: [] }).identity).toBe("accepted-seal-signer");
    expect(sealIdentity(c, { organizations: ["NTRDK-99999999"], certificates: [] }).identity).toBe("other");
  });
});

describe("verify: a seal by anyone but the broker is TOTAL-FAILED, naming the sealer", () => {
  const trust = () => [trustDirectory()];

  it("a genuine token re-sealed by an OCES3 customer whose certificate chains to a --trust anchor", async () => {
    const r = await verifyArchive({ evidence: join(SAMPLE, "archive.pdf"), originals: [join(SAMPLE, "originals")], trust: trust() });
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.subIndication).toBe("FORMAT_FAILURE");
    expect(r.decidedBy).toEqual(["seal-certificate"]);
    const c = check(r, "seal-certificate");
    expect(c.message).toContain("not sealed by the broker");
    expect(c.message).toContain("Other Transact ST");
    expect(c.details?.sealIdentity).toBe("other");
    // Everything else is genuine: the seal verifies, the token and the documents are the broker's.
    for (const id of ["seal-signature", "seal-timestamp", "seal-modifications", "token-signature", "token-certificate", "document-digests"])
      expect(check(r, id).status).toBe("passed");
    expect(r.seal?.identity).toBe("other");
  });

  it("--seal-signer accepts it, by organizationIdentifier or by certificate file", async () => {
    for (const signer of ["NTRDK-29915938", "samples/pki/otherTokenSigner.pem"]) {
      const r = await verifyArchive({ evidence: join(SAMPLE, "archive.pdf"), originals: [join(SAMPLE, "originals")], trust: trust(), sealSigners: [signer] });
      expect(check(r, "seal-certificate").status, signer).toBe("passed");
      expect(r.seal?.identity).toBe("accepted-seal-signer");
      expect(r.indication).toBe("TOTAL-PASSED");
    }
    // Another certificate file does not accept it.
    const r = await verifyArchive({ evidence: join(SAMPLE, "archive.pdf"), trust: trust(), sealSigners: ["samples/pki/tokenSigner.pem"] });
    expect(check(r, "seal-certificate").status).toBe("failed");
  });

  it("a --seal-signer that is neither an identifier nor a readable file is a usage error", async () => {
    await expect(verifyArchive({ evidence: join(SAMPLE, "archive.pdf"), trust: trust(), sealSigners: ["no-such-file"] })).rejects.toMatchObject({
      code: "ERR_FILE_NOT_FOUND",
    });
    await expect(verifyArchive({ evidence: join(SAMPLE, "archive.pdf"), trust: trust(), tokenSignerOrganizations: ["broker"] })).rejects.toMatchObject({
      code: "ERR_USAGE",
    });
  });
});

describe("per-role anchors: --trust-token / --trust-seal / --trust-tsa", () => {
  const roles = {
    token: ["samples/trust/token-root.pem", "samples/trust/token-issuing-ca.pem"],
    seal: ["samples/trust/seal-root.pem"],
    tsa: ["samples/trust/tsa-root.pem"],
  };

  it("each role's anchors verify the valid sample", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trustFor: roles });
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("an anchor for the token does not vouch for a seal or a timestamp", async () => {
    const r = await verifyArchive({ evidence: join(SAMPLE, "archive.pdf"), trustFor: roles, sealSigners: ["NTRDK-29915938"] });
    expect(check(r, "seal-certificate").status).toBe("indeterminate");
    expect(check(r, "seal-certificate").subIndication).toBe("NO_CERTIFICATE_CHAIN_FOUND");
    const swapped = await verifyArchive({ evidence: "samples/valid/archive.pdf", trustFor: { token: [...roles.token, ...roles.tsa, ...roles.seal] } });
    expect(check(swapped, "seal-certificate").status).toBe("indeterminate");
    expect(check(swapped, "seal-timestamp").status).toBe("indeterminate");
    expect(check(swapped, "token-certificate").status).toBe("passed");
  });
});

describe("token-certificate: an ambiguous subject is not the broker's", () => {
  it("two organizationIdentifier values, the broker's first → TOTAL-FAILED", async () => {
    const pki = testPki();
    const der = issueCertificate({
      subject: [
        [C, "DK"],
        [O, "Signaturgruppen A/S"],
        [ORG, "NTRDK-29915938"],
        [ORG, "NTRDK-12345678"],
        [CN, "NEB Transact ST"],
      ],
      subjectKey: pki.otherTokenSigner.key,
      issuer: pki.tokenCa,
      scheme: "rsa-pss",
      notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
      notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 365),
      serial: new Uint8Array([0x15, 0x01]),
      extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
    });
    const two = issued("otherTokenSigner", der, pki.otherTokenSigner.key);
    const w = await writeTokenEvidence({ tokenSigner: two, pemCertificate: two, ocsp: { subject: two } });
    const r = await verifyArchive({ evidence: w.json, trust: [trustDirectory()] });
    expect(check(r, "token-signature").status).toBe("passed");
    expect(check(r, "token-certificate").status).toBe("failed");
    expect(check(r, "token-certificate").message).toContain("2 organizationIdentifier values");
    expect(r.indication).toBe("TOTAL-FAILED");
  });
});
