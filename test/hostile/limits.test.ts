// Hostile inputs through the library boundary: every one gives a report (or a typed error) in bounded time,
// never TOTAL-PASSED; each limit, when hit, is named in the message with how to raise it.
import { describe, expect, it } from "vitest";
import { SealcheckError } from "../../src/index.js";
import { DEFAULT_LIMITS } from "../../src/index.js";
import { LIMIT_NAMES, resolveLimits } from "../../src/api/internal.js";
import { pemBlocks } from "../../src/pki/certificate.js";
import { loadTrustStore } from "../../src/index.js";
import type { ArchiveReport } from "../../src/index.js";
import { verifyArchive, type VerifyArchiveOptions } from "../../src/index.js";
import { check, trustDirectory, writeTokenEvidence } from "../helpers/fixtures.js";
import { deepJson, deepPdfNesting, flateBombAttachment, junk, kidsLoop, padesB64LineBreaks, pemBeginsWithoutEnd, validPdf, validTokenJson } from "./inputs.js";

const trustStore = () => loadTrustStore([trustDirectory()], []);

async function verify(name: string, bytes: Uint8Array | string, extra: Partial<VerifyArchiveOptions> = {}): Promise<ArchiveReport> {
  // A hang is caught by the test's timeout (vitest.config.ts), not by a timed assertion.
  const r = await verifyArchive({ evidence: { name, bytes: typeof bytes === "string" ? Buffer.from(bytes) : bytes }, trustStore: trustStore(), ...extra });
  expect(r.indication).not.toBe("TOTAL-PASSED");
  for (const c of r.checks) expect(c.details && "internalError" in c.details, `${c.id}: ${c.message}`).toBeFalsy();
  return r;
}

const messages = (r: ArchiveReport) => r.checks.map((c) => `${c.id}: ${c.message}`).join("\n");

describe("hostile PDFs", () => {
  it("a string longer than maxPdfStringBytes is refused naming the limit", async () => {
    const t = await verify("archive.pdf", validPdf(), { limits: { maxPdfStringBytes: 1000 } });
    expect(messages(t)).toMatch(/longer than 1000 bytes.*maxPdfStringBytes: raise it with --limit maxPdfStringBytes=<n>/);
  });

  it("many revisions after the seal are compared within maxComparedObjects, and the limit names itself", async () => {
    const r = await verify("archive.pdf", Buffer.from(flateBombAttachment(1)), { limits: { maxComparedObjects: 5 } });
    expect(messages(r)).toMatch(/more than 5 objects are reachable.*maxComparedObjects: raise it with --limit maxComparedObjects=<n>/);
  });

  it("a Flate bomb replacing the token attachment in a later revision: stops at the limit, reported as replaced", async () => {
    const r = await verify("bomb.pdf", flateBombAttachment(256));
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(check(r, "attachments").message).toMatch(/"workflow_token\.jwt" was replaced after sealing/);
  });

  it("the same bomb with a lower maxDecodedStreamBytes; and many decodes add up against maxTotalDecodedBytes", async () => {
    const r = await verify("bomb.pdf", flateBombAttachment(8), { limits: { maxDecodedStreamBytes: 1024 * 1024 } });
    expect(r.indication).toBe("TOTAL-FAILED");
    const t = await verify("archive.pdf", validPdf(), { limits: { maxTotalDecodedBytes: 4096 } });
    expect(messages(t)).toMatch(/maxTotalDecodedBytes: raise it with --limit maxTotalDecodedBytes=<n>/);
  });

  it("a /Kids loop in the page tree of a later revision", async () => {
    const r = await verify("loop.pdf", kidsLoop());
    expect(r.indication).toBe("TOTAL-FAILED");
  });

  it("arrays nested 200,000 deep: a LimitError naming maxPdfDepth, not a stack overflow", async () => {
    const r = await verify("deep.pdf", deepPdfNesting());
    expect(r.indication).toBe("TOTAL-FAILED");
    expect(messages(r)).toMatch(/maxPdfDepth/);
  });

  it("binary junk, an empty file, a PDF header and nothing else", async () => {
    for (const [name, bytes] of [
      ["junk.bin", junk()],
      ["empty.pdf", new Uint8Array()],
      ["header.pdf", Buffer.from("%PDF-1.7\n")],
    ] as const) {
      const r = await verify(name, bytes);
      expect(r.indication).toBe("TOTAL-FAILED");
      expect(r.subIndication).toBe("FORMAT_FAILURE");
    }
  });

  it("the evidence size limit: a typed error naming the limit", async () => {
    const { writeFileSync, mkdtempSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const file = join(mkdtempSync(join(tmpdir(), "hostile-")), "archive.pdf");
    writeFileSync(file, validPdf());
    const e = await verifyArchive({ evidence: file, trustStore: trustStore(), limits: { maxEvidenceBytes: 1000 } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SealcheckError);
    expect((e as SealcheckError).code).toBe("ERR_INPUT_TOO_LARGE");
    expect((e as Error).message).toMatch(/maxEvidenceBytes/);
  });
});

describe("hostile JSON and tokens", () => {
  it("JSON nested a million deep: maxJsonDepth, no stack overflow", async () => {
    const r = await verify("deep.json", deepJson());
    expect(r.subIndication).toBe("FORMAT_FAILURE");
    expect(messages(r)).toMatch(/deeper than 64 levels \(limit maxJsonDepth: raise it with --limit maxJsonDepth=<n>/);
  });

  it("padesB64 of 300,000 line breaks and one bad character: refused without quadratic backtracking", async () => {
    const r = await verify("pades.json", padesB64LineBreaks());
    expect(messages(r)).toMatch(/is not base64/);
  });

  it("padesB64 larger than maxEvidenceBytes: refused before decoding", async () => {
    const text = JSON.stringify({ padesDocument: { padesB64: Buffer.from(validPdf()).toString("base64") } });
    const r = await verify("pades.json", text, { limits: { maxEvidenceBytes: 10_000 } });
    expect(messages(r)).toMatch(/maxEvidenceBytes/);
  });

  it("a level-of-assurance claim of 400,000 slashes (read even when the signature fails): linear, reported", async () => {
    const signature = JSON.stringify({
      Created: "2025-12-08T08:31:12.4711093+00:00",
      Id: "a1f4c2d3-5b6e-4f70-8192-a3b4c5d6e7f8",
      SignatureTransactionId: "b1f4c2d3-5b6e-4f70-8192-a3b4c5d6e7f8",
      UserClaims: { loa: `${"/".repeat(400_000)}x` },
    });
    const w = await writeTokenEvidence({ claims: { signature_1: signature } });
    const r = await verifyArchive({ evidence: w.json, trust: [trustDirectory()] });
    expect(r.signatures[0]?.signer?.levelOfAssurance).toBe("x");
  });

  it("a certificate PEM of 200,000 BEGIN lines without END: linear, refused", async () => {
    const r = await verify("workflowtoken.json", pemBeginsWithoutEnd());
    expect(check(r, "attachments").status).toBe("failed");
    expect(pemBlocks("-----BEGIN A-----\n".repeat(1000) + "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----")).toHaveLength(1);
  });

  it("each JSON and JWT limit, lowered, is named in the report", async () => {
    const cases: [Partial<typeof DEFAULT_LIMITS>, RegExp][] = [
      [{ maxJsonDepth: 1 }, /maxJsonDepth/],
      [{ maxJsonBytes: 100 }, /maxJsonBytes/],
      [{ maxJwtBytes: 100 }, /maxJwtBytes/],
      [{ maxDerBytes: 100 }, /maxDerBytes/],
      [{ maxAsn1Depth: 2 }, /maxAsn1Depth/],
      [{ maxAsn1Nodes: 10 }, /maxAsn1Nodes/],
      [{ maxNumberedClaims: 1 }, /.+/],
    ];
    for (const [limits, re] of cases) {
      const r = await verify("workflowtoken.json", validTokenJson(), { limits });
      expect(messages(r)).toMatch(re);
    }
  });

  it("the PDF limits, lowered, are named in the report", async () => {
    for (const [limits, re] of [
      [{ maxRevisions: 1 }, /maxRevisions/, kidsLoop],
      [{ maxPdfObjects: 3 }, /maxPdfObjects/, validPdf],
      [{ maxPdfDepth: 1 }, /maxPdfDepth/, validPdf],
      [{ maxValidationDataItems: 1 }, /seal-certificate: .*maxValidationDataItems/, validPdf],
    ] as const) {
      const r = await verifyArchive({
        evidence: { name: "a.pdf", bytes: re.source.includes("Revisions") ? kidsLoop() : validPdf() },
        trustStore: trustStore(),
        limits,
      });
      expect(r.indication).not.toBe("TOTAL-PASSED");
      expect(messages(r)).toMatch(re);
    }
  });
});

describe("limits are options", () => {
  it("every limit has a documented positive default; unknown names and bad values are usage errors", () => {
    for (const n of LIMIT_NAMES) expect(Number.isSafeInteger(DEFAULT_LIMITS[n]) && DEFAULT_LIMITS[n] > 0).toBe(true);
    expect(() => resolveLimits({ nope: 1 } as never)).toThrow(SealcheckError);
    expect(() => resolveLimits({ maxJsonDepth: 0 })).toThrow(/positive integer/);
    expect(() => resolveLimits({ maxJsonDepth: 1.5 })).toThrow(SealcheckError);
    expect(resolveLimits({ maxJsonDepth: 10 }).maxJsonDepth).toBe(10);
  });

  it("raising a limit lets the genuine evidence pass again", async () => {
    const r = await verifyArchive({
      evidence: { name: "workflowtoken.json", bytes: Buffer.from(validTokenJson()) },
      trustStore: trustStore(),
      limits: { maxJsonDepth: 128, maxDecodedStreamBytes: 2 ** 30 },
      at: "2025-12-08T08:36:35Z", // the time the token claims: the JSON form has no proof of existence (attack36 J1)
    });
    expect(r.indication).toBe("TOTAL-PASSED");
  });
});

describe("times beyond what a Date can hold", () => {
  it("a Workflow token whose iat is 2^53-1 gives a report (no RangeError from a Date)", async () => {
    const { tamperJwtPayload } = await import("../../scripts/generator/index.js");
    const v = JSON.parse(validTokenJson()) as Record<string, string>;
    v.workflowToken = tamperJwtPayload(v.workflowToken!, (p) => ({ ...p, iat: Number.MAX_SAFE_INTEGER, exp: Number.MAX_SAFE_INTEGER }));
    const r = await verify("workflowtoken.json", JSON.stringify(v));
    expect(check(r, "token-claims").status).toBe("failed");
  });
});
