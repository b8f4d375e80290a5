// X.509 path building and validation at a given time (ETSI EN 319 102-1, 5.2.6), with pkijs's engine.
// The engine does the RFC 5280 work (signatures incl. RSASSA-PSS, name chaining, CA constraints, policies,
// name constraints); this module bounds it against hostile certificate sets and explains failures.
import { UnsupportedAlgorithmError } from "./algorithms.js";
import * as pkijs from "pkijs";
import type { SubIndication } from "../report/types.js";
import {
  certificateDer,
  distinctCertificates,
  nameKey,
  sameName,
  signedBy,
  summarize,
  validAt,
  type CertificateSummary,
  shownSubject,
  shownIssuer,
} from "./certificate.js";
import { bytesEqual } from "./der.js";
import { weakPublicKeyReason } from "./jose-policy.js";
import type { PkiSession } from "./session.js";
import { toHex } from "../platform/bytes.js";

export type ChainStatus = "valid" | "no-chain" | "expired" | "not-yet-valid" | "invalid";

export interface ChainResult {
  status: ChainStatus;
  /** One sentence on what was found or what is wrong. */
  message: string;
  /** Leaf first, trust anchor last (when a path was found). */
  path: pkijs.Certificate[];
  /** ETSI sub-indication for a failed/indeterminate status. */
  subIndication: SubIndication | null;
  /**
   * Set when path building stopped at its budget (more candidate issuers to check than it may): the path is not
   * decided, never "there is none" (attack-s6 U1d: the certificates it checks are anyone's to add).
   */
  budgetReached?: true;
}

export interface ChainInput {
  anchors: readonly pkijs.Certificate[];
  /** Untrusted certificates usable for path building (from --certs and from the evidence). */
  intermediates: readonly pkijs.Certificate[];
  at: Date;
  /** Whose engine and caches the checks use. */
  session: PkiSession;
  /**
   * An index of the anchors (or of more certificates than they: a trust store's, IndexedTrustStore), built once
   * with them; without it, one is built for this call when there are many anchors.
   */
  index?: AnchorIndex;
  /** The candidate search's budget of signature checks (MAX_LINK_CHECKS; lower only in tests). */
  linkChecks?: number;
}

const MAX_CANDIDATES = 200;
/**
 * Signature checks the candidate search may make per path besides the anchors' own (each certificate named checked
 * once with each key an anchor vouches for under its issuer's name: pathCandidates). Above what the item limits let
 * anyone write times the keys of a real CA's name (a DSS's maxValidationDataItems certificates and the CMSs'; a11
 * U1e: 257 junk certificates of the CA's name spent 256 and a genuine archive had no path), so that the limits, which
 * say "not decided" by the file's size, stop path building, not the certificates anyone adds; keys anyone adds are
 * never checked at all (a13 U1g). RSA keys over 8,192 bits are refused before arithmetic (jose-policy.ts).
 */
export const MAX_LINK_CHECKS = 4096;

/**
 * The certificates as pkijs's engine sees them: each a view of the certificate (an object whose prototype
 * it is, so the engine reads every field, key and signature of the certificate itself) whose issuer and
 * subject names compare with sameName. The engine checks name chaining with RelativeDistinguishedNames.isEqual,
 * which compares every attribute with localeCompare: its first use sets up ICU collation, ~6-8 ms of a
 * cold verification. sameName gives pkijs's answer (test/pki/names.test.ts), settling names encoded alike
 * and printable-ASCII names itself and leaving the rest to pkijs. Nothing shared is changed: the views
 * belong to one validation, one per certificate (the engine compares certificates by identity too), and
 * every certificate that leaves the engine is mapped back to the certificate it views.
 */
class EngineViews {
  private readonly views = new Map<pkijs.Certificate, pkijs.Certificate>();
  private readonly originals = new Map<pkijs.Certificate, pkijs.Certificate>();

  readonly of = (cert: pkijs.Certificate): pkijs.Certificate => {
    let view = this.views.get(cert);
    if (!view) {
      view = Object.create(cert) as pkijs.Certificate;
      view.issuer = nameView(cert.issuer);
      view.subject = nameView(cert.subject);
      this.views.set(cert, view);
      this.originals.set(view, cert);
    }
    return view;
  };

  readonly original = (cert: pkijs.Certificate): pkijs.Certificate => this.originals.get(cert) ?? cert;
}

function nameView(name: pkijs.RelativeDistinguishedNames): pkijs.RelativeDistinguishedNames {
  const view = Object.create(name) as pkijs.RelativeDistinguishedNames;
  // pkijs also compares a name with raw bytes (an ArrayBuffer): that stays its own comparison.
  view.isEqual = (other) => (other instanceof pkijs.RelativeDistinguishedNames ? sameName(name, other) : name.isEqual(other));
  return view;
}
const MAX_ISSUER_LOOKUPS = 64;

function sameCert(a: pkijs.Certificate, b: pkijs.Certificate): boolean {
  return bytesEqual(certificateDer(a), certificateDer(b));
}

/**
 * A walk from the leaf by issuer name to any anchor, ignoring time: used only to say *which* certificate
 * was out of its validity period when the engine reports one (the engine does not say).
 */
function namePath(leaf: pkijs.Certificate, pool: readonly pkijs.Certificate[], anchors: readonly pkijs.Certificate[]): pkijs.Certificate[] {
  const path = [leaf];
  let cur = leaf;
  for (let i = 0; i < 10; i++) {
    if (anchors.some((a) => sameCert(a, cur))) return path;
    const next = pool.find((c) => !path.includes(c) && sameName(c.subject, cur.issuer));
    if (!next) return path;
    path.push(next);
    cur = next;
  }
  return path;
}

/**
 * A path by names from the leaf to an anchor one of whose links could not be checked (a signature algorithm or
 * key outside the one table, algorithms.ts): the path is then not "not found" or "broken" but unknown,
 * INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE naming the algorithm. Null when there is no such path.
 */
async function uncheckedLink(
  session: PkiSession,
  leaf: pkijs.Certificate,
  pool: readonly pkijs.Certificate[],
  anchors: readonly pkijs.Certificate[],
): Promise<ChainResult | null> {
  const path = namePath(leaf, pool, anchors);
  if (!anchors.some((a) => sameCert(a, path[path.length - 1]!))) return null;
  for (let i = 0; i + 1 < path.length; i++) {
    const [cert, issuer] = [path[i]!, path[i + 1]!];
    try {
      await cert.verify(issuer, session.engine);
    } catch (e) {
      if (!(e instanceof UnsupportedAlgorithmError)) continue;
      return {
        status: "invalid",
        message: `${cert === leaf ? "The certificate" : `The certificate ${shownSubject(cert)} on its path`}'s signature by ${shownSubject(issuer)} cannot be checked: ${e.message}.`,
        path,
        subIndication: "CRYPTO_CONSTRAINTS_FAILURE",
      };
    }
  }
  return null;
}

export async function validateChain(leaf: pkijs.Certificate, input: ChainInput): Promise<ChainResult> {
  const { anchors, at, session } = input;
  if (anchors.length === 0) {
    return {
      status: "no-chain",
      message: `No trust anchor applies at ${at.toISOString()} (none given, for every role or for this one, and no trusted list's service vouched for it then), so no certificate path can be validated.`,
      path: [],
      subIndication: "NO_CERTIFICATE_CHAIN_FOUND",
    };
  }
  // A certificate given as a trust anchor is one, leaf or not (RFC 5280 §6.1.1; a user may pin a TSA's or a
  // seal's own certificate). pkijs calls a one-certificate path "too short".
  if (anchors.some((a) => sameCert(a, leaf))) {
    const state = validAt(leaf, at);
    if (state === "valid")
      return { status: "valid", message: `The certificate is itself a trust anchor and was valid at ${at.toISOString()}.`, path: [leaf], subIndication: null };
    const period = `${leaf.notBefore.value.toISOString()} to ${leaf.notAfter.value.toISOString()}`;
    return state === "not-yet-valid"
      ? {
          status: "not-yet-valid",
          message: `The certificate (a trust anchor) was not yet valid at ${at.toISOString()} (valid ${period}).`,
          path: [leaf],
          subIndication: "NOT_YET_VALID",
        }
      : {
          status: "expired",
          message: `The certificate (a trust anchor) had expired at ${at.toISOString()} (valid ${period}), and no proof of existence before expiry was found.`,
          path: [leaf],
          subIndication: "OUT_OF_BOUNDS_NO_POE",
        };
  }
  const pool = distinctCertificates(input.intermediates.filter((c) => !sameCert(c, leaf)));
  const onPaths = await pathCandidates(session, leaf, pool, anchors, input.index, input.linkChecks ?? MAX_LINK_CHECKS);
  if (onPaths === null || onPaths.length > MAX_CANDIDATES) {
    return {
      status: "no-chain",
      message: `The path from ${shownSubject(leaf)} is not decided: path building stopped at its budget (more than ${onPaths === null ? `${input.linkChecks ?? MAX_LINK_CHECKS} candidate issuers to check` : `${MAX_CANDIDATES} certificates on paths to an anchor`} among the ${pool.length} certificates given).`,
      path: [],
      subIndication: "NO_CERTIFICATE_CHAIN_FOUND",
      budgetReached: true,
    };
  }
  const intermediates = onPaths;
  const res = await runEngine(leaf, relevantAnchors(anchors, [leaf, ...intermediates], input.index), intermediates, at, session);
  if (res.result && res.certificatePath) {
    // pkijs repeats the leaf when the leaf itself is an anchor.
    const path = res.certificatePath.filter((c, i, all) => all.findIndex((d) => sameCert(c, d)) === i);
    const anchor = path[path.length - 1]!;
    // Weak keys are refused everywhere with the reason: a path through one proves nothing (its holder's
    // signatures, or the certificates it issued, could be forged).
    const weak = path.map((c) => [c, weakPublicKeyReason(session, c.subjectPublicKeyInfo, "pki")] as const).find(([, w]) => w !== null);
    if (weak) {
      return {
        status: "invalid",
        message: `${weak[0] === leaf ? "The certificate" : `The certificate ${shownSubject(weak[0])} on its path`} cannot be relied on: ${weak[1]}.`,
        path,
        subIndication: "CRYPTO_CONSTRAINTS_FAILURE",
      };
    }
    return {
      status: "valid",
      message: `Chains to the trust anchor ${shownSubject(anchor)} and every certificate on the path was valid at ${at.toISOString()}.`,
      path,
      subIndication: null,
    };
  }
  const code = res.resultCode;
  if (code !== 8) {
    const unchecked = await uncheckedLink(session, leaf, [...input.anchors, ...pool.slice(0, MAX_CANDIDATES)], anchors);
    if (unchecked) return unchecked;
  }
  if (code === 8) {
    const path = namePath(leaf, [...input.anchors, ...(intermediates.length ? intermediates : pool.slice(0, MAX_CANDIDATES))], anchors);
    const bad = path.find((c) => validAt(c, at) !== "valid") ?? leaf;
    const state = validAt(bad, at);
    const who = bad === leaf ? "The certificate" : `Its issuer ${shownSubject(bad)}`;
    const period = `${bad.notBefore.value.toISOString()} to ${bad.notAfter.value.toISOString()}`;
    if (state === "not-yet-valid") {
      return {
        status: "not-yet-valid",
        message: `${who} was not yet valid at ${at.toISOString()} (valid ${period}).`,
        path,
        subIndication: "NOT_YET_VALID",
      };
    }
    return {
      status: "expired",
      message: `${who} had expired at ${at.toISOString()} (valid ${period}), and no proof of existence before expiry was found.`,
      path,
      subIndication: "OUT_OF_BOUNDS_NO_POE",
    };
  }
  if (code === 60 || code === 97 || /No valid certificate paths|Unable to find certificate path|path building gave up/.test(res.resultMessage ?? "")) {
    return {
      status: "no-chain",
      message: `No path from ${shownSubject(leaf)} to a trust anchor: its issuer ${shownIssuer(leaf)} is not among the trust anchors given (--trust, or the role's --trust-token, --trust-seal, --trust-tsa; the library's trust and trustFor) or their subordinates.`,
      path: [],
      subIndication: "NO_CERTIFICATE_CHAIN_FOUND",
    };
  }
  return {
    status: "invalid",
    message: `The certificate path is not valid: ${res.resultMessage || `pkijs result code ${code}`}.`,
    path: [],
    subIndication: "CHAIN_CONSTRAINTS_FAILURE",
  };
}

type EngineResult = Awaited<ReturnType<pkijs.CertificateChainValidationEngine["verify"]>>;

/**
 * The certificates of `pool` on some path from `leaf` to an anchor whose every link is verified (attack-s6 U1d,
 * S4), searched from the anchors down (a13 U1g, D2e). First, by names alone (no signature checked), the
 * certificates from which the leaf could be reached: its issuer's name's certificates, theirs, and so on. Then,
 * from the anchors among their issuers, each certificate whose issuer's name is a verified certificate's subject is
 * checked with that certificate's key, and a certificate that verifies is a verified issuer in turn. So a signature
 * is only ever checked with a key an anchor vouches for, through verified links: keys no one can add without a
 * CA's signature. Each (certificate, key) pair is checked once, and a verified (name, key) is expanded once (once
 * per key identifier it states), so the checks are at most the certificates named times the verified keys of
 * their issuer's name, never the certificates times the keys anyone adds (U1g: 60 certificates of one name and key
 * under 70 keys of their issuer's name cost 4,200 checks walked up, none here: no anchor vouches for those keys).
 * A name no anchor's chain reaches costs no check at all, whatever it holds. Copies of a verified certificate (one
 * tbsCertificate, a re-encoded signature) count once. Candidates are chosen by what is verified, so certificates
 * anyone adds (a CMS's or a DSS's certificate set) can neither push a genuine one out of the engine's candidates
 * nor lead it into a dead end. Checks with an anchor's key are made past the budget (anchors are no one's to add,
 * and few by name); null when the other checks would pass `budget` and the leaf was not reached by then: not
 * decided, as a check left could still reach it; a path found is not undone by the checks left (a11 U1e).
 */
async function pathCandidates(
  session: PkiSession,
  leaf: pkijs.Certificate,
  pool: readonly pkijs.Certificate[],
  anchors: readonly pkijs.Certificate[],
  index: AnchorIndex | undefined,
  budget: number,
): Promise<pkijs.Certificate[] | null> {
  const poolIndex = indexAnchors(pool);
  const anchorIndex = index ?? indexAnchors(anchors);
  const given = new Set(anchors);
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
  const anchorSet = new Set(anchors.map((a) => b64(certificateDer(a))));
  const isAnchor = (c: pkijs.Certificate) => given.has(c) || anchorSet.has(b64(certificateDer(c)));
  const bySubject = (ix: AnchorIndex, all: readonly pkijs.Certificate[], name: pkijs.RelativeDistinguishedNames): pkijs.Certificate[] => {
    const k = nameKey(name);
    const found = k === null ? all : [...(ix.byName.get(k) ?? []), ...ix.anyName];
    return found.filter((c) => sameName(name, c.subject));
  };

  // 1. By names: the leaf and the pool's certificates from which it could be reached; the anchors that could issue them.
  const near: pkijs.Certificate[] = [leaf];
  const inNear = new Set<pkijs.Certificate>(near);
  const roots: pkijs.Certificate[] = [];
  const namesDone = new Set<string>();
  for (let i = 0; i < near.length; i++) {
    const cert = near[i]!;
    if (cert !== leaf && isAnchor(cert)) {
      roots.push(cert); // a copy of an anchor: a path ends there
      continue;
    }
    const k = nameKey(cert.issuer);
    if (k !== null) {
      if (namesDone.has(k)) continue;
      namesDone.add(k);
    }
    for (const a of bySubject(anchorIndex, anchors, cert.issuer)) if (given.has(a) && !roots.includes(a)) roots.push(a);
    for (const c of bySubject(poolIndex, pool, cert.issuer))
      if (!inNear.has(c)) {
        inNear.add(c);
        near.push(c);
      }
  }
  const place = new Map(near.map((c, i) => [c, i]));
  const byIssuer = new Map<string, pkijs.Certificate[]>();
  const anyIssuer: pkijs.Certificate[] = [];
  for (const c of near) {
    if (c !== leaf && isAnchor(c)) continue; // ends a path: never a link below another certificate
    const k = nameKey(c.issuer);
    if (k === null) anyIssuer.push(c);
    else {
      const group = byIssuer.get(k);
      if (group) group.push(c);
      else byIssuer.set(k, [c]);
    }
  }
  // Those a certificate could issue, the leaf first, then by their distance from it by names.
  const children = (issuer: pkijs.Certificate): pkijs.Certificate[] => {
    const k = nameKey(issuer.subject);
    const found = k === null ? [...byIssuer.values(), anyIssuer].flat() : [...(byIssuer.get(k) ?? []), ...anyIssuer];
    const ski = keyId(issuer, SKI);
    const kept = found.filter((c) => {
      if (!sameName(c.issuer, issuer.subject)) return false;
      const aki = ski ? keyId(c, AKI) : undefined;
      return !aki || aki === ski;
    });
    return k === null || anyIssuer.length ? kept.sort((x, y) => place.get(x)! - place.get(y)!) : kept;
  };

  // 2. From the anchors down: verified (name, key) pairs, each with the certificates that hold it (one per tbsCertificate).
  const keyOf = (c: pkijs.Certificate) => b64(new Uint8Array(c.subjectPublicKeyInfo.toSchema().toBER(false)));
  const idOf = (c: pkijs.Certificate) => `${nameKey(c.subject) ?? toHex(new Uint8Array(c.subject.toSchema().toBER(false)))} ${keyOf(c)}`;
  const holders = new Map<string, pkijs.Certificate[]>();
  const tbsHeld = new Set<string>();
  const parents = new Map<pkijs.Certificate, Set<string>>();
  const tried = new Map<pkijs.Certificate, Map<string, boolean>>();
  const expanded = new Set<string>();
  const freeIds = new Set<string>();
  let checks = 0;
  let stopped = false;
  const hold = (c: pkijs.Certificate, id: string): boolean => {
    const tbs = `${id} ${b64(c.tbsView)}`;
    if (tbsHeld.has(tbs)) return false; // a copy (its signature re-encoded): the same certificate
    tbsHeld.add(tbs);
    holders.set(id, [...(holders.get(id) ?? []), c]);
    return true;
  };
  const expand = async (issuer: pkijs.Certificate, id: string): Promise<void> => {
    const once = `${id} ${keyId(issuer, SKI) ?? ""}`;
    if (expanded.has(once)) return;
    expanded.add(once);
    const key = keyOf(issuer);
    for (const c of children(issuer)) {
      if (sameCert(c, issuer)) continue;
      let byKey = tried.get(c);
      if (!byKey) tried.set(c, (byKey = new Map()));
      let ok = byKey.get(key);
      if (ok === undefined) {
        if (!freeIds.has(id) && (stopped || ++checks > budget)) {
          stopped = true;
          continue; // left unchecked: could still be a link
        }
        ok = await signedBy(session, c, issuer);
        byKey.set(key, ok);
      }
      if (!ok) continue;
      let ps = parents.get(c);
      if (!ps) parents.set(c, (ps = new Set()));
      ps.add(id);
      if (c === leaf) continue;
      const cid = idOf(c);
      if (hold(c, cid)) await expand(c, cid);
    }
  };
  for (const a of roots) {
    const id = idOf(a);
    freeIds.add(id);
    hold(a, id);
  }
  for (const a of roots) await expand(a, idOf(a));

  if (!parents.has(leaf)) return stopped ? null : [];
  // The pool's certificates on verified paths from the leaf up to an anchor.
  const on = new Set<pkijs.Certificate>();
  const todo = [leaf];
  while (todo.length) {
    for (const id of parents.get(todo.pop()!) ?? [])
      for (const h of holders.get(id) ?? [])
        if (!on.has(h)) {
          on.add(h);
          if (!isAnchor(h)) todo.push(h);
        }
  }
  return pool.filter((c) => on.has(c));
}

/** Up to this many anchors go to pkijs as given; beyond, only those that could issue a certificate of the path. */
const MANY_ANCHORS = 8;

/**
 * Certificates by subject name key and by SKI: what relevantAnchors looks anchors up in. Built once with the
 * certificates it indexes (a trust store builds one of all its anchors when it is made, IndexedTrustStore).
 */
export interface AnchorIndex {
  readonly byName: ReadonlyMap<string, readonly pkijs.Certificate[]>;
  readonly bySki: ReadonlyMap<string, readonly pkijs.Certificate[]>;
  /** Names nameKey cannot key: candidates for every path. */
  readonly anyName: readonly pkijs.Certificate[];
}

/** The index of `anchors` (frozen: it is never filled later). */
export function indexAnchors(anchors: readonly pkijs.Certificate[]): AnchorIndex {
  const byName = new Map<string, pkijs.Certificate[]>();
  const bySki = new Map<string, pkijs.Certificate[]>();
  const anyName: pkijs.Certificate[] = [];
  for (const a of anchors) {
    const name = nameKey(a.subject);
    if (name === null) anyName.push(a);
    else byName.set(name, [...(byName.get(name) ?? []), a]);
    const ski = keyId(a, SKI);
    if (ski) bySki.set(ski, [...(bySki.get(ski) ?? []), a]);
  }
  return Object.freeze({ byName, bySki, anyName });
}

function keyId(cert: pkijs.Certificate, oid: string): string | null | undefined {
  const v = cert.extensions?.find((e) => e.extnID === oid)?.parsedValue as unknown;
  if (v === undefined) return undefined;
  if (oid === SKI) return toHex((v as { valueBlock: { valueHexView: Uint8Array } }).valueBlock.valueHexView);
  const id = v instanceof pkijs.AuthorityKeyIdentifier ? v.keyIdentifier : undefined;
  // An AKI that names the issuer's issuer and serial instead: findIssuers compares other names then.
  return id ? toHex(id.valueBlock.valueHexView) : null;
}

/**
 * The anchors that could issue one of `certs` as findIssuers decides it: by the issuer's name (nameKey, so
 * exactly the names sameName matches) or by key identifier. pkijs's engine compares every pair of the
 * certificates it is given (its dedupe is quadratic), so a trust store of a few thousand list services would
 * cost seconds per path; a path can only end at an anchor that issued one of its certificates.
 */
export function relevantAnchors(anchors: readonly pkijs.Certificate[], certs: readonly pkijs.Certificate[], index?: AnchorIndex): readonly pkijs.Certificate[] {
  if (anchors.length <= MANY_ANCHORS) return anchors;
  // A given index may hold more certificates than `anchors` (a trust store's): the filter below keeps `anchors`'.
  const ix = index ?? indexAnchors(anchors);
  const chosen = new Set<pkijs.Certificate>(ix.anyName);
  for (const c of certs) {
    const name = nameKey(c.issuer);
    const aki = keyId(c, AKI);
    if (name === null || aki === null) return anchors;
    for (const a of ix.byName.get(name) ?? []) chosen.add(a);
    if (aki !== undefined) for (const a of ix.bySki.get(aki) ?? []) chosen.add(a);
  }
  // In the order given, as pkijs would have met them.
  return chosen.size === 0 ? [] : anchors.filter((a) => chosen.has(a));
}

/**
 * pkijs's engine on a leaf and its candidate issuers, run on views of the certificates (EngineViews); its
 * answer, or its error as a failed result, with the path mapped back to the certificates themselves.
 */
export async function runEngine(
  leaf: pkijs.Certificate,
  anchors: readonly pkijs.Certificate[],
  intermediates: readonly pkijs.Certificate[],
  at: Date,
  session: PkiSession,
): Promise<EngineResult> {
  // pkijs takes the last of `certs` as the leaf.
  const candidates = { trustedCerts: [...anchors], certs: [...intermediates, leaf] };
  const views = new EngineViews();
  let lookups = 0;
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: candidates.trustedCerts.map(views.of),
    certs: candidates.certs.map(views.of),
    checkDate: at,
    // Bounded issuer search: a hostile set of cross-signed certificates must not make path building loop.
    findIssuer: async (cert) => {
      if (++lookups > MAX_ISSUER_LOOKUPS) throw new Error("path building gave up: too many candidate issuers");
      const issuers = (await findIssuers(session, views.original(cert), candidates)).map(views.of);
      // pkijs's buildPath throws out of the whole search when one candidate issuer has no issuer of its own, so a
      // dead-end copy of a CA (anyone can add one to a CMS or a DSS) hid every other path (a8 S4). A certificate
      // answered with itself ends its branch as a path without an anchor, which pkijs drops: the others remain.
      return issuers.length > 0 ? issuers : [cert];
    },
  });
  try {
    const res = await engine.verify({}, session.engine);
    return res.certificatePath ? { ...res, certificatePath: res.certificatePath.map(views.original) } : res;
  } catch (e) {
    return { result: false, resultCode: -1, resultMessage: e instanceof Error ? e.message : String(e) } as EngineResult;
  }
}

export function describePath(path: readonly pkijs.Certificate[]): CertificateSummary[] {
  return path.map(summarize);
}

const AKI = "2.5.29.35";
const SKI = "2.5.29.14";

/**
 * pkijs's defaultFindIssuer, step for step, with one difference: names are compared with sameName, which
 * settles names encoded alike by their bytes before falling back to pkijs's stringprep comparison (that
 * comparison was most of a cold verification's path building). Candidates by key identifier when the
 * certificate has an AKI keyIdentifier and the candidate an SKI, else by issuer name (and serial), then
 * kept only if their key verifies the certificate (on the project's engine, see signedBy).
 */
export async function findIssuers(
  session: PkiSession,
  certificate: pkijs.Certificate,
  engine: Pick<pkijs.CertificateChainValidationEngine, "trustedCerts" | "certs">,
): Promise<pkijs.Certificate[]> {
  if (sameName(certificate.subject, certificate.issuer) && (await signedBy(session, certificate, null))) return [certificate];
  let keyIdentifier: pkijs.AuthorityKeyIdentifier["keyIdentifier"] | null = null;
  let authorityCertIssuer: pkijs.GeneralName[] | null = null;
  let authorityCertSerialNumber: pkijs.AuthorityKeyIdentifier["authorityCertSerialNumber"] | null = null;
  const aki = certificate.extensions?.find((e) => e.extnID === AKI)?.parsedValue;
  if (aki instanceof pkijs.AuthorityKeyIdentifier) {
    if (aki.keyIdentifier) keyIdentifier = aki.keyIdentifier;
    else {
      if (aki.authorityCertIssuer) authorityCertIssuer = aki.authorityCertIssuer;
      if (aki.authorityCertSerialNumber) authorityCertSerialNumber = aki.authorityCertSerialNumber;
    }
  }
  const result: pkijs.Certificate[] = [];
  const consider = (candidate: pkijs.Certificate): void => {
    if (keyIdentifier !== null && candidate.extensions) {
      const ski = candidate.extensions.find((e) => e.extnID === SKI && e.parsedValue);
      if (ski) {
        const id = (ski.parsedValue as { valueBlock: { valueHexView: Uint8Array } }).valueBlock.valueHexView;
        if (bytesEqual(id, keyIdentifier.valueBlock.valueHexView)) result.push(candidate);
        return;
      }
    }
    const serialMatches = authorityCertSerialNumber !== null && candidate.serialNumber.isEqual(authorityCertSerialNumber);
    if (authorityCertIssuer !== null) {
      // As pkijs does: the AKI's GeneralNames compared with the subject as it compares them.
      if ((candidate.subject as unknown as { isEqual(x: unknown): boolean }).isEqual(authorityCertIssuer) && serialMatches) result.push(candidate);
    } else if (sameName(certificate.issuer, candidate.subject)) result.push(candidate);
  };
  for (const c of engine.trustedCerts) consider(c);
  for (const c of engine.certs) consider(c);
  for (let i = result.length - 1; i >= 0; i--) {
    if (!(await signedBy(session, certificate, result[i]!))) result.splice(i, 1);
  }
  return result;
}
