// Issue 15 item 5: one JOSE policy for both verifiers (algorithms, `none` in any spelling, crit, b64, key
// parameters) and weak keys refused everywhere with a reason.
import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { verifyIdToken } from "../../src/index.js";
import { staticKeys } from "../../src/index.js";
import { parseJwks } from "../../src/api/internal.js";
import { weakKeyReason } from "../../src/api/internal.js";
import * as pkijs from "pkijs";
import { weakPublicKeyReason, weakSpkiReason } from "../../src/pki/jose-policy.js";
import { pkiSession } from "../../src/pki/session.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { buildArchive, issueCertificate, issued, extensions, OIDS, sealVariant, TIMELINE, tokenSignerVariant } from "../../scripts/generator/index.js";
import { generateEcKey, generateRsaKey } from "../../scripts/generator/keys.js";
import { check, tempDir, testPki, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";
import { AUDIENCE, ISSUER, SENDER, jwksOf, makeKey, publicJwk, transferPayload, type TestKey } from "../idtoken/helpers.js";

const b64u = (v: string | Buffer) => Buffer.from(v).toString("base64url");

let key: TestKey;
let evidence: Record<string, unknown>;
let workflowPayload: string;
beforeAll(async () => {
  key = await makeKey();
  const w = await writeTokenEvidence();
  evidence = JSON.parse(readFileSync(w.json, "utf8")) as Record<string, unknown>;
  workflowPayload = (evidence.workflowToken as string).split(".")[1]!;
}, 60_000);

/** The Workflow token with another header (payload kept, signature empty or given). */
async function workflowVerdict(header: Record<string, unknown>, signature = "") {
  const bytes = new TextEncoder().encode(JSON.stringify({ ...evidence, workflowToken: `${b64u(JSON.stringify(header))}.${workflowPayload}.${signature}` }));
  const r = await verifyArchive({ evidence: { name: "token.json", bytes }, trust: [trustDirectory()] });
  const c = check(r, "token-signature");
  return { indication: r.indication, status: c.status, sub: c.subIndication, message: c.message };
}

async function idTokenVerdict(header: Record<string, unknown>, signature = "") {
  const token = `${b64u(JSON.stringify({ kid: key.kid, typ: "JWT", ...header }))}.${b64u(JSON.stringify(transferPayload()))}.${signature}`;
  const r = await verifyIdToken(token, { issuer: ISSUER, audience: AUDIENCE, sender: [SENDER], keys: staticKeys(jwksOf(publicJwk(key))), replayStore: null });
  const c = r.checks.find((x) => x.id === "signature" && x.status !== "skipped") ?? r.checks.find((x) => x.id === "format")!;
  return { indication: r.indication, status: c.status, sub: c.subIndication, message: c.message };
}

describe("one algorithm and header policy for both token kinds", () => {
  for (const alg of ["none", "None", "NONE", "nOnE", "HS256", "hs256", "Hs512", "RSA1_5", "rs256", ""]) {
    it(`alg ${JSON.stringify(alg)}: TOTAL-FAILED for both`, async () => {
      const wf = await workflowVerdict({ alg, typ: "JWT" });
      const id = await idTokenVerdict({ alg });
      expect(wf.indication).toBe("TOTAL-FAILED");
      expect(id.indication).toBe("TOTAL-FAILED");
      expect([wf.status, wf.sub]).toEqual([id.status, id.sub]);
      expect(wf.sub).toBe(alg === "" ? "FORMAT_FAILURE" : "SIG_CRYPTO_FAILURE");
    });
  }

  for (const [name, extra] of [
    ["crit", { crit: ["exp"] }],
    ["b64 true", { b64: true }],
    ["b64 false", { b64: false }],
    ["enc", { enc: "A128GCM" }],
  ] as const) {
    it(`${name}: FORMAT_FAILURE for both`, async () => {
      const wf = await workflowVerdict({ alg: "RS256", ...extra });
      const id = await idTokenVerdict({ alg: "RS256", ...extra });
      expect(wf.sub).toBe("FORMAT_FAILURE");
      expect(id.sub).toBe("FORMAT_FAILURE");
      expect(wf.indication).toBe("TOTAL-FAILED");
      expect(id.indication).toBe("TOTAL-FAILED");
    });
  }

  it("only asymmetric algorithms can be allowed, for both", async () => {
    for (const alg of ["none", "None", "HS256"]) {
      await expect(
        verifyArchive({ evidence: "samples/valid/archive.pdf", trust: [trustDirectory()], tokenAlgorithms: [alg as "RS256"] }),
      ).rejects.toMatchObject({ code: "ERR_USAGE" });
      await expect(
        verifyIdToken("x.y.z", { issuer: ISSUER, audience: AUDIENCE, keys: staticKeys(jwksOf(publicJwk(key))), algorithms: [alg as "RS256"] }),
      ).rejects.toMatchObject({ code: "ERR_USAGE" });
    }
  });

  it("an asymmetric algorithm outside the allow-list: INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE for both", async () => {
    const wf = await workflowVerdict({ alg: "RS512" });
    const id = await idTokenVerdict({ alg: "ES256" });
    expect([wf.status, wf.sub]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect([id.status, id.sub]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
  });
});

describe("weak keys refused with a reason", () => {
  it("weakKeyReason: modulus, exponent, curve", () => {
    const rsa = (bits: number) => generateKeyPairSync("rsa", { modulusLength: bits }).publicKey;
    expect(weakKeyReason(rsa(2048))).toBeNull();
    expect(weakKeyReason(rsa(1024))).toContain("1024 bits");
    expect(weakKeyReason(generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 3 }).publicKey)).toContain("e = 3");
    const jwk = createPublicKey(generateRsaKey(2048)).export({ format: "jwk" }); // a generated key's JWK: see keys.ts
    expect(weakKeyReason(createPublicKey({ key: { ...jwk, e: "AQ" }, format: "jwk" }))).toContain("e = 1");
    expect(weakKeyReason(generateKeyPairSync("ec", { namedCurve: "secp256k1" }).publicKey)).toContain("secp256k1");
    expect(weakKeyReason(generateKeyPairSync("ec", { namedCurve: "P-384" }).publicKey)).toBeNull();
  });

  it("a certificate key's weakness kept in the session (by key object and exact DER) is weakSpkiReason's answer", () => {
    const S = pkiSession();
    const spkiOf = (key: KeyObject): Uint8Array => new Uint8Array(key.export({ format: "der", type: "spki" }));
    const keys = [
      generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 3 }).publicKey,
      generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey,
      generateKeyPairSync("ec", { namedCurve: "secp256k1" }).publicKey,
      generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey,
    ].map(spkiOf);
    for (let round = 0; round < 2; round++) {
      for (const der of keys) {
        // A new pkijs object of the same bytes each time: kept by the DER as well as by the object.
        const spki = pkijs.PublicKeyInfo.fromBER(der);
        expect(weakPublicKeyReason(S, spki)).toBe(weakSpkiReason(der));
        expect(weakPublicKeyReason(S, spki)).toBe(weakSpkiReason(der));
      }
    }
    expect(keys.map((der) => weakSpkiReason(der) === null)).toEqual([false, true, false, true]);
  });

  it("a JWKS RSA key with e = 1 is passed over, and a token forged for it (the signature is the padded digest itself) is not accepted", async () => {
    const jwk = publicJwk(key, { kid: "WEAK", x5c: undefined });
    delete jwk.x5c;
    jwk.e = "AQ";
    const set = parseJwks(jwksOf(jwk), { source: "file" }, DEFAULT_LIMITS);
    expect(set.keys).toHaveLength(0);
    expect(set.skipped[0]!.reason).toContain("e = 1");
    // With e = 1, s^e mod n = s: the EMSA-PKCS1-v1_5 encoding of the digest is a valid "signature".
    const input = `${b64u(JSON.stringify({ alg: "RS256", kid: "WEAK", typ: "JWT" }))}.${b64u(JSON.stringify(transferPayload()))}`;
    const k = Buffer.from(jwk.n as string, "base64url").length;
    const digestInfo = Buffer.concat([Buffer.from("3031300d060960864801650304020105000420", "hex"), createHash("sha256").update(input).digest()]);
    const em = Buffer.concat([Buffer.from([0, 1]), Buffer.alloc(k - 3 - digestInfo.length, 0xff), Buffer.from([0]), digestInfo]);
    const r = await verifyIdToken(`${input}.${b64u(em)}`, {
      issuer: ISSUER,
      audience: AUDIENCE,
      sender: [SENDER],
      keys: staticKeys(jwksOf(jwk)),
      replayStore: null,
    });
    expect(r.indication).toBe("INDETERMINATE");
    const sig = r.checks.find((c) => c.id === "signature")!;
    expect(sig.subIndication).toBe("CRYPTO_CONSTRAINTS_FAILURE");
    expect(sig.message).toContain("e = 1");
  });

  it("a JWKS key of 1024 bits, or an EC point off its curve, is passed over with the reason", async () => {
    const small = createPublicKey(generateRsaKey(1024)).export({ format: "jwk" });
    const ec = createPublicKey(generateEcKey("P-256")).export({ format: "jwk" });
    const y = Buffer.from(ec.y!, "base64url");
    y[31]! ^= 1;
    const set = parseJwks(
      jwksOf({ ...small, kid: "SMALL", use: "sig" }, { ...ec, y: b64u(y), kid: "OFFCURVE", use: "sig" }),
      { source: "file" },
      DEFAULT_LIMITS,
    );
    expect(set.keys).toHaveLength(0);
    expect(set.skipped.map((s) => s.reason).join(" | ")).toMatch(/1024 bits.*\|.*cannot be read/);
  });

  it("a Workflow token certificate with public exponent 3 (jose accepts it): INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE, the reason named", async () => {
    const pki = testPki();
    const weakKey = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 3 }).privateKey;
    const weak = tokenSignerVariant(pki, { key: weakKey, serial: new Uint8Array([0x15, 0x05]), keyUsage: ["digitalSignature", "nonRepudiation"] });
    const w = await writeTokenEvidence({ tokenSigner: weak, pemCertificate: weak, ocsp: { subject: weak } });
    const r = await verifyArchive({ evidence: w.json, trust: [trustDirectory()] });
    const c = check(r, "token-signature");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toContain("e = 3");
    expect(r.indication).not.toBe("TOTAL-PASSED");
    writeFileSync(join(w.dir, "done"), "");
  });

  it("a seal certificate with the test seal's names but a weak key (e = 3): INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE", async () => {
    const pki = testPki();
    const weakKey = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 3 }).privateKey;
    const weakSeal = sealVariant(pki, { key: weakKey, serial: new Uint8Array([0x15, 0x06]) });
    const a = await buildArchive(pki, { seal: { signer: weakSeal, certificates: [weakSeal, pki.sealRoot] } });
    const file = join(tempDir("weak-seal-"), "archive.pdf");
    writeFileSync(file, a.pdf);
    const r = await verifyArchive({ evidence: file, trust: [trustDirectory()] });
    expect(check(r, "seal-signature").status).toBe("passed"); // pkijs verifies it happily
    const c = check(r, "seal-certificate");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toContain("e = 3");
    expect(r.indication).toBe("INDETERMINATE");
  });

  it("an OCSP response signed by an authorised responder with a weak key (e = 3): ocsp-signature INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE", async () => {
    const pki = testPki();
    const weakKey = generateKeyPairSync("rsa", { modulusLength: 2048, publicExponent: 3 }).privateKey;
    const der = issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Sealcheck Test"],
        [OIDS.commonName, "Weak OCSP responder"],
      ],
      subjectKey: weakKey,
      issuer: pki.tokenCa,
      scheme: "rsa-pss",
      notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 3),
      notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 3),
      serial: new Uint8Array([0x15, 0x07]),
      extensions: [extensions.keyUsage("digitalSignature"), extensions.extKeyUsage(false, OIDS.kpOcspSigning), extensions.ocspNoCheck()],
    });
    const responder = issued("ocspResponder", der, weakKey);
    const w = await writeTokenEvidence({ ocsp: { responder } });
    const r = await verifyArchive({ evidence: w.json, trust: [trustDirectory()] });
    const c = check(r, "ocsp-signature");
    expect([c.status, c.subIndication]).toEqual(["indeterminate", "CRYPTO_CONSTRAINTS_FAILURE"]);
    expect(c.message).toContain("e = 3");
    expect(r.indication).not.toBe("TOTAL-PASSED");
  });
});
