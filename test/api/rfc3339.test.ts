// Issue 37 part 7 (u10): the validation time is RFC 3339 as the RFC writes it. A leap second (§5.6
// time-second 60, §5.7) is taken as the next second where one can be (23:59:60 UTC at the end of June or
// December) and refused in RFC 3339's words elsewhere; hour 24, an offset without its colon, a time without
// seconds and a decimal comma (ISO 8601 forms RFC 3339 does not allow) are refused as not RFC 3339.
import { describe, expect, it } from "vitest";
import { SealcheckError } from "../../src/index.js";
import { parseValidationTime } from "../../src/api/common.js";
import { runCli } from "../helpers/cli.js";

function refused(v: string): SealcheckError {
  let e: unknown;
  try {
    parseValidationTime(v);
  } catch (x) {
    e = x;
  }
  expect(e, v).toBeInstanceOf(SealcheckError);
  expect(e).toMatchObject({ code: "ERR_USAGE", option: "at" });
  return e as SealcheckError;
}

describe("RFC 3339 date-times", () => {
  it("a leap second at the end of June or December is the next second, with any offset", () => {
    expect(parseValidationTime("2016-12-31T23:59:60Z").toISOString()).toBe("2017-01-01T00:00:00.000Z");
    expect(parseValidationTime("2015-06-30T23:59:60.25Z").toISOString()).toBe("2015-07-01T00:00:00.000Z");
    expect(parseValidationTime("2017-01-01T00:59:60+01:00").toISOString()).toBe("2017-01-01T00:00:00.000Z");
    expect(refused("2016-12-30T23:59:60Z").message).toMatch(
      /not an RFC 3339 date-time: a leap second \(second 60\) is only 23:59:60 UTC at the end of June or December/,
    );
    expect(refused("2016-12-31T12:00:60Z").message).toMatch(/a leap second/);
  });

  it("hour 24, an offset without its colon, no seconds and a decimal comma are not RFC 3339", () => {
    expect(refused("2025-12-08T24:00:00Z").message).toMatch(/^at: "2025-12-08T24:00:00Z" is not an RFC 3339 date-time \(RFC 3339 has no hour 24/);
    expect(refused("2025-12-08T08:36:35+0100").message).toMatch(/not an RFC 3339 date-time \(its offset needs a colon, \+01:00\)/);
    expect(refused("2025-12-08T08:36Z").message).toMatch(/requires the seconds/);
    expect(refused("2025-12-08T08:36:35,5Z").message).toMatch(/with a point/);
    for (const v of ["2025-12-08T08:60:00Z", "2025-12-08T08:36:35+24:00", "2025-12-08T08:36:35+01:60"]) expect(refused(v).message).toMatch(/out of range/);
  });

  it("what RFC 3339 allows is read as before", () => {
    for (const [v, iso] of [
      ["2025-12-08T08:36:35Z", "2025-12-08T08:36:35.000Z"],
      ["2025-12-08t08:36:35z", "2025-12-08T08:36:35.000Z"],
      ["2025-12-08 09:36:35+01:00", "2025-12-08T08:36:35.000Z"],
      ["2025-12-08T08:36:35-00:00", "2025-12-08T08:36:35.000Z"],
      ["2025-12-08T08:36:35.123456789Z", "2025-12-08T08:36:35.123Z"],
      ["0050-03-01T00:00:00Z", "0050-03-01T00:00:00.000Z"],
    ] as const)
      expect(parseValidationTime(v).toISOString(), v).toBe(iso);
  });

  it("the command line says the same, on --at", () => {
    const r = runCli(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--at", "2025-12-08T24:00:00Z"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^sealcheck: --at: "2025-12-08T24:00:00Z" is not an RFC 3339 date-time/);
    const leap = runCli(["verify", "samples/valid/archive.pdf", "--trust", "samples/trust", "--at", "2025-12-31T23:59:60Z", "--summary"]);
    expect(leap.stdout).toMatch(/Validation time +2026-01-01 00:00:00 UTC/);
  });
});
