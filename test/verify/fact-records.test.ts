// A run's facts are one record per evidence form (RunFacts in src/verify/stages.ts): a PAdES run's (the sealed
// PDF, or the PAdES endpoint's JSON, which carries one) has the seal's facts, a Workflow-token JSON run's has
// none. A stage of one form cannot name or read another form's facts, and a stage of every form reads a seal's
// fact only after asking the form: shown here by what does not compile (tsc -p . checks the tests), and at run
// time by the orchestrator, which refuses a fact a stage does not declare.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FORM_PLANS, runStages, stage, type FactNameOf, type FactsOf, type StageRun } from "../../src/verify/stages.js";
import { createSession } from "../../src/verify/session.js";
import { classifyEvidence } from "../../src/input/evidence-file.js";
import { wholeSource } from "../../src/input/source.js";
import { checkEnvOf } from "../helpers/fixtures.js";
import * as counts from "../../src/checks/counts.js";

describe("fact records per evidence form", () => {
  it("a stage of one form cannot name or read another form's facts (compile-time)", () => {
    const ofTokenJson = { checks: ["counts"], forms: "workflow-token-json", module: counts } as const;
    const ofAll = { checks: ["counts"], forms: "all", module: counts } as const;
    const stages = () => [
      stage({
        ...ofTokenJson,
        // @ts-expect-error a token-JSON run has no seal: its stage cannot need one
        needs: { pades: "no PDF" },
        provides: [],
        run: () => ({ checks: [] }),
      }),
      stage({
        ...ofTokenJson,
        // @ts-expect-error nor use one
        uses: ["sealTimestamp"],
        provides: [],
        run: () => ({ checks: [] }),
      }),
      stage({
        ...ofTokenJson,
        // @ts-expect-error nor provide one
        provides: ["dss"],
        run: () => ({ checks: [] }),
      }),
      stage({
        ...ofTokenJson,
        needs: { claims: "no claims" },
        provides: [],
        run: (_env, f) => {
          const claims = f.claims.documents; // its needs are there
          // @ts-expect-error and it cannot read a seal's fact
          const seal = f.sealTimestamp;
          return { checks: [], facts: { claims: f.claims }, unused: [claims, seal] };
        },
      }),
      stage({
        ...ofTokenJson,
        provides: [],
        // @ts-expect-error nor return one
        run: () => ({ checks: [], facts: { sealVerified: true } }),
      }),
      stage({
        ...ofAll,
        provides: [],
        run: (_env, f) => {
          // @ts-expect-error a stage of every form reads a seal's fact only after asking the form
          const before = f.pades;
          const after = f.form === "pades" ? f.pades : undefined;
          return { checks: [], unused: [before, after] };
        },
      }),
      stage({
        ...ofAll,
        // Needing a seal's fact, it runs on a PAdES run only, and reads it as one.
        needs: { signerCert: "no seal" },
        provides: [],
        run: (_env, f) => {
          const form: "pades" = f.form;
          return { checks: [], unused: [form, f.signerCert.subject, f.dss] };
        },
      }),
    ];
    expect(typeof stages).toBe("function");
    // The names each record has.
    const token: FactNameOf<"workflow-token-json">[] = ["claims", "tokenCert", "ocsp", "longTerm", "givenOriginals"];
    // @ts-expect-error a token-JSON run's record has no seal's facts
    const seal: FactNameOf<"workflow-token-json">[] = ["pades"];
    const pades: FactNameOf<"pades">[] = ["pades", "claims"];
    const f = {} as FactsOf<"workflow-token-json">;
    // @ts-expect-error nor does its type
    expect([token, seal, pades, f.cms]).toHaveLength(4);
  });

  it("each form's run record carries its form, and a stage that returns a fact it does not provide is a defect", async () => {
    const session = createSession({ trust: ["samples/trust"], at: "2026-01-15T12:00:00Z" });
    const env = checkEnvOf(session);
    const ctxOf = (file: string) => ({
      input: classifyEvidence(file, wholeSource(readFileSync(file)), env.limits),
      originals: async () => null,
      sealedArchives: async () => ({ originals: null, archives: [] }),
    });
    for (const [form, file] of [
      ["pades", "samples/valid/archive.pdf"],
      ["workflow-token-json", "samples/valid/workflowtoken.json"],
    ] as const) {
      const run: StageRun = { stage: "attachments", checks: [] };
      const facts = await runStages(FORM_PLANS[form], env, ctxOf(file), run);
      expect(facts.form).toBe(form);
      expect(Object.isFrozen(facts)).toBe(true);
      // The token JSON's record holds no seal's fact.
      if (form === "workflow-token-json") expect(Object.keys(facts).filter((k) => /^(seal|pades|cms|dss|signerCert|pdf)/.test(k))).toEqual([]);
    }
    const plan = FORM_PLANS["workflow-token-json"];
    const stray = plan.stages.map((s) => (s.checks.includes("counts") ? { ...s, run: async () => ({ checks: [], facts: { sealVerified: true } }) } : s));
    await expect(runStages({ ...plan, stages: stray }, env, ctxOf("samples/valid/workflowtoken.json"), { stage: "attachments", checks: [] })).rejects.toThrow(
      /the stage of counts returned the fact sealVerified, which it does not provide/,
    );
  });
});
