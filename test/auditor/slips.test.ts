// Slips answered as slips: a user's mistake is one clear line (exit 3, or a SealcheckError in the library)
// or a warning in the report, never a verdict that reads like a forgery.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SealcheckError, loadTrustStore, verifyArchive, verifyMany } from "../../src/index.js";

function run(args: string[]) {
  const r = spawnSync(process.execPath, ["dist/cli/main.js", ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

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
    oneLine(["verify", VALID, "samples/valid", ...TRUST], /samples\/valid: this folder holds the evidence file archive\.pdf itself.*such as samples\/valid\/originals/);
    oneLine(["verify", VALID, VALID, ...TRUST], /archive\.pdf: this is the evidence file itself, not an original/);
    oneLine(["verify", VALID, "samples/valid/workflowtoken.json", ...TRUST], /workflowtoken\.json: a JSON file among the originals/);
  });

  it("--at without a time of day or a zone, or a date that does not exist: exit 3 with an example", () => {
    oneLine(["verify", VALID, ...TRUST, "--at", "2025-12-08"], /"2025-12-08" is a date without a time of day and zone.*2025-12-08T00:00:00Z/);
    oneLine(["verify", VALID, ...TRUST, "--at", "2025-12-08T08:36:35"], /has no zone/);
    oneLine(["verify", VALID, ...TRUST, "--at", "2025-02-30T08:00:00Z"], /is not an ISO 8601 time with a zone/);
    expect(run(["verify", VALID, "samples/valid/originals", ...TRUST, "--at", "2025-12-08T09:36:38+01:00", "--json"]).code).toBe(0);
  });
});

describe("slips in the library", () => {
  it("verifyArchive() without options, or with a string where a list of paths belongs", async () => {
    await usageError(verifyArchive(undefined as never), /verifyArchive: expected an options object, got nothing; for example verifyArchive\(\{ evidence/);
    await usageError(verifyArchive({} as never), /evidence: expected a path or \{ name, bytes \}/);
    await usageError(verifyArchive({ evidence: VALID, trust: "samples/trust" as never }), /trust: expected a list of paths, got the string "samples\/trust" \(write trust: \["samples\/trust"\]\)/);
    await usageError(verifyArchive({ evidence: VALID, originals: "samples/valid/originals" as never }), /originals: expected a list of paths/);
    await usageError(() => loadTrustStore("samples/trust" as never), /trust: expected a list of paths/);
  });

  it("verifyMany with a string for the archives is refused before any worker starts", async () => {
    const it = verifyMany("/archive" as never, { trust: ["samples/trust"] });
    await usageError(it.next(), /verifyMany: archives must be a list or iterable of \{ evidence, originals \}, got a string.*discoverArchives\(\["\/archive"\]\)/);
    await usageError(verifyMany([], { trust: "samples/trust" as never }).next(), /trust: expected a list of paths/);
  });
});

describe("remarks in the report", () => {
  it("a validation time before the proven sealing time is a warning, with the sealing time and the next step", async () => {
    const report = await verifyArchive({ evidence: VALID, originals: ["samples/valid/originals"], trust: ["samples/trust"], at: "2025-12-08T08:30:00Z" });
    const remark = report.checks.find((c) => c.id === "validation-time");
    expect(remark?.status).toBe("warning");
    expect(remark?.message).toMatch(/2025-12-08T08:30:00\.000Z \(--at\) is before the sealing time 2025-12-08T08:36:38\.000Z \(proven by the seal's timestamp\).*Leave out --at/);
    const later = await verifyArchive({ evidence: VALID, originals: ["samples/valid/originals"], trust: ["samples/trust"], at: "2025-12-09T00:00:00Z" });
    expect(later.checks.some((c) => c.id === "validation-time")).toBe(false);
  });
});
