// CRLs archived with a seal (adbe-revocationInfoArchival, or a DSS): signature by the certificate's
// issuer, currency at the sealing time, and whether the certificate is listed (and since when).
import { UnsupportedAlgorithmError } from "./algorithms.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { errorMessage } from "../errors.js";
import { OID, extension, formatName, sameName, shownName } from "./certificate.js";
import { assertDerShape, countDerValues, decodeDer, derChildren, ownBuffer, readTlv, type DerLimits, type Tlv } from "./der.js";
import { DerPool, PerPair, cacheSlot } from "./kept.js";
import type { Judgement } from "./ocsp.js";
import { NOT_PLAIN, decodeWith, fromPart, refusedPart, type PartsResult, type PartsStrategy } from "./parts.js";
import type { PkiSession } from "./session.js";
import { latin1, toHex } from "../platform/bytes.js";

/**
 * A decoded CRL. Decoded by parts, `crl` has every field but `revokedCertificates`: the entries stay bytes,
 * and `entryFor` decodes (with pkijs) only the one that lists a serial.
 */
export interface DecodedCrl {
  crl: pkijs.CertificateRevocationList;
  /** Entries in revokedCertificates. */
  entries: number;
  /** The entry listing this serial number (the first, as a search of the whole list finds), if any. */
  entryFor(serial: asn1js.Integer): pkijs.RevokedCertificate | undefined;
  /** ASN.1 values in the whole CRL as asn1js counts them (0: not counted), for the node limit of a reuse. */
  nodes: number;
  /** The nesting limit it was decoded within (a reuse within a lower one decodes again, and fails as then). */
  depthLimit: number;
  /** Likewise the OBJECT IDENTIFIER limit. */
  oidLimit: number;
}

// A CA's CRL of one period is archived with every seal of that period, and a real CA's CRL is large (the
// broker's seal CA: 75 KB, ~3,400 entries): each distinct CRL is decoded once per session, whatever its
// size. Decoded by parts, what is kept is its bytes and where its entries start; the pool is bounded by the
// bytes it holds. A CRL only pkijs can read whole (~1 KB of objects per entry) is kept up to 64 KiB.
const POOL = cacheSlot("CRLs by DER", () => new DerPool<DecodedCrl>(64, 64 * 1024 * 1024));
const POOLED_WHOLE_CRL_MAX_BYTES = 64 * 1024;

// The byte arrays crlOfParts was given (the seal's archived CRLs), with what they decoded to: the check
// that judges them then needs no second look-up in the pool.
const HANDED_OUT = cacheSlot("CRLs by the byte arrays handed out for them", () => new WeakMap<Uint8Array, DecodedCrl>());

const within = (d: DecodedCrl, limits: DerLimits): boolean =>
  d.nodes <= limits.maxAsn1Nodes && d.depthLimit <= limits.maxAsn1Depth && d.oidLimit <= limits.maxOidBytes;

/** A CRL by parts (entries left as bytes) or, off the plain shape, whole. */
export const CRL_DECODING: PartsStrategy<Uint8Array, DecodedCrl> = {
  byParts: (der, session) => crlByParts(der, session),
  whole: (der, session) => crlWhole(der, session),
};

/** DER of CRLs a run keeps decoded by the bytes' identity (RunWork.decoded, as the OCSP responses'). */
const RUN_DECODED_CRL_BYTES = 64 * 1024 * 1024;

/**
 * A CRL decoded: once per run for the same bytes (RunWork.decoded, by identity: a11 D2d, past the pool's 64 CRLs
 * every question decoded every CRL again, quadratic), then the byte arrays handed out, then the session's pool.
 */
export function decodeCrl(der: Uint8Array, session: PkiSession): DecodedCrl {
  const limits = session.limits;
  if (der.length > limits.maxDerBytes) return crlWhole(der, session); // throws the size error
  const run = session.work;
  const mine = run.decoded.get(der)?.value;
  if (isDecodedCrl(mine) && within(mine, limits)) return mine;
  const keep = (decoded: DecodedCrl): DecodedCrl => {
    if (run.decodedBytes + der.length <= RUN_DECODED_CRL_BYTES && !run.decoded.has(der)) {
      run.decodedBytes += der.length;
      run.decoded.set(der, { value: decoded, limits: { ...limits } });
    }
    return decoded;
  };
  const known = session.cache(HANDED_OUT).get(der);
  if (known && within(known, limits)) return keep(known);
  const pool = session.cache(POOL);
  const { key, value } = pool.lookup(der);
  if (value && within(value, limits)) return keep(value);
  // The pool keeps its own copy of the bytes (`der` may be a view the caller reuses).
  const own = Uint8Array.from(der);
  const decoded = decodeWith(CRL_DECODING, own, session);
  if (decoded.nodes || own.length <= POOLED_WHOLE_CRL_MAX_BYTES) pool.keep(key, own, decoded);
  return keep(decoded);
}

function isDecodedCrl(v: unknown): v is DecodedCrl {
  return typeof v === "object" && v !== null && "crl" in v && "nodes" in v;
}

/**
 * The CRL, if it decodes by parts (pooled or now) within `limits`: then asn1js and pkijs accept it whole
 * too, and `nodes` is what it counts. Null otherwise. For a CRL inside a larger value (the seal's CMS) whose
 * shape was checked as a whole (`assertDerShape`, deeper from that value's top than from the CRL's).
 */
export function crlOfParts(der: Uint8Array, session: PkiSession): PartsResult<DecodedCrl> {
  const limits = session.limits;
  if (der.length > limits.maxDerBytes) return NOT_PLAIN;
  const pool = session.cache(POOL);
  const { key, value } = pool.lookup(der);
  let decoded: PartsResult<DecodedCrl>;
  if (value?.nodes && value.depthLimit <= limits.maxAsn1Depth && value.oidLimit <= limits.maxOidBytes)
    decoded = value.nodes <= limits.maxAsn1Nodes ? value : NOT_PLAIN;
  else {
    const own = Uint8Array.from(der);
    decoded = crlByParts(own, session, true);
    if (decoded) pool.keep(key, own, decoded);
  }
  if (decoded) session.cache(HANDED_OUT).set(der, decoded);
  return decoded;
}

/** The CRL decoded whole by pkijs (every entry an object); the reference the by-parts path must equal. */
export function crlWhole(der: Uint8Array, session: PkiSession): DecodedCrl {
  const limits = session.limits;
  const crl = new pkijs.CertificateRevocationList({ schema: decodeDer(der, "CRL", limits) });
  return {
    crl,
    entries: crl.revokedCertificates?.length ?? 0,
    entryFor: (serial) => crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(serial)),
    nodes: 0,
    depthLimit: limits.maxAsn1Depth,
    oidLimit: limits.maxOidBytes,
  };
}

/** FNV-1a of bytes [start, end): a hash for the serial look-up table. */
function fnv(b: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * readTlv's framing (plain DER) of a value with this (single-byte) tag, without a Tlv object, for the walk
 * over a CRL's entries: header() gives the body's offset and sets `end` to the value's end; -1 for another
 * tag or where readTlv gives null. One reader per walk: its `end` is that walk's, no one else's.
 */
export class EntryReader {
  /** The end of the value whose body header() returned last. */
  end = 0;

  header(b: Uint8Array, p: number, end: number, tag: number): number {
    if (b[p] !== tag || p + 1 >= end) return -1;
    let body = p + 2;
    let len = b[p + 1]!;
    if (len & 0x80) {
      const n = len & 0x7f;
      if (n === 0 || n > 4 || body + n > end || b[body] === 0) return -1;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + b[body++]!;
      if (len < 0x80) return -1;
    }
    if (body + len > end) return -1;
    this.end = body + len;
    return body;
  }
}

/** Whether bytes [a, aEnd) equal bytes [b, bEnd) of the same array. */
function sameBytes(d: Uint8Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b) return false;
  for (let i = 0; i < aEnd - a; i++) if (d[a + i] !== d[b + i]) return false;
  return true;
}

/**
 * The CRL by parts (RFC 5280 §5.1): every field but the entries decoded by pkijs, the signed bytes as
 * received; the entries walked by their framing only (SEQUENCE { INTEGER, UTCTime, [extensions] }), their
 * entries' offsets kept, and each entry's extensions decoded by asn1js once per distinct bytes (reason codes
 * repeat), so that the CRL is refused exactly where the whole decode refuses it. Plain DER of the usual
 * shape within the node limit only; anything else is NOT_PLAIN, and crlWhole decides (errors and limits as ever).
 */
export function crlByParts(der: Uint8Array, session: PkiSession, shapeChecked = false): PartsResult<DecodedCrl> {
  const limits = session.limits;
  try {
    if (der.length === 0 || der.length > limits.maxDerBytes) return NOT_PLAIN;
    const top = readTlv(der, 0, der.length);
    if (!top || top.tag !== 0x30 || top.end !== der.length) return NOT_PLAIN;
    if (!shapeChecked) assertDerShape(der, limits, "CRL");
    const f = derChildren(der, top.body, top.end);
    if (!f || f.length !== 3 || f[0]!.tag !== 0x30 || f[1]!.tag !== 0x30 || f[2]!.tag !== 0x03) return NOT_PLAIN;
    const t = derChildren(der, f[0]!.body, f[0]!.end);
    if (!t) return NOT_PLAIN;
    let i = 0;
    const version = t[i]?.tag === 0x02 ? t[i++] : undefined;
    const [signature, issuer, thisUpdate] = [t[i++], t[i++], t[i++]];
    const nextUpdate = t[i]?.tag === 0x17 || t[i]?.tag === 0x18 ? t[i++] : undefined;
    const revoked = t[i]?.tag === 0x30 ? t[i++] : undefined;
    const extensions = t[i]?.tag === 0xa0 ? t[i++] : undefined;
    if (i !== t.length || signature?.tag !== 0x30 || issuer?.tag !== 0x30 || (thisUpdate?.tag !== 0x17 && thisUpdate?.tag !== 0x18)) return NOT_PLAIN;
    const extInner = extensions ? derChildren(der, extensions.body, extensions.end) : null;
    if (extensions && (extInner?.length !== 1 || extInner[0]!.tag !== 0x30)) return NOT_PLAIN;

    // Values outside revokedCertificates: counted, then decoded by pkijs.
    let nodes = 3 + (revoked ? 1 : 0);
    for (const x of [version, signature, issuer, thisUpdate, nextUpdate, extensions, f[1]!, f[2]!]) {
      if (!x) continue;
      const k = countDerValues(der, x);
      if (k === null) return NOT_PLAIN;
      nodes += k;
    }
    // The entries: framing and shape only. Where each entry and its serial are, kept as offsets. Read by
    // an EntryReader (numbers, no object per value), and an entry's extensions compared with the previous
    // entry's bytes before a text key is made: a cold run walks the real CRL's 2,128 entries in V8's
    // interpreter, where three Tlv objects and a key per entry were most of the cost.
    const starts: number[] = [];
    const serialBodies: number[] = [];
    const serialEnds: number[] = [];
    const extNodes = new Map<string, number>();
    let lastExtStart = -1;
    let lastExtEnd = -1;
    let lastExtNodes = 0;
    if (revoked) {
      const rd = new EntryReader();
      if (revoked.body === revoked.end) return NOT_PLAIN;
      for (let p = revoked.body; p < revoked.end;) {
        const eBody = rd.header(der, p, revoked.end, 0x30);
        if (eBody < 0) return NOT_PLAIN;
        const eEnd = rd.end;
        const snBody = rd.header(der, eBody, eEnd, 0x02);
        if (snBody < 0 || snBody === rd.end) return NOT_PLAIN;
        const snEnd = rd.end;
        if (rd.header(der, snEnd, eEnd, 0x17) < 0) return NOT_PLAIN;
        const dateEnd = rd.end;
        nodes += 3;
        if (dateEnd !== eEnd) {
          const extBody = rd.header(der, dateEnd, eEnd, 0x30);
          if (extBody < 0 || rd.end !== eEnd || extBody === eEnd) return NOT_PLAIN;
          if (lastExtStart >= 0 && sameBytes(der, lastExtStart, lastExtEnd, dateEnd, eEnd)) nodes += lastExtNodes;
          else {
            const key = latin1(der.subarray(dateEnd, eEnd));
            let k: number | null | undefined = extNodes.get(key);
            if (k === undefined) {
              k = entryExtensionsNodes(der, { tag: 0x30, start: dateEnd, body: extBody, end: eEnd }, limits);
              if (k === null) return NOT_PLAIN;
              extNodes.set(key, k);
            }
            nodes += k;
            lastExtStart = dateEnd;
            lastExtEnd = eEnd;
            lastExtNodes = k;
          }
        }
        if (nodes > limits.maxAsn1Nodes) return NOT_PLAIN;
        starts.push(p);
        serialBodies.push(snBody);
        serialEnds.push(snEnd);
        p = eEnd;
      }
    }
    const part = (x: Tlv): asn1js.AsnType => decodeDer(der.subarray(x.start, x.end), "CRL", limits);
    const versionBlock = version ? part(version) : undefined;
    const signatureValue = part(f[2]!);
    if ((versionBlock && !(versionBlock instanceof asn1js.Integer)) || !(signatureValue instanceof asn1js.BitString)) return NOT_PLAIN;
    const crl = new pkijs.CertificateRevocationList({
      tbs: ownBuffer(der, f[0]!.start, f[0]!.end),
      ...(versionBlock ? { version: versionBlock.valueBlock.valueDec } : {}),
      signature: fromPart(() => new pkijs.AlgorithmIdentifier({ schema: part(signature) })),
      issuer: fromPart(() => new pkijs.RelativeDistinguishedNames({ schema: part(issuer) })),
      thisUpdate: fromPart(() => new pkijs.Time({ schema: part(thisUpdate) })),
      ...(nextUpdate ? { nextUpdate: fromPart(() => new pkijs.Time({ schema: part(nextUpdate) })) } : {}),
      ...(extInner ? { crlExtensions: fromPart(() => new pkijs.Extensions({ schema: part(extInner[0]!) })) } : {}),
      signatureAlgorithm: fromPart(() => new pkijs.AlgorithmIdentifier({ schema: part(f[1]!) })),
      signatureValue,
    });
    const entries = starts.length;
    const at = Int32Array.from(starts);
    const end = revoked ? revoked.end : 0;
    const snBodies = Int32Array.from(serialBodies);
    const snEnds = Int32Array.from(serialEnds);
    const sameSerial = (i: number, serial: Uint8Array): boolean => {
      const body = snBodies[i]!;
      const n = snEnds[i]! - body;
      if (n !== serial.length || der[body] !== serial[0]) return false;
      for (let j = 1; j < n; j++) if (der[body + j] !== serial[j]) return false;
      return true;
    };
    // The first look-up scans (one verification asks once); from the second, a hash table of the serials'
    // bytes: 12 bytes an entry, less than the CRL itself. The first entry of a serial wins, as a search of the
    // whole list finds it.
    let heads: Int32Array | null = null;
    let chain: Int32Array | null = null;
    let lookups = 0;
    const lookup = (serial: Uint8Array): number => {
      if (!heads && lookups++ === 0) {
        for (let i = 0; i < entries; i++) if (sameSerial(i, serial)) return i;
        return -1;
      }
      if (!heads || !chain) {
        heads = new Int32Array(2 ** Math.ceil(Math.log2(entries * 2 + 1))).fill(-1);
        chain = new Int32Array(entries);
        for (let i = entries - 1; i >= 0; i--) {
          const h = fnv(der, snBodies[i]!, snEnds[i]!) & (heads.length - 1);
          chain[i] = heads[h]!;
          heads[h] = i;
        }
      }
      for (let i = heads[fnv(serial, 0, serial.length) & (heads.length - 1)]!; i >= 0; i = chain[i]!) if (sameSerial(i, serial)) return i;
      return -1;
    };
    return {
      crl,
      entries,
      entryFor: (serial) => {
        const i = lookup(serial.valueBlock.valueHexView);
        const e = i < 0 ? null : readTlv(der, at[i]!, end)!;
        return e ? new pkijs.RevokedCertificate({ schema: decodeDer(der.subarray(e.start, e.end), "CRL", limits) }) : undefined;
      },
      nodes,
      depthLimit: limits.maxAsn1Depth,
      oidLimit: limits.maxOidBytes,
    };
  } catch (e) {
    return refusedPart(e);
  }
}

/** An entry's crlEntryExtensions, decoded by asn1js as the whole decode would: its value count, or null off shape. */
function entryExtensionsNodes(der: Uint8Array, ext: Tlv, limits: DerLimits): number | null {
  const block = decodeDer(der.subarray(ext.start, ext.end), "CRL", limits);
  fromPart(() => new pkijs.Extensions({ schema: block })); // the shape pkijs requires, or it refuses
  return countDerValues(der, ext);
}

// A pooled CRL and its pooled issuer repeat across archives: the signature is checked once per pair.
const CHECKED = cacheSlot(
  "CRL signatures by (CRL, issuer)",
  () => new PerPair<pkijs.CertificateRevocationList, pkijs.Certificate, { ok: boolean; error?: string }>(),
);

// The critical CRL extensions pkijs's CRL.verify accepts (RFC 5280 §5.2).
const KNOWN_CRITICAL = new Set([
  pkijs.id_AuthorityKeyIdentifier,
  pkijs.id_IssuerAltName,
  pkijs.id_CRLNumber,
  pkijs.id_BaseCRLNumber,
  pkijs.id_IssuingDistributionPoint,
  pkijs.id_FreshestCRL,
  pkijs.id_AuthorityInfoAccess,
  pkijs.id_CRLReason,
  pkijs.id_InvalidityDate,
  pkijs.id_CertificateIssuer,
]);

/**
 * The steps of pkijs's CRL.verify over `tbsCertList` as received, with the project's name comparison
 * (pkijs's own, on its first use in a process, costs ~15 ms of a cold start).
 */
function crlSignedBy(
  session: PkiSession,
  crl: pkijs.CertificateRevocationList,
  issuer: pkijs.Certificate,
): Promise<{ ok: boolean; error?: string; unsupported?: UnsupportedAlgorithmError }> {
  return session.cache(CHECKED).get(crl, issuer, async () => {
    try {
      if (!sameName(crl.issuer, issuer.subject)) return { ok: false };
      if (crl.crlExtensions?.extensions.some((e) => e.critical && !KNOWN_CRITICAL.has(e.extnID))) return { ok: false };
      return { ok: await session.engine.verifyWithPublicKey(crl.tbsView, crl.signatureValue, issuer.subjectPublicKeyInfo, crl.signatureAlgorithm) };
    } catch (e) {
      return { ok: false, error: errorMessage(e), ...(e instanceof UnsupportedAlgorithmError ? { unsupported: e } : {}) };
    }
  });
}

// RFC 5280 §5.2.4 deltaCRLIndicator (pkijs names the OID id_BaseCRLNumber), §5.2.5 issuingDistributionPoint.
const DELTA_CRL_INDICATOR = pkijs.id_BaseCRLNumber;

function isCa(cert: pkijs.Certificate, limits: DerLimits): boolean {
  const ext = extension(cert, OID.basicConstraints);
  if (!ext) return false;
  try {
    return new pkijs.BasicConstraints({ schema: decodeDer(ext.extnValue.valueBlock.valueHexView, "certificate", limits) }).cA === true;
  } catch {
    return false;
  }
}

const nameDer = (n: pkijs.GeneralName): string => toHex(new Uint8Array((n.toSchema() as asn1js.BaseBlock).toBER(false)));

/** The names a DistributionPointName gives: fullName's GeneralNames, or the RDN relative to the CRL issuer as text. */
function pointNames(p: pkijs.DistributionPointName | undefined): string[] {
  if (!p) return [];
  if (Array.isArray(p)) return p.map(nameDer);
  return [`rdn:${toHex(new Uint8Array(p.toSchema().toBER(false)))}`];
}

/** The INTEGER an extension of the CRL holds (cRLNumber, deltaCRLIndicator), or null (absent, unreadable). */
function crlInteger(crl: pkijs.CertificateRevocationList, oid: string, limits: DerLimits): bigint | null {
  const e = crl.crlExtensions?.extensions.find((x) => x.extnID === oid);
  if (!e) return null;
  try {
    const v = decodeDer(e.extnValue.valueBlock.valueHexView, "CRL", limits);
    return v instanceof asn1js.Integer ? v.toBigInt() : null;
  } catch {
    return null;
  }
}

/**
 * The CRL's expiredCertsOnCRL (ITU-T X.509 §9.6.3, OID 2.5.29.60): it keeps listing certificates that expired at
 * or after this time, so its silence still speaks of them (E1). Null when absent or unreadable.
 */
export function expiredCertsOnCrl(crl: pkijs.CertificateRevocationList, limits: DerLimits): Date | null {
  const e = crl.crlExtensions?.extensions.find((x) => x.extnID === "2.5.29.60");
  if (!e) return null;
  try {
    const v = decodeDer(e.extnValue.valueBlock.valueHexView, "CRL", limits);
    const t = v instanceof asn1js.GeneralizedTime ? v.toDate() : null;
    return t && !Number.isNaN(t.getTime()) ? t : null;
  } catch {
    return null;
  }
}

/** The issuing distribution point's bytes (the CRL's scope), "" without one: two CRLs of one scope have the same. */
function scopeKey(crl: pkijs.CertificateRevocationList): string {
  const e = crl.crlExtensions?.extensions.find((x) => x.extnID === pkijs.id_IssuingDistributionPoint);
  return e ? Buffer.from(e.extnValue.valueBlock.valueHexView).toString("hex") : "";
}

/**
 * The complete CRL a delta CRL combines with (RFC 5280 §5.2.4): same issuer and scope, authentic, not itself a
 * delta, its CRL number at least the delta's BaseCRLNumber (it holds all the base CRL held) and below the
 * delta's own number (the delta is newer). The highest such number, or null.
 */
async function baseFor(
  session: PkiSession,
  delta: pkijs.CertificateRevocationList,
  issuer: pkijs.Certificate,
  others: readonly DecodedCrl[],
): Promise<{ base: DecodedCrl; number: bigint } | null> {
  const limits = session.limits;
  const wanted = crlInteger(delta, DELTA_CRL_INDICATOR, limits);
  const own = crlInteger(delta, pkijs.id_CRLNumber, limits);
  if (wanted === null) return null;
  let best: { base: DecodedCrl; number: bigint } | null = null;
  for (const o of others) {
    const c = o.crl;
    if (c === delta || c.crlExtensions?.extensions.some((e) => e.extnID === DELTA_CRL_INDICATOR)) continue;
    if (!sameName(c.issuer, delta.issuer) || scopeKey(c) !== scopeKey(delta)) continue;
    const n = crlInteger(c, pkijs.id_CRLNumber, limits);
    if (n === null || n < wanted || (own !== null && n >= own) || (best && best.number >= n)) continue;
    if (!(await crlSignedBy(session, c, issuer)).ok) continue;
    best = { base: o, number: n };
  }
  return best;
}

/**
 * Why the CRL does not cover `target` (RFC 5280 §6.3.3 (b)), or null when it does: an Issuing Distribution
 * Point limited to CA certificates, end-entity certificates, attribute certificates or some reasons, an
 * indirect CRL, or a distribution point that is not one of the certificate's CRL distribution points. A CRL
 * that does not cover a certificate says nothing of it. (A delta CRL is judged with its base, in judgeCrl.)
 */
function crlScopeGap(crl: pkijs.CertificateRevocationList, target: pkijs.Certificate, limits: DerLimits): string | null {
  const exts = crl.crlExtensions?.extensions ?? [];
  const idpExt = exts.find((e) => e.extnID === pkijs.id_IssuingDistributionPoint);
  if (!idpExt) return null;
  let idp: pkijs.IssuingDistributionPoint;
  try {
    idp = new pkijs.IssuingDistributionPoint({ schema: decodeDer(idpExt.extnValue.valueBlock.valueHexView, "CRL", limits) });
  } catch (e) {
    return `its issuing distribution point is unreadable (${errorMessage(e)})`;
  }
  const ca = isCa(target, limits);
  if (idp.onlyContainsCACerts && !ca) return "it covers CA certificates only (onlyContainsCACerts), and the certificate is not a CA's";
  if (idp.onlyContainsUserCerts && ca) return "it covers end-entity certificates only (onlyContainsUserCerts), and the certificate is a CA's";
  if (idp.onlyContainsAttributeCerts) return "it covers attribute certificates only (onlyContainsAttributeCerts)";
  if (idp.onlySomeReasons !== undefined) return "it covers some revocation reasons only (onlySomeReasons)";
  if (idp.indirectCRL) return "it is an indirect CRL (entries of other issuers), which is not read";
  const idpNames = pointNames(idp.distributionPoint);
  if (idpNames.length) {
    const ext = extension(target, pkijs.id_CRLDistributionPoints);
    const certNames = new Set<string>();
    if (ext) {
      try {
        const dps = new pkijs.CRLDistributionPoints({ schema: decodeDer(ext.extnValue.valueBlock.valueHexView, "certificate", limits) });
        for (const dp of dps.distributionPoints) {
          const names = dp.distributionPoint ? pointNames(dp.distributionPoint) : (dp.cRLIssuer ?? []).map(nameDer);
          for (const n of names) certNames.add(n);
        }
      } catch {
        /* unreadable: no distribution point of the certificate */
      }
    }
    if (!idpNames.some((n) => certNames.has(n))) return "its distribution point is not one of the certificate's CRL distribution points";
  }
  return null;
}

/**
 * Judges one CRL for `target` at `sealingTime`: issuer, signature, scope (a CRL that does not cover the
 * certificate gives no answer), then the entry: a revocation is a fact whatever the CRL's date (at or before
 * `sealingTime`: failed; after: a warning); only "not listed" needs a CRL current at `sealingTime`. A delta CRL
 * answers only combined with a complete CRL of `others` (RFC 5280 §5.2.4, §6.3.3): listed in the delta (unless
 * removeFromCRL) or in the complete CRL is revoked; the delta's dates decide its currency.
 */
export async function judgeCrl(
  session: PkiSession,
  decoded: DecodedCrl,
  target: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  sealingTime: Date,
  skewSeconds: number,
  others: readonly DecodedCrl[] = [],
): Promise<Judgement> {
  const crl = decoded.crl;
  const details: Record<string, unknown> = {
    issuer: formatName(crl.issuer),
    thisUpdate: crl.thisUpdate.value.toISOString(),
    nextUpdate: crl.nextUpdate?.value.toISOString(),
  };
  if (!sameName(crl.issuer, target.issuer)) {
    return {
      status: "indeterminate",
      subIndication: "TRY_LATER",
      message: `The CRL is issued by ${shownName(crl.issuer)}, not by the certificate's issuer.`,
      details,
    };
  }
  if (!issuer) {
    return {
      status: "indeterminate",
      subIndication: "NO_CERTIFICATE_CHAIN_FOUND",
      message: "The CRL's signature cannot be checked without the issuing CA certificate.",
      details,
    };
  }
  const { ok, error, unsupported } = await crlSignedBy(session, crl, issuer);
  if (error) details.error = error;
  // Not checked is not broken: an algorithm outside the one table (algorithms.ts).
  if (unsupported) {
    details.unsupportedAlgorithm = { code: unsupported.code, oid: unsupported.oid, algorithm: unsupported.algorithm };
    // What it would say were it the CA's (read, not believed): a listing blocks the others (revocation.ts), silence adds nothing.
    const claim = claimedEntry(decoded, target, session.limits);
    if (claim) {
      details.claimedRevocationTime = claim.at.toISOString();
      if (claim.onHold) details.claimedOnHold = true;
    }
    return {
      status: "indeterminate",
      subIndication: "CRYPTO_CONSTRAINTS_FAILURE",
      message: `The CRL's signature cannot be checked: ${unsupported.message}.`,
      details,
    };
  }
  if (!ok) return { status: "failed", subIndication: "SIG_CRYPTO_FAILURE", message: "The CRL's signature does not verify with the issuing CA's key.", details };
  const isDelta = crl.crlExtensions?.extensions.some((e) => e.extnID === DELTA_CRL_INDICATOR) ?? false;
  // The entry before the scope (attack36b S1): an entry on an authentic CRL of the certificate's issuer is the
  // CA's statement that it is revoked, whatever the CRL's scope (a delta, a reason or distribution-point
  // partition); the scope decides only whether "not listed" may say "not revoked" (RFC 5280 §6.3.3). Not read:
  // removeFromCRL (a delta's "taken off hold"), and the entries of an indirect CRL (they may be another issuer's).
  const own = decoded.entryFor(target.serialNumber);
  const listed = own && entryReason(own, session.limits) !== REMOVE_FROM_CRL && isDirect(crl, session.limits) ? own : undefined;
  const combined = isDelta && !listed ? await baseFor(session, crl, issuer, others) : null;
  const gap = listed
    ? null
    : isDelta && !combined
      ? `it is a delta CRL (base CRL number ${crlInteger(crl, DELTA_CRL_INDICATOR, session.limits) ?? "unreadable"}), which lists only the changes since its base CRL, and no complete CRL of the same issuer and scope it combines with is in the evidence`
      : crlScopeGap(crl, target, session.limits);
  if (gap) {
    details.outOfScope = gap;
    return { status: "indeterminate", subIndication: "TRY_LATER", message: `The CRL does not cover the certificate: ${gap}.`, details };
  }
  if (combined) details.combinedWithBase = { crlNumber: String(combined.number), thisUpdate: combined.base.crl.thisUpdate.value.toISOString() };
  const skew = skewSeconds * 1000;
  const t = sealingTime.getTime();
  // removeFromCRL (8): taken off hold (RFC 5280 §5.3.1: since the base CRL, in a delta); not revoked. A complete
  // CRL that carries it (the RFC uses it in deltas only) says the same, never "revoked at" its date (pyHanko's
  // RFC 5280 §6.3.3 step k reads it as unrevoked wherever it stands).
  const removed = own && entryReason(own, session.limits) === REMOVE_FROM_CRL;
  const entry = listed ?? (removed ? undefined : (own ?? combined?.base.entryFor(target.serialNumber)));
  if (entry) {
    const when = entry.revocationDate.value;
    details.revocationTime = when.toISOString();
    // certificateHold is a suspension, not a revocation (RFC 5280 §5.3.1; attack36b H1): on hold at the time is
    // INDETERMINATE/TRY_LATER, never REVOKED; a later item of the CA that no longer lists it lifts it (revocation.ts heldAt).
    if (entryReason(entry, session.limits) === CERTIFICATE_HOLD) {
      details.onHold = true;
      if (when.getTime() > t)
        return {
          status: "warning",
          subIndication: null,
          message: `The CRL of ${details.thisUpdate} lists the certificate on hold (suspended) since ${when.toISOString()}, after ${sealingTime.toISOString()}.`,
          details,
        };
      return {
        status: "indeterminate",
        subIndication: "TRY_LATER",
        message: `The CRL of ${details.thisUpdate} lists the certificate on hold (suspended, certificateHold) since ${when.toISOString()}, at or before ${sealingTime.toISOString()}.`,
        details,
      };
    }
    if (when.getTime() <= t)
      return {
        status: "failed",
        subIndication: "REVOKED",
        message: `The CRL of ${details.thisUpdate} lists the certificate as revoked at ${when.toISOString()}, at or before ${sealingTime.toISOString()}.`,
        details,
      };
    return {
      status: "warning",
      subIndication: null,
      message: `The CRL of ${details.thisUpdate} lists the certificate as revoked at ${when.toISOString()}, after ${sealingTime.toISOString()}.`,
      details,
    };
  }
  // Covered and not listed: "not revoked as of thisUpdate", whatever the time judged (revocation.ts reads it so).
  details.notListed = true;
  if (crl.thisUpdate.value.getTime() > t + skew) {
    return {
      status: "indeterminate",
      subIndication: "TRY_LATER",
      message: `The CRL was issued at ${details.thisUpdate}, after the sealing time ${sealingTime.toISOString()}.`,
      details,
    };
  }
  if (crl.nextUpdate && crl.nextUpdate.value.getTime() + skew < t) {
    return {
      status: "indeterminate",
      subIndication: "TRY_LATER",
      message: `The CRL's nextUpdate (${details.nextUpdate}) is before the sealing time ${sealingTime.toISOString()}: it is stale.`,
      details,
    };
  }
  const on = combined ? `the delta CRL of ${details.thisUpdate} with its complete CRL number ${combined.number}` : `the CRL of ${details.thisUpdate}`;
  return { status: "passed", subIndication: null, message: `Not listed on ${on} by ${shownName(crl.issuer)}.`, details };
}

const CERTIFICATE_HOLD = 6;
const REMOVE_FROM_CRL = 8;

/**
 * What the CRL lists for `target` were it its CA's (read, not believed): the entry's date, and whether it is a
 * hold; null when it does not list it (a removeFromCRL entry lists nothing).
 */
export function claimedEntry(decoded: DecodedCrl, target: pkijs.Certificate, limits: DerLimits): { at: Date; onHold: boolean } | null {
  const own = decoded.entryFor(target.serialNumber);
  const reason = own ? entryReason(own, limits) : null;
  if (!own || reason === REMOVE_FROM_CRL) return null;
  return { at: own.revocationDate.value, onHold: reason === CERTIFICATE_HOLD };
}

/** The CRL's authority key identifier (its keyIdentifier), when it states one. */
export function crlKeyIdentifier(crl: pkijs.CertificateRevocationList): Uint8Array | null {
  const v = crl.crlExtensions?.extensions.find((e) => e.extnID === pkijs.id_AuthorityKeyIdentifier)?.parsedValue as unknown;
  return v instanceof pkijs.AuthorityKeyIdentifier && v.keyIdentifier ? v.keyIdentifier.valueBlock.valueHexView : null;
}

/** Whether the CRL's entries are all its issuer's: no issuing distribution point, or one readable and not indirect. */
function isDirect(crl: pkijs.CertificateRevocationList, limits: DerLimits): boolean {
  const e = crl.crlExtensions?.extensions.find((x) => x.extnID === pkijs.id_IssuingDistributionPoint);
  if (!e) return true;
  try {
    return !new pkijs.IssuingDistributionPoint({ schema: decodeDer(e.extnValue.valueBlock.valueHexView, "CRL", limits) }).indirectCRL;
  } catch {
    return false;
  }
}

/** An entry's reasonCode (RFC 5280 §5.3.1), or null. */
function entryReason(entry: pkijs.RevokedCertificate, limits: DerLimits): number | null {
  const e = entry.crlEntryExtensions?.extensions.find((x) => x.extnID === pkijs.id_CRLReason);
  if (!e) return null;
  try {
    const v = decodeDer(e.extnValue.valueBlock.valueHexView, "CRL", limits);
    return v instanceof asn1js.Enumerated ? v.valueBlock.valueDec : null;
  } catch {
    return null;
  }
}
