// The validation policy's sealModifications (a16 E1's rest): iText's LTV update of a sealed archive (a DSS, the
// catalog's /Version, /Info /ModDate and /Producer rewritten, as PdfStamper writes them) is TOTAL-FAILED under the
// default policy (pdfinfo prints those keys) and, with the shipped schemas/crypto-policy.ltv-writers.json, passes
// as EU DSS passes it, each change named in seal-modifications' warning. The shipped file is the default's dates.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { DEFAULT_CRYPTO_POLICY, parseCryptoPolicy } from "../../src/pki/algorithms.js";
import { appendRaw } from "../../scripts/attack-s4/raw.js";
import { check, tempDir, trustDirectory } from "../helpers/fixtures.js";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import policySchema from "../../schemas/crypto-policy.schema.json" with { type: "json" };

const LTV_WRITERS = "schemas/crypto-policy.ltv-writers.json";

describe("a validation policy that follows EU DSS on LTV writers' updates", () => {
  const base = new Uint8Array(readFileSync("samples/valid/archive.pdf"));
  const id = /\/ID\s*(\[[^\]]*\])/.exec(Buffer.from(base).toString("latin1"))![1];
  const catalog =
    "<< /AcroForm 25 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 5 >> >> /Names << /EmbeddedFiles 24 0 R >> /Pages 1 0 R /Perms << /DocMDP 22 0 R >> /Type /Catalog /DSS 40 0 R /Version /1.7 >>";
  const info = (title = "") => `<< /CreationDate (D:20251208083635Z) /ModDate (D:20261129010000Z) /Producer (iText 5.5.13)${title} >>`;
  const itext = (title = "") =>
    appendRaw(
      base,
      [
        { num: 2, body: catalog },
        { num: 3, body: info(title) },
        { num: 40, body: "<< /Certs [] >>" },
      ],
      `/Root 2 0 R /Info 3 0 R /ID ${id}`,
    );
  const verify = (pdf: Uint8Array, policy?: string) =>
    verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust: [trustDirectory()], ...(policy ? { cryptoPolicy: policy } : {}) });

  it("the shipped file is the default's dates with all five allowances; the default allows none", () => {
    const json: unknown = JSON.parse(readFileSync(LTV_WRITERS, "utf8"));
    const ajv = new Ajv2020.default({ strict: false });
    addFormats.default(ajv);
    expect(ajv.validate(policySchema, json), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validate(policySchema, { ...(json as object), sealModifications: { allowedWithLtvUpdate: ["info-title"] } })).toBe(false);
    const p = parseCryptoPolicy(json);
    expect([...p.digests]).toEqual([...DEFAULT_CRYPTO_POLICY.digests]);
    expect(p.keys).toEqual(DEFAULT_CRYPTO_POLICY.keys);
    expect(p.reviewed).toEqual(DEFAULT_CRYPTO_POLICY.reviewed);
    expect(p.approvalSignatures).toEqual(DEFAULT_CRYPTO_POLICY.approvalSignatures);
    expect(p.sealModifications.allowedWithLtvUpdate).toEqual([
      "info-mod-date",
      "info-producer",
      "version-raised",
      "acroform-da-dr-added",
      "doc-timestamp-widget-dr",
    ]);
    expect(DEFAULT_CRYPTO_POLICY.sealModifications.allowedWithLtvUpdate).toEqual([]);
    expect(() => parseCryptoPolicy({ ...JSON.parse(readFileSync(LTV_WRITERS, "utf8")), sealModifications: { allowedWithLtvUpdate: ["info-title"] } })).toThrow(
      /allowedWithLtvUpdate\[0\]: expected one of info-mod-date/,
    );
  });

  it("iText's LTV update: TOTAL-FAILED by default, TOTAL-PASSED with the policy and a warning naming each change and the policy", async () => {
    const pdf = itext();
    const d = await verify(pdf);
    expect([d.indication, d.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    const r = await verify(pdf, LTV_WRITERS);
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-modifications");
    expect(c.status).toBe("warning");
    expect(c.message).toContain('/Info /Producer changed from "sealcheck sample generator (test PAdES, iText-like)" to "iText 5.5.13" (revision 2)');
    expect(c.message).toContain("the catalog's /Version changed from none to /1.7");
    expect(c.message).toContain('allowed by policy "sealcheck default, and LTV writer updates as in EU DSS 5.13.1"');
    expect(r.verification?.options.cryptoPolicy?.name).toBe("sealcheck default, and LTV writer updates as in EU DSS 5.13.1");
  });

  it("with the policy, a changed /Title beside them stays TOTAL-FAILED", async () => {
    const r = await verify(itext(" /Title (Rent 1 DKK)"), LTV_WRITERS);
    expect([r.indication, r.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
  });
});

// iText 5's own document timestamp (test/fixtures/itext5/README.md): its field, merged with its invisible widget, carries
// an empty /DR, which no allowance listed (h9b's "not done"): with the shipped policy it stayed TOTAL-FAILED, "a
// signature field was added (not a document timestamp: it has /DR)". EU DSS passes it (the field's creation is
// "extension"). Now an allowance of its own, doc-timestamp-widget-dr, named in the warning; the default allows none.
describe("iText 5's document timestamp, as iText 5 writes it", () => {
  const pdf = new Uint8Array(readFileSync("test/fixtures/itext5/doc-timestamp.pdf"));
  const verify = (policy?: string) =>
    verifyArchive({ evidence: { name: "archive.pdf", bytes: pdf }, trust: [trustDirectory()], ...(policy ? { cryptoPolicy: policy } : {}) });

  it("TOTAL-FAILED by default; TOTAL-PASSED with the shipped policy, the empty /DR named; without that allowance TOTAL-FAILED", async () => {
    const d = await verify();
    expect([d.indication, d.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    expect(check(d, "seal-modifications").message).toContain("the document timestamp's field has an empty /DR (default resources)");
    const r = await verify(LTV_WRITERS);
    expect(r.indication).toBe("TOTAL-PASSED");
    const c = check(r, "seal-modifications");
    expect(c.status).toBe("warning");
    expect((c.details as { allowedByPolicy: { changes: { change: string }[] } }).allowedByPolicy.changes.map((x) => x.change).sort()).toEqual([
      "acroform-da-dr-added",
      "acroform-da-dr-added",
      "doc-timestamp-widget-dr",
      "info-mod-date",
      "info-producer",
      "version-raised",
    ]);
    expect(check(r, "document-timestamps").status).not.toBe("failed");
    // h9b's four allowances alone: the /DR is the one change left.
    const dir = tempDir();
    const four = join(dir, "four.json");
    const json = JSON.parse(readFileSync(LTV_WRITERS, "utf8")) as { sealModifications: { allowedWithLtvUpdate: string[] } };
    json.sealModifications.allowedWithLtvUpdate = json.sealModifications.allowedWithLtvUpdate.filter((x) => x !== "doc-timestamp-widget-dr");
    writeFileSync(four, JSON.stringify(json));
    const f = await verify(four);
    expect([f.indication, f.subIndication]).toEqual(["TOTAL-FAILED", "HASH_FAILURE"]);
    expect(check(f, "seal-modifications").message).toContain("empty /DR");
  }, 60_000);
});
