// The archive pipeline's one registry of stages: each stage declares the checks it decides (registry ids), the
// evidence forms it runs for, the facts it needs (each with the sentence its checks say when that fact is
// missing), the facts it uses when they are there, those it provides, and the module that decides its checks
// (a real import). The orchestrator (runStages, called by src/verify/archive.ts) runs them in the order their
// needs and uses give (orderStages): a stage runs after every stage that provides a fact it reads, ties in
// registry order; a fact nobody provides, or a cycle, is an error at load. Before a stage runs, the
// orchestrator looks for its needs: one missing, and it writes the stage's checks as skipped itself, naming
// the missing fact (details.needs) with the stage's sentence for it; the stage runs only with every need
// there, and its `run` is typed so (Have<N>): the compiler, not a guard in the check, says a fact is there.
// A run's facts are one record per evidence form (RunFacts: PAdES, whose seal facts the token JSON's lacks),
// and a stage names and reads only its forms' facts. The checks of stages of other forms are written as
// skipped with the form's reason; a stage that returns a check or a fact it does not declare is a defect (an
// internal error in the report, never a silent misattribution).
import type { EvidenceInput, PadesInput, TokenJsonInput } from "../input/evidence-file.js";
import type { OriginalFile } from "../input/originals.js";
import type { ArchiveCheckId } from "../report/check-ids.js";
import type { LongTermSummary } from "../report/archive-report.js";
import { skipped } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { CheckEnv, CommonFacts, SealFacts } from "../checks/facts.js";
import * as attachments from "../checks/attachments.js";
import * as pades from "../checks/pades.js";
import * as sealSignature from "../checks/seal-signature.js";
import * as sealTimestamp from "../checks/seal-timestamp.js";
import * as sealCertificate from "../checks/seal-certificate.js";
import * as sealModifications from "../checks/seal-modifications.js";
import * as tokenSignature from "../checks/token-signature.js";
import * as tokenClaims from "../checks/token-claims.js";
import * as tokenCertificate from "../checks/token-certificate.js";
import * as ocsp from "../checks/ocsp.js";
import * as documentDigests from "../checks/document-digests.js";
import * as counts from "../checks/counts.js";
import * as validationTime from "../checks/validation-time.js";
import * as longTerm from "../checks/long-term.js";
import * as trustAnchors from "../checks/trust-anchors.js";
import * as revocationItems from "../checks/revocation-items.js";
import { carriedCertificates } from "../evidence/carried-certificates.js";

/** Established by the stage that reads the originals (none given: null). */
export interface OriginalsFacts {
  readonly givenOriginals?: readonly OriginalFile[] | null;
}

/** Established by "long-term". */
export interface LongTermFacts {
  readonly longTerm?: LongTermSummary | null;
}

/** What every form's run may establish: the token, its certificate and OCSP response, the claims, the paths, the originals, long-term validation. */
type SharedFacts = CommonFacts & OriginalsFacts & LongTermFacts;

/**
 * The facts of a Workflow-token JSON run. No fact of a seal: a stage of this form cannot name one, and a stage
 * of every form reads one only after asking the form (`f.form === "pades"`).
 */
export type TokenJsonFacts = SharedFacts & { readonly form: "workflow-token-json" };
/** The facts of a PAdES run (the sealed PDF, or the PAdES endpoint's JSON that carries one): the seal's besides. */
export type PadesRunFacts = SharedFacts & SealFacts & pades.PadesFacts & { readonly form: "pades" };
/** A run's facts: one record per form, told apart by `form` (the orchestrator sets it, no stage provides it). */
export type RunFacts = PadesRunFacts | TokenJsonFacts;
export type EvidenceForm = RunFacts["form"];
/** Every fact name of the registry (a form's run has those its stages provide). */
export type FactName = Exclude<keyof PadesRunFacts, "form">;

type KeysOf<T> = T extends unknown ? keyof T : never;
/** The facts of a stage's forms: its form's record, or for a stage of every form either record. */
export type FactsOf<F extends "all" | EvidenceForm> = F extends EvidenceForm ? Extract<RunFacts, { readonly form: F }> : RunFacts;
/** The fact names a stage of forms `F` may name (needs, uses, provides). */
export type FactNameOf<F extends "all" | EvidenceForm> = Exclude<KeysOf<FactsOf<F>>, "form">;
/** What a stage of forms `F` may establish (never `form`, never another form's fact). */
type OutputOf<F extends "all" | EvidenceForm> = pades.StageOutput<Omit<FactsOf<F>, "form">>;

/**
 * Facts `T` with the needs `N` there: what a stage's run reads, the orchestrator having looked. Per form: a
 * form whose record has no fact `N` drops out (a stage of every form that needs a seal's fact runs only on a
 * PAdES run, and reads it as one).
 */
export type Have<T, N extends PropertyKey> = T extends unknown
  ? [N] extends [keyof T]
    ? T & { readonly [K in N & keyof T]-?: Exclude<T[K], undefined> }
    : never
  : never;

/** What a stage says for a missing need: a sentence, or one made from the facts (why the fact is missing). */
type Reason<F extends "all" | EvidenceForm = "all"> = string | ((f: FactsOf<F>) => string);

/** What a stage may use besides the facts: the evidence as classified (its form's record), the originals. */
export interface StageContext<I extends EvidenceInput = EvidenceInput> {
  readonly input: I;
  /** The originals given, once hashed (null: none were given). */
  readonly originals: () => Promise<OriginalFile[] | null>;
  /** The sealed archives among `given` (a slip), which the comparison leaves out. */
  readonly sealedArchives: (f: RunFacts, given: readonly OriginalFile[] | null) => Promise<{ originals: OriginalFile[] | null; archives: string[] }>;
}

type InputOf<F extends "all" | EvidenceForm> = F extends "pades" ? PadesInput : F extends "workflow-token-json" ? TokenJsonInput : EvidenceInput;

export interface StageDescriptor {
  /** The checks this stage decides, and only it (for its forms); none for a stage that only reads. */
  readonly checks: readonly ArchiveCheckId[];
  /** The check an exception escaping this stage is reported under (its first check, unless it has none). */
  readonly blame: ArchiveCheckId;
  readonly forms: "all" | EvidenceForm;
  /** Facts it cannot run without, in the order they are looked for, and what its checks say without each. */
  readonly needs: readonly FactName[];
  readonly reasons: Readonly<Partial<Record<FactName, Reason>>>;
  /** Facts it reads when they are there. */
  readonly uses: readonly FactName[];
  /** Facts it establishes. */
  readonly provides: readonly FactName[];
  /**
   * A check of the seal (attack-s4 S1): its judgements go into `sealJudged`, which the orchestrator keeps for
   * every such stage, run or skipped: the seal's outcome (its entry in pdfSignatures) is all of them.
   */
  readonly judgesSeal: boolean;
  /** The module that decides its checks (the PAdES stages wrap them in src/checks/pades.ts). */
  readonly module: object;
  /** Runs on a run of its forms only, with its needs there; what it returns, the widest form's record. */
  run(env: CheckEnv, f: RunFacts, ctx: StageContext): Promise<OutputOf<"pades">> | OutputOf<"pades">;
}

/**
 * A stage of the registry. `needs` maps each fact the stage cannot run without to what its checks say when it
 * is missing; `run` then reads those facts as there (Have<N>), its facts are its form's record, and its context's
 * input is its form's input. Facts of another form cannot be named: not in needs, uses or provides, not read.
 */
export function stage<N extends FactNameOf<F> = never, F extends "all" | EvidenceForm = "all">(s: {
  readonly checks: readonly ArchiveCheckId[];
  readonly blame?: ArchiveCheckId;
  readonly forms: F;
  readonly needs?: { readonly [K in N]: Reason<F> };
  readonly uses?: readonly FactNameOf<F>[];
  readonly provides: readonly FactNameOf<F>[];
  readonly judgesSeal?: true;
  readonly module: object;
  run(env: CheckEnv, f: Have<FactsOf<F>, N>, ctx: StageContext<InputOf<F>>): Promise<OutputOf<F>> | OutputOf<F>;
}): StageDescriptor {
  // Sound by runStages: it runs a stage only on its forms' runs (so `f` is of its form, and a reason is asked
  // of its form's facts) and only with every need there.
  const reasons = (s.needs ?? {}) as Partial<Record<FactName, Reason>>;
  return {
    checks: s.checks,
    blame: s.blame ?? s.checks[0]!,
    forms: s.forms,
    needs: Object.keys(reasons) as FactName[],
    reasons,
    uses: s.uses ?? [],
    provides: s.judgesSeal ? [...s.provides, "sealJudged"] : s.provides,
    judgesSeal: s.judgesSeal === true,
    module: s.module,
    run: (env, f, ctx) => s.run(env, f as Have<FactsOf<F>, N>, ctx as StageContext<InputOf<F>>),
  };
}

const one = <F>(r: { check: CheckResult; facts: F }): pades.StageOutput<F> => ({ checks: [r.check], facts: r.facts });

const EVIDENCE = ["evidence", "token", "tokenCert", "ocsp"] as const satisfies readonly FactNameOf<"all">[];

/** Why a PAdES stage has no PDF to read (the seal-signature stage says why it read none). */
const NO_PDF = (f: PadesRunFacts): string => f.padesMissing?.reason ?? "The PDF was not read.";
const NO_CLAIMS = "The token's claims could not be read, so";
/** Never said: the pool's stage needs nothing, so it always runs first. */
const NO_POOL = "The evidence's revocation data was not gathered.";

/** The registry, in the order stages run when their needs leave a choice. */
export const ARCHIVE_STAGES: readonly StageDescriptor[] = [
  stage({
    checks: ["attachments"],
    forms: "workflow-token-json",
    provides: EVIDENCE,
    module: attachments,
    run: (env, _f, { input }) => one(attachments.checkJsonFields(env.pki, input.fields)),
  }),
  stage({
    checks: ["seal-signature"],
    forms: "pades",
    judgesSeal: true,
    provides: ["pades", "padesMissing", "sealVerified", "cms", "signerCert", "sealSignatureJudged", "dss"],
    module: sealSignature,
    run: (env, _f, { input }) => pades.sealSignatureStage(env, input.pdf, input.file),
  }),
  stage({
    // Before the pool (the token's OCSP response is one of its items) and the seal's timestamp (the token's iat).
    checks: ["attachments"],
    forms: "pades",
    needs: { pades: (f) => f.padesMissing?.attachments ?? NO_PDF(f) },
    uses: ["sealVerified"],
    provides: EVIDENCE,
    module: pades,
    run: (env, f) => pades.padesAttachmentsStage(env, f),
  }),
  stage({
    checks: ["token-signature"],
    forms: "all",
    needs: { token: "No Workflow token could be read, so its signature was not checked." },
    uses: ["tokenCert"],
    provides: ["jws"],
    module: tokenSignature,
    run: async (env, f) => one(await tokenSignature.checkTokenSignature(env, f)),
  }),
  stage({
    checks: ["token-claims"],
    forms: "all",
    needs: { jws: "The token could not be decoded, so its claims were not checked." },
    provides: ["claims"],
    module: tokenClaims,
    run: (env, f) => one(tokenClaims.checkTokenClaims(env, f)),
  }),
  stage({
    // Every item of revocation data the evidence holds, gathered once (checks/revocation-items.ts): the one pool
    // every certificate's revocation status is read from, the seal's TSAs' first (seal-timestamp). After the
    // attachments (the token's OCSP response is one of its items); the seal's timestamp tokens it reads itself.
    // No check of its own.
    checks: [],
    blame: "seal-certificate",
    forms: "all",
    uses: ["evidence", "ocsp", "cms", "dss", "pades"],
    provides: ["revocationItems"],
    module: revocationItems,
    run: (env, f) => ({
      checks: [],
      facts: {
        revocationItems: revocationItems.evidenceRevocation(
          env.pki,
          f.form === "pades" ? f : { evidence: f.evidence, ocsp: f.ocsp },
          env.limits.maxValidationDataItems,
        ),
      },
    }),
  }),
  stage({
    checks: ["seal-timestamp"],
    forms: "pades",
    judgesSeal: true,
    needs: { pades: NO_PDF, cms: "The seal's CMS could not be read, so its timestamp was not checked." },
    // The claims: a token before the sealed token's iat proves no time for this seal (a22 D1). The pool: a TSA
    // the evidence's revocation data shows revoked before its token's genTime proves no time (a22 R1).
    uses: ["sealVerified", "claims", "revocationItems"],
    provides: ["sealTimestampInfo", "sealTimestamp", "sealTimestampJudged"],
    module: sealTimestamp,
    run: (env, f) => pades.sealTimestampStage(env, f),
  }),
  stage({
    checks: ["seal-certificate"],
    forms: "pades",
    judgesSeal: true,
    needs: {
      pades: NO_PDF,
      signerCert: "No seal certificate was identified, so no path was built.",
      cms: "No seal certificate was identified, so no path was built.",
      dss: NO_PDF,
      revocationItems: NO_POOL,
    },
    // Not the claims (evidenceTime falls back to their iat): for a PAdES the seal is judged before the token.
    uses: ["sealTimestamp"],
    provides: ["sealPath", "sealChain", "sealRevokedAt", "sealHeldAt", "sealStoppedBy", "sealCertificateJudged"],
    module: sealCertificate,
    run: (env, f) => pades.sealCertificateStage(env, f),
  }),
  stage({
    checks: ["seal-modifications"],
    forms: "pades",
    judgesSeal: true,
    needs: { pades: NO_PDF },
    provides: ["analysis"],
    module: sealModifications,
    run: (env, f) => pades.sealModificationsStage(env, f),
  }),
  stage({
    checks: ["document-timestamps"],
    forms: "pades",
    needs: { pades: NO_PDF, analysis: NO_PDF },
    uses: ["sealTimestamp", "sealTimestampInfo", "signerCert", "sealPath", "dss", "sealJudged"],
    provides: ["pdfSignatures", "documentTimestamps", "signatureCms", "seal"],
    module: pades,
    run: (env, f, { input }) => pades.pdfSignaturesStage(env, input.pdf, f),
  }),
  stage({
    checks: ["token-certificate"],
    forms: "all",
    needs: { tokenCert: "No token certificate could be read, so no path was built.", revocationItems: NO_POOL },
    uses: ["ocsp", "sealTimestamp", "claims"],
    provides: ["tokenChain", "tokenIssuer"],
    module: tokenCertificate,
    run: async (env, f) => one(await tokenCertificate.checkTokenCertificate(env, f)),
  }),
  stage({
    checks: ["ocsp-signature", "ocsp-certid", "ocsp-status", "ocsp-freshness"],
    forms: "all",
    needs: {
      ocsp: "No decodable OCSP response is in the evidence.",
      tokenCert: "No token certificate could be read, so the OCSP response cannot be related to it.",
      revocationItems: NO_POOL,
    },
    uses: ["tokenIssuer", "tokenChain", "claims", "sealTimestamp"],
    provides: ["ocspResponder", "tokenRevokedAt"],
    module: ocsp,
    run: (env, f) => ocsp.checkOcsp(env, f),
  }),
  stage({
    // Reads the originals (an unreadable one is a usage error, whatever the evidence): no check of its own.
    checks: [],
    blame: "document-digests",
    forms: "all",
    provides: ["givenOriginals", "originalFiles"],
    module: documentDigests,
    run: async (_env, _f, ctx) => {
      const given = await ctx.originals();
      return { checks: [], facts: { givenOriginals: given, ...(given ? { originalFiles: given.map((g) => g.path) } : {}) } };
    },
  }),
  stage({
    checks: ["document-digests"],
    forms: "all",
    needs: {
      givenOriginals: "The originals were not read.",
      claims: `${NO_CLAIMS} there are no digests to compare the originals with.`,
    },
    provides: ["matchedDocuments", "sealedArchivesAmongOriginals"],
    module: documentDigests,
    run: async (env, f, ctx) => {
      const { originals, archives } = await ctx.sealedArchives(f, f.givenOriginals);
      return one(documentDigests.checkDocumentDigests(env.options, f, originals, archives));
    },
  }),
  stage({
    checks: ["counts"],
    forms: "all",
    needs: { claims: `${NO_CLAIMS} the counts were not compared.` },
    uses: ["evidence"],
    provides: [],
    module: counts,
    run: (_env, f, { input }) => ({ checks: [counts.checkCounts(input.format === "pades-pdf" ? {} : input, f)] }),
  }),
  stage({
    checks: ["validation-time"],
    forms: "all",
    uses: ["sealTimestamp", "claims"],
    provides: [],
    module: validationTime,
    run: (env, f) => ({ checks: validationTime.validationTimeRemark(env.options, f) }),
  }),
  stage({
    checks: ["long-term"],
    forms: "pades",
    needs: {
      pades: "There is no readable seal, so no proof of existence to keep.",
      signerCert: longTerm.SEAL_NOT_VERIFIED,
      revocationItems: NO_POOL,
    },
    uses: [
      "sealSignatureJudged",
      "sealCertificateJudged",
      "sealTimestamp",
      "sealTimestampInfo",
      "documentTimestamps",
      "sealPath",
      "sealChain",
      "sealRevokedAt",
      "sealHeldAt",
      "sealStoppedBy",
      "dss",
      "ocsp",
      "cms",
      "tokenCert",
      "tokenChain",
      "tokenIssuer",
      "tokenRevokedAt",
      "ocspResponder",
      "evidence",
    ],
    provides: ["longTerm"],
    module: longTerm,
    run: async (env, f) => {
      const { check, summary } = await longTerm.checkLongTerm(env, f);
      return { checks: [check], facts: { longTerm: summary } };
    },
  }),
  stage({
    // No proof of existence in this form: the token's state at the validation time decides (attack36 J1).
    checks: ["long-term"],
    forms: "workflow-token-json",
    needs: {
      tokenCert: "No token certificate could be read, so nothing is judged at the validation time.",
      tokenChain: "No path was built for the token certificate, so nothing is judged at the validation time.",
    },
    uses: ["claims", "tokenIssuer", "ocspResponder", "jws", "ocsp", "evidence"],
    provides: [],
    module: longTerm,
    run: async (env, f) => ({ checks: [await longTerm.checkTokenJsonLongTerm(env, f)] }),
  }),
  stage({
    checks: ["trust-anchors"],
    forms: "all",
    uses: ["pades", "cms", "signatureCms", "evidence", "ocsp", "sealTimestampInfo", "documentTimestamps", "dss", "sealChain", "tokenChain"],
    provides: [],
    module: trustAnchors,
    run: (env, f, { input }) => ({
      checks: trustAnchors.checkTrustAnchors(
        env.trust,
        (find, keysOf) =>
          carriedCertificates(
            f.form === "pades" ? (f.pades?.doc ?? null) : null,
            { certPem: f.evidence?.certPem, ocspBase64: f.evidence?.ocspBase64, ocsp: f.ocsp, form: f.form === "pades" ? "attachments" : "json" },
            env.pki,
            {
              max: env.limits.maxValidationDataItems,
              find,
              keysOf,
              limits: env.limits,
              ...(input.format !== "pades-pdf" && input.strings ? { json: input.strings } : {}),
              ...(f.form === "pades" && f.dss ? { dss: f.dss } : {}),
              ...(f.form === "pades" && f.pades ? { signatures: f.pades.signatures } : {}),
              ...(f.form === "pades" && f.pades ? { decoded: new Map([...(f.signatureCms ?? []), ...(f.cms ? [[f.pades.seal, f.cms] as const] : [])]) } : {}),
            },
          ),
        f.form === "pades"
          ? { ...(f.sealTimestampInfo ? { seal: f.sealTimestampInfo } : {}), ...(f.documentTimestamps ? { documents: f.documentTimestamps } : {}) }
          : {},
        [f.form === "pades" ? f.sealChain : undefined, f.tokenChain?.path],
      ),
    }),
  }),
];

/** Why the checks of another form's stages are skipped, by the form of the evidence. */
const NOT_FOR_FORM: Record<EvidenceForm, string> = {
  pades: "",
  "workflow-token-json": "The Workflow-token JSON carries no PAdES seal; the token's own signature protects it.",
};

/** A form's stages in the order their needs give (ties in registry order), and the checks it skips. */
export interface FormPlan {
  /** The form whose run it is (its facts' record, RunFacts). */
  readonly form: EvidenceForm;
  readonly stages: readonly StageDescriptor[];
  /** Checks decided by other forms' stages only, with the reason this form skips them. */
  readonly skipped: readonly { id: ArchiveCheckId; reason: string }[];
}

/**
 * Orders `stages` (one form's) by what they read: each after every stage that provides a fact it needs or
 * uses (a stage providing a fact it also reads is not its own predecessor), ties in the given order. A fact
 * no stage of the registry provides is an error; one only another form's stages provide is a fact this form
 * never has. Throws when the order forms a cycle.
 */
export function orderStages(stages: readonly StageDescriptor[], registry: readonly StageDescriptor[] = stages): StageDescriptor[] {
  const before = new Map<StageDescriptor, Set<StageDescriptor>>();
  for (const s of stages) {
    const preds = new Set<StageDescriptor>();
    for (const need of [...s.needs, ...s.uses]) {
      if (!registry.some((r) => r.provides.includes(need))) throw new Error(`stage ${s.checks.join("/") || s.blame}: no stage provides ${need}`);
      for (const p of stages) if (p !== s && p.provides.includes(need)) preds.add(p);
    }
    before.set(s, preds);
  }
  const out: StageDescriptor[] = [];
  const left = [...stages];
  while (left.length) {
    const i = left.findIndex((s) => [...before.get(s)!].every((p) => out.includes(p)));
    if (i < 0) throw new Error(`stages ${left.map((s) => s.checks.join("/") || s.blame).join(", ")}: their needs form a cycle`);
    out.push(left.splice(i, 1)[0]!);
  }
  return out;
}

function planFor(form: EvidenceForm): FormPlan {
  const mine = ARCHIVE_STAGES.filter((s) => s.forms === "all" || s.forms === form);
  const decided = new Set(mine.flatMap((s) => s.checks));
  const others = ARCHIVE_STAGES.filter((s) => !mine.includes(s)).flatMap((s) => s.checks.filter((id) => !decided.has(id)));
  return { form, stages: orderStages(mine, ARCHIVE_STAGES), skipped: [...new Set(others)].map((id) => ({ id, reason: NOT_FOR_FORM[form] })) };
}

/** Each form's plan, computed once (at load: a registry whose needs cannot be met fails every import). */
export const FORM_PLANS: Readonly<Record<EvidenceForm, FormPlan>> = Object.freeze({
  pades: planFor("pades"),
  "workflow-token-json": planFor("workflow-token-json"),
});

/** The plan of an evidence's form. */
export function planOf(input: EvidenceInput): FormPlan {
  return FORM_PLANS[input.format === "workflow-token-json" ? "workflow-token-json" : "pades"];
}

/** Where a run is: the stage computing (what an escaping exception is reported under) and the checks so far. */
export interface StageRun {
  stage: ArchiveCheckId;
  readonly checks: CheckResult[];
}

/**
 * Runs a plan's stages in order, each with the facts of those before it. A stage whose need is missing does not
 * run: its checks are written skipped here, with its sentence for that need and the need's name in details.
 * Then the checks of other forms, skipped. Returns the facts established: the plan's form's record.
 */
/** The seal's judgements so far, with a seal stage's checks added (in the order the stages run). */
function sealJudgedWith(facts: RunFacts, checks: readonly CheckResult[]): NonNullable<PadesRunFacts["sealJudged"]> {
  const before = facts.form === "pades" ? facts.sealJudged : undefined;
  return Object.freeze({ ...before, ...Object.fromEntries(checks.map((c) => [c.id, pades.judged(c)])) });
}

export async function runStages(plan: FormPlan, env: CheckEnv, ctx: StageContext, run: StageRun): Promise<RunFacts> {
  let facts: RunFacts = Object.freeze({ form: plan.form });
  for (const s of plan.stages) {
    run.stage = s.blame;
    const named: Readonly<Partial<Record<FactName, unknown>>> = facts;
    const missing = s.needs.find((n) => named[n] === undefined);
    if (missing !== undefined) {
      const reason = s.reasons[missing]!;
      const message = typeof reason === "string" ? reason : reason(facts);
      const checks = s.checks.map((id) => skipped(id, message, { details: { needs: missing } }));
      run.checks.push(...checks);
      if (s.judgesSeal) facts = Object.freeze({ ...facts, sealJudged: sealJudgedWith(facts, checks) }) as RunFacts;
      continue;
    }
    const out = await s.run(env, facts, ctx);
    // A check only its declaring stage decides: anything else is a defect, reported as one.
    const stray = out.checks.find((c) => !(s.checks as readonly string[]).includes(c.id));
    if (stray) throw new Error(`the stage of ${s.checks.join(", ") || s.blame} returned a ${stray.id} check`);
    // So is a fact it does not declare (the order is made from the declarations), or one of another form.
    const undeclared = Object.keys(out.facts ?? {}).find((k) => !(s.provides as readonly string[]).includes(k));
    if (undeclared !== undefined) throw new Error(`the stage of ${s.checks.join(", ") || s.blame} returned the fact ${undeclared}, which it does not provide`);
    run.checks.push(...out.checks);
    facts = Object.freeze({ ...facts, ...out.facts, ...(s.judgesSeal ? { sealJudged: sealJudgedWith(facts, out.checks) } : {}), form: plan.form }) as RunFacts;
  }
  for (const { id, reason } of plan.skipped) run.checks.push(skipped(id, reason));
  return facts;
}
