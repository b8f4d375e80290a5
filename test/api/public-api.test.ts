// The public API, pinned: `import "sealcheck"` exports exactly these values and types, and `sealcheck/queue`
// exactly its own (issue 35: a small API; the CLI's helpers live in src/api/internal.ts, which no entry
// publishes). Adding or removing a name is a decision: change the list here, in the same commit, and say why.
// Also: every verifier takes its validation time `at` in one shape, ValidationTimeInput (a Date or an ISO
// 8601 instant with its zone), checked by the compiler (npm test runs tsc over this file) and at run time.
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as sealcheck from "../../src/index.js";
import * as queue from "../../src/api/queue.js";
import * as devToken from "../../src/api/dev-token.js";
import { buildList } from "../trustlist/sign.js";
import type {
  BatchVerifyOptions,
  SessionOptions,
  ValidationTimeInput,
  VerifyArchiveOptions,
  VerifyIdTokenOptions,
  VerifyManyOptions,
  VerifyTrustedListOptions,
} from "../../src/index.js";
import type { EnqueueOptions, RunWorkerOptions } from "../../src/api/queue.js";
import { hasShared } from "../helpers/shared.js";

const VALUES = [
  "DEFAULT_LIMITS",
  "DiscoveryKeyProvider",
  "MemoryReplayStore",
  "ReplayStoreError",
  "SealcheckError",
  "VERSION",
  "clearDefaultSession",
  "createSession",
  "discoverArchives",
  "exitCodeFor",
  "fetchJwksSnapshot",
  "loadKeysFile",
  "loadTrustStore",
  "loadTrustedListAnchors",
  "readCertificateFiles",
  "readResults",
  "renderArchiveHtml",
  "renderArchiveHuman",
  "renderArchiveSummary",
  "renderIdTokenReport",
  "renderJson",
  "renderTrustedListReport",
  "safeForTerminal",
  "safeText",
  "staticKeys",
  "verifyArchive",
  "verifyArchiveWithToken",
  "verifyIdToken",
  "verifyMany",
  "verifyTrustedList",
];

// Issue 36 (long-term validation) added five types, because ArchiveReport.longTerm and ArchiveOptions.cryptoPolicy
// reach them (TypeDoc refuses a reachable type users cannot name): AlgorithmWeighed, CryptoPolicy, LongTermEntry,
// LongTermSummary, PolicyKeyType. No value: the crypto policy is given as a file (Policy.cryptoPolicy, --policy).
// Its part 4 added AugmentOutcome (BatchResult.augmented reaches it) and, on the queue entry, AugmentJob
// (RunWorkerOptions.augment).
// Issue 35 part 3 (evidence as a source) added two, because VerifyArchiveOptions.evidence names them: a caller
// gives bytes ({ name, bytes }) or a reader of its own ({ name, source }, an EvidenceSource).
// Issue 37 (approval signatures' policy) added ApprovalPolicy and ApprovalLevel: CryptoPolicy.approvalSignatures.
// a12 X1e added AnchorSource: TrustStore.sources names where each anchor file came from.
const TYPES = [
  "AlgorithmWeighed",
  "AnchorSource",
  "ApprovalLevel",
  "ApprovalPolicy",
  "ArchiveCheckId",
  "ArchiveExitCode",
  "ArchiveOptions",
  "ArchiveReport",
  "ArchiveSpec",
  "AugmentOutcome",
  "BatchResult",
  "BatchVerifyOptions",
  "BrokerEnvironment",
  "CertificateSummary",
  "CheckId",
  "CheckResult",
  "CheckStatus",
  "CryptoPolicy",
  "DecidingAnchorDigest",
  "DiscoverOptions",
  "DiscoveryKeyProviderOptions",
  "DiscoveryOptions",
  "ErrorCode",
  "EvidenceFormat",
  "EvidenceSource",
  "GivenEvidence",
  "HtmlOptions",
  "IdTokenAlgorithm",
  "IdTokenCheckId",
  "IdTokenHeaderInfo",
  "IdTokenRenderOptions",
  "IdTokenReport",
  "IdTokenTransfer",
  "Indication",
  "JwksSnapshot",
  "JwsAlgorithm",
  "KeyOrigin",
  "KeyProvider",
  "KeySelection",
  "KeySet",
  "Limits",
  "ListAnchor",
  "ListAnchorData",
  "ListAnchorSource",
  "ListCertificate",
  "ListServiceDecision",
  "ListTrustBasis",
  "ListWindow",
  "LongTermEntry",
  "LongTermSummary",
  "MemoryReplayStoreOptions",
  "NormalisedPolicy",
  "PadesLevel",
  "PdfSignatureKind",
  "PdfSignatureReport",
  "PersonalDataKind",
  "Policy",
  "PolicyKeyType",
  "PublicKey",
  "ReplayPresentation",
  "ReplayStore",
  "ReportBase",
  "ReportMode",
  "ReportedClaim",
  "SealSignerPolicy",
  "SealSummary",
  "SessionOptions",
  "SignerSummary",
  "SkippedKey",
  "StatementFields",
  "StatementInfo",
  "StoredResult",
  "Style",
  "SubIndication",
  "TimeSource",
  "TrustRole",
  "TrustStore",
  "TrustedListAnchorOptions",
  "TrustedListAnchors",
  "TrustedListCheckId",
  "TrustedListInfo",
  "TrustedListInput",
  "TrustedListLink",
  "TrustedListPointer",
  "TrustedListProvider",
  "TrustedListRenderOptions",
  "TrustedListReport",
  "TrustedListService",
  "TrustedListUse",
  "UsableKey",
  "ValidationTime",
  "ValidationTimeInput",
  "VerdictOptions",
  "VerificationInputs",
  "VerificationSession",
  "VerifyArchiveOptions",
  "VerifyIdTokenOptions",
  "VerifyManyOptions",
  "VerifyTrustedListOptions",
  "WorkflowResultInfo",
];

// Receipts (issue 34): queue add's record of what it enqueued, kept outside Redis, and its reader.
const QUEUE_VALUES = [
  "ReceiptWriter",
  "RedisReplayStore",
  "checkHealthFile",
  "enqueueArchives",
  "jobIdFor",
  "queueResults",
  "queueStatus",
  "readReceipt",
  "readResultKey",
  "redactRedisUrl",
  "runWorker",
];

const QUEUE_TYPES = [
  "AugmentJob",
  "ContentDigests",
  "EnqueueOptions",
  "EnqueueSummary",
  "HealthCheck",
  "IdleReason",
  "QueueConnectionOptions",
  "QueueJobData",
  "QueueResult",
  "QueueResultsOptions",
  "QueueStatus",
  "QueueWorker",
  "QueuedArchive",
  "Receipt",
  "ReceiptEntry",
  "RedisReplayStoreOptions",
  "RedisTarget",
  "RefusedEntry",
  "RunWorkerOptions",
  "WorkerHealth",
  "WorkerHealthStatus",
];

// Issue 37: the test-only key and token maker of `sealcheck dev-token`, for receivers' tests, on its own entry so
// that production code importing "sealcheck" never reaches it.
const DEV_TOKEN_VALUES = ["DEV_ISSUER", "DEV_ISSUER_NAME", "DEV_KEY_FILES", "devIssuer", "makeDevKeys", "readDevKeys", "signDevToken", "writeDevKeys"];
const DEV_TOKEN_TYPES = ["DevKeys", "DevTokenOptions"];

/** The names a module exports, values and types apart, as the compiler sees them. */
function exportsOf(file: string): { values: string[]; types: string[] } {
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const values: string[] = [];
  const types: string[] = [];
  for (const e of checker.getExportsOfModule(module)) {
    const target = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
    const typeOnly = (e.declarations ?? []).some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly));
    (target.flags & ts.SymbolFlags.Value && !typeOnly ? values : types).push(e.name);
  }
  return { values: values.sort(), types: types.sort() };
}

describe("the public API", () => {
  it(`import "sealcheck": ${VALUES.length} values, ${TYPES.length} types, no more`, () => {
    expect(Object.keys(sealcheck).sort()).toEqual([...VALUES].sort());
    expect(exportsOf("src/index.ts")).toEqual({ values: [...VALUES].sort(), types: [...TYPES].sort() });
  }, 120_000);

  it('import "sealcheck/queue": the queue and the Redis replay store', () => {
    expect(Object.keys(queue).sort()).toEqual([...QUEUE_VALUES].sort());
    expect(exportsOf("src/api/queue.ts")).toEqual({ values: [...QUEUE_VALUES].sort(), types: [...QUEUE_TYPES].sort() });
  }, 120_000);

  it('import "sealcheck/dev-token": the test-only key and token maker, and nothing of it in "sealcheck"', () => {
    expect(Object.keys(devToken).sort()).toEqual([...DEV_TOKEN_VALUES].sort());
    expect(exportsOf("src/api/dev-token.ts")).toEqual({ values: [...DEV_TOKEN_VALUES].sort(), types: [...DEV_TOKEN_TYPES].sort() });
    for (const name of DEV_TOKEN_VALUES) expect(Object.keys(sealcheck)).not.toContain(name);
  }, 120_000);

  it("the package publishes these three entries and no other module of the library", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports).filter((k) => !k.startsWith("./schemas") && k !== "./package.json")).toEqual([".", "./queue", "./dev-token"]);
  });

  it("`at` is one shape for every verifier: a Date or an ISO 8601 instant with its zone", async () => {
    expectTypeOf<VerifyArchiveOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<SessionOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<BatchVerifyOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<VerifyManyOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<VerifyIdTokenOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<VerifyTrustedListOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<EnqueueOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<RunWorkerOptions["at"]>().toEqualTypeOf<ValidationTimeInput | undefined>();
    expectTypeOf<ValidationTimeInput>().toEqualTypeOf<Date | string>();
    // At run time the two forms of one instant give one validation time, in an archive and a trusted list alike.
    const iso = "2025-12-08T08:36:40Z";
    const evidence = "samples/valid/archive.pdf";
    const [a, b] = await Promise.all([
      sealcheck.verifyArchive({ evidence, trust: ["samples/trust"], at: iso }),
      sealcheck.verifyArchive({ evidence, trust: ["samples/trust"], at: new Date(iso) }),
    ]);
    expect(a.validationTime).toBe(new Date(iso).toISOString());
    expect(b.validationTime).toBe(a.validationTime);
    // The real Norwegian list where ../shared is beside the checkout; a fresh clone has a list the tests build.
    const real = "../shared/tl/NO.xml";
    const bytes = hasShared("tl/NO.xml", "test/api/public-api.test.ts, the real Norwegian list (a built one instead)")
      ? readFileSync(real)
      : Buffer.from(buildList({ territory: "NO", issued: new Date("2025-12-01T00:00:00Z"), nextUpdate: new Date("2026-06-01T00:00:00Z") }));
    const list = { bytes: new Uint8Array(bytes), file: "NO.xml" };
    const [c, d] = await Promise.all([sealcheck.verifyTrustedList(list, { at: iso }), sealcheck.verifyTrustedList(list, { at: new Date(iso) })]);
    expect(c.validationTime).toBe(new Date(iso).toISOString());
    expect(d.validationTime).toBe(c.validationTime);
    // The string form is read as --at reads it: a date alone is refused.
    await expect(sealcheck.verifyTrustedList(list, { at: "2025-12-08" })).rejects.toThrow(/without a time of day and zone/);
  }, 120_000);
});
