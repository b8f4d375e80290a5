// sealcheck dev-token: test-only keys and tokens. Made and verified through the built CLI (and the library for
// replay, which needs a store), they let a receiver try replay, rotation and expiry; they are refused with the
// broker's keys or discovery, and the dev keys verify nothing else.
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import * as jose from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiscoveryKeyProvider, MemoryReplayStore, loadKeysFile, verifyIdToken, type IdTokenReport } from "../../src/index.js";
import { DEV_ISSUER, devIssuer, makeDevKeys, readDevKeys, signDevToken } from "../../src/api/dev-token.js";
import { staticKeys } from "../../src/index.js";
import { runCli } from "../helpers/cli.js";
import { tempDir } from "../helpers/fixtures.js";
import { serveBroker, startServer, type TestServer } from "./helpers.js";

const AUD = "DK12345678";
let dir: string;
let srv: TestServer;

beforeAll(async () => {
  dir = join(tempDir("sealcheck-dev-"), "keys");
  srv = await startServer();
  const made = runCli(["dev-token", "keys", dir]);
  expect(made.code, made.stderr).toBe(0);
});
afterAll(async () => {
  await srv.close();
});

function sign(...args: string[]): string {
  const r = runCli(["dev-token", "sign", dir, "--audience", AUD, ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
}
const verify = (token: string, ...args: string[]) =>
  runCli(["verify-id-token", token, "--issuer", "sealcheck-dev", "--audience", AUD, "--jwks", join(dir, "jwks-1.json"), "--json", ...args]);
const report = (r: { stdout: string }) => JSON.parse(r.stdout) as IdTokenReport;
const check = (r: IdTokenReport, id: string) => r.checks.find((c) => c.id === id)!;
const claims = (t: string) => jose.decodeJwt(t);

describe("sealcheck dev-token", () => {
  it("keys: private keys (0600) and two snapshots, each marked test-only; an existing set is kept without --force", () => {
    const priv = JSON.parse(readFileSync(join(dir, "private-keys.json"), "utf8")) as Record<string, unknown> & { keys: { kid: string; d?: string }[] };
    expect(statSync(join(dir, "private-keys.json")).mode & 0o777).toBe(0o600);
    expect(priv["sealcheck-dev-keys"]).toMatch(/^TEST ONLY/);
    expect(priv.keys.map((k) => [k.kid, typeof k.d])).toEqual([
      ["sealcheck-dev-key-1", "string"],
      ["sealcheck-dev-key-2", "string"],
    ]);
    for (const [f, kid] of [
      ["jwks-1.json", "sealcheck-dev-key-1"],
      ["jwks-2.json", "sealcheck-dev-key-2"],
    ] as const) {
      const set = JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown> & { keys: Record<string, unknown>[] };
      expect(set).toMatchObject({ "sealcheck-dev-keys": expect.stringMatching(/^TEST ONLY/), issuer: DEV_ISSUER });
      expect(set.keys.map((k) => [k.kid, "d" in k])).toEqual([[kid, false]]);
    }
    const before = readFileSync(join(dir, "private-keys.json"), "utf8");
    const again = runCli(["dev-token", "keys", dir]);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/private-keys\.json, .*jwks-1\.json, .*jwks-2\.json: already there .*overwrite it/);
    expect(readFileSync(join(dir, "private-keys.json"), "utf8")).toBe(before);
  });

  it("sign: the chosen aud, sender, iat, exp, ct_id and claims, marked in the header and a claim, issued under .test", () => {
    const t = sign(
      "--sender",
      "DK87654321",
      "--iat",
      "2026-01-01 10:00:00z",
      "--exp",
      "2026-01-01T10:10:00Z",
      "--ct-id",
      "case-1",
      "--claims",
      '{"name":"A B"}',
    );
    expect(jose.decodeProtectedHeader(t)).toEqual({ alg: "RS256", kid: "sealcheck-dev-key-1", typ: "JWT", "sealcheck-dev-token": true });
    expect(claims(t)).toMatchObject({
      iss: "https://broker.sealcheck-dev.test/op",
      aud: AUD,
      ct_sender: "DK87654321",
      iat: Date.parse("2026-01-01T10:00:00Z") / 1000,
      nbf: Date.parse("2026-01-01T10:00:00Z") / 1000,
      exp: Date.parse("2026-01-01T10:10:00Z") / 1000,
      ct_id: "case-1",
      ct_claims: '{"name":"A B"}',
      sealcheck_dev_token: expect.stringMatching(/^TEST ONLY/),
    });
    // Defaults: now, 300 s, a random ct_id.
    const d = claims(sign());
    expect(d.exp! - d.iat!).toBe(300);
    expect(Math.abs(d.iat! - Date.now() / 1000)).toBeLessThan(60);
    expect(d.ct_id).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of [
      ["--key", "3"],
      ["--claims", "[1]"],
      ["--iat", "2026-01-01"],
      ["--audience", "12345678"],
    ]) {
      const r = runCli(["dev-token", "sign", dir, "--audience", AUD, ...bad]);
      expect(r.code, bad.join(" ")).toBe(3);
      expect(r.stderr).not.toMatch(/--at/);
    }
    expect(runCli(["dev-token", "sign", join(dir, "nowhere"), "--audience", AUD]).stderr).toMatch(/nowhere\/private-keys\.json.*(not|no such)/i);
  });

  it("verify-id-token accepts a dev token only with the dev key set, and says TEST ONLY", () => {
    const r = verify(sign());
    expect(r.code, r.stderr).toBe(0);
    expect(report(r).indication).toBe("TOTAL-PASSED");
    expect(check(report(r), "issuer")).toMatchObject({ status: "warning", message: expect.stringMatching(/^TEST ONLY: a sealcheck dev token/) });
    const human = runCli(["verify-id-token", sign(), "--issuer", "sealcheck-dev", "--audience", AUD, "--jwks", join(dir, "jwks-1.json")]);
    expect(human.stdout).toMatch(/\[warn\] issuer +TEST ONLY/);
    // Its first line says so too (u10: `| head -1` saw a bare TOTAL-PASSED).
    expect(human.stdout.split("\n")[0]).toBe("TOTAL-PASSED (TEST ONLY: a sealcheck dev token, never evidence of a transfer)");
  });

  it("u10's repro: a masked is_over_18 does not tell true from false; MitID Erhverv's and NemLog-in's ids are masked", () => {
    const masked = (claims: Record<string, string>) => report(verify(sign("--claims", JSON.stringify(claims)))).transfer!;
    expect(masked({ "mitid.is_over_18": "true" }).claims).toEqual(masked({ "mitid.is_over_18": "false" }).claims);
    const ids = masked({ "nemlogin.persistent_professional_id": "urn:uuid:8f1c2b7e-1111", nl3Uuid: "8f1c2b7e-2222", loa: "Substantial" });
    expect(ids.claims).toEqual({ "nemlogin.persistent_professional_id": "••••••••", nl3Uuid: "••••••••", loa: "Substantial" });
    expect(ids.maskedClaims).toEqual(["nemlogin.persistent_professional_id", "nl3Uuid"]);
  });

  it("refused with the broker's keys: another key set, even under the dev issuer, is TOTAL-FAILED by the issuer check", () => {
    const r = runCli(["verify-id-token", sign(), "--issuer", "sealcheck-dev", "--audience", "DK12345678", "--jwks", "samples/receiver/jwks.json", "--json"]);
    expect(r.code).toBe(1);
    expect(report(r)).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", decidedBy: ["issuer"] });
    expect(check(report(r), "issuer").message).toMatch(/is a sealcheck dev token .*accepted only with the dev key set given explicitly/);
  });

  it("the dev key set verifies dev tokens only: with a broker issuer its keys are not the issuer's", () => {
    const r = runCli(["verify-id-token", sign(), "--issuer", "test", "--audience", AUD, "--jwks", join(dir, "jwks-1.json"), "--json"]);
    expect(r.code).toBe(1);
    expect(check(report(r), "signature")).toMatchObject({
      status: "indeterminate",
      message: "The key set belongs to issuer https://broker.sealcheck-dev.test/op, not to the expected https://test.netseidbroker.dk/op.",
    });
    expect(check(report(r), "issuer").status).toBe("failed");
  });

  it("discovery never accepts one, even when the JWKS it serves carries the dev mark and the token names that issuer", async () => {
    const set = JSON.parse(readFileSync(join(dir, "jwks-1.json"), "utf8")) as Record<string, unknown>;
    serveBroker(srv, set);
    const priv = JSON.parse(readFileSync(join(dir, "private-keys.json"), "utf8")) as { keys: jose.JWK[] };
    const key = await jose.importJWK(priv.keys[0]!, "RS256");
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...claims(sign()), iss: srv.issuer, iat: now, nbf: now, exp: now + 300 };
    const token = await new jose.SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid: "sealcheck-dev-key-1", typ: "JWT", "sealcheck-dev-token": true })
      .sign(key);
    const r = await verifyIdToken(token, { issuer: srv.issuer, audience: AUD, keys: new DiscoveryKeyProvider(srv.issuer), replayStore: null });
    expect(check(r, "signature").status).toBe("passed");
    expect(r).toMatchObject({ indication: "TOTAL-FAILED", decidedBy: ["issuer"] });
  });

  it("rotation: a key-2 token verifies with jwks-2.json, not jwks-1.json; a key-1 token not with jwks-2.json", () => {
    const two = sign("--key", "2");
    const r1 = verify(two);
    expect(r1.code).toBe(2);
    expect(report(r1)).toMatchObject({ indication: "INDETERMINATE", subIndication: "NO_SIGNING_CERTIFICATE_FOUND", decidedBy: ["signature"] });
    expect(verify(two, "--jwks", join(dir, "jwks-2.json")).code).toBe(0);
    expect(report(verify(sign(), "--jwks", join(dir, "jwks-2.json")))).toMatchObject({ indication: "INDETERMINATE", decidedBy: ["signature"] });
  });

  it("expiry: an old token is EXPIRED now, and passes at a time inside its lifetime (--at)", () => {
    const old = sign("--iat", "2026-01-01T10:00:00Z");
    const now = verify(old);
    expect(now.code).toBe(1);
    expect(report(now)).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "EXPIRED", decidedBy: ["lifetime"] });
    expect(verify(old, "--at", "2026-01-01T10:02:00Z").code).toBe(0);
  });

  it("replay (library, one store): the second presentation of a ct_id is TOTAL-FAILED by the replay check", async () => {
    const token = sign("--ct-id", "replayed-1");
    const o = { issuer: "sealcheck-dev", audience: AUD, keys: loadKeysFile(join(dir, "jwks-1.json")), replayStore: new MemoryReplayStore() };
    expect((await verifyIdToken(token, o)).indication).toBe("TOTAL-PASSED");
    expect(await verifyIdToken(token, o)).toMatchObject({ indication: "TOTAL-FAILED", subIndication: "FORMAT_FAILURE", decidedBy: ["replay"] });
  });

  it("the library entry (sealcheck/dev-token) is what the CLI uses: the same marks, one issuer rule for both", async () => {
    // The CLI's key set, read by the library; a token the library signs with it verifies as the CLI's do.
    const keys = readDevKeys(dir);
    const token = await signDevToken(keys, { audience: AUD, transferId: "lib-1" });
    expect(report(verify(token)).indication).toBe("TOTAL-PASSED");
    expect(jose.decodeProtectedHeader(token)).toMatchObject({ "sealcheck-dev-token": true });
    // In memory, no files: two snapshots for rotation.
    const mem = makeDevKeys();
    const r = await verifyIdToken(await signDevToken(mem.privateJwks, { audience: AUD, key: 2 }), {
      issuer: "sealcheck-dev",
      audience: AUD,
      keys: staticKeys(mem.snapshots[1]),
      replayStore: null,
    });
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(check(r, "issuer")).toMatchObject({ status: "warning", message: expect.stringMatching(/^TEST ONLY/) });
    // One rule: a dev token never claims a real issuer, in the library and on the command line.
    expect(devIssuer()).toBe(DEV_ISSUER);
    expect(devIssuer(DEV_ISSUER)).toBe(DEV_ISSUER);
    for (const issuer of ["production", "preproduction", "test", "https://netseidbroker.dk/op", "https://example.com/op"]) {
      await expect(signDevToken(keys, { audience: AUD, issuer })).rejects.toMatchObject({
        code: "ERR_USAGE",
        option: "issuer",
        message: expect.stringMatching(/^issuer: ".*" is not the dev issuer/),
      });
      const cli = runCli(["dev-token", "sign", dir, "--audience", AUD, "--issuer", issuer]);
      expect(cli.code, issuer).toBe(3);
      expect(cli.stdout).toBe("");
      expect(cli.stderr).toMatch(/^sealcheck: --issuer: ".*" is not the dev issuer/);
    }
    // Only a dev key set signs, and a folder without one is named.
    await expect(signDevToken({ keys: [] }, { audience: AUD })).rejects.toThrow(/not a sealcheck dev key set/);
    expect(() => readDevKeys(join(dir, "nowhere"))).toThrow(/no dev key set here/);
  });
});

describe("rsaKeyPair (dev-token's keys)", () => {
  // Node 20 deadlocked exporting a JWK from a key that key generation returned when a collection freed the
  // generation job during the export (gdb: ExportJWKRsaKey -> GC -> ~KeyGenJob -> the key's mutex). With a 1 MB
  // young generation that pattern hung 4 runs of 4 (400 pairs of 1024 bits); the keys rsaKeyPair returns are
  // decoded from the job's encoding and must never hang.
  it("exports JWKs under constant collections without a deadlock", () => {
    const script = `import { rsaKeyPair } from ${JSON.stringify(new URL("../../src/idtoken/dev-token.ts", import.meta.url).pathname)};
for (let i = 0; i < 400; i++) { const p = rsaKeyPair(1024); p.privateKey.export({ format: "jwk" }); p.publicKey.export({ format: "jwk" }); }
console.log("done");`;
    const r = spawnSync(process.execPath, ["--import", "tsx", "--max-semi-space-size=1", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(r.error, r.stderr).toBeUndefined();
    expect(r.stdout.trim()).toBe("done");
  }, 150_000);
});
