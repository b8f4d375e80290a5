// The words about changes after a signature name every place anything changed (attack-s5b W3): invisible
// decoys of a higher-ranked kind on other pages must not push the one change a reader sees into "and N more".
import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/checks/modifications/levels.js";
import { saying } from "../../src/checks/modifications/saying.js";

const f = (text: string, change: Finding["change"]): Finding => ({ level: "other", revision: 1, text, change });

describe("saying: the cut", () => {
  const decoys = [
    f("object 20 0 R (page 2 /Contents) changed", { kind: "page-content", page: 2 }),
    f("object 21 0 R (page 3 /Contents) changed", { kind: "page-content", page: 3 }),
    f("object 22 0 R (page 4 /Contents) changed", { kind: "page-content", page: 4 }),
    f("object 23 0 R (page 2 /CropBox) changed", { kind: "page-geometry", page: 2 }),
  ];
  const forgery = f("object 30 0 R (page 1 /Annots[1]) added", { kind: "annotation-added", page: 1, annotation: "FreeText" });

  it("W3: four decoys of higher kinds on pages 2-4 and an annotation on page 1: page 1 is in the words and the detail", () => {
    const s = saying([...decoys, forgery], 5, "DocMDP P=1 permits only long-term validation data.", "sealing");
    expect(s.summary).toMatch(/FreeText annotation was added on page 1 after sealing/i);
    expect(s.objectDetail.join("; ")).toContain("object 30 0 R");
    // Only repetitions within a place are cut: page 2's geometry goes, as page 2 is named already.
    expect(s.summary).toContain("and 1 more change(s)");
    expect(s.objectDetail.at(-1)).toBe("and 1 more");
  });

  it("repetitions within one page are cut at four, most visible first", () => {
    const same = [1, 2, 3, 4, 5, 6].map((i) => f(`object ${i} 0 R (page 1 /Annots[${i}]) added`, { kind: "annotation-added", page: 1, annotation: `T${i}` }));
    const s = saying(same, 6, "rule.", "signing");
    expect(s.changes.length).toBe(6);
    expect(s.summary).toContain("and 2 more change(s)");
    expect(s.objectDetail).toHaveLength(5);
  });

  it("every page with a change is named, even beyond four", () => {
    const pages = [1, 2, 3, 4, 5, 6].map((p) => f(`object ${p} 0 R (page ${p} /Contents) changed`, { kind: "page-content", page: p }));
    const s = saying(pages, 6, "rule.", "sealing");
    for (const p of [1, 2, 3, 4, 5, 6]) expect(s.summary).toMatch(new RegExp(`page ${p}'s content changed`, "i"));
    expect(s.summary).not.toContain("more change");
  });
});
