// `sealcheck verify` as a process: exit codes, JSON on stdout only, one clear stderr line for bad input.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";
import { runCli as run } from "../helpers/cli.js";

describe("sealcheck verify (process)", () => {
  it("exit 0 and a JSON report with --json", async () => {
    const w = await writeTokenEvidence();
    // At the time the token claims: the JSON form has no proof of existence (attack36 J1).
    const r = run(["verify", w.json, w.originals, "--trust", trustDirectory(), "--at", "2025-12-08T08:36:35Z", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.indication).toBe("TOTAL-PASSED");
    expect(report.checks.map((c: { id: string }) => c.id)).toContain("ocsp-freshness");
  });

  it("human output: verdict first, every check listed, personal data masked", async () => {
    const w = await writeTokenEvidence();
    const r = run(["verify", w.json, w.originals, "--trust", trustDirectory(), "--at", "2025-12-08T08:36:35Z"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toContain("TOTAL-PASSED");
    expect(r.stdout).toContain("document-digests");
    expect(r.stdout).not.toMatch(/\u001b\[/);
    expect(r.stdout).toContain("--show-personal-data");
  });

  it("exit 1 on a tampered token, 2 without a trust anchor", async () => {
    const bad = await writeTokenEvidence({ tamperPayload: (p) => ({ ...p, workflow_title: "x" }) });
    expect(run(["verify", bad.json, "--trust", trustDirectory()]).code).toBe(1);
    const w = await writeTokenEvidence();
    const other = join(w.dir, "other.pem");
    const { testPki } = await import("../helpers/fixtures.js");
    writeFileSync(other, testPki().tsaRoot.pem);
    expect(run(["verify", w.json, "--trust", other]).code).toBe(2);
  });

  it("exit 3 with one stderr line for a missing file, bad --at, a PEM that is not a certificate", async () => {
    const w = await writeTokenEvidence();
    for (const args of [
      ["verify", "/nonexistent/archive.pdf", "--trust", trustDirectory()],
      ["verify", w.json, "/nonexistent/originals", "--trust", trustDirectory()],
      ["verify", w.json, "--trust", trustDirectory(), "--at", "yesterday"],
      ["verify", w.json, "--trust", "/nonexistent/roots"],
    ]) {
      const r = run(args);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
    }
    const notCert = join(w.dir, "not-a-cert.pem");
    writeFileSync(notCert, "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n");
    const r = run(["verify", w.json, "--trust", notCert]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("not-a-cert.pem");
  });

  it("random bytes, truncated JSON and a directory of non-PDFs: FORMAT_FAILURE or exit 3, never a stack trace", async () => {
    const dir = tempDir();
    const random = join(dir, "random.bin");
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    const r1 = run(["verify", random, "--trust", trustDirectory(), "--json"]);
    expect(r1.code).toBe(1);
    expect(JSON.parse(r1.stdout).subIndication).toBe("FORMAT_FAILURE");
    const w = await writeTokenEvidence();
    const truncated = join(dir, "truncated.json");
    writeFileSync(truncated, '{"workflowToken": "abc');
    const r2 = run(["verify", truncated, "--trust", trustDirectory()]);
    expect(r2.code).toBe(1);
    expect(r2.stdout).toContain("FORMAT_FAILURE");
    expect(r2.stdout).toContain("not valid JSON");
    const junk = join(dir, "junk");
    mkdirSync(junk);
    writeFileSync(join(junk, "a.txt"), "hello");
    const r3 = run(["verify", w.json, junk, "--trust", trustDirectory(), "--json"]);
    // Not one of the files is a document of this workflow: a wrong folder, named so (issue 37), not HASH_FAILURE.
    expect(r3.code).toBe(2);
    expect(JSON.parse(r3.stdout).subIndication).toBe("SIGNED_DATA_NOT_FOUND");
    for (const r of [r1, r2, r3]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
