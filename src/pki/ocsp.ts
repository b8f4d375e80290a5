// OCSP evidence (RFC 6960): decoding and the four judgements the report keeps apart — signature and
// responder authorisation, CertID binding, certificate status, freshness. Used for the Workflow token's
// certificate and for the seal certificate's archived responses.
//
// pkijs's BasicOCSPResponse.verify() validates the responder chain at the current time only, so every
// archived response fails it. Here the signature is checked with the responder's key over tbsResponseData
// (pkijs), and authorisation and validity are judged at the time the response was produced.
import { UnsupportedAlgorithmError } from "./algorithms.js";
import { weakPublicKeyReason } from "./jose-policy.js";
import { createHash } from "../platform/crypto.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { FormatError, errorMessage } from "../errors.js";
import type { CheckStatus, SubIndication } from "../report/types.js";
import {
  OID,
  algorithmName,
  certificateDer,
  certificateFromDer,
  rememberCertificateDers,
  nameDer,
  sameName,
  signedBy,
  extendedKeyUsages,
  extension,
  formatName,
  serialHex,
  summarize,
  validAt,
  type CertificateSummary,
  shownSubject,
} from "./certificate.js";
import {
  assertDerShape,
  bytesEqual,
  contextField,
  countDerValues,
  decodeDer,
  derChildren,
  limitsWithin,
  ownBuffer,
  partLimits,
  readTlv,
  toHex,
  type DerLimits,
  type Tlv,
} from "./der.js";
import { DerPool, PerPair, cacheSlot } from "./kept.js";
import { NOT_PLAIN, decodeWith, fromPart, refusedPart, type PartsResult, type PartsStrategy } from "./parts.js";
import type { PkiSession } from "./session.js";

const OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1";
const RESPONSE_STATUS = ["successful", "malformedRequest", "internalError", "tryLater", "(4)", "sigRequired", "unauthorized"];
const HASHES: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
};
const REVOCATION_REASONS = [
  "unspecified",
  "keyCompromise",
  "cACompromise",
  "affiliationChanged",
  "superseded",
  "cessationOfOperation",
  "certificateHold",
  "(7)",
  "removeFromCRL",
  "privilegeWithdrawn",
  "aACompromise",
];

/**
 * Trust for a CA's renewed key (attack-s5 U1b; s6 edge d): whether `candidate`, a certificate with the CA's name
 * and another key, has its own path, valid at `at` (the CRL's thisUpdate: valid when it signed), to the anchor the
 * CA's own path ends at; "budget" when path building stopped before deciding (attack-s6 U1d's class: not
 * decided). Made by whoever holds the trust context of the path (its role's anchors, the certificates to build
 * with): renewedKeyTrust. A query without one reads a CRL signed by another key as not the CA's.
 */
export type RenewedKeyTrust = (candidate: pkijs.Certificate, at: Date) => Promise<"same-anchor" | "budget" | "other">;

export interface SingleResponseInfo {
  certId: { hashAlgorithm: string; issuerNameHash: string; issuerKeyHash: string; serialNumber: string };
  status: "good" | "revoked" | "unknown";
  revocationTime?: string;
  revocationReason?: string;
  thisUpdate: string;
  nextUpdate?: string;
  /**
   * Its archiveCutoff (RFC 6960 §4.4.4, a singleExtension): the responder keeps the status of certificates that
   * expired at or after it, so a "good" issued after the certificate's notAfter still speaks of it (E1).
   */
  archiveCutoff?: string;
  /**
   * Set when the response answers more than once for the certificate (oneAnswer): every answer, in its order, as
   * a phrase; with `status` "unknown" when they disagree and none is a revocation.
   */
  answers?: string[];
  /** The answers disagree and none decides: no proof of the certificate's status. */
  conflict?: true;
}

export interface DecodedOcsp {
  responseStatus: string;
  basic: pkijs.BasicOCSPResponse | null;
  producedAt?: Date;
  responderId?: { byKeyHash?: string; byName?: string };
  responses: SingleResponseInfo[];
  certificates: pkijs.Certificate[];
  signatureAlgorithm?: string;
  extensions: string[];
}

// A response repeats when the broker reuses it (the seal CA's, fetched once for many seals), and one that
// answers for many certificates is large: each distinct response is decoded once per session. A reuse
// within lower limits than the decode's decodes again (and fails as it would have).
const POOL = cacheSlot("OCSP responses by DER", () => new DerPool<{ decoded: DecodedOcsp; limits: DerLimits }>(64, 16 * 1024 * 1024));

/** DER of OCSP responses a run keeps decoded by the bytes' identity (RunWork.decoded): 4 × a DSS's 1,000 of 16 KB. */
const RUN_DECODED_BYTES = 64 * 1024 * 1024;

/**
 * Decodes a DER OCSPResponse. Throws FormatError for anything that is not one. Once per run for the same bytes
 * (RunWork.decoded: by identity, no hashing), then the session's pool (by content, across runs).
 */
export function decodeOcsp(der: Uint8Array, session: PkiSession): DecodedOcsp {
  const limits = session.limits;
  if (der.length === 0 || der.length > limits.maxDerBytes) return decodeOcspNow(der, session); // the size error
  const run = session.work;
  const mine = run.decoded.get(der);
  if (mine && limitsWithin(mine.limits, limits)) return mine.value as DecodedOcsp;
  const keep = (decoded: DecodedOcsp, within: DerLimits) => {
    if (mine || run.decodedBytes + der.length > RUN_DECODED_BYTES) return;
    run.decodedBytes += der.length;
    run.decoded.set(der, { value: decoded, limits: within });
  };
  const pool = session.cache(POOL);
  const { key, value } = pool.lookup(der);
  if (value && limitsWithin(value.limits, limits)) {
    keep(value.decoded, value.limits);
    return value.decoded;
  }
  const decoded = decodeOcspNow(der, session);
  const within = { ...limits };
  pool.keep(key, Uint8Array.from(der), { decoded, limits: within });
  keep(decoded, within);
  return decoded;
}

/** A BasicOCSPResponse by parts (responder certificates through the pool) or, off the plain shape, whole. */
export const BASIC_OCSP_DECODING: PartsStrategy<Uint8Array, pkijs.BasicOCSPResponse> = {
  byParts: (der, session) => basicResponseByParts(der, session),
  whole: (der, session) => basicResponseWhole(der, session),
};

/** What decodeOcspNow reads of an OCSPResponse's outer SEQUENCE (RFC 6960 §4.2.1). */
interface OuterOcsp {
  status: number;
  responseBytes?: { responseType: string; response: Uint8Array };
}

/** The outer OCSPResponse by parts (its framing, the status and type decoded alone) or whole (asn1js and pkijs). */
export const OCSP_RESPONSE_DECODING: PartsStrategy<Uint8Array, OuterOcsp> = {
  byParts: (der, session) => outerOcspByParts(der, session.limits),
  whole: (der, session) => {
    const asn = decodeDer(der, "OCSP response", session.limits);
    let resp: pkijs.OCSPResponse;
    try {
      resp = new pkijs.OCSPResponse({ schema: asn });
    } catch (e) {
      throw new FormatError(`OCSP response is DER but not an OCSPResponse (${errorMessage(e)})`);
    }
    const rb = resp.responseBytes;
    return {
      status: resp.responseStatus.valueBlock.valueDec,
      ...(rb ? { responseBytes: { responseType: rb.responseType, response: rb.response.valueBlock.valueHexView } } : {}),
    };
  },
};

/**
 * SEQUENCE { responseStatus ENUMERATED, responseBytes [0] EXPLICIT SEQUENCE { OID, OCTET STRING } OPTIONAL } by
 * its framing, in plain DER within the limits of the whole (its shape checked as decodeDer checks it, the
 * BasicOCSPResponse inside included); anything else is NOT_PLAIN.
 */
function outerOcspByParts(der: Uint8Array, limits: DerLimits): PartsResult<OuterOcsp> {
  try {
    if (der.length === 0 || der.length > limits.maxDerBytes) return NOT_PLAIN;
    const top = readTlv(der, 0, der.length);
    if (!top || top.tag !== 0x30 || top.end !== der.length) return NOT_PLAIN;
    assertDerShape(der, limits, "OCSP response");
    const f = derChildren(der, top.body, top.end);
    if (!f || f.length < 1 || f.length > 2 || f[0]!.tag !== 0x0a || (f[1] && f[1].tag !== 0xa0)) return NOT_PLAIN;
    const wrapped = f[1] ? derChildren(der, f[1].body, f[1].end) : null;
    const rb = wrapped?.length === 1 && wrapped[0]!.tag === 0x30 ? derChildren(der, wrapped[0]!.body, wrapped[0]!.end) : null;
    if (f[1] && (rb?.length !== 2 || rb[0]!.tag !== 0x06 || rb[1]!.tag !== 0x04)) return NOT_PLAIN;
    if ((f[1] ? 6 : 2) > limits.maxAsn1Nodes) return NOT_PLAIN; // the values asn1js counts (the OCTET STRING as one)
    const decode = (t: Tlv): asn1js.AsnType => decodeDer(der.subarray(t.start, t.end), "OCSP response", limits);
    const status = decode(f[0]!);
    const type = rb ? decode(rb[0]!) : undefined;
    if (!(status instanceof asn1js.Enumerated) || (rb && !(type instanceof asn1js.ObjectIdentifier))) return NOT_PLAIN;
    return {
      status: status.valueBlock.valueDec,
      ...(rb && type instanceof asn1js.ObjectIdentifier
        ? { responseBytes: { responseType: type.valueBlock.toString(), response: der.subarray(rb[1]!.body, rb[1]!.end) } }
        : {}),
    };
  } catch (e) {
    return refusedPart(e);
  }
}

function decodeOcspNow(der: Uint8Array, session: PkiSession): DecodedOcsp {
  const outer = decodeWith(OCSP_RESPONSE_DECODING, der, session);
  const statusNum = outer.status;
  const responseStatus = RESPONSE_STATUS[statusNum] ?? `(${statusNum})`;
  if (statusNum !== 0 || !outer.responseBytes) {
    return { responseStatus, basic: null, responses: [], certificates: [], extensions: [] };
  }
  if (outer.responseBytes.responseType !== OCSP_BASIC) {
    throw new FormatError(`OCSP response type ${outer.responseBytes.responseType} is not id-pkix-ocsp-basic`);
  }
  let basic: pkijs.BasicOCSPResponse;
  try {
    const innerBytes = outer.responseBytes.response;
    basic = decodeWith(BASIC_OCSP_DECODING, innerBytes, session);
  } catch (e) {
    throw e instanceof FormatError ? e : new FormatError(`BasicOCSPResponse is malformed (${errorMessage(e)})`);
  }
  const rd = basic.tbsResponseData;
  const responderId: DecodedOcsp["responderId"] =
    rd.responderID instanceof asn1js.OctetString
      ? { byKeyHash: toHex(rd.responderID.valueBlock.valueHexView).toUpperCase() }
      : { byName: formatName(rd.responderID as pkijs.RelativeDistinguishedNames) };
  return {
    responseStatus,
    basic,
    producedAt: rd.producedAt,
    responderId,
    responses: rd.responses.map(singleInfo),
    certificates: basic.certs ?? [],
    signatureAlgorithm: algorithmName(basic.signatureAlgorithm.algorithmId),
    extensions: (rd.responseExtensions ?? []).map((e) => e.extnID),
  };
}

export function basicResponseWhole(der: Uint8Array, session: PkiSession): pkijs.BasicOCSPResponse {
  const inner = decodeDer(der, "BasicOCSPResponse", session.limits);
  const basic = new pkijs.BasicOCSPResponse({ schema: inner });
  // certs [0] EXPLICIT SEQUENCE OF Certificate: keep the bytes each responder certificate came in.
  const certsSeq = contextField(inner, 0)?.valueBlock.value[0];
  rememberCertificateDers(basic.certs, certsSeq instanceof asn1js.Sequence ? certsSeq.valueBlock.value : undefined);
  return basic;
}

/**
 * The same BasicOCSPResponse decoded part by part, its responder certificates through the certificate pool
 * (a responder's certificate signs many responses). Like signedDataByParts: plain DER of the usual shape
 * only, within the node budget of the whole; otherwise null, and basicResponseWhole decides.
 */
export function basicResponseByParts(der: Uint8Array, session: PkiSession): PartsResult<pkijs.BasicOCSPResponse> {
  const limits = session.limits;
  try {
    if (der.length === 0 || der.length > limits.maxDerBytes) return NOT_PLAIN;
    const top = readTlv(der, 0, der.length);
    if (!top || top.tag !== 0x30 || top.end !== der.length) return NOT_PLAIN;
    assertDerShape(der, limits, "BasicOCSPResponse");
    const f = derChildren(der, top.body, top.end);
    if (!f || f.length < 3 || f.length > 4 || f[0]!.tag !== 0x30 || f[1]!.tag !== 0x30 || f[2]!.tag !== 0x03) return NOT_PLAIN;
    let certItems: Tlv[] = [];
    if (f[3]) {
      const wrapped = f[3].tag === 0xa0 ? derChildren(der, f[3].body, f[3].end) : null;
      const seq = wrapped?.length === 1 && wrapped[0]!.tag === 0x30 ? derChildren(der, wrapped[0]!.body, wrapped[0]!.end) : null;
      if (!seq || seq.length > 16 || seq.some((t) => t.tag !== 0x30)) return NOT_PLAIN;
      certItems = seq;
    }
    const budget = partLimits(limits, 3 + certItems.length, 8);
    if (!budget) return NOT_PLAIN;
    const part = (t: Tlv): Uint8Array => der.subarray(t.start, t.end);
    const signature = decodeDer(part(f[2]!), "BasicOCSPResponse", budget);
    if (!(signature instanceof asn1js.BitString)) return NOT_PLAIN;
    const parts = session.within(budget);
    return new pkijs.BasicOCSPResponse({
      tbsResponseData:
        responseDataByParts(der, f[0]!, parts) ?? fromPart(() => new pkijs.ResponseData({ schema: decodeDer(part(f[0]!), "BasicOCSPResponse", budget) })),
      signatureAlgorithm: fromPart(() => new pkijs.AlgorithmIdentifier({ schema: decodeDer(part(f[1]!), "BasicOCSPResponse", budget) })),
      signature,
      ...(f[3] ? { certs: certItems.map((t) => certificateFromDer(part(t), "OCSP responder certificate", parts)) } : {}),
    });
  } catch (e) {
    return refusedPart(e);
  }
}

/**
 * ResponseData (RFC 6960 §4.2.1) by parts, without pkijs rebuilding its schema: v1 (no version field), a
 * responder id by name or key, producedAt, SingleResponses (any number, each within its share of the node budget) and extensions. Anything else is null,
 * and pkijs decodes the whole ResponseData. The signed bytes (`tbsView`) are the ResponseData as received.
 */
export function responseDataByParts(der: Uint8Array, t: Tlv, session: PkiSession): PartsResult<pkijs.ResponseData> {
  const limits = session.limits;
  const f = derChildren(der, t.body, t.end);
  if (!f) return NOT_PLAIN;
  const [rid, produced, responses] = f;
  const ext = f[3];
  if (f.length > 4 || !rid || (rid.tag !== 0xa1 && rid.tag !== 0xa2) || produced?.tag !== 0x18 || responses?.tag !== 0x30 || (ext && ext.tag !== 0xa1))
    return NOT_PLAIN;
  const ridInner = derChildren(der, rid.body, rid.end);
  const items = derChildren(der, responses.body, responses.end);
  const extWrapped = ext ? derChildren(der, ext.body, ext.end) : null;
  const extItems = ext ? (extWrapped?.length === 1 && extWrapped[0]!.tag === 0x30 ? derChildren(der, extWrapped[0]!.body, extWrapped[0]!.end) : null) : [];
  if (ridInner?.length !== 1 || !items || items.length === 0 || !extItems) return NOT_PLAIN;
  if ([...items, ...extItems].some((x) => x.tag !== 0x30)) return NOT_PLAIN;
  const budget = partLimits(limits, 2 + items.length + extItems.length, 5);
  if (!budget) return NOT_PLAIN;
  const decode = (x: Tlv): asn1js.AsnType => decodeDer(der.subarray(x.start, x.end), "BasicOCSPResponse", budget);
  const id = decode(ridInner[0]!);
  if (rid.tag === 0xa1 ? !(id instanceof asn1js.Sequence) : !(id instanceof asn1js.OctetString)) return NOT_PLAIN;
  const producedAt = decode(produced);
  if (!(producedAt instanceof asn1js.GeneralizedTime)) return NOT_PLAIN;
  return new pkijs.ResponseData({
    tbs: ownBuffer(der, t.start, t.end),
    responderID: rid.tag === 0xa1 ? fromPart(() => new pkijs.RelativeDistinguishedNames({ schema: id })) : id,
    producedAt: producedAt.toDate(),
    responses: items.map((x) => singleResponseByParts(der, x, budget) ?? fromPart(() => new pkijs.SingleResponse({ schema: decode(x) }))),
    ...(ext ? { responseExtensions: extItems.map((x) => fromPart(() => new pkijs.Extension({ schema: decode(x) }))) } : {}),
  });
}

/**
 * A SingleResponse (RFC 6960 §4.2.1) by parts, without pkijs building the schemas of SingleResponse and CertID
 * for each (every archive's OCSP responses are its own): the plain shape only — a CertID of an
 * AlgorithmIdentifier, two OCTET STRINGs and an INTEGER, the status good ([0] IMPLICIT NULL), thisUpdate,
 * nextUpdate and extensions when present — within the node budget the whole would be decoded in. Anything
 * else (revoked, unknown, other framing) is null, and pkijs decodes that SingleResponse whole.
 */
function singleResponseByParts(der: Uint8Array, t: Tlv, limits: DerLimits): PartsResult<pkijs.SingleResponse> {
  const f = derChildren(der, t.body, t.end);
  if (!f || f.length < 3 || f.length > 5) return NOT_PLAIN;
  const [certId, status, thisUpdate] = f as [Tlv, Tlv, Tlv];
  let i = 3;
  const next = f[i]?.tag === 0xa0 ? f[i++] : undefined;
  const exts = f[i]?.tag === 0xa1 ? f[i++] : undefined;
  if (i !== f.length || certId.tag !== 0x30 || status.tag !== 0x80 || status.body !== status.end || thisUpdate.tag !== 0x18) return NOT_PLAIN;
  const id = derChildren(der, certId.body, certId.end);
  if (id?.length !== 4 || id[0]!.tag !== 0x30 || id[1]!.tag !== 0x04 || id[2]!.tag !== 0x04 || id[3]!.tag !== 0x02) return NOT_PLAIN;
  const nextInner = next ? derChildren(der, next.body, next.end) : null;
  if (next && (nextInner?.length !== 1 || nextInner[0]!.tag !== 0x18)) return NOT_PLAIN;
  const extWrapped = exts ? derChildren(der, exts.body, exts.end) : null;
  const extItems = exts ? (extWrapped?.length === 1 && extWrapped[0]!.tag === 0x30 ? derChildren(der, extWrapped[0]!.body, extWrapped[0]!.end) : null) : [];
  if (!extItems || (exts && extItems.length === 0) || extItems.some((x) => x.tag !== 0x30)) return NOT_PLAIN;
  const nodes = countDerValues(der, t);
  if (nodes === null || nodes > limits.maxAsn1Nodes) return NOT_PLAIN;
  const decode = (x: Tlv): asn1js.AsnType => decodeDer(der.subarray(x.start, x.end), "BasicOCSPResponse", limits);
  const [nameHash, keyHash, serial, certStatus, thisTime] = [decode(id[1]!), decode(id[2]!), decode(id[3]!), decode(status), decode(thisUpdate)];
  const nextTime = nextInner ? decode(nextInner[0]!) : undefined;
  if (!(nameHash instanceof asn1js.OctetString) || !(keyHash instanceof asn1js.OctetString) || !(serial instanceof asn1js.Integer)) return NOT_PLAIN;
  if (!(thisTime instanceof asn1js.GeneralizedTime) || (nextInner && !(nextTime instanceof asn1js.GeneralizedTime))) return NOT_PLAIN;
  return new pkijs.SingleResponse({
    certID: new pkijs.CertID({
      hashAlgorithm: fromPart(() => new pkijs.AlgorithmIdentifier({ schema: decode(id[0]!) })),
      issuerNameHash: nameHash,
      issuerKeyHash: keyHash,
      serialNumber: serial,
    }),
    certStatus,
    thisUpdate: thisTime.toDate(),
    ...(nextTime instanceof asn1js.GeneralizedTime ? { nextUpdate: nextTime.toDate() } : {}),
    ...(exts ? { singleExtensions: extItems.map((x) => fromPart(() => new pkijs.Extension({ schema: decode(x) }))) } : {}),
  });
}

function singleInfo(r: pkijs.SingleResponse): SingleResponseInfo {
  const cs = r.certStatus as asn1js.Constructed & asn1js.Primitive;
  let status: SingleResponseInfo["status"] = "unknown";
  const info: Partial<SingleResponseInfo> = {};
  if (cs.idBlock.tagNumber === 0 && !cs.idBlock.isConstructed) status = "good";
  else if (cs.idBlock.tagNumber === 1 && cs.idBlock.isConstructed) {
    status = "revoked";
    const inner = (cs as asn1js.Constructed).valueBlock.value;
    const t = inner[0];
    if (t instanceof asn1js.GeneralizedTime) info.revocationTime = t.toDate().toISOString();
    const reason = inner[1] as asn1js.Constructed | undefined;
    const en = reason?.valueBlock?.value?.[0];
    if (en instanceof asn1js.Enumerated) info.revocationReason = REVOCATION_REASONS[en.valueBlock.valueDec] ?? String(en.valueBlock.valueDec);
  }
  return {
    certId: {
      hashAlgorithm: HASHES[r.certID.hashAlgorithm.algorithmId] ?? r.certID.hashAlgorithm.algorithmId,
      issuerNameHash: toHex(r.certID.issuerNameHash.valueBlock.valueHexView),
      issuerKeyHash: toHex(r.certID.issuerKeyHash.valueBlock.valueHexView),
      serialNumber: toHex(r.certID.serialNumber.valueBlock.valueHexView).toUpperCase(),
    },
    status,
    ...info,
    thisUpdate: r.thisUpdate.toISOString(),
    ...(r.nextUpdate ? { nextUpdate: r.nextUpdate.toISOString() } : {}),
    ...archiveCutoffOf(r),
  };
}

const ARCHIVE_CUTOFF = "1.3.6.1.5.5.7.48.1.6";

/** A single response's archiveCutoff (a GeneralizedTime in its extnValue), when it states a readable one. */
function archiveCutoffOf(r: pkijs.SingleResponse): { archiveCutoff?: string } {
  const e = r.singleExtensions?.find((x) => x.extnID === ARCHIVE_CUTOFF);
  const bytes = e?.extnValue.valueBlock.valueHexView;
  if (!bytes || bytes.length > 32) return {}; // a GeneralizedTime is about 17 bytes: anything larger is not one
  const v = asn1js.fromBER(ownBuffer(bytes));
  if (v.offset !== bytes.length || !(v.result instanceof asn1js.GeneralizedTime)) return {};
  const t = v.result.toDate();
  return Number.isNaN(t.getTime()) ? {} : { archiveCutoff: t.toISOString() };
}

/** The outcome of one judgement, turned into a CheckResult by the checks layer. */
export interface Judgement {
  status: CheckStatus;
  message: string;
  subIndication: SubIndication | null;
  details: Record<string, unknown>;
}

const ok = (message: string, details: Record<string, unknown> = {}): Judgement => ({ status: "passed", message, subIndication: null, details });
const bad = (status: "failed" | "indeterminate" | "warning", sub: SubIndication | null, message: string, details: Record<string, unknown> = {}): Judgement => ({
  status,
  message,
  subIndication: status === "warning" ? null : sub,
  details,
});

/**
 * Whether a delegated responder without id-pkix-ocsp-nocheck was unrevoked when it signed (RFC 6960
 * §4.2.2.2.1), as revocation.ts judges any certificate on a path: null when shown, else why not.
 */
export type ResponderRevocation = (responder: pkijs.Certificate, issuer: pkijs.Certificate, producedAt: Date) => Promise<string | null>;

export interface OcspInput {
  /** Whose engine and caches the checks use. */
  session: PkiSession;
  decoded: DecodedOcsp;
  /** The certificate the response must be about. */
  target: pkijs.Certificate;
  /** Its issuing CA, when known (from the validated path or the trust store). */
  issuer: pkijs.Certificate | null;
  /** Extra certificates that may hold the responder (trust store, --certs). */
  pool: readonly pkijs.Certificate[];
  /** The time the sealing happened (best-signature-time): status and freshness are judged against it. */
  sealingTime: Date;
  /** Seconds a response may be produced before the sealing time (the broker fetches it just before). */
  freshnessWindowSeconds: number;
  /** Seconds of clock skew tolerated between the broker, the responder and the TSA. */
  clockSkewSeconds: number;
  /** The rule for a delegated responder's own status (revocation.ts `judgeOcspWith` sets it). */
  responderRevocation: ResponderRevocation;
  /**
   * The response is sealed with the evidence (the token's, the seal CMS's): its signature is checked outside the
   * run's budget, which items anyone can add may spend (a11 D2b).
   */
  sealed?: boolean;
  /**
   * The trust context of the path the target is on (revocation.ts renewedKeyTrust, s6 edge d): a response signed by
   * a renewed key of the issuing CA (a certificate of its name with its own path to the same anchor) is the CA's.
   */
  renewed?: RenewedKeyTrust;
}

export interface OcspJudgements {
  signature: Judgement;
  certId: Judgement;
  status: Judgement;
  freshness: Judgement;
  /** The responder certificate that signed, when found. */
  responder?: CertificateSummary;
  /** The single response about the target, when one matches. */
  single?: SingleResponseInfo;
}

function sha(alg: string, data: Uint8Array): string {
  return createHash(alg).update(data).digest("hex");
}

/** True or false when checked; the UnsupportedAlgorithmError when the signature cannot be checked (algorithms.ts). */
async function verifySignature(session: PkiSession, basic: pkijs.BasicOCSPResponse, cert: pkijs.Certificate): Promise<boolean | UnsupportedAlgorithmError> {
  try {
    // Over the response's own tbsResponseData bytes, as received (not re-encoded).
    const tbs = basic.tbsResponseData.tbsView;
    return await session.engine.verifyWithPublicKey(tbs, basic.signature, cert.subjectPublicKeyInfo, basic.signatureAlgorithm);
  } catch (e) {
    return e instanceof UnsupportedAlgorithmError ? e : false;
  }
}

/**
 * The signature checks one run (RunWork) makes on OCSP responses with candidates the CA authorised (the least
 * budget; RunWork.authorisedBudget grows with maxValidationDataItems), and with others (only to say who signed).
 * An honest archive makes a few per response it holds (a DSS and the timestamps' CMS hold at most
 * maxValidationDataItems each); past the first, a response is not checked and says so (INDETERMINATE,
 * `workBudget`), past the second, the other candidates are not tried. The seal's and the token's own responses
 * are checked outside both (a11 D2b). Worst case of a check with a key the table accepts (RSA 8,192 bits,
 * e < 2^32): ~2 ms.
 */
export const OCSP_SIGNATURE_BUDGET = 4096;
export const OCSP_OTHER_SIGNATURE_BUDGET = 64;

type Checked = boolean | UnsupportedAlgorithmError;
/**
 * Each (response, key) pair is checked once (a8 D2: every question about a certificate at a time re-reads each
 * item): by the digest of the signed bytes, signature value and algorithm, and of the key, while kept.
 */
const CHECKED = cacheSlot("OCSP signatures checked by (response, key)", () => ({
  responses: new WeakMap<pkijs.BasicOCSPResponse, string>(),
  keys: new WeakMap<pkijs.PublicKeyInfo, string>(),
  outcomes: new Map<string, Promise<Checked>>(),
}));
const MAX_CHECKED = 8192;

/**
 * The signature checked with `cert`'s key once per session, or "budget" when this run may check no more; a sealed
 * response's checks are neither bounded nor counted (a11 D2b: the budget is anyone's to spend).
 */
function checkedOnce(
  session: PkiSession,
  basic: pkijs.BasicOCSPResponse,
  cert: pkijs.Certificate,
  authorised: boolean,
  sealed = false,
): Promise<Checked | "budget"> {
  const kept = session.cache(CHECKED);
  let r = kept.responses.get(basic);
  if (r === undefined) {
    const h = createHash("sha256").update(basic.tbsResponseData.tbsView).update(basic.signature.valueBlock.valueHexView);
    kept.responses.set(basic, (r = h.update(new Uint8Array(basic.signatureAlgorithm.toSchema().toBER(false))).digest("base64")));
  }
  const spki = cert.subjectPublicKeyInfo;
  let k = kept.keys.get(spki);
  if (k === undefined)
    kept.keys.set(
      spki,
      (k = createHash("sha256")
        .update(new Uint8Array(spki.toSchema().toBER(false)))
        .digest("base64")),
    );
  const id = `${r}|${k}`;
  const known = kept.outcomes.get(id);
  if (known) return known;
  const work = session.work;
  if (!sealed) {
    if (authorised ? work.authorised >= work.authorisedBudget : work.other >= OCSP_OTHER_SIGNATURE_BUDGET) return Promise.resolve("budget");
    if (authorised) work.authorised++;
    else work.other++;
  }
  const p = verifySignature(session, basic, cert);
  if (kept.outcomes.size >= MAX_CHECKED) kept.outcomes.delete(kept.outcomes.keys().next().value!);
  kept.outcomes.set(id, p);
  return p;
}

/**
 * Each candidate's key hash and name as a responder id gives them, once per certificate and session (a trust
 * store of list services offers thousands, and the broker's responder repeats in every archive).
 */
const RESPONDER_IDS = cacheSlot("responder ids by certificate", () => new WeakMap<pkijs.Certificate, { keyHash?: string; name?: string }>());

function matchesResponderId(session: PkiSession, cert: pkijs.Certificate, id: DecodedOcsp["responderId"]): boolean {
  if (!id) return false;
  const ids = session.cache(RESPONDER_IDS);
  let known = ids.get(cert);
  if (!known) ids.set(cert, (known = {}));
  if (id.byKeyHash) {
    known.keyHash ??= sha("sha1", cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).toUpperCase();
    return known.keyHash === id.byKeyHash;
  }
  known.name ??= formatName(cert.subject);
  return known.name === id.byName;
}

function sameKey(a: pkijs.Certificate, b: pkijs.Certificate): boolean {
  return bytesEqual(a.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView, b.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView);
}

async function issuedBy(session: PkiSession, cert: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  if (!sameName(cert.issuer, issuer.subject)) return false;
  return signedBy(session, cert, issuer);
}

/**
 * How the CA stands behind a candidate when the response was produced: "issuing-ca" (the CA's own key and name),
 * "delegated" (issued by the CA, id-kp-OCSPSigning, valid), or null. The free facts first: the certificate's own
 * signature is checked (once per pair) only for a candidate that names the CA as its issuer and has the rest.
 */
async function authorisation(
  session: PkiSession,
  c: pkijs.Certificate,
  issuer: pkijs.Certificate,
  producedAt: Date,
): Promise<"issuing-ca" | "delegated" | null> {
  const standing = await session.cache(STANDING).get(c, issuer, async () => {
    if (sameKey(c, issuer) && sameName(c.subject, issuer.subject)) return "issuing-ca" as const;
    if (!(extendedKeyUsages(c) ?? []).includes(OID.ekuOcspSigning)) return null;
    return (await issuedBy(session, c, issuer)) ? ("delegated" as const) : null;
  });
  return standing === "delegated" && validAt(c, producedAt) !== "valid" ? null : standing;
}
/** authorisation but for the time, once per (candidate, CA) pair: every question about a certificate asks it again. */
const STANDING = cacheSlot(
  "OCSP responder standing by (candidate, CA)",
  () => new PerPair<pkijs.Certificate, pkijs.Certificate, "issuing-ca" | "delegated" | null>(),
);

type Signed = { j: Judgement; responder?: pkijs.Certificate };

/**
 * Signature and responder authorisation (RFC 6960 §4.2.2.2). The signer is a candidate the CA authorised whose
 * key verifies the signature, whatever comes first (a8 S3b): every certificate set a response is read with —
 * the response's own certs, the seal's CMS, a DSS — is outside every signature, so anyone can put there a copy
 * of the responder's certificate (same subject and key) issued by another; it verifies the same signature and
 * decides nothing. Only when no authorised candidate signed is the answer not the CA's, and then the other
 * candidates are tried (a few per run, RunWork) to say who signed. Candidates are matched by the responder id
 * before any arithmetic, keys outside the table are refused before it, each (response, key) pair is checked
 * once, and a run's checks are bounded (a8 D2).
 */
async function judgeSignature(input: OcspInput, aboutTarget: boolean): Promise<Signed> {
  const { decoded, issuer, session } = input;
  const basic = decoded.basic!;
  const candidates = [...new Set([...decoded.certificates, ...(issuer ? [issuer] : []), ...input.pool])].filter((c) =>
    matchesResponderId(session, c, decoded.responderId),
  );
  const details: Record<string, unknown> = { responderId: decoded.responderId, signatureAlgorithm: decoded.signatureAlgorithm };
  if (candidates.length === 0) {
    return {
      j: bad(
        "indeterminate",
        "NO_SIGNING_CERTIFICATE_FOUND",
        "The OCSP response names a responder whose certificate is neither in the response nor in the trust store.",
        details,
      ),
    };
  }
  const producedAt = decoded.producedAt!;
  // Weak keys are refused everywhere (src/pki/jose-policy.ts), before any arithmetic: a response signed with one proves nothing.
  const weakness = (c: pkijs.Certificate): Signed | null => {
    const weak = weakPublicKeyReason(session, c.subjectPublicKeyInfo, "pki");
    return weak
      ? {
          j: bad("indeterminate", "CRYPTO_CONSTRAINTS_FAILURE", `The OCSP responder ${shownSubject(c)} cannot be relied on: ${weak}.`, {
            ...details,
            responder: summarize(c),
          }),
          responder: c,
        }
      : null;
  };
  let unsupported: { e: UnsupportedAlgorithmError; c: pkijs.Certificate } | undefined;
  let refused: Signed | null = null;
  let kept: Signed | undefined;
  let stopped = false;
  const tried = new Set<pkijs.Certificate>();
  // The candidates the CA authorised, in their order: the first whose key verifies and that passes decides.
  if (issuer) {
    for (const c of candidates) {
      const standing = await authorisation(session, c, issuer, producedAt);
      if (!standing) continue;
      tried.add(c);
      const weak = weakness(c);
      if (weak) {
        refused ??= weak;
        continue;
      }
      const ok = await checkedOnce(session, basic, c, true, input.sealed);
      if (ok === "budget") {
        stopped = true; // the pairs already checked still answer
        continue;
      }
      if (ok instanceof UnsupportedAlgorithmError) unsupported ??= { e: ok, c };
      if (ok !== true) continue;
      const signed = await authorised(input, c, standing, producedAt, { ...details, responder: summarize(c), judgedAt: producedAt.toISOString() }, aboutTarget);
      if (signed.j.status === "passed") return signed;
      kept ??= signed; // an authorised responder whose own status is not shown: read, not believed
    }
  }
  if (kept) return kept;
  const renewedSigner = issuer && input.renewed ? await renewedKey(input, issuer, candidates, producedAt, details) : null;
  if (renewedSigner) return renewedSigner;
  if (refused) return refused;
  if (stopped) {
    return {
      j: bad(
        "indeterminate",
        "TRY_LATER",
        `The OCSP response's signature was not checked: this verification reached its budget of ${session.work.authorisedBudget} OCSP signature checks (the evidence holds more responses and responder certificates than any archive needs).`,
        { ...details, workBudget: session.work.authorisedBudget },
      ),
    };
  }
  if (unsupported) return unsupportedJudgement(unsupported.e, unsupported.c, details);
  // No candidate the CA authorised signed it: the answer is not the CA's. The others say who did.
  let untried = 0;
  for (const c of candidates) {
    if (tried.has(c)) continue;
    const weak = weakness(c);
    if (weak) {
      refused ??= weak;
      continue;
    }
    const ok = await checkedOnce(session, basic, c, false, input.sealed);
    if (ok === "budget") {
      untried++;
      continue;
    }
    if (ok instanceof UnsupportedAlgorithmError) unsupported ??= { e: ok, c };
    if (ok === true) return unauthorised(input, c, { ...details, responder: summarize(c), judgedAt: producedAt.toISOString() });
  }
  // Not checked is not broken: an algorithm (or a responder key) outside the one table.
  if (unsupported) return unsupportedJudgement(unsupported.e, unsupported.c, details);
  if (refused) return refused;
  if (untried) {
    return {
      j: bad(
        "indeterminate",
        "TRY_LATER",
        `No certificate of a responder the CA authorised verifies the OCSP response's signature, and ${untried} other certificate${untried === 1 ? "" : "s"} named as its responder ${untried === 1 ? "was" : "were"} not tried (this verification's budget of ${OCSP_OTHER_SIGNATURE_BUDGET} such checks is spent): the response is not the CA's.`,
        { ...details, responder: summarize(candidates[0]!), untriedCandidates: untried },
      ),
    };
  }
  return {
    j: bad("failed", "SIG_CRYPTO_FAILURE", "The OCSP response's signature does not verify with the responder's key: the response was altered or forged.", {
      ...details,
      responder: summarize(candidates[0]!),
    }),
  };
}

/**
 * A response signed directly by a renewed key of the issuing CA (attack-s5 U1b's class for OCSP; RFC 6960
 * §4.2.2.2: the CA itself): a certificate of the CA's name with another key, among the candidates its responder id
 * names, whose key verifies the signature and which `input.renewed` finds a path for, valid when the response was
 * produced, to the anchor the CA's own path ends at (as EU DSS reads such a response). Nothing anyone can add
 * decides or spends the run's budget (certificates of the CA's name are anyone's to add): the paths are judged
 * first, and only a key with one is tried on the signature; no such key leaves the response not the CA's (null: the
 * caller says who signed); path building stopped at its
 * budget is "not decided" (`renewedKeyBudget`: read, not believed), and so is a key left unchecked past the run's
 * budget of OCSP signature checks (`workBudget`).
 */
async function renewedKey(
  input: OcspInput,
  issuer: pkijs.Certificate,
  candidates: readonly pkijs.Certificate[],
  producedAt: Date,
  details: Record<string, unknown>,
): Promise<Signed | null> {
  const { session, renewed } = input;
  const basic = input.decoded.basic!;
  const byKey = new Map<string, pkijs.Certificate[]>();
  for (const c of candidates) {
    if (sameKey(c, issuer) || !sameName(c.subject, issuer.subject)) continue;
    if (weakPublicKeyReason(session, c.subjectPublicKeyInfo, "pki") !== null) continue; // refused before arithmetic
    const k = Buffer.from(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).toString("base64");
    byKey.set(k, [...(byKey.get(k) ?? []), c]);
  }
  let unchecked = false;
  for (const group of byKey.values()) {
    // The key's certificates' paths first (built from the anchors down: a certificate anyone made costs no
    // signature check there, and its "no path" holds for the hook's life: renewedKeyTrust): only a key with a path to
    // the CA's anchor, or one not decided, has the response's signature checked with it, once per response and key
    // against the run's budget, as an authorised candidate's. So certificates of the CA's name anyone adds spend
    // nothing of that budget, whatever the responses they come with.
    let signer: pkijs.Certificate | undefined;
    let undecided: pkijs.Certificate | undefined;
    for (const c of group) {
      const p = await renewed!(c, producedAt);
      if (p === "same-anchor") {
        signer = c;
        break;
      }
      if (p === "budget") undecided ??= c;
    }
    const c = signer ?? undecided;
    if (!c) continue;
    const verifies = await checkedOnce(session, basic, c, true, input.sealed);
    if (verifies === "budget") unchecked = true; // not checked is not "not the CA's"
    if (verifies !== true) continue;
    if (signer)
      return {
        j: ok(
          `The OCSP response is signed by the issuing CA ${shownSubject(issuer)} with a renewed key: a certificate of its name with that key, valid when the response was produced (${producedAt.toISOString()}), has its own path to the CA's anchor.`,
          { ...details, authorisation: "issuing-ca", signedByRenewedKey: summarize(signer), responder: summarize(signer), judgedAt: producedAt.toISOString() },
        ),
        responder: signer,
      };
    return {
      j: bad(
        "indeterminate",
        "TRY_LATER",
        `The OCSP response does not verify with the CA's key, and whether the certificate of the CA's name whose key it verifies with has a path to the CA's anchor is not decided (path building stopped at its budget).`,
        { ...details, responder: summarize(c), renewedKeyBudget: true },
      ),
      responder: c,
    };
  }
  if (!unchecked) return null;
  return {
    j: bad(
      "indeterminate",
      "TRY_LATER",
      `The OCSP response does not verify with the CA's key, and the other keys of the CA's name were not all tried: this verification reached its budget of ${session.work.authorisedBudget} OCSP signature checks.`,
      { ...details, workBudget: session.work.authorisedBudget },
    ),
  };
}

function unsupportedJudgement(e: UnsupportedAlgorithmError, c: pkijs.Certificate, details: Record<string, unknown>): Signed {
  return {
    j: bad("indeterminate", "CRYPTO_CONSTRAINTS_FAILURE", `The OCSP response's signature cannot be checked: ${e.message}.`, {
      ...details,
      unsupportedAlgorithm: { code: e.code, oid: e.oid, algorithm: e.algorithm },
      responder: summarize(c),
    }),
  };
}

/** Why a candidate whose key verifies the signature is not one the CA authorised (or cannot be shown to be). */
async function unauthorised(input: OcspInput, signer: pkijs.Certificate, details: Record<string, unknown>): Promise<Signed> {
  const { issuer, session } = input;
  const producedAt = input.decoded.producedAt!;
  if (!issuer) {
    return {
      j: bad(
        "indeterminate",
        "NO_CERTIFICATE_CHAIN_FOUND",
        "The OCSP signature verifies, but the certificate's issuing CA is not available (give it with --trust), so the responder's authorisation cannot be checked.",
        details,
      ),
      responder: signer,
    };
  }
  if (!(await issuedBy(session, signer, issuer))) {
    return {
      j: bad(
        "indeterminate",
        "TRY_LATER",
        `The OCSP responder ${shownSubject(signer)} was not issued by the certificate's CA ${shownSubject(issuer)}, so it is not authorised to answer for it; the evidence holds no acceptable revocation information.`,
        { ...details, authorisation: "not-issued-by-ca" },
      ),
      responder: signer,
    };
  }
  if (!(extendedKeyUsages(signer) ?? []).includes(OID.ekuOcspSigning)) {
    return {
      j: bad(
        "indeterminate",
        "TRY_LATER",
        `The OCSP responder ${shownSubject(signer)} lacks the id-kp-OCSPSigning extended key usage, so the CA did not authorise it; the evidence holds no acceptable revocation information.`,
        { ...details, authorisation: "missing-ocsp-signing-eku" },
      ),
      responder: signer,
    };
  }
  const validity = validAt(signer, producedAt);
  return {
    j: bad(
      "indeterminate",
      "TRY_LATER",
      `The OCSP responder's certificate was ${validity === "expired" ? "expired" : "not yet valid"} when the response was produced (${producedAt.toISOString()}).`,
      { ...details, authorisation: "responder-not-valid" },
    ),
    responder: signer,
  };
}

/** A signer the CA authorised: the CA itself, or a delegated responder whose own status must be shown unless ocsp-nocheck. */
async function authorised(
  input: OcspInput,
  signer: pkijs.Certificate,
  standing: "issuing-ca" | "delegated",
  producedAt: Date,
  details: Record<string, unknown>,
  aboutTarget: boolean,
): Promise<Signed> {
  const issuer = input.issuer!;
  if (standing === "issuing-ca") {
    return {
      j: ok(`The OCSP response is signed by the issuing CA ${shownSubject(issuer)} itself.`, { ...details, authorisation: "issuing-ca" }),
      responder: signer,
    };
  }
  const noCheck = Boolean(extension(signer, OID.ocspNoCheck));
  if (!noCheck && aboutTarget) {
    // RFC 6960 §4.2.2.2.1: without id-pkix-ocsp-nocheck the responder's certificate needs revocation data of its
    // own, like any certificate on a path; a responder never vouches for itself.
    const why = bytesEqual(certificateDer(signer), certificateDer(input.target))
      ? "a responder cannot answer for its own certificate"
      : await input.responderRevocation(signer, issuer, producedAt);
    if (why) {
      return {
        j: bad(
          "indeterminate",
          "TRY_LATER",
          `The OCSP responder ${shownSubject(signer)} is a delegated responder without id-pkix-ocsp-nocheck, so its own certificate must be shown unrevoked when it signed (${producedAt.toISOString()}): ${why}; the response is not relied upon.`,
          { ...details, authorisation: "responder-status-unknown", ocspNoCheck: false, responderStatus: why },
        ),
        responder: signer,
      };
    }
    details.responderStatus = "not revoked when it signed";
  }
  return {
    j: ok(
      `The OCSP response is signed by ${shownSubject(signer)}, a responder authorised by the issuing CA (id-kp-OCSPSigning${noCheck ? ", ocsp-nocheck" : ""}), valid when the response was produced.`,
      { ...details, authorisation: "delegated-responder", ocspNoCheck: noCheck },
    ),
    responder: signer,
  };
}

/** The CertID must name the target: issuer name hash, issuer key hash and serial (RFC 6960 §4.1.1). */
function judgeCertId(input: Pick<OcspInput, "decoded" | "target" | "issuer">): { j: Judgement; single?: SingleResponseInfo } {
  const { decoded, target, issuer } = input;
  const issuerNameDer = nameDer(target.issuer);
  const serial = serialHex(target);
  const expected = (alg: string) => ({
    issuerNameHash: sha(alg, issuerNameDer),
    issuerKeyHash: issuer ? sha(alg, issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView) : null,
    serialNumber: serial,
  });
  const details: Record<string, unknown> = { targetSerial: serial, responses: decoded.responses.map((r) => r.certId) };
  const matched: SingleResponseInfo[] = [];
  let matchedWith = "";
  for (const r of decoded.responses) {
    const alg = r.certId.hashAlgorithm;
    if (!["sha1", "sha256", "sha384", "sha512"].includes(alg)) continue;
    const e = expected(alg);
    if (r.certId.serialNumber !== e.serialNumber || r.certId.issuerNameHash !== e.issuerNameHash) continue;
    if (e.issuerKeyHash === null) {
      return {
        j: bad(
          "indeterminate",
          "NO_CERTIFICATE_CHAIN_FOUND",
          "The response's serial number and issuer name match the certificate, but the issuer key hash cannot be checked without the issuing CA certificate (give it with --trust).",
          { ...details, hashAlgorithm: alg },
        ),
        single: r,
      };
    }
    if (r.certId.issuerKeyHash !== e.issuerKeyHash) continue;
    matched.push(r);
    matchedWith ||= alg;
  }
  if (matched.length) {
    return {
      j: ok(`The response is about this certificate (serial ${serial}; issuer name and key hashes match, ${matchedWith.toUpperCase()} CertID).`, {
        ...details,
        hashAlgorithm: matchedWith,
      }),
      single: oneAnswer(matched),
    };
  }
  const unsupported = decoded.responses.find((r) => !["sha1", "sha256", "sha384", "sha512"].includes(r.certId.hashAlgorithm));
  return {
    j: bad(
      "indeterminate",
      "TRY_LATER",
      unsupported && decoded.responses.length === 1
        ? `The response's CertID uses an unsupported hash algorithm (${unsupported.certId.hashAlgorithm}).`
        : `The OCSP response is not about this certificate (serial ${serial}): it answers for ${decoded.responses.map((r) => `serial ${r.certId.serialNumber}`).join(", ") || "no certificate"}; the evidence holds no revocation information for the certificate.`,
      details,
    ),
  };
}

const answerText = (r: SingleResponseInfo): string =>
  r.status === "revoked"
    ? `${r.revocationReason === "certificateHold" ? "on hold since" : "revoked at"} ${r.revocationTime ?? "an unstated time"} (thisUpdate ${r.thisUpdate})`
    : `${r.status} (thisUpdate ${r.thisUpdate})`;

/**
 * One answer from the SingleResponses that name the certificate: a response may answer more than once (RFC 6960
 * allows a list). Each answer is the responder's statement, weighed by the one revocation rule
 * (src/pki/revocation.ts) as separate items are: a revocation decides over a "good" whatever their order and
 * dates (the earliest revocation); else the answers must agree ("good" answers: the latest thisUpdate); answers
 * that disagree ("good" beside "unknown" or a hold) prove nothing either way: status "unknown" with `conflict`.
 * EU DSS 5.13 takes the answer with the latest thisUpdate (DSSRevocationUtils.getLatestSingleResponse), pyHanko
 * the first one that validates (one OCSPContainer per answer, in order): either lets the order, or a "good" dated
 * later, hide a revocation the responder signed.
 */
function oneAnswer(matched: readonly SingleResponseInfo[]): SingleResponseInfo {
  if (matched.length === 1) return matched[0]!;
  const answers = matched.map(answerText);
  const revokedAt = (r: SingleResponseInfo) => (r.revocationTime ? Date.parse(r.revocationTime) : -8.64e15);
  const revoked = matched.filter((r) => r.status === "revoked" && r.revocationReason !== "certificateHold");
  if (revoked.length) return { ...revoked.reduce((a, b) => (revokedAt(b) < revokedAt(a) ? b : a)), answers };
  const kinds = new Set(matched.map((r) => (r.status === "revoked" ? "hold" : r.status)));
  if (kinds.size === 1) return { ...matched.reduce((a, b) => (Date.parse(b.thisUpdate) > Date.parse(a.thisUpdate) ? b : a)), answers };
  const { revocationTime: _t, revocationReason: _r, ...first } = matched[0]!;
  return { ...first, status: "unknown", answers, conflict: true };
}

function judgeStatus(input: OcspInput, single: SingleResponseInfo | undefined, signature: Judgement): Judgement {
  const at = input.sealingTime;
  if (!single) return bad("indeterminate", "TRY_LATER", "No single response in the OCSP response is about this certificate, so its status is unknown.");
  const details: Record<string, unknown> = { ...single };
  if (signature.status !== "passed") {
    return bad(
      "indeterminate",
      "TRY_LATER",
      `The response says "${single.status}", but it is not relied upon because its signature or responder was not verified.`,
      details,
    );
  }
  if (single.conflict)
    return bad(
      "indeterminate",
      "TRY_LATER",
      `The response answers ${single.answers!.length} times for this certificate and the answers disagree (${single.answers!.join("; ")}): none is taken as proof of its status.`,
      details,
    );
  if (single.status === "good") return ok(`The certificate was good (not revoked) according to the response of ${single.thisUpdate}.`, details);
  if (single.status === "unknown") return bad("indeterminate", "TRY_LATER", 'The responder answered "unknown": it does not know this certificate.', details);
  const revokedAt = single.revocationTime ? new Date(single.revocationTime) : null;
  const reason = single.revocationReason ? ` (reason: ${single.revocationReason})` : "";
  // certificateHold is a suspension, not a revocation (RFC 5280 §5.3.1; attack36b H1): on hold at the time is
  // INDETERMINATE/TRY_LATER, never REVOKED, and a later item of the CA that no longer lists it lifts it (the
  // caller weighs that, revocation.ts heldAt).
  if (single.revocationReason === "certificateHold") {
    details.onHold = true;
    if (revokedAt && revokedAt.getTime() > at.getTime())
      return bad(
        "warning",
        null,
        `The certificate was put on hold (suspended) at ${single.revocationTime}, after the sealing time ${at.toISOString()}.`,
        details,
      );
    return bad(
      "indeterminate",
      "TRY_LATER",
      `The certificate was on hold (suspended, certificateHold) since ${single.revocationTime ?? "an unstated time"}, at or before ${at.toISOString()}, according to the response of ${single.thisUpdate}.`,
      details,
    );
  }
  if (revokedAt && revokedAt.getTime() > at.getTime()) {
    return bad(
      "warning",
      null,
      `The certificate was revoked at ${single.revocationTime}${reason}, after the sealing time ${at.toISOString()}; it was not revoked when the token was sealed.`,
      details,
    );
  }
  const also = single.answers ? ` The same response answers ${single.answers.length} times for it (${single.answers.join("; ")}): the revocation decides.` : "";
  return bad(
    "failed",
    "REVOKED",
    `The certificate was revoked at ${single.revocationTime ?? "an unstated time"}${reason}, before the sealing time ${at.toISOString()}.${also}`,
    details,
  );
}

/**
 * The response must describe the certificate's status at the sealing time: thisUpdate ≤ sealing time
 * (+ skew) ≤ nextUpdate, and it must have been produced close before the sealing time (a configurable
 * window: the broker fetches it a few seconds before it seals) and not after it.
 */
function judgeFreshness(input: OcspInput, single: SingleResponseInfo | undefined): Judgement {
  const { decoded, sealingTime } = input;
  const producedAt = decoded.producedAt!;
  const skew = input.clockSkewSeconds * 1000;
  const window = input.freshnessWindowSeconds * 1000;
  const details: Record<string, unknown> = {
    producedAt: producedAt.toISOString(),
    thisUpdate: single?.thisUpdate,
    nextUpdate: single?.nextUpdate,
    sealingTime: sealingTime.toISOString(),
    windowSeconds: input.freshnessWindowSeconds,
    clockSkewSeconds: input.clockSkewSeconds,
    producedSecondsBeforeSealing: Math.round((sealingTime.getTime() - producedAt.getTime()) / 1000),
  };
  if (!single) return bad("indeterminate", "TRY_LATER", "No single response is about this certificate, so freshness cannot be judged.", details);
  const t = sealingTime.getTime();
  const thisUpdate = new Date(single.thisUpdate).getTime();
  const next = single.nextUpdate ? new Date(single.nextUpdate).getTime() : null;
  if (thisUpdate > producedAt.getTime() + skew) {
    return bad("failed", "FORMAT_FAILURE", `The response's thisUpdate (${single.thisUpdate}) is after its producedAt (${producedAt.toISOString()}).`, details);
  }
  if (producedAt.getTime() > t + skew) {
    return bad(
      "indeterminate",
      "TRY_LATER",
      `The response was produced at ${producedAt.toISOString()}, after the sealing time ${sealingTime.toISOString()}: it cannot be the response the broker sealed with.`,
      details,
    );
  }
  if (t - producedAt.getTime() > window) {
    return bad(
      "indeterminate",
      "TRY_LATER",
      `The response is stale: produced at ${producedAt.toISOString()}, ${Math.round((t - producedAt.getTime()) / 1000)} s before the sealing time, more than the allowed ${input.freshnessWindowSeconds} s.`,
      details,
    );
  }
  if (next !== null && next + skew < t) {
    return bad(
      "indeterminate",
      "TRY_LATER",
      `The response's nextUpdate (${single.nextUpdate}) is before the sealing time ${sealingTime.toISOString()}.`,
      details,
    );
  }
  return ok(
    `Produced ${details.producedSecondsBeforeSealing} s before the sealing time (allowed: ${input.freshnessWindowSeconds} s), current from ${single.thisUpdate}${single.nextUpdate ? ` to ${single.nextUpdate}` : ""}.`,
    details,
  );
}

/** The answer the response gives about `target` (oneAnswer of those whose CertID names it), as judgeOcsp reads it. */
export function answerAbout(decoded: DecodedOcsp, target: pkijs.Certificate, issuer: pkijs.Certificate | null): SingleResponseInfo | undefined {
  return judgeCertId({ decoded, target, issuer }).single;
}

export async function judgeOcsp(input: OcspInput): Promise<OcspJudgements> {
  const { decoded } = input;
  if (!decoded.basic) {
    const j = bad("indeterminate", "TRY_LATER", `The OCSP response status is "${decoded.responseStatus}"; it carries no certificate status.`, {
      responseStatus: decoded.responseStatus,
    });
    return { signature: j, certId: j, status: j, freshness: j };
  }
  const { j: certId, single } = judgeCertId(input);
  // A response about no certificate asked says nothing of it: its signature is not checked (a8 D2: junk responses
  // cost no arithmetic), and a response about another certificate does not look up its responder's own status.
  const { j: signature, responder } = single
    ? await judgeSignature(input, certId.status === "passed")
    : {
        j: {
          status: "skipped" as const,
          subIndication: null,
          message: "The OCSP response's signature is not checked: the response is not about this certificate.",
          details: { responderId: decoded.responderId, signatureAlgorithm: decoded.signatureAlgorithm },
        },
        responder: undefined,
      };
  const status = judgeStatus(input, single, signature);
  const freshness = judgeFreshness(input, single);
  const out: OcspJudgements = { signature, certId, status, freshness };
  if (responder) out.responder = summarize(responder);
  if (single) out.single = single;
  return out;
}

/** Finds the issuing CA of `cert` in a pool: by name, then proven by the signature. */
export async function findIssuer(session: PkiSession, cert: pkijs.Certificate, pool: readonly pkijs.Certificate[]): Promise<pkijs.Certificate | null> {
  for (const c of pool) {
    if (bytesEqual(certificateDer(c), certificateDer(cert))) continue;
    if (await issuedBy(session, cert, c)) return c;
  }
  return null;
}
