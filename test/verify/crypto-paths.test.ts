// The crypto policy weighs every object it protects (issue 36 part 2), each at the time of its proof of existence:
// the certificate paths' keys and signature digests (seal, TSAs, token), the Workflow token's JWS and key, the
// token's OCSP response. A CA key that is weak by a policy's date passes before that date and fails after it.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import {
  buildArchive,
  createCrl,
  extensions,
  generateRsaKey,
  issueCertificate,
  issued,
  OIDS,
  SEAL_SUBJECT,
  sealRevocation,
  serialFor,
  spkiDer,
} from "../../scripts/generator/index.js";
import { check, tempDir, testPki, trustDirectory } from "../helpers/fixtures.js";

const base = testPki();
const dir = tempDir("crypto-paths-");

// A seal CA with an RSA-2048 key between the seal root (the anchor) and a seal certificate with an RSA-3072 key,
// so that the CA's key is the one object a policy dating RSA-2048 to 2027 trips on.
const weakKey = generateRsaKey(2048);
const sealKey = generateRsaKey(3072);
const weakCa = issued(
  "sealRoot",
  issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.organization, "Sealcheck Test"],
      [OIDS.commonName, "Sealcheck Test Seal CA 2048"],
    ],
    subjectKey: weakKey,
    issuer: base.sealRoot,
    notBefore: new Date("2023-01-01T00:00:00Z"),
    notAfter: new Date("2124-01-01T00:00:00Z"),
    serial: serialFor("seal-ca-2048"),
    extensions: [
      extensions.basicConstraints(true, 0),
      extensions.keyUsage("keyCertSign", "cRLSign"),
      extensions.subjectKeyIdentifier(spkiDer(weakKey)),
      extensions.authorityKeyIdentifier(spkiDer(base.sealRoot.key)),
    ],
  }),
  weakKey,
);
const seal = issued(
  "seal",
  issueCertificate({
    subject: SEAL_SUBJECT,
    subjectKey: sealKey,
    issuer: weakCa,
    notBefore: new Date("2023-01-01T00:00:00Z"),
    notAfter: new Date("2124-01-01T00:00:00Z"),
    serial: serialFor("seal-under-2048"),
    extensions: [
      extensions.keyUsage("digitalSignature", "nonRepudiation"),
      extensions.authorityKeyIdentifier(spkiDer(weakKey)),
      extensions.subjectKeyIdentifier(spkiDer(sealKey)),
    ],
  }),
  sealKey,
);

/** A policy whose reviewed date is after every date in it: RSA-2048 acceptable until 2027, everything else long after. */
function policyFile(): string {
  const file = join(dir, "policy.json");
  writeFileSync(
    file,
    JSON.stringify({
      name: "test: RSA-2048 until 2027",
      reviewed: "2030-01-01",
      digestAlgorithms: ["sha256", "sha384", "sha512"].map((name) => ({ name, until: "2100-01-01" })),
      publicKeys: [
        { type: "rsa", minBits: 2048, until: "2027-01-01" },
        { type: "rsa", minBits: 3000, until: "2100-01-01" },
        { type: "ec", minBits: 256, until: "2100-01-01" },
      ],
    }),
  );
  return file;
}

async function archive(): Promise<{ evidence: string; certs: string; sealer: string }> {
  const evidence = join(dir, "archive.pdf");
  const pki = { ...base, seal, sealRoot: weakCa };
  // The CA on the seal's path needs revocation data of its own (EN 319 102-1 §5.2.6): the root's CRL, in the CMS.
  const own = sealRevocation(pki);
  const revocation = { ...own, crls: [...own.crls, createCrl({ issuer: base.sealRoot })] };
  writeFileSync(evidence, (await buildArchive(pki, { seal: { revocation } })).pdf);
  const certs = join(dir, "seal-ca-2048.pem");
  writeFileSync(certs, weakCa.pem);
  // Not the broker's test seal (another issuer): accepted by its certificate, as --seal-signer does.
  const sealer = join(dir, "seal.pem");
  writeFileSync(sealer, seal.pem);
  return { evidence, certs, sealer };
}

describe("the crypto policy weighs the seal's certificate path", () => {
  it("a CA key of the seal's path acceptable at the time judged: passed; after the policy's date for it: INDETERMINATE, named", async () => {
    const { evidence, certs, sealer } = await archive();
    const opts = { evidence, trust: [trustDirectory()], certs: [certs], sealSigners: [sealer], cryptoPolicy: policyFile() };
    const before = await verifyArchive({ ...opts, at: "2026-06-01T00:00:00Z" });
    expect([
      before.indication,
      before.decidedBy,
      before.checks.filter((c) => c.status === "failed" || c.status === "indeterminate").map((c) => c.message),
    ]).toEqual(["TOTAL-PASSED", [], []]);
    expect(before.longTerm?.sealAlgorithms).toContainEqual({
      algorithm: 'RSA 2048 bits (the key of "Sealcheck Test Seal CA 2048")',
      acceptableUntil: "2027-01-01T00:00:00Z",
      standing: "acceptable",
    });
    // The B-T archive has no proof of existence that holds after its TSA's data: the seal is judged now.
    const after = await verifyArchive({ ...opts, at: "2027-06-01T00:00:00Z" });
    expect([after.indication, after.subIndication, after.decidedBy]).toEqual(["INDETERMINATE", "CRYPTO_CONSTRAINTS_FAILURE_NO_POE", ["long-term"]]);
    expect(check(after, "long-term").message).toMatch(
      /The seal.s .*RSA 2048 bits \(the key of "Sealcheck Test Seal CA 2048"\) is not acceptable at 2027-06-01T00:00:00Z/,
    );
  }, 60_000);

  it("the token's JWS, its key and path, and its OCSP response are weighed with the seal", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", trust: [trustDirectory()], at: "2026-06-01T00:00:00Z" });
    const names = r.longTerm!.sealAlgorithms.map((a) => a.algorithm);
    expect(names).toEqual(
      expect.arrayContaining([
        "sha256 (the Workflow token's RS256)",
        "RSA 3072 bits (the Workflow token's key)",
        expect.stringMatching(/^sha256 \(the signature on the token's OCSP response\)$/),
        expect.stringMatching(/^sha256 \(the signature on ".*"\)$/),
        "EC 256 bits (the key of the token's OCSP responder)",
      ]),
    );
  });
});
