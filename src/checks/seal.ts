// The PAdES phase: reads the PDF structure, identifies the seal through the document structure, verifies
// it (signature → timestamp, which becomes the proven sealing time → certificate → modifications), then
// takes the three attachments from the *sealed* revision, so a later revision cannot swap them.
import { createHash } from "node:crypto";
import { FormatError, LimitError, errorMessage } from "../errors.js";
import { findSignatures, listEmbeddedFiles, parsePdf, readDss, type PdfDocument, type PdfView, type SignatureInfo } from "../input/pdf/index.js";
import { certificateFromDer, summarize } from "../pki/certificate.js";
import { describePath } from "../pki/chain.js";
import { failed, passed, result, skipped, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { PadesLevel, PdfSignatureReport, SealSummary } from "../report/archive-report.js";
import { decodeTokenEvidence } from "./attachments.js";
import { ATTACHMENT_NAMES, chooseSeal } from "../evidence/broker.js";
import type { ArchiveContext, TokenEvidence } from "./context.js";
import { checkSealSignature, sealIdentity, signatureInput, type SealState } from "./seal-signature.js";
import { judgePdfSignatures } from "./pdf-signatures.js";
import { checkSealTimestamp } from "./seal-timestamp.js";
import { checkSealCertificate, type ExtraRevocationData } from "./seal-certificate.js";
import { checkSealModifications } from "./seal-modifications.js";
import { ChangeAnalysis } from "./modifications/analyse.js";

const SEAL_IDS = ["seal-signature", "seal-timestamp", "seal-certificate", "seal-modifications", "document-timestamps"] as const;

export function skipAll(reason: string): CheckResult[] {
  return SEAL_IDS.map((id) => skipped(id, reason));
}

/** The three attachments as the sealed revision has them; each name exactly once. */
function checkPdfAttachments(ctx: ArchiveContext, sealed: PdfView, latest: PdfView, sealVerified: boolean): CheckResult {
  let files;
  try {
    files = listEmbeddedFiles(sealed).files;
  } catch (e) {
    return failed("attachments", "FORMAT_FAILURE", `The embedded files of the sealed revision cannot be read: ${errorMessage(e)}.`);
  }
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
  problems.push(...decodeTokenEvidence(ctx, values, ATTACHMENT_NAMES, reported));
  // What a reader shows today: attachments replaced or added after sealing are reported here too.
  const later: string[] = [];
  if (latest.index !== sealed.index) {
    try {
      for (const f of listEmbeddedFiles(latest).files) {
        const sealedDigest = Object.hasOwn(digests, f.name.text) ? digests[f.name.text] : undefined;
        if (sealedDigest === undefined) {
          later.push(`${f.name.text} was added after sealing`);
          continue;
        }
        // Only a file named like a sealed attachment is decoded (bounded work on hostile later revisions).
        let d: string | null = null;
        try {
          d = createHash("sha256").update(f.decode()).digest("hex");
        } catch {
          d = null;
        }
        if (d !== sealedDigest) later.push(`${f.name.text} was replaced after sealing`);
      }
    } catch (e) {
      later.push(`the latest revision's embedded files cannot be read (${errorMessage(e)})`);
    }
  }
  const details = { revision: sealed.index, names: files.map((f) => f.name.text), sha256: digests, changedLater: later };
  if (problems.length)
    return failed("attachments", "FORMAT_FAILURE", `The sealed revision's attachments are not as the broker writes them: ${problems.join("; ")}.`, { details });
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
  return passed("attachments", `The three attachments are present once each in the sealed revision ${sealed.index + 1}, decodable, and covered by the seal.`, {
    details,
  });
}

/** Document timestamps (PAdES B-LTA), as judged among every signature: imprint over their revision, TSA, path. */
function checkDocumentTimestamps(items: readonly PdfSignatureReport[]): { check: CheckResult; count: number } {
  const ts = items.filter((i) => i.kind === "documentTimestamp");
  if (ts.length === 0) return { check: skipped("document-timestamps", "The PDF has no document timestamp (no PAdES B-LTA revision)."), count: 0 };
  const timestamps = ts.map((i) => ({
    field: i.field,
    byteRange: i.details.byteRange,
    revision: i.revision,
    status: i.status,
    subIndication: i.subIndication,
    message: i.message,
    ...(i.details.genTime ? { genTime: i.details.genTime } : {}),
  }));
  const details = { timestamps };
  const bad = ts.find((i) => i.status === "failed") ?? ts.find((i) => i.status === "indeterminate");
  if (bad) {
    return {
      check: result("document-timestamps", bad.status, `Document timestamp in ${bad.field}: ${bad.message}`, { sub: bad.subIndication, details }),
      count: ts.length,
    };
  }
  return {
    check: passed("document-timestamps", `${ts.length} document timestamp(s) verify over their revisions (${timestamps.map((t) => t.genTime).join(", ")}).`, {
      details,
    }),
    count: ts.length,
  };
}

function dssData(ctx: ArchiveContext, latest: PdfView): ExtraRevocationData {
  const extra: ExtraRevocationData = { certs: [], crls: [], ocsps: [] };
  try {
    const dss = readDss(latest);
    if (!dss) return extra;
    const items = dss.certs.length + dss.ocsps.length + dss.crls.length;
    if (items > ctx.limits.maxValidationDataItems) {
      throw new LimitError("maxValidationDataItems", `the DSS lists ${items} certificates, OCSP responses and CRLs`);
    }
    const read = (ref: { num: number; gen: number }) => {
      const o = latest.object(ref);
      if (o?.value.kind !== "stream") throw new FormatError("DSS entry is not a stream");
      return latest.decode(o.value);
    };
    // A stream the DSS lists more than once is read and judged once (the same bytes, the same judgement).
    const once = (refs: readonly { num: number; gen: number }[]) => [...new Map(refs.map((r) => [`${r.num} ${r.gen}`, r])).values()];
    for (const r of once(dss.certs)) {
      try {
        extra.certs.push(certificateFromDer(read(r), "a DSS certificate", ctx.session.pki));
      } catch {
        /* an unreadable DSS certificate only means fewer path candidates */
      }
    }
    for (const r of once(dss.ocsps)) extra.ocsps.push(read(r));
    for (const r of once(dss.crls)) extra.crls.push(read(r));
  } catch {
    /* a broken DSS is reported by seal-modifications/document-timestamps; revocation then relies on the CMS */
  }
  return extra;
}

function padesLevel(hasSigTs: boolean, dss: ExtraRevocationData, docTs: number): PadesLevel {
  if (!hasSigTs) return "B-B";
  const lt = dss.ocsps.length + dss.crls.length > 0;
  if (lt && docTs > 0) return "B-LTA";
  if (lt) return "B-LT";
  return "B-T";
}

export async function runSealChecks(ctx: ArchiveContext): Promise<CheckResult[]> {
  const pdf = ctx.input.pdf!;
  let doc: PdfDocument;
  let sigs: readonly SignatureInfo[];
  let emptyFields: readonly string[];
  try {
    doc = parsePdf(pdf, ctx.limits);
    const scan = findSignatures(doc.latest());
    sigs = scan.signatures;
    emptyFields = scan.unsignedFields;
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return [
      skipped("attachments", "The PDF structure could not be read, so no attachment was taken from it."),
      failed("seal-signature", "FORMAT_FAILURE", `${ctx.input.file}: the PDF structure cannot be read: ${errorMessage(e)}.`),
      ...skipAll("The PDF structure could not be read.").slice(1),
    ];
  }
  const { seal: sig, problem } = chooseSeal(sigs);
  if (!sig) {
    return [
      failed("seal-signature", "FORMAT_FAILURE", `${ctx.input.file}: ${problem}: it is not a sealed PAdES.`),
      ...skipAll("There is no seal to check.").slice(1),
      skipped("attachments", "Without a seal there is no sealed revision to take the attachments from."),
    ];
  }
  const checks: CheckResult[] = [];
  const state: SealState = { signature: signatureInput(doc, sig) };
  const sigCheck = await checkSealSignature(ctx, state);
  if (problem && sigCheck.status !== "failed") checks.push(failed("seal-signature", "FORMAT_FAILURE", `${problem}.`, { details: sigCheck.details ?? {} }));
  else if (emptyFields.length && sigCheck.status === "passed") {
    // Harmless while DocMDP holds (signing it later is a modification), but not what the broker writes.
    checks.push(
      warning(
        "seal-signature",
        `${sigCheck.message} The document also has ${emptyFields.length} empty signature field(s) (${emptyFields.join(", ")}); the broker writes exactly one.`,
        { details: sigCheck.details ?? {} },
      ),
    );
  } else checks.push(sigCheck);

  const { check: tsCheck, info: ts } = await checkSealTimestamp(ctx, state);
  checks.push(tsCheck);
  const sealVerified = sigCheck.status === "passed" || sigCheck.status === "warning";
  if (ts && sealVerified) ctx.sealTimestamp = ts.genTime;

  const latest = doc.latest();
  const extra = dssData(ctx, latest);
  checks.push(await checkSealCertificate(ctx, state, extra));
  const docMdpP = sig.reference.find((r) => r.transformMethod === "DocMDP")?.p ?? null;
  const analysis = new ChangeAnalysis(doc, ctx.limits.maxComparedObjects);
  checks.push(checkSealModifications(doc, analysis, sig, docMdpP));
  let items: PdfSignatureReport[];
  try {
    items = await judgePdfSignatures(ctx, doc, sigs, analysis, { signature: sig, checks });
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    items = [];
    checks.push(failed("document-timestamps", "FORMAT_FAILURE", `The PDF's signatures are not judged: ${errorMessage(e)}.`));
  }
  ctx.pdfSignatures = items;
  const { check: docTsCheck, count: docTs } = checkDocumentTimestamps(items);
  if (!checks.some((c) => c.id === "document-timestamps")) checks.push(docTsCheck);
  checks.unshift(checkPdfAttachments(ctx, doc.at(sig.revision), latest, sealVerified));

  const certCheck = checks.find((c) => c.id === "seal-certificate");
  ctx.sealSummary = {
    field: state.signature.fieldName,
    signer: state.signerCert ? summarize(state.signerCert) : null,
    identity: state.signerCert ? sealIdentity(state.signerCert, ctx.options.sealSigners).identity : null,
    claimedTime: state.signature.claimedTime ?? null,
    timestamp: ts ? { genTime: ts.genTime.toISOString(), tsa: ts.tsa ?? null, serialNumber: ts.serialNumber } : null,
    path: (certCheck?.details?.path as ReturnType<typeof describePath> | undefined) ?? [],
    padesLevel: padesLevel(Boolean(ts), extra, docTs),
    revisions: doc.revisions.length,
    sealedRevision: sig.revision,
    docMdpPermission: docMdpP,
  } satisfies SealSummary;
  return checks;
}
