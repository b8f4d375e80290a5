// verifyTrustedList: the verdict on one trusted list (ETSI TS 119 612), or on a list of lists, as the named
// stages of the registry: tl-format, tl-structure, tl-signature, tl-signer, tl-freshness. Lists of lists given
// as `lotls` are verified first, as a chain, and vouch for the signer. Never prints, never exits.
import { FormatError, LimitError, SealcheckError, errorMessage } from "../errors.js";
import { parseValidationTime } from "../time.js";
import { resolveLimits, type Limits } from "../limits.js";
import { certificateDer, certificateFromDer, summarize } from "../pki/certificate.js";
import { resolvePersonNames } from "../report/person-names.js";
import { certificatesFromBytes } from "../pki/certificate.js";
import { pkiSession, type PkiSession } from "../pki/session.js";
import { failed, indeterminate, passed, skipped } from "../report/check.js";
import { TRUSTED_LIST_CHECK_ENTRIES, type TrustedListCheckId } from "../report/check-ids.js";
import { internalErrorCheck } from "../report/internal-error.js";
import type { CertificateSummary, CheckResult, ValidationTime } from "../report/types.js";
import { computeVerdict } from "../report/verdict.js";
import { VERSION } from "../version.js";
import { historyProblems, listInfo, pointers, providers, type RawPointer, type RawProvider } from "./model.js";
import { checkStructure } from "./schema.js";
import { judgeSigner, signingCertificate, type SignerTrust } from "./signer.js";
import type { TrustedListInfo, TrustedListLink, TrustedListProvider, TrustedListReport, VerifyTrustedListOptions } from "./types.js";
import type { XElement } from "./xml-libs.js";
import { parseStrictXml, readXml, xmlBudget, type ParsedXml } from "./xml.js";
import { EXC_C14N, signatureShape, verifyListSignature, type SignatureShape } from "./xmldsig.js";
import { listKeys } from "./identity.js";

/** Check ids, in report order (the registry's). */
export const TRUSTED_LIST_CHECKS: readonly TrustedListCheckId[] = TRUSTED_LIST_CHECK_ENTRIES.map((c) => c.id);

const TSL_MIME = "application/vnd.etsi.tsl+xml";

interface Run {
  stage: TrustedListCheckId;
  checks: CheckResult[];
}

export interface Outcome {
  report: TrustedListReport;
  /** The list's pointers, read from its signed bytes; only for a list that passed. */
  pointers: RawPointer[];
  /** Its providers with their services' certificates as DER, read from its signed bytes; only for a list that passed. */
  providers: RawProvider[];
  /**
   * Its keys (identity.ts: its canonical content's and its signature value's), from what its signature verified
   * over; only for a list that passed and whose whole-list reference is exclusive canonicalisation (all real lists).
   */
  keys?: Uint8Array[];
}

function usage(message: string): SealcheckError {
  return new SealcheckError("ERR_USAGE", message);
}

/** Pinned signers: DER certificates, or PEM texts of one or more, read as --trust files are. */
function pinnedDers(signers: readonly Uint8Array[], session: PkiSession): Uint8Array[] {
  return signers.flatMap((s, i) => {
    if (!(s instanceof Uint8Array)) throw usage("signers must be certificate bytes (DER or PEM)");
    let certs;
    try {
      certs = certificatesFromBytes(s, `pinned signer ${i + 1}`, session);
    } catch (e) {
      throw usage(`pinned signer ${i + 1} is not a certificate: ${errorMessage(e)}`);
    }
    if (!certs.length) throw usage(`pinned signer ${i + 1} is PEM text without a CERTIFICATE block`);
    return certs.map(certificateDer);
  });
}

function validationTime(at: Date | undefined, info: TrustedListInfo | null): ValidationTime {
  if (at) return { time: at, source: "at-option" };
  if (info?.issued) return { time: new Date(info.issued), source: "list-issue-date" };
  return { time: new Date(), source: "current-time" };
}

function freshness(info: TrustedListInfo, at: ValidationTime, judge: boolean | "newest-lotl"): CheckResult {
  const ID = "tl-freshness";
  if (judge === "newest-lotl")
    return skipped(
      ID,
      "Judged against the list it vouches for: a list of lists vouches for a signer only while it is current (ListIssueDateTime to NextUpdate).",
    );
  if (!judge) return skipped(ID, "Not judged: an older list of lists in the chain, replaced by its successor; only its signature and announcements count.");
  const issued = info.issued ? new Date(info.issued) : null;
  const details = { issued: info.issued, nextUpdate: info.nextUpdate };
  if (!issued) return indeterminate(ID, "GENERIC", "The list has no readable ListIssueDateTime.", { at, details });
  if (at.time.getTime() < issued.getTime())
    return indeterminate(
      ID,
      "NO_POE",
      `The list was issued at ${info.issued}, after the validation time ${at.time.toISOString()}: it cannot speak for that time.`,
      {
        at,
        details,
      },
    );
  if (!info.nextUpdate)
    return indeterminate(ID, "GENERIC", `The list is closed (NextUpdate has no date): its scheme ended, and its services can no longer be relied on.`, {
      at,
      details,
    });
  if (at.time.getTime() >= Date.parse(info.nextUpdate))
    return indeterminate(
      ID,
      "TRY_LATER",
      `The list was due to be replaced at ${info.nextUpdate}, before the validation time ${at.time.toISOString()}: use a newer list.`,
      {
        at,
        details,
      },
    );
  return passed(ID, `Issued ${info.issued}, next update due ${info.nextUpdate}: current at ${at.time.toISOString()}.`, { at, details });
}

function structureCheck(root: XElement): CheckResult {
  const ID = "tl-structure";
  let r: { version: number; problems: string[] };
  try {
    r = checkStructure(root);
  } catch (e) {
    if (e instanceof FormatError) return failed(ID, "FORMAT_FAILURE", `${e.message}.`);
    throw e;
  }
  // Only a list that follows its schema is read for its statuses.
  if (r.problems.length === 0) {
    const history = historyProblems(root);
    if (history.length)
      return failed(ID, "FORMAT_FAILURE", `The list's status history contradicts its current statuses: ${history.slice(0, 3).join("; ")}.`, {
        details: { version: r.version, problems: history },
      });
  }
  if (r.problems.length === 0) return passed(ID, `The list follows the TS 119 612 schema of version ${r.version}.`, { details: { version: r.version } });
  const more = r.problems.length >= 10 ? " (and possibly more)" : "";
  return failed(ID, "FORMAT_FAILURE", `The list does not follow the schema of version ${r.version}: ${r.problems.slice(0, 3).join("; ")}${more}.`, {
    details: { version: r.version, problems: r.problems },
  });
}

interface SignatureStage {
  check: CheckResult;
  shape: SignatureShape | null;
  /** The KeyInfo certificate the signed SigningCertificate names (or why there is none), for tl-signer too. */
  signer: ReturnType<typeof signingCertificate> | null;
  /** The list as signed: parsed from the canonical bytes the whole-list reference covers. */
  signedRoot: XElement | null;
  /** Its keys (identity.ts), once its signature verified over exclusive canonicalisation. */
  keys?: Uint8Array[];
}

async function signatureCheck(parsed: ParsedXml, limits: Limits): Promise<SignatureStage> {
  const ID = "tl-signature";
  let shape: SignatureShape | null;
  try {
    shape = signatureShape(parsed.root);
  } catch (e) {
    if (e instanceof FormatError)
      return {
        check: failed(ID, "FORMAT_FAILURE", `The list's signature is not one sealcheck accepts: ${e.message}.`),
        shape: null,
        signer: null,
        signedRoot: null,
      };
    throw e;
  }
  if (!shape) return { check: failed(ID, "FORMAT_FAILURE", "The list carries no signature (ds:Signature)."), shape: null, signer: null, signedRoot: null };
  const cert = signingCertificate(shape);
  if ("problem" in cert)
    return {
      check: indeterminate(ID, "NO_SIGNING_CERTIFICATE_FOUND", `The signature cannot be checked: ${cert.problem}.`),
      shape,
      signer: cert,
      signedRoot: null,
    };
  const v = await verifyListSignature(shape, cert.key);
  if (!v.ok) {
    const sub = v.kind === "hash" ? "HASH_FAILURE" : v.kind === "crypto" ? "SIG_CRYPTO_FAILURE" : "FORMAT_FAILURE";
    const msg = v.kind === "format" ? `The signature cannot be verified: ${v.what}.` : `The signature does not verify: ${v.what}.`;
    return { check: failed(ID, sub, msg), shape, signer: cert, signedRoot: null };
  }
  let signedRoot: XElement;
  try {
    signedRoot = parseStrictXml(v.signedList, xmlBudget(limits)).root;
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    return { check: failed(ID, "FORMAT_FAILURE", `The signed content cannot be read back: ${e.message}.`), shape, signer: cert, signedRoot: null };
  }
  const whole = shape.references.find((r) => r.whole)!;
  return {
    check: passed(ID, `One enveloped XAdES signature over the whole list verifies (${shape.algorithm.replace(/^.*#/, "")}).`, {
      details: { algorithm: shape.algorithm, signedBytes: Buffer.byteLength(v.signedList) },
    }),
    shape,
    signer: cert,
    signedRoot,
    ...(whole.transforms[1] === EXC_C14N ? { keys: listKeys(v.signedList, shape.signatureValue) } : {}),
  };
}

function serviceCertificates(ders: readonly Uint8Array[], session: PkiSession): CertificateSummary[] {
  const out: CertificateSummary[] = [];
  for (const der of ders) {
    try {
      out.push(summarize(certificateFromDer(der, "a service certificate", session)));
    } catch {
      // A service whose certificate cannot be decoded identifies nothing; it is left out, not guessed at.
    }
  }
  return out;
}

function publicPointers(raw: RawPointer[], session: PkiSession): TrustedListReport["pointers"] {
  return raw.map((p) => ({
    territory: p.territory,
    location: p.location,
    mimeType: p.mimeType,
    signerCertificates: serviceCertificates(p.certificates, session).map((c) => c.sha256),
  }));
}

function publicProviders(raw: RawProvider[], session: PkiSession): TrustedListProvider[] {
  return raw.map((p) => ({
    name: p.name,
    services: p.services.map((s) => ({ ...s, certificates: serviceCertificates(s.certificates, session) })),
  }));
}

interface OneOptions {
  /** The report's providers and pointers summarised (default); false: raw only, for a caller that reads the DER. */
  summaries?: boolean;
  /** Each file is parsed once per call: for the chain's order or the target's territory, then for its checks. */
  parse: (bytes: Uint8Array) => ParsedXml;
  at?: Date;
  /** "newest-lotl": the chain's newest LOTL without --at, judged against the list it vouches for instead. */
  judgeFreshness: boolean | "newest-lotl";
  limits: Limits;
  session: PkiSession;
  lotlChain: TrustedListLink[];
}

/** What the stages found beyond their checks. */
interface Found {
  info: TrustedListInfo | null;
  at: ValidationTime;
  signer: CertificateSummary | null;
  signerIsPerson: boolean;
  signerTrustedBy: string | null;
  signingTime: string | null;
  /** The list as signed, once its signature verified. */
  signedRoot: XElement | null;
  keys?: Uint8Array[];
}

async function verifyOne(input: { bytes: Uint8Array; file: string }, trust: SignerTrust, opts: OneOptions): Promise<Outcome> {
  const run: Run = { stage: "tl-format", checks: [] };
  const found: Found = {
    info: null,
    at: validationTime(opts.at, null),
    signer: null,
    signerIsPerson: false,
    signerTrustedBy: null,
    signingTime: null,
    signedRoot: null,
  };
  try {
    await stages(input, trust, opts, run, found);
  } catch (e) {
    // A SealcheckError is the caller's; anything else reached by this list is a defect that must neither
    // crash the caller nor pass: the stage fails with the error shown.
    if (e instanceof SealcheckError) throw e;
    run.checks = [...run.checks.filter((c) => c.id !== run.stage), internalErrorCheck(run.stage, e, "list")];
    found.signedRoot = null;
  }
  const verdict = computeVerdict(run.checks);
  const signed = verdict.indication === "TOTAL-PASSED" ? found.signedRoot : null;
  const raw = signed ? pointers(signed) : [];
  const rawProviders = signed ? providers(signed) : [];
  return {
    pointers: raw,
    providers: rawProviders,
    ...(signed && found.keys ? { keys: found.keys } : {}),
    // The list's own rule names its signer (signerIsPerson, masked where it is shown): the names the certificate
    // summaries and path words mark (report/person-names.ts) are unmarked here, as they were before that mark.
    report: resolvePersonNames<TrustedListReport>(
      {
        kind: "trusted-list",
        indication: verdict.indication,
        subIndication: verdict.subIndication,
        validationTime: found.at.time.toISOString(),
        validationTimeSource: found.at.source,
        decidedBy: verdict.decidedBy,
        checks: run.checks,
        list: found.info,
        signer: found.signer,
        signerIsPerson: found.signerIsPerson,
        signerTrustedBy: found.signerTrustedBy,
        signingTime: found.signingTime,
        lotlChain: opts.lotlChain,
        pointers: signed && opts.summaries !== false ? publicPointers(raw, opts.session) : null,
        providers: signed && opts.summaries !== false ? publicProviders(rawProviders, opts.session) : null,
        tool: { name: "sealcheck", version: VERSION },
      },
      { show: true },
    ),
  };
}

async function stages(input: { bytes: Uint8Array; file: string }, trust: SignerTrust, opts: OneOptions, run: Run, found: Found): Promise<void> {
  const checks = run.checks;
  const rest = (from: number, why: string) => {
    for (const id of TRUSTED_LIST_CHECKS.slice(from)) checks.push(skipped(id, why));
  };
  let parsed: ParsedXml;
  try {
    parsed = opts.parse(input.bytes);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    checks.push(failed("tl-format", "FORMAT_FAILURE", `${input.file} is not a readable trusted list: ${e.message}.`));
    return rest(1, "Not checked: the list could not be read.");
  }
  checks.push(passed("tl-format", `Well-formed UTF-8 XML of ${input.bytes.length} bytes, a TS 119 612 TrustServiceStatusList.`));

  run.stage = "tl-structure";
  checks.push(structureCheck(parsed.root));

  run.stage = "tl-signature";
  const sig = await signatureCheck(parsed, opts.limits);
  checks.push(sig.check);
  if (sig.signedRoot) {
    // What is judged from here on is what the signature covers, read back from its canonical bytes.
    const signedStructure = structureCheck(sig.signedRoot);
    const at = checks.findIndex((c) => c.id === "tl-structure");
    if (signedStructure.status !== "passed" && checks[at]!.status === "passed")
      checks[at] = failed("tl-structure", "FORMAT_FAILURE", `The signed content reads differently from the file: ${signedStructure.message}`);
  }
  found.signedRoot = sig.signedRoot;
  if (sig.keys) found.keys = sig.keys;
  found.info = listInfo(sig.signedRoot ?? parsed.root);
  found.at = validationTime(opts.at, found.info);
  found.signingTime = sig.shape?.signingTime ?? null;

  run.stage = "tl-signer";
  const signer = judgeSigner(sig.signer, trust, found.at, opts.session);
  found.signer = signer.summary;
  found.signerIsPerson = signer.isPerson;
  found.signerTrustedBy = signer.check.status === "passed" ? signer.trustedBy : null;
  checks.push(signer.check);

  run.stage = "tl-freshness";
  checks.push(freshness(found.info, found.at, opts.judgeFreshness));
}

function linkOf(file: string, r: TrustedListReport, trustedBy: string | null): TrustedListLink {
  const decided = r.checks.find((c) => r.decidedBy[0] === c.id);
  return {
    file,
    sequenceNumber: r.list?.sequenceNumber ?? null,
    issued: r.list?.issued ?? null,
    nextUpdate: r.list?.nextUpdate ?? null,
    indication: r.indication,
    subIndication: r.subIndication,
    signer: r.signer?.sha256 ?? null,
    trustedBy,
    message: decided ? decided.message : "Verified.",
  };
}

const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const lotlName = (l: TrustedListLink) => `the list of lists #${l.sequenceNumber ?? "?"} (${l.file})`;

/** A LOTL's pointers to itself: the certificates it announces for its successors (the pivot mechanism). */
function selfPointer(info: TrustedListInfo | null, ptrs: RawPointer[]): Uint8Array[] {
  return ptrs
    .filter(
      (p) => p.territory !== null && p.territory === info?.territory && p.tslType !== null && /listofthelists$/i.test(p.tslType) && p.mimeType === TSL_MIME,
    )
    .flatMap((p) => p.certificates);
}

/** The LOTL chain: oldest first; each link vouched for by the pinned signers or its verified predecessor. */
async function verifyChain(
  lotls: readonly { bytes: Uint8Array; file: string }[],
  pinned: Uint8Array[],
  opts: Omit<OneOptions, "judgeFreshness" | "lotlChain">,
): Promise<{
  links: TrustedListLink[];
  newest: { info: TrustedListInfo | null; pointers: RawPointer[]; link: TrustedListLink } | null;
  problem: string | null;
}> {
  const ordered = lotls
    .map((l) => {
      let seq = -1;
      try {
        seq = listInfo(opts.parse(l.bytes).root).sequenceNumber ?? -1;
      } catch {
        // unreadable: verified below, where it fails tl-format
      }
      return { ...l, seq };
    })
    .sort((a, b) => a.seq - b.seq);
  const links: TrustedListLink[] = [];
  let announced: SignerTrust["announced"] = null;
  let problem: string | null = null;
  let newest: { info: TrustedListInfo | null; pointers: RawPointer[]; link: TrustedListLink } | null = null;
  for (const [i, l] of ordered.entries()) {
    const last = i === ordered.length - 1;
    // Older links only announce their successors' signers: each is judged at its own issue date. The newest is
    // judged at --at; without it, against the time of the list it vouches for (verifyList).
    const { at, ...rest } = opts;
    const linkOpts = {
      ...rest,
      ...(last && at ? { at } : {}),
      judgeFreshness: last ? (at !== undefined ? true : ("newest-lotl" as const)) : false,
      lotlChain: [],
    };
    // A pinned certificate starts the chain only: every later link must be signed by a certificate its
    // predecessor announces, so that a LOTL that stopped announcing a pinned key also ends that key's say.
    const out = await verifyOne(l, { pinned: i === 0 ? pinned : [], announced, announcementProblem: problem }, linkOpts);
    const r = out.report;
    const link = linkOf(l.file, r, r.signerTrustedBy);
    links.push(link);
    if (r.list && r.list.kind !== "list-of-lists") {
      problem = `${l.file} is not a list of lists (TSLType ${r.list.tslType ?? "none"}).`;
      announced = null;
      newest = null;
      continue;
    }
    if (r.indication !== "TOTAL-PASSED") {
      problem = `${capital(lotlName(link))} did not verify (${r.indication}${r.subIndication ? `/${r.subIndication}` : ""}): ${link.message}`;
      announced = null;
      newest = null;
      continue;
    }
    problem = null;
    announced = { certificates: selfPointer(r.list, out.pointers), by: lotlName(link) };
    newest = { info: r.list, pointers: out.pointers, link };
  }
  return { links, newest, problem };
}

/**
 * Without --at: whether the newest LOTL was current while the list it vouches for was (its NextUpdate not
 * before the list's issue, its issue not after the list's NextUpdate). With --at, the LOTL's tl-freshness
 * judged it at that instant already. A list issued shortly before the LOTL that announces its signer (the EU
 * lists of 2019 all were) is vouched for: both were current at once.
 */
function lotlOutdated(lotl: TrustedListInfo | null, target: TrustedListInfo | null, link: TrustedListLink): string | null {
  const name = capital(lotlName(link));
  if (!lotl?.issued || !target?.issued) return null; // an unreadable date: the list's own checks say so
  if (!lotl.nextUpdate) return `${name} is closed (NextUpdate has no date): it vouches for no list's signer.`;
  if (Date.parse(target.issued) >= Date.parse(lotl.nextUpdate))
    return `${name} was due to be replaced at ${lotl.nextUpdate}, before this list was issued (${target.issued}): give the list of lists that was current then.`;
  if (target.nextUpdate && Date.parse(target.nextUpdate) <= Date.parse(lotl.issued))
    return `${name} was issued at ${lotl.issued}, after this list's NextUpdate (${target.nextUpdate}): it does not speak for this list's time.`;
  return null;
}

/**
 * Verifies one trusted list, or list of lists, given as bytes (`file` names it in messages). Bad lists give
 * a report (TOTAL-FAILED or INDETERMINATE); only caller mistakes (bad options) throw SealcheckError.
 */
export async function verifyTrustedList(input: { bytes: Uint8Array; file: string }, options: VerifyTrustedListOptions = {}): Promise<TrustedListReport> {
  return (await verifyList(input, options)).report;
}

/** The LOTL chain verified for the first of several lists checked against the same LOTLs and signers. */
export interface ChainMemo {
  chain?: ReturnType<typeof verifyChain>;
}

/**
 * verifyTrustedList, with what a list that passed says in raw form (its services' certificates as DER).
 * `memo`: the LOTL chain verified once for every list a caller checks against the same LOTLs and signers;
 * `summaries: false` leaves the report's providers and pointers null (the caller reads `providers` raw).
 */
export async function verifyList(
  input: { bytes: Uint8Array; file: string },
  options: VerifyTrustedListOptions = {},
  memo?: { shared: ChainMemo; summaries?: boolean },
): Promise<Outcome> {
  if (!input || !(input.bytes instanceof Uint8Array) || typeof input.file !== "string")
    throw usage("verifyTrustedList takes { bytes: Uint8Array, file: string }");
  // One shape of `at` for every verifier (ValidationTimeInput): an ISO 8601 string is read as verifyArchive reads it.
  const at = options.at === undefined || options.at instanceof Date ? options.at : parseValidationTime(options.at);
  if (at !== undefined && !(at instanceof Date && !Number.isNaN(at.getTime()))) throw usage("the validation time is not a valid date");
  const limits = resolveLimits(options.limits);
  const session = pkiSession(limits);
  const pinned = pinnedDers(options.signers ?? [], session);
  const parsed = new Map<Uint8Array, ParsedXml | FormatError>();
  const parse = (bytes: Uint8Array): ParsedXml => {
    let p = parsed.get(bytes);
    if (!p) {
      try {
        if (bytes.length > limits.maxXmlBytes) throw new LimitError("maxXmlBytes", `the file is larger than ${limits.maxXmlBytes} bytes`);
        p = readXml(bytes, xmlBudget(limits));
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        p = e;
      }
      parsed.set(bytes, p);
    }
    if (p instanceof FormatError) throw p;
    return p;
  };
  const base = { limits, session, parse, ...(at ? { at } : {}) };

  let trust: SignerTrust = { pinned, announced: null, announcementProblem: null };
  let links: TrustedListLink[] = [];
  const lotls = options.lotls ?? [];
  if (lotls.length) {
    // The list under verification, if it is itself a LOTL, is the chain's last link; a copy of it among
    // `lotls` would vouch for itself.
    const others = lotls.filter((l) => Buffer.compare(Buffer.from(l.bytes), Buffer.from(input.bytes)) !== 0);
    // The target is one of the LOTLs when it is itself a LOTL: its chain is then its own, not shared.
    const shared = memo && others.length === lotls.length ? memo.shared : undefined;
    const pending = shared?.chain ?? verifyChain(others, pinned, base);
    if (shared) shared.chain = pending;
    const chain = await pending;
    links = chain.links;
    let target: TrustedListInfo | null = null;
    try {
      target = listInfo(base.parse(input.bytes).root);
    } catch {
      // unreadable: tl-format says so
    }
    const isLotl = target?.kind === "list-of-lists";
    // A LOTL older than every other given starts the chain itself (a pinned signer); any later one is a link
    // and only its predecessor's announcement vouches for it.
    const startsChain = isLotl && chain.links.every((l) => (l.sequenceNumber ?? -1) > (target?.sequenceNumber ?? -1));
    const linkPinned = isLotl && !startsChain ? [] : pinned;
    const outdated = !isLotl && chain.newest && !at ? lotlOutdated(chain.newest.info, target, chain.newest.link) : null;
    if (startsChain) trust = { pinned, announced: null, announcementProblem: null };
    else if (!chain.newest) trust = { pinned: linkPinned, announced: null, announcementProblem: chain.problem ?? "No list of lists verified." };
    else if (outdated) trust = { pinned, announced: null, announcementProblem: outdated };
    else if (isLotl) {
      const certs = selfPointer(chain.newest.info, chain.newest.pointers);
      trust = { pinned: [], announced: { certificates: certs, by: lotlName(chain.newest.link) }, announcementProblem: null };
      if ((target?.sequenceNumber ?? -1) <= (chain.newest.link.sequenceNumber ?? -1))
        trust = {
          pinned: [],
          announced: null,
          announcementProblem: `A list of lists is vouched for only by older ones; #${chain.newest.link.sequenceNumber} is not older than #${target?.sequenceNumber}.`,
        };
    } else {
      const forTerritory = chain.newest.pointers.filter((p) => p.territory !== null && p.territory === target?.territory && p.mimeType === TSL_MIME);
      trust = forTerritory.length
        ? { pinned, announced: { certificates: forTerritory.flatMap((p) => p.certificates), by: lotlName(chain.newest.link) }, announcementProblem: null }
        : {
            pinned,
            announced: null,
            announcementProblem: `${capital(lotlName(chain.newest.link))} has no pointer to an XML list for territory ${target?.territory ?? "(none)"}.`,
          };
    }
  }
  return verifyOne(input, trust, { ...base, judgeFreshness: true, lotlChain: links, summaries: memo?.summaries ?? true });
}
