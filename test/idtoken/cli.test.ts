// The CLI as users run it (dist/cli/main.js, built by the global setup): exit codes, stdout, stderr.
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIENCE, ISSUER, SENDER, encJwk, jwksOf, makeKey, mint, publicJwk, serveBroker, startServer, type TestKey, type TestServer } from "./helpers.js";

const dir = join("test", ".tmp", `idtoken-cli-${process.pid}`);
let A: TestKey;
let B: TestKey;
let srv: TestServer;
const file = (name: string, content: string) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Asynchronous, so that the test's own HTTP server keeps answering while the CLI runs. */
async function cli(args: string[], stdin?: string): Promise<Run> {
  // Another test run in the same checkout may be rebuilding dist/ this very moment (the build starts by
  // deleting it): retry a few times when the bundle itself is missing, never for any other failure.
  for (let attempt = 0; ; attempt++) {
    const r = await cliOnce(args, stdin);
    if (attempt >= 5 || !/ERR_MODULE_NOT_FOUND|Cannot find module/.test(r.stderr)) return r;
    await new Promise((done) => setTimeout(done, 500));
  }
}

function cliOnce(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["dist/cli/main.js", ...args],
      { env: { ...process.env, NO_COLOR: "1" }, timeout: 30_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 99) : 0, stdout, stderr });
      },
    );
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

let jwksFile: string;
beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  [A, B, srv] = await Promise.all([makeKey(), makeKey(), startServer()]);
  jwksFile = file("jwks.json", JSON.stringify(jwksOf(publicJwk(A), encJwk(B))));
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => ["--issuer", "test", "--audience", AUDIENCE, "--sender", SENDER, "--jwks", jwksFile];

describe("sealcheck verify-id-token", () => {
  it("exit 0 and only the JSON report on stdout with --json", async () => {
    const r = await cli(["verify-id-token", file("ok.jwt", `${mint(A)}\n`), ...base(), "--json"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ kind: "id-token", indication: "TOTAL-PASSED", subIndication: null, validationTimeSource: "current-time" });
    expect(report.checks.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(["signature", "issuer", "audience", "sender", "lifetime", "claims"]));
    // Personal data masked by the archive report's rule (issue 37); --show-personal-data reveals it.
    expect(report.transfer.claims).toEqual({ name: "••••••••", cpr: "••••••••" });
    expect(report.transfer.maskedClaims).toEqual(["name", "cpr"]);
    const shown = await cli(["verify-id-token", file("ok.jwt", `${mint(A)}\n`), ...base(), "--json", "--show-personal-data"]);
    expect(JSON.parse(shown.stdout).transfer.claims).toEqual({ name: "Jens Hansen", cpr: "0101801234" });
  });

  it("human output: verdict first, claim values hidden unless --show-personal-data", async () => {
    const token = mint(A);
    const r = await cli(["verify-id-token", token, ...base()]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("TOTAL-PASSED");
    expect(r.stdout).toMatch(/\[ok\] +signature/);
    expect(r.stdout).toMatch(/cpr: \(hidden\)/);
    expect(r.stdout).not.toContain("0101801234");
    expect(r.stdout).not.toContain("Jens Hansen");
    const shown = await cli(["verify-id-token", token, ...base(), "--show-personal-data"]);
    expect(shown.stdout).toContain('cpr: "0101801234"');
  });

  it("reads the token from stdin with -", async () => {
    const r = await cli(["verify-id-token", "-", ...base(), "--json"], mint(A));
    expect(r.code).toBe(0);
  });

  it("exit 1 for TOTAL-FAILED, exit 2 for INDETERMINATE", async () => {
    const wrongAud = await cli(["verify-id-token", mint(A, { aud: "DK99999999" }), ...base(), "--json"]);
    expect(wrongAud.code).toBe(1);
    expect(JSON.parse(wrongAud.stdout)).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", decidedBy: ["audience"] });
    const unknownKid = await cli(["verify-id-token", mint(B), ...base(), "--json"]);
    expect(unknownKid.code).toBe(2);
    expect(JSON.parse(unknownKid.stdout)).toMatchObject({ indication: "INDETERMINATE", subIndication: "NO_SIGNING_CERTIFICATE_FOUND" });
    const human = await cli(["verify-id-token", mint(A, { ct_sender: "DK33333333" }), ...base()]);
    expect(human.code).toBe(1);
    expect(human.stdout.split("\n")[0]).toBe("TOTAL-FAILED / FORMAT_FAILURE");
    expect(human.stdout).toMatch(/Decided by: sender/);
  });

  it("--at verifies an old token; --max-age and --clock-tolerance apply", async () => {
    const iat = Date.parse("2024-03-01T12:00:00Z") / 1000;
    const token = mint(A, { iat, nbf: iat, exp: iat + 300 });
    expect((await cli(["verify-id-token", token, ...base()])).code).toBe(1);
    const r = await cli(["verify-id-token", token, ...base(), "--at", "2024-03-01T12:04:00Z", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ validationTime: "2024-03-01T12:04:00.000Z", validationTimeSource: "at-option" });
    expect((await cli(["verify-id-token", token, ...base(), "--at", "2024-03-01T12:04:00Z", "--max-age", "60"])).code).toBe(1);
    expect((await cli(["verify-id-token", token, ...base(), "--at", "2024-03-01T12:05:30Z"])).code).toBe(0);
    expect((await cli(["verify-id-token", token, ...base(), "--at", "2024-03-01T12:05:30Z", "--clock-tolerance", "0"])).code).toBe(1);
  });

  it.each([
    [
      "a missing token file",
      ["verify-id-token", "missing.jwt", "--issuer", "test", "--audience", AUDIENCE, "--jwks", "JWKS"],
      /the token argument \(11 characters, not shown\) is neither an existing file/,
    ],
    ["a missing JWKS file", ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", AUDIENCE, "--jwks", "nope.json"], /nope\.json: no such file/],
    [
      "a bad --at",
      ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", AUDIENCE, "--jwks", "JWKS", "--at", "yesterday"],
      /--at: "yesterday" is not an RFC 3339 date-time/,
    ],
    [
      "--jwks and --discovery",
      ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", AUDIENCE, "--jwks", "JWKS", "--discovery"],
      /either --jwks <file> or --discovery, not both/,
    ],
    ["neither --jwks nor --discovery", ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", AUDIENCE], /no keys: give --jwks/],
    ["no --audience", ["verify-id-token", "TOKEN", "--issuer", "test", "--jwks", "JWKS"], /--audience/],
    [
      "a bad audience",
      ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", "12345678", "--jwks", "JWKS"],
      /audience "12345678" is not "DK" followed by an 8-digit CVR/,
    ],
    [
      "an unknown environment",
      ["verify-id-token", "TOKEN", "--issuer", "staging", "--audience", AUDIENCE, "--jwks", "JWKS"],
      /issuer "staging" is neither a URL nor one of production, preproduction, test/,
    ],
    [
      "--alg HS256",
      ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", AUDIENCE, "--jwks", "JWKS", "--alg", "HS256"],
      /algorithm "HS256" cannot be allowed/,
    ],
    ["a bad --max-age", ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", AUDIENCE, "--jwks", "JWKS", "--max-age", "soon"], /max-age/],
    ["a file that is no JWKS", ["verify-id-token", "TOKEN", "--issuer", "test", "--audience", AUDIENCE, "--jwks", "NOTJWKS"], /expected a JWKS/],
  ])("exit 3 with one stderr line for %s", async (_name, args, message) => {
    const notJwks = file("not-jwks.json", '{"hello":"world"}');
    const resolved = (args as string[]).map((a) => (a === "TOKEN" ? mint(A) : a === "JWKS" ? jwksFile : a === "NOTJWKS" ? notJwks : a));
    const r = await cli(resolved);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")[0]).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});

describe("online keys and snapshots", () => {
  const online = () => ["--issuer", srv.issuer, "--audience", AUDIENCE, "--discovery", "--timeout", "2000"];

  it("--discovery fetches the keys from the issuer", async () => {
    serveBroker(srv, jwksOf(publicJwk(A)));
    const r = await cli(["verify-id-token", mint(A, { iss: srv.issuer }), ...online(), "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === "sender").status).toBe("warning");
  });

  it("a network failure during --discovery is INDETERMINATE/TRY_LATER (exit 2)", async () => {
    const down = await startServer();
    await down.close();
    const r = await cli(["verify-id-token", mint(A, { iss: down.issuer }), "--issuer", down.issuer, "--audience", AUDIENCE, "--discovery", "--json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ indication: "INDETERMINATE", subIndication: "TRY_LATER", decidedBy: ["signature"] });
  });

  it("jwks save writes a snapshot that later verifies an old token with --at, after rotation", async () => {
    serveBroker(srv, jwksOf(publicJwk(A), encJwk(B)));
    const out = join(dir, "snapshot.json");
    const saved = await cli(["jwks", "save", "--issuer", srv.issuer, "--out", out]);
    expect(saved.code).toBe(0);
    expect(saved.stderr).toMatch(new RegExp(`saved 1 signing key\\(s\\) \\(${A.kid}\\)`));
    serveBroker(srv, jwksOf(publicJwk(B)));
    const iat = Date.parse("2025-06-01T10:00:00Z") / 1000;
    const token = mint(A, { iss: srv.issuer, iat, nbf: iat, exp: iat + 300 });
    const args = ["verify-id-token", token, "--issuer", srv.issuer, "--audience", AUDIENCE, "--jwks", out];
    expect((await cli([...args, "--at", "2025-06-01T10:01:00Z"])).code).toBe(0);
    expect((await cli(args)).code).toBe(1);
    const shown = await cli(["jwks", "show", out]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`[sig]  ${A.kid}`);
    expect(shown.stdout).toMatch(/\[skip\].*use is "enc"/);
    // The snapshot names its issuer: it does not verify another issuer's tokens.
    const other = await cli(["verify-id-token", mint(A), "--issuer", ISSUER, "--audience", AUDIENCE, "--jwks", out, "--json"]);
    expect(other.code).toBe(2);
  });

  it("jwks save: a network failure or a wrong discovery issuer is exit 3 with a clear line", async () => {
    const down = await startServer();
    await down.close();
    const r = await cli(["jwks", "save", "--issuer", down.issuer, "--timeout", "2000"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^sealcheck: the discovery document .* could not be fetched/);
    serveBroker(srv, jwksOf(publicJwk(A)), "https://evil.example/op");
    const wrong = await cli(["jwks", "save", "--issuer", srv.issuer]);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/names issuer "https:\/\/evil\.example\/op"/);
  });
});
