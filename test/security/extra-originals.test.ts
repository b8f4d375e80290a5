// Issue 15 item 2: a supplied file that matches no document_N is TOTAL-FAILED/HASH_FAILURE naming the
// file (contract.md), unless --allow-extra-originals.
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/verify/archive.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";

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
    expect(c.message).toContain(join(dir, "Tillaeg-aldrig-underskrevet.pdf"));
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
