// The disagreements the reader oracle found (test/fixtures/oracle/, rebuilt by `npm run fuzz --
// --oracle-fixtures` from scripts/fuzz/oracle/findings.ts): updates on a sealed archive that qpdf or poppler
// read differently from the sealed revision. None may be TOTAL-PASSED. The views themselves are checked in
// readers.test.ts; this file needs no reader installed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BASES } from "../../scripts/fuzz/oracle/bases.js";
import { ORACLE_FIXTURES } from "../../scripts/fuzz/oracle/findings.js";
import { createSession } from "../../src/verify/session.js";
import { verifyArchive } from "../../src/verify/archive.js";

const DIR = "test/fixtures/oracle";
const sessions = {
  sample: createSession({ trust: [...BASES.sample.trust] }),
  broker: createSession({ trust: [...BASES.broker.trust], at: BASES.broker.at }),
};

describe("the reader oracle's findings are not TOTAL-PASSED", () => {
  for (const f of ORACLE_FIXTURES) {
    it(`${f.name}: ${f.description}`, async () => {
      const bytes = new Uint8Array(readFileSync(join(DIR, `${f.name}.pdf`)));
      const r = await verifyArchive({ evidence: { name: `${f.name}.pdf`, bytes }, session: sessions[f.base] });
      expect(r.indication).not.toBe("TOTAL-PASSED");
    });
  }

  it("every fixture file is listed", () => {
    const listed = readFileSync(join(DIR, "README.md"), "utf8");
    for (const f of ORACLE_FIXTURES) expect(listed).toContain(`\`${f.name}.pdf\``);
  });
});
