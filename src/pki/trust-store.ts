// Trust anchors and untrusted path-building certificates, loaded from files the user controls.
import { checkPathName, kindAt, kindOf, listDirectory, readRegularFile, undecodableName } from "../input/files.js";
import { expectPathList } from "../usage.js";
import type * as pkijs from "pkijs";
import { SealcheckError, errorMessage } from "../errors.js";
import { certificateDer, certificateFromDer, certificatesFromBytes, sameName, thumbprint, shownSubject } from "./certificate.js";
import { pkiSession, type PkiSession } from "./session.js";
import { indexAnchors, type AnchorIndex } from "./chain.js";
import type { TrustedListUse } from "../report/types.js";
import { quoteName } from "../report/quoted-name.js";

/**
 * What an anchor may vouch for: the Workflow-token certificate and its OCSP responder, the seal, or a
 * time-stamping unit (the seal's timestamp and document timestamps).
 */
export type TrustRole = "token" | "seal" | "tsa";
export const TRUST_ROLES: readonly TrustRole[] = ["token", "seal", "tsa"];

export interface TrustStore {
  /** Anchors for every role (--trust). Every certificate here is a trust anchor, self-signed or not (RFC 5280 §6.1.1). */
  anchors: pkijs.Certificate[];
  /** Untrusted certificates offered for path building only (--certs). */
  intermediates: pkijs.Certificate[];
  /**
   * Anchors for one role only (--trust-token, --trust-seal, --trust-tsa): a user who must trust the OCES3
   * issuing CA for the token does not thereby let every OCES3 certificate vouch for a seal or a timestamp.
   */
  roleAnchors?: Partial<Record<TrustRole, pkijs.Certificate[]>>;
  /** Anchors from verified trusted lists (--trusted-list): each for some roles, only while its service's status allowed it. */
  listAnchors?: ListAnchor[];
  /** The lists they come from. */
  trustedLists?: TrustedListUse[];
  /** What the lists' trust rests on besides their services (TrustedListAnchors.basis): looked for in the evidence. */
  listBasis?: ListTrustBasis[];
  /**
   * Where each anchor given as a file was read from, by its SHA-256 (upper-case hex): the file, and the option it
   * was given with (`trust`, `trustFor.seal`, …). The report names it beside the anchor a chain ended at.
   */
  sources?: Record<string, AnchorSource[]>;
}

/** A file an anchor was read from, and the option that named it. */
export interface AnchorSource {
  file: string;
  option: "trust" | "trustFor.token" | "trustFor.seal" | "trustFor.tsa";
}

/** When a trusted list's service vouched for a role: [from, to), `to` its next status or the list's NextUpdate (null: open). */
export interface ListWindow {
  role: TrustRole;
  from: string;
  to: string | null;
  /** The service's status (URI) and type (URI) in that period. */
  status: string;
  type: string;
}

/** Where a list anchor comes from: the list, its provider and service. */
export interface ListAnchorSource {
  list: string;
  territory: string | null;
  sequenceNumber: number | null;
  provider: string | null;
  service: string | null;
}

/** A trusted list's service certificate as plain data (threads and sessions pass it on): DER, periods, source. */
export interface ListAnchorData {
  der: Uint8Array;
  windows: ListWindow[];
  source: ListAnchorSource;
}

/** Anchors from verified trusted lists (loadTrustedListAnchors), as plain data: a trust store decodes them. */
export interface TrustedListAnchors {
  lists: TrustedListUse[];
  anchors: ListAnchorData[];
  /**
   * What the lists' trust rests on besides their services, for the trust-anchors check to look for in the evidence
   * (a14 X1i: a list and its signer handed over by the archive are the same shortcut as a --trust certificate taken
   * from it): each pinned signer certificate, and each list and list of lists by bytes only it holds.
   */
  basis?: ListTrustBasis[];
}

/** One thing a trusted list's trust rests on, and the bytes that find it in the evidence. */
export interface ListTrustBasis {
  /** "signer": a pinned signer certificate (`bytes` its DER); "list": a list file (`bytes` its signature value as written). */
  kind: "signer" | "list";
  /** The file it was read from (null: given as bytes without a name). */
  file: string | null;
  /** A signer's subject (RFC 4514); null for a list, and for a person's certificate (personal data). */
  subject: string | null;
  /** SHA-256 of the certificate, or of the list file (upper-case hex). */
  sha256: string;
  bytes: Uint8Array;
  /**
   * Other bytes that find a list in an XML the evidence carries however it is encoded (trustlist/identity.ts): its
   * canonical content's key first (a copy without the signature has only that one), then its signature value's.
   */
  keys?: Uint8Array[];
}

export interface ListAnchor extends Omit<ListAnchorData, "der"> {
  cert: pkijs.Certificate;
}

/**
 * A trust store as a verification session holds it (indexTrustStore, called by createSession): its lists frozen
 * copies of the store's, and the indexes every path built asks, built once when it is made and never filled
 * later. What the look-ups below read; nothing about a store is kept anywhere else.
 */
export interface IndexedTrustStore {
  readonly anchors: readonly pkijs.Certificate[];
  readonly intermediates: readonly pkijs.Certificate[];
  readonly roleAnchors?: Readonly<Partial<Record<TrustRole, readonly pkijs.Certificate[]>>>;
  readonly listAnchors?: readonly FrozenListAnchor[];
  readonly trustedLists?: readonly Readonly<TrustedListUse>[];
  readonly listBasis?: readonly Readonly<ListTrustBasis>[];
  readonly sources?: Readonly<Record<string, readonly Readonly<AnchorSource>[]>>;
  readonly index: TrustIndex;
}

/** A list anchor as an indexed store holds it: a frozen copy. */
export interface FrozenListAnchor {
  readonly cert: pkijs.Certificate;
  readonly windows: readonly Readonly<ListWindow>[];
  readonly source: Readonly<ListAnchorSource>;
}

/** A list anchor with its windows' bounds as numbers (parsed once, with the store). */
interface TimedListAnchor {
  readonly anchor: FrozenListAnchor;
  readonly windows: readonly { readonly window: Readonly<ListWindow>; readonly from: number; readonly to: number }[];
}

/** What a trust store's look-ups read, built with it (indexTrustStore). */
export interface TrustIndex {
  /** Each certificate of the store (anchors of every kind) by its SHA-256, upper-case hex as reports give it. */
  readonly sha256: ReadonlyMap<pkijs.Certificate, string>;
  /** Per role, the anchors in force without a trusted list: the general ones, then the role's own, deduplicated. */
  readonly base: Readonly<Record<TrustRole, readonly pkijs.Certificate[]>>;
  /** The trusted lists' anchors, in the store's order, their windows' bounds parsed. */
  readonly lists: readonly TimedListAnchor[];
  /** The same by their certificate's SHA-256. */
  readonly listsBySha256: ReadonlyMap<string, readonly TimedListAnchor[]>;
  /** Every anchor of the store (general, per role, from lists) by subject and key identifier (validateChain's `index`). */
  readonly anchors: AnchorIndex;
  /** Per role, the instants where a list period starts or ends, and anchorsFor's answer per interval between them. */
  readonly periods: Readonly<Record<TrustRole, RolePeriods>>;
}

/**
 * The list anchors in force for a role change only where a period starts or ends: `edges` (sorted) are those
 * instants, made with the store. The answer for the interval before edge i (i = edges.length: after the last)
 * is kept in `answers` when first asked, by the store itself: a store of thousands of services has thousands
 * of intervals, so they are not all made up front, and every answer is a function of the frozen store alone.
 */
interface RolePeriods {
  readonly edges: readonly number[];
  readonly answers: Map<number, readonly pkijs.Certificate[]>;
}

/**
 * The store as a session holds it: copies of its lists, frozen, with its indexes (TrustIndex). The caller's
 * store is not changed; a store changed afterwards is not seen (make a new session). Decodes nothing.
 */
export function indexTrustStore(store: TrustStore): IndexedTrustStore {
  const frozen = <T>(xs: readonly T[]): readonly T[] => Object.freeze([...xs]);
  const anchors = frozen(store.anchors);
  const roleAnchors: Partial<Record<TrustRole, readonly pkijs.Certificate[]>> = {};
  for (const role of TRUST_ROLES) {
    const own = store.roleAnchors?.[role];
    if (own) roleAnchors[role] = frozen(own);
  }
  const listAnchors: readonly FrozenListAnchor[] | undefined =
    store.listAnchors &&
    frozen(
      store.listAnchors.map((a) =>
        Object.freeze({ cert: a.cert, windows: frozen(a.windows.map((w) => Object.freeze({ ...w }))), source: Object.freeze({ ...a.source }) }),
      ),
    );
  const all = [...anchors, ...Object.values(roleAnchors).flat(), ...(listAnchors ?? []).map((a) => a.cert)];
  const sha256 = new Map(all.map((c) => [c, thumbprint(c, "sha256")]));
  const keyOf = (c: pkijs.Certificate) => sha256.get(c)!;
  // A TSA's genTime is believed (sealing times, proofs of existence): when anchors for TSAs alone are given
  // (--trust-tsa, trustFor.tsa), only they (and a trusted list's time-stamping services) vouch for TSAs.
  const base = Object.fromEntries(
    TRUST_ROLES.map((role) => {
      const own = roleAnchors[role];
      if (role === "tsa" && own?.length) return [role, frozen(dedupeBy(own, keyOf))];
      return [role, own?.length ? frozen(dedupeBy([...anchors, ...own], keyOf)) : anchors];
    }),
  ) as Record<TrustRole, readonly pkijs.Certificate[]>;
  const lists = (listAnchors ?? []).map((anchor) =>
    Object.freeze({
      anchor,
      windows: Object.freeze(
        anchor.windows.map((w) => Object.freeze({ window: w, from: Date.parse(w.from), to: w.to === null ? Number.POSITIVE_INFINITY : Date.parse(w.to) })),
      ),
    }),
  );
  const listsBySha256 = new Map<string, readonly TimedListAnchor[]>();
  for (const l of lists) listsBySha256.set(keyOf(l.anchor.cert), [...(listsBySha256.get(keyOf(l.anchor.cert)) ?? []), l]);
  const periods = Object.fromEntries(
    TRUST_ROLES.map((role) => {
      const edges = new Set<number>();
      for (const l of lists) for (const w of l.windows) if (w.window.role === role) edges.add(w.from).add(w.to);
      // An open end, or a time that is none (a window with one is never in force), is no edge.
      edges.delete(Number.POSITIVE_INFINITY);
      edges.delete(Number.NaN);
      return [role, Object.freeze({ edges: Object.freeze([...edges].sort((x, y) => x - y)), answers: new Map() })];
    }),
  ) as Record<TrustRole, RolePeriods>;
  const index: TrustIndex = Object.freeze({
    sha256,
    base: Object.freeze(base),
    lists: Object.freeze(lists),
    listsBySha256,
    anchors: indexAnchors(all),
    periods: Object.freeze(periods),
  });
  return Object.freeze({
    anchors,
    intermediates: frozen(store.intermediates),
    ...(store.roleAnchors ? { roleAnchors: Object.freeze(roleAnchors) } : {}),
    ...(listAnchors ? { listAnchors } : {}),
    ...(store.trustedLists ? { trustedLists: frozen(store.trustedLists.map((l) => Object.freeze({ ...l }))) } : {}),
    ...(store.listBasis ? { listBasis: frozen(store.listBasis.map((b) => Object.freeze({ ...b }))) } : {}),
    ...(store.sources
      ? { sources: Object.freeze(Object.fromEntries(Object.entries(store.sources).map(([k, v]) => [k, frozen(v.map((x) => Object.freeze({ ...x })))]))) }
      : {}),
    index,
  });
}

/**
 * Whether the user gave anchors for TSAs alone (--trust-tsa, trustFor.tsa): then only they vouch for TSAs
 * (indexTrustStore). A trusted list's time-stamping services are not counted: a list names one territory's
 * qualified TSAs, not which of the user's own --trust anchors may vouch for times (trust-anchors then names a
 * TSA vouched for by one of those).
 */
export function hasTsaAnchors(store: { readonly roleAnchors?: Readonly<Partial<Record<TrustRole, readonly pkijs.Certificate[]>>> }): boolean {
  return Boolean(store.roleAnchors?.tsa?.length);
}

/** The window of a list anchor (its bounds parsed) that lets it vouch for `role` at `t` (ms), if any. */
function windowAt(l: TimedListAnchor, role: TrustRole, t: number): Readonly<ListWindow> | undefined {
  return l.windows.find((w) => w.window.role === role && w.from <= t && t < w.to)?.window;
}

/**
 * The anchors that may end a path for one role at time `at`: the general ones, that role's own, and the
 * trusted lists' certificates whose service vouched for that role at `at` (none without a time).
 */
export function anchorsFor(store: IndexedTrustStore, role: TrustRole, at?: Date): readonly pkijs.Certificate[] {
  const base = store.index.base[role];
  if (!at || store.index.lists.length === 0) return base;
  const t = at.getTime();
  const { edges, answers } = store.index.periods[role];
  // The interval of t: the number of edges at or before it (binary search).
  let [lo, hi] = [0, edges.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  let answer = answers.get(lo);
  if (!answer) {
    const listed = store.index.lists.filter((l) => windowAt(l, role, t)).map((l) => l.anchor.cert);
    answer = listed.length ? Object.freeze(dedupeBy([...base, ...listed], (c) => store.index.sha256.get(c)!)) : base;
    answers.set(lo, answer);
  }
  return answer;
}

/**
 * The trusted-list service behind a path's anchor (the certificate, or its SHA-256 as reports give it) for
 * `role` at `at`, when that is how it is trusted.
 */
export function listServiceOf(
  store: IndexedTrustStore,
  anchor: pkijs.Certificate | string | undefined,
  role: TrustRole,
  at: Date,
): (ListAnchorSource & ListWindow) | null {
  if (!anchor || store.index.lists.length === 0) return null;
  const sha256 = typeof anchor === "string" ? anchor.toUpperCase() : (store.index.sha256.get(anchor) ?? thumbprint(anchor, "sha256"));
  for (const l of store.index.listsBySha256.get(sha256) ?? []) {
    const w = windowAt(l, role, at.getTime());
    if (w) return { ...l.anchor.source, ...w };
  }
  return null;
}

const MAX_TRUST_FILE = 16 * 1024 * 1024;
const MAX_TRUST_FILES = 10_000;

function filesOf(path: string): string[] {
  checkPathName(path, "trust");
  let kind;
  try {
    kind = kindAt(path);
  } catch (e) {
    if (e instanceof SealcheckError && e.code === "ERR_FILE_NOT_FOUND" && !/link/.test(e.message))
      throw new SealcheckError("ERR_FILE_NOT_FOUND", `${path}: no such file or directory`, { file: path });
    throw e;
  }
  if (kind.kind === "file") return [path];
  if (kind.kind !== "dir")
    throw new SealcheckError("ERR_USAGE", `${path}: not a regular file or directory (a FIFO, socket or device is not read)`, { file: path });
  const out: string[] = [];
  for (const e of listDirectory(path)) {
    if (!/\.(pem|crt|cer|der)$/i.test(e.shown)) continue;
    if (e.name === null) throw undecodableName(e);
    const k = kindAt(e.path);
    if (k.kind === "file") out.push(e.path);
    else if (k.kind === "other")
      throw new SealcheckError("ERR_USAGE", `${e.path}: ${kindOf(k.st)}, not a regular file, so it is not read as a certificate`, { file: e.path });
    if (out.length > MAX_TRUST_FILES) throw new SealcheckError("ERR_TRUST_STORE", `${path}: more than ${MAX_TRUST_FILES} certificate files`, { file: path });
  }
  return out;
}

/**
 * Loads certificates from files or directories (*.pem, *.crt, *.cer, *.der). Errors name the file. Decoded
 * within the session's limits and through its certificate pool (default: a session of their own).
 */
export function loadCertificates(
  paths: readonly string[],
  role: string,
  session: PkiSession = pkiSession(),
  sources?: { into: Record<string, AnchorSource[]>; option: AnchorSource["option"] },
): pkijs.Certificate[] {
  const certs: pkijs.Certificate[] = [];
  for (const p of paths) {
    const files = filesOf(p);
    let fromPath = 0;
    for (const f of files) {
      let bytes: Uint8Array;
      try {
        bytes = readRegularFile(f, MAX_TRUST_FILE, { what: "a certificate file" });
      } catch (e) {
        const why = e instanceof SealcheckError ? e.message.replace(`${f}: `, "") : errorMessage(e);
        throw new SealcheckError(e instanceof SealcheckError ? e.code : "ERR_FILE_UNREADABLE", `${f}: cannot read (${why})`, { file: f, cause: e });
      }
      try {
        const found = certificatesFromBytes(bytes, f, session);
        certs.push(...found);
        fromPath += found.length;
        if (sources) for (const c of found) addSource(sources.into, thumbprint(c, "sha256"), { file: f, option: sources.option });
      } catch (e) {
        throw new SealcheckError("ERR_TRUST_STORE", `${f} (${role}): ${errorMessage(e)}`, { file: f, cause: e });
      }
    }
    if (fromPath === 0) throw new SealcheckError("ERR_TRUST_STORE", `${p} (${role}): no certificate found`, { file: p });
  }
  return dedupe(certs);
}

/** One more file an anchor was read from (each file and option once). */
function addSource(into: Record<string, AnchorSource[]>, sha256: string, source: AnchorSource): void {
  const list = (into[sha256] ??= []);
  if (!list.some((x) => x.file === source.file && x.option === source.option)) list.push(source);
}

/**
 * The certificates loadCertificates finds in files or directories, each as its DER bytes: for callers that pin
 * certificates by their bytes (a trusted list's signers) rather than build paths to them.
 */
export function readCertificateFiles(paths: readonly string[], option: string): Uint8Array[] {
  expectPathList(option, paths);
  return loadCertificates(paths, option).map(certificateDer);
}

/**
 * readCertificateFiles with the file each certificate was read from: a trusted list's pinned signers, which the
 * report names with their file (a14 X1i).
 */
export function readCertificateFileSources(paths: readonly string[], option: string): { der: Uint8Array; file: string }[] {
  expectPathList(option, paths);
  const into: Record<string, AnchorSource[]> = {};
  return loadCertificates(paths, option, pkiSession(), { into, option: "trust" }).map((c) => ({
    der: certificateDer(c),
    file: into[thumbprint(c, "sha256")]?.[0]?.file ?? paths[0]!,
  }));
}

/**
 * A trust store of certificate files given as bytes (a PEM bundle or one DER certificate each, named for
 * messages): every certificate an anchor for every role, as --trust makes it, and the anchors of verified
 * trusted lists (loadTrustedListAnchors) as --trusted-list adds them. For hosts without a file system.
 */
export function trustStoreFromBytes(
  files: readonly { name: string; bytes: Uint8Array }[],
  session: PkiSession = pkiSession(),
  lists?: TrustedListAnchors,
): TrustStore {
  const sources: Record<string, AnchorSource[]> = {};
  const store: TrustStore = { anchors: namedCertificates(files, "a trusted certificate", session, sources), intermediates: [], sources };
  if (lists) addListAnchors(store, lists, session);
  return store;
}

/**
 * The certificates of files given as bytes, each as its DER: readCertificateFiles for hosts without a file
 * system (a trusted list's pinned signers). `role` names them in errors.
 */
export function certificateDersFromBytes(files: readonly { name: string; bytes: Uint8Array }[], role: string): Uint8Array[] {
  return namedCertificates(files, role, pkiSession()).map(certificateDer);
}

/** The certificates of named files' bytes, as loadCertificates reads a path: errors name the file and its role. */
function namedCertificates(
  files: readonly { name: string; bytes: Uint8Array }[],
  role: string,
  session: PkiSession,
  sources?: Record<string, AnchorSource[]>,
): pkijs.Certificate[] {
  return dedupe(
    files.flatMap((f) => {
      let found: pkijs.Certificate[];
      try {
        found = certificatesFromBytes(f.bytes, f.name, session);
      } catch (e) {
        throw new SealcheckError("ERR_TRUST_STORE", `${f.name} (${role}): ${errorMessage(e)}`, { file: f.name, cause: e });
      }
      if (found.length === 0) throw new SealcheckError("ERR_TRUST_STORE", `${f.name} (${role}): no certificate found`, { file: f.name });
      if (sources) for (const c of found) addSource(sources, thumbprint(c, "sha256"), { file: f.name, option: "trust" });
      return found;
    }),
  );
}

/** `certs` without repeats (the first of each kept), a certificate's identity its SHA-256. */
export function dedupe(certs: readonly pkijs.Certificate[]): pkijs.Certificate[] {
  return dedupeBy(certs, (c) => thumbprint(c, "sha256"));
}

function dedupeBy(certs: readonly pkijs.Certificate[], keyOf: (c: pkijs.Certificate) => string): pkijs.Certificate[] {
  const seen = new Set<string>();
  return certs.filter((c) => {
    const k = keyOf(c);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The trust store of --trust, --certs, the per-role anchors and the trusted lists' anchors (loadTrustedListAnchors),
 * decoded with `session` (default: one of its own).
 */
export function loadTrustStore(
  trust: readonly string[],
  certs: readonly string[] = [],
  roles: Partial<Record<TrustRole, readonly string[]>> = {},
  session: PkiSession = pkiSession(),
  lists?: TrustedListAnchors,
): TrustStore {
  expectPathList("trust", trust);
  expectPathList("certs", certs);
  // Files are named with the option they were given in, in the library's terms (the CLI shows its flags).
  const sources: Record<string, AnchorSource[]> = {};
  const store: TrustStore = {
    anchors: loadCertificates(trust, "trust", session, { into: sources, option: "trust" }),
    intermediates: loadCertificates(certs, "certs", session),
    sources,
  };
  for (const role of TRUST_ROLES) {
    const paths = roles[role];
    if (paths?.length) (store.roleAnchors ??= {})[role] = loadCertificates(paths, `trustFor.${role}`, session, { into: sources, option: `trustFor.${role}` });
  }
  if (lists) addListAnchors(store, lists, session);
  return store;
}

/** The trusted lists' anchors (loadTrustedListAnchors, as plain data) decoded into the store. */
function addListAnchors(store: TrustStore, lists: TrustedListAnchors, session: PkiSession): void {
  store.trustedLists = lists.lists.map((l) => ({ ...l }));
  if (lists.basis?.length) store.listBasis = lists.basis.map((b) => ({ ...b }));
  store.listAnchors = lists.anchors.map(({ der, ...rest }) => {
    const what = `${rest.source.list}: the certificate of the service ${serviceShown(rest.source.service)}`;
    try {
      return { ...rest, cert: certificateFromDer(der, what, session) };
    } catch (e) {
      throw new SealcheckError("ERR_TRUST_STORE", `${what} cannot be read (${errorMessage(e)})`, { file: rest.source.list, cause: e });
    }
  });
}

const ROLE_NAMES: Record<TrustRole, string> = { seal: "a seal", token: "the token certificate", tsa: "a timestamp" };
const serviceType = (uri: string) => uri.replace("http://uri.etsi.org/TrstSvc/Svctype/", "");

/**
 * Why a trusted list's service that could have ended a path (its certificate names an issuer on it) did not
 * vouch for `role` at `at`, as a sentence; null when no list holds such a certificate.
 */
export function listNote(store: IndexedTrustStore, path: readonly pkijs.Certificate[], role: TrustRole, at: Date): string | null {
  for (const a of store.listAnchors ?? []) {
    if (!path.some((c) => sameName(a.cert.subject, c.issuer))) continue;
    const where = `trusted list ${territoryShown(a.source.territory)} #${a.source.sequenceNumber ?? "?"} (${a.source.list})`;
    const own = a.windows.filter((w) => w.role === role);
    const periods = own.map((w) => `${w.from.slice(0, 10)} to ${w.to ? w.to.slice(0, 10) : "now"}`).join(", ");
    return own.length
      ? `${shownSubject(a.cert)} is the service ${serviceShown(a.source.service)} of ${where}, which vouched for ${ROLE_NAMES[role]} only ${periods}, not at ${at.toISOString()}.`
      : `${shownSubject(a.cert)} is the service ${serviceShown(a.source.service)} of ${where}, a ${[...new Set(a.windows.map((w) => serviceType(w.type)))].join(" and ")} service, which does not vouch for ${ROLE_NAMES[role]}.`;
  }
  return null;
}

/** A sentence naming the trusted-list service an anchor was taken from (listServiceOf), for check messages. */
export function listServiceSentence(s: ListAnchorSource & ListWindow): string {
  const status = s.status.slice(s.status.lastIndexOf("/") + 1);
  return `The anchor is the service ${serviceShown(s.service)} of trusted list ${territoryShown(s.territory)} #${s.sequenceNumber ?? "?"} (${serviceType(s.type)}, ${status} since ${s.from.slice(0, 10)}).`;
}

/** A trusted list's service name in words: quoted and cut (quoteName, 80), "?" when the list gives none. */
const serviceShown = (name: string | undefined | null): string => (name ? quoteName(name, 80) : '"?"');

/** A list's SchemeTerritory: a two-letter code as itself, anything else quoted (a14 W13: it spoke in three messages). */
function territoryShown(t: string | null | undefined): string {
  return t == null ? "?" : /^[A-Z]{2}$/.test(t) ? t : quoteName(t, 8);
}
