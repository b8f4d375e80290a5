// Issue 15 item 4: no internal error from input. Every numeric and date field of both token kinds, and the
// options that add to them, driven through the extremes (property-based, fast-check): the result is always
// a report (or, for an option, a usage error naming it), never an exception escaping a check. Signatures
// are genuine, so every check downstream of the signature runs on the extreme values.
import { readFileSync } from "node:fs";
import { CompactSign } from "jose";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { loadTrustStore, type TrustStore } from "../../src/index.js";
import { renderArchiveHuman } from "../../src/index.js";
import { renderArchiveHtml } from "../../src/index.js";
import { renderIdTokenReport } from "../../src/index.js";
import { verifyIdToken } from "../../src/index.js";
import { staticKeys } from "../../src/index.js";
import { MemoryReplayStore } from "../../src/index.js";
import { SealcheckError } from "../../src/index.js";
import { MAX_TIME_CLAIM_SECONDS } from "../../src/time.js";
import { thumbprint } from "../../scripts/generator/token.js";
import { testPki, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";
import { AUDIENCE, ISSUER, SENDER, jwksOf, makeKey, mint, publicJwk, type TestKey } from "../idtoken/helpers.js";

const INDICATIONS = ["TOTAL-PASSED", "TOTAL-FAILED", "INDETERMINATE"];

const extremeNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1e-7,
    8.64e12,
    8.64e12 + 1,
    8.64e15,
    MAX_TIME_CLAIM_SECONDS,
    MAX_TIME_CLAIM_SECONDS + 1,
    2 ** 53 - 1,
    2 ** 53,
    1e21,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.maxSafeInteger(),
);
const extremeDigits = fc.oneof(
  fc.stringMatching(/^[0-9]{1,30}$/),
  fc.constantFrom("0", "99999999999999", "999999999999999999", "253402300799", "253402300800", "9007199254740993", "-1", "1e21", " 1", "", "0x10"),
);
const extremeValue = fc.oneof(extremeNumber, extremeDigits, fc.constantFrom(null, true, undefined));

function internalErrors(checks: readonly { details?: Record<string, unknown> }[]): unknown[] {
  return checks.map((c) => c.details?.internalError).filter((x) => x !== undefined);
}

describe("Workflow token: expiry, documents_signed_number, signatures_number, iat, nbf, exp at the extremes", () => {
  let base: Record<string, unknown>;
  let payload: Record<string, unknown>;
  let trust: TrustStore;
  beforeAll(async () => {
    const w = await writeTokenEvidence();
    base = JSON.parse(readFileSync(w.json, "utf8")) as Record<string, unknown>;
    payload = w.evidence.endpointToken.payload;
    trust = loadTrustStore([trustDirectory()]);
  }, 60_000);

  const sign = (p: Record<string, unknown>) => {
    const signer = testPki().tokenSigner;
    return new CompactSign(new TextEncoder().encode(JSON.stringify(p)))
      .setProtectedHeader({ alg: "RS256", kid: thumbprint(signer.der), typ: "JWT" })
      .sign(signer.key);
  };

  it("always a report with a verdict, that every renderer can render; out-of-range claims are FORMAT_FAILURE naming them", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            expiry: extremeValue,
            documents_signed_number: extremeValue,
            signatures_number: extremeValue,
            iat: extremeValue,
            nbf: extremeValue,
            exp: extremeValue,
          },
          { requiredKeys: [] },
        ),
        fc.option(fc.oneof(extremeNumber, fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY)), { nil: undefined }),
        async (fields, skew) => {
          const p: Record<string, unknown> = { ...payload, ...fields };
          for (const [k, v] of Object.entries(fields)) if (v === undefined) delete p[k];
          const jwt = await sign(p);
          const bytes = new TextEncoder().encode(JSON.stringify({ ...base, workflowToken: jwt }));
          let report;
          try {
            report = await verifyArchive({
              evidence: { name: "token.json", bytes },
              trustStore: trust,
              ...(skew !== undefined ? { clockSkewSeconds: skew } : {}),
            });
          } catch (e) {
            // Only the option may be refused, as a usage error naming it.
            expect(e).toBeInstanceOf(SealcheckError);
            expect((e as SealcheckError).code).toBe("ERR_USAGE");
            expect((e as Error).message).toContain("clockSkewSeconds");
            return;
          }
          expect(internalErrors(report.checks)).toEqual([]);
          expect(INDICATIONS).toContain(report.indication);
          expect(() => renderArchiveHuman(report, { colour: false })).not.toThrow();
          expect(() => renderArchiveHtml(report)).not.toThrow();
          const claims = report.checks.find((c) => c.id === "token-claims")!;
          const problems = ((claims.details?.problems as string[] | undefined) ?? []).join("; ");
          const ex = fields.expiry;
          if (typeof ex === "string" && /^[0-9]{1,18}$/.test(ex) && Number(ex) > MAX_TIME_CLAIM_SECONDS) {
            expect(claims.status).toBe("failed");
            expect(problems).toContain('"expiry"');
          }
          for (const k of ["iat", "nbf", "exp"] as const) {
            const v = fields[k];
            if (typeof v === "number" && (v > MAX_TIME_CLAIM_SECONDS || v < 0)) {
              expect(claims.status, `${k}=${v}`).toBe("failed");
              expect(claims.subIndication).toBe("FORMAT_FAILURE");
              expect(problems).toContain(`"${k}"`);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("ID token: exp, iat, nbf and the tolerance/age options at the extremes", () => {
  let key: TestKey;
  beforeAll(async () => {
    key = await makeKey();
  });

  it("always a report (replay store included), or a usage error naming the option", async () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const nowSec = at.getTime() / 1000;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ exp: extremeValue, iat: extremeValue, nbf: extremeValue }, { requiredKeys: [] }),
        fc.option(fc.oneof(extremeNumber, fc.constant(Number.NaN)), { nil: undefined }),
        fc.option(fc.oneof(extremeNumber, fc.constant(Number.NaN)), { nil: undefined }),
        fc.boolean(),
        async (times, clockToleranceSec, maxAgeSec, useAt) => {
          const token = mint(key, { nbf: nowSec - 10, iat: nowSec - 10, exp: nowSec + 290, ...times });
          const options = {
            issuer: ISSUER,
            audience: AUDIENCE,
            sender: [SENDER],
            keys: staticKeys(jwksOf(publicJwk(key))),
            replayStore: new MemoryReplayStore({ now: () => at.getTime() }),
            ...(useAt ? { at } : {}),
            ...(clockToleranceSec !== undefined ? { clockToleranceSec } : {}),
            ...(maxAgeSec !== undefined ? { maxAgeSec } : {}),
          };
          let report;
          try {
            report = await verifyIdToken(token, options);
          } catch (e) {
            expect(e).toBeInstanceOf(SealcheckError);
            expect((e as SealcheckError).code).toBe("ERR_USAGE");
            expect((e as Error).message).toMatch(/clockToleranceSec|maxAgeSec/);
            return;
          }
          expect(internalErrors(report.checks)).toEqual([]);
          expect(INDICATIONS).toContain(report.indication);
          expect(() => renderIdTokenReport(report, { colour: false })).not.toThrow();
          for (const k of ["exp", "iat", "nbf"] as const) {
            const v = times[k];
            if (typeof v === "number" && (v > MAX_TIME_CLAIM_SECONDS || v < 0)) {
              const lifetime = report.checks.find((c) => c.id === "lifetime")!;
              expect(lifetime.status, `${k}=${v}`).toBe("failed");
              expect(lifetime.subIndication).toBe("FORMAT_FAILURE");
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("the replay store's expiry stays a valid date at the latest exp and tolerance accepted", async () => {
    const exp = MAX_TIME_CLAIM_SECONDS;
    const at = new Date("2026-01-01T00:00:00Z");
    const token = mint(key, { nbf: at.getTime() / 1000 - 10, iat: at.getTime() / 1000 - 10, exp });
    const seen: Date[] = [];
    const report = await verifyIdToken(token, {
      issuer: ISSUER,
      audience: AUDIENCE,
      sender: [SENDER],
      keys: staticKeys(jwksOf(publicJwk(key))),
      clockToleranceSec: 100 * 366 * 86_400,
      replayStore: { markUsed: async (_k, d) => (seen.push(d), true) },
    });
    expect(internalErrors(report.checks)).toEqual([]);
    expect(seen.every((d) => Number.isFinite(d.getTime()))).toBe(true);
    await expect(
      verifyIdToken(token, { issuer: ISSUER, audience: AUDIENCE, keys: staticKeys(jwksOf(publicJwk(key))), clockToleranceSec: 1e300 }),
    ).rejects.toMatchObject({ code: "ERR_USAGE" });
  });
});
