// The stage registry (src/verify/stages.ts): each stage declares its checks, needs, uses, provides and module;
// the orchestrator orders them by what they read, writes the checks of a stage whose need is missing as skipped
// (naming the fact), and the checks of other forms' stages as skipped; each check id is produced by the stage
// that declares it, whose module is the one the check-id registry names.
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARCHIVE_CHECK_ENTRIES } from "../../src/report/check-ids.js";
import {
  ARCHIVE_STAGES,
  FORM_PLANS,
  orderStages,
  runStages,
  type EvidenceForm,
  type FactName,
  type FormPlan,
  type StageDescriptor,
  type StageRun,
} from "../../src/verify/stages.js";
import { createSession } from "../../src/verify/session.js";
import { verifyArchive } from "../../src/verify/archive.js";
import { classifyEvidence } from "../../src/input/evidence-file.js";
import { wholeSource } from "../../src/input/source.js";
import type { CheckEnv } from "../../src/checks/facts.js";
import { checkEnvOf } from "../helpers/fixtures.js";
import type { CheckResult } from "../../src/report/types.js";

const stage = (checks: string, needs: string[], provides: string[]): StageDescriptor =>
  ({
    checks: [checks],
    blame: checks,
    forms: "all",
    needs,
    reasons: {},
    uses: [],
    provides,
    module: {},
    run: () => ({ checks: [] }),
  }) as unknown as StageDescriptor;

const session = createSession({ trust: ["samples/trust"], at: "2026-01-15T12:00:00Z" });
const env: CheckEnv = checkEnvOf(session);
const SAMPLE: Record<EvidenceForm, string> = { pades: "samples/valid/archive.pdf", "workflow-token-json": "samples/valid/workflowtoken.json" };

/** Runs a form's plan over its valid sample, the stages providing `drop` made to establish it no more. */
async function runWithout(form: EvidenceForm, drop: FactName | null): Promise<CheckResult[]> {
  const file = SAMPLE[form];
  const input = classifyEvidence(file, wholeSource(readFileSync(file)), env.limits);
  const plan = FORM_PLANS[form];
  const stages = plan.stages.map((s): StageDescriptor =>
    drop !== null && s.provides.includes(drop)
      ? {
          ...s,
          run: async (e, f, c) => {
            const out = await s.run(e, f, c);
            const { [drop]: _dropped, ...facts } = out.facts ?? {};
            return { checks: out.checks, facts };
          },
        }
      : s,
  );
  const run: StageRun = { stage: "attachments", checks: [] };
  const without: FormPlan = { ...plan, stages };
  await runStages(
    without,
    env,
    { input, originals: async () => null, sealedArchives: async (_f, given) => ({ originals: given && [...given], archives: [] }) },
    run,
  );
  return run.checks;
}

describe("the stage registry", () => {
  it("orders each form's stages so that every need is provided before it; registry order where the needs leave a choice", () => {
    for (const [form, plan] of Object.entries(FORM_PLANS)) {
      const mine = ARCHIVE_STAGES.filter((s) => s.forms === "all" || s.forms === form);
      expect(plan.stages, form).toEqual(mine);
      plan.stages.forEach((s, i) => {
        for (const need of s.needs) {
          const providers = plan.stages.filter((p) => p !== s && p.provides.includes(need));
          for (const p of providers) expect(plan.stages.indexOf(p), `${form}: ${s.checks[0]} needs ${need}`).toBeLessThan(i);
        }
      });
    }
    // Needs, not positions, decide: a stage listed first runs after the stage that provides what it needs.
    const [a, b] = [stage("token-claims", ["jws"], ["claims"]), stage("token-signature", [], ["jws"])];
    expect(orderStages([a, b]).map((s) => s.checks[0])).toEqual(["token-signature", "token-claims"]);
    expect(() => orderStages([stage("counts", ["nothing"], [])])).toThrow(/no stage provides nothing/);
    expect(() => orderStages([stage("x", ["b"], ["a"]), stage("y", ["a"], ["b"])])).toThrow(/cycle/);
  });

  it("every archive check id is decided by exactly one stage of each form, or skipped by it; the cross-check is verifyArchive's last stage", () => {
    for (const [form, plan] of Object.entries(FORM_PLANS)) {
      for (const { id } of ARCHIVE_CHECK_ENTRIES) {
        const deciders = plan.stages.filter((s) => (s.checks as readonly string[]).includes(id));
        const skipped = plan.skipped.filter((s) => s.id === id);
        expect([deciders.length, skipped.length], `${form}: ${id}`).toEqual(id === "token-cross-check" ? [0, 0] : deciders.length ? [1, 0] : [0, 1]);
      }
    }
  });

  it("a stage whose need is missing is not run: the orchestrator writes its checks skipped, naming the fact", async () => {
    // Over the valid sample of each form, every need a stage of that form provides, its providers made to drop it.
    for (const form of ["workflow-token-json", "pades"] as const) {
      const plan = FORM_PLANS[form];
      const whole = await runWithout(form, null);
      for (const s of plan.stages) {
        for (const need of s.needs) {
          if (!plan.stages.some((p) => p.provides.includes(need))) continue; // never there in this form
          const checks = await runWithout(form, need);
          for (const id of s.checks) {
            const c = checks.find((x) => x.id === id);
            expect([c?.status, c?.details?.needs], `${form}: ${id} without ${need}`).toEqual(["skipped", need]);
            expect(c?.message, `${form}: ${id} without ${need}`).toMatch(/\w/);
          }
          // With the fact there, it ran.
          for (const id of s.checks) expect(whole.find((x) => x.id === id)?.details?.needs, `${form}: ${id}`).toBeUndefined();
        }
      }
    }
  }, 120_000);

  it("without the token certificate: token-signature cannot prove (indeterminate); token-certificate and OCSP are skipped naming it", async () => {
    const checks = await runWithout("workflow-token-json", "tokenCert");
    const byId = (id: string) => checks.find((c) => c.id === id)!;
    expect([byId("token-signature").status, byId("token-signature").subIndication]).toEqual(["indeterminate", "NO_SIGNING_CERTIFICATE_FOUND"]);
    for (const id of ["token-certificate", "ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness"]) {
      expect([byId(id).status, byId(id).details?.needs], id).toEqual(["skipped", "tokenCert"]);
    }
    expect(byId("ocsp-status").message).toBe("No token certificate could be read, so the OCSP response cannot be related to it.");
    // Claims do not depend on it: they were read.
    expect(byId("token-claims").status).toBe("passed");
  });

  it("the module the check-id registry names for an id is the module of a stage that declares it (a real import)", async () => {
    for (const entry of ARCHIVE_CHECK_ENTRIES) {
      if (entry.id === "token-cross-check") continue;
      const named = (await import(`../../${entry.module}`)) as object;
      const declaring = ARCHIVE_STAGES.filter((s) => (s.checks as readonly string[]).includes(entry.id)).map((s) => s.module);
      expect(declaring, entry.id).toContain(named);
    }
  });

  it("over the samples, attacks and both forms, each check comes from the stage that declares it (a stray one would be an internal error)", async () => {
    const session = createSession({ trust: ["samples/trust"] });
    const files = [
      "samples/valid/archive.pdf",
      "samples/valid/pades.json",
      "samples/valid/workflowtoken.json",
      ...readdirSync("samples/attacks")
        .filter((f) => f.endsWith(".pdf"))
        .map((f) => `samples/attacks/${f}`),
    ];
    for (const evidence of files) {
      const r = await verifyArchive({ evidence, session });
      expect(JSON.stringify(r.checks), evidence).not.toMatch(/could not complete the check|"internalError"/);
    }
  });
});
