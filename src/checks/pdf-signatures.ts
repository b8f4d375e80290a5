// Every signature of the PDF judged on its own (certification, approval, document timestamp): byte range
// and the revision it covers, digest and signature value, signer and path, and what changed after it.
// Integrity comes before policy: a wrong digest or value fails whatever the algorithm; algorithm
// constraints decide only for intact signatures. The broker's seal is judged in depth by the seal checks;
// its entry here repeats their outcome.
import { quoteName } from "../report/quoted-name.js";
import type * as pkijs from "pkijs";
import { createDigest, describeAlgorithm, digestAlgorithm as lookupDigest, type ApprovalLevel, type ApprovalPolicy } from "../pki/algorithms.js";
import { errorMessage, FormatError, LimitError } from "../errors.js";
import { coveredRevision, parsePdfDate, type PdfDocument, type SignatureInfo } from "../input/pdf/index.js";
import {
  ACCEPTED_DIGESTS,
  decidingSigner,
  decodeSignedData,
  findSignerCertificate,
  verifyByCandidates,
  hashName,
  unsupportedOf,
  verifySigner,
  withOnlySigner,
  type DecidingSigner,
  type DecodedSignedData,
  type SignerVerification,
} from "../pki/cms.js";
import { algorithmName, summarize, shownSubject } from "../pki/certificate.js";
import { validateChain } from "../pki/chain.js";
import { bytesEqual } from "../pki/der.js";
import { verifyTimestamp, type TimestampInfo } from "../pki/timestamp.js";
import { tokenCertificatesOverLimit } from "../pki/token-certificates.js";
import type { EvidenceSource } from "../input/source.js";
import { anchorsFor, listNote } from "../pki/trust-store.js";
import type { PdfSignatureKind, PdfSignatureReport } from "../report/archive-report.js";
import type { CheckResult, CheckStatus, SubIndication } from "../report/types.js";
import type { ArchiveCheckId } from "../report/check-ids.js";
import type { CheckEnv } from "./facts.js";
import type { ChangeAnalysis, ChangesAfter } from "./modifications/analyse.js";
import { lockedChanges } from "./modifications/locks.js";
import { permittedLevel, rank, type ChangeLevel } from "./modifications/levels.js";
import { findingsAbove, permissionWords, type ReaderGroup, saying, type Saying } from "./modifications/saying.js";
import { checkByteRange, signatureInput } from "./seal-signature.js";

interface Outcome {
  status: CheckStatus;
  sub: SubIndication | null;
  message: string;
  details?: Record<string, unknown>;
  /** A document timestamp's token, when it could be read: the proof of existence it gives (long-term validation). */
  timestamp?: TimestampInfo;
  /** The signature's CMS (a document timestamp's token), when it could be decoded: not decoded again by later readers. */
  cms?: DecodedSignedData;
  /** A document timestamp that proves no time (pki/timestamp.ts TimestampResult.provesNothing; a20 T2, C2). */
  provesNothing?: true;
  /** The validation policy's rule that judged an approval signature by the changes after it (approvalJudged). */
  approvalPolicy?: { rule: keyof ApprovalPolicy; level: ApprovalLevel; policy: string };
}

/** A document timestamp as long-term validation weighs it: its token and how it was judged at its own time. */
export interface DocumentTimestampFacts {
  readonly field: string;
  /** 1-based revision it covers. */
  readonly revision: number | null;
  /** Its /ByteRange: the bytes its imprint covers. */
  readonly byteRange: readonly number[] | null;
  readonly status: CheckStatus;
  readonly info: TimestampInfo;
}

/**
 * Whether the bytes a signature's /ByteRange covers (`outer`: two spans) hold the whole /Contents gap of another
 * signature (`inner`): its CMS, and the timestamp tokens inside it. A document timestamp is a proof of existence
 * only of what its imprint covers (EN 319 102-1 §5.6.2.4): the seal and an earlier timestamp are among those only
 * when their bytes are inside its ranges. Ranges that are not four non-negative integers cover nothing.
 */
export function coversSignature(outer: readonly number[] | null, inner: readonly number[] | null): boolean {
  const four = (r: readonly number[] | null): r is readonly [number, number, number, number] =>
    !!r && r.length === 4 && r.every((n) => Number.isSafeInteger(n) && n >= 0);
  if (!four(outer) || !four(inner)) return false;
  const [a, b, c, d] = outer;
  const [start, end] = [inner[0] + inner[1], inner[2]];
  if (end <= start) return false;
  return (start >= a && end <= a + b) || (start >= c && end <= c + d);
}

const kindOf = (s: SignatureInfo): PdfSignatureKind => (s.isDocTimestamp ? "documentTimestamp" : s.isDocMdp ? "certification" : "approval");

const noSigner = (details: Record<string, unknown>): Outcome => ({
  status: "indeterminate",
  sub: "NO_SIGNING_CERTIFICATE_FOUND",
  message: "The signer's certificate is not in the CMS.",
  details,
});
const badValue = (signer: pkijs.Certificate, details: Record<string, unknown>, problems: readonly string[] = []): Outcome => ({
  status: "failed",
  sub: "SIG_CRYPTO_FAILURE",
  message: `The signature value does not verify with the key of ${shownSubject(signer)}${problems.length ? ` (${problems.join("; ")})` : ""}.`,
  details,
});
/** Not checked is not broken: an algorithm outside the one table (algorithms.ts), named. */
const notChecked = (unsupported: NonNullable<SignerVerification["unsupported"]>, details: Record<string, unknown>): Outcome => ({
  status: "indeterminate",
  sub: "CRYPTO_CONSTRAINTS_FAILURE",
  message: `The signature cannot be checked: ${unsupported.message}.`,
  details: { ...details, unsupportedAlgorithm: unsupported },
});

/** What judging every signature needs: the file, and the proven sealing time for signers without their own. */
export interface SignaturesInput {
  readonly pdf: EvidenceSource;
  readonly sealTimestamp?: Date | undefined;
}

/** The digest of byte ranges, each distinct range and algorithm hashed once however many signatures name it. */
type RangeDigest = (ranges: readonly number[], alg: string) => Uint8Array;

function rangeDigests(pdf: EvidenceSource): RangeDigest {
  const memo = new Map<string, Uint8Array>();
  return (ranges, alg) => {
    const key = `${alg}:${ranges.join(",")}`;
    let d = memo.get(key);
    if (!d) memo.set(key, (d = pdf.digestRanges(ranges, alg)));
    return d;
  };
}

/** A CMS signature (CAdES, PKCS#7 detached or its SHA-1 encapsulating variant) over the byte ranges. */
async function judgeCms(env: CheckEnv, where: SignaturesInput, digest: RangeDigest, s: SignatureInfo, ranges: readonly number[]): Promise<Outcome> {
  let cms: DecodedSignedData;
  try {
    // An unsigned element past the limits is left out and named within the decode (cms-unsigned.ts), as the seal's.
    cms = decodeSignedData(s.contents!, `the /Contents of ${s.fieldName ? quoteName(s.fieldName) : "a signature"}`, env.pki, true);
  } catch (e) {
    // A limit reached in what the signature covers: not decided (EN 319 102-1 §5.2.3), never "not intact".
    if (e instanceof LimitError)
      return { status: "indeterminate", sub: "FORMAT_FAILURE", message: `The signature's CMS is not judged, so not decided: ${errorMessage(e)}.` };
    return { status: "failed", sub: "FORMAT_FAILURE", message: `${errorMessage(e)}.` };
  }
  const outcome = await judgeDecodedCms(env, where, digest, s, ranges, cms);
  return { ...withRemarks(outcome, cms), cms };
}

/** The CMS's unsigned elements left out (a13 S3e, a11 S3c) and SignerInfos ignored, named: a warning beside a pass. */
function withRemarks(o: Outcome, cms: DecodedSignedData): Outcome {
  const remarks: string[] = [];
  const details: Record<string, unknown> = { ...o.details };
  const ignoredCount = cms.ignoredCount ?? cms.ignored?.length ?? 0;
  if (ignoredCount) {
    details.ignoredCmsElements = (cms.ignored ?? []).slice(0, 20);
    details.ignoredCmsElementCount = ignoredCount;
    remarks.push(`its CMS's unsigned parts also hold ${ignoredCount} element(s) that do not decode: left out (no signature covers them; anyone may add them)`);
  }
  const others = o.details?.ignoredSignerInfos;
  if (Array.isArray(others) && others.length && o.sub !== "FORMAT_FAILURE")
    remarks.push(
      `its CMS also carries ${String(o.details?.ignoredSignerInfoCount ?? others.length)} other SignerInfo(s), after the one judged: ignored (the SignerInfo set is not signed; anyone may add to it; a PDF signature has one)`,
    );
  if (typeof o.details?.otherDesignated === "number")
    remarks.push(
      `its CMS also carries ${o.details.otherDesignated} other certificate(s) that its SignerInfo's identifier designates, after the signer's: ignored (the certificate set is not signed; anyone may add to it)`,
    );
  if (!remarks.length) return o;
  const said = ` Also: ${remarks.join("; ")}.`;
  return { ...o, status: o.status === "passed" ? "warning" : o.status, message: `${o.message}${said}`, details };
}

/** judgeCms, once the CMS is decoded: the outcome, whose CMS the caller keeps (later readers take it). */
async function judgeDecodedCms(
  env: CheckEnv,
  { pdf, sealTimestamp }: SignaturesInput,
  digest: RangeDigest,
  s: SignatureInfo,
  ranges: readonly number[],
  cms: DecodedSignedData,
): Promise<Outcome> {
  const sd = cms.signedData;
  const eContent = sd.encapContentInfo.eContent ? new Uint8Array(sd.encapContentInfo.eContent.getValue()) : null;
  const details: Record<string, unknown> = {};
  const signedContent = s.subFilter === "adbe.pkcs7.sha1" ? eContent : null;
  // signerInfos is outside every signature (a13 S3d): as for the seal, readers judge the first SignerInfo, and others
  // anyone may add are named, never a failure of the signature. One after the first that verifies is a remark; a first
  // that does not verify while another does is a disagreement of readers: not decided (a17 S1, a18 S4).
  if (sd.signerInfos.length > 1 && sd.signerInfos[0]!.signedAttrs) {
    let deciding: DecidingSigner;
    try {
      deciding = await decidingSigner(
        env.pki,
        cms,
        (alg) => (signedContent ? createDigest(alg).update(signedContent).digest() : digest(ranges, alg)),
        env.limits.maxValidationDataItems,
      );
    } catch (e) {
      if (e instanceof LimitError)
        return { status: "indeterminate", sub: "FORMAT_FAILURE", message: `The signature's CMS is not judged, so not decided: ${errorMessage(e)}.` };
      throw e;
    }
    details.ignoredSignerInfos = deciding.others;
    details.ignoredSignerInfoCount = deciding.otherCount;
    if (deciding.index > 0)
      return {
        status: "indeterminate",
        sub: "FORMAT_FAILURE",
        message: `The CMS's first SignerInfo does not verify the signed bytes, but its SignerInfo number ${deciding.index + 1} does${deciding.verification.signerCert ? ` (by ${shownSubject(deciding.verification.signerCert)})` : ""}: readers that judge the first one (poppler/pdfsig, EU DSS) show this signature as broken or by another signer. Readers disagree on this signature, so it is not decided.`,
        details,
      };
    cms = withOnlySigner(cms, 0);
  } else if (sd.signerInfos.length > 1) {
    details.ignoredSignerInfos = sd.signerInfos.slice(1, 21).map((_, i) => `signerInfos [${i + 1}]: after the one readers judge`);
    details.ignoredSignerInfoCount = sd.signerInfos.length - 1;
    cms = withOnlySigner(cms, 0);
  }
  const si = cms.signedData.signerInfos[0]!;
  // adbe.pkcs7.sha1 signs the SHA-1 digest of the ranges, carried as the encapsulated content.
  if (s.subFilter === "adbe.pkcs7.sha1") {
    if (!eContent) return { status: "failed", sub: "FORMAT_FAILURE", message: "An adbe.pkcs7.sha1 signature without encapsulated content." };
    if (!bytesEqual(eContent, digest(ranges, "sha1")))
      return {
        status: "failed",
        sub: "HASH_FAILURE",
        message: "The SHA-1 digest the signature carries is not the digest of the signed byte ranges: the PDF was changed after signing.",
      };
  } else if (eContent) return { status: "failed", sub: "FORMAT_FAILURE", message: "The CMS encapsulates content instead of signing the byte ranges." };
  const signed = eContent ?? null;
  const digestOf = (alg: string) => (signed ? createDigest(alg).update(signed).digest() : digest(ranges, alg));
  let signer: pkijs.Certificate | null;
  let digestAlgorithm: string;
  if (si.signedAttrs) {
    const v = await verifySigner(env.pki, cms, 0, digestOf);
    digestAlgorithm = v.digestAlgorithm;
    Object.assign(details, { digestAlgorithm, signatureAlgorithm: v.signatureAlgorithm, messageDigest: v.messageDigest, computedDigest: v.computedDigest });
    if (v.computedDigest === undefined)
      return {
        status: "indeterminate",
        sub: "CRYPTO_CONSTRAINTS_FAILURE",
        message: `The digest algorithm ${describeAlgorithm(si.digestAlgorithm.algorithmId)} is not supported.`,
        details: { ...details, ...(v.unsupported ? { unsupportedAlgorithm: v.unsupported } : {}) },
      };
    if (!v.messageDigestMatches)
      return {
        status: "failed",
        sub: "HASH_FAILURE",
        message: "The digest of the signed byte ranges does not match the signature's messageDigest: the PDF was changed after signing.",
        details,
      };
    if (!v.signerCert) return noSigner(details);
    if (v.unsupported) return notChecked(v.unsupported, details);
    if (!v.signatureValid) return badValue(v.signerCert, details, v.problems);
    if (v.firstCandidate) {
      // As for the seal (a8 S3, a19 K1): readers take the first certificate the sid designates (EU DSS, NSS behind
      // pdfsig); a decoy there, while the signer's own later in the (unsigned) set verifies: not decided, never FAILED.
      details.firstDesignated = summarize(v.firstCandidate);
      return {
        status: "indeterminate",
        sub: "FORMAT_FAILURE",
        message: `The signature verifies with ${shownSubject(v.signerCert)}, but the first certificate of the CMS that its SignerInfo's identifier designates is another (${shownSubject(v.firstCandidate)}): readers that take the first (poppler/pdfsig, EU DSS) judge the signature by that one. Readers disagree on this signature, so it is not decided.`,
        details,
      };
    }
    if (v.otherCandidates) details.otherDesignated = v.otherCandidates;
    signer = v.signerCert;
  } else {
    // No signed attributes (older PKCS#7): the signature is over the content itself, by the same table.
    digestAlgorithm = hashName(si.digestAlgorithm.algorithmId) ?? si.digestAlgorithm.algorithmId;
    Object.assign(details, { digestAlgorithm, signatureAlgorithm: algorithmName(si.signatureAlgorithm.algorithmId) });
    signer = findSignerCertificate(si, cms.certificates);
    if (!signer) return noSigner(details);
    const data =
      signed ??
      Buffer.concat([
        pdf.read(ranges[0] as number, (ranges[0] as number) + (ranges[1] as number)),
        pdf.read(ranges[2] as number, (ranges[2] as number) + (ranges[3] as number)),
      ]);
    try {
      lookupDigest(si.digestAlgorithm.algorithmId);
      const v = await verifyByCandidates(env.pki, si, cms.certificates, signer, data, digestAlgorithm);
      signer = v.signer;
      if (!v.valid) return badValue(signer, details);
    } catch (e) {
      const unsupported = unsupportedOf(e);
      if (unsupported) return notChecked(unsupported, details);
      return { status: "failed", sub: "SIG_CRYPTO_FAILURE", message: `The signature does not verify: ${errorMessage(e)}.`, details };
    }
  }
  details.signer = summarize(signer);
  const at = env.options.at ?? sealTimestamp ?? env.validationTime.time;
  // Other signers than the broker are judged against the general anchors only: a per-role anchor (--trust-seal,
  // --trust-token, --trust-tsa) says whom the user trusts for that role, not for any signature.
  const chain = await validateChain(signer, {
    anchors: env.trust.anchors,
    intermediates: [...env.trust.intermediates, ...cms.certificates],
    at,
    session: env.pki,
    index: env.trust.index.anchors,
  });
  details.path = chain.path.map(summarize);
  details.judgedAt = at.toISOString();
  if (chain.status !== "valid") {
    return {
      status: chain.status === "not-yet-valid" ? "failed" : "indeterminate",
      sub: chain.subIndication ?? "CERTIFICATE_CHAIN_GENERAL_FAILURE",
      message: `The signature is intact; its signer ${shownSubject(signer)}: ${chain.message}`,
      details,
    };
  }
  const alg = signed && s.subFilter === "adbe.pkcs7.sha1" ? "sha1" : digestAlgorithm;
  if (!ACCEPTED_DIGESTS.has(alg)) {
    return {
      status: "indeterminate",
      sub: "CRYPTO_CONSTRAINTS_FAILURE",
      message: `The signature is intact, but it uses ${alg}, which is not accepted (SHA-256 or stronger).`,
      details,
    };
  }
  return {
    status: "passed",
    sub: null,
    message: `Signed by ${shownSubject(signer)}: digest and signature value verify, ${chain.message.charAt(0).toLowerCase()}${chain.message.slice(1)}`,
    details,
  };
}

async function judgeDocumentTimestamp(env: CheckEnv, digest: RangeDigest, s: SignatureInfo, ranges: readonly number[]): Promise<Outcome> {
  // Its certificates (an unsigned set) past the run's limit: not read, so not decided (a11 D2c), never FAILED.
  const over = tokenCertificatesOverLimit(env.pki, s.contents!, true);
  if (over)
    return { status: "indeterminate", sub: "GENERIC", message: `The timestamp token is not read, so it is not decided: ${over}.`, details: { limit: over } };
  const trust = {
    anchors: (at: Date) => anchorsFor(env.trust, "tsa", at),
    intermediates: env.trust.intermediates,
    explain: (certs: readonly pkijs.Certificate[], at: Date) => listNote(env.trust, certs, "tsa", at),
    index: env.trust.index.anchors,
  };
  // Judged at its own genTime (past validation); long-term validation judges it again at the proof of existence
  // a later timestamp gives it, or at the validation time.
  const r = await verifyTimestamp(s.contents!, (alg) => digest(ranges, alg), trust, null, env.pki, true);
  // Readers show a timestamp dictionary's /M as its signing time: it must be the time the token proves.
  const claimed = s.m ? parsePdfDate(s.m.text) : undefined;
  if (
    r.info &&
    s.m &&
    (r.judgement.status === "passed" || r.judgement.status === "warning") &&
    (!claimed || Math.abs(claimed.getTime() - r.info.genTime.getTime()) > M_TOLERANCE_MS)
  ) {
    return {
      status: "failed",
      sub: "FORMAT_FAILURE",
      message: `The timestamp verifies, but its dictionary's /M (${quoteName(s.m.text)}) is not the time it proves (${r.info.genTime.toISOString()}): readers show /M as its signing time.`,
      details: { ...r.judgement.details, genTime: r.info.genTime.toISOString(), claimedTime: s.m.text },
    };
  }
  return {
    status: r.judgement.status,
    sub: r.judgement.subIndication,
    message: r.judgement.message,
    details: { ...r.judgement.details, ...(r.info ? { genTime: r.info.genTime.toISOString() } : {}) },
    ...(r.info ? { timestamp: r.info } : {}),
    ...(r.info?.cms ? { cms: r.info.cms } : {}),
    ...(r.provesNothing ? { provesNothing: true as const } : {}),
  };
}

/** How far a document timestamp's /M may be from the time its token proves (writers set /M before asking the TSA). */
const M_TOLERANCE_MS = 5 * 60_000;

/** How one seal check judged the seal: a fact it established. */
export type SealJudgement = Readonly<Pick<CheckResult, "status" | "subIndication" | "message">>;
/** The seal checks' judgements, by check, in the order they ran: together the seal's outcome. */
export type SealJudgements = Readonly<Partial<Record<ArchiveCheckId, SealJudgement>>>;

/**
 * The seal's entry: every seal check (seal-modifications included: a certification whose permissions were
 * exceeded is not "passed", attack-s4 S1). The first failed judgement decides, else the first other that did
 * not pass (indeterminate); the seal signature's warning a warning, as before.
 */
function fromSealJudgements(judged: SealJudgements): Outcome {
  const all = Object.entries(judged) as [string, SealJudgement][];
  const open = (c: SealJudgement) => c.status !== "passed" && c.status !== "warning" && c.status !== "skipped";
  const bad = all.find(([, c]) => c.status === "failed") ?? all.find(([, c]) => open(c));
  if (bad) return { status: bad[1].status, sub: bad[1].subIndication, message: `${bad[0]}: ${bad[1].message}` };
  const sig = judged["seal-signature"];
  return { status: sig?.status === "warning" ? "warning" : "passed", sub: null, message: sig?.message ?? "The seal verifies." };
}

/**
 * What changed after a signature other than the seal, in a reader's words ("page 1's content changed after
 * signing"), as seal-modifications says it for the seal: the changes beyond its permission, else those beyond
 * long-term validation data; nothing when only LTV data (or nothing) followed.
 */
function changeWords(c: ChangesAfter, s: SignatureInfo, docMdp: number | null): { summary: string; objectDetail: string[]; changes: ReaderGroup[] } | object {
  const n = c.laterRevisions;
  let said: Saying;
  if (s.isDocTimestamp) {
    if (rank(c.level) <= rank("ltv")) return {};
    const { findings, total } = findingsAbove(c, "ltv");
    said = saying(findings, total, `${n} revision(s) after the document timestamp add more than long-term validation data.`, "timestamping");
  } else if (rank(c.level) > rank(permittedLevel(docMdp))) {
    const { findings, total } = findingsAbove(c, permittedLevel(docMdp));
    said = saying(findings, total, `${n} revision(s) after the signature change what it signed (${permissionWords(docMdp)}).`, "signing");
  } else if (rank(c.level) > rank("ltv")) {
    const { findings, total } = findingsAbove(c, "ltv");
    said = saying(findings, total, `${n} revision(s) after the signature make changes its permission allows, beyond long-term validation data.`, "signing");
  } else return {};
  return { summary: said.summary, objectDetail: said.objectDetail, changes: said.changes };
}

/**
 * An approval signature whose later changes exceed its permission: never "passed" beside them (issue 37). The
 * validation policy says what it becomes (CryptoPolicy.approvalSignatures, EU DSS's default: a warning, and a
 * failure, FORMAT_FAILURE, when pages were added or removed); a worse outcome of its own stays.
 */
function approvalJudged(
  env: CheckEnv,
  outcome: Outcome,
  c: ChangesAfter,
  permitted: ChangeLevel,
  words: { summary?: string } | object,
  pageCounts: { signed: number | null; latest: number | null },
  /** Changes to fields the signature locks (FieldMDP, SigFieldLock): exceeded whatever the level. */
  locked = false,
): Outcome {
  if (!locked && rank(c.level) <= rank(permitted) && c.dangling.length === 0 && c.unlisted.length === 0) return outcome;
  const policy = env.options.cryptoPolicy;
  // As EU DSS's PdfPageDifference: the page count of the signed revision and the latest one; or a page added or removed.
  const pages =
    pageCounts.signed !== pageCounts.latest ||
    findingsAbove(c, permitted).findings.some((f) => f.change.kind === "page-added" || f.change.kind === "page-removed");
  const rule = pages ? "pageCountChanged" : "permissionExceeded";
  const level = policy.approvalSignatures[rule];
  const order = { passed: 0, skipped: 0, warning: 1, indeterminate: 2, failed: 3 } as const;
  if (order[outcome.status] >= order[level]) return outcome;
  const said =
    "summary" in words && typeof words.summary === "string" ? words.summary : `${c.laterRevisions} revision(s) after the signature change what it signed.`;
  const why = `${pages ? "Pages were added or removed after this signature" : "Changes after this signature exceed its permission"} (validation policy: approvalSignatures.${rule} is ${level}): ${said}`;
  return {
    ...outcome,
    status: level,
    sub: level === "failed" ? (pages ? "FORMAT_FAILURE" : "HASH_FAILURE") : null,
    message: `${why} The signature itself: ${outcome.message}`,
    approvalPolicy: { rule, level, policy: policy.name },
  };
}

export async function judgePdfSignatures(
  env: CheckEnv,
  where: SignaturesInput,
  doc: PdfDocument,
  sigs: readonly SignatureInfo[],
  analysis: ChangeAnalysis,
  seal: { signature: SignatureInfo; judged: SealJudgements } | undefined,
  /** Receives each document timestamp whose token could be read, in file order. */
  timestamps: DocumentTimestampFacts[] = [],
  /** Receives each signature's CMS that could be decoded (not the seal's, which its own check decoded). */
  decoded: Map<SignatureInfo, DecodedSignedData> = new Map(),
): Promise<PdfSignatureReport[]> {
  if (sigs.length > env.limits.maxValidationDataItems) {
    throw new LimitError("maxValidationDataItems", `the PDF has ${sigs.length} signatures`);
  }
  const pdf = where.pdf;
  const digest = rangeDigests(pdf);
  const out: PdfSignatureReport[] = [];
  for (const s of sigs) {
    const input = signatureInput(doc, s);
    const covered = coveredRevision(doc, s.byteRange);
    const { ranges, problems } = checkByteRange(input, pdf.length);
    const docMdp = s.reference.find((r) => r.transformMethod === "DocMDP")?.p ?? null;
    const details: Record<string, unknown> = { byteRange: s.byteRange, subFilter: s.subFilter ?? null, ...(s.m ? { claimedTime: s.m.text } : {}) };
    let outcome: Outcome;
    if (seal && s === seal.signature) outcome = fromSealJudgements(seal.judged);
    else if (!ranges) outcome = { status: "failed", sub: "FORMAT_FAILURE", message: `The byte range is not acceptable: ${problems.join("; ")}.` };
    else if (!s.contents || s.contents.length === 0)
      outcome = { status: "failed", sub: "FORMAT_FAILURE", message: "/Contents is empty: there is no signature." };
    else if (s.isDocTimestamp) outcome = await judgeDocumentTimestamp(env, digest, s, ranges);
    else outcome = await judgeCms(env, where, digest, s, ranges);
    // A document timestamp's /Contents lies outside its own byte range, and anyone can append one: one that fails on
    // its own (its range, an empty /Contents, its token) proves no time, never the seal's failure (a20 T2).
    if (s.isDocTimestamp && !(seal && s === seal.signature) && (!ranges || !s.contents?.length)) outcome = { ...outcome, provesNothing: true };
    Object.assign(details, outcome.details ?? {}, outcome.provesNothing ? { provesNothing: true } : {});
    if (outcome.cms) decoded.set(s, outcome.cms);
    if (outcome.timestamp)
      timestamps.push({
        field: s.fieldName ?? "(DocMDP)",
        revision: covered === undefined ? null : covered + 1,
        byteRange: s.byteRange,
        status: outcome.status,
        info: outcome.timestamp,
      });
    if (covered !== undefined) {
      try {
        const c = analysis.after(covered);
        const permitted = s.isDocTimestamp ? "ltv" : permittedLevel(docMdp);
        const words = seal && s === seal.signature ? {} : changeWords(c, s, docMdp);
        details.changesAfter = {
          level: c.level,
          permitted,
          laterRevisions: c.laterRevisions,
          withinPermission: rank(c.level) <= rank(permitted) && c.dangling.length === 0 && c.unlisted.length === 0,
          // The seal's words are its check's (seal-modifications); every other signature's are here, in the same form.
          ...words,
        };
        if (kindOf(s) === "approval" && !(seal && s === seal.signature)) {
          const counts = { signed: analysis.pageCount(covered), latest: analysis.pageCount(doc.revisions.length - 1) };
          outcome = approvalJudged(env, outcome, c, permitted, words, counts);
          if (outcome.approvalPolicy) details.approvalPolicy = outcome.approvalPolicy;
        }
        // A field the signature locks, changed after it (modifications/locks.ts): judged as a change beyond its
        // permission, as EU DSS's FieldMDP and SigFieldLock checks (WARN in its default policy). Not the seal's.
        const locked = kindOf(s) !== "documentTimestamp" && !(seal && s === seal.signature) ? lockedChanges(doc, analysis, s, covered) : [];
        if (locked.length) {
          details.lockedFieldChanges = locked.map((l) => ({
            field: l.finding.change.field,
            revision: l.finding.revision + 1,
            lock: l.lock.source,
            text: l.finding.text,
          }));
          const fields = [...new Set(locked.map((l) => quoteName(l.finding.change.field!)))];
          const summary = `The form field(s) ${fields.slice(0, 4).join(", ")}${fields.length > 4 ? ` and ${fields.length - 4} more` : ""} that this signature locks (${[...new Set(locked.map((l) => l.lock.source))].join(", ")}) changed after it.`;
          const counts = { signed: analysis.pageCount(covered), latest: analysis.pageCount(doc.revisions.length - 1) };
          outcome = approvalJudged(env, outcome, c, permitted, { summary }, counts, true);
          if (outcome.approvalPolicy) details.approvalPolicy = outcome.approvalPolicy;
        }
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        details.changesAfter = { error: errorMessage(e) };
      }
    }
    out.push({
      field: s.fieldName ?? "(DocMDP)",
      kind: kindOf(s),
      revision: covered === undefined ? null : covered + 1,
      docMdpPermission: s.isDocMdp || kindOf(s) === "certification" ? docMdp : null,
      coversRevision: ranges !== undefined,
      status: outcome.status,
      subIndication: outcome.status === "failed" || outcome.status === "indeterminate" ? outcome.sub : null,
      message: outcome.message,
      details,
    });
  }
  return out;
}
