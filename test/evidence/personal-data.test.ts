// Issue 37 part 5 (u10's gaps): the mask tells nothing of the value (not even its length: `true` vs `false`),
// and which claims are masked is an allow-list of the claims known not to be personal; every other claim is
// masked whatever its name, in the archive report and in verify-id-token's output alike. Times are times.
import { describe, expect, it } from "vitest";
import { claimTime, reportClaims } from "../../src/evidence/claims-report.js";
import { MASK, mask, personalDataKind } from "../../src/evidence/personal-data.js";
import { idTokenReportForOutput } from "../../src/idtoken/output.js";
import { renderIdTokenReport, type IdTokenReport } from "../../src/index.js";
import { renderArchiveHtml } from "../../src/index.js";
import { verifyArchive } from "../../src/index.js";
import { renderArchiveHuman } from "../../src/index.js";

const LEAKED_BY_NAME = {
  "nemlogin.persistent_professional_id": "urn:uuid:8f1c2b7e-1111",
  nl3Uuid: "8f1c2b7e-2222",
  "https://data.gov.dk/model/core/eid/cprNumber": "0101801234",
  "https://data.gov.dk/model/core/eid/firstName": "Jens",
  "https://data.gov.dk/model/core/eid/email": "jens@example.dk",
  "mitid.firstName": "Jens",
  surname: "Hansen",
  address: "Vestergade 1",
  role: "tenant",
  "nemlogin.cvr": "12345678",
};

describe("the mask", () => {
  it("has one width whatever the value: true and false, short and long ids look alike", () => {
    for (const v of ["true", "false", "Jo", "Jens Peter Hansen-Kristensen", 7, null, { a: 1 }, ""]) expect(mask(v)).toBe(MASK);
    expect(MASK).toBe("••••••••");
    const over = reportClaims({ "mitid.is_over_18": "true" }, false);
    const under = reportClaims({ "mitid.is_over_18": "false" }, false);
    expect(over[0]!.value).toBe(under[0]!.value);
  });
});

describe("which claims are personal: an allow-list", () => {
  it("the claims known to name no person are shown; idp_identity_id or a prefixed loa is not one of them", () => {
    for (const n of ["loa", "ial", "idp", "auth_time", "simulated", "signatureType"]) expect(personalDataKind(n), n).toBeNull();
    for (const n of ["idp_identity_id", "x.loa", "LOA", "idp ", "simulated_cpr"]) expect(personalDataKind(n), n).not.toBeNull();
  });

  it("person identifiers under other names (MitID Erhverv, NemLog-in, OIOSAML, plain words) are masked", () => {
    for (const n of Object.keys(LEAKED_BY_NAME)) expect(personalDataKind(n), n).not.toBeNull();
    expect(personalDataKind("nemlogin.persistent_professional_id")).toBe("identity-id");
    expect(personalDataKind("nl3Uuid")).toBe("identity-id");
    expect(personalDataKind("https://data.gov.dk/model/core/eid/cprNumber")).toBe("national-id");
    expect(personalDataKind("https://data.gov.dk/model/core/eid/firstName")).toBe("name");
    expect(personalDataKind("role")).toBe("other");
    const claims = reportClaims(LEAKED_BY_NAME, false);
    expect(claims.every((c) => c.masked && c.value === MASK)).toBe(true);
    expect(JSON.stringify(claims)).not.toMatch(/8f1c2b7e|0101801234|Jens|Hansen|Vestergade|tenant|12345678/);
    expect(reportClaims(LEAKED_BY_NAME, true).every((c) => !c.masked)).toBe(true);
  });

  it("verify-id-token's JSON masks by the same rule, and names the masked claims", () => {
    const report = {
      indication: "TOTAL-PASSED",
      validationTime: "2025-12-08T08:31:00.000Z",
      validationTimeSource: "at-option",
      decidedBy: [],
      checks: [{ id: "signature", status: "passed", message: "ok" }],
      transfer: {
        id: "t",
        sender: "DK1",
        traceId: "x",
        audience: "DK2",
        issuer: "i",
        claims: { ...LEAKED_BY_NAME, loa: "Substantial", auth_time: "1765182652" },
      },
    } as unknown as IdTokenReport;
    const out = idTokenReportForOutput(report, false);
    expect(out.transfer!.maskedClaims).toEqual(Object.keys(LEAKED_BY_NAME));
    expect(JSON.stringify(out)).not.toMatch(/8f1c2b7e|0101801234|Jens|Hansen|Vestergade|tenant|12345678/);
    expect(out.transfer!.claims.loa).toBe("Substantial");
    expect(out.transfer!.claimTimes).toEqual({ auth_time: "2025-12-08T08:30:52Z" });
    // The human output shows the claims known not to be personal, the time as a time, the rest hidden.
    const human = renderIdTokenReport(out, { colour: false });
    expect(human).toContain('auth_time: "1765182652" (2025-12-08 08:30:52 UTC)');
    expect(human).toContain('loa: "Substantial"');
    expect(human).toMatch(/nl3Uuid: \(hidden\)/);
    expect(human).not.toMatch(/8f1c2b7e|0101801234|Jens|Hansen/);
    const shown = idTokenReportForOutput(report, true);
    expect(shown.transfer!.maskedClaims).toBeUndefined();
    expect(shown.transfer!.claims.nl3Uuid).toBe("8f1c2b7e-2222");
  });
});

describe("auth_time is a time in every output", () => {
  it("claimTime reads a number or a string of digits; anything else is no time", () => {
    expect(claimTime("auth_time", "1765182652")).toBe("2025-12-08T08:30:52Z");
    expect(claimTime("auth_time", 1765182652)).toBe("2025-12-08T08:30:52Z");
    for (const v of ["17651826520000", "1.5", "", "x", null]) expect(claimTime("auth_time", v)).toBeNull();
    expect(claimTime("loa", "1765182652")).toBeNull();
  });

  it("verify's JSON carries the time, its human output and the HTML statement show it", async () => {
    const report = await verifyArchive({ evidence: "samples/valid/archive.pdf", trust: ["samples/trust"] });
    const auth = report.signatures[0]!.claims.find((c) => c.name === "auth_time")!;
    expect(auth.time).toMatch(/^2025-12-08T\d{2}:\d{2}:\d{2}Z$/);
    const human = renderArchiveHuman(report, { colour: false });
    expect(human).toMatch(/Authenticated at +2025-12-08 \d{2}:\d{2}:\d{2} UTC/);
    expect(renderArchiveHtml(report)).toMatch(/\d{10}<\/span> \(2025-12-08 \d{2}:\d{2}:\d{2} UTC\)/);
    // No masked value in the HTML statement tells its length.
    expect(renderArchiveHtml(report)).not.toMatch(/>•{1,7}</);
  });
});
