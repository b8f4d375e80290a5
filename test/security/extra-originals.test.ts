// Issue 15 item 2: a supplied file that matches no document_N is TOTAL-FAILED/HASH_FAILURE naming the
// file (contract.md), unless --allow-extra-originals.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";
import { runCli } from "../helpers/cli.js";

function mixedFolder(): string {
  const dir = join(tempDir("extra-"), "originals");
  mkdirSync(dir);
  for (const f of readdirSync("samples/valid/originals")) copyFileSync(join("samples/valid/originals", f), join(dir, f));
  writeFileSync(join(dir, "Tillaeg-aldrig-underskrevet.pdf"), "%PDF-1.7\n% never signed\n%%EOF\n");
  return dir;
}

describe("document-digests: extra originals", () => {
  it("all documents matched plus one never-signed PDF → TOTAL-FAILED/HASH_FAILURE naming the file", async () => {
    const dir = mixedFolder();
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: [trustDirectory()] });
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.subIndication).toBe("HASH_FAILURE");
    expect(r.decidedBy).toEqual(["document-digests"]);
    const c = check(r, "document-digests");
    // Words name the file (quoted, a12 W10); details keep its full path.
    expect(c.message).toContain('"Tillaeg-aldrig-underskrevet.pdf" matches no document_N');
    expect(JSON.stringify(c.details?.extra)).toContain(join(dir, "Tillaeg-aldrig-underskrevet.pdf"));
    expect(c.message).toContain("--allow-extra-originals");
  });

  it("--allow-extra-originals makes it a warning (the file still named), and the verdict TOTAL-PASSED", async () => {
    const dir = mixedFolder();
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: [dir], trust: [trustDirectory()], allowExtraOriginals: true });
    const c = check(r, "document-digests");
    expect(c.status).toBe("warning");
    expect(c.message).toContain("Tillaeg-aldrig-underskrevet.pdf");
    expect(r.indication).toBe("TOTAL-PASSED");
  });

  it("the exact originals still pass", async () => {
    const r = await verifyArchive({ evidence: "samples/valid/archive.pdf", originals: ["samples/valid/originals"], trust: [trustDirectory()] });
    expect(check(r, "document-digests").status).toBe("passed");
  });
});

describe("verify-batch carries the options to its workers", () => {
  it("--allow-extra-originals, --seal-signer and per-role anchors reach every archive", async () => {
    const root = tempDir("batch-extra-");
    const mixed = mixedFolder();
    mkdirSync(join(root, "a", "originals"), { recursive: true });
    copyFileSync("samples/valid/archive.pdf", join(root, "a", "archive.pdf"));
    for (const f of readdirSync(mixed)) copyFileSync(join(mixed, f), join(root, "a", "originals", f));
    const run = (...extra: string[]): number | null => runCli(["verify-batch", root, "--workers", "1", "--no-progress", "--json", ...extra]).code;
    expect(run("--trust", trustDirectory())).toBe(1);
    expect(run("--trust", trustDirectory(), "--allow-extra-originals")).toBe(0);
    // Role anchors: the seal anchor given only for the token does not make the seal verify.
    const t = (f: string) => join("samples/trust", f);
    expect(
      run(
        "--allow-extra-originals",
        "--trust-token",
        t("token-root.pem"),
        "--trust-token",
        t("token-issuing-ca.pem"),
        "--trust-seal",
        t("seal-root.pem"),
        "--trust-tsa",
        t("tsa-root.pem"),
      ),
    ).toBe(0);
    expect(
      run(
        "--allow-extra-originals",
        "--trust-token",
        t("token-root.pem"),
        "--trust-token",
        t("token-issuing-ca.pem"),
        "--trust-token",
        t("seal-root.pem"),
        "--trust-tsa",
        t("tsa-root.pem"),
      ),
    ).toBe(2);
  });
});
