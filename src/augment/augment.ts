// augmentArchive: PAdES-BASELINE-T (or -LT, -LTA) to PAdES-BASELINE-LTA (ETSI EN 319 142-1 §5.4, §6.3). Two
// incremental updates after everything the file holds: first a DSS (with VRI entries) holding the certificate
// paths and the OCSP responses or CRLs that prove each certificate on them unrevoked, for the seal, its
// signature timestamp, the Workflow token's certificate and every earlier document timestamp; then a document
// timestamp (/SubFilter /ETSI.RFC3161) over the whole file, in an invisible signature field. The archive is
// verified before (a TOTAL-FAILED archive is not preserved as if it were evidence) and the result after
// (the seal's revision and verdict unchanged, the updates judged LTV-only, the new timestamp verified); when
// anything is wrong nothing is returned, so the caller writes nothing.
import { resolvePersonText } from "../report/person-names.js";
import { createHash } from "node:crypto";
import type * as pkijs from "pkijs";
import { FormatError, SealcheckError, errorMessage } from "../errors.js";
import { givenWithSession } from "../usage.js";
import { chooseSeal } from "../evidence/broker.js";
import { classifyEvidence, readBounded } from "../input/evidence-file.js";
import { wholeSource } from "../input/source.js";
import { writeFileSafely } from "../input/files.js";
import { findSignatures, parsePdf, walkPages, type PdfDocument, type PdfView } from "../input/pdf/index.js";
import { type PdfDict, type PdfObject, type PdfRef, rawGet } from "../input/pdf/objects.js";
import { certificateDer } from "../pki/certificate.js";
import { decodeOcsp } from "../pki/ocsp.js";
import { pathStatusAt, renewedKeyTrust, statusAt, type CertificateStatus } from "../pki/revocation.js";
import { anchorsFor, type TrustStore } from "../pki/trust-store.js";
import type { ArchiveReport } from "../report/archive-report.js";
import { pickPolicy, type Policy } from "../policy.js";
import { verifyArchive, verifyArchiveChecked, type ContentCheck } from "../verify/archive.js";
import { SESSION_OPTION_NAMES, createSession, type VerificationSession } from "../verify/session.js";
import { fetchRevocation } from "./fetch.js";
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from "./http.js";
import { requestTimestamp, type Stamp } from "./tsa.js";
import { readDssData } from "../evidence/dss-items.js";
import { archiveData, buildPaths, certificatesOf, describe, exempt, DataSet } from "./validation-data.js";
import { NumberAllocator, appendUpdate, arr, assertAppendable, dict, int, name, ref, withEntry, type NewObject } from "./writer.js";
import { quoteName } from "../report/quoted-name.js";

/**
 * What augment is asked to do, besides the verification policy (Policy: the same anchors, seal signers, crypto
 * policy and limits as `verify`, and the same flags on the command line).
 */
export interface AugmentOptions extends Omit<Policy, "at"> {
  /** The sealed PAdES: a path, or its bytes with a name for messages. */
  readonly evidence: string | { readonly name: string; readonly bytes: Uint8Array };
  /**
   * Original PDFs to compare while the archive is verified first (as `verify` would): an archive whose
   * originals do not match its token is TOTAL-FAILED and is not augmented. Default: none compared.
   */
  readonly originals?: readonly string[];
  /** For an archive found by discovery: the real directory its files must stay inside (verifyArchive's originalsWithin). */
  readonly originalsWithin?: string;
  /** The RFC 3161 TSA's URL (http or https). */
  readonly tsa: string;
  /**
   * A verification session (createSession) whose policy, trust and caches both verifications use; then the
   * policy's options may not be given here. Without one, this call's policy options make one.
   */
  readonly session?: VerificationSession;
  /** A loaded trust store instead of trust/certs/trustFor. */
  readonly trustStore?: TrustStore;
  /** OCSP responses / CRLs to use where the archive lacks them: DER or PEM files, or DER bytes. */
  readonly ocsp?: readonly (string | Uint8Array)[];
  readonly crl?: readonly (string | Uint8Array)[];
  /** Fetch what is still missing from the certificates' AIA OCSP responders and CRL distribution points. */
  readonly fetchRevocation?: boolean;
  readonly http?: Partial<HttpLimits>;
  /**
   * "Now", for this call: both verifications' validation time and the TSA answer's time check (tests that say
   * the time they mean). Default: the session's clock (SessionOptions.clock), the system clock unless given.
   */
  readonly now?: Date;
}

export interface AugmentResult {
  readonly file: string;
  /** The augmented archive; the input's bytes are its prefix. */
  readonly bytes: Uint8Array;
  /** The input's length: bytes.subarray(0, inputLength) is the archive as it was read. */
  readonly inputLength: number;
  readonly before: { readonly indication: string; readonly padesLevel: string | null; readonly revisions: number };
  readonly after: { readonly indication: string; readonly padesLevel: string | null; readonly revisions: number };
  /** Validation data the DSS gained. */
  readonly added: { readonly certificates: number; readonly ocspResponses: number; readonly crls: number };
  /** What was fetched (--fetch-revocation), by URL. */
  readonly fetched: readonly string[];
  readonly timestamp: { readonly genTime: string; readonly tsa: string | null; readonly serialNumber: string; readonly field: string };
  /** The verification of the result. */
  readonly report: ArchiveReport;
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, "Z");
const fail = (file: string, message: string): SealcheckError => new SealcheckError("ERR_AUGMENT", `${file}: ${message}`, { file });

function readRevocationFiles(paths: readonly (string | Uint8Array)[], maxBytes: number): Uint8Array[] {
  return paths.map((p) => {
    if (typeof p !== "string") return p;
    const b = readBounded(p, maxBytes);
    const text = Buffer.from(b.subarray(0, 64)).toString("latin1");
    if (!text.includes("-----BEGIN")) return b;
    const m = /-----BEGIN [A-Z0-9 ]+-----([\s\S]*?)-----END/.exec(Buffer.from(b).toString("latin1"));
    return m ? new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ""), "base64")) : b;
  });
}

/** Genuine times of the archive's timestamps, from the verification before. */
function timestampTimes(report: ArchiveReport): { seal?: Date; docs: Map<string, Date> } {
  const docs = new Map<string, Date>();
  for (const s of report.pdfSignatures) {
    const g = s.details.genTime;
    if (s.kind === "documentTimestamp" && typeof g === "string" && s.details.provesNothing !== true) docs.set(s.field, new Date(g));
  }
  const seal = report.seal?.timestamp?.genTime;
  return { ...(seal ? { seal: new Date(seal) } : {}), docs };
}

/** The session both verifications use: the caller's, or one made from this call's policy options. */
function augmentSession(o: AugmentOptions): VerificationSession {
  if (o === null || typeof o !== "object") throw new SealcheckError("ERR_USAGE", "augmentArchive: expected an options object, e.g. { evidence, tsa, trust }");
  if ((o as { at?: unknown }).at !== undefined)
    throw new SealcheckError("ERR_USAGE", "at: `at` is not an augment option; the archive is verified now, when its timestamp is added", { option: "at" });
  if (o.now !== undefined && !(o.now instanceof Date && !Number.isNaN(o.now.getTime())))
    throw new SealcheckError("ERR_USAGE", "now: must be a valid Date", { option: "now" });
  const now = o.now;
  if (o.session === undefined)
    return createSession({ ...pickPolicy(o), ...(o.trustStore ? { trustStore: o.trustStore } : {}), ...(now ? { clock: () => now } : {}) });
  if (now)
    throw new SealcheckError("ERR_USAGE", "now: given with a session, whose clock applies; give the clock to createSession() instead", { option: "now" });
  const both = SESSION_OPTION_NAMES.filter((k) => (o as unknown as Record<string, unknown>)[k] !== undefined);
  if (both.length) throw givenWithSession(both);
  if (o.session.policy.at !== undefined)
    throw new SealcheckError("ERR_USAGE", "session: it has a validation time (at); augment verifies the archive now", { option: "session" });
  return o.session;
}

/**
 * Augments one archive; throws SealcheckError (nothing to write) when it cannot or should not. `pinned`
 * (internal: a queue augment job's content, src/batch/pins.ts) checks the bytes read, before anything is stamped.
 */
export async function augmentArchive(o: AugmentOptions, pinned?: ContentCheck): Promise<AugmentResult> {
  try {
    return await augmentRun(o, pinned);
  } catch (e) {
    // A certificate's holder is named in augment's words marked as a possible person's (shownSubject): masked here,
    // as verify's human output masks it (a25 P2: a person's seal certificate was named in "no OCSP response ...").
    if (e instanceof Error) e.message = resolvePersonText(e.message, { show: false });
    throw e;
  }
}

async function augmentRun(o: AugmentOptions, pinned?: ContentCheck): Promise<AugmentResult> {
  const vs = augmentSession(o);
  const limits = vs.limits;
  const session = vs.pki.forRun(limits.maxValidationDataItems); // this run's own work budget (RunWork)
  const file = typeof o.evidence === "string" ? o.evidence : o.evidence.name;
  const bytes = typeof o.evidence === "string" ? readBounded(o.evidence, limits.maxEvidenceBytes) : o.evidence.bytes;
  // Augmenting appends to the whole file, so it is read whole; the readers take it as a source.
  const source = wholeSource(bytes);
  let kind: string;
  try {
    kind = classifyEvidence(file, source, limits).format;
  } catch (e) {
    throw new SealcheckError("ERR_UNKNOWN_FORMAT", `${file}: ${errorMessage(e)}`, { file });
  }
  if (kind !== "pades-pdf") {
    throw new SealcheckError(
      "ERR_USAGE",
      `${file}: the JSON forms cannot carry a DSS or a document timestamp; augment the sealed PDF (the PAdES endpoint's PDF) instead`,
      { file },
    );
  }
  const store = vs.trust;
  // One "now" for the whole call: the verifications read the same clock. The TSA exchange alone reads the clock
  // again, when it happens (requestTimestamp).
  const now = vs.clock();
  const http: HttpLimits = { ...DEFAULT_HTTP_LIMITS, ...o.http };
  const userOcsps = readRevocationFiles(o.ocsp ?? [], limits.maxEvidenceBytes);
  const userCrls = readRevocationFiles(o.crl ?? [], limits.maxEvidenceBytes);

  const originals = o.originals?.length ? { originals: o.originals } : {};
  const within = o.originalsWithin !== undefined ? { originalsWithin: o.originalsWithin } : {};
  const before = await verifyArchiveChecked({ evidence: { name: file, bytes }, session: vs, ...originals, ...within }, pinned);
  if (before.indication === "TOTAL-FAILED") {
    throw fail(
      file,
      `the archive does not verify (TOTAL-FAILED, ${before.subIndication ?? ""} by ${before.decidedBy.join(", ")}): it is not preserved as if it were evidence`,
    );
  }
  const sealSignature = before.checks.find((c) => c.id === "seal-signature");
  if (sealSignature?.status === "indeterminate" && sealSignature.subIndication === "FORMAT_FAILURE") {
    // Not decided (a limit, or readers disagree on the seal's CMS: a18 S4): nothing to preserve as evidence yet.
    throw fail(file, `the seal's signature is not decided (INDETERMINATE/FORMAT_FAILURE): ${sealSignature.message}`);
  }
  // A document timestamp that proves no time (its token damaged, another's, or read otherwise by other readers: a20
  // T2, C2) is a broken link: an archive timestamp over it would renew a chain as if it proved a time.
  const broken = before.pdfSignatures.filter((s) => s.kind === "documentTimestamp" && s.details.provesNothing === true);
  if (broken.length)
    throw fail(
      file,
      `the document timestamp${broken.length > 1 ? "s" : ""} ${broken.map((s) => `${quoteName(s.field)} (${s.message.replace(/\.$/, "")})`).join(", ")} prove${broken.length > 1 ? "" : "s"} no time: an archive timestamp over ${broken.length > 1 ? "them" : "it"} would build on a broken link as if it proved one; nothing was written`,
    );
  const times = timestampTimes(before);
  if (!times.seal)
    throw fail(
      file,
      "the seal has no signature timestamp that verifies (PAdES-BASELINE-B, or its token proves no time): there is no proven sealing time to preserve",
    );

  let doc: PdfDocument;
  try {
    doc = parsePdf(source, limits);
    assertAppendable(doc);
  } catch (e) {
    throw fail(file, `the PDF cannot be extended: ${errorMessage(e)}`);
  }
  const sigs = findSignatures(doc.latest()).signatures;
  const { seal } = chooseSeal(sigs);
  if (!seal) throw fail(file, "the PDF has no seal");
  const docTs = sigs.filter((s) => s.isDocTimestamp && s.fieldName !== null && times.docs.has(s.fieldName));

  // What the archive holds, the paths, and proof of each certificate on them.
  let data;
  try {
    data = archiveData(
      readDssData(doc, session, limits.maxValidationDataItems),
      doc.at(seal.revision),
      seal,
      docTs.map((s) => ({ sig: s, genTime: times.docs.get(s.fieldName!)! })),
      times.seal,
      session,
    );
  } catch (e) {
    throw fail(file, `its validation data cannot be read: ${errorMessage(e)}`);
  }
  const userCerts = store.intermediates;
  const pool = [...certificatesOf(data.held, session), ...userCerts];
  // Candidates for path building (which anchor vouches, and when, buildPaths judges): every anchor, trusted-list ones included.
  const allAnchors = [
    ...new Set([...(["seal", "tsa", "token"] as const).flatMap((r) => anchorsFor(store, r)), ...(store.listAnchors ?? []).map((a) => a.cert)]),
  ];
  const paths = await buildPaths(data.subjects, [...pool, ...allAnchors], store, session);
  if (paths.unanchored.length) throw fail(file, `no path to a trust anchor for ${paths.unanchored.join("; ")}`);
  const responderPool = [...pool, ...paths.certs];
  const proofs = new DataSet();
  const fetched: string[] = [];
  const missing: string[] = [];
  // Every item augment holds or was given, and where each came from (a stop names it).
  const known = { ocsps: [...data.held.ocsps, ...userOcsps], crls: [...data.held.crls, ...userCrls] };
  const origins = new Map<string, string>();
  const originKey = (der: Uint8Array) => createHash("sha256").update(der).digest("hex");
  // In the library's words ("the ocsp option"); the command line says its flag (--ocsp).
  const given = (list: readonly (string | Uint8Array)[], option: "ocsp" | "crl") =>
    list.forEach((p, i) => {
      const der = option === "ocsp" ? userOcsps[i]! : userCrls[i]!;
      const how = `given with the ${option} option`;
      if (!origins.has(originKey(der))) origins.set(originKey(der), typeof p === "string" ? `${how} ${p}` : how);
    });
  for (const der of [...data.held.ocsps, ...data.held.crls]) origins.set(originKey(der), "held in the archive");
  given(o.ocsp ?? [], "ocsp");
  given(o.crl ?? [], "crl");
  const named = (s: CertificateStatus) => {
    const where = s.item ? origins.get(originKey(s.item.der)) : undefined;
    return where ? `${s.text} (${where})` : s.text;
  };
  // Until when each certificate must have stayed unrevoked: a timestamp's TSA until the next timestamp's time
  // (the POE it gets; the new archive timestamp's, now, for the latest); the seal's and the token's until the
  // sealing time (after it, the signature timestamp proves the seal existed before the revocation).
  const timeline = [times.seal, ...times.docs.values()].sort((a, b) => a.getTime() - b.getTime());
  const mustHoldUntil = (need: (typeof paths.needs)[number]): Date =>
    need.issuedAfter ? (timeline.find((t) => t.getTime() > need.issuedAfter!.getTime()) ?? now) : need.at;
  // A revocation, a hold in force, or an item that cannot be checked stops the renewal (attack36 A1, hs4).
  const stopOn = (what: string, s: CertificateStatus, consequence: string) => {
    if (s.revokedAt) throw fail(file, `${what} is revoked: ${named(s)}. ${consequence}; nothing was written`);
    if (s.held) throw fail(file, `${what} is suspended: ${named(s)}. ${consequence}; nothing was written`);
    if (s.unchecked !== undefined) throw fail(file, `${what} cannot be shown unrevoked: ${named(s)}. ${consequence}; nothing was written`);
  };
  const stopText = "An archive timestamp from it, or over it, proves nothing";
  // The policy's one skew, as long-term validation reads the same items (attack36b A1c).
  const skew = vs.policy.clockSkewSeconds;
  for (const need of paths.needs) {
    if (exempt(need.cert)) continue;
    // The one rule (pki/revocation.ts statusAt), as long-term validation will read the result: an authentic
    // "revoked" at or before the time, wherever it comes from and whatever its date, stops the renewal (attack36
    // A1); otherwise, of every item held or given that proves it, the one issued latest (attack36b A1c).
    const what = `${describe(need.cert)} (on the path of ${need.for.join(", ")})`;
    const q = {
      cert: need.cert,
      issuer: need.issuer,
      at: mustHoldUntil(need),
      ...(need.issuedAfter ? { issuedAfter: need.issuedAfter } : {}),
      pool: responderPool,
      skewSeconds: skew,
      ...(need.renewed ? { renewed: need.renewed } : {}),
    };
    const status = await statusAt(session, q, known);
    stopOn(what, status, stopText);
    if (status.ok && status.item) {
      proofs.add(status.item.kind === "ocsp" ? "ocsps" : "crls", status.item.der);
      continue;
    }
    if (o.fetchRevocation) {
      let stop: CertificateStatus | null = null;
      let proof: CertificateStatus["item"];
      const r = await fetchRevocation(
        need.cert,
        need.issuer,
        session,
        http,
        async (f) => {
          if (stop) return "another answer says it is revoked";
          const withIt = f.kind === "ocsps" ? { ocsps: [f.der, ...known.ocsps], crls: known.crls } : { ocsps: known.ocsps, crls: [f.der, ...known.crls] };
          origins.set(originKey(f.der), `fetched from ${f.url}`);
          const t = await statusAt(session, q, withIt);
          if (t.revokedAt || t.held || t.unchecked !== undefined) {
            stop = t;
            return "another answer says it is revoked";
          }
          if (!t.ok) return t.text;
          proof = t.item;
          return null;
        },
        now,
      );
      // A "revoked" from the certificate's own responder is a stop, not a reason to try its CRL next.
      if (stop) stopOn(what, stop, stopText);
      if (r.found) {
        proofs.add(r.found.kind, r.found.der);
        if (proof) proofs.add(proof.kind === "ocsp" ? "ocsps" : "crls", proof.der);
        fetched.push(r.found.url);
        known[r.found.kind].push(r.found.der);
        continue;
      }
      missing.push(`${what}: ${r.problems.join("; ")}`);
      continue;
    }
    missing.push(`${what}${status.seen ? `: ${status.text}` : ""}`);
  }
  if (missing.length) {
    throw fail(
      file,
      `no OCSP response or CRL proves these certificates unrevoked: ${missing.join("; ")}. Give them with --ocsp/--crl, or fetch them with --fetch-revocation`,
    );
  }
  // Responder certificates of the proofs (their paths run through certificates already on the paths).
  const proofCerts: pkijs.Certificate[] = [];
  for (const d of proofs.ocsps) {
    try {
      proofCerts.push(...decodeOcsp(d, session).certificates);
    } catch {
      /* judged above */
    }
  }

  // Update 1: the DSS.
  let withDss: ReturnType<typeof writeDss>;
  try {
    withDss = writeDss(doc, [...paths.certs, ...proofCerts], proofs, [seal, ...sigs.filter((s) => s.isDocTimestamp)]);
  } catch (e) {
    // What the file holds (a shape, a limit) is the file's problem, never "internal error" (a11 A4b).
    if (e instanceof FormatError) throw fail(file, `its DSS update cannot be written: ${errorMessage(e)}`);
    throw e;
  }
  let doc1: PdfDocument;
  try {
    doc1 = parsePdf(wholeSource(withDss.bytes), limits);
  } catch (e) {
    throw new Error(`augment wrote a DSS update it cannot read back: ${errorMessage(e)}`);
  }

  // Update 2: the document timestamp.
  const latestTs = [times.seal, ...times.docs.values()].reduce((a, b) => (b > a ? b : a));
  const tsaTrust = { anchors: anchorsFor(store, "tsa", now), intermediates: [...store.intermediates, ...pool] };
  let stamped: { bytes: Uint8Array; stamp: Stamp; field: string } | undefined;
  let reserve = 16 * 1024;
  for (let attempt = 0; attempt < 2 && !stamped; attempt++) {
    const prepared = prepareTimestamp(doc1, reserve);
    const digest = createHash("sha256").update(prepared.bytes.subarray(0, prepared.gap[0])).update(prepared.bytes.subarray(prepared.gap[1])).digest();
    const stamp = await requestTimestamp(o.tsa, digest, tsaTrust, session, http, () => vs.clock(), latestTs, vs.policy.clockSkewSeconds);
    if (stamp.token.length > reserve) {
      reserve = stamp.token.length + 4096;
      continue;
    }
    const out = new Uint8Array(prepared.bytes);
    out.set(
      Buffer.from(
        `<${Buffer.from(stamp.token)
          .toString("hex")
          .padEnd(reserve * 2, "0")}>`,
        "latin1",
      ),
      prepared.gap[0],
    );
    stamped = { bytes: out, stamp, field: prepared.field };
  }
  if (!stamped) throw fail(file, "the TSA's token does not fit the space reserved for it twice");
  // The new TSA's path through the same rule, before its answer is used (attack36b A1b): every item augment holds,
  // was given or fetched, and what the token carries. A revocation at or before its genTime, a hold in force, or
  // an item about it that cannot be checked stops the renewal; missing data does not (the next renewal adds it).
  const info = stamped.stamp.info;
  const tsaPath = info.chain?.length ? info.chain : info.signer ? [info.signer] : [];
  const tsaData = {
    ocsps: [...known.ocsps, ...(info.revocation?.ocsps ?? [])],
    crls: [...known.crls, ...(info.revocation?.crls ?? [])],
  };
  const tsaPool = [...responderPool, ...tsaPath, ...(info.certificates ?? [])];
  // Its CA's renewed keys read as verify reads them (s6 edge d): the same anchor, the same certificates.
  const tsaRenewed = renewedKeyTrust(session, info.chain?.length ? tsaPath.at(-1) : undefined, {
    anchors: anchorsFor(store, "tsa", info.genTime),
    intermediates: tsaPool,
    index: store.index.anchors,
  });
  const newTsa = await pathStatusAt(
    session,
    tsaPath,
    0,
    { at: info.genTime, pool: tsaPool, skewSeconds: skew, ...(tsaRenewed ? { renewed: tsaRenewed } : {}) },
    tsaData,
  );
  if (newTsa.cert && newTsa.status)
    stopOn(
      `the TSA that answered (${o.tsa}): ${newTsa.cert === tsaPath[0] ? "its certificate" : "the CA"} ${describe(newTsa.cert)}`,
      newTsa.status,
      `Its timestamp of ${iso(info.genTime)} proves nothing`,
    );

  // The result, verified as a user would verify it.
  const after = await verifyArchive({ evidence: { name: file, bytes: stamped.bytes }, session: vs, ...originals, ...within });
  const problems = judgeResult(before, after, stamped.field);
  if (problems.length) throw fail(file, `the augmented archive would not verify as it should (${problems.join("; ")}); nothing was written`);
  return {
    file,
    bytes: stamped.bytes,
    inputLength: bytes.length,
    before: { indication: before.indication, padesLevel: before.seal?.padesLevel ?? null, revisions: doc.revisions.length },
    after: { indication: after.indication, padesLevel: after.seal?.padesLevel ?? null, revisions: doc.revisions.length + 2 },
    added: withDss.added,
    fetched,
    timestamp: {
      genTime: stamped.stamp.info.genTime.toISOString(),
      // A TSA whose certificate shows no organisation (pki/holder.ts): masked as the report masks it.
      tsa: stamped.stamp.info.tsa ? resolvePersonText(stamped.stamp.info.tsa.subject, { show: false }) : null,
      serialNumber: stamped.stamp.info.serialNumber,
      field: stamped.field,
    },
    report: after,
  };
}

/** Why the result is not what augment promises: checks that got worse, the new revisions not LTV-only, the new timestamp not verified. */
function judgeResult(before: ArchiveReport, after: ArchiveReport, field: string): string[] {
  const problems: string[] = [];
  const rank = { passed: 0, warning: 1, skipped: 1, indeterminate: 2, failed: 3 } as Record<string, number>;
  for (const c of after.checks) {
    const b = before.checks.find((x) => x.id === c.id);
    if (b && (rank[c.status] ?? 3) > (rank[b.status] ?? 3) && c.id !== "document-timestamps")
      problems.push(`${c.id} is ${c.status} after, ${b.status} before: ${c.message}`);
  }
  const mods = after.checks.find((c) => c.id === "seal-modifications");
  if (mods && mods.status !== "passed") problems.push(`seal-modifications: ${mods.message}`);
  const ts = after.pdfSignatures.find((s) => s.field === field);
  if (!ts || ts.kind !== "documentTimestamp" || ts.status !== "passed") problems.push(`the new document timestamp: ${ts?.message ?? "not found"}`);
  if (after.seal?.padesLevel !== "B-LTA") problems.push(`the result is ${after.seal?.padesLevel ?? "no PAdES level"}, not B-LTA`);
  // The proofs, re-checked as long-term validation reads them: every timestamp before the new one must now be a
  // proven proof of existence (the data augment added speaks for it: issued after its time, not revoked), and
  // the result must have a protection date. Otherwise the renewal renewed nothing.
  const lt = after.longTerm;
  if (!lt) problems.push("long-term validation did not run on the result");
  else {
    for (const p of lt.proofsOfExistence) {
      if (p.field === field || p.proven) continue;
      problems.push(`the ${p.kind}${p.field ? ` ${quoteName(p.field)}` : ""} of ${p.genTime} is still no proof of existence: ${p.reason ?? "not proven"}`);
    }
    if (!lt.protectedUntil) problems.push("the result has no protection date (no proof of existence holds)");
  }
  return problems;
}

// ---- the two updates --------------------------------------------------------------------------------

function streamRefs(view: PdfView, d: PdfDict | undefined, key: string): PdfObject[] {
  const a = d ? view.resolve(rawGet(d, key)) : undefined;
  return a?.kind === "array" ? a.items.filter((x) => x.kind === "ref") : [];
}

/** The DSS as the latest revision has it, extended with every item it lacks; one VRI entry per signature. */
function writeDss(
  doc: PdfDocument,
  certs: readonly pkijs.Certificate[],
  proofs: DataSet,
  signatures: readonly { contents: Uint8Array | null }[],
): { bytes: Uint8Array; added: AugmentResult["added"] } {
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  // The latest DSS as it is, read leniently (a8 A4): an entry that is no stream reference, a stream that does not
  // decode, or a DSS, array or VRI of another type says nothing here, so at worst an item is written again. The
  // verification before and after judges every item (evidence/dss-items.ts); anyone appending a revision must not
  // be able to block renewal.
  const dssNow = view.resolve(rawGet(view.catalog(), "DSS"));
  const have = new DataSet();
  // Each stream once (a11 A4b: one 60 MB stream listed 20 times spent the document's decode limit), and a limit
  // reached is that item's problem here too: it is then only written again.
  const readRefs = new Set<string>();
  const read = (r: PdfObject): Uint8Array | null => {
    if (r.kind !== "ref" || readRefs.has(`${r.num} ${r.gen}`)) return null;
    readRefs.add(`${r.num} ${r.gen}`);
    try {
      const o = view.object(r);
      return o?.value.kind === "stream" ? view.decode(o.value) : null;
    } catch {
      return null;
    }
  };
  if (dssNow?.kind === "dict") {
    for (const [kind, key] of [
      ["certs", "Certs"],
      ["ocsps", "OCSPs"],
      ["crls", "CRLs"],
    ] as const) {
      for (const r of streamRefs(view, dssNow, key)) {
        const d = read(r);
        if (d) have.add(kind, d);
      }
    }
  }
  const objects: NewObject[] = [];
  const added = { certificates: 0, ocspResponses: 0, crls: 0 };
  const newRefs = { certs: [] as PdfObject[], ocsps: [] as PdfObject[], crls: [] as PdfObject[] };
  const put = (kind: "certs" | "ocsps" | "crls", der: Uint8Array) => {
    if (have.has(kind, der) || !have.add(kind, der)) return;
    const num = alloc.take();
    objects.push({ num, stream: der });
    newRefs[kind].push(ref(num));
    if (kind === "certs") added.certificates++;
    else if (kind === "ocsps") added.ocspResponses++;
    else added.crls++;
  };
  for (const c of certs) put("certs", certificateDer(c));
  for (const d of proofs.ocsps) put("ocsps", d);
  for (const d of proofs.crls) put("crls", d);

  const catalogRaw = rawGet(view.trailer, "Root");
  if (catalogRaw?.kind !== "ref") throw new FormatError("the trailer's /Root is not a reference");
  const catalog = view.catalog();
  const dssRaw = rawGet(catalog, "DSS");
  const old = view.resolve(dssRaw);
  const oldDict = old?.kind === "dict" ? old : undefined;
  const certRefs = [...streamRefs(view, oldDict, "Certs"), ...newRefs.certs];
  const ocspRefs = [...streamRefs(view, oldDict, "OCSPs"), ...newRefs.ocsps];
  const crlRefs = [...streamRefs(view, oldDict, "CRLs"), ...newRefs.crls];
  // VRI (EN 319 142-1 §5.4.2.3): keyed by the upper-case hex SHA-1 of each signature's /Contents.
  const oldVri = oldDict ? view.resolve(rawGet(oldDict, "VRI")) : undefined;
  const vri = new Map<string, PdfObject>(oldVri?.kind === "dict" ? oldVri.entries : []);
  for (const s of signatures) {
    if (!s.contents) continue;
    const key = createHash("sha1").update(s.contents).digest("hex").toUpperCase();
    const entries: Record<string, PdfObject> = { Cert: arr(certRefs) };
    if (ocspRefs.length) entries.OCSP = arr(ocspRefs);
    if (crlRefs.length) entries.CRL = arr(crlRefs);
    const num = alloc.take();
    objects.push({ num, value: dict(entries) });
    vri.set(key, ref(num));
  }
  let dss: PdfDict = oldDict ?? dict({ Type: name("DSS") });
  dss = withEntry(dss, "Certs", arr(certRefs));
  if (ocspRefs.length) dss = withEntry(dss, "OCSPs", arr(ocspRefs));
  if (crlRefs.length) dss = withEntry(dss, "CRLs", arr(crlRefs));
  dss = withEntry(dss, "VRI", { kind: "dict", entries: vri });
  if (dssRaw?.kind === "ref" && oldDict) objects.push({ num: dssRaw.num, gen: dssRaw.gen, value: dss });
  else {
    const num = alloc.take();
    objects.push({ num, value: dss });
    objects.push({ num: catalogRaw.num, gen: catalogRaw.gen, value: withEntry(catalog, "DSS", ref(num)) });
  }
  return { bytes: appendUpdate(doc, objects, alloc).bytes, added };
}

const BYTE_RANGE_PLACEHOLDER = "[0 0000000000 0000000000 0000000000]";

/**
 * The document timestamp's update with a /Contents of `reserve` zero bytes: the signature dictionary, an
 * invisible widget that is its field on page 1, the page's /Annots and the form's /Fields with it, /SigFlags 3.
 * Returns the bytes with /ByteRange filled and the gap (the /Contents string, brackets included).
 */
function prepareTimestamp(doc: PdfDocument, reserve: number): { bytes: Uint8Array; gap: [number, number]; field: string } {
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const catalogRaw = rawGet(view.trailer, "Root") as PdfRef;
  const catalog = view.catalog();
  const page = walkPages(view)[0];
  if (!page?.ref) throw new FormatError("the PDF has no first page object to put the timestamp's field on");
  const pageDict = view.resolve(page.ref);
  if (pageDict?.kind !== "dict") throw new FormatError("page 1 is not a dictionary");
  const acroRaw = rawGet(catalog, "AcroForm");
  const acro = view.resolve(acroRaw);
  const acroDict: PdfDict = acro?.kind === "dict" ? acro : dict({});
  const fieldsRaw = rawGet(acroDict, "Fields");
  const fieldsArr = view.resolve(fieldsRaw);
  const fields = fieldsArr?.kind === "array" ? fieldsArr.items : [];
  const taken = new Set(
    fields.map((f) => {
      const d = view.resolve(f);
      const t = d?.kind === "dict" ? view.resolve(rawGet(d, "T")) : undefined;
      return t?.kind === "string" ? Buffer.from(t.bytes).toString("latin1") : "";
    }),
  );
  let k = 1;
  while (taken.has(`ArchiveTimestamp${k}`)) k++;
  const fieldName = `ArchiveTimestamp${k}`;

  const sigNum = alloc.take();
  const widgetNum = alloc.take();
  const objects: NewObject[] = [];
  const sigRaw = `<</Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange ${BYTE_RANGE_PLACEHOLDER} /Contents <${"0".repeat(reserve * 2)}>>>`;
  objects.push({ num: sigNum, raw: sigRaw });
  objects.push({
    num: widgetNum,
    value: dict({
      Type: name("Annot"),
      Subtype: name("Widget"),
      FT: name("Sig"),
      T: { kind: "string", bytes: Buffer.from(fieldName, "latin1"), hex: false },
      V: ref(sigNum),
      F: int(132),
      Rect: arr([int(0), int(0), int(0), int(0)]),
      P: page.ref,
    }),
  });
  // The page's /Annots.
  const annotsRaw = rawGet(pageDict, "Annots");
  const annots = view.resolve(annotsRaw);
  const annotItems = annots?.kind === "array" ? annots.items : [];
  if (annotsRaw?.kind === "ref" && annots?.kind === "array")
    objects.push({ num: annotsRaw.num, gen: annotsRaw.gen, value: arr([...annotItems, ref(widgetNum)]) });
  else objects.push({ num: page.ref.num, gen: page.ref.gen, value: withEntry(pageDict, "Annots", arr([...annotItems, ref(widgetNum)])) });
  // The form's /Fields and /SigFlags.
  let newAcro: PdfDict | undefined;
  if (fieldsRaw?.kind === "ref" && fieldsArr?.kind === "array")
    objects.push({ num: fieldsRaw.num, gen: fieldsRaw.gen, value: arr([...fields, ref(widgetNum)]) });
  else newAcro = withEntry(acroDict, "Fields", arr([...fields, ref(widgetNum)]));
  const flags = view.resolve(rawGet(acroDict, "SigFlags"));
  if (!(flags?.kind === "number" && flags.value === 3)) newAcro = withEntry(newAcro ?? acroDict, "SigFlags", int(3));
  if (newAcro) {
    if (acroRaw?.kind === "ref" && acro?.kind === "dict") objects.push({ num: acroRaw.num, gen: acroRaw.gen, value: newAcro });
    else objects.push({ num: catalogRaw.num, gen: catalogRaw.gen, value: withEntry(catalog, "AcroForm", newAcro) });
  }
  const { bytes, offsets } = appendUpdate(doc, objects, alloc);
  const body = offsets.get(sigNum)!.body;
  const brAt = body + sigRaw.indexOf(BYTE_RANGE_PLACEHOLDER);
  const cAt = body + sigRaw.indexOf("/Contents <") + "/Contents ".length;
  const cEnd = cAt + reserve * 2 + 2;
  const range = `[0 ${cAt} ${cEnd} ${bytes.length - cEnd}]`;
  if (range.length > BYTE_RANGE_PLACEHOLDER.length) throw new FormatError("the file is too large for a byte range");
  const out = new Uint8Array(bytes);
  out.set(Buffer.from(range.replace(/]$/, "").padEnd(BYTE_RANGE_PLACEHOLDER.length - 1, " ") + "]", "latin1"), brAt);
  return { bytes: out, gap: [cAt, cEnd], field: fieldName };
}

/**
 * Writes an augmented archive to `target` whole or not at all: a new file beside it, synced, read back and
 * compared with what was verified, then renamed over it. `inPlace`: `target` is the archive itself, and it
 * must still hold the bytes that were augmented (a file changed meanwhile is left alone). Otherwise an
 * existing `target` is replaced only with `overwrite`.
 */
export function writeAugmented(result: AugmentResult, target: string, o: { inPlace?: boolean; overwrite?: boolean } = {}): void {
  const digest = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
  const want = digest(result.bytes);
  writeFileSafely(target, result.bytes, {
    what: "the augmented archive",
    overwrite: Boolean(o.inPlace || o.overwrite),
    check: (tmp) => {
      if (digest(readBounded(tmp, result.bytes.length + 1)) !== want)
        throw fail(target, "the file written does not read back as the archive verified; nothing was replaced");
      if (o.inPlace) {
        const now = readBounded(target, result.bytes.length + 1);
        if (now.length !== result.inputLength || digest(now) !== digest(result.bytes.subarray(0, result.inputLength))) {
          throw fail(target, "the archive changed while it was augmented; it was left as it is now");
        }
      }
    },
  });
}
