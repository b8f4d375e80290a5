// Slips answered as slips: a user's mistake is one clear line (exit 3, or a SealcheckError in the library)
// or a warning in the report, never a verdict that reads like a forgery.
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SealcheckError, loadTrustStore, renderArchiveHtml, renderArchiveHuman, verifyArchive, verifyMany } from "../../src/index.js";
import { runCli as run } from "../helpers/cli.js";

const VALID = "samples/valid/archive.pdf";
const TRUST = ["--trust", "samples/trust"];

function oneLine(args: string[], pattern: RegExp): void {
  const r = run(args);
  expect(r.code, args.join(" ")).toBe(3);
  expect(r.stdout).toBe("");
  expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(pattern);
}

async function usageError(p: Promise<unknown> | (() => unknown), pattern: RegExp): Promise<void> {
  let caught: unknown;
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(SealcheckError);
  expect((caught as SealcheckError).code).toBe("ERR_USAGE");
  expect((caught as Error).message).toMatch(pattern);
}

describe("slips on the command line", () => {
  it("the archive's own folder, the evidence file or an endpoint JSON given as originals: exit 3 naming the folder to give", () => {
    oneLine(
      ["verify", VALID, "samples/valid", ...TRUST],
      /samples\/valid: this folder holds the evidence file archive\.pdf itself.*such as samples\/valid\/originals/,
    );
    oneLine(["verify", VALID, VALID, ...TRUST], /archive\.pdf: this is the evidence file itself, not an original/);
    oneLine(["verify", VALID, "samples/valid/workflowtoken.json", ...TRUST], /workflowtoken\.json: a JSON file among the originals/);
  });

  it("--at without a time of day or a zone, or a date that does not exist: exit 3 with an example", () => {
    oneLine(["verify", VALID, ...TRUST, "--at", "2025-12-08"], /"2025-12-08" is a date without a time of day and zone.*2025-12-08T00:00:00Z/);
    oneLine(["verify", VALID, ...TRUST, "--at", "2025-12-08T08:36:35"], /has no zone/);
    oneLine(["verify", VALID, ...TRUST, "--at", "2025-02-30T08:00:00Z"], /is not an RFC 3339 date-time: no such calendar date/);
    expect(run(["verify", VALID, "samples/valid/originals", ...TRUST, "--at", "2025-12-08T09:36:38+01:00", "--json"]).code).toBe(0);
  });
});

describe("slips in the library", () => {
  it("verifyArchive() without options, or with a string where a list of paths belongs", async () => {
    await usageError(verifyArchive(undefined as never), /verifyArchive: expected an options object, got nothing; for example verifyArchive\(\{ evidence/);
    await usageError(verifyArchive({} as never), /evidence: expected a path or \{ name, bytes \}/);
    await usageError(
      verifyArchive({ evidence: VALID, trust: "samples/trust" as never }),
      /trust: expected a list of paths, got the string "samples\/trust" \(write trust: \["samples\/trust"\]\)/,
    );
    await usageError(verifyArchive({ evidence: VALID, originals: "samples/valid/originals" as never }), /originals: expected a list of paths/);
    await usageError(() => loadTrustStore("samples/trust" as never), /trust: expected a list of paths/);
  });

  it("the evidence file among the originals by another name (a symbolic or a hard link) is the evidence file itself", async () => {
    const dir = mkdtempSync(join(tmpdir(), "slips-"));
    try {
      const originals = join(dir, "originals");
      mkdirSync(originals);
      copyFileSync("samples/valid/originals/" + readdirSync("samples/valid/originals")[0]!, join(originals, "a.pdf"));
      const evidence = join(dir, "archive.pdf");
      copyFileSync(VALID, evidence);
      symlinkSync(evidence, join(originals, "link.pdf"));
      await usageError(
        verifyArchive({ evidence, originals: [originals], trust: ["samples/trust"] }),
        /originals: this folder holds the evidence file archive\.pdf itself/,
      );
      rmSync(join(originals, "link.pdf"));
      linkSync(evidence, join(originals, "hard.pdf"));
      await usageError(
        verifyArchive({ evidence, originals: [join(originals, "hard.pdf")], trust: ["samples/trust"] }),
        /hard\.pdf: this is the evidence file itself/,
      );
      rmSync(join(originals, "hard.pdf"));
      copyFileSync(VALID, join(originals, "copy.pdf")); // a copy is another file: set aside as a sealed archive, not refused
      const report = await verifyArchive({ evidence, originals: [originals], trust: ["samples/trust"] });
      expect(report.indication).not.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("verifyMany with a string for the archives is refused before any worker starts", async () => {
    const it = verifyMany("/archive" as never, { trust: ["samples/trust"] });
    await usageError(
      it.next(),
      /verifyMany: archives must be a list or iterable of \{ evidence, originals \}, got a string.*discoverArchives\(\["\/archive"\]\)/,
    );
    await usageError(verifyMany([], { trust: "samples/trust" as never }).next(), /trust: expected a list of paths/);
  });
});

describe("remarks in the report", () => {
  it("a validation time before the proven sealing time is a warning, with the sealing time and the next step", async () => {
    const report = await verifyArchive({ evidence: VALID, originals: ["samples/valid/originals"], trust: ["samples/trust"], at: "2025-12-08T08:30:00Z" });
    const remark = report.checks.find((c) => c.id === "validation-time");
    expect(remark?.status).toBe("warning");
    expect(remark?.message).toMatch(
      /2025-12-08T08:30:00\.000Z \(--at\) is before the sealing time 2025-12-08T08:36:38\.000Z \(proven by the seal's timestamp\).*Leave out --at/,
    );
    const later = await verifyArchive({ evidence: VALID, originals: ["samples/valid/originals"], trust: ["samples/trust"], at: "2025-12-09T00:00:00Z" });
    expect(later.checks.some((c) => c.id === "validation-time")).toBe(false);
  });

  it("a stale OCSP response is explained as stale (not by its responder's certificate), with the next step", async () => {
    const report = await verifyArchive({
      evidence: "samples/tampered/ocsp-stale/workflowtoken.json",
      originals: ["samples/tampered/ocsp-stale/originals"],
      trust: ["samples/trust"],
    });
    expect(report).toMatchObject({ indication: "INDETERMINATE", subIndication: "TRY_LATER" });
    const deciding = report.checks.find((c) => c.id === report.decidedBy[0])!;
    expect(deciding.message).toMatch(/^The response is stale: produced at 2025-12-01T10:00:00\.000Z, 7 days before the sealing time/);
    expect(deciding.message).toMatch(
      /Trying again will not change this: the OCSP response is part of the sealed evidence\. Check that the file is the evidence as the broker delivered it/,
    );
    // The remark is given once, on the check the reason comes from.
    expect(report.checks.filter((c) => c.message.includes("Trying again will not change this"))).toHaveLength(1);
  });

  it("after a failed token signature, the title, documents and signers it claims are marked unverified", async () => {
    const altered = await verifyArchive({
      evidence: "samples/tampered/token-payload-altered/workflowtoken.json",
      originals: ["samples/tampered/token-payload-altered/originals"],
      trust: ["samples/trust"],
    });
    expect(altered.tokenClaimsVerified).toBe(false);
    const text = renderArchiveHuman(altered, { colour: false });
    expect(text).toMatch(/UNVERIFIED: the token's signature did not verify/);
    expect(text).toMatch(/\nWorkflow \(unverified\)\n/);
    expect(text).toMatch(/\nSigners \(\d+\) \(unverified\)\n/);
    expect(renderArchiveHtml(altered)).toContain("<h2>Workflow (unverified)</h2>");
    const good = await verifyArchive({ evidence: VALID, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    expect(good.tokenClaimsVerified).toBe(true);
    expect(renderArchiveHuman(good, { colour: false })).not.toMatch(/unverified/i);
  });

  it("evidence from the broker's test environment says so at the top of the statement, in text and HTML", async () => {
    const report = await verifyArchive({ evidence: VALID, originals: ["samples/valid/originals"], trust: ["samples/trust"] });
    const top = renderArchiveHuman(report, { colour: false }).split("\n").slice(0, 8).join(" ").replace(/\s+/g, " ");
    expect(top).toMatch(
      /TEST ENVIRONMENT: the token was issued by the broker's test environment and the seal is the broker's test-environment seal; not evidence of a production signing\./,
    );
    expect(renderArchiveHtml(report)).toMatch(/<section class="verdict TOTAL-PASSED test-environment" id="verdict"><p class="test-env">TEST ENVIRONMENT/);
  });
});

describe("a sealed archive among the originals", () => {
  it("is named and left out of the comparison: a warning, never a changed-original verdict", async () => {
    const { mkdtempSync, cpSync, copyFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "originals-"));
    cpSync("samples/valid/originals", dir, { recursive: true });
    copyFileSync("samples/attacks/ltv-dss.pdf", join(dir, "other-archive.pdf"));
    const r = await verifyArchive({ evidence: VALID, originals: [dir], trust: ["samples/trust"] });
    const dd = r.checks.find((c) => c.id === "document-digests")!;
    expect(r.indication).toBe("TOTAL-PASSED");
    expect(dd.status).toBe("warning");
    expect(dd.message).toMatch(/"other-archive\.pdf" is a sealed archive \(its seal verifies\), not an original/);
    // An ordinary unsigned PDF in the same place is still an extra original: TOTAL-FAILED/HASH_FAILURE.
    const { writeFileSync } = await import("node:fs");
    writeFileSync(join(dir, "other-archive.pdf"), "%PDF-1.7\n% not a sealed archive\n");
    const t = await verifyArchive({ evidence: VALID, originals: [dir], trust: ["samples/trust"] });
    expect([t.indication, t.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
  });

  it("is judged on the bytes that were hashed: a sealed archive swapped in after the hashing pass is an error (B10)", async () => {
    const { mkdtempSync, cpSync, copyFileSync, renameSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "originals-"));
    cpSync("samples/valid/originals", dir, { recursive: true });
    const x = join(dir, "Lejekontrakt-v2.pdf");
    copyFileSync("samples/tampered/original-changed/originals/Lejekontrakt.pdf", x); // an altered contract
    const sealed = join(mkdtempSync(join(tmpdir(), "swap-")), "sealed.pdf");
    copyFileSync(VALID, sealed);
    // Small originals are hashed as the call starts (synchronously, before its first await): once it returns its
    // promise the altered contract has been hashed, and a writer of the folder renames a genuine sealed archive
    // over its name before the "sealed archive among the originals" judgement reads it.
    const p = verifyArchive({ evidence: "samples/valid/workflowtoken.json", originals: [dir], trust: ["samples/trust"] });
    renameSync(sealed, x);
    let caught: unknown;
    const r = await p.catch((e: unknown) => {
      caught = e;
      return null;
    });
    expect(r?.indication ?? null, "an altered contract passed off as a sealed archive").toBeNull();
    expect(caught).toBeInstanceOf(SealcheckError);
    expect((caught as SealcheckError).code).toBe("ERR_FILE_UNREADABLE");
    expect((caught as Error).message).toBe(
      `${x}: the file changed while it was verified (its bytes differ from those hashed a moment before); verify again once the originals folder is no longer being written to`,
    );
  });
});
