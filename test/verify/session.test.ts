// Verification sessions for library users: one session's trust, options, limits and caches shared across
// verifyArchive calls; verdict options given beside a session are refused; the default process session
// can be cleared; --limit reaches the certificate and OID limits through the session.
import { describe, expect, it } from "vitest";
import { clearDefaultSession, createSession } from "../../src/index.js";
import { VerificationSession } from "../../src/api/internal.js";
import { verifyArchive, verifyArchiveWithToken } from "../../src/verify/archive.js";

const trust = ["samples/trust"];

describe("verification sessions", () => {
  it("a session's trust and options apply to every archive verified with it; clear() keeps them and drops the caches", async () => {
    const session = createSession({ trust, ocspWindowSeconds: 120, at: "2026-01-15T12:00:00Z" });
    expect(session).toBeInstanceOf(VerificationSession);
    const a = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], session });
    expect(a.indication).toBe("TOTAL-PASSED");
    expect(a.verification?.options.ocspWindowSeconds).toBe(120);
    expect(session.pki.caches.names().length).toBeGreaterThan(3);
    session.clear();
    expect(session.pki.caches.names()).toEqual([]);
    const b = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], session });
    expect(b).toEqual(a);
    // Without anchors the same archive is not TOTAL-PASSED: the session's trust is what was used.
    expect((await verifyArchive({ evidence: "samples/valid/archive.pdf", session: createSession() })).indication).not.toBe("TOTAL-PASSED");
  });

  it("verdict options beside a session are a usage error naming them; a session not made by createSession too", async () => {
    const session = createSession({ trust });
    await expect(verifyArchive({ evidence: "samples/valid/archive.pdf", session, trust })).rejects.toThrow(/trust: given with a session/);
    await expect(verifyArchive({ evidence: "samples/valid/archive.pdf", session, at: "2025-01-01T00:00:00Z", limits: {} })).rejects.toMatchObject({
      code: "ERR_USAGE",
      option: "at",
      message: expect.stringMatching(/^at: given with a session, whose own options apply; give it and limits to createSession/),
    });
    await expect(verifyArchive({ evidence: "samples/valid/archive.pdf", session: { pki: session.pki } as unknown as VerificationSession })).rejects.toThrow(
      /made by createSession/,
    );
  });

  it("verifyArchiveWithToken takes a session: the cross-check is a stage of the same run, with the session's trust (it threw 'trustStore: given with a session')", async () => {
    const session = createSession({ trust });
    const r = await verifyArchiveWithToken({
      evidence: "samples/valid/archive.pdf",
      originals: ["samples/valid/originals"],
      session,
      crossCheckToken: "samples/valid/workflowtoken.json",
    });
    expect([r.indication, r.checks.find((c) => c.id === "token-cross-check")?.status]).toEqual(["TOTAL-PASSED", "passed"]);
    // The session's trust is what the --token copy was verified with: without anchors its own chain is not found.
    const bare = await verifyArchive({ evidence: "samples/valid/archive.pdf", session: createSession(), crossCheckToken: "samples/valid/workflowtoken.json" });
    expect(bare.checks.find((c) => c.id === "token-cross-check")?.status).toBe("indeterminate");
  });

  it("the session holds the policy in its normal form: defaults filled, empties dropped, whichever way it was spelt", () => {
    const cli = createSession({
      trust,
      certs: [],
      ocspWindowSeconds: 300,
      clockSkewSeconds: 60,
      tokenSignerOrganizations: [],
      sealSigners: [],
      trustFor: { token: [], seal: [], tsa: [] },
      allowExtraOriginals: false,
      showPersonalData: false,
      limits: {},
    });
    const library = createSession({ trust });
    expect(cli.policy).toEqual(library.policy);
    expect(library.policy).toEqual({
      trust,
      ocspWindowSeconds: 300,
      clockSkewSeconds: 60,
      tokenAlgorithms: ["RS256", "PS256", "ES256", "ES384", "ES512"],
      tokenSignerOrganizations: ["NTRDK-29915938"],
    });
    expect(createSession({ at: "2025-12-08T09:36:35+01:00", limits: { maxOidBytes: 64, maxJsonDepth: 64 } }).policy).toMatchObject({
      at: "2025-12-08T08:36:35.000Z",
      limits: { maxOidBytes: 64 },
    });
  });

  it("createSession refuses unusable options at once, as verifyArchive does", () => {
    expect(() => createSession({ at: "yesterday-ish" })).toThrow(/yesterday-ish/);
    expect(() => createSession({ limits: { maxOidBytes: 0 } })).toThrow(/maxOidBytes/);
    expect(() => createSession({ trust: ["samples/no-such-dir"] })).toThrow(/no such file/);
  });

  it("without a session the default process session is used, and clearDefaultSession() empties it", async () => {
    const at = "2026-01-15T12:00:00Z";
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", trust, at });
    expect(r.indication).toBe("TOTAL-PASSED");
    clearDefaultSession();
    expect(await verifyArchive({ evidence: "samples/valid/archive.pdf", trust, at })).toEqual(r);
  });

  it("--limit maxOidBytes governs every decode: the seal's (a verdict naming the limit) and the trust store's (a usage error)", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", limits: { maxOidBytes: 4 } });
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(JSON.stringify(r.checks)).toMatch(/limit maxOidBytes/);
    const s = await verifyArchive({ evidence: "samples/valid/archive.pdf", session: createSession({ limits: { maxOidBytes: 4 } }) });
    const failing = (x: typeof r) => x.checks.filter((c) => c.status === "failed").map((c) => [c.id, c.message]);
    expect(failing(s)).toEqual(failing(r));
    expect(s.verification?.options.limits).toEqual({ maxOidBytes: 4 });
    expect(() => createSession({ trust, limits: { maxOidBytes: 4 } })).toThrow(/seal-root\.pem.*maxOidBytes/);
  });
});
