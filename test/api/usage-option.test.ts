// Issue 37 part 7 (u10): every ERR_USAGE the library throws for a caller's option names that option
// (SealcheckError.option, errors.d.ts), so that a program can tell which of its options was wrong.
import { describe, expect, it } from "vitest";
import { SealcheckError, createSession, loadKeysFile, verifyArchive, verifyIdToken } from "../../src/index.js";

async function optionOf(f: () => unknown): Promise<{ option: string | undefined; message: string }> {
  let e: unknown;
  try {
    await f();
  } catch (x) {
    e = x;
  }
  expect(e).toBeInstanceOf(SealcheckError);
  expect((e as SealcheckError).code).toBe("ERR_USAGE");
  return { option: (e as SealcheckError).option, message: (e as Error).message };
}

describe("library usage errors carry their option", () => {
  it("limits: an unknown limit and a limit that is not a positive integer", async () => {
    expect((await optionOf(() => createSession({ limits: { maxFoo: 1 } as never }))).option).toBe("limits");
    expect((await optionOf(() => createSession({ limits: { maxEvidenceBytes: "4G" as never } }))).option).toBe("limits.maxEvidenceBytes");
  });

  it("duration options: ocspWindowSeconds, clockSkewSeconds", async () => {
    expect((await optionOf(() => verifyArchive({ evidence: "samples/valid/archive.pdf", trust: ["samples/trust"], ocspWindowSeconds: -5 }))).option).toBe(
      "ocspWindowSeconds",
    );
    expect((await optionOf(() => createSession({ clockSkewSeconds: Number.NaN }))).option).toBe("clockSkewSeconds");
  });

  it("verifyIdToken: a missing audience is said to be missing, not 'undefined'; issuer, sender, algorithms, keys, clock tolerance", async () => {
    const keys = loadKeysFile("samples/receiver/jwks.json");
    const token = "a.b.c";
    const missing = await optionOf(() => verifyIdToken(token, { issuer: "test", keys } as never));
    expect(missing).toMatchObject({ option: "audience", message: expect.stringMatching(/^audience: required/) });
    expect(missing.message).not.toContain("undefined");
    expect((await optionOf(() => verifyIdToken(token, { issuer: "not a url", audience: "DK11111111", keys }))).option).toBe("issuer");
    expect((await optionOf(() => verifyIdToken(token, { issuer: "test", audience: "DK11111111", sender: "x", keys }))).option).toBe("sender");
    expect((await optionOf(() => verifyIdToken(token, { issuer: "test", audience: "DK11111111", algorithms: [], keys }))).option).toBe("algorithms");
    expect((await optionOf(() => verifyIdToken(token, { issuer: "test", audience: "DK11111111" } as never))).option).toBe("keys");
    expect((await optionOf(() => verifyIdToken(token, { issuer: "test", audience: "DK11111111", keys, clockToleranceSec: -1 }))).option).toBe(
      "clockToleranceSec",
    );
  });
});

describe("report texts a library user reads name the library's options beside the flags", () => {
  it("no path to an anchor: 'the trust anchors given (--trust, …; the library's trust and trustFor)'", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", trust: ["samples/trust/tsa-root.pem"] });
    const messages = r.checks.map((c) => c.message).join("\n");
    expect(messages).toMatch(
      /is not among the trust anchors given \(--trust, or the role's --trust-token, --trust-seal, --trust-tsa; the library's trust and trustFor\)/,
    );
    expect(messages).not.toMatch(/not among the --trust anchors/);
  });
});
