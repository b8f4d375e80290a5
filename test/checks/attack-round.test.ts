// The first outside attack round on the whole-value analysis (test/fixtures/attack-round/README.md): each
// finding must not be TOTAL-PASSED, the genuine control must stay so.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/verify/session.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { parsePdfDate } from "../../src/input/pdf/index.js";

const DIR = "test/fixtures/attack-round";
const sample = createSession({ trust: ["samples/trust"] });
// The real archive's fixture carries a timestamp by the test TSA: samples/trust makes it trusted, as any TSA
// the auditor trusts would be.
const real = createSession({ trust: ["test/fixtures/real/broker-example/trust", "samples/trust"], at: new Date("2025-12-08T09:40:00Z") });

async function verdict(name: string) {
  const isReal = name.startsWith("real-");
  const r = await verifyArchive({
    evidence: { name, bytes: new Uint8Array(readFileSync(`${DIR}/${name}`)) },
    originals: isReal ? [] : ["samples/valid/originals"],
    session: isReal ? real : sample,
  });
  return { indication: r.indication, mods: r.checks.find((c) => c.id === "seal-modifications") };
}

describe("attack round 1 on the analysis", () => {
  it("control: a genuine document timestamp is TOTAL-PASSED", async () => {
    expect((await verdict("baseline-doc-timestamp.pdf")).indication).toBe("TOTAL-PASSED");
  });

  for (const name of ["orphan-kid-visible-widget.pdf", "orphan-kid-javascript.pdf", "real-orphan-kid-visible-widget.pdf"]) {
    it(`${name}: a widget its field does not list is judged on its own: TOTAL-FAILED`, async () => {
      const v = await verdict(name);
      expect(v.indication).toBe("TOTAL-FAILED");
      expect(v.mods?.message).toMatch(/does not list it in \/Kids/);
    });
  }

  it("direct-widget-unverified-timestamp.pdf: a direct dictionary is no document timestamp's widget: TOTAL-FAILED", async () => {
    const v = await verdict("direct-widget-unverified-timestamp.pdf");
    expect(v.indication).toBe("TOTAL-FAILED");
    expect(v.mods?.message).toMatch(/not an indirect object/);
  });

  it("dos-timestamp-kids.pdf: 3000 invisible kids, each field judged once: a verdict (the readers show nothing new)", async () => {
    const v = await verdict("dos-timestamp-kids.pdf");
    expect(v.mods?.status).toBe("passed");
  });
});

describe("a document timestamp's /M", () => {
  it("doc-timestamp-m-backdated.pdf: /M of 2020 on a 2025 token (pdfsig shows it as the signing time): TOTAL-FAILED", async () => {
    const r = await verifyArchive({
      evidence: { name: "m.pdf", bytes: new Uint8Array(readFileSync(`${DIR}/doc-timestamp-m-backdated.pdf`)) },
      originals: ["samples/valid/originals"],
      session: sample,
    });
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(r.checks.find((c) => c.id === "document-timestamps")?.message).toMatch(/\/M \("D:2020.*is not the time it proves/);
  });

  it("PDF dates as ISO 32000-1 writes them", () => {
    expect(parsePdfDate("D:20251209100000Z")?.toISOString()).toBe("2025-12-09T10:00:00.000Z");
    expect(parsePdfDate("D:20251208093509+01'00'")?.toISOString()).toBe("2025-12-08T08:35:09.000Z");
    expect(parsePdfDate("D:2025")?.toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(parsePdfDate("D:20251399")).toBeUndefined();
    expect(parsePdfDate("2025-12-09")).toBeUndefined();
  });
});
