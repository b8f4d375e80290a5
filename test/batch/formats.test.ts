// The published JSON Schemas hold for what sealcheck writes (reports of every sample, batch lines), and
// refuse what it must not write; verify-batch's JUnit XML and CSV list every archive, safely escaped.
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/fixtures.js";
import { csvField, junitXml } from "../../src/batch/formats.js";
import { runCli as run } from "../helpers/cli.js";
import { hasShared } from "../helpers/shared.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const REAL_LISTS = hasShared("tl/EU.xml", "test/batch/formats.test.ts, verify-tl --json on the real lists");

function validators() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
  addFormats(ajv);
  const report = JSON.parse(readFileSync("schemas/report.schema.json", "utf8")) as { $id: string };
  const line = JSON.parse(readFileSync("schemas/batch-line.schema.json", "utf8")) as { $id: string };
  ajv.addSchema(report);
  ajv.addSchema(line);
  return { report: ajv.getSchema(report.$id)!, line: ajv.getSchema(line.$id)! };
}

describe("JSON Schemas (schemas/, published in the package)", () => {
  const v = validators();

  it("every batch line over all samples, and each embedded report, is valid", () => {
    const out = join(tempDir("schema-"), "results.jsonl");
    const r = run(["verify-batch", "samples", "--trust", "samples/trust", "--allow-missing-originals", "--out", out, "--format", "json"]);
    expect([0, 1, 2, 3]).toContain(r.code);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(30);
    for (const l of lines) expect(v.line(l), `${String(l.evidence)}: ${JSON.stringify(v.line.errors)}`).toBe(true);
    expect(lines.some((l) => l.indication === "TOTAL-PASSED")).toBe(true);
    expect(lines.some((l) => l.indication === "TOTAL-FAILED")).toBe(true);
  });

  it("verify --json reports are valid; the schema refuses what sealcheck must not write", () => {
    const good = JSON.parse(run(["verify", "samples/valid/archive.pdf", "samples/valid/originals", "--trust", "samples/trust", "--json"]).stdout) as Record<
      string,
      unknown
    >;
    expect(v.report(good), JSON.stringify(v.report.errors)).toBe(true);
    const bad = JSON.parse(
      run([
        "verify",
        "samples/tampered/original-changed/workflowtoken.json",
        "samples/tampered/original-changed/originals",
        "--trust",
        "samples/trust",
        "--json",
      ]).stdout,
    ) as Record<string, unknown>;
    expect(v.report(bad), JSON.stringify(v.report.errors)).toBe(true);
    // Can fail: an unknown indication, a passed verdict with a sub-indication, a failed one naming no check.
    expect(v.report({ ...good, indication: "PASSED" })).toBe(false);
    expect(v.report({ ...good, subIndication: "HASH_FAILURE" })).toBe(false);
    expect(v.report({ ...bad, decidedBy: [] })).toBe(false);
    expect(v.report({ ...good, evidence: { file: "x", format: "pades-pdf", sha256: "XYZ" } })).toBe(false);
    const line = {
      index: 0,
      evidence: "a.pdf",
      originals: [],
      indication: "TOTAL-PASSED",
      subIndication: null,
      decidedBy: [],
      exitCode: 3,
      durationMs: 1,
      report: null,
      error: null,
      errorCode: null,
    };
    expect(v.line(line)).toBe(false); // no verdict must carry its reason
    expect(v.line({ ...line, indication: null, error: "a.pdf: no such file", errorCode: "ERR_FILE_NOT_FOUND" })).toBe(true);
  });

  it("the report of verify-id-token --json (the receiver's sample) is valid too", () => {
    const r = run([
      "verify-id-token",
      "samples/receiver/id-token.jwt",
      "--issuer",
      "test",
      "--audience",
      "DK11111111",
      "--jwks",
      "samples/receiver/jwks.json",
      "--at",
      "2025-12-08T08:37:00Z",
      "--json",
    ]);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report.kind).toBe("id-token");
    expect(v.report(report), JSON.stringify(v.report.errors)).toBe(true);
    expect(v.report({ ...report, checks: [] })).toBe(false);
  });

  it.skipIf(!REAL_LISTS)("the reports of verify-tl --json are valid, passed or not; a failed one may not carry services", () => {
    const pin = ["--trust", "test/fixtures/tl/lotl-signer-2019.pem"];
    const passed = JSON.parse(run(["verify-tl", "../shared/tl/ES.xml", "--lotl", "../shared/tl/EU.xml", ...pin, "--json"]).stdout) as Record<string, unknown>;
    expect([passed.kind, passed.indication]).toEqual(["trusted-list", "TOTAL-PASSED"]);
    expect(v.report(passed), JSON.stringify(v.report.errors)).toBe(true);
    for (const args of [["../shared/tl/EU.xml"], ["../shared/tl/eu-lotl-not-parseable.xml", ...pin]]) {
      const report = JSON.parse(run(["verify-tl", ...args, "--json"]).stdout) as Record<string, unknown>;
      expect(report.indication).not.toBe("TOTAL-PASSED");
      expect(v.report(report), JSON.stringify(v.report.errors)).toBe(true);
      expect(v.report({ ...report, providers: passed.providers })).toBe(false);
    }
  });
});

describe("verify-batch --format junit|csv", () => {
  it("one test case / row per archive, in input order; failures and no-verdicts told apart; names escaped", () => {
    const root = tempDir("formats-");
    const odd = join(root, `=HYPERLINK("x")&<b>"`);
    mkdirSync(odd, { recursive: true });
    cpSync("samples/valid/archive.pdf", join(odd, "archive.pdf"));
    cpSync("samples/valid/originals", join(odd, "originals"), { recursive: true });
    cpSync("samples/tampered/original-changed", join(root, "changed"), { recursive: true });
    mkdirSync(join(root, "lost"));
    cpSync("samples/valid/workflowtoken.json", join(root, "lost/workflowtoken.json"));

    const j = run(["verify-batch", root, "--trust", "samples/trust", "--format", "junit"]);
    expect(j.code).toBe(1); // the exit code still follows the worst verdict
    expect(j.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="sealcheck verify-batch" tests="3" failures="1" errors="1"/);
    expect(j.stdout.match(/<testcase /g)).toHaveLength(3);
    expect(j.stdout).toMatch(/<failure type="TOTAL-FAILED" message="TOTAL-FAILED\/HASH_FAILURE">decided by: document-digests/);
    expect(j.stdout).toMatch(/<error type="ERR_LAYOUT" message="[^"]*lost\/workflowtoken\.json: no originals\/ folder/);
    expect(j.stdout).toContain("=HYPERLINK(&quot;x&quot;)&amp;&lt;b&gt;&quot;");
    expect(j.stdout).not.toContain("<b>");

    const c = run(["verify-batch", root, "--trust", "samples/trust", "--format", "csv"]);
    const rows = c.stdout.split("\r\n").filter(Boolean);
    expect(rows[0]).toBe("index,evidence,originals,indication,subIndication,decidedBy,exitCode,durationMs,error,errorCode");
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r.split(",")[0])).toEqual(["index", "0", "1", "2"]);
    expect(c.stdout).toMatch(/TOTAL-FAILED,HASH_FAILURE,document-digests,1,/);
    expect(c.stdout).toMatch(/NO-VERDICT,,,3,[\d.]+,.*ERR_LAYOUT/);
  });

  it("a value a spreadsheet would run as a formula is quoted as text; control characters never reach XML", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField(-3)).toBe("-3");
    const xml = junitXml([
      {
        evidence: "a\u0001b",
        originals: [],
        indication: null,
        subIndication: null,
        exitCode: 3,
        durationMs: 0,
        error: "x\u001b[31m",
        errorCode: "ERR_INTERNAL",
      },
    ]);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(xml).toContain('tests="1" failures="0" errors="1"');
  });
});
