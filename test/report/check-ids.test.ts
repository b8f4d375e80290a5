// The registry of check ids is the one list: the contract documents exactly it, each id names the module that
// decides it, and the archive pipeline reports each id once, in registry order.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARCHIVE_CHECK_ENTRIES, ID_TOKEN_CHECK_ENTRIES, TRUSTED_LIST_CHECK_ENTRIES, inReportOrder } from "../../src/report/check-ids.js";
import { verifyArchive } from "../../src/index.js";

const contract = readFileSync("docs/contract.md", "utf8");

/** The rows (`id`, what it checks) of the first table after the line that starts with `heading`. */
function tableAfter(heading: string): { id: string; checks: string }[] {
  const lines = contract.split("\n");
  let i = lines.findIndex((l) => l.startsWith(heading));
  expect(i, heading).toBeGreaterThanOrEqual(0);
  while (i < lines.length && !lines[i]!.startsWith("|")) i++;
  const rows: { id: string; checks: string }[] = [];
  for (; i < lines.length && lines[i]!.startsWith("|"); i++) {
    const m = /^\| `([a-z-]+)` \| (.*) \|$/.exec(lines[i]!);
    if (m) rows.push({ id: m[1]!, checks: m[2]! });
  }
  return rows;
}

describe("check-id registry", () => {
  it("docs/contract.md lists exactly the registry's archive ids in its table, the ID-token ids, and the trusted-list ids in theirs", () => {
    expect(new Set(tableAfter("These ids are required").map((r) => r.id))).toEqual(new Set(ARCHIVE_CHECK_ENTRIES.map((c) => c.id)));
    // The trusted-list table is the registry's, in its order and words.
    expect(tableAfter("For `verify-tl`")).toEqual(TRUSTED_LIST_CHECK_ENTRIES.map((c) => ({ id: c.id, checks: c.checks })));
    // No table lists an id the registry does not.
    const tables = [...contract.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(new Set(tables)).toEqual(new Set([...ARCHIVE_CHECK_ENTRIES, ...TRUSTED_LIST_CHECK_ENTRIES].map((c) => c.id)));
    const idTokenLine = contract.split("\n").find((l) => l.startsWith("For `verify-id-token`"))!;
    expect([...idTokenLine.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]).slice(1)).toEqual(ID_TOKEN_CHECK_ENTRIES.map((c) => c.id));
  });

  it("each id is decided in the module the registry names (a reader finds a check from its id)", () => {
    for (const c of [...ARCHIVE_CHECK_ENTRIES, ...ID_TOKEN_CHECK_ENTRIES, ...TRUSTED_LIST_CHECK_ENTRIES]) {
      expect(readFileSync(c.module, "utf8"), `${c.id} in ${c.module}`).toContain(`"${c.id}"`);
    }
  });

  it("report order: registry order, stable, unknown ids last", () => {
    const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
    const sorted = inReportOrder([{ id: "counts" }, { id: "zz" }, { id: "attachments" }, { id: "seal-signature" }, { id: "counts" }], "archive");
    expect(ids(sorted)).toEqual(["attachments", "seal-signature", "counts", "counts", "zz"]);
  });

  it("the pipeline reports every archive id but the cross-check exactly once, in registry order, for both forms", async () => {
    for (const evidence of ["samples/valid/archive.pdf", "samples/valid/workflowtoken.json"]) {
      // --at before the sealing time: the validation-time remark appears too.
      const r = await verifyArchive({ evidence, originals: ["samples/valid/originals"], trust: ["samples/trust"], at: "2001-01-01T00:00:00Z" });
      // The sample seal's CMS carries its root, given in samples/trust: the trust-anchors remark appears for the PDF.
      const expected = ARCHIVE_CHECK_ENTRIES.map((c) => c.id).filter(
        (id) => id !== "token-cross-check" && (id !== "trust-anchors" || evidence.endsWith(".pdf")),
      );
      expect(
        r.checks.map((c) => c.id),
        evidence,
      ).toEqual(expected);
    }
  });
});
