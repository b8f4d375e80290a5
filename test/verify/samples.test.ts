// Every committed sample, verified against samples/expected.json (written by the generator beside the
// README's tables): the verdict, the sub-indication and the check that decides it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";

interface Expected {
  indication: string;
  subIndication: string | null;
  check: string;
  files?: string[];
  /** The validation time the verdict is for (the Workflow-token JSON: the time its token claims; attack36 J1). */
  at?: string;
}
const expected = JSON.parse(readFileSync("samples/expected.json", "utf8")) as { tampered: Record<string, Expected>; attacks: Record<string, Expected> };
const trust = ["samples/trust"];

async function expectVerdict(evidence: string, originals: string[], want: Expected) {
  const r = await verifyArchive({ evidence, originals, trust, ...(want.at ? { at: want.at } : {}) });
  const why = JSON.stringify(r.checks.filter((c) => c.status !== "passed" && c.status !== "skipped").map((c) => [c.id, c.status, c.message]));
  expect(r.indication, why).toBe(want.indication);
  expect(r.subIndication, why).toBe(want.subIndication);
  if (want.indication !== "TOTAL-PASSED") expect(r.decidedBy, why).toContain(want.check);
}

describe("samples/tampered", () => {
  for (const [name, want] of Object.entries(expected.tampered)) {
    it(`${name} → ${want.indication} ${want.subIndication ?? ""}`, async () => {
      const evidence = want.files!.find((f) => !f.startsWith("originals/"))!;
      const hasOriginals = want.files!.some((f) => f.startsWith("originals/"));
      await expectVerdict(`samples/tampered/${name}/${evidence}`, hasOriginals ? [`samples/tampered/${name}/originals`] : [], want);
    });
  }
});

describe("samples/attacks", () => {
  for (const [file, want] of Object.entries(expected.attacks)) {
    it(`${file} → ${want.indication} ${want.subIndication ?? ""} (${want.check})`, async () => {
      await expectVerdict(`samples/attacks/${file}`, ["samples/valid/originals"], want);
    });
  }
});
