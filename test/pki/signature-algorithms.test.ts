// The one algorithm table (src/pki/algorithms.ts) on the path every CMS signer takes (verifySigner: the seal,
// every PDF signature, the TSA of signature and document timestamps), on certificate links, CRLs, and a PDF's
// approval signature end to end. Plain ECDSA (BSI TR-03111, r‖s) and EdDSA (RFC 8419) verify; a byte changed
// fails (SIG_CRYPTO_FAILURE, or HASH_FAILURE for the digest); an algorithm outside the table is
// INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE naming its OID, never SIG_CRYPTO_FAILURE.
import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { createDigest } from "../../src/pki/algorithms.js";
import { decodeSignedData, verifySigner } from "../../src/pki/cms.js";
import { validateChain } from "../../src/pki/chain.js";
import { decodeCrl, judgeCrl } from "../../src/pki/crl.js";
import { decodeOcsp, judgeOcsp } from "../../src/pki/ocsp.js";
import { pkiSession } from "../../src/pki/session.js";
import { verifyTimestamp } from "../../src/pki/timestamp.js";
import {
  algId,
  bits,
  bool,
  createCrl,
  createOcspResponse,
  createSignedData,
  createTimestampToken,
  encode,
  encodeName,
  explicit,
  int,
  issued,
  octets,
  oid,
  OIDS,
  raw,
  seq,
  spkiDer,
  x509Time,
  type Asn1,
  type Issued,
} from "../../scripts/generator/index.js";
import { tempDir, testPki } from "../helpers/fixtures.js";

const PLAIN = "0.4.0.127.0.7.1.1.4.1";
const ED25519 = "1.3.101.112";
const ED448 = "1.3.101.113";
const SHA256 = "2.16.840.1.101.3.4.2.1";
const SHA384 = "2.16.840.1.101.3.4.2.2";
const SHA512 = "2.16.840.1.101.3.4.2.3";
const SHAKE256 = "2.16.840.1.101.3.4.2.12";
const SHA3_256 = "2.16.840.1.101.3.4.2.8";
const GOST_SIGNATURE = "1.2.643.7.1.1.3.2"; // GOST R 34.10-2012 with GOST R 34.11-2012 (256 bit): not in the table
const GOST_DIGEST = "1.2.643.7.1.1.2.2"; // GOST R 34.11-2012 (256 bit)

/** How a test signer signs: its AlgorithmIdentifier (fresh each time) and the signature over some bytes. */
interface Signer {
  key: KeyObject;
  alg: () => Asn1;
  sign: (data: Uint8Array) => Uint8Array;
}

const keyOf = (type: "ec" | "ed25519" | "ed448", namedCurve?: string): KeyObject =>
  type === "ec" ? generateKeyPairSync("ec", { namedCurve: namedCurve! }).privateKey : generateKeyPairSync(type as "ed25519").privateKey;

const plainEcdsa = (namedCurve: string, arc: number, hash: string): Signer => {
  const key = keyOf("ec", namedCurve);
  return { key, alg: () => algId(`${PLAIN}.${arc}`), sign: (d) => new Uint8Array(sign(hash, d, { key, dsaEncoding: "ieee-p1363" })) };
};
const eddsa = (type: "ed25519" | "ed448"): Signer => {
  const key = keyOf(type);
  return { key, alg: () => algId(type === "ed25519" ? ED25519 : ED448), sign: (d) => new Uint8Array(sign(null, d, key)) };
};
/** A key that signs with ECDSA on P-256 but names an algorithm outside the table. */
const unknownAlgorithm = (oidText = GOST_SIGNATURE): Signer => {
  const key = keyOf("ec", "P-256");
  return { key, alg: () => algId(oidText), sign: (d) => new Uint8Array(sign("sha256", d, key)) };
};

const CA = seq(oid("2.5.29.19"), bool(true), octets(encode(seq(bool(true)))));
const TIME_STAMPING_EKU = seq(oid(OIDS.extKeyUsage), bool(true), octets(encode(seq(oid("1.3.6.1.5.5.7.3.8")))));

/** A certificate for `subject`'s key, signed by `by` (self-signed when `by` is the subject's own signer). */
function certificate(cn: string, subject: Signer, by: { signer: Signer; name: string } | null, extensions: Asn1[] = []): Issued {
  const issuerSigner = by?.signer ?? subject;
  const tbs = encode(
    seq(
      explicit(0, int(2)),
      int(Uint8Array.from(createHash("sha256").update(cn).digest().subarray(0, 8), (b, i) => (i === 0 ? (b & 0x7f) | 0x10 : b))),
      issuerSigner.alg(),
      encodeName([[OIDS.commonName, by?.name ?? cn]]),
      seq(x509Time(new Date("2020-01-01T00:00:00Z")), x509Time(new Date("2040-01-01T00:00:00Z"))),
      encodeName([[OIDS.commonName, cn]]),
      raw(spkiDer(subject.key)),
      ...(extensions.length ? [explicit(3, seq(...extensions))] : []),
    ),
  );
  return issued("seal", encode(seq(raw(tbs), issuerSigner.alg(), bits(issuerSigner.sign(tbs)))), subject.key);
}

const CONTENT = new TextEncoder().encode("%PDF-1.7 the signed byte ranges");
const digestFor: Record<string, string> = { [SHA256]: "sha256", [SHA384]: "sha384", [SHA512]: "sha512", [SHAKE256]: "shake256", [SHA3_256]: "sha3-256" };

/** Detached CMS over CONTENT with signed attributes, by `signer` (self-signed certificate), digest `digestOid`. */
function cmsBy(signer: Signer, digestOid: string, cert = certificate("CMS signer", signer, null)): Uint8Array {
  const digest = digestFor[digestOid] ? new Uint8Array(createDigest(digestFor[digestOid]!).update(CONTENT).digest()) : new Uint8Array(32).fill(7);
  return createSignedData({
    signer: cert,
    signWith: { algorithm: signer.alg(), sign: signer.sign },
    digestAlgorithmOid: digestOid,
    digest,
    certificates: [cert],
  });
}

/** verifySigner, as the seal, the PDF signatures and the timestamps call it, over `content`. */
async function verifyCms(der: Uint8Array, content = CONTENT) {
  const session = pkiSession();
  return verifySigner(session, decodeSignedData(der, "the test CMS", session), 0, (alg) => createDigest(alg).update(content).digest());
}

/** The CMS with one byte of its signature value (the last OCTET STRING of the SignerInfo) flipped. */
function flipSignatureByte(der: Uint8Array, signatureLength: number): Uint8Array {
  const out = Uint8Array.from(der);
  out[out.length - signatureLength + 3]! ^= 0x01;
  return out;
}

const CASES: { name: string; signer: () => Signer; digest: string; length: number }[] = [
  { name: "ecdsa-plain-SHA256 on brainpoolP256r1", signer: () => plainEcdsa("brainpoolP256r1", 3, "sha256"), digest: SHA256, length: 64 },
  { name: "ecdsa-plain-SHA384 on P-384", signer: () => plainEcdsa("P-384", 4, "sha384"), digest: SHA384, length: 96 },
  { name: "ecdsa-plain-SHA512 on brainpoolP512r1", signer: () => plainEcdsa("brainpoolP512r1", 5, "sha512"), digest: SHA512, length: 128 },
  { name: "ecdsa-plain-SHA3-256 on P-256", signer: () => plainEcdsa("P-256", 9, "sha3-256"), digest: SHA3_256, length: 64 },
  { name: "Ed25519 with SHA-512 (RFC 8419)", signer: () => eddsa("ed25519"), digest: SHA512, length: 64 },
  { name: "Ed448 with SHAKE256/512 (RFC 8419)", signer: () => eddsa("ed448"), digest: SHAKE256, length: 114 },
];

describe("CMS signers by the algorithm table (verifySigner)", () => {
  for (const c of CASES) {
    it(`${c.name}: verifies; a signature byte changed does not; other content is a digest mismatch`, async () => {
      const der = cmsBy(c.signer(), c.digest);
      const ok = await verifyCms(der);
      expect([ok.messageDigestMatches, ok.signatureValid, ok.unsupported, ok.problems]).toEqual([true, true, undefined, []]);

      const bad = await verifyCms(flipSignatureByte(der, c.length));
      expect([bad.messageDigestMatches, bad.signatureValid, bad.unsupported]).toEqual([true, false, undefined]);

      const other = await verifyCms(der, new TextEncoder().encode("%PDF-1.7 other bytes"));
      expect(other.messageDigestMatches).toBe(false);
    });
  }

  it("Ed25519 over signed attributes with SHA-256 as the message digest: verifies, but RFC 8419 requires SHA-512 (not checked, named)", async () => {
    const v = await verifyCms(cmsBy(eddsa("ed25519"), SHA256));
    expect(v.unsupported).toMatchObject({ code: "ERR_ALGORITHM_PAIRING" });
    expect(v.unsupported!.message).toMatch(/RFC 8419 requires SHA-512 as the message digest of Ed25519, not sha256/);
  });

  it("an Ed25519 signature labelled Ed448 (the key is Ed25519): checked, and not valid", async () => {
    const ed = eddsa("ed25519");
    const v = await verifyCms(cmsBy({ ...ed, alg: () => algId(ED448) }, SHAKE256));
    expect([v.messageDigestMatches, v.signatureValid, v.unsupported]).toEqual([true, false, undefined]);
  });

  it("a signature algorithm outside the table: unsupported, naming the OID and its name (not a signature that fails)", async () => {
    const v = await verifyCms(cmsBy(unknownAlgorithm(), SHA256));
    expect(v.messageDigestMatches).toBe(true);
    expect(v.unsupported).toMatchObject({ code: "ERR_UNSUPPORTED_SIGNATURE_ALGORITHM", oid: GOST_SIGNATURE });
    expect(v.unsupported!.message).toMatch(/GOST R 34\.10-2012 .*\(1\.2\.643\.7\.1\.1\.3\.2\) is not supported/);
    const unnamed = await verifyCms(cmsBy(unknownAlgorithm("1.2.3.4.5"), SHA256));
    expect(unnamed.unsupported!.message).toMatch(/the signature algorithm 1\.2\.3\.4\.5 \(unknown\) is not supported/);
  });

  it("a digest algorithm outside the table: unsupported, naming the OID; nothing computed", async () => {
    const v = await verifyCms(cmsBy(eddsa("ed25519"), GOST_DIGEST));
    expect(v.computedDigest).toBeUndefined();
    expect(v.unsupported).toMatchObject({ code: "ERR_UNSUPPORTED_DIGEST_ALGORITHM", oid: GOST_DIGEST });
    expect(v.problems.join()).toMatch(/1\.2\.643\.7\.1\.1\.2\.2/);
  });
});

describe("timestamps, certificate links and CRLs by the table", () => {
  const tstOf = (tsa: Signer, digest: { oid: string; digest: (b: Uint8Array) => Uint8Array } | undefined, cert: Issued) =>
    createTimestampToken({ tsa: cert, data: CONTENT, signWith: { algorithm: tsa.alg(), sign: tsa.sign }, ...(digest ? { contentDigest: digest } : {}) });
  const trust = (cert: Issued) => ({ anchors: [cert.cert], intermediates: [] });

  it("a TSA signing with Ed25519 (SHA-512 digest): the timestamp passes; one with an algorithm outside the table is INDETERMINATE, not failed", async () => {
    const ed = eddsa("ed25519");
    const edCert = certificate("Ed25519 TSA", ed, null, [TIME_STAMPING_EKU]);
    const sha512 = { oid: SHA512, digest: (b: Uint8Array) => new Uint8Array(createHash("sha512").update(b).digest()) };
    const good = await verifyTimestamp(tstOf(ed, sha512, edCert), CONTENT, trust(edCert), null, pkiSession());
    expect([good.judgement.status, good.judgement.message]).toEqual(["passed", expect.stringMatching(/TSA signature verifies/)]);

    const gost = unknownAlgorithm();
    const gostCert = certificate("GOST TSA", gost, { signer: ed, name: "Ed25519 TSA" }, [TIME_STAMPING_EKU]);
    const r = await verifyTimestamp(tstOf(gost, undefined, gostCert), CONTENT, trust(edCert), null, pkiSession());
    expect([r.judgement.status, r.judgement.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(r.judgement.message).toMatch(/cannot be checked: the signature algorithm GOST R 34\.10-2012 .*\(1\.2\.643\.7\.1\.1\.3\.2\) is not supported/);
  });

  it("certificate links: Ed448 and plain ECDSA issuers verify; a link signed with an algorithm outside the table is INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const root = eddsa("ed448");
    const rootCert = certificate("Ed448 root", root, null, [CA]);
    const plain = plainEcdsa("brainpoolP384r1", 4, "sha384");
    const leaf = certificate("plain leaf", plain, { signer: root, name: "Ed448 root" }, [CA]);
    const ok = await validateChain(leaf.cert, { anchors: [rootCert.cert], intermediates: [], at, session: pkiSession() });
    expect([ok.status, ok.subIndication]).toEqual(["valid", null]);
    const below = certificate("below plain", eddsa("ed25519"), { signer: plain, name: "plain leaf" });
    const two = await validateChain(below.cert, { anchors: [rootCert.cert], intermediates: [leaf.cert], at, session: pkiSession() });
    expect(two.status).toBe("valid");

    const unknown = certificate("GOST-signed", eddsa("ed25519"), { signer: unknownAlgorithm(), name: "Ed448 root" });
    const r = await validateChain(unknown.cert, { anchors: [rootCert.cert], intermediates: [], at, session: pkiSession() });
    expect([r.status, r.subIndication]).toEqual(["invalid", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(r.message).toMatch(/signature by "Ed448 root" cannot be checked: the signature algorithm GOST .*\(1\.2\.643\.7\.1\.1\.3\.2\)/);
  });

  it("a CRL whose signature algorithm is outside the table: INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE; with its own algorithm it verifies", async () => {
    const ca = { signer: plainEcdsa("P-256", 3, "sha256"), name: "CRL CA" };
    const caCert = issued("sealRoot", certificate("CRL CA", ca.signer, null).der, keyOf("ec", "P-256"));
    const target = certificate("target", eddsa("ed25519"), ca);
    const crl = createCrl({ issuer: caCert }); // ecdsa-with-SHA256 by a key that is not the CA's
    // The outer signatureAlgorithm's OID 1.2.840.10045.4.3.2 → 1.2.840.10045.4.3.9 (no such algorithm), same length.
    const hex = Buffer.from(crl).toString("hex");
    const at = hex.lastIndexOf("2a8648ce3d040302");
    const patched = Buffer.from(hex.slice(0, at) + "2a8648ce3d040309" + hex.slice(at + 16), "hex");
    const session = pkiSession();
    const when = new Date("2025-12-08T12:00:00Z");
    const bad = await judgeCrl(session, decodeCrl(new Uint8Array(patched), session), target.cert, caCert.cert, when, 60);
    expect([bad.status, bad.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(bad.message).toMatch(/the signature algorithm 1\.2\.840\.10045\.4\.3\.9 \(unknown\) is not supported/);
    const wrongKey = await judgeCrl(session, decodeCrl(crl, session), target.cert, caCert.cert, when, 60);
    expect([wrongKey.status, wrongKey.subIndication]).toEqual(["failed", "SIG_CRYPTO_FAILURE"]);
  });
});

describe("an OCSP response by the table", () => {
  it("signed with an algorithm outside the table: ocsp signature INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE naming it; as signed, it passes", async () => {
    const pki = testPki();
    const der = createOcspResponse({ subject: pki.seal, issuer: pki.sealRoot, responder: pki.sealRoot });
    const judge = async (algorithm?: string) => {
      const session = pkiSession();
      const decoded = decodeOcsp(der, session);
      if (algorithm) decoded.basic!.signatureAlgorithm.algorithmId = algorithm;
      const input = { session, decoded, target: pki.seal.cert, issuer: pki.sealRoot.cert, pool: [] };
      return judgeOcsp({
        ...input,
        sealingTime: decoded.producedAt!,
        freshnessWindowSeconds: 300,
        clockSkewSeconds: 60,
        responderRevocation: async () => "no revocation data for it",
      });
    };
    expect((await judge()).signature.status).toBe("passed");
    const r = await judge("1.2.840.113549.1.1.127");
    expect([r.signature.status, r.signature.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(r.signature.message).toMatch(/cannot be checked: the signature algorithm 1\.2\.840\.113549\.1\.1\.127 \(unknown\) is not supported/);
  });
});

describe("a PDF approval signature by such a CMS, end to end (report.pdfSignatures)", () => {
  const base = new Uint8Array(readFileSync("samples/attacks/later-approval-signature.pdf"));

  /** The sample's Signature2 re-signed over its own byte range with `cms(signedBytes)`. */
  function resign(cms: (signed: Uint8Array) => Uint8Array): Uint8Array {
    const text = Buffer.from(base).toString("latin1");
    const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
    let last: RegExpExecArray | null = null;
    for (let x = m.exec(text); x; x = m.exec(text)) last = x;
    const [a, b, c, d] = last!.slice(1).map(Number) as [number, number, number, number];
    const signed = Buffer.concat([base.subarray(a, a + b), base.subarray(c, c + d)]);
    const der = Buffer.from(cms(new Uint8Array(signed))).toString("hex");
    const width = c - (a + b) - 2;
    expect(der.length).toBeLessThanOrEqual(width);
    const out = Uint8Array.from(base);
    out.set(Buffer.from(der.padEnd(width, "0"), "latin1"), a + b + 1);
    return out;
  }

  async function judged(signer: Signer, digestOid: string, tamper?: (der: Uint8Array) => Uint8Array) {
    const cert = certificate("Approval signer", signer, null);
    const dir = tempDir("alg-e2e-");
    writeFileSync(join(dir, "signer.pem"), cert.pem);
    const pdf = resign((signed) => {
      const digest = new Uint8Array(
        createDigest(digestFor[digestOid] ?? "sha256")
          .update(signed)
          .digest(),
      );
      const der = createSignedData({
        signer: cert,
        signWith: { algorithm: signer.alg(), sign: signer.sign },
        digestAlgorithmOid: digestOid,
        digest,
        certificates: [cert],
      });
      return tamper ? tamper(der) : der;
    });
    const r = await verifyArchive({ evidence: { name: "approval.pdf", bytes: pdf }, trust: ["samples/trust", join(dir, "signer.pem")] });
    return r.pdfSignatures.find((p) => p.field === "Signature2")!;
  }

  it("plain ECDSA on brainpoolP256r1: passed; a signature byte changed: failed/SIG_CRYPTO_FAILURE", async () => {
    const s = plainEcdsa("brainpoolP256r1", 3, "sha256");
    const ok = await judged(s, SHA256);
    expect([ok.status, ok.subIndication, ok.details.signatureAlgorithm]).toEqual(["passed", null, "ecdsa-plain-SHA256"]);
    const bad = await judged(s, SHA256, (der) => flipSignatureByte(der, 64));
    expect([bad.status, bad.subIndication]).toEqual(["failed", "SIG_CRYPTO_FAILURE"]);
  });

  it("Ed448 with SHAKE256: passed; an algorithm outside the table: indeterminate/CRYPTO_CONSTRAINTS_FAILURE naming it", async () => {
    const ok = await judged(eddsa("ed448"), SHAKE256);
    expect([ok.status, ok.subIndication, ok.details.signatureAlgorithm]).toEqual(["passed", null, "Ed448"]);
    const unknown = await judged(unknownAlgorithm(), SHA256);
    expect([unknown.status, unknown.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(unknown.message).toMatch(/1\.2\.643\.7\.1\.1\.3\.2/);
  });
});
