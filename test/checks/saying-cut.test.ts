// The words about changes after a signature name every place anything changed (attack-s5b W3): invisible
// decoys of a higher-ranked kind on other pages, or on the same page (attack-s5c W3b), must not push the one
// change a reader sees into "and N more". Every kind of change on each page is named.
import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/checks/modifications/levels.js";
import { saying } from "../../src/checks/modifications/saying.js";
import { verifyArchive } from "../../src/index.js";
import { appendRaw, freeTextRent, streamBody, streamData, type RawObject } from "../../scripts/attack-s4/raw.js";
import { readFileSync } from "node:fs";
import { trustDirectory } from "../helpers/fixtures.js";

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
    // Page 2's geometry is another kind of change on page 2: named too.
    expect(s.summary).toMatch(/page 2's size, cropping or rotation changed/);
    expect(s.summary).not.toContain("more change");
  });

  it("W3b: invisible content decoys on pages 1-4 and an annotation on page 1: the annotation is in the words and the detail", () => {
    const same = [1, 2, 3, 4].map((p) => f(`object ${p + 10} 0 R (page ${p} /Contents) changed`, { kind: "page-content", page: p }));
    const s = saying([...same, forgery], 5, "DocMDP P=1 permits only long-term validation data.", "sealing");
    expect(s.summary).toMatch(/FreeText annotation was added on page 1 after sealing/i);
    expect(s.summary).toMatch(/page 1's content changed/i);
    expect(s.summary).not.toContain("more change");
    expect(s.objectDetail.join("; ")).toContain("object 30 0 R");
  });

  it("repetitions of one kind on one page are still cut past four", () => {
    const contents = [0, 1, 2, 3, 4].map((i) => f(`object ${i + 40} 0 R (page 1 /Contents[${i}]) changed`, { kind: "page-content", page: 1 }));
    const s = saying([...contents, forgery], 6, "rule.", "sealing");
    expect(s.summary).toMatch(/FreeText annotation was added on page 1/);
    expect(s.objectDetail).toHaveLength(5);
    expect(s.objectDetail.join("; ")).toContain("object 30 0 R");
    expect(s.objectDetail.at(-1)).toBe("and 2 more");
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

describe("saying: a decoy on the forged page itself (attack-s5c W3b, scripts/attack-s5c/words-same-page.ts)", () => {
  /** The samples' archive plus one revision: a FreeText annotation painting the rent on page 1, and with `decoys` "q Q" appended to pages 1-4's content. */
  function forged(decoys: boolean): Uint8Array {
    const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
    const objects: RawObject[] = freeTextRent(base);
    if (decoys)
      for (const num of [5, 7, 10, 15])
        objects.push({ num, body: streamBody("", Buffer.concat([Buffer.from(streamData(base, num)), Buffer.from("\nq Q\n")])) });
    return appendRaw(base, objects, "/Root 2 0 R /Info 3 0 R");
  }

  for (const decoys of [true, false]) {
    it(`${decoys ? "attack" : "honest"}: the seal's failure names the FreeText annotation on page 1`, async () => {
      const r = await verifyArchive({
        evidence: { name: "archive.pdf", bytes: forged(decoys) },
        originals: ["samples/valid/originals"],
        trust: [trustDirectory()],
      });
      expect(r.indication).toBe("TOTAL-FAILED");
      const c = r.checks.find((x) => x.id === "seal-modifications");
      const summary = String(c?.details?.summary ?? "");
      expect(summary).toMatch(/A FreeText annotation was added on page 1 after sealing/i);
      if (decoys) for (const p of [1, 2, 3, 4]) expect(summary).toMatch(new RegExp(`page ${p}'s content changed`, "i"));
      expect(summary).not.toContain("more change");
    }, 30_000);
  }
});
