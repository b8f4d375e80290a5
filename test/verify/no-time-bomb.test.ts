// No time bombs (issue 36 part 7): "now" is the default validation time, so the Quick start's verdict must not
// turn when a sample certificate expires. The valid sample is B-T like the broker's (its signature timestamp
// proves nothing without the TSA's revocation data), so its whole sealed evidence is judged at "now": every
// certificate on its paths but the token's OCSP responder outlives the century.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSession, verifyArchive } from "../../src/index.js";
import { Certificate } from "pkijs";
import { runCli } from "../helpers/cli.js";
import { testPki } from "../helpers/fixtures.js";

/** The arguments of the README's Quick start `npx sealcheck verify …`. */
function quickStartArgs(): string[] {
  const quick = /## Quick start\n\n```sh\n([^\n]*)\n/.exec(readFileSync("README.md", "utf8"))?.[1] ?? "";
  const step = quick
    .split("&&")
    .map((x) => x.trim())
    .find((x) => x.startsWith("npx sealcheck verify "));
  expect(step, "the Quick start runs `npx sealcheck verify`").toBeDefined();
  return step!.split(/\s+/).slice(2);
}

const DECADES = ["2030-01-01T00:00:00Z", "2056-11-28T00:00:00Z", "2100-01-01T00:00:00Z"];

describe("the Quick start stays TOTAL-PASSED for decades", () => {
  it.each(DECADES)("the CLI's Quick start verify at %s: TOTAL-PASSED, exit 0", (at) => {
    const r = runCli([...quickStartArgs(), "--at", at, "--json"]);
    const report = JSON.parse(r.stdout) as { indication: string; subIndication: string | null; validationTime: string };
    expect([r.code, report.indication, report.subIndication, report.validationTime]).toEqual([0, "TOTAL-PASSED", null, at.replace("Z", ".000Z")]);
  });

  it("with no --at, the default time is the clock's: a clock in 2100 still gives TOTAL-PASSED (valid and lta samples)", async () => {
    const session = createSession({ trust: ["samples/trust"], clock: () => new Date("2100-01-01T00:00:00Z") });
    for (const evidence of ["samples/valid/archive.pdf", "samples/valid/pades.json", "samples/lta/archive.pdf"]) {
      const r = await verifyArchive({ evidence, originals: ["samples/valid/originals"], session });
      expect([evidence, r.validationTimeSource, r.indication]).toEqual([evidence, "current-time", "TOTAL-PASSED"]);
    }
  });

  it("every certificate of the sealed evidence but the OCSP responder is valid until 2100 or later", () => {
    const pki = testPki();
    const short = ["ocspResponder", "unauthorisedResponder", "foreignResponder"];
    const expiring = Object.entries(pki)
      .filter(([role]) => !short.includes(role))
      .map(([role, c]) => [role, (c.cert as Certificate).notAfter.value] as const)
      .filter(([, notAfter]) => notAfter < new Date("2100-01-01T00:00:00Z"));
    expect(expiring).toEqual([]);
  });
});
