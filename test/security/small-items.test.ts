// Issue 15 item 6: the smaller items. Tokens are never echoed; evidence is classified by its first
// non-whitespace byte; only regular files are opened as evidence (FIFOs: exit 3, never a hang); a remote
// non-JWKS is named as such; the refetch cooldown and every duration option are range-checked.
import { execFile, execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyEvidence, readBounded } from "../../src/input/evidence-file.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { DiscoveryKeyProvider } from "../../src/index.js";
import { verifyArchive } from "../../src/index.js";
import { loadTrustStore } from "../../src/index.js";
import { tempDir, trustDirectory } from "../helpers/fixtures.js";
import { AUDIENCE, jwksOf, makeKey, publicJwk, serveBroker, startServer, type TestServer } from "../idtoken/helpers.js";
import { wholeSource } from "../../src/input/source.js";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
function cli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["dist/cli/main.js", ...args], { env: { ...process.env, NO_COLOR: "1" }, timeout: 30_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 99) : 0, stdout, stderr });
    });
  });
}

let dir: string;
let srv: TestServer;
beforeAll(async () => {
  dir = tempDir("small-items-");
  srv = await startServer();
});
afterAll(() => srv.close());

describe("tokens are never echoed", () => {
  it("a token argument that is neither a file nor a compact JWS: its text is not on stderr", async () => {
    const secret = "Bearer-abc.def-Jens-Hansen-0101801234";
    const jwks = join(dir, "jwks.json");
    writeFileSync(jwks, JSON.stringify(jwksOf(publicJwk(await makeKey()))));
    for (const arg of [secret, `ey${secret}`]) {
      const r = await cli(["verify-id-token", arg, "--issuer", "test", "--audience", AUDIENCE, "--jwks", jwks]);
      expect(r.code).toBe(3);
      expect(r.stderr).not.toContain("Jens");
      expect(r.stderr).not.toContain("0101801234");
      expect(r.stderr).toMatch(/token argument \(\d+ characters, not shown\)/);
    }
  });
});

describe("evidence is classified by its first non-whitespace byte", () => {
  it("a JSON evidence file holding %PDF- in its first KiB is JSON, not a PDF", () => {
    const json = JSON.stringify({ workflowToken: "%PDF-1.7 not a pdf", ocspResponse: "", publicSigningCertPem: "" });
    expect(classifyEvidence("e.json", wholeSource(new TextEncoder().encode(json)), DEFAULT_LIMITS).format).toBe("workflow-token-json");
    expect(classifyEvidence("e.json", wholeSource(new TextEncoder().encode(`\n \t${json}`)), DEFAULT_LIMITS).format).toBe("workflow-token-json");
    expect(classifyEvidence("e.pdf", wholeSource(new TextEncoder().encode("\r\n%PDF-1.7\n")), DEFAULT_LIMITS).format).toBe("pades-pdf");
    // Junk before the header is not a PDF: the broker's files start with %PDF-.
    expect(() => classifyEvidence("e.pdf", wholeSource(new TextEncoder().encode("junk%PDF-1.7\n")), DEFAULT_LIMITS)).toThrow(/neither a PDF nor/);
  });

  it("verify: such a JSON gets the JSON's verdict (the attachments named), not a PDF parse error", async () => {
    const file = join(dir, "pdf-in-json.json");
    writeFileSync(file, JSON.stringify({ workflowToken: "%PDF-1.7", ocspResponse: "x", publicSigningCertPem: "y" }));
    const r = await verifyArchive({ evidence: file, trust: [trustDirectory()] });
    expect(r.evidence.format).toBe("workflow-token-json");
    expect(r.indication).toBe("TOTAL-FAILED");
  });
});

describe("only regular files are opened as evidence", () => {
  it("a FIFO as evidence, token, --trust or --jwks: exit 3 naming it, at once", async () => {
    const fifo = join(dir, "evidence.fifo");
    execFileSync("mkfifo", [fifo]);
    expect(() => readBounded(fifo, 1024)).toThrow(/not a regular file/);
    expect(() => loadTrustStore([fifo])).toThrow(/not a regular file or directory/);
    for (const args of [
      ["verify", fifo, "--trust", trustDirectory()],
      ["verify", join(dir, "x.json"), "--trust", fifo],
      ["inspect", fifo],
      ["verify-id-token", fifo, "--issuer", "test", "--audience", AUDIENCE, "--jwks", fifo],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr).toContain("evidence.fifo");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});

describe("jwks save: a remote document that is no JWKS", () => {
  it("is exit 3 naming the JWKS URL, not an internal error; nothing is written", async () => {
    serveBroker(srv, { keys: "not an array" });
    const out = join(dir, "snapshot.json");
    const r = await cli(["jwks", "save", "--issuer", srv.issuer, "--out", out]);
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain("internal error");
    expect(r.stderr).toContain("/.well-known/openid-configuration/jwks");
    expect(r.stderr).toContain("not a JWKS");
    const key = await makeKey();
    serveBroker(srv, jwksOf(publicJwk(key)));
    expect((await cli(["jwks", "save", "--issuer", srv.issuer, "--out", out])).code).toBe(0);
  });
});

describe("options are range-checked where they are read", () => {
  it("refetchCooldownSec negative, NaN or infinite is a usage error (it would switch the refetch protection off)", () => {
    for (const v of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
      expect(() => new DiscoveryKeyProvider("test", { refetchCooldownSec: v }), String(v)).toThrow(/refetchCooldownSec/);
      expect(() => new DiscoveryKeyProvider("test", { cacheMaxAgeSec: v }), String(v)).toThrow(/cacheMaxAgeSec/);
    }
    expect(() => new DiscoveryKeyProvider("test", { refetchCooldownSec: 60 })).not.toThrow();
    // A timeout beyond what a Node timer holds would fire after 1 ms.
    expect(() => new DiscoveryKeyProvider("test", { timeoutMs: 2 ** 31 })).toThrow(/timeout/);
  });

  it("50 bogus kids cause one refetch per cooldown, not 50", async () => {
    const key = await makeKey();
    serveBroker(srv, jwksOf(publicJwk(key)));
    srv.hits.clear();
    let now = 1_000_000;
    const p = new DiscoveryKeyProvider(srv.issuer, { refetchCooldownSec: 60, now: () => now });
    await p.current();
    for (let i = 0; i < 50; i++) {
      await p.refresh();
      now += 100;
    }
    expect(srv.hits.get("/op/.well-known/openid-configuration/jwks")).toBeLessThanOrEqual(2);
  });

  it("verify: --ocsp-window / --clock-skew beyond range are exit 3", async () => {
    const r = await cli(["verify", "samples/valid/archive.pdf", "--trust", trustDirectory(), "--clock-skew", "99999999999999"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("clockSkewSeconds");
  });
});
