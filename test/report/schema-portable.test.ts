// Issue 37 (u10): a Python consumer (jsonschema, whose `re` has no \p{..}) could not load the report schema
// once --case-ref/--auditor were used. Every "pattern" of schemas/ keeps to JSON Schema's portable regex
// subset (no Unicode property escapes); the stricter rule lives in code (statementFieldProblem). When
// Python's jsonschema is here, a report with a statement validates through it.
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "../../src/index.js";
import { tempDir } from "../helpers/fixtures.js";

function patterns(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => patterns(x, out));
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      if ((k === "pattern" && typeof x === "string") || k === "patternProperties") out.push(...(typeof x === "string" ? [x] : Object.keys(x as object)));
      patterns(x, out);
    }
  return out;
}

const python = spawnSync("python3", ["-c", "import jsonschema"], { encoding: "utf8" });
const hasPython = python.status === 0;
if (!hasPython) console.warn("[schema] the Python jsonschema check is skipped: python3 with jsonschema is not installed");

describe("the schemas' patterns are portable", () => {
  it("no pattern uses a Unicode property escape (\\p{..}, \\P{..})", () => {
    const offenders: string[] = [];
    for (const f of readdirSync("schemas").filter((x) => x.endsWith(".json")))
      for (const p of patterns(JSON.parse(readFileSync(join("schemas", f), "utf8")))) if (/\\[pP]\{/.test(p)) offenders.push(`${f}: ${p}`);
    expect(offenders).toEqual([]);
  });

  it.skipIf(!hasPython)("Python's jsonschema validates a report with a case reference and an auditor, and refuses a control character", async () => {
    const report = await verifyArchive({
      evidence: "samples/valid/archive.pdf",
      trust: ["samples/trust"],
      statement: { caseReference: "2026-0142/ÆØÅ <b>", auditor: "Søren Ærø Jensen" },
    });
    const dir = tempDir("schema-py-");
    writeFileSync(join(dir, "r.json"), JSON.stringify(report));
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ ...report, statement: { caseReference: "a\u001bb", auditor: null } }));
    const script = [
      "import json, sys, jsonschema",
      "s = json.load(open('schemas/report.schema.json'))",
      "jsonschema.Draft202012Validator.check_schema(s)",
      "v = jsonschema.Draft202012Validator(s)",
      "print(len(list(v.iter_errors(json.load(open(sys.argv[1]))))), len(list(v.iter_errors(json.load(open(sys.argv[2]))))))",
    ].join("\n");
    const r = spawnSync("python3", ["-c", script, join(dir, "r.json"), join(dir, "bad.json")], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("0 1");
  });
});
