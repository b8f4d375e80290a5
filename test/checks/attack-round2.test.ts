// The second outside attack round (test/fixtures/attack-round2/README.md), after the strict reader and the
// whole-value analysis were merged: each finding must not be TOTAL-PASSED, and the work stays bounded.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/verify/session.js";
import { verifyArchive } from "../../src/verify/archive.js";

const DIR = "test/fixtures/attack-round2";
const sample = createSession({ trust: ["samples/trust"] });
const real = createSession({ trust: ["test/fixtures/real/broker-example/trust"], at: new Date("2025-12-08T09:40:00Z") });

async function verify(name: string) {
  const isReal = name.startsWith("real-");
  const r = await verifyArchive({
    evidence: { name, bytes: new Uint8Array(readFileSync(`${DIR}/${name}`)) },
    originals: isReal ? [] : ["samples/valid/originals"],
    session: isReal ? real : sample,
  });
  return { indication: r.indication, mods: r.checks.find((c) => c.id === "seal-modifications"), checks: r.checks };
}

describe("attack round 2", () => {
  for (const name of ["object0-poisons-qpdf.pdf", "real-object0-poisons-qpdf.pdf"]) {
    it(`${name}: object 0 listed in use (qpdf's rewrite caches an unlisted object from it): TOTAL-FAILED`, async () => {
      const v = await verify(name);
      expect(v.indication).toBe("TOTAL-FAILED");
      expect(v.mods?.message).toMatch(/object 0/);
    });
  }

  it("unreferenced-entry-mismatch.pdf: every entry a revision writes is read, reached or not: TOTAL-FAILED", async () => {
    const v = await verify("unreferenced-entry-mismatch.pdf");
    expect(v.indication).toBe("TOTAL-FAILED");
    expect(v.mods?.message).toMatch(/26/);
  });

  for (const name of [
    "fields-copy-of-seal-field.pdf",
    "annots-copy-of-seal-widget.pdf",
    "annots-direct-copy-of-seal-widget.pdf",
    "real-fields-copy-of-seal-field.pdf",
  ]) {
    it(`${name}: a content-equal copy where readers link by reference is another object: TOTAL-FAILED`, async () => {
      const v = await verify(name);
      expect(v.indication).toBe("TOTAL-FAILED");
      expect(v.mods?.status).toBe("failed");
    });
  }

  it("dos-objstm-headers.pdf: object-stream headers charged to one budget: a verdict, not TOTAL-PASSED", async () => {
    const v = await verify("dos-objstm-headers.pdf");
    expect(v.indication).not.toBe("TOTAL-PASSED");
    expect(JSON.stringify(v.checks)).toMatch(/maxPdfObjects/);
  });

  it("dos-dss-heavy-certs.pdf: DSS items that are no certificates are passed over (their time: npm run bench -- --only hostile)", async () => {
    const v = await verify("dos-dss-heavy-certs.pdf");
    expect(v.indication).toBe("TOTAL-PASSED");
  });
});
