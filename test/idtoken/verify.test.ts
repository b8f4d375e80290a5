// verifyIdToken with offline keys: every check passes and fails, and the hostile tokens are refused.
import { beforeAll, describe, expect, it } from "vitest";
import { SealcheckError, createSession } from "../../src/index.js";
import {
  MemoryReplayStore,
  ReplayStoreError,
  staticKeys,
  verifyIdToken,
  type IdTokenReport,
  type KeyProvider,
  type VerifyIdTokenOptions,
} from "../../src/index.js";
import { AUDIENCE, ISSUER, SENDER, encJwk, jwksOf, makeKey, mint, publicJwk, signRaw, transferPayload, type TestKey } from "./helpers.js";

let A: TestKey; // the broker's signing key
let B: TestKey; // another RSA key (an attacker's, or a rotated one)
let E: TestKey; // the broker's encryption key
let EC: TestKey;
let keys: KeyProvider;

beforeAll(async () => {
  [A, B, E, EC] = await Promise.all([makeKey(), makeKey("RS256", "Attacker"), makeKey("RS256", "Test Broker Encryption"), makeKey("ES256")]);
  keys = staticKeys(jwksOf(publicJwk(A), encJwk(E)));
});

const opts = (extra: Partial<VerifyIdTokenOptions> = {}): VerifyIdTokenOptions => ({
  issuer: ISSUER,
  audience: AUDIENCE,
  sender: SENDER,
  keys,
  replayStore: null,
  ...extra,
});

const check = (r: IdTokenReport, id: string) => {
  const c = r.checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};

function expectVerdict(r: IdTokenReport, indication: string, sub: string | null, decidedBy?: string) {
  expect({ indication: r.indication, subIndication: r.subIndication }).toEqual({ indication, subIndication: sub });
  if (decidedBy) expect(r.decidedBy).toContain(decidedBy);
  if (indication !== "TOTAL-PASSED") expect(r.transfer).toBeNull();
}

describe("a genuine transfer ID token", () => {
  it("passes every check and returns the transfer", async () => {
    const payload = transferPayload();
    const r = await verifyIdToken(mint(A, payload), opts());
    expectVerdict(r, "TOTAL-PASSED", null);
    expect(r.kind).toBe("id-token");
    expect(r.checks.map((c) => [c.id, c.status])).toEqual([
      ["format", "passed"],
      ["signature", "passed"],
      ["issuer", "passed"],
      ["audience", "passed"],
      ["sender", "passed"],
      ["lifetime", "passed"],
      ["claims", "passed"],
      ["replay", "skipped"],
    ]);
    expect(r.header).toEqual({ alg: "RS256", kid: A.kid, typ: "JWT" });
    expect(r.transfer).toMatchObject({
      id: payload.ct_id,
      sender: SENDER,
      traceId: "trace-42",
      audience: AUDIENCE,
      issuer: ISSUER,
      claims: { name: "Jens Hansen", cpr: "0101801234" },
    });
    expect(r.validationTimeSource).toBe("current-time");
    expect(check(r, "lifetime")).toMatchObject({ timeSource: "current-time" });
    expect(check(r, "signature")).toMatchObject({ timeSource: "current-time" });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r); // JSON-safe
  });

  it("has no sub, and none is required", async () => {
    const r = await verifyIdToken(mint(A), opts());
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("accepts a broker environment name as the issuer", async () => {
    expect((await verifyIdToken(mint(A), opts({ issuer: "test" }))).indication).toBe("TOTAL-PASSED");
    expect((await verifyIdToken(mint(A), opts({ issuer: "production" }))).indication).toBe("TOTAL-FAILED");
  });
});

describe("format", () => {
  const sig = (h: string, p: string) => signRaw(h, p, A.privateKey, "RS256");
  const header = () => JSON.stringify({ alg: "RS256", kid: A.kid, typ: "JWT" });

  it.each([
    ["not three parts", "abc.def"],
    ["a JWE", "a.b.c.d.e"],
    ["not base64url", "ey!!.ey.sig"],
  ])("refuses %s", async (_name, token) => {
    const r = await verifyIdToken(token, opts());
    expectVerdict(r, "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    expect(r.checks.filter((c) => c.id !== "format").every((c) => c.status === "skipped")).toBe(true);
    expect(r.header).toBeNull();
  });

  it("refuses a payload that is not a JSON object", async () => {
    for (const p of ['["a"]', '"text"', "42", "not json"]) {
      expectVerdict(await verifyIdToken(sig(header(), p), opts()), "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    }
  });

  it("refuses duplicate keys in the header and in the payload", async () => {
    const dupHeader = `{"alg":"RS256","kid":"${A.kid}","alg":"none"}`;
    const r1 = await verifyIdToken(sig(dupHeader, JSON.stringify(transferPayload())), opts());
    expectVerdict(r1, "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    expect(check(r1, "format").message).toMatch(/"alg" twice/);
    const p = JSON.stringify(transferPayload({ aud: "DK99999999" }));
    const dupPayload = `${p.slice(0, -1)},"aud":"${AUDIENCE}"}`;
    const r2 = await verifyIdToken(sig(header(), dupPayload), opts());
    expectVerdict(r2, "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    expect(check(r2, "format").message).toMatch(/"aud" twice/);
  });

  it("refuses b64: false and crit", async () => {
    const r1 = await verifyIdToken(mint(A, {}, { b64: false, crit: ["b64"] }), opts());
    expectVerdict(r1, "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    const r2 = await verifyIdToken(mint(A, {}, { crit: ["exp"], exp: 1 }), opts());
    expectVerdict(r2, "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    expect(check(r2, "format").message).toMatch(/crit/);
  });

  it("refuses a header without alg or with a non-string kid", async () => {
    expectVerdict(await verifyIdToken(mint(A, {}, { alg: undefined }), opts()), "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    expectVerdict(await verifyIdToken(sig(`{"alg":"RS256","kid":42}`, JSON.stringify(transferPayload())), opts()), "TOTAL-FAILED", "FORMAT_FAILURE", "format");
  });

  it("refuses tokens over maxJwtBytes and JSON over maxJsonBytes", async () => {
    const token = mint(A);
    const r1 = await verifyIdToken(token, opts({ limits: { maxJwtBytes: token.length - 1 } }));
    expectVerdict(r1, "TOTAL-FAILED", "FORMAT_FAILURE", "format");
    expect(check(r1, "format").message).toMatch(/limit/);
    expect((await verifyIdToken(token, opts({ limits: { maxJwtBytes: token.length } }))).indication).toBe("TOTAL-PASSED");
    const r2 = await verifyIdToken(token, opts({ limits: { maxJsonBytes: 100 } }));
    expectVerdict(r2, "TOTAL-FAILED", "FORMAT_FAILURE", "format");
  });
});

describe("signature", () => {
  it("fails on a signature by another key", async () => {
    const r = await verifyIdToken(mint({ ...B, kid: A.kid }), opts());
    expectVerdict(r, "TOTAL-FAILED", "SIG_CRYPTO_FAILURE", "signature");
    expect(check(r, "signature").message).toMatch(/does not verify/);
  });

  it("fails on an altered payload", async () => {
    const [h, , s] = mint(A).split(".");
    const forged = Buffer.from(JSON.stringify(transferPayload({ ct_sender: "DK33333333" }))).toString("base64url");
    expectVerdict(await verifyIdToken(`${h}.${forged}.${s}`, opts({ sender: undefined })), "TOTAL-FAILED", "SIG_CRYPTO_FAILURE", "signature");
  });

  it("refuses alg none", async () => {
    const token = signRaw(JSON.stringify({ alg: "none", kid: A.kid }), JSON.stringify(transferPayload()), Buffer.alloc(0), "none");
    const r = await verifyIdToken(token, opts());
    expectVerdict(r, "TOTAL-FAILED", "SIG_CRYPTO_FAILURE", "signature");
  });

  it("refuses HS256 keyed with the broker's public key (algorithm confusion)", async () => {
    for (const secret of [A.publicKey.export({ type: "spki", format: "pem" }) as string, JSON.stringify(publicJwk(A))]) {
      const token = signRaw(JSON.stringify({ alg: "HS256", kid: A.kid, typ: "JWT" }), JSON.stringify(transferPayload()), Buffer.from(secret), "HS256");
      expectVerdict(await verifyIdToken(token, opts()), "TOTAL-FAILED", "SIG_CRYPTO_FAILURE", "signature");
    }
  });

  it("never lets the caller allow none or HMAC", async () => {
    for (const alg of ["HS256", "none"]) {
      await expect(verifyIdToken(mint(A), opts({ algorithms: [alg as "RS256"] }))).rejects.toMatchObject({ code: "ERR_USAGE" });
    }
    await expect(verifyIdToken(mint(A), opts({ algorithms: [] }))).rejects.toBeInstanceOf(SealcheckError);
  });

  it("PS256 is INDETERMINATE unless allowed, then passes with the same key (no alg in the JWK)", async () => {
    const token = mint(A, {}, { alg: "PS256" });
    expectVerdict(await verifyIdToken(token, opts()), "INDETERMINATE", "CRYPTO_CONSTRAINTS_FAILURE", "signature");
    expect((await verifyIdToken(token, opts({ algorithms: ["RS256", "PS256"] }))).indication).toBe("TOTAL-PASSED");
  });

  it("uses an EC key without alg for ES256 when allowed", async () => {
    const r = await verifyIdToken(mint(EC), opts({ keys: staticKeys(jwksOf(publicJwk(EC))), algorithms: ["ES256"] }));
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("an unknown kid is INDETERMINATE/NO_SIGNING_CERTIFICATE_FOUND", async () => {
    const r = await verifyIdToken(mint(B), opts());
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
    expect(check(r, "signature").message).toContain(B.kid);
  });

  it("never verifies with the encryption key (use: enc), even when the kid names it", async () => {
    const r = await verifyIdToken(mint({ ...E, kid: `${E.kid}-ENC` }), opts());
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
    expect(check(r, "signature").message).toMatch(/use is "enc"/);
  });

  it("a key set's own words are quoted, never spoken: a use with U+202E is escaped in the message", async () => {
    const r = await verifyIdToken(mint(A), opts({ keys: staticKeys(jwksOf(publicJwk(A, { use: "enc\u202Egis" }))) }));
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
    expect(check(r, "signature").message).toContain('use is "enc\\u{202E}gis", not "sig"');
  });

  it("no usable key at all is INDETERMINATE", async () => {
    const r = await verifyIdToken(mint(A), opts({ keys: staticKeys(jwksOf(encJwk(E))) }));
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
  });

  it("ignores keys smuggled in jwk / jku / x5u / x5c headers", async () => {
    const smuggled = { jwk: publicJwk(B), jku: "https://attacker.example/jwks", x5u: "https://attacker.example/cert", x5c: [B.certB64] };
    // The attacker's own kid: not in the broker's set, so no key at all.
    expectVerdict(await verifyIdToken(mint(B, {}, smuggled), opts()), "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
    // The broker's kid: verified with the broker's key, which did not sign it.
    expectVerdict(await verifyIdToken(mint({ ...B, kid: A.kid }, {}, smuggled), opts()), "TOTAL-FAILED", "SIG_CRYPTO_FAILURE", "signature");
    // No kid and an embedded key: still only the broker's key is tried.
    expectVerdict(await verifyIdToken(mint(B, {}, { ...smuggled, kid: undefined }), opts()), "TOTAL-FAILED", "SIG_CRYPTO_FAILURE", "signature");
  });

  it("a genuine token with an x5c header passes, with the header reported as ignored", async () => {
    const r = await verifyIdToken(mint(A, {}, { x5c: [A.certB64] }), opts());
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "signature")).toMatchObject({ status: "warning", details: { ignoredHeaders: ["x5c"] } });
  });

  it("without kid: one matching key is used; several are reported as ambiguous", async () => {
    expect((await verifyIdToken(mint(A, {}, { kid: undefined }), opts())).indication).toBe("TOTAL-PASSED");
    const r = await verifyIdToken(mint(A, {}, { kid: undefined }), opts({ keys: staticKeys(jwksOf(publicJwk(A), publicJwk(B))) }));
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
    expect(check(r, "signature").message).toMatch(/no kid and 2 keys could have signed it/);
  });
});

describe("JWKS loader", () => {
  it("reads a 2022-style set: alg RS256 + x5t on the signing key, an XML-Encryption alg on the encryption key", async () => {
    const x5t = "abc";
    const set = jwksOf(encJwk(E, { alg: "http://www.w3.org/2001/04/xmlenc#rsa-oaep" }), publicJwk(A, { alg: "RS256", x5t }));
    const r = await verifyIdToken(mint(A), opts({ keys: staticKeys(set) }));
    expect(r.indication).toBe("TOTAL-PASSED");
    const source = check(r, "signature").details!.keySource as { skippedKeys: { reason: string }[] };
    expect(source.skippedKeys).toHaveLength(1);
  });

  it("passes over unknown kty, symmetric keys, foreign alg URIs and private keys", async () => {
    const set = jwksOf(
      { kty: "oct", k: "c2VjcmV0", kid: "sym" },
      { kty: "FOO", kid: "foo" },
      { ...publicJwk(B), kid: "xml", use: undefined, alg: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256" },
      { ...(B.privateKey.export({ format: "jwk" }) as object), kid: "priv" },
      "not an object" as unknown as Record<string, unknown>,
      publicJwk(A),
    );
    const provider = staticKeys(set);
    const ks = await provider.current();
    expect(ks.keys.map((k) => k.kid)).toEqual([A.kid]);
    expect(ks.skipped.map((s) => s.kid)).toEqual(["sym", "foo", "xml", "priv", null]);
    expect((await verifyIdToken(mint(A), opts({ keys: provider }))).indication).toBe("TOTAL-PASSED");
  });

  it("a key given only by its x5c certificate is used", async () => {
    const r = await verifyIdToken(mint(A), opts({ keys: staticKeys(jwksOf({ kty: "RSA", kid: A.kid, x5c: [A.certB64] })) }));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect((check(r, "signature").details!.key as { certificate: { sha1: string } }).certificate.sha1).toBe(A.kid);
  });

  it("a key whose x5c certificate holds another key is not used", async () => {
    const r = await verifyIdToken(mint(A), opts({ keys: staticKeys(jwksOf(publicJwk(A, { x5c: [B.certB64] }))) }));
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
    expect(check(r, "signature").message).toMatch(/different key/);
  });

  it("a key declared for RS256 does not verify PS256", async () => {
    const r = await verifyIdToken(mint(A, {}, { alg: "PS256" }), opts({ keys: staticKeys(jwksOf(publicJwk(A, { alg: "RS256" }))), algorithms: ["PS256"] }));
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
  });

  it("refuses a set with more than maxJwksKeys keys, and something that is no JWKS", () => {
    expect(() => staticKeys(jwksOf(publicJwk(A), publicJwk(B)), { limits: { maxJwksKeys: 1 } })).toThrow(/limit of 1/);
    expect(() => staticKeys({ foo: 1 })).toThrow(SealcheckError);
  });

  it("a snapshot's discovery issuer must be the expected issuer", async () => {
    const snapshot = { discovery: { issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` }, jwks: jwksOf(publicJwk(A)), retrievedAt: "2026-01-01T00:00:00.000Z" };
    expect((await verifyIdToken(mint(A), opts({ keys: staticKeys(snapshot) }))).indication).toBe("TOTAL-PASSED");
    const other = { ...snapshot, discovery: { ...snapshot.discovery, issuer: "https://pp.netseidbroker.dk/op" } };
    const r = await verifyIdToken(mint(A), opts({ keys: staticKeys(other) }));
    expectVerdict(r, "INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND", "signature");
    expect(check(r, "signature").message).toMatch(/belongs to issuer https:\/\/pp/);
  });
});

describe("issuer, audience, sender", () => {
  it("issuer: exact match only", async () => {
    for (const iss of ["https://pp.netseidbroker.dk/op", `${ISSUER}/`, "https://TEST.netseidbroker.dk/op", undefined]) {
      const r = await verifyIdToken(mint(A, { iss }), opts());
      expectVerdict(r, "TOTAL-FAILED", "FORMAT_FAILURE", "issuer");
      expect(check(r, "issuer").status).toBe("failed");
    }
  });

  it("audience: the receiver as a string or a one-receiver array", async () => {
    expect((await verifyIdToken(mint(A, { aud: [AUDIENCE] }), opts())).indication).toBe("TOTAL-PASSED");
    for (const aud of ["DK99999999", [AUDIENCE, "DK99999999"], [], undefined, "my-client-id"]) {
      const r = await verifyIdToken(mint(A, { aud }), opts());
      expectVerdict(r, "TOTAL-FAILED", "FORMAT_FAILURE", "audience");
    }
  });

  it("sender: compared when given, one of several allowed", async () => {
    expectVerdict(await verifyIdToken(mint(A, { ct_sender: "DK33333333" }), opts()), "TOTAL-FAILED", "FORMAT_FAILURE", "sender");
    expect((await verifyIdToken(mint(A), opts({ sender: ["DK33333333", SENDER] }))).indication).toBe("TOTAL-PASSED");
    expectVerdict(await verifyIdToken(mint(A, { ct_sender: "22222222" }), opts({ sender: undefined })), "TOTAL-FAILED", "FORMAT_FAILURE", "sender");
    expectVerdict(await verifyIdToken(mint(A, { ct_sender: undefined }), opts()), "TOTAL-FAILED", "FORMAT_FAILURE", "sender");
  });

  it("sender: without an expected sender it is reported as a warning, not compared", async () => {
    const r = await verifyIdToken(mint(A), opts({ sender: undefined }));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "sender")).toMatchObject({ status: "warning" });
    expect(r.transfer?.sender).toBe(SENDER);
  });

  it("the caller's audience and sender must look like DK + CVR", async () => {
    await expect(verifyIdToken(mint(A), opts({ audience: "11111111" }))).rejects.toMatchObject({ code: "ERR_USAGE" });
    await expect(verifyIdToken(mint(A), opts({ sender: "acme" }))).rejects.toMatchObject({ code: "ERR_USAGE" });
    await expect(verifyIdToken(mint(A), opts({ issuer: "staging" }))).rejects.toMatchObject({ code: "ERR_USAGE" });
  });
});

describe("lifetime", () => {
  const now = Math.floor(Date.now() / 1000);

  it("expired beyond the tolerance is EXPIRED; within it passes", async () => {
    const r = await verifyIdToken(mint(A, { iat: now - 400, nbf: now - 400, exp: now - 100 }), opts());
    expectVerdict(r, "TOTAL-FAILED", "EXPIRED", "lifetime");
    expect((await verifyIdToken(mint(A, { iat: now - 330, nbf: now - 330, exp: now - 30 }), opts())).indication).toBe("TOTAL-PASSED");
    expectVerdict(
      await verifyIdToken(mint(A, { iat: now - 330, nbf: now - 330, exp: now - 30 }), opts({ clockToleranceSec: 0 })),
      "TOTAL-FAILED",
      "EXPIRED",
      "lifetime",
    );
  });

  it("nbf or iat in the future is NOT_YET_VALID", async () => {
    expectVerdict(await verifyIdToken(mint(A, { nbf: now + 200, iat: now, exp: now + 500 }), opts()), "TOTAL-FAILED", "NOT_YET_VALID", "lifetime");
    const r = await verifyIdToken(mint(A, { nbf: now, iat: now + 200, exp: now + 500 }), opts());
    expectVerdict(r, "TOTAL-FAILED", "NOT_YET_VALID", "lifetime");
    expect(check(r, "lifetime").message).toMatch(/issued at/);
    expect((await verifyIdToken(mint(A, { nbf: now + 30, iat: now + 30, exp: now + 330 }), opts())).indication).toBe("TOTAL-PASSED");
  });

  it("a maximum age limits how old iat may be", async () => {
    const token = mint(A, { iat: now - 200, nbf: now - 200, exp: now + 100 });
    expect((await verifyIdToken(token, opts({ maxAgeSec: 180 }))).indication).toBe("TOTAL-PASSED"); // 200 <= 180 + 60
    const r = await verifyIdToken(token, opts({ maxAgeSec: 100 }));
    expectVerdict(r, "TOTAL-FAILED", "EXPIRED", "lifetime");
    expect(check(r, "lifetime").message).toMatch(/maximum age of 100 s/);
  });

  it("missing or non-numeric times are FORMAT_FAILURE", async () => {
    for (const p of [{ exp: undefined }, { iat: undefined }, { exp: "9999999999" }, { nbf: "now" }]) {
      expectVerdict(await verifyIdToken(mint(A, p), opts()), "TOTAL-FAILED", "FORMAT_FAILURE", "lifetime");
    }
  });

  it("an old token verifies at an explicit time, recorded as at-option", async () => {
    const iat = Date.parse("2024-03-01T12:00:00Z") / 1000;
    const token = mint(A, { iat, nbf: iat, exp: iat + 300 });
    expectVerdict(await verifyIdToken(token, opts()), "TOTAL-FAILED", "EXPIRED", "lifetime");
    const r = await verifyIdToken(token, opts({ at: new Date("2024-03-01T12:02:00Z") }));
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.validationTime).toBe("2024-03-01T12:02:00.000Z");
    expect(check(r, "lifetime")).toMatchObject({ judgedAt: "2024-03-01T12:02:00.000Z", timeSource: "at-option" });
  });
});

describe("claims", () => {
  it.each([
    ["ct_claims not JSON", { ct_claims: "{name" }],
    ["ct_claims an array", { ct_claims: "[]" }],
    ["ct_claims an object, not a string", { ct_claims: { name: "x" } }],
    ["ct_claims with a number value", { ct_claims: JSON.stringify({ age: 42 }) }],
    ["ct_claims with duplicate names", { ct_claims: '{"name":"a","name":"b"}' }],
    ["ct_claims missing", { ct_claims: undefined }],
    ["ct_id missing", { ct_id: undefined }],
    ["ct_id empty", { ct_id: "" }],
    ["ct_sender_traceId missing", { ct_sender_traceId: undefined }],
  ])("fails with %s", async (_name, p) => {
    const r = await verifyIdToken(mint(A, p), opts());
    expectVerdict(r, "TOTAL-FAILED", "FORMAT_FAILURE", "claims");
  });

  it("typ: absent, JWT or application/jwt pass; any other type fails", async () => {
    for (const typ of [undefined, "JWT", "application/jwt"]) expect((await verifyIdToken(mint(A, {}, { typ }), opts())).indication).toBe("TOTAL-PASSED");
    expectVerdict(await verifyIdToken(mint(A, {}, { typ: "logout+jwt" }), opts()), "TOTAL-FAILED", "FORMAT_FAILURE", "claims");
  });

  it("an empty claim set passes", async () => {
    const r = await verifyIdToken(mint(A, { ct_claims: "{}" }), opts());
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.transfer?.claims).toEqual({});
  });

  it("does not put claim values in messages", async () => {
    const r = await verifyIdToken(mint(A), opts());
    expect(JSON.stringify(r.checks)).not.toContain("0101801234");
  });

  it("an access token signed by the broker key is not a transfer ID token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const at = { iss: ISSUER, iat: now, nbf: now, exp: now + 3600, scope: "neb_api", client_id: "abc", sub: "abc", jti: "1" };
    const token = signRaw(JSON.stringify({ alg: "RS256", kid: A.kid, typ: "at+jwt" }), JSON.stringify(at), A.privateKey, "RS256");
    const r = await verifyIdToken(token, opts());
    expectVerdict(r, "TOTAL-FAILED", "FORMAT_FAILURE", "claims");
    expect(r.decidedBy).toEqual(expect.arrayContaining(["audience", "claims"]));
    expect(check(r, "signature").status).toBe("passed");
    expect(check(r, "claims").message).toMatch(/at\+jwt/);
  });

  it("a CIBA ID token (aud = client id, no ct_*) is not a transfer ID token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const ciba = { iss: ISSUER, iat: now, nbf: now, exp: now + 300, aud: "0a775a87-878c-4b83-abe3-ee29c720c3e7", sub: "user", auth_time: now };
    const token = signRaw(JSON.stringify({ alg: "RS256", kid: A.kid, typ: "JWT" }), JSON.stringify(ciba), A.privateKey, "RS256");
    const r = await verifyIdToken(token, opts());
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.decidedBy).toEqual(expect.arrayContaining(["audience", "claims", "sender"]));
    expect(check(r, "signature").status).toBe("passed");
  });
});

describe("replay", () => {
  it("a second presentation of the same ct_id fails", async () => {
    const store = new MemoryReplayStore();
    const token = mint(A);
    const first = await verifyIdToken(token, opts({ replayStore: store }));
    expect(first.indication).toBe("TOTAL-PASSED");
    expect(check(first, "replay").status).toBe("passed");
    const second = await verifyIdToken(token, opts({ replayStore: store }));
    expectVerdict(second, "TOTAL-FAILED", "FORMAT_FAILURE", "replay");
    expect(second.decidedBy).toEqual(["replay"]);
    expect(check(second, "replay").message).toMatch(/already presented/);
  });

  it("another token with the same ct_id is a replay too", async () => {
    const store = new MemoryReplayStore();
    const ct_id = "6a0e1f0c-0000-4000-8000-000000000001";
    expect((await verifyIdToken(mint(A, { ct_id }), opts({ replayStore: store }))).indication).toBe("TOTAL-PASSED");
    expectVerdict(
      await verifyIdToken(mint(A, { ct_id, ct_sender_traceId: "other" }), opts({ replayStore: store })),
      "TOTAL-FAILED",
      "FORMAT_FAILURE",
      "replay",
    );
  });

  it("a forged token does not burn the ct_id of the genuine one", async () => {
    const store = new MemoryReplayStore();
    const ct_id = "6a0e1f0c-0000-4000-8000-000000000002";
    const forged = await verifyIdToken(mint({ ...B, kid: A.kid }, { ct_id }), opts({ replayStore: store }));
    expect(check(forged, "replay").status).toBe("skipped");
    expect(store.size).toBe(0);
    expect((await verifyIdToken(mint(A, { ct_id }), opts({ replayStore: store }))).indication).toBe("TOTAL-PASSED");
  });

  it("is on by default, with one in-memory store per process", async () => {
    const token = mint(A);
    const o = opts();
    delete o.replayStore;
    expect((await verifyIdToken(token, o)).indication).toBe("TOTAL-PASSED");
    expectVerdict(await verifyIdToken(token, o), "TOTAL-FAILED", "FORMAT_FAILURE", "replay");
  });

  it("the in-memory store forgets ids after their expiry", async () => {
    let now = 1_000_000;
    const store = new MemoryReplayStore({ now: () => now });
    expect(await store.markUsed("x", new Date(now + 1000))).toBe(true);
    expect(await store.markUsed("x", new Date(now + 1000))).toBe(false);
    now += 1001;
    expect(await store.markUsed("x", new Date(now + 1000))).toBe(true);
  });

  it("a full or failing store makes the verdict INDETERMINATE/TRY_LATER, never passed", async () => {
    const full = new MemoryReplayStore({ maxEntries: 1 });
    await full.markUsed("other", new Date(Date.now() + 60_000));
    expectVerdict(await verifyIdToken(mint(A), opts({ replayStore: full })), "INDETERMINATE", "TRY_LATER", "replay");
    const broken = {
      markUsed: async () => {
        throw new ReplayStoreError("connection refused");
      },
    };
    const r = await verifyIdToken(mint(A), opts({ replayStore: broken }));
    expectVerdict(r, "INDETERMINATE", "TRY_LATER", "replay");
    expect(check(r, "replay").message).toMatch(/connection refused/);
  });

  it("is skipped when verifying at a given time", async () => {
    const r = await verifyIdToken(mint(A), opts({ replayStore: new MemoryReplayStore(), at: new Date() }));
    expect(check(r, "replay").status).toBe("skipped");
  });
});

describe("with a verification session", () => {
  it("takes the session's replay store, limits and validation time; the same given beside it is a usage error", async () => {
    const store = new MemoryReplayStore();
    const session = createSession({ replayStore: store });
    const { replayStore: _r, ...withoutStore } = opts();
    const token = mint(A);
    expect((await verifyIdToken(token, { ...withoutStore, session })).indication).toBe("TOTAL-PASSED");
    // The session's store remembers the transfer: a second presentation is a replay.
    expectVerdict(await verifyIdToken(token, { ...withoutStore, session }), "TOTAL-FAILED", "FORMAT_FAILURE", "replay");
    const at = createSession({ replayStore: null, at: new Date(Date.now() + 2 * 86_400_000) });
    expect(check(await verifyIdToken(mint(A), { ...withoutStore, session: at }), "lifetime").status).toBe("failed");
    await expect(verifyIdToken(token, { ...withoutStore, session, limits: {} })).rejects.toThrow(/^limits: given with a session/);
  });

  it("reads 'now' from the session's clock, not the system's (issue 36 part 7)", async () => {
    const { replayStore: _r, ...withoutStore } = opts();
    const t0 = Date.parse("2030-01-01T12:00:00Z") / 1000;
    const token = mint(A, { nbf: t0, iat: t0, exp: t0 + 300 });
    const clocked = createSession({ replayStore: null, clock: () => new Date((t0 + 60) * 1000) });
    const r = await verifyIdToken(token, { ...withoutStore, session: clocked });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(r.validationTime).toBe("2030-01-01T12:01:00.000Z");
    expect(r.validationTimeSource).toBe("current-time");
    // The same token judged by the system clock (before 2030) is not yet valid.
    expect(check(await verifyIdToken(token, { ...withoutStore, session: createSession({ replayStore: null }) }), "lifetime").status).toBe("failed");
  });
});
