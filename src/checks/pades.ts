// The PAdES stages, each one step of the archive pipeline (src/verify/archive.ts runs them in registry order):
// read the PDF structure and identify the seal through it, verify it (signature → timestamp, which becomes the
// proven sealing time → certificate → modifications → every signature), then take the three attachments from
// the *sealed* revision, so a later revision cannot swap them. Each stage reads facts and returns new ones.
import { quoteName } from "../report/quoted-name.js";
import { createHash } from "../platform/crypto.js";
import { FormatError, LimitError, errorMessage } from "../errors.js";
import { findSignatures, listEmbeddedFiles, parsePdf, type PdfDocument, type PdfView, type SignatureInfo } from "../input/pdf/index.js";
import { signingTime, type DecodedSignedData } from "../pki/cms.js";
import type { EvidenceSource } from "../input/source.js";
import { summarize } from "../pki/certificate.js";
import { failed, indeterminate, passed, result, skipped, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { TimestampInfo } from "../pki/timestamp.js";
import type { PadesLevel, PdfSignatureReport, SealSummary } from "../report/archive-report.js";
import { decodeTokenEvidence } from "./attachments.js";
import { ATTACHMENT_NAMES, chooseSeal } from "../evidence/broker.js";
import type { ArchiveFacts, CheckEnv, Established, EvidenceFacts, TokenEvidence, With } from "./facts.js";
import { checkSealSignature, sealIdentity, signatureInput, type SealCmsFacts, type SealSignatureInput } from "./seal-signature.js";
import { coversSignature, judgePdfSignatures, type DocumentTimestampFacts, type SealJudgement, type SealJudgements } from "./pdf-signatures.js";
import { checkSealTimestamp, signedClaims } from "./seal-timestamp.js";
import { checkSealCertificate, type SealPathFacts } from "./seal-certificate.js";
import { readDssData, type DssData } from "../evidence/dss-items.js";
import { checkSealModifications } from "./seal-modifications.js";
import { ChangeAnalysis } from "./modifications/analyse.js";

/** The three attachments as the sealed revision has them; each name exactly once. */
function checkPdfAttachments(env: CheckEnv, sealed: PdfView, latest: PdfView, sealVerified: boolean): Established<EvidenceFacts> {
  let files;
  try {
    files = listEmbeddedFiles(sealed).files;
  } catch (e) {
    return {
      check: failed("attachments", "FORMAT_FAILURE", `The embedded files of the sealed revision cannot be read: ${errorMessage(e)}.`),
      facts: { evidence: {} },
    };
  }
  return judgeAttachments(env, files, sealed, latest, sealVerified);
}

/** The three evidence attachments' names, as keys: none of them is judged as "another sealed attachment". */
const ATTACHMENT_NAME_SET: Readonly<Record<string, true>> = Object.fromEntries(Object.values(ATTACHMENT_NAMES).map((n) => [n, true]));

function judgeAttachments(
  env: CheckEnv,
  files: ReturnType<typeof listEmbeddedFiles>["files"],
  sealed: PdfView,
  latest: PdfView,
  sealVerified: boolean,
): Established<EvidenceFacts> {
  const problems: string[] = [];
  const reported = new Set<keyof TokenEvidence>();
  const values: Partial<Record<keyof TokenEvidence, unknown>> = {};
  const digests: Record<string, string> = {};
  for (const [key, name] of Object.entries(ATTACHMENT_NAMES) as [keyof TokenEvidence, string][]) {
    const found = files.filter((f) => f.name.text === name);
    if (found.length !== 1) {
      problems.push(found.length === 0 ? `${name} is missing` : `${name} is present ${found.length} times`);
      reported.add(key);
      continue;
    }
    try {
      const bytes = found[0]!.decode();
      digests[name] = createHash("sha256").update(bytes).digest("hex");
      values[key] = Buffer.from(bytes).toString("latin1");
    } catch (e) {
      problems.push(`${name} cannot be decoded (${errorMessage(e)})`);
      reported.add(key);
    }
  }
  const decoded = decodeTokenEvidence(env.pki, values, ATTACHMENT_NAMES, reported);
  problems.push(...decoded.problems);
  const facts = decoded.facts;
  // What a reader shows today: attachments replaced or added after sealing are reported here too.
  const later: string[] = [];
  if (latest.index !== sealed.index) {
    try {
      // Every other attachment the seal covers, by name: its sealed bytes' digests (a8 A3: a sealed fourth attachment
      // is not "added after sealing" because a revision follows). Decoded only when the latest revision names it.
      const sealedOthers = (name: string): Set<string | null> | undefined => {
        const same = files.filter((f) => f.name.text === name);
        if (same.length === 0) return undefined;
        return new Set(
          same.map((f) => {
            try {
              return createHash("sha256").update(f.decode()).digest("hex");
            } catch {
              return null;
            }
          }),
        );
      };
      for (const f of listEmbeddedFiles(latest).files) {
        const sealedDigest = Object.hasOwn(digests, f.name.text) ? digests[f.name.text] : undefined;
        const others = sealedDigest === undefined && !Object.hasOwn(ATTACHMENT_NAME_SET, f.name.text) ? sealedOthers(f.name.text) : undefined;
        if (others !== undefined) {
          let d: string | null = null;
          try {
            d = createHash("sha256").update(f.decode()).digest("hex");
          } catch {
            d = null;
          }
          if (d === null || !others.has(d)) later.push(`${quoteName(f.name.text)} was replaced after sealing`);
          continue;
        }
        if (sealedDigest === undefined) {
          later.push(`${quoteName(f.name.text)} was added after sealing`);
          continue;
        }
        // Only a file named like a sealed attachment is decoded (bounded work on hostile later revisions).
        let d: string | null = null;
        try {
          d = createHash("sha256").update(f.decode()).digest("hex");
        } catch {
          d = null;
        }
        if (d !== sealedDigest) later.push(`${quoteName(f.name.text)} was replaced after sealing`);
      }
    } catch (e) {
      later.push(`the latest revision's embedded files cannot be read (${errorMessage(e)})`);
    }
  }
  const details = { revision: sealed.index, names: files.map((f) => f.name.text), sha256: digests, changedLater: later };
  const check = (): CheckResult => {
    if (problems.length)
      return failed("attachments", "FORMAT_FAILURE", `The sealed revision's attachments are not as the broker writes them: ${problems.join("; ")}.`, {
        details,
      });
    if (later.length) {
      return failed(
        "attachments",
        "HASH_FAILURE",
        `The sealed attachments are intact and used, but ${later.join("; ")}: a reader would show other attachments than the sealed ones.`,
        { details },
      );
    }
    if (!sealVerified)
      return warning("attachments", "The three attachments are present once each and decodable, but the seal that should cover them did not verify.", {
        details,
      });
    return passed(
      "attachments",
      `The three attachments are present once each in the sealed revision ${sealed.index + 1}, decodable, and covered by the seal.`,
      {
        details,
      },
    );
  };
  return { check: check(), facts };
}

/**
 * Document timestamps (PAdES B-LTA), as judged among every signature: imprint over their revision, TSA, path. One
 * that proves no time (its own /Contents, outside its byte range, damaged or another's; a20 T2, C2) is as if absent:
 * a warning naming it while another timestamp (`sealPoe`: the seal's verified signature timestamp, or a document
 * timestamp that verifies) proves the seal's existence, else INDETERMINATE/NO_POE; never FAILED.
 */
function checkDocumentTimestamps(items: readonly PdfSignatureReport[], sealPoe: boolean): CheckResult {
  const all = items.filter((i) => i.kind === "documentTimestamp");
  if (all.length === 0) return skipped("document-timestamps", "The PDF has no document timestamp (no PAdES B-LTA revision).");
  const nothing = all.filter((i) => i.details.provesNothing === true);
  const ts = all.filter((i) => i.details.provesNothing !== true);
  const timestamps = all.map((i) => ({
    field: i.field,
    byteRange: i.details.byteRange,
    revision: i.revision,
    status: i.status,
    subIndication: i.subIndication,
    message: i.message,
    ...(i.details.genTime ? { genTime: i.details.genTime } : {}),
    ...(i.details.provesNothing === true ? { provesNothing: true } : {}),
  }));
  const details = { timestamps };
  const bad = ts.find((i) => i.status === "failed") ?? ts.find((i) => i.status === "indeterminate");
  if (bad)
    return result("document-timestamps", bad.status, `Document timestamp in ${quoteName(bad.field)}: ${bad.message}`, { sub: bad.subIndication, details });
  const good = ts.filter((i) => i.status === "passed" || i.status === "warning");
  const none = nothing.map((i) => `${quoteName(i.field)}: ${i.message.replace(/\.$/, "")}`).join("; ");
  const proveNothing = nothing.length
    ? `${nothing.length} document timestamp(s) prove no time (${none}); ${nothing.length > 1 ? "their tokens lie" : "its token lies"} outside ${nothing.length > 1 ? "their" : "its"} own byte range (anyone can change ${nothing.length > 1 ? "them" : "it"} without a key), so no proof of existence and no B-LTA is taken from ${nothing.length > 1 ? "them" : "it"}, as if absent.`
    : "";
  if (nothing.length && !sealPoe && good.length === 0)
    return indeterminate("document-timestamps", "NO_POE", `${proveNothing} No other timestamp proves when the seal existed.`, { details });
  const verified = good.length
    ? `${good.length} document timestamp(s) verify over their revisions (${good.map((t) => t.details.genTime).join(", ")}).`
    : "No document timestamp verifies.";
  if (nothing.length) return warning("document-timestamps", `${verified} ${proveNothing}`, { details });
  // A timestamp whose ESS binding is missing or names another certificate: a warning (pki/timestamp.ts, as EU DSS).
  const warned = ts.find((i) => i.status === "warning");
  if (warned) return warning("document-timestamps", `${verified} Document timestamp in ${quoteName(warned.field)}: ${warned.message}`, { details });
  return passed("document-timestamps", verified, { details });
}

function padesLevel(hasSigTs: boolean, dss: Pick<DssData, "ocsps" | "crls">, docTs: number): PadesLevel {
  if (!hasSigTs) return "B-B";
  const lt = dss.ocsps.length + dss.crls.length > 0;
  if (lt && docTs > 0) return "B-LTA";
  if (lt) return "B-LT";
  return "B-T";
}

/** Established by reading the PDF: the document, its signatures and the seal among them. */
export interface PadesRead {
  readonly doc: PdfDocument;
  readonly signatures: readonly SignatureInfo[];
  readonly seal: SignatureInfo;
  readonly sealInput: SealSignatureInput;
  readonly docMdpP: number | null;
}

/** The facts of the PAdES stages, besides those every form shares. */
export interface PadesFacts extends SealCmsFacts, SealPathFacts {
  readonly pades?: PadesRead;
  /** Why there is no `pades`: what every later PAdES stage says instead of running. */
  readonly padesMissing?: { readonly reason: string; readonly attachments: string };
  /** The seal's signature verified (passed or warning). */
  readonly sealVerified?: boolean;
  readonly sealTimestampInfo?: TimestampInfo;
  /** The validation data of every revision's DSS, item by item (evidence/dss-items.ts): the one reading. */
  readonly dss?: DssData;
  readonly analysis?: ChangeAnalysis;
  /** How each seal check judged the seal: together the seal's outcome, which the seal's entry repeats. */
  readonly sealSignatureJudged?: SealJudgement;
  readonly sealTimestampJudged?: SealJudgement;
  readonly sealCertificateJudged?: SealJudgement;
  /** Every seal check's judgement (the registry's seal stages, attack-s4 S1): the seal's outcome, which its entry repeats. */
  readonly sealJudged?: SealJudgements;
  /** The document timestamps whose tokens could be read (long-term validation's proofs of existence). */
  readonly documentTimestamps?: readonly DocumentTimestampFacts[];
  /** Every signature's CMS as decoded when it was judged (document timestamps' tokens, approval signatures; the seal's is `cms`). */
  readonly signatureCms?: ReadonlyMap<SignatureInfo, DecodedSignedData>;
}

/** A seal check's judgement as a fact. */
export const judged = (check: CheckResult): SealJudgement => ({ status: check.status, subIndication: check.subIndication, message: check.message });

/** What a PAdES stage reads: the facts every form shares and those of the stages before it. */
export type PadesStageFacts = ArchiveFacts & PadesFacts;

/** What a stage returns: the checks it decided and the facts it established. */
export interface StageOutput<F> {
  readonly checks: readonly CheckResult[];
  readonly facts?: Partial<F>;
}

/** A PDF whose structure is refused: seal-signature's FORMAT_FAILURE, and nothing for the later PAdES stages. */
const unreadable = (file: string, reason: string): StageOutput<PadesFacts> => ({
  checks: [failed("seal-signature", "FORMAT_FAILURE", `${file}: the PDF structure cannot be read: ${reason}.`)],
  facts: {
    padesMissing: {
      reason: "The PDF structure could not be read.",
      attachments: "The PDF structure could not be read, so no attachment was taken from it.",
    },
  },
});

/** "seal-signature": reads the PDF, finds the seal through the document structure and verifies its CMS. */
export async function sealSignatureStage(env: CheckEnv, pdf: EvidenceSource, file: string): Promise<StageOutput<PadesFacts>> {
  let doc: PdfDocument;
  let sigs: readonly SignatureInfo[];
  let emptyFields: readonly string[];
  try {
    // A malformed update after the revisions that read is named (doc.unreadUpdate) and judged by seal-modifications,
    // so that the seal's own checks still run on what was sealed.
    doc = parsePdf(pdf, env.limits, { unreadUpdate: true });
    const scan = findSignatures(doc.latest());
    sigs = scan.signatures;
    emptyFields = scan.unsignedFields;
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return unreadable(file, errorMessage(e));
  }
  const { seal: sig, problem } = chooseSeal(sigs);
  if (!sig && doc.unreadUpdate) {
    // No seal in what reads: the seal (if any) is in what does not, and the file is refused as a whole.
    return unreadable(file, doc.unreadUpdate.reason);
  }
  if (!sig) {
    // No signature at all: an unsigned PDF (an original, say) given as evidence, a slip named as such.
    const unsigned = sigs.length === 0;
    const message = unsigned
      ? `${file} is not a sealed archive: the PDF carries no signature at all (found through /AcroForm and /Perms). If it is one of the originals, give the sealed archive the broker delivered as the evidence and the originals after it.`
      : `${file}: ${problem}: it is not a sealed PAdES.`;
    return {
      checks: [failed("seal-signature", "FORMAT_FAILURE", message, unsigned ? { details: { notSealed: true } } : {})],
      facts: {
        padesMissing: { reason: "There is no seal to check.", attachments: "Without a seal there is no sealed revision to take the attachments from." },
      },
    };
  }
  const sealInput = signatureInput(doc, sig);
  const { check: sigCheck, facts } = await checkSealSignature(env, pdf, sealInput);
  let check = sigCheck;
  if (problem && sigCheck.status !== "failed") check = failed("seal-signature", "FORMAT_FAILURE", `${problem}.`, { details: sigCheck.details ?? {} });
  else if (emptyFields.length && sigCheck.status === "passed") {
    // Harmless while DocMDP holds (signing it later is a modification), but not what the broker writes.
    check = warning(
      "seal-signature",
      `${sigCheck.message} The document also has ${emptyFields.length} empty signature field(s) (${emptyFields.join(", ")}); the broker writes exactly one.`,
      { details: sigCheck.details ?? {} },
    );
  }
  const docMdpP = sig.reference.find((r) => r.transformMethod === "DocMDP")?.p ?? null;
  return {
    checks: [check],
    facts: {
      ...facts,
      pades: { doc, signatures: sigs, seal: sig, sealInput, docMdpP },
      // The validation data of every revision's DSS, for the seal's path and long-term validation: the one reading
      // (an unreadable item is named and said nothing of; a limit reached leaves it undecided).
      dss: readDssData(doc, env.pki, env.limits.maxValidationDataItems),
      sealVerified: sigCheck.status === "passed" || sigCheck.status === "warning",
      sealSignatureJudged: judged(check),
    },
  };
}

/** "seal-timestamp": a verified timestamp of a verified seal becomes the proven sealing time. */
export async function sealTimestampStage(env: CheckEnv, f: With<PadesStageFacts, "pades" | "cms">): Promise<StageOutput<PadesStageFacts>> {
  const { check, info } = await checkSealTimestamp(
    env,
    f,
    f.pades.sealInput.claimedTime,
    f.revocationItems,
    signedClaims(
      { m: f.pades.sealInput.claimedTime, signingTime: signingTime(f.cms.signedData.signerInfos[0]!), iat: f.claims?.iat },
      env.options.clockSkewSeconds * 1000,
    ),
  );
  return {
    checks: [check],
    facts: {
      ...(info ? { sealTimestampInfo: info } : {}),
      ...(info && f.sealVerified ? { sealTimestamp: info.genTime } : {}),
      sealTimestampJudged: judged(check),
    },
  };
}

/** "seal-certificate": with the validation data of the CMS and of the DSS. */
export async function sealCertificateStage(
  env: CheckEnv,
  f: With<PadesStageFacts, "pades" | "signerCert" | "cms" | "dss" | "revocationItems">,
): Promise<StageOutput<PadesStageFacts>> {
  // The DSS's items, and those only the timestamps' own CMS hold (attack36b T2's pool, read for the seal too).
  const items = f.revocationItems;
  const { check, facts } = await checkSealCertificate(env, f, {
    ...f.dss,
    timestamps: items.inTimestamps,
    unsigned: items.inSealUnsigned,
    ...(items.limit !== undefined ? { timestampsLimit: items.limit } : {}),
  });
  return { checks: [check], facts: { ...facts, sealCertificateJudged: judged(check) } };
}

/** "seal-modifications": every revision after the seal, compared with the one before it. */
export function sealModificationsStage(env: CheckEnv, f: With<PadesStageFacts, "pades">): StageOutput<PadesStageFacts> {
  const analysis = new ChangeAnalysis(f.pades.doc, env.limits.maxComparedObjects);
  const policy = { name: env.options.cryptoPolicy.name, allowedWithLtvUpdate: env.options.cryptoPolicy.sealModifications.allowedWithLtvUpdate };
  return { checks: [checkSealModifications(f.pades.doc, analysis, f.pades.seal, f.pades.docMdpP, policy)], facts: { analysis } };
}

/** "document-timestamps": every signature judged on its own; the seal's entry repeats the seal's outcome (a fact). */
export async function pdfSignaturesStage(
  env: CheckEnv,
  pdf: EvidenceSource,
  f: With<PadesStageFacts, "pades" | "analysis">,
): Promise<StageOutput<PadesStageFacts>> {
  const { doc, signatures, seal } = f.pades;
  let items: PdfSignatureReport[];
  let check: CheckResult;
  let count = 0;
  const documentTimestamps: DocumentTimestampFacts[] = [];
  const signatureCms = new Map<SignatureInfo, DecodedSignedData>();
  try {
    items = await judgePdfSignatures(
      env,
      { pdf, sealTimestamp: f.sealTimestamp },
      doc,
      signatures,
      f.analysis,
      {
        signature: seal,
        judged: f.sealJudged ?? {},
      },
      documentTimestamps,
      signatureCms,
    );
    check = checkDocumentTimestamps(items, f.sealTimestamp !== undefined);
    // The PAdES level counts only the document timestamps whose bytes hold the seal (a timestamp over a revision
    // before the seal proves those bytes, not the seal) and that prove a time (a20 T2, C2): neither makes it B-LTA.
    count = items.filter(
      (i) => i.kind === "documentTimestamp" && i.details.provesNothing !== true && coversSignature(i.details.byteRange as number[] | null, seal.byteRange),
    ).length;
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    items = [];
    // A limit reached is "not decided" (anyone can append signature fields), never "forged" (attack-s5 P1c).
    check =
      e instanceof LimitError
        ? indeterminate("document-timestamps", "GENERIC", `The PDF's signatures are not judged, so not decided: ${errorMessage(e)}.`)
        : failed("document-timestamps", "FORMAT_FAILURE", `The PDF's signatures are not judged: ${errorMessage(e)}.`);
  }
  return { checks: [check], facts: { pdfSignatures: items, documentTimestamps, signatureCms, seal: sealSummary(env, f, f.pades, count) } };
}

/** "attachments" of a PAdES: from the sealed revision, compared with what the latest revision shows. */
export function padesAttachmentsStage(env: CheckEnv, f: With<PadesStageFacts, "pades">): StageOutput<ArchiveFacts> {
  const { check, facts } = checkPdfAttachments(env, f.pades.doc.at(f.pades.seal.revision), f.pades.doc.latest(), f.sealVerified ?? false);
  return { checks: [check], facts };
}

function sealSummary(env: CheckEnv, f: PadesFacts, p: PadesRead, docTs: number): SealSummary {
  const ts = f.sealTimestampInfo;
  return {
    field: p.sealInput.fieldName,
    signer: f.signerCert ? summarize(f.signerCert) : null,
    identity: f.signerCert ? sealIdentity(f.signerCert, env.options.sealSigners).identity : null,
    claimedTime: p.sealInput.claimedTime ?? null,
    timestamp: ts ? { genTime: ts.genTime.toISOString(), tsa: ts.tsa ?? null, serialNumber: ts.serialNumber } : null,
    path: f.sealPath ?? [],
    padesLevel: padesLevel(Boolean(ts), f.dss ?? { crls: [], ocsps: [] }, docTs),
    revisions: p.doc.revisions.length,
    sealedRevision: p.seal.revision,
    docMdpPermission: p.docMdpP,
  };
}
