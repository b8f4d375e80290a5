// Fast unit tests per check: each check is a function of the facts it needs, so each outcome is shown from
// facts built here, without files, a PKI or the pipeline (the samples, fuzz and cross-tool rings cover those).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { PkiSession } from "../../src/pki/session.js";
import { parseWorkflowClaims } from "../../src/evidence/workflow-token.js";
import { DEFAULT_ARCHIVE_OPTIONS, evidenceTime, runValidationTime, type CheckEnv } from "../../src/checks/facts.js";
import { checkCounts } from "../../src/checks/counts.js";
import { checkDocumentDigests } from "../../src/checks/document-digests.js";
import { checkTokenClaims } from "../../src/checks/token-claims.js";
import { signedClaims } from "../../src/checks/seal-timestamp.js";
import { checkTokenSignature } from "../../src/checks/token-signature.js";
import { checkJsonFields } from "../../src/checks/attachments.js";
import type { OriginalFile } from "../../src/input/originals.js";
import type { CompactJws } from "../../src/input/jws.js";

const env: CheckEnv = {
  limits: DEFAULT_LIMITS,
  pki: new PkiSession(DEFAULT_LIMITS),
  trust: { anchors: [], intermediates: [], roles: {} } as never,
  options: DEFAULT_ARCHIVE_OPTIONS,
  validationTime: { time: new Date("2025-12-08T08:36:40Z"), source: "at-option" },
};
const sample = JSON.parse(readFileSync("samples/valid/workflowtoken.json", "utf8")) as Record<string, string>;
const payload = JSON.parse(Buffer.from(sample.workflowToken!.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
const claims = () => parseWorkflowClaims(payload, DEFAULT_LIMITS);
const file = (path: string, sha256Hex: string): OriginalFile => ({ path, sha256Hex, size: 1, isPdf: true });
const originals = () => claims().documents.map((d) => file(`${d.title}.pdf`, d.sha256Hex));

describe("counts", () => {
  it("passes when the numbers and the numbered claims agree", () => {
    expect(checkCounts({}, { claims: claims() }).status).toBe("passed");
  });
  it("fails on a documents_signed_number that is not the number of document_N claims", () => {
    const c = checkCounts({}, { claims: { ...claims(), documentsSignedNumber: 3 } });
    expect([c.status, c.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(c.message).toContain("documents_signed_number is 3");
  });
  it("fails on workflowResultInfo that disagrees, including whether an OCSP response is included", () => {
    const c = checkCounts({ workflowResultInfo: { signatureCount: 5, ocspReponseIncluded: true } }, { claims: claims(), evidence: {} });
    expect(c.status).toBe("failed");
    expect(c.message).toMatch(/signatureCount is 5.*ocspReponseIncluded is true/);
  });
});

describe("document-digests", () => {
  const opts = { allowExtraOriginals: false };
  it("matches by digest, not by name, and establishes which files matched which document", () => {
    const given = originals().map((o, i) => ({ ...o, path: `renamed-${i}.bin` }));
    const r = checkDocumentDigests(opts, { claims: claims() }, given);
    expect(r.check.status).toBe("passed");
    expect(r.facts.matchedDocuments?.map((m) => [m.index, m.files])).toEqual([
      [1, ["renamed-0.bin"]],
      [2, ["renamed-1.bin"]],
    ]);
  });
  it("an extra file fails with HASH_FAILURE, or warns with --allow-extra-originals", () => {
    const given = [...originals(), file("other.pdf", "0".repeat(64))];
    const strict = checkDocumentDigests(opts, { claims: claims() }, given).check;
    expect([strict.status, strict.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
    expect(checkDocumentDigests({ allowExtraOriginals: true }, { claims: claims() }, given).check.status).toBe("warning");
  });
  it("a missing document is INDETERMINATE/SIGNED_DATA_NOT_FOUND; a changed one (missing and extra) HASH_FAILURE", () => {
    const [first] = originals();
    const missing = checkDocumentDigests(opts, { claims: claims() }, [first!]).check;
    expect([missing.status, missing.subIndication]).toEqual(["indeterminate", "SIGNED_DATA_NOT_FOUND"]);
    const changed = checkDocumentDigests(opts, { claims: claims() }, [first!, file("Husorden.pdf", "f".repeat(64))]).check;
    expect([changed.status, changed.subIndication]).toEqual(["failed", "HASH_FAILURE"]);
  });
  it("names sealed archives among the originals as a slip (a warning on an otherwise passed comparison)", () => {
    const r = checkDocumentDigests(opts, { claims: claims() }, originals(), ["copy/archive.pdf"]);
    expect(r.check.status).toBe("warning");
    expect(r.check.message).toContain('"archive.pdf" is a sealed archive');
    expect(r.facts.sealedArchivesAmongOriginals).toEqual(["copy/archive.pdf"]);
  });
  it("is skipped without originals (without claims it does not run: test/verify/stages.test.ts)", () => {
    expect(checkDocumentDigests(opts, { claims: claims() }, null).check.status).toBe("skipped");
  });
});

describe("token-claims", () => {
  const jws = { payload, header: { alg: "RS256" }, compact: "" } as unknown as CompactJws;
  it("establishes the claims and passes for the broker's test environment", () => {
    const r = checkTokenClaims(env, { jws });
    expect(r.check.status).toBe("passed");
    expect(r.facts.claims?.documents).toHaveLength(2);
  });
});

// a22 D1: the times a seal claims under its signature, each with the earliest instant it can mean; a signature
// timestamp before one proves no time for the seal (test/verify/timestamp-proves-nothing.test.ts).
describe("seal-timestamp: the seal's signed claims of its time", () => {
  const earliest = (c: Parameters<typeof signedClaims>[0]) => signedClaims(c, 60_000).map((x) => [x.what.replace(/ \(.*\)$/, ""), x.earliest.toISOString()]);
  it("a zoned /M, the CMS signingTime and the token's iat, each less the clock skew", () => {
    expect(earliest({ m: "D:20251208083635Z", signingTime: new Date("2025-12-08T08:36:30Z"), iat: Date.parse("2025-12-08T08:36:20Z") / 1000 })).toEqual([
      ["its /M", "2025-12-08T08:35:35.000Z"],
      ["its CMS signingTime", "2025-12-08T08:35:30.000Z"],
      ["the iat of the Workflow token it seals", "2025-12-08T08:35:20.000Z"],
    ]);
    expect(earliest({ m: "D:20251208093635+01'00'" })).toEqual([["its /M", "2025-12-08T08:35:35.000Z"]]);
  });
  it("a /M without its zone may be any local time: 14 hours earlier; a partial date its first instant; junk none", () => {
    expect(earliest({ m: "D:20251208093635" })).toEqual([["its /M", "2025-12-07T19:35:35.000Z"]]);
    expect(earliest({ m: "D:20251208" })).toEqual([["its /M", "2025-12-07T09:59:00.000Z"]]);
    expect(earliest({ m: "yesterday", iat: Number.NaN })).toEqual([]);
  });
});

// A check whose facts are missing does not run: the orchestrator writes it skipped (test/verify/stages.test.ts),
// and the compiler refuses a call here without them.
describe("token-signature, attachments on bad inputs", () => {
  it("token-signature: FORMAT_FAILURE (and no jws fact) for a token that is not a compact JWS", async () => {
    const r = await checkTokenSignature(env, { token: "not.a-jws" });
    expect([r.check.status, r.check.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(r.facts.jws).toBeUndefined();
  });
  it("attachments (JSON form): names every missing or undecodable field", () => {
    const r = checkJsonFields(env.pki, { workflowToken: "", ocspResponse: "not base64!", publicSigningCertPem: sample.publicSigningCertPem });
    expect([r.check.status, r.check.subIndication]).toEqual(["failed", "FORMAT_FAILURE"]);
    expect(r.check.message).toMatch(/"workflowToken" is missing or empty.*"ocspResponse" is not standard base64/);
    expect(r.facts.tokenCert).toBeDefined();
  });
});

describe("validation time", () => {
  it("the validation time is --at, else the clock the run started with", () => {
    const at = new Date("2030-01-01T00:00:00Z");
    const now = new Date("2056-11-28T00:00:00Z");
    expect(runValidationTime({ at }, now)).toEqual({ time: at, source: "at-option" });
    expect(runValidationTime({}, now)).toEqual({ time: now, source: "current-time" });
  });

  it("the sealed evidence is judged at the proven sealing time, else --at, else the token's iat, else the validation time", () => {
    const at = new Date("2030-01-01T00:00:00Z");
    const ts = new Date("2025-12-08T08:36:35Z");
    const now = { time: new Date("2056-11-28T00:00:00Z"), source: "current-time" as const };
    const c = claims();
    const e = (o: { at?: Date }) => ({ options: { ...DEFAULT_ARCHIVE_OPTIONS, ...o }, validationTime: now });
    expect(evidenceTime(e({ at }), { sealTimestamp: ts, claims: c })).toEqual({ time: ts, source: "seal-timestamp" });
    expect(evidenceTime(e({ at }), { claims: c }).source).toBe("at-option");
    expect(evidenceTime(e({}), { claims: c }).source).toBe("token-iat");
    expect(evidenceTime(e({}), {})).toEqual(now);
  });
});
