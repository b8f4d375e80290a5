// Trust anchors from trusted lists (ETSI TS 119 612): each list is verified as verify-tl verifies it (signer
// pinned or announced by a verified LOTL chain), and only a list that passed gives anchors. A service's
// certificate becomes an anchor for the roles its type allows, during the periods its status history says it
// was in a status that vouches, and never beyond what the list can speak for (its NextUpdate).
import { certificateFields, createHash } from "../platform/crypto.js";
import { statSync } from "node:fs";
import { listDirectory, readRegularFile, undecodableName } from "../input/files.js";
import { SealcheckError, errorMessage } from "../errors.js";
import { resolveLimits, type Limits } from "../limits.js";
import type { ListTrustBasis, ListWindow, TrustRole, TrustedListAnchors } from "../pki/trust-store.js";
import { certificateDer, certificateFromDer, certificatesFromBytes, summarize } from "../pki/certificate.js";
import { pkiSession } from "../pki/session.js";
import type { ListCertificate, TrustedListUse } from "../report/types.js";
import type { RawProvider, RawService } from "./model.js";
import type { TrustedListInfo, TrustedListReport } from "./types.js";
import { verifyList, type ChainMemo } from "./verify.js";
import { xmlIdentity } from "./identity.js";
import { mayNameAPerson } from "../pki/holder.js";

const SVC = "http://uri.etsi.org/TrstSvc/Svctype/";
const STATUS = "http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/";

/**
 * Which roles a service type vouches for. Certificate authorities for the seal (qualified only) and the
 * Workflow-token certificate (any supervised CA); time-stamping services for timestamps. Everything else
 * (OCSP, CRL, remote signing, ...) is not an anchor.
 */
const LIST_SERVICE_ROLES: Readonly<Record<string, readonly TrustRole[]>> = {
  [`${SVC}CA/QC`]: ["seal", "token"],
  [`${SVC}NationalRootCA-QC`]: ["seal", "token"],
  [`${SVC}CA/PKC`]: ["token"],
  [`${SVC}TSA/QTST`]: ["tsa"],
  [`${SVC}TSA/TSS-QC`]: ["tsa"],
  [`${SVC}TSA/TSS-AdESQCandQES`]: ["tsa"],
  [`${SVC}TSA`]: ["tsa"],
};

/** Statuses in which a listed service vouches (TS 119 612 v2, and v1's before eIDAS). */
const VOUCHING_STATUSES: ReadonlySet<string> = new Set([
  `${STATUS}granted`,
  `${STATUS}recognisedatnationallevel`,
  `${STATUS}undersupervision`,
  `${STATUS}supervisionincessation`,
  `${STATUS}accredited`,
  `${STATUS}setbynationallaw`,
  "http://uri.etsi.org/TrstSvc/eSigDir-1999-93-EC-TrustedList/Svcstatus/undersupervision",
]);

/** A list: its path, or its bytes with a name for messages. */
export type TrustedListInput = string | { bytes: Uint8Array; file: string };

export interface TrustedListAnchorOptions {
  /** National trusted lists (files or directories of *.xml, or bytes with a name). */
  lists: readonly TrustedListInput[];
  /** Lists of lists whose newest verified one announces the national lists' signers (files or directories, as `lists`). */
  lotls?: readonly TrustedListInput[];
  /**
   * Pinned signer certificates (DER or PEM bytes; readCertificateFiles reads them): the LOTL's, or a list's own.
   * With its file (readCertificateFileSources), the report names the file the trust rests on.
   */
  signers?: readonly (Uint8Array | { der: Uint8Array; file: string })[];
  /**
   * The lowest TSLSequenceNumber accepted per scheme territory ({ DK: 71 }), as the operator last saw it published
   * (attack34c C2: a folder whose newest list was removed leaves an older one to vouch for a CA the newer withdrew).
   * A list numbered below vouches for nothing; a territory with no list at or above it is an ERR_TRUST_STORE.
   */
  minimumSequence?: Readonly<Record<string, number>>;
  limits?: Partial<Limits>;
}

/** The lists of the inputs: files, and the files of a directory (not recursive), each a visible *.xml or refused. */
function readAll(inputs: readonly TrustedListInput[], maxBytes: number): { bytes: Uint8Array; file: string }[] {
  return inputs.flatMap((input) => {
    if (typeof input !== "string") return [input];
    let isDir = false;
    try {
      isDir = statSync(input).isDirectory();
    } catch {
      // read() names the problem
    }
    if (!isDir) return [read(input, maxBytes)];
    // Names read as bytes: one that is not UTF-8 is refused, naming it, never decoded into another file's name.
    // Every entry is read or refused, never skipped: a newer list hidden (`.DK-2.xml`) or renamed (`DK.xml.old`)
    // beside an older one would leave the older one to vouch for a CA the newer withdrew.
    const files = listDirectory(input, { hidden: true }).map((e) => {
      if (e.name === null) throw undecodableName(e);
      if (e.name.startsWith(".") || !/\.xml$/i.test(e.name))
        throw new SealcheckError(
          "ERR_TRUST_STORE",
          `${e.path}: a folder of trusted lists holds only lists (visible *.xml files), so that none is left unread; move this ${e.name.startsWith(".") ? "hidden " : ""}entry out, or give the lists one by one`,
          { file: e.path },
        );
      return e.path;
    });
    if (!files.length) throw new SealcheckError("ERR_TRUST_STORE", `${input}: no trusted list (*.xml) in this directory`, { file: input });
    return files.map((f) => read(f, maxBytes));
  });
}

function readable(der: Uint8Array): boolean {
  try {
    certificateFields(der);
    return true;
  } catch {
    return false;
  }
}

/**
 * One list file: a regular file only (a FIFO or a link to /dev/zero is refused before any read), opened without
 * blocking, read no further than its size and maxXmlBytes (src/input/files.ts).
 */
function read(input: string, maxBytes: number): { bytes: Uint8Array; file: string } {
  try {
    return { bytes: readRegularFile(input, maxBytes, { what: "a trusted list", limit: "maxXmlBytes" }), file: input };
  } catch (e) {
    if (e instanceof SealcheckError && e.message === `${input}: no such file`)
      throw new SealcheckError("ERR_FILE_NOT_FOUND", `${input}: no such trusted list`, { file: input });
    const why = e instanceof SealcheckError ? e.message.replace(`${input}: `, "") : errorMessage(e);
    throw new SealcheckError(e instanceof SealcheckError ? e.code : "ERR_FILE_UNREADABLE", `${input}: cannot read the trusted list (${why})`, {
      file: input,
      cause: e,
    });
  }
}

/**
 * The periods in which a service vouched for each role, from its status history, cut at `until`. TS 119 612
 * (clause 5.5.9, 5.6) reads the current status as in force from its StatusStartingTime and each history
 * instance from its own until the next later one: so at an instant where the current status and a history
 * entry both start, the current status is what holds (a service withdrawn at the very instant an old entry
 * says "granted" is withdrawn), and among history entries of one instant the first listed (the newest) holds.
 * A history entry dated after the current status makes the list malformed; tl-structure refuses such a list
 * (model.ts historyProblems), and it is left out here too.
 */
function serviceWindows(s: Pick<RawService, "status" | "statusStartingTime" | "type" | "history">, until: Date): ListWindow[] {
  const current = Date.parse(s.statusStartingTime);
  if (Number.isNaN(current)) return [];
  // Rank 0 is the current status; history entries follow in their order. One entry per instant: the lowest rank.
  const byTime = new Map<number, { status: string; type: string; t: number }>();
  const ranked = [
    { status: s.status, type: s.type, t: current },
    ...s.history.map((h) => ({ status: h.status, type: h.type, t: Date.parse(h.statusStartingTime) })),
  ];
  for (const e of ranked) {
    if (Number.isNaN(e.t) || e.t > current || byTime.has(e.t)) continue;
    byTime.set(e.t, e);
  }
  const entries = [...byTime.values()].sort((a, b) => a.t - b.t);
  const out: ListWindow[] = [];
  entries.forEach((e, i) => {
    const next = entries[i + 1];
    const end = Math.min(next ? next.t : Number.POSITIVE_INFINITY, until.getTime());
    if (e.t >= end || !VOUCHING_STATUSES.has(e.status)) return;
    for (const role of LIST_SERVICE_ROLES[e.type] ?? [])
      out.push({ role, from: new Date(e.t).toISOString(), to: new Date(end).toISOString(), status: e.status, type: e.type });
  });
  return out;
}

/**
 * Verifies each trusted list (with the LOTLs and pinned signers given) and returns its services' certificates as
 * anchors by role and period. A list that does not pass, or is a list of lists, is an ERR_TRUST_STORE naming it:
 * trust is never taken from a list that could not be verified.
 */
export async function loadTrustedListAnchors(o: TrustedListAnchorOptions): Promise<TrustedListAnchors> {
  const limits = resolveLimits(o.limits);
  if (!o.lists?.length) throw new SealcheckError("ERR_USAGE", "loadTrustedListAnchors needs at least one trusted list");
  const lotls = readAll(o.lotls ?? [], limits.maxXmlBytes);
  const out: TrustedListAnchors = { lists: [], anchors: [] };
  const pinned = pinnedSigners(o.signers ?? [], limits);
  const signers = pinned.map((p) => p.der);
  out.basis = [
    ...pinned.map((p): ListTrustBasis => ({
      kind: "signer",
      file: p.file,
      subject: personOf(p.der).person ? null : p.subject,
      sha256: p.sha256,
      bytes: p.der,
    })),
    ...lotls.flatMap((l) => listBasis(l, limits)),
  ];
  // Every list is judged against the same LOTLs and signers: their chain is verified once.
  const shared: ChainMemo = {};
  const verified: {
    list: { bytes: Uint8Array; file: string };
    report: TrustedListReport;
    providers: RawProvider[];
    info: TrustedListInfo;
    keys: Uint8Array[] | undefined;
  }[] = [];
  const failed: { list: { bytes: Uint8Array; file: string }; report: TrustedListReport; error: SealcheckError }[] = [];
  const inputs = readAll(o.lists, limits.maxXmlBytes);
  for (const list of inputs) {
    const { report, providers, keys } = await verifyList(list, { signers, lotls, limits: o.limits ?? {} }, { shared, summaries: false });
    if (report.indication !== "TOTAL-PASSED") {
      const decided = report.checks.find((c) => c.id === report.decidedBy[0]);
      const error = new SealcheckError(
        "ERR_TRUST_STORE",
        `${list.file}: the trusted list did not verify (${report.indication}${report.subIndication ? `/${report.subIndication}` : ""}): ${decided?.message ?? "see sealcheck verify-tl"}`,
        { file: list.file },
      );
      failed.push({ list, report, error });
      continue;
    }
    const info = report.list!;
    if (info.kind === "list-of-lists")
      throw new SealcheckError(
        "ERR_TRUST_STORE",
        `${list.file}: is a list of lists, which names no services; give it among the lists of lists (lotls), not as a trusted list`,
        { file: list.file },
      );
    verified.push({ list, report, providers, info, keys });
  }
  const minimum = minimumSequences(o.minimumSequence);
  const successor = supersession(verified);
  // A list that did not verify is an error, unless a verified newer list of the territory it claims replaced it
  // (a folder that keeps its older lists, whose LOTL or signer has since changed): it would vouch for nothing
  // either way, and is reported as superseded.
  for (const { list, report, error } of failed) {
    const claimed = report.list;
    const newer = claimed?.territory
      ? verified.find((v) => v.info.territory === claimed.territory && (v.info.sequenceNumber ?? -1) > (claimed.sequenceNumber ?? Number.MAX_SAFE_INTEGER))
      : undefined;
    const newest = newer ? (successor.get(newer.list) ?? newer) : undefined;
    if (!newest) throw error;
    out.lists.push({
      file: list.file,
      sha256: createHash("sha256").update(list.bytes).digest("hex"),
      territory: claimed!.territory,
      sequenceNumber: claimed!.sequenceNumber,
      issued: claimed!.issued,
      speaksUntil: claimed!.nextUpdate,
      signerTrustedBy: null,
      anchors: 0,
      unreadableCertificates: 0,
      supersededBy: `${newest.list.file} (#${newest.info.sequenceNumber ?? "?"})`,
    });
  }
  for (const { list, report, providers, info, keys } of verified) {
    const sha256 = createHash("sha256").update(list.bytes).digest("hex");
    const base: Omit<TrustedListUse, "anchors" | "unreadableCertificates"> = {
      file: list.file,
      sha256,
      territory: info.territory,
      sequenceNumber: info.sequenceNumber,
      issued: info.issued,
      speaksUntil: info.nextUpdate,
      signerTrustedBy: report.signerTrustedBy,
      ...signerOf(report, pinned),
    };
    out.basis.push(...listBasis(list, limits, keys));
    const floor = info.territory !== null ? minimum.get(info.territory) : undefined;
    if (floor !== undefined) base.minimumSequence = floor;
    if (floor !== undefined && (info.sequenceNumber ?? -1) < floor) {
      // Older than the operator knows to be published: a newer list was withheld, so this one vouches for nothing.
      out.lists.push({ ...base, anchors: 0, unreadableCertificates: 0 });
      continue;
    }
    const newer = successor.get(list);
    if (newer) {
      // A newer list of the same scheme replaced this one: what it says no longer holds (a CA the newer list
      // withdrew, the old one still shows granted). Its services vouch for nothing; the report says why.
      out.lists.push({ ...base, anchors: 0, unreadableCertificates: 0, supersededBy: `${newer.list.file} (#${newer.info.sequenceNumber ?? "?"})` });
      continue;
    }
    // A list speaks for its statuses until its next update (a closed list, without one, failed tl-freshness),
    // and no further than the list of lists that vouched for its signer speaks (its NextUpdate).
    const lotlUntil = report.signerTrustedBy !== "pinned" ? (report.lotlChain.at(-1)?.nextUpdate ?? null) : null;
    const until = new Date(Math.min(Date.parse(info.nextUpdate ?? "") || 0, lotlUntil ? Date.parse(lotlUntil) : Number.POSITIVE_INFINITY));
    let anchors = 0;
    let unreadable = 0;
    for (const p of providers)
      for (const s of p.services) {
        const windows = serviceWindows(s, until);
        if (!windows.length) continue;
        for (const der of s.certificates) {
          // A signed list may still carry a certificate no reader can parse (the operator's slip): that service
          // vouches for nothing, and the list's other services stay usable.
          if (!readable(der)) {
            unreadable++;
            continue;
          }
          out.anchors.push({
            der,
            windows,
            source: { list: list.file, territory: info.territory, sequenceNumber: info.sequenceNumber, provider: p.name, service: s.name },
          });
          anchors++;
        }
      }
    out.lists.push({ ...base, speaksUntil: until.toISOString(), anchors, unreadableCertificates: unreadable });
  }
  for (const [territory, floor] of minimum) {
    const newest = Math.max(-1, ...verified.filter((v) => v.info.territory === territory).map((v) => v.info.sequenceNumber ?? -1));
    if (newest < floor)
      throw new SealcheckError(
        "ERR_TRUST_STORE",
        newest < 0
          ? `no trusted list of ${territory} was given, though #${floor} or later is required for it`
          : `the newest trusted list of ${territory} given is #${newest}, older than #${floor}, the lowest required: a newer list was withheld or not fetched`,
        {},
      );
  }
  // In the order the lists were given.
  const order = new Map(inputs.map((l, i) => [l.file, i]));
  out.lists.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
  return out;
}

interface PinnedSigner {
  der: Uint8Array;
  file: string | null;
  subject: string;
  sha256: string;
}

/** The pinned signers, each certificate once with its file when given one (PEM bytes may hold several). */
function pinnedSigners(signers: readonly (Uint8Array | { der: Uint8Array; file: string })[], limits: Limits): PinnedSigner[] {
  const session = pkiSession(limits);
  const seen = new Set<string>();
  return signers.flatMap((s, i) => {
    const given = s instanceof Uint8Array ? { bytes: s, file: null } : s && s.der instanceof Uint8Array ? { bytes: s.der, file: s.file } : null;
    if (!given) throw new SealcheckError("ERR_USAGE", "signers must be certificate bytes (DER or PEM), or { der, file }");
    let certs;
    try {
      certs = certificatesFromBytes(given.bytes, given.file ?? `pinned signer ${i + 1}`, session);
    } catch (e) {
      throw new SealcheckError("ERR_USAGE", `${given.file ?? `pinned signer ${i + 1}`} is not a certificate: ${errorMessage(e)}`);
    }
    return certs.flatMap((c) => {
      const { subject, sha256 } = summarize(c);
      if (seen.has(sha256)) return [];
      seen.add(sha256);
      return [{ der: certificateDer(c), file: given.file, subject, sha256 }];
    });
  });
}

/** The list's signer, and the pinned certificate its trust rests on (itself, or the first list of lists' signer). */
function signerOf(report: TrustedListReport, pinned: readonly PinnedSigner[]): Pick<TrustedListUse, "signer" | "pinned"> {
  if (!report.signer) return {};
  const person = report.signerIsPerson ? { person: true } : {};
  const signer: ListCertificate = { subject: report.signer.subject, sha256: report.signer.sha256, ...person };
  const first = report.signerTrustedBy === "pinned" ? report.signer.sha256 : report.lotlChain[0]?.signer;
  const p = first ? pinned.find((x) => x.sha256.toUpperCase() === first.toUpperCase()) : undefined;
  const own = p && p.sha256 === signer.sha256 ? person : p ? personOf(p.der) : {};
  return { signer, ...(p ? { pinned: { subject: p.subject, sha256: p.sha256, file: p.file, ...own } } : {}) };
}

/**
 * A certificate whose name may be a person's, personal data: an allow-list (pki/holder.ts), so any certificate
 * that does not show it is an organisation's, and one that cannot be read.
 */
function personOf(der: Uint8Array): { person?: true } {
  try {
    return mayNameAPerson(certificateFromDer(der, "a pinned signer", pkiSession())) ? { person: true } : {};
  } catch {
    return { person: true };
  }
}

/**
 * A list file by bytes only it holds: its (first) signature value as written, which the evidence holds only if it
 * carries the list (a14 X1i); and its keys (identity.ts: its canonical content and its signature value decoded),
 * which find it re-encoded in an XML the evidence carries: `verified`, as its verification gave them, else read
 * here (a list of lists). Nothing when it has no signature (it did not verify then).
 */
function listBasis(list: { bytes: Uint8Array; file: string }, limits: Limits, verified?: Uint8Array[]): ListTrustBasis[] {
  const text = Buffer.from(list.bytes.buffer, list.bytes.byteOffset, list.bytes.length).toString("latin1");
  const m = /<(?:[A-Za-z_][\w.-]*:)?SignatureValue\b[^>]*>([A-Za-z0-9+/=\s]{64,})</.exec(text);
  if (!m) return [];
  const value = m[1]!.trim();
  const id = verified ? null : xmlIdentity(list.bytes, limits);
  const keys = verified ?? (id ? [id.content, ...id.signatures] : undefined);
  return [
    {
      kind: "list",
      file: list.file,
      subject: null,
      sha256: createHash("sha256").update(list.bytes).digest("hex").toUpperCase(),
      bytes: new Uint8Array(Buffer.from(value, "latin1")),
      ...(keys ? { keys } : {}),
    },
  ];
}

/** The minimum sequence numbers by territory, checked: a territory code and a non-negative integer each. */
function minimumSequences(given: Readonly<Record<string, number>> | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const [territory, n] of Object.entries(given ?? {})) {
    if (!/^[A-Z]{2}$/.test(territory) || !Number.isSafeInteger(n) || n < 0)
      throw new SealcheckError(
        "ERR_USAGE",
        `minimumSequence: expected a territory code (two capital letters) and a whole number, got ${JSON.stringify(territory).slice(0, 20)}: ${String(n).slice(0, 20)}`,
        { option: "minimumSequence" },
      );
    out.set(territory, n);
  }
  return out;
}

/**
 * Of the verified lists of one scheme territory only the newest (highest TSLSequenceNumber) speaks: each older
 * one maps to it. The same list given twice (the same bytes) is one list; two different lists of one territory
 * with one sequence number contradict each other and are refused.
 */
function supersession<T extends { list: { bytes: Uint8Array; file: string }; info: TrustedListInfo }>(lists: T[]): Map<T["list"], T> {
  const newest = new Map<string, T>();
  const out = new Map<T["list"], T>();
  for (const l of lists) {
    const key = l.info.territory ?? "";
    const cur = newest.get(key);
    if (!cur) {
      newest.set(key, l);
      continue;
    }
    const a = l.info.sequenceNumber ?? -1;
    const b = cur.info.sequenceNumber ?? -1;
    if (a === b && !Buffer.from(l.list.bytes).equals(Buffer.from(cur.list.bytes)))
      throw new SealcheckError(
        "ERR_TRUST_STORE",
        `${l.list.file} and ${cur.list.file}: two different trusted lists of ${key || "no territory"} both numbered #${a}; which one speaks cannot be told`,
        { file: l.list.file },
      );
    if (a > b) newest.set(key, l);
  }
  for (const l of lists) {
    const n = newest.get(l.info.territory ?? "")!;
    if (n !== l) out.set(l.list, n);
  }
  return out;
}
