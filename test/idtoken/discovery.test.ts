// Online keys against a real HTTP server on 127.0.0.1: discovery → jwks_uri, cache, rotation with a
// refetch cooldown, and the ways a response can be refused (slow, oversized, wrong type, wrong issuer).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DiscoveryKeyProvider, fetchJwksSnapshot, staticKeys, verifyIdToken, type IdTokenReport, type KeyProvider } from "../../src/index.js";
import { KeySourceError } from "../../src/api/internal.js";
import { AUDIENCE, SENDER, encJwk, json, jwksOf, makeKey, mint, publicJwk, serveBroker, startServer, type TestKey, type TestServer } from "./helpers.js";

let srv: TestServer;
let A: TestKey;
let B: TestKey;
let E: TestKey;

beforeAll(async () => {
  [srv, A, B, E] = await Promise.all([startServer(), makeKey(), makeKey(), makeKey()]);
});
afterAll(async () => {
  await srv.close();
});
beforeEach(() => {
  srv.routes.clear();
  srv.hits.clear();
});

const DISCOVERY = "/op/.well-known/openid-configuration";
const JWKS = "/op/.well-known/openid-configuration/jwks";

function verify(token: string, keys: KeyProvider): Promise<IdTokenReport> {
  return verifyIdToken(token, { issuer: srv.issuer, audience: AUDIENCE, sender: SENDER, keys, replayStore: null });
}
const tokenBy = (k: TestKey, extra: Record<string, unknown> = {}) => mint(k, { iss: srv.issuer, ...extra });
const sig = (r: IdTokenReport) => r.checks.find((c) => c.id === "signature")!;

/** A provider on a hand-driven clock, so cache age and cooldown are decided by the test, not by timing. */
function provider(opts: { timeoutMs?: number; maxResponseBytes?: number } = {}) {
  const clock = { now: 1_000_000 };
  const p = new DiscoveryKeyProvider(srv.issuer, { timeoutMs: 5000, cacheMaxAgeSec: 600, refetchCooldownSec: 60, now: () => clock.now, ...opts });
  return { p, clock };
}

describe("discovery key provider", () => {
  it("fetches discovery then jwks_uri and verifies a token; the encryption key is passed over", async () => {
    serveBroker(srv, jwksOf(encJwk(E), publicJwk(A)));
    const { p } = provider();
    const r = await verify(tokenBy(A), p);
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(sig(r).details!.keySource).toMatchObject({
      source: "discovery",
      location: `${srv.issuer}/.well-known/openid-configuration/jwks`,
      issuer: srv.issuer,
    });
    expect([srv.hits.get(DISCOVERY), srv.hits.get(JWKS)]).toEqual([1, 1]);
  });

  it("caches the keys up to the maximum age; concurrent callers share one fetch", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)));
    const { p, clock } = provider();
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => verify(tokenBy(A), p)));
    expect(results.every((r) => r.indication === "TOTAL-PASSED")).toBe(true);
    clock.now += 599_000;
    await verify(tokenBy(A), p);
    expect(srv.hits.get(JWKS)).toBe(1);
    clock.now += 2_000;
    await verify(tokenBy(A), p);
    expect(srv.hits.get(JWKS)).toBe(2);
  });

  it("key rotation: a new kid triggers a refetch; a removed key stops verifying; refetches respect the cooldown", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)));
    const { p, clock } = provider();
    expect((await verify(tokenBy(A), p)).indication).toBe("TOTAL-PASSED");
    serveBroker(srv, jwksOf(publicJwk(B))); // rotation: B published, A withdrawn
    clock.now += 61_000;
    const rotated = await verify(tokenBy(B), p);
    expect(rotated.indication).toBe("TOTAL-PASSED");
    expect(sig(rotated).details!.refetched).toBe(true);
    expect(srv.hits.get(JWKS)).toBe(2);
    // The old key is gone from the fresh set; a refetch is not allowed again yet.
    const old = await verify(tokenBy(A), p);
    expect([old.indication, old.subIndication]).toEqual(["INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND"]);
    expect(srv.hits.get(JWKS)).toBe(2);
    clock.now += 61_000;
    const stillOld = await verify(tokenBy(A), p);
    expect(stillOld.indication).toBe("INDETERMINATE");
    expect(srv.hits.get(JWKS)).toBe(3);
  });

  it("unknown kids in a burst cause at most one refetch per cooldown", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)));
    const { p, clock } = provider();
    await verify(tokenBy(A), p);
    clock.now += 61_000;
    for (let i = 0; i < 5; i++) expect((await verify(tokenBy(B), p)).indication).toBe("INDETERMINATE");
    expect(srv.hits.get(JWKS)).toBe(2);
  });

  it("a discovery document naming another issuer is refused", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)), "https://test.netseidbroker.dk/op");
    const r = await verify(tokenBy(A), provider().p);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND"]);
    expect(sig(r).message).toMatch(/names issuer "https:\/\/test\.netseidbroker\.dk\/op", not the expected/);
    expect(srv.hits.get(JWKS)).toBeUndefined();
  });

  it("a slow server times out: INDETERMINATE/TRY_LATER", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)));
    srv.routes.set(JWKS, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"keys":[');
      setTimeout(() => res.end("]}"), 5000).unref(); // the body never completes in time
    });
    const r = await verify(tokenBy(A), provider({ timeoutMs: 200 }).p);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(sig(r).message).toMatch(/did not answer within 200 ms/);
    srv.routes.set(DISCOVERY, () => undefined); // never answers at all
    const r2 = await verify(tokenBy(A), provider({ timeoutMs: 200 }).p);
    expect(r2.subIndication).toBe("TRY_LATER");
  });

  it("oversized responses are refused, announced or streamed", async () => {
    const big = JSON.stringify({ keys: [publicJwk(A)], padding: "x".repeat(200_000) });
    serveBroker(srv, JSON.parse(big));
    const announced = await verify(tokenBy(A), provider({ maxResponseBytes: 64 * 1024 }).p);
    expect([announced.indication, announced.subIndication]).toEqual(["INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND"]);
    expect(sig(announced).message).toMatch(/limit of 65536/);
    srv.routes.set(JWKS, (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }); // chunked: no content-length
      for (let i = 0; i < 20; i++) res.write(i === 0 ? big.slice(0, 10_000) : big.slice(i * 10_000, (i + 1) * 10_000));
      res.end(big.slice(200_000));
    });
    const streamed = await verify(tokenBy(A), provider({ maxResponseBytes: 64 * 1024 }).p);
    expect(sig(streamed).message).toMatch(/sent more than the limit of 65536/);
    expect((await verify(tokenBy(A), provider({ maxResponseBytes: 1024 * 1024 }).p)).indication).toBe("TOTAL-PASSED");
  });

  it("a wrong content type is refused; application/jwk-set+json is accepted", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)));
    srv.routes.set(JWKS, json(jwksOf(publicJwk(A)), "text/html; charset=utf-8"));
    const r = await verify(tokenBy(A), provider().p);
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "NO_SIGNING_CERTIFICATE_FOUND"]);
    expect(sig(r).message).toMatch(/content type "text\/html; charset=utf-8", not JSON/);
    srv.routes.set(JWKS, json(jwksOf(publicJwk(A)), "application/jwk-set+json"));
    expect((await verify(tokenBy(A), provider().p)).indication).toBe("TOTAL-PASSED");
  });

  it("HTTP 5xx and refused connections are TRY_LATER; 404 and bad JSON are not", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)));
    srv.routes.set(JWKS, (_req, res) => {
      res.writeHead(503);
      res.end();
    });
    expect((await verify(tokenBy(A), provider().p)).subIndication).toBe("TRY_LATER");
    srv.routes.delete(JWKS);
    expect((await verify(tokenBy(A), provider().p)).subIndication).toBe("NO_SIGNING_CERTIFICATE_FOUND");
    srv.routes.set(JWKS, json(`{"keys":[],"keys":[${JSON.stringify(publicJwk(A))}]}`));
    const dup = await verify(tokenBy(A), provider().p);
    expect(dup.subIndication).toBe("NO_SIGNING_CERTIFICATE_FOUND");
    expect(sig(dup).message).toMatch(/twice/);
    const closed = await startServer();
    await closed.close();
    const r = await verifyIdToken(mint(A, { iss: closed.issuer }), {
      issuer: closed.issuer,
      audience: AUDIENCE,
      keys: new DiscoveryKeyProvider(closed.issuer, { timeoutMs: 2000 }),
      replayStore: null,
    });
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "TRY_LATER"]);
    expect(sig(r).message).toMatch(/could not be fetched/);
  });

  it("after a failure, the broker is not asked again until the cooldown ends", async () => {
    srv.routes.set(DISCOVERY, (_req, res) => {
      res.writeHead(500);
      res.end();
    });
    const { p, clock } = provider();
    await verify(tokenBy(A), p);
    await verify(tokenBy(A), p);
    expect(srv.hits.get(DISCOVERY)).toBe(1);
    serveBroker(srv, jwksOf(publicJwk(A)));
    clock.now += 61_000;
    expect((await verify(tokenBy(A), p)).indication).toBe("TOTAL-PASSED");
  });

  it("HTTPS only, except loopback: for the issuer, the jwks_uri and redirects", async () => {
    expect(() => new DiscoveryKeyProvider("http://example.com/op")).toThrow(KeySourceError);
    srv.routes.set(DISCOVERY, json({ issuer: srv.issuer, jwks_uri: "http://example.com/jwks" }));
    const r = await verify(tokenBy(A), provider().p);
    expect(sig(r).message).toMatch(/not an https URL/);
    srv.routes.set(DISCOVERY, (_req, res) => {
      res.writeHead(302, { location: "http://example.com/.well-known/openid-configuration" });
      res.end();
    });
    expect(sig(await verify(tokenBy(A), provider().p)).message).toMatch(/redirected.*not an https URL/);
    srv.routes.set(DISCOVERY, (_req, res) => {
      res.writeHead(302, { location: "/op/moved" });
      res.end();
    });
    srv.routes.set("/op/moved", json({ issuer: srv.issuer, jwks_uri: `${srv.issuer}/.well-known/openid-configuration/jwks` }));
    srv.routes.set(JWKS, json(jwksOf(publicJwk(A))));
    expect((await verify(tokenBy(A), provider().p)).indication).toBe("TOTAL-PASSED");
  });
});

describe("snapshots", () => {
  it("a saved snapshot verifies an old token after the keys rotated, at the given time", async () => {
    serveBroker(srv, jwksOf(publicJwk(A), encJwk(E, { alg: "http://www.w3.org/2001/04/xmlenc#rsa-oaep" })));
    const snapshot = await fetchJwksSnapshot(srv.issuer, { timeoutMs: 2000 });
    expect(snapshot).toMatchObject({ format: "sealcheck-jwks-snapshot/1", issuer: srv.issuer, jwksUri: `${srv.issuer}/.well-known/openid-configuration/jwks` });
    expect(Number.isNaN(Date.parse(snapshot.retrievedAt))).toBe(false);
    const iat = Date.parse("2025-06-01T10:00:00Z") / 1000;
    const old = tokenBy(A, { iat, nbf: iat, exp: iat + 300 });
    serveBroker(srv, jwksOf(publicJwk(B))); // rotated since
    const keys = staticKeys(JSON.parse(JSON.stringify(snapshot)));
    const r = await verifyIdToken(old, { issuer: srv.issuer, audience: AUDIENCE, keys, at: new Date("2025-06-01T10:01:00Z"), replayStore: null });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(sig(r).details!.keySource).toMatchObject({ retrievedAt: snapshot.retrievedAt, issuer: srv.issuer });
    const online = await verifyIdToken(old, {
      issuer: srv.issuer,
      audience: AUDIENCE,
      keys: provider().p,
      at: new Date("2025-06-01T10:01:00Z"),
      replayStore: null,
    });
    expect(online.indication).toBe("INDETERMINATE");
  });

  it("fetchJwksSnapshot throws KeySourceError when the issuer does not match", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)), `${srv.issuer}/`);
    await expect(fetchJwksSnapshot(srv.issuer, { timeoutMs: 2000 })).rejects.toMatchObject({ code: "ERR_NETWORK", transient: false });
  });
});
