// verifyArchive: the one orchestrator of the ETSI process over a workflow archive. Its stages are the registry
// of src/verify/stages.ts, run in the order their needs give — seal (PAdES only: signature, timestamp → proven
// time, certificate, modifications, every signature), attachments, token signature, claims, token certificate
// at the validation time, OCSP, originals, counts — each from the facts the stages before it established; then,
// with --token, the cross-check. The report lists the checks in the registry's order (src/report/check-ids.ts).
import { internalErrorCheck } from "../report/internal-error.js";
import { FormatError, SealcheckError, errorMessage, raiseLimit } from "../errors.js";
import type { Limits } from "../limits.js";
import { notEvidence } from "../input/not-evidence.js";
import { classifyEvidence, readBounded, readEvidence, type EvidenceInput } from "../input/evidence-file.js";
import { givenSource, isEvidenceSource, wholeSource, type EvidenceSource, type GivenEvidence } from "../input/source.js";
import { hashOriginalBytes, listOriginals, startHashingOriginals, type OriginalBytes, type OriginalFile, type OriginalsHashing } from "../input/originals.js";
import { TRUST_ROLES, type IndexedTrustStore, type TrustRole, type TrustStore } from "../pki/trust-store.js";
import type * as pkijs from "pkijs";
import { quoteName } from "../report/quoted-name.js";
import { certificatesFromBytes, summarize, thumbprint } from "../pki/certificate.js";
import type { PkiSession } from "../pki/session.js";
import { resolvePersonNames } from "../report/person-names.js";
import { isBrokerSealHolder } from "../evidence/broker-identity.js";
import { failed, skipped } from "../report/check.js";
import { closeSync, existsSync, readSync, statSync } from "node:fs";
import { listDirectory, openRegular, showName } from "../input/files.js";
import { createHash } from "../platform/crypto.js";
import { basename, dirname, join } from "node:path";
import { expectOptions, expectPathList, givenWithSession } from "../usage.js";
import { DEFAULT_LIMITS } from "../limits.js";
import { computeVerdict } from "../report/verdict.js";
import type { ArchiveReport, VerificationInputs } from "../report/archive-report.js";
import type { CheckResult, ListServiceDecision, TrustedListUse } from "../report/types.js";
import { VERSION } from "../version.js";
import { runValidationTime, type ArchiveFacts, type ArchiveOptions, type CheckEnv } from "../checks/facts.js";
import { planOf, runStages, type RunFacts, type StageContext, type StageRun } from "./stages.js";
import { inReportOrder, type ArchiveCheckId } from "../report/check-ids.js";
import { buildArchiveSummary } from "./archive-summary.js";
import { SESSION_OPTION_NAMES, VerificationSession, callSession, type VerdictOptions } from "./session.js";
import type { Policy } from "../policy.js";
import { tokenCrossCheckStage } from "./cross-check.js";
import { statementInfo, type StatementFields } from "../report/statement-fields.js";

export type { VerdictOptions };

export interface VerifyArchiveOptions extends Policy {
  /**
   * A verification session (createSession) whose policy, trust, limits and caches this call uses, to share
   * across calls: then `trust`, `certs`, `trustFor`, `trustStore`, `at`, `limits` and the other policy options
   * belong to the session and may not be given here. Without one, this call's options make a session of its
   * own, with the default process session's caches (clearDefaultSession).
   */
  session?: VerificationSession;
  /**
   * Path of the evidence file, or, with a name for messages, its bytes or a source of its own (an
   * EvidenceSource: a browser File's, say).
   */
  evidence: string | GivenEvidence;
  // The bytes' shape is inline, as `evidence`'s: the public API names no type of its own for it.
  /**
   * Original PDFs: files and/or directories, or files given as their bytes with a name (for hosts without a
   * file system). Omitted or empty: documents are not compared.
   */
  originals?: readonly (string | { readonly name: string; readonly bytes: Uint8Array })[];
  /** A loaded trust store instead of `trust`/`certs`, to share across many archives. */
  trustStore?: TrustStore;
  /**
   * A real directory the evidence file and every original must be inside when opened (links followed): set by verify-batch and
   * the queue worker for an archive found by discovery under a root (ArchiveSpec.within), so that a link planted
   * after discovery does not make the reader hash, and report the digest of, a file of its own elsewhere.
   */
  originalsWithin?: string;
  /**
   * The Workflow-token JSON of the same workflow (`--token`): verified with the same session and cross-checked
   * with the evidence's token, as the last stage of the run (check token-cross-check).
   */
  crossCheckToken?: string;
  /**
   * A case reference and the auditor's name for the statement (`--case-ref`, `--auditor`): carried in the
   * report's `statement` and printed on the statement's first page; never part of the verdict. Each at most
   * STATEMENT_FIELD_MAX characters of letters, digits, punctuation, symbols and spaces (else a usage error).
   */
  statement?: StatementFields;
}

/**
 * Verifies one archive and returns its report. Throws SealcheckError only for usage problems (a missing
 * file, an unusable trust store, a bad option); anything wrong with the evidence is in the report.
 */
export async function verifyArchive(o: VerifyArchiveOptions): Promise<ArchiveReport> {
  return verifyArchiveChecked(o);
}

/**
 * Internal (not in the public API): what the bytes read must be, checked where they are read, on the bytes
 * the verdict rests on (the queue's content pinned at `queue add`, src/batch/pins.ts). Each hook throws to end
 * the run: the evidence's SHA-256 once read, the original files listed, then their digests once hashed (awaited
 * even when no check needed them).
 */
export interface ContentCheck {
  evidence(file: string, sha256: string): void;
  listed(files: readonly string[]): void;
  originals(files: readonly OriginalFile[]): void;
}

/** verifyArchive, with the bytes it reads checked by `check` (internal: the queue worker's). */
export async function verifyArchiveChecked(o: VerifyArchiveOptions, contentCheck?: ContentCheck): Promise<ArchiveReport> {
  checkCallerOptions(o);
  const statement = statementInfo(o.statement);
  const report = await verifyArchiveRun(o, contentCheck);
  return statement ? { ...report, statement } : report;
}

async function verifyArchiveRun(o: VerifyArchiveOptions, pinned?: ContentCheck): Promise<ArchiveReport> {
  const given = o.session;
  if (given !== undefined) refuseSessionOptionsBeside(given, o);
  // Without a session the policy is resolved before any file is read, as createSession would.
  const session = given ?? callSession(o);
  const limits = session.limits;
  // Originals are listed before any work so that a wrong path is a usage error, not a verdict; hashing them
  // starts at once (on a worker thread when they are large), beside the trust store, the evidence read and
  // the checks. A listing error is raised after those of the trust store and the evidence, as before.
  let originalPaths: string[] | null = null;
  let listingError: unknown = null;
  let certificateSlip: SealcheckError | null = null;
  const givenPaths = (o.originals ?? []).filter((p): p is string => typeof p === "string");
  const inMemory = (o.originals ?? []).filter((p): p is OriginalBytes => typeof p !== "string");
  try {
    originalPaths = givenPaths.length ? listOriginals(givenPaths, limits.maxOriginals) : null;
    if (originalPaths && typeof o.evidence === "string") refuseEvidenceAsOriginals(o.evidence, givenPaths, originalPaths);
    // With anchors given and --allow-extra-originals, a certificate in the folder is one more extra file (a warning).
    const noAnchors = !hasAnchors(session.trust);
    if (originalPaths && (noAnchors || !session.options.allowExtraOriginals)) {
      // Set aside and said after the verdict: a slip never takes the place of a failing archive's verdict (a28 X1).
      const slip = certificatesAsOriginals(givenPaths, originalPaths, noAnchors, session.pki);
      if (slip) {
        certificateSlip = slip.error;
        originalPaths = originalPaths.filter((f) => !slip.certs.includes(f));
        if (!originalPaths.length) originalPaths = null;
      }
    }
    if ((originalPaths?.length ?? 0) + inMemory.length > limits.maxOriginals)
      throw new SealcheckError("ERR_INPUT_TOO_LARGE", `more than ${limits.maxOriginals} original files given (${raiseLimit("maxOriginals")})`, {
        option: "limits.maxOriginals",
      });
  } catch (e) {
    listingError = e;
  }
  const within = o.originalsWithin;
  const hashing = withOriginalBytes(
    originalPaths ? startHashingOriginals(originalPaths, { maxBytes: limits.maxOriginalBytes, ...(within !== undefined ? { within } : {}) }) : null,
    inMemory,
    limits,
  );
  try {
    const trust = session.trust;
    // A missing --token file is a usage error (exit 3), named before the evidence is read.
    const tokenFile = o.crossCheckToken;
    const tokenBytes = tokenFile ? readBounded(tokenFile, limits.maxEvidenceBytes) : null;
    const name = typeof o.evidence === "string" ? o.evidence : o.evidence.name;
    const bytes =
      typeof o.evidence === "string" ? await readEvidence(o.evidence, limits.maxEvidenceBytes, { within: o.originalsWithin }) : givenSource(o.evidence);
    if (listingError) throw listingError;
    if (pinned) {
      pinned.evidence(name, bytes.sha256());
      pinned.listed(originalPaths ?? []);
    }

    // Everything below reads the evidence. Bad evidence gives a report; a SealcheckError (an unreadable
    // original, say) still propagates. Any other exception is a defect reached by this input: it must not
    // escape as a crash, nor hide — the report fails with FORMAT_FAILURE naming the stage, the error in details.
    // One validation time per call (now, unless --at): the evidence and the originals it names are judged at it.
    const env: CheckEnv = Object.freeze({
      limits,
      // The session's caches, with this run's own work budget (RunWork).
      pki: session.pki.forRun(limits.maxValidationDataItems),
      trust,
      options: Object.freeze({ ...session.options }),
      validationTime: runValidationTime(session.options, session.clock()),
    });
    const showPersonalData = o.showPersonalData ?? session.policy.showPersonalData ?? false;
    const guarded = async (evidenceName: string, evidenceBytes: EvidenceSource, originals: OriginalsHashing | null, show: boolean, run: PipelineRun) => {
      try {
        return await runPipeline(evidenceName, evidenceBytes, originals, env, show, run);
      } catch (e) {
        if (e instanceof SealcheckError) throw e;
        return resolvePersonNames(internalErrorReport(evidenceName, run, e, session.options, env.validationTime.time), { show });
      }
    };
    const run: PipelineRun = { stage: "attachments", checks: [] };
    const report = await guarded(name, bytes, hashing, showPersonalData, run);
    if (certificateSlip && report.indication !== "TOTAL-FAILED") throw certificateSlip;
    if (pinned && hashing) pinned.originals(await hashing.result);
    if (tokenFile === undefined || tokenBytes === null) return report;
    // The cross-check: the --token copy verified with the same session (no originals, personal data masked),
    // then compared with the evidence's own token, read from the evidence as this run classified it.
    let check: CheckResult;
    try {
      check = await tokenCrossCheckStage({
        evidence: run.input ?? { file: name, source: bytes },
        tokenFile,
        tokenBytes,
        evidenceSha256: bytes.sha256(),
        limits,
        verifyToken: () => guarded(tokenFile, wholeSource(tokenBytes), null, false, { stage: "attachments", checks: [] }),
      });
    } catch (e) {
      // A slip with --token (the same delivery, a copy of no form of it, another workflow's) is a usage error only
      // over evidence that passes on its own: it never takes the place of the evidence's own verdict (a27 X1: a
      // forged PDF around the genuine token, given with the genuine PDF, was exit 3 "the same delivery").
      if (!(e instanceof SealcheckError) || e.code !== "ERR_USAGE" || report.indication === "TOTAL-PASSED") throw e;
      check = skipped("token-cross-check", `Not compared: ${e.message}`);
    }
    const checks = [...report.checks, check];
    return { ...report, ...computeVerdict(checks), checks };
  } finally {
    hashing?.cancel();
  }
}

/** verifyArchive with `crossCheckToken` (`verify --token`): the cross-check is a stage of verifyArchive's run. */
export function verifyArchiveWithToken(o: VerifyArchiveOptions): Promise<ArchiveReport> {
  return verifyArchive(o);
}

/** Originals given as bytes beside (or instead of) those on disk: hashed here, reported by their names. */
function withOriginalBytes(hashing: OriginalsHashing | null, given: readonly OriginalBytes[], limits: Limits): OriginalsHashing | null {
  if (given.length === 0) return hashing;
  for (const g of given) {
    if (typeof g !== "object" || g === null || typeof g.name !== "string" || !(g.bytes instanceof Uint8Array))
      throw new SealcheckError("ERR_USAGE", "originals: expected paths or { name, bytes } (bytes a Uint8Array)", { option: "originals" });
    if (g.bytes.length > limits.maxOriginalBytes)
      throw new SealcheckError(
        "ERR_INPUT_TOO_LARGE",
        `${g.name}: an original of ${g.bytes.length} bytes, more than the limit of ${limits.maxOriginalBytes} (maxOriginalBytes)`,
        {
          file: g.name,
        },
      );
  }
  // Each entry hashed is the key of its bytes (by identity, not by name: a name is not a path and may repeat).
  const bytes = new WeakMap<OriginalFile, Uint8Array>();
  const result = (async () => {
    const inMemory: OriginalFile[] = [];
    for (const g of given) {
      const f = await hashOriginalBytes(g);
      bytes.set(f, g.bytes);
      inMemory.push(f);
    }
    return [...(hashing ? await hashing.result : []), ...inMemory];
  })();
  result.catch(() => undefined);
  return { result, cancel: () => hashing?.cancel(), bytesOf: (f) => bytes.get(f) };
}

/**
 * A sealed archive among the originals (another workflow's, or a copy of this one) is evidence, not a signed
 * document: a slip, not a changed original. Only files that match no document are looked at (at most a few,
 * within the evidence limits), so a correct folder costs nothing. A file is set aside only when it is this
 * evidence byte for byte, or when its own seal verifies (signature, certificate and no changes after it, under
 * the same trust and options): never for an attachment's name, which anyone can give an unsigned PDF (an
 * altered copy of a contract carrying "workflow_token.jwt" would otherwise be tolerated beside the genuine
 * documents, or turn HASH_FAILURE into INDETERMINATE in place of one). Anything else stays an original.
 */
async function withoutSealedArchives(
  f: ArchiveFacts,
  given: readonly OriginalFile[] | null,
  isSealedArchive: (o: OriginalFile) => Promise<boolean>,
): Promise<{ originals: OriginalFile[] | null; archives: string[] }> {
  const originals = given && [...given];
  const wanted = new Set((f.claims?.documents ?? []).map((d) => d.sha256Hex));
  if (!originals || !f.claims) return { originals, archives: [] };
  const candidates = originals.filter((o) => o.isPdf && !wanted.has(o.sha256Hex)).slice(0, 8);
  const archives = new Set<string>();
  for (const c of candidates) if (await isSealedArchive(c)) archives.add(c.path);
  if (archives.size === 0) return { originals, archives: [] };
  return { originals: originals.filter((o) => !archives.has(o.path)), archives: [...archives] };
}

/** The seal checks that must all have passed (a warning is a pass with a remark) for a file to be a sealed archive. */
const SEAL_VERIFIED: readonly ArchiveCheckId[] = ["seal-signature", "seal-certificate", "seal-modifications"];

/**
 * Originals that are evidence files are a slip of the hand (the archive's own folder given as originals, an
 * endpoint JSON among the PDFs), not a changed document: one usage error naming the file and the folder to
 * give instead, never a HASH_FAILURE that reads like a forgery.
 */
function refuseEvidenceAsOriginals(evidence: string, given: readonly string[], listed: readonly string[]): void {
  // The same file by device and inode (through symbolic links, and hard links too): one stat a name, where
  // a realpath cost an lstat for each of its directories.
  const identity = (p: string) => {
    try {
      return statSync(p, { bigint: true, throwIfNoEntry: false });
    } catch {
      return undefined; // unreadable here: the listing or the hashing reports it
    }
  };
  const ev = identity(evidence);
  const isEvidence = (p: string): boolean => {
    const st = ev && identity(p);
    return !!st && st.ino === ev!.ino && st.dev === ev!.dev;
  };
  for (const g of given) {
    let isDir = false;
    try {
      isDir = statSync(g).isDirectory();
    } catch {
      continue;
    }
    const holds = isDir ? readdirSafe(g).some((n) => isEvidence(join(g, n))) : isEvidence(g);
    if (!holds) continue;
    const sibling = join(isDir ? g : dirname(g), "originals");
    const instead =
      existsSync(sibling) && statSync(sibling).isDirectory()
        ? `; give the folder of the original PDFs, such as ${sibling}`
        : "; give the original PDFs that were signed";
    throw new SealcheckError(
      "ERR_USAGE",
      isDir
        ? `${g}: this folder holds the evidence file ${basename(evidence)} itself, so it is not a folder of originals${instead}`
        : `${g}: this is the evidence file itself, not an original${instead}`,
      { file: g },
    );
  }
  for (const f of listed) {
    if (looksLikeJson(f)) {
      throw new SealcheckError(
        "ERR_USAGE",
        `${f}: a JSON file among the originals; originals are the PDFs that were signed (an endpoint JSON is evidence: verify it on its own)`,
        { file: f },
      );
    }
  }
}

/** Whether any anchor was given, for any role or by a trusted list. */
function hasAnchors(t: IndexedTrustStore): boolean {
  return (
    t.anchors.length > 0 ||
    Object.values(t.roleAnchors ?? {}).some((a) => a.length > 0) ||
    (t.listAnchors?.length ?? 0) > 0 ||
    (t.trustedLists?.length ?? 0) > 0
  );
}

/**
 * Certificates among the originals are a slip, never a changed document (the broker signs PDFs only, so no
 * certificate is any document_N): most often the word --trust left out before the anchors' folder, which then
 * lands among the originals. One usage error that says so first, naming the files, never a HASH_FAILURE; said after
 * the verdict of the other originals, and only when that is no TOTAL-FAILED (a28 X1).
 */
function certificatesAsOriginals(
  given: readonly string[],
  listed: readonly string[],
  noAnchors: boolean,
  pki: PkiSession,
): { error: SealcheckError; certs: string[] } | null {
  const certs = listed.filter((f) => looksLikeCertificate(f, pki));
  if (!certs.length) return null;
  const shown =
    certs
      .slice(0, 4)
      .map((f) => quoteName(basename(f)))
      .join(", ") + (certs.length > 4 ? ` and ${certs.length - 4} more` : "");
  const dirs = [...new Set(certs.map((f) => given.find((g) => g === f) ?? dirname(f)))];
  const what = `${shown} ${certs.length === 1 ? "is a certificate" : "are certificates"}, given among the originals (the PDFs that were signed)`;
  const error = new SealcheckError(
    "ERR_USAGE",
    noAnchors
      ? `No trust anchors were given, and ${what}: were they meant as trust anchors? If you obtained them yourself (never from the evidence: docs/trust-anchors.md), give them as trust anchors (trust): ${dirs[0]}.`
      : `${what}; trust anchors are given as trust anchors (trust, or for one role trustFor), never among the originals.`,
    { file: certs[0]!, option: "originals" },
  );
  return { error, certs };
}

/**
 * A file that is a certificate and nothing else: PEM certificate blocks and white space only, or one DER certificate
 * (a SEQUENCE of a SEQUENCE) filling the file. Anything more (a27 X1: an altered original with a PEM block put before
 * it, which pdftotext still reads) stays an original, compared and failed.
 */
function looksLikeCertificate(file: string, pki: PkiSession): boolean {
  let fd: number | undefined;
  try {
    fd = openRegular(file, Number.MAX_SAFE_INTEGER).fd;
    const buf = Buffer.alloc(CERTIFICATE_FILE_MAX + 1);
    const n = readSync(fd, buf, 0, buf.length, 0);
    if (n > CERTIFICATE_FILE_MAX) return false;
    const b = buf.subarray(0, n);
    // Nothing but certificates: PEM blocks and white space, or a DER SEQUENCE filling the file; and each one decodes
    // as an X.509 certificate, read as --trust reads a file (a29 X2: a DER head's shape put before an altered original).
    const text = b.toString("latin1");
    const pem = /-----BEGIN (TRUSTED |X509 )?CERTIFICATE-----/.test(text);
    if (
      pem &&
      text
        .replace(PEM_CERTIFICATE_BLOCKS, "")
        .replace(/^\xEF\xBB\xBF/, "")
        .trim() !== ""
    )
      return false;
    if (!pem && (n < 8 || b[0] !== 0x30 || (b[1] !== 0x82 && b[1] !== 0x83))) return false;
    if (!pem && (b[1] === 0x82 ? 4 + b.readUInt16BE(2) : 5 + b.readUIntBE(2, 3)) !== n) return false;
    return certificatesFromBytes(b, file, pki).length > 0;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
const PEM_CERTIFICATE_BLOCKS = /-----BEGIN (TRUSTED |X509 )?CERTIFICATE-----[A-Za-z0-9+/=\s]*-----END (TRUSTED |X509 )?CERTIFICATE-----/g;
/** No certificate file is this large (a certificate bundle of a few dozen). */
const CERTIFICATE_FILE_MAX = 256 * 1024;

function readdirSafe(dir: string): string[] {
  try {
    return listDirectory(dir, { hidden: true }).flatMap((e) => (e.name === null ? [] : [e.name]));
  } catch {
    return [];
  }
}

/** First non-blank byte "{": a JSON object, not a PDF. */
function looksLikeJson(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openRegular(file, Number.MAX_SAFE_INTEGER).fd;
    const head = Buffer.alloc(64);
    const n = readSync(fd, head, 0, 64, 0);
    return /^\s*\{/.test(head.subarray(0, n).toString("latin1"));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const EXAMPLE = `verifyArchive({ evidence: "archive.pdf", originals: ["originals/"], trust: ["roots/"] })`;

/** With a session, the policy is the session's: the same option given here too is a usage error. */
function refuseSessionOptionsBeside(session: unknown, o: VerifyArchiveOptions): void {
  if (!(session instanceof VerificationSession))
    throw new SealcheckError("ERR_USAGE", "session: expected a session made by createSession(), for example verifyArchive({ evidence, session })", {
      option: "session",
    });
  const both = SESSION_OPTION_NAMES.filter((k) => (o as unknown as Record<string, unknown>)[k] !== undefined);
  if (both.length) throw givenWithSession(both);
}

function checkCallerOptions(o: unknown): asserts o is VerifyArchiveOptions {
  expectOptions("verifyArchive", o, EXAMPLE);
  const v = o as Record<string, unknown>;
  const ev = v.evidence;
  const named =
    ev !== null &&
    typeof ev === "object" &&
    typeof (ev as { name?: unknown }).name === "string" &&
    ((ev as { bytes?: unknown }).bytes instanceof Uint8Array || isEvidenceSource((ev as { source?: unknown }).source));
  if (!(typeof ev === "string" && ev !== "") && !named) {
    throw new SealcheckError(
      "ERR_USAGE",
      `evidence: expected a path or { name, bytes } (bytes a Uint8Array; or { name, source }, source an EvidenceSource), got ${ev === undefined ? "nothing" : typeof ev}; for example ${EXAMPLE}`,
      { option: "evidence" },
    );
  }
  for (const k of ["trust", "certs"]) expectPathList(k, v[k]);
  const originals = v.originals;
  if (Array.isArray(originals))
    expectPathList(
      "originals",
      originals.filter((p) => typeof p !== "object" || p === null),
    );
  else expectPathList("originals", originals);
}

/** Read whole to say what a non-evidence file is (a JWKS, a JWT); beyond this its first 4 KiB. */
const NOT_EVIDENCE_READ = 4 << 20;

interface PipelineRun extends StageRun {
  input?: EvidenceInput;
}

async function runPipeline(
  name: string,
  bytes: EvidenceSource,
  hashing: OriginalsHashing | null,
  env: CheckEnv,
  showPersonalData: boolean,
  run: PipelineRun,
): Promise<ArchiveReport> {
  const { limits, options } = env;
  let input: EvidenceInput;
  try {
    input = classifyEvidence(name, bytes, limits);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    // Not any form of a sealed archive (an ID token, the bare JWT, a certificate…): said so, with where it belongs.
    const other = notEvidence(bytes.read(0, Math.min(bytes.length, NOT_EVIDENCE_READ)));
    const message = other
      ? `${name} is not a sealed archive: it seems to be ${other.seemsToBe}${other.instead ? `; ${other.instead}` : ""}. The evidence is a sealed PDF or the JSON of the PAdES or Workflow-token endpoint.`
      : `${name}: ${errorMessage(e)}.`;
    const base = formatFailureReport(name, message, options, env.validationTime.time);
    return {
      ...base,
      ...(other ? { checks: [{ ...base.checks[0]!, details: { notEvidence: { seemsToBe: other.seemsToBe, instead: other.instead } } }] } : {}),
      evidence: { file: name, format: other ? "unknown" : "pades-pdf", ...fileIdentity(bytes) },
      verification: verificationInputs(env, showPersonalData),
    };
  }
  run.input = input;
  // A PDF among the originals is this evidence (the same bytes), or a sealed archive whose own seal verifies
  // here: its checks run as this archive's do, without originals (so without going deeper).
  const evidenceDigest = input.format === "pades-pdf" ? bytes.sha256() : null;
  const isSealedArchive = async (orig: OriginalFile): Promise<boolean> => {
    if (evidenceDigest !== null && orig.sha256Hex === evidenceDigest.toLowerCase()) return true;
    let other: Uint8Array;
    try {
      // An original given in memory has no path: its bytes, never a file of the same name.
      other = hashing?.bytesOf?.(orig) ?? readBounded(orig.path, limits.maxEvidenceBytes);
    } catch {
      return false; // unreadable as evidence: an ordinary extra original
    }
    // The file is read again by its name: what is judged must be the bytes that were hashed and compared, or a
    // writer of the folder could swap a sealed archive in between (the altered contract hashed, a genuine seal
    // judged) and have the altered contract set aside as "a sealed archive".
    if (createHash("sha256").update(other).digest("hex") !== orig.sha256Hex)
      throw new SealcheckError(
        "ERR_FILE_UNREADABLE",
        `${showName(orig.path)}: the file changed while it was verified (its bytes differ from those hashed a moment before); verify again once the originals folder is no longer being written to`,
        { file: orig.path },
      );
    try {
      const r = await runPipeline(orig.path, wholeSource(other), null, env, false, { stage: "attachments", checks: [] });
      return SEAL_VERIFIED.every((id) => r.checks.some((c) => c.id === id && (c.status === "passed" || c.status === "warning")));
    } catch {
      return false; // a defect reached by that file says nothing of a seal: an ordinary original
    }
  };
  const ctx: StageContext = {
    input,
    originals: async () => (hashing ? await hashing.result : null),
    sealedArchives: (f, given) => withoutSealedArchives(f, given, isSealedArchive),
  };
  const facts = await runStages(planOf(input), env, ctx, run);
  const checks = inReportOrder(run.checks, "archive");

  run.stage = "counts";
  const verdict = computeVerdict(checks);
  const at = env.validationTime;
  return resolvePersonNames<ArchiveReport>(
    {
      ...verdict,
      validationTime: at.time.toISOString(),
      validationTimeSource: at.source,
      checks,
      tool: { name: "sealcheck", version: VERSION },
      kind: "workflow-archive",
      evidence: { file: name, format: input.format, ...fileIdentity(bytes) },
      originals: { compared: hashing !== null, files: [...(facts.originalFiles ?? [])] },
      verification: verificationInputs(env, showPersonalData, facts),
      tokenClaimsVerified: checks.some((c) => c.id === "token-signature" && (c.status === "passed" || c.status === "warning")),
      ...buildArchiveSummary(facts, showPersonalData),
      seal: facts.form === "pades" ? (facts.seal ?? null) : null,
      pdfSignatures: facts.form === "pades" ? [...(facts.pdfSignatures ?? [])] : [],
      longTerm: facts.longTerm ?? null,
    },
    { show: showPersonalData, organisations: knownOrganisations(facts) },
  );
}

/** The certificates whose holder this run knows to be an organisation beyond what holder.ts reads: the broker's seal. */
function knownOrganisations(facts: RunFacts): Set<string> {
  const cert = facts.form === "pades" ? facts.signerCert : undefined;
  return new Set(cert && isBrokerSealHolder(cert) ? [thumbprint(cert, "sha256")] : []);
}

/** SHA-256 and size of the evidence bytes: what a filed statement must name (hashed with the seal's byte ranges). */
function fileIdentity(source: EvidenceSource): { sha256: string; size: number } {
  return { sha256: source.sha256(), size: source.length };
}

/**
 * The paths the verdict rests on, each by the anchor it ended at (a12 X1e: an anchor taken from the file's page text
 * is named nowhere else): the seal's, its signature timestamp's TSA, each document timestamp's TSA, the token
 * certificate's. By SHA-256 of each path's last certificate (anchorsGiven keeps those that are anchors given).
 */
function decidingAnchors(facts: RunFacts | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!facts) return out;
  const add = (path: readonly pkijs.Certificate[] | undefined, what: string) => {
    const anchor = path?.at(-1);
    if (!anchor) return;
    const sha256 = summarize(anchor).sha256;
    const list = out.get(sha256) ?? [];
    if (!list.includes(what)) list.push(what);
    out.set(sha256, list);
  };
  if (facts.form === "pades") {
    add(facts.sealChain, "the seal");
    add(facts.sealTimestampInfo?.chain, "the seal's timestamp (TSA)");
    for (const d of facts.documentTimestamps ?? []) add(d.info.chain, `the document timestamp ${quoteName(d.field, 40)} (TSA)`);
  }
  add(facts.tokenChain?.path, "the token certificate");
  return out;
}

/**
 * Every anchor the caller gave: those for every role, then each role's own (`roles` set), each certificate once,
 * with the files it was read from and the paths that ended at it (`decides`).
 */
function anchorsGiven(trust: IndexedTrustStore, facts?: RunFacts): VerificationInputs["trustAnchors"] {
  const out: VerificationInputs["trustAnchors"] = [];
  const bySha = new Map<string, VerificationInputs["trustAnchors"][number]>();
  const decides = decidingAnchors(facts);
  const entry = (s: { subject: string; sha256: string }, roles?: TrustRole[]): VerificationInputs["trustAnchors"][number] => {
    const from = trust.sources?.[s.sha256];
    const d = decides.get(s.sha256);
    return {
      subject: s.subject,
      sha256: s.sha256,
      ...(roles ? { roles } : {}),
      ...(from?.length ? { from: from.map((x) => ({ ...x })) } : {}),
      ...(d?.length ? { decides: d } : {}),
    };
  };
  for (const c of trust.anchors) {
    const s = summarize(c);
    if (bySha.has(s.sha256)) continue;
    const a = entry(s);
    bySha.set(s.sha256, a);
    out.push(a);
  }
  for (const role of TRUST_ROLES) {
    for (const c of trust.roleAnchors?.[role] ?? []) {
      const s = summarize(c);
      const known = bySha.get(s.sha256);
      if (known) {
        if (known.roles && !known.roles.includes(role)) known.roles.push(role);
        continue;
      }
      const a = entry(s, [role]);
      bySha.set(s.sha256, a);
      out.push(a);
    }
  }
  return out;
}

/**
 * The trusted lists as the report names them: each with its signer and the pinned certificate its trust rests on
 * (a person's name only when personal data is shown), and its services at which a path of the verdict ended, with
 * what each decided (a14 X1i: the seal rested on a list's service and no line said so).
 */
function listsUsed(trust: IndexedTrustStore, showPersonalData: boolean, facts?: RunFacts): TrustedListUse[] {
  const decides = decidingAnchors(facts);
  const named = <T extends { subject: string | null; person?: boolean }>(c: T): T => (c.person && !showPersonalData ? { ...c, subject: null } : { ...c });
  return (trust.trustedLists ?? []).map((l) => {
    // By the paths' anchors (a handful), never by every service of the lists (the EU's have thousands).
    const services: ListServiceDecision[] = [];
    for (const [sha256, d] of decides) {
      const a = trust.index.listsBySha256.get(sha256)?.find((x) => x.anchor.source.list === l.file)?.anchor;
      if (!a) continue;
      services.push({ service: a.source.service, provider: a.source.provider, subject: summarize(a.cert).subject, sha256, decides: [...d] });
    }
    return {
      ...l,
      ...(l.signer ? { signer: named(l.signer) } : {}),
      ...(l.pinned ? { pinned: named(l.pinned) } : {}),
      ...(services.length ? { decides: services } : {}),
    };
  });
}

function verificationInputs({ trust, options, limits }: CheckEnv, showPersonalData: boolean, facts?: RunFacts): VerificationInputs {
  const changed = Object.entries(limits).filter(([k, v]) => DEFAULT_LIMITS[k as keyof Limits] !== v);
  return {
    trustAnchors: anchorsGiven(trust, facts),
    ...(trust.trustedLists ? { trustedLists: listsUsed(trust, showPersonalData, facts) } : {}),
    untrustedCertificates: trust.intermediates.length,
    options: {
      at: options.at ? options.at.toISOString() : null,
      ocspWindowSeconds: options.ocspWindowSeconds,
      clockSkewSeconds: options.clockSkewSeconds,
      tokenAlgorithms: [...options.tokenAlgorithms],
      tokenSignerOrganizations: [...(options.tokenSignerOrganizations ?? [])],
      limits: Object.fromEntries(changed),
      showPersonalData,
      cryptoPolicy: { name: options.cryptoPolicy.name, sha256: options.cryptoPolicy.sha256 },
    },
  };
}

/**
 * The report when an unexpected exception escaped a check: the checks done so far, then the stage that
 * threw as failed (FORMAT_FAILURE), with the error (name, message, top of the stack) in its details so a
 * genuine bug stays visible. Never TOTAL-PASSED.
 */
function internalErrorReport(file: string, run: PipelineRun, e: unknown, options: ArchiveOptions, now: Date): ArchiveReport {
  const stageId = run.stage;
  const failure = internalErrorCheck(stageId, e, "evidence");
  const checks = [...run.checks.filter((c) => c.id !== stageId), failure];
  const base = formatFailureReport(file, failure.message, options, now);
  const format = run.input?.format;
  return { ...base, ...computeVerdict(checks), checks, evidence: { file, format: format ?? "pades-pdf" } };
}

/** A report for evidence that could not even be classified: one failed check, FORMAT_FAILURE. */
function formatFailureReport(file: string, message: string, options: ArchiveOptions, now: Date): ArchiveReport {
  const checks = [failed("attachments", "FORMAT_FAILURE", message)];
  const at = options.at ?? now;
  return {
    ...computeVerdict(checks),
    validationTime: at.toISOString(),
    validationTimeSource: options.at ? "at-option" : "current-time",
    checks,
    tool: { name: "sealcheck", version: VERSION },
    kind: "workflow-archive",
    evidence: { file, format: "pades-pdf" },
    originals: { compared: false, files: [] },
    workflow: null,
    documents: [],
    signatures: [],
    tokenCertificate: null,
    ocsp: null,
    seal: null,
    pdfSignatures: [],
    personalDataShown: false,
  };
}

export { summarize };
