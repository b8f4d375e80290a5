// The Workflow-token JSON forms carry no proof of existence (attack36 J1): their token checks are judged at the
// time the token claims (iat), and check "long-term" judges the token's certificate, its path and its OCSP
// response's signer at the validation time, as EU DSS judges a signature without one. EU DSS 5.13 (default
// policy) on the JSON's analogue, a B-B PAdES signed by the sample token certificate carrying the token's OCSP
// response: now INDETERMINATE/REVOCATION_OUT_OF_BOUNDS_NO_POE ("The current time is not in the validity range
// of the certificate of the issuer of the revocation information"), at 2027-07-01 INDETERMINATE/
// OUT_OF_BOUNDS_NOT_REVOKED, at the claimed time TOTAL_PASSED. Every test states the time it means.
import { describe, expect, it } from "vitest";
import { createSession, renderArchiveHtml, renderArchiveHuman, verifyArchive } from "../../src/index.js";
import { withShortTokenSigner } from "../../scripts/generator/index.js";
import { check, testPki, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";
import { runCli } from "../helpers/cli.js";

const SAMPLE = "samples/valid/workflowtoken.json";
const ORIGINALS = "samples/valid/originals";
const IAT = "2025-12-08T08:36:35Z";
const at = (iso: string) => new Date(iso);
/** Verified as of `now` (the session's clock): the default validation time, no --at. */
const verifyAsOf = (evidence: string, originals: string, now: string) =>
  verifyArchive({ evidence, originals: [originals], session: createSession({ trust: [trustDirectory()], clock: () => at(now) }) });

describe("the Workflow-token JSON has no proof of existence (attack36 J1)", () => {
  it("now: its OCSP responder's certificate expired long ago, so INDETERMINATE/REVOCATION_OUT_OF_BOUNDS_NO_POE (as EU DSS)", async () => {
    const r = await verifyAsOf(SAMPLE, ORIGINALS, "2026-06-01T00:00:00Z");
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "REVOCATION_OUT_OF_BOUNDS_NO_POE", ["long-term"]]);
    expect(r.validationTimeSource).toBe("current-time");
    const lt = check(r, "long-term");
    expect(lt.message).toMatch(
      /carries no timestamp.*At the validation time 2026-06-01T00:00:00Z the certificate of the OCSP response's signer \(".*OCSP 1"\) has expired \(2025-12-11T12:00:00Z\).*its iat 2025-12-08T08:36:35Z is only claimed/,
    );
    // The token checks are still judged at the time the token claims.
    expect(check(r, "token-certificate").status).toBe("passed");
    expect(check(r, "ocsp-freshness").status).toBe("passed");
  });

  it("--at the claimed time: TOTAL-PASSED, judged at a claimed time, said in the report and both statements", async () => {
    const r = await verifyArchive({ evidence: SAMPLE, originals: [ORIGINALS], trust: [trustDirectory()], at: IAT });
    expect([r.indication, r.validationTimeSource]).toEqual(["TOTAL-PASSED", "at-option"]);
    const lt = check(r, "long-term");
    expect(lt.status).toBe("skipped");
    expect(lt.message).toMatch(
      /Judged at a claimed time: --at 2025-12-08T08:36:35Z asks whether this token would have passed at that time, not whether it existed then/,
    );
    expect(lt.details).toMatchObject({ judgedAtClaimedTime: true, claimedTime: IAT });
    const human = renderArchiveHuman(r, { colour: false }).replace(/\s+/g, " ");
    expect(human).toMatch(/Validation time 2025-12-08 08:36:35 UTC \(judged at a claimed time, --at\)/);
    const html = renderArchiveHtml(r).replace(/\s+/g, " ");
    expect(html).toMatch(/validation time 2025-12-08 08:36:35 UTC \(judged at a claimed time, --at\)/);
    // The CLI: exit 0 with --at; exit 2 (INDETERMINATE) without, as contract.md maps it.
    expect(runCli(["verify", SAMPLE, ORIGINALS, "--trust", trustDirectory(), "--at", IAT]).code).toBe(0);
    const now = runCli(["verify", SAMPLE, ORIGINALS, "--trust", trustDirectory(), "--json"]);
    expect(now.code).toBe(2);
    expect(JSON.parse(now.stdout)).toMatchObject({ indication: "INDETERMINATE", subIndication: "REVOCATION_OUT_OF_BOUNDS_NO_POE" });
  });

  it("an OCSP response signed by the CA itself (valid for years): judged as of now it passes, with a warning that its data is of the claimed time", async () => {
    const w = await writeTokenEvidence({ ocsp: { responder: testPki().tokenCa } });
    const r = await verifyAsOf(w.json, w.originals, "2026-06-01T00:00:00Z");
    expect(r.indication).toBe("TOTAL-PASSED");
    const lt = check(r, "long-term");
    expect(lt.status).toBe("warning");
    expect(lt.message).toMatch(
      /Judged at the validation time 2026-06-01T00:00:00Z.*the OCSP of .* says it is not revoked; that response is of the time the token claims .*a revocation since then would not show/,
    );
  });

  it("after the token certificate expired (2027-06-01): INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED (as EU DSS)", async () => {
    const pki = withShortTokenSigner(testPki());
    const w = await writeTokenEvidence({ pki, ocsp: { responder: pki.tokenCa } });
    const r = await verifyAsOf(w.json, w.originals, "2027-07-01T00:00:00Z");
    expect([r.indication, r.subIndication, r.decidedBy]).toEqual(["INDETERMINATE", "OUT_OF_BOUNDS_NOT_REVOKED", ["long-term"]]);
    expect(check(r, "long-term").message).toMatch(
      /the token certificate has expired \(2027-06-01T00:00:00Z\), and no proof of existence shows the token was made while it was valid/,
    );
    // At the time it claims it still passes, labelled so.
    const then = await verifyArchive({ evidence: w.json, originals: [w.originals], trust: [trustDirectory()], at: IAT });
    expect(then.indication).toBe("TOTAL-PASSED");
  });

  it("a token certificate revoked after the time the token claims: INDETERMINATE/REVOKED_NO_POE at a later validation time", async () => {
    const pki = testPki();
    const revokedAt = at("2026-05-01T00:00:00Z");
    // The CA's answer of the day after the revocation, beside a token that claims a time before it.
    const w = await writeTokenEvidence({
      ocsp: {
        responder: pki.tokenCa,
        producedAt: at("2026-05-02T00:00:00Z"),
        status: { revokedAt, reason: 1 },
      },
    });
    const r = await verifyAsOf(w.json, w.originals, "2026-06-01T00:00:00Z");
    expect(r.indication).toBe("INDETERMINATE");
    const lt = check(r, "long-term");
    expect([lt.status, lt.subIndication]).toEqual(["indeterminate", "REVOKED_NO_POE"]);
    expect(lt.message).toMatch(
      /says it was revoked at 2026-05-01T00:00:00Z, before the validation time 2026-06-01T00:00:00Z, and no proof of existence shows the token was made before the revocation/,
    );
    expect(r.decidedBy).toContain("long-term");
  });
});
