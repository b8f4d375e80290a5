// JOSE attacks on the Workflow token in `verify` (the ID-token side is in test/idtoken/verify.test.ts):
// every forged or malformed token must be refused, never TOTAL-PASSED, with the reason in token-signature.
import { createHmac, createPublicKey, sign, type KeyObject } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { buildWorkflowEvidence, workflowTokenJson, type WorkflowEvidence } from "../../scripts/generator/index.js";
import { staticKeys, verifyIdToken } from "../../src/index.js";
import { loadTrustStore, type TrustStore } from "../../src/index.js";
import type { ArchiveReport } from "../../src/index.js";
import { verifyArchive } from "../../src/index.js";
import { check, testPki, trustDirectory } from "../helpers/fixtures.js";

let genuine: WorkflowEvidence;
let genuineEs: WorkflowEvidence;
let trustStore: TrustStore;
const b64u = (s: string | Uint8Array) => Buffer.from(s).toString("base64url");

beforeAll(async () => {
  [genuine, genuineEs] = await Promise.all([buildWorkflowEvidence({ pki: testPki() }), buildWorkflowEvidence({ pki: testPki(), alg: "ES256" })]);
  trustStore = loadTrustStore([trustDirectory()], []);
});

const parts = (jwt: string) => jwt.split(".") as [string, string, string];
const headerOf = (e = genuine) => JSON.parse(Buffer.from(parts(e.endpointToken.jwt)[0], "base64url").toString()) as Record<string, unknown>;
const payloadText = (e = genuine) => Buffer.from(parts(e.endpointToken.jwt)[1], "base64url").toString();

/** Signs raw header and payload JSON text (so duplicate keys can be written) with `alg`. */
function signRaw(headerJson: string, payloadJson: string, alg: string, key: KeyObject | Uint8Array | string | null): string {
  const input = `${b64u(headerJson)}.${b64u(payloadJson)}`;
  let sig = Buffer.alloc(0);
  if (alg.startsWith("HS"))
    sig = createHmac(`sha${alg.slice(2)}`, key as Uint8Array)
      .update(input)
      .digest();
  else if (alg.startsWith("RS")) sig = sign(`sha${alg.slice(2)}`, Buffer.from(input), key as KeyObject);
  else if (alg.startsWith("ES")) sig = sign(`sha${alg.slice(2)}`, Buffer.from(input), { key: key as KeyObject, dsaEncoding: "ieee-p1363" });
  return `${input}.${b64u(sig)}`;
}

/** The Workflow-token JSON with another token (and optionally another certificate PEM). */
async function verifyToken(token: string, opts: { e?: WorkflowEvidence; pem?: string } = {}): Promise<ArchiveReport> {
  const e = opts.e ?? genuine;
  const json = JSON.parse(workflowTokenJson(e)) as Record<string, unknown>;
  json.workflowToken = token;
  if (opts.pem) json.publicSigningCertPem = opts.pem;
  // At the time the token claims: the JSON form has no proof of existence (attack36 J1).
  return verifyArchive({ evidence: { name: "workflowtoken.json", bytes: Buffer.from(JSON.stringify(json)) }, trustStore, at: "2025-12-08T08:36:35Z" });
}

const brokerKey = () => testPki().tokenSigner.key;
const attacker = () => testPki().foreignTokenSigner;

function expectRefused(r: ArchiveReport, status: "failed" | "indeterminate", sub: string, text?: RegExp) {
  const c = check(r, "token-signature");
  expect(c.status, c.message).toBe(status);
  expect(c.subIndication).toBe(sub);
  if (text) expect(c.message).toMatch(text);
  expect(r.indication).not.toBe("TOTAL-PASSED");
}

describe("Workflow token: JOSE attacks are refused", () => {
  it("the genuine token passes (control)", async () => {
    const r = await verifyToken(genuine.endpointToken.jwt);
    expect(check(r, "token-signature").status).toBe("passed");
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it.each(["none", "None", "NONE"])("alg %s with an empty signature", async (alg) => {
    const r = await verifyToken(signRaw(JSON.stringify({ ...headerOf(), alg }), payloadText(), "none", null));
    expect(r.indication).not.toBe("TOTAL-PASSED");
    expect(["failed", "indeterminate"]).toContain(check(r, "token-signature").status);
    if (alg === "none") expectRefused(r, "failed", "SIG_CRYPTO_FAILURE", /not an asymmetric signature/);
  });

  it("HS256/HS384/HS512 keyed with the attached certificate (PEM, DER, public key PEM)", async () => {
    const cert = testPki().tokenSigner;
    const secrets: (string | Uint8Array)[] = [cert.pem, cert.der, createPublicKey(cert.key).export({ type: "spki", format: "pem" }) as string];
    for (const alg of ["HS256", "HS384", "HS512"]) {
      for (const secret of secrets) {
        const token = signRaw(JSON.stringify({ ...headerOf(), alg }), payloadText(), alg, typeof secret === "string" ? Buffer.from(secret) : secret);
        expectRefused(await verifyToken(token), "failed", "SIG_CRYPTO_FAILURE", /not an asymmetric signature/);
      }
    }
  });

  it("a crit header, even on a genuinely signed token", async () => {
    for (const crit of [["exp"], ["b64"], [], "x"]) {
      const token = signRaw(JSON.stringify({ ...headerOf(), crit, exp: 1 }), payloadText(), "RS256", brokerKey());
      expectRefused(await verifyToken(token), "failed", "FORMAT_FAILURE");
    }
  });

  it("b64: false (unencoded payload), with and without crit", async () => {
    for (const extra of [{ b64: false, crit: ["b64"] }, { b64: false }]) {
      const token = signRaw(JSON.stringify({ ...headerOf(), ...extra }), payloadText(), "RS256", brokerKey());
      expectRefused(await verifyToken(token), "failed", "FORMAT_FAILURE", /b64: false/);
    }
  });

  it("jwk / x5c / jku / x5u naming the attacker's key are never used: the attacker's signature fails", async () => {
    const a = attacker();
    const jwk = createPublicKey(a.key).export({ format: "jwk" });
    const smuggling = [
      { jwk },
      { x5c: [Buffer.from(a.der).toString("base64")] },
      { jku: "https://attacker.example/jwks.json" },
      { x5u: "https://attacker.example/cert.pem" },
    ];
    for (const extra of [...smuggling, Object.assign({}, ...smuggling) as Record<string, unknown>]) {
      const token = signRaw(JSON.stringify({ ...headerOf(), ...extra }), payloadText(), "RS256", a.key);
      expectRefused(await verifyToken(token), "failed", "SIG_CRYPTO_FAILURE", /does not verify with the key of/);
    }
  });

  it("the attacker's own certificate and kid in the evidence: the signature verifies, but the certificate is untrusted", async () => {
    const a = attacker();
    const { createHash } = await import("node:crypto");
    const kid = createHash("sha1").update(a.der).digest("hex").toUpperCase();
    const token = signRaw(JSON.stringify({ ...headerOf(), kid, x5c: [Buffer.from(a.der).toString("base64")] }), payloadText(), "RS256", a.key);
    const r = await verifyToken(token, { pem: a.pem });
    expect(check(r, "token-certificate").status).not.toBe("passed");
    expect(r.indication).not.toBe("TOTAL-PASSED");
  });

  it("key headers on a genuinely signed token are reported as ignored (the attached certificate decides)", async () => {
    const a = attacker();
    const token = signRaw(
      JSON.stringify({ ...headerOf(), jwk: createPublicKey(a.key).export({ format: "jwk" }), x5u: "https://attacker.example/c.pem" }),
      payloadText(),
      "RS256",
      brokerKey(),
    );
    const r = await verifyToken(token);
    const c = check(r, "token-signature");
    expect(c.status).toBe("warning");
    expect(c.message).toMatch(/jwk, x5u parameter\(s\) were ignored/);
  });

  it("duplicate JSON keys in the header or the payload, even when genuinely signed", async () => {
    const h = JSON.stringify(headerOf());
    const dupHeader = `{"alg":"none",${h.slice(1)}`;
    expectRefused(await verifyToken(signRaw(dupHeader, payloadText(), "RS256", brokerKey())), "failed", "FORMAT_FAILURE", /"alg" twice/);
    const p = payloadText();
    const dupPayload = `{"workflow_title":"Forged",${p.slice(1)}`;
    expectRefused(await verifyToken(signRaw(h, dupPayload, "RS256", brokerKey())), "failed", "FORMAT_FAILURE", /twice/);
    // An escaped spelling of the same key is the same key.
    const escaped = `{"\\u0061lg":"RS256",${h.slice(1)}`;
    expectRefused(await verifyToken(signRaw(escaped, p, "RS256", brokerKey())), "failed", "FORMAT_FAILURE", /twice/);
  });

  it.each([
    ["an array", "[1,2]"],
    ["a string", '"x"'],
    ["a number", "42"],
    ["null", "null"],
    ["not JSON", "{bad"],
  ])("a payload that is %s", async (_, text) => {
    expectRefused(await verifyToken(signRaw(JSON.stringify(headerOf()), text, "RS256", brokerKey())), "failed", "FORMAT_FAILURE");
  });

  it("a header that is not a JSON object", async () => {
    expectRefused(await verifyToken(signRaw('["RS256"]', payloadText(), "RS256", brokerKey())), "failed", "FORMAT_FAILURE");
  });

  it("a JWE (5 segments), 2 or 4 segments, an empty signature, characters outside base64url", async () => {
    const [h, p, s] = parts(genuine.endpointToken.jwt);
    for (const t of [`${h}.${p}.${s}.x.y`, `${h}.${p}`, `${h}.${p}.${s}.`, `${h}.${p}.`, `${h}.${p}.${s.slice(0, -2)}+/`, `${h}=.${p}.${s}`]) {
      const r = await verifyToken(t);
      expect(["failed", "indeterminate"]).toContain(check(r, "token-signature").status);
      expect(r.indication).not.toBe("TOTAL-PASSED");
    }
  });

  it("a signature segment re-encoded with non-zero unused bits (same bytes, other text) is refused (ES256)", async () => {
    const [h, p, s] = parts(genuineEs.endpointToken.jwt);
    expect((await verifyToken(genuineEs.endpointToken.jwt, { e: genuineEs })).indication).toBe("TOTAL-PASSED");
    // 64 signature bytes: the last of 86 characters carries 4 unused bits.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(s.at(-1)!);
    const twin = `${h}.${p}.${s.slice(0, -1)}${alphabet[last | 1]}`;
    expect(Buffer.from(twin.split(".")[2]!, "base64url")).toEqual(Buffer.from(s, "base64url"));
    expectRefused(await verifyToken(twin, { e: genuineEs }), "failed", "FORMAT_FAILURE", /canonical base64url/);
  });

  it("the same malleability is refused for ID tokens (RS256, 2048-bit: 4 unused bits)", async () => {
    const { createPublicKey } = await import("node:crypto");
    const { generateRsaKey } = await import("../../scripts/generator/keys.js");
    const privateKey = generateRsaKey(2048);
    const publicKey = createPublicKey(privateKey);
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: "https://test.netseidbroker.dk/op",
      nbf: now,
      iat: now,
      exp: now + 300,
      aud: "DK11111111",
      ct_claims: "{}",
      ct_id: "6f1c7a52-3b0e-4d7a-9c51-2e8f4a6b9d10",
      ct_sender: "DK22222222",
      ct_sender_traceId: "t",
    };
    const token = signRaw(JSON.stringify({ alg: "RS256", kid: "K1", typ: "JWT" }), JSON.stringify(payload), "RS256", privateKey);
    const keys = staticKeys({ keys: [{ ...publicKey.export({ format: "jwk" }), kid: "K1", use: "sig" }] });
    const opts = { issuer: "test", audience: "DK11111111", sender: "DK22222222", keys, replayStore: null } as const;
    expect((await verifyIdToken(token, opts)).indication).toBe("TOTAL-PASSED");
    const s = token.split(".")[2]!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const twin = `${token.slice(0, -1)}${alphabet[alphabet.indexOf(s.at(-1)!) | 1]}`;
    const r = await verifyIdToken(twin, opts);
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.checks.find((c) => c.id === "format")!.message).toMatch(/canonical base64url/);
  });
});
