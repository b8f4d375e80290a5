// a11 D2c, second half: a document timestamp token's `certificates` set is unsigned (anyone can add to it) and was
// read under no limit but each token's own: ~5 ms of decoding per certificate, twice per token, for any number of
// timestamps (6,000 junk certificates in two tokens: 31 s). The distinct certificates of the document timestamps'
// tokens now count against maxValidationDataItems per run, before any decoding (src/pki/token-certificates.ts): a
// token past it is not read, so that timestamp is "not decided" (INDETERMINATE, naming the limit), never FAILED; the
// seal, which does not rest on it, is judged as before, and the token's revocation items are still read.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { createCrl, createTimestampToken, generateEcKey, issueCertificate, OIDS, serialBytes, serialFor } from "../../scripts/generator/index.js";
import { withCmsField, withDocTimestamp } from "../../scripts/attack-s8/lib.js";
import { check, tempDir, testPki } from "../helpers/fixtures.js";

const P = testPki();
const key = generateEcKey();
const junk = Array.from({ length: 130 }, (_, i) =>
  issueCertificate({
    subject: [
      [OIDS.country, "DK"],
      [OIDS.commonName, `Junk ${i}`],
    ],
    subjectKey: key,
    notBefore: new Date("2020-01-01T00:00:00Z"),
    notAfter: new Date("2125-01-01T00:00:00Z"),
    serial: serialFor(`d2c-junk-${i}`),
    extensions: [],
  }),
);

/**
 * samples/valid/archive.pdf plus one document timestamp (the test TSA's genuine token) per entry, carrying those
 * certificates too (and `crls` in its unsigned crls field).
 */
function archive(sets: Uint8Array[][], crls: Uint8Array[] = []): string {
  let pdf: Uint8Array = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  for (const [k, part] of sets.entries()) {
    const genTime = new Date(Date.parse("2026-01-10T12:00:00Z") + k * 3600_000);
    const reserve = 32 * 1024 + part.reduce((s, j) => s + j.length, 0);
    pdf = withDocTimestamp(
      pdf,
      P,
      reserve,
      (signed) => {
        const token = withCmsField(createTimestampToken({ tsa: P.tsa, data: signed, genTime, serial: 20260110 + k }), 0xa0, part);
        return crls.length ? withCmsField(token, 0xa1, crls) : token;
      },
      `ArchiveTimestamp${k + 1}`,
    );
  }
  const file = join(tempDir("sealcheck-d2c-"), "archive.pdf");
  writeFileSync(file, pdf);
  return file;
}

// maxValidationDataItems 100 (the default is 1,000): the same rule, with fewer certificates to make.
const run = (file: string, maxValidationDataItems = 100) =>
  verifyArchive({
    evidence: file,
    originals: ["samples/valid/originals"],
    trust: ["samples/trust"],
    at: "2026-03-01T12:00:00Z",
    limits: { maxValidationDataItems },
  });

describe("a11 D2c: the document timestamps' certificates count against one limit per run", () => {
  it("60 + 70 junk certificates (130 > a limit of 100): the second timestamp is not read, INDETERMINATE naming the limit, never FAILED; the seal is judged as before (was TOTAL-PASSED after decoding all)", async () => {
    const r = await run(archive([junk.slice(0, 60), junk.slice(60)]));
    expect([r.indication, r.subIndication]).toEqual(["INDETERMINATE", "GENERIC"]);
    const ts = check(r, "document-timestamps");
    expect(ts.status).toBe("indeterminate");
    expect(ts.message).toContain('Document timestamp in "ArchiveTimestamp2": The timestamp token is not read, so it is not decided');
    expect(ts.message).toContain("maxValidationDataItems");
    const each = (ts.details as { timestamps: { field: string; status: string }[] }).timestamps;
    expect(each.map((t) => [t.field, t.status])).toEqual([
      ["ArchiveTimestamp1", "passed"],
      ["ArchiveTimestamp2", "indeterminate"],
    ]);
    for (const id of ["seal-signature", "seal-certificate", "seal-timestamp"]) expect(check(r, id).status).toBe("passed");
  }, 120_000);

  it("within the limit (40 + 40), and certificates a token repeats (three tokens with the same 90) count once: read, TOTAL-PASSED", async () => {
    expect((await run(archive([junk.slice(0, 40), junk.slice(40, 80)]))).indication).toBe("TOTAL-PASSED");
    const same = junk.slice(0, 90);
    expect((await run(archive([same, same, same]))).indication).toBe("TOTAL-PASSED");
  }, 120_000);

  it("the limit raised (maxValidationDataItems 1,000): 60 + 70 read, TOTAL-PASSED", async () => {
    const r = await run(archive([junk.slice(0, 60), junk.slice(60)]), 1000);
    expect(r.indication).toBe("TOTAL-PASSED");
  }, 120_000);

  it("the token not read still has its revocation items read (its certificates are left out, no signature changes): the seal CA's CRL in it listing the seal revoked before the sealing: TOTAL-FAILED/REVOKED", async () => {
    const crl = createCrl({
      issuer: P.sealRoot,
      number: 77,
      thisUpdate: new Date("2025-12-09T00:00:00Z"),
      nextUpdate: new Date("2025-12-16T00:00:00Z"),
      revoked: [{ serial: serialBytes(P.seal), at: new Date("2025-12-08T08:00:00Z"), reason: 1 }],
    });
    const r = await run(archive([junk], [crl]));
    expect(check(r, "document-timestamps").status).toBe("indeterminate");
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "REVOKED"]);
  }, 120_000);
});
