// Trust anchors and untrusted path-building certificates, loaded from files the user controls.
import { checkPathName, kindAt, kindOf, listDirectory, readRegularFile, undecodableName } from "../input/files.js";
import { expectPathList } from "../usage.js";
import type * as pkijs from "pkijs";
import { SealcheckError, errorMessage } from "../errors.js";
import { certificateDer, certificateFromDer, displayName, pemBlocks, sameName, thumbprint } from "./certificate.js";
import { pkiSession, type PkiSession } from "./session.js";
import type { TrustedListUse } from "../report/types.js";
import { latin1 } from "../platform/bytes.js";

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
}

export interface ListAnchor extends Omit<ListAnchorData, "der"> {
  cert: pkijs.Certificate;
}

/** A window's bounds as numbers, parsed once per window (every path built asks). */
const bounds = new WeakMap<ListWindow, { from: number; to: number }>();

/** The list window that lets `anchor` vouch for `role` at `at`, if any. */
export function listWindowAt(anchor: Omit<ListAnchorData, "der">, role: TrustRole, at: Date): ListWindow | undefined {
  const t = at.getTime();
  return anchor.windows.find((w) => {
    if (w.role !== role) return false;
    let b = bounds.get(w);
    if (!b) bounds.set(w, (b = { from: Date.parse(w.from), to: w.to === null ? Number.POSITIVE_INFINITY : Date.parse(w.to) }));
    return b.from <= t && t < b.to;
  });
}

/**
 * The anchors that may end a path for one role at time `at`: the general ones, that role's own, and the
 * trusted lists' certificates whose service vouched for that role at `at` (none without a time).
 */
export function anchorsFor(store: TrustStore, role: TrustRole, at?: Date): pkijs.Certificate[] {
  const own = store.roleAnchors?.[role];
  if (!at || !store.listAnchors?.length) return own?.length ? dedupe([...store.anchors, ...own]) : store.anchors;
  // The list anchors in force change only where a period starts or ends: one answer per interval between them.
  const memo = periodsOf(store, role);
  const t = at.getTime();
  let i = 0;
  while (i < memo.edges.length && memo.edges[i]! <= t) i++;
  let r = memo.answers.get(i);
  if (!r) {
    const listed = store.listAnchors.filter((a) => listWindowAt(a, role, at)).map((a) => a.cert);
    r = own?.length || listed.length ? dedupe([...store.anchors, ...(own ?? []), ...listed]) : store.anchors;
    memo.answers.set(i, r);
  }
  return r;
}

/** Per store and role: the instants where a list period starts or ends (sorted), and anchorsFor's answer per interval. */
const periods = new WeakMap<TrustStore, Map<TrustRole, { edges: number[]; answers: Map<number, pkijs.Certificate[]> }>>();

function periodsOf(store: TrustStore, role: TrustRole): { edges: number[]; answers: Map<number, pkijs.Certificate[]> } {
  let byRole = periods.get(store);
  if (!byRole) periods.set(store, (byRole = new Map()));
  let memo = byRole.get(role);
  if (!memo) {
    const edges = new Set<number>();
    for (const a of store.listAnchors ?? [])
      for (const w of a.windows)
        if (w.role === role) {
          edges.add(Date.parse(w.from));
          if (w.to !== null) edges.add(Date.parse(w.to));
        }
    byRole.set(role, (memo = { edges: [...edges].sort((x, y) => x - y), answers: new Map() }));
  }
  return memo;
}

/**
 * The trusted-list service behind a path's anchor (the certificate, or its SHA-256 as reports give it) for
 * `role` at `at`, when that is how it is trusted.
 */
export function listServiceOf(
  store: TrustStore,
  anchor: pkijs.Certificate | string | undefined,
  role: TrustRole,
  at: Date,
): (ListAnchorSource & ListWindow) | null {
  if (!anchor || !store.listAnchors?.length) return null;
  const sha256 = typeof anchor === "string" ? anchor.toUpperCase() : certKey(anchor);
  let index = bySha256.get(store.listAnchors);
  if (!index) {
    index = new Map();
    for (const a of store.listAnchors) index.set(certKey(a.cert), [...(index.get(certKey(a.cert)) ?? []), a]);
    bySha256.set(store.listAnchors, index);
  }
  for (const a of index.get(sha256) ?? []) {
    const w = listWindowAt(a, role, at);
    if (w) return { ...a.source, ...w };
  }
  return null;
}

/** The list anchors of a store by their certificate's SHA-256, built on first use. */
const bySha256 = new WeakMap<readonly ListAnchor[], Map<string, ListAnchor[]>>();

const MAX_TRUST_FILE = 16 * 1024 * 1024;
const MAX_TRUST_FILES = 10_000;

/** Certificates of one file: a PEM bundle (other PEM blocks ignored) or one DER certificate. */
export function certificatesFromBytes(bytes: Uint8Array, file: string, session: PkiSession): pkijs.Certificate[] {
  const text = latin1(bytes, 0, Math.min(bytes.length, 64));
  if (text.includes("-----BEGIN") || /^[\s\x20-\x7e]*$/.test(latin1(bytes))) {
    const blocks = pemBlocks(latin1(bytes)).filter((b) => b.label === "CERTIFICATE" || b.label === "TRUSTED CERTIFICATE");
    return blocks.map((b, i) => certificateFromDer(b.der, `${file} (certificate ${i + 1})`, session));
  }
  return [certificateFromDer(bytes, file, session)];
}

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
export function loadCertificates(paths: readonly string[], role: string, session: PkiSession = pkiSession()): pkijs.Certificate[] {
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
      } catch (e) {
        throw new SealcheckError("ERR_TRUST_STORE", `${f} (${role}): ${errorMessage(e)}`, { file: f, cause: e });
      }
    }
    if (fromPath === 0) throw new SealcheckError("ERR_TRUST_STORE", `${p} (${role}): no certificate found`, { file: p });
  }
  return dedupe(certs);
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
 * A trust store of certificate files given as bytes (a PEM bundle or one DER certificate each, named for
 * messages): every certificate an anchor for every role, as --trust makes it, and the anchors of verified
 * trusted lists (loadTrustedListAnchors) as --trusted-list adds them. For hosts without a file system.
 */
export function trustStoreFromBytes(
  files: readonly { name: string; bytes: Uint8Array }[],
  session: PkiSession = pkiSession(),
  lists?: TrustedListAnchors,
): TrustStore {
  const store: TrustStore = { anchors: namedCertificates(files, "a trusted certificate", session), intermediates: [] };
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
function namedCertificates(files: readonly { name: string; bytes: Uint8Array }[], role: string, session: PkiSession): pkijs.Certificate[] {
  return dedupe(
    files.flatMap((f) => {
      let found: pkijs.Certificate[];
      try {
        found = certificatesFromBytes(f.bytes, f.name, session);
      } catch (e) {
        throw new SealcheckError("ERR_TRUST_STORE", `${f.name} (${role}): ${errorMessage(e)}`, { file: f.name, cause: e });
      }
      if (found.length === 0) throw new SealcheckError("ERR_TRUST_STORE", `${f.name} (${role}): no certificate found`, { file: f.name });
      return found;
    }),
  );
}

/** Each certificate's identity for dedupe and look-ups, computed once per object (anchorsFor dedupes on every path built). */
const certKeys = new WeakMap<pkijs.Certificate, string>();

/** A certificate's SHA-256 (upper-case hex, as reports give it), computed once per object. */
function certKey(c: pkijs.Certificate): string {
  let k = certKeys.get(c);
  if (k === undefined) certKeys.set(c, (k = thumbprint(c, "sha256")));
  return k;
}

export function dedupe(certs: pkijs.Certificate[]): pkijs.Certificate[] {
  const seen = new Set<string>();
  return certs.filter((c) => {
    const k = certKey(c);
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
  const store: TrustStore = { anchors: loadCertificates(trust, "--trust", session), intermediates: loadCertificates(certs, "--certs", session) };
  for (const role of TRUST_ROLES) {
    const paths = roles[role];
    if (paths?.length) (store.roleAnchors ??= {})[role] = loadCertificates(paths, `--trust-${role}`, session);
  }
  if (lists) addListAnchors(store, lists, session);
  return store;
}

/** The trusted lists' anchors (loadTrustedListAnchors, as plain data) decoded into the store. */
function addListAnchors(store: TrustStore, lists: TrustedListAnchors, session: PkiSession): void {
  store.trustedLists = lists.lists.map((l) => ({ ...l }));
  store.listAnchors = lists.anchors.map(({ der, ...rest }) => {
    const what = `${rest.source.list}: the certificate of the service "${rest.source.service ?? "?"}"`;
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
export function listNote(store: TrustStore, path: readonly pkijs.Certificate[], role: TrustRole, at: Date): string | null {
  for (const a of store.listAnchors ?? []) {
    if (!path.some((c) => sameName(a.cert.subject, c.issuer))) continue;
    const where = `trusted list ${a.source.territory ?? "?"} #${a.source.sequenceNumber ?? "?"} (${a.source.list})`;
    const own = a.windows.filter((w) => w.role === role);
    const periods = own.map((w) => `${w.from.slice(0, 10)} to ${w.to ? w.to.slice(0, 10) : "now"}`).join(", ");
    return own.length
      ? `"${displayName(a.cert.subject)}" is the service "${a.source.service ?? "?"}" of ${where}, which vouched for ${ROLE_NAMES[role]} only ${periods}, not at ${at.toISOString()}.`
      : `"${displayName(a.cert.subject)}" is the service "${a.source.service ?? "?"}" of ${where}, a ${[...new Set(a.windows.map((w) => serviceType(w.type)))].join(" and ")} service, which does not vouch for ${ROLE_NAMES[role]}.`;
  }
  return null;
}

/** A sentence naming the trusted-list service an anchor was taken from (listServiceOf), for check messages. */
export function listServiceSentence(s: ListAnchorSource & ListWindow): string {
  const status = s.status.slice(s.status.lastIndexOf("/") + 1);
  return `The anchor is the service "${s.service ?? "?"}" of trusted list ${s.territory ?? "?"} #${s.sequenceNumber ?? "?"} (${serviceType(s.type)}, ${status} since ${s.from.slice(0, 10)}).`;
}
