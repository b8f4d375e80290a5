// CMS SignedData (RFC 5652) as used by a PAdES seal (ETSI.CAdES.detached) and by an RFC 3161 timestamp
// token. pkijs decodes; the digest of the signed content is computed by the caller (streamed over the
// PDF's byte ranges, never copied), compared with the messageDigest attribute, and the signature over
// the signed attributes is verified with pkijs's own primitive — the same steps SignedData.verify takes,
// without needing the whole content in one buffer.
import { createHash } from "../platform/crypto.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { FormatError, LimitError, errorMessage } from "../errors.js";
import {
  DIGEST_ALGORITHMS,
  SIGNATURE_ALGORITHMS,
  UnsupportedAlgorithmError,
  createDigest,
  describeAlgorithm,
  digestAlgorithm as lookupDigest,
  eddsaDigestMismatch,
} from "./algorithms.js";
import { algorithmName, certificateDer, certificateFromDer, distinctCertificates, rememberCertificateDers, sameName } from "./certificate.js";
import {
  assertDerShape,
  bytesEqual,
  bytesOfDecoded,
  contextField,
  countDerValues,
  decodeDer,
  decodedParts,
  decodeDerZeroPadded,
  derChildren,
  derFramed,
  keepWithin,
  limitsWithin,
  ownBuffer,
  partLimits,
  readTlv,
  toHex,
  type DerLimits,
  type Tlv,
} from "./der.js";
import { crlOfParts } from "./crl.js";
import { asOcspResponse, readerMayRead } from "./ber.js";
import { MAX_IGNORED_NAMES, withoutUnsignedPastLimits, type ScreenedCms } from "./cms-unsigned.js";
import { DEFAULT_LIMITS, type Limits } from "../limits.js";
import { NOT_PLAIN, decodeWith, fromPart, refusedPart, type PartsResult, type PartsStrategy } from "./parts.js";
import { cacheSlot, type PkiCaches } from "./kept.js";
import type { PkiSession } from "./session.js";
import { latin1 } from "../platform/bytes.js";

export const CMS_OID = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificate: "1.2.840.113549.1.9.16.2.12",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  adbeRevocationInfoArchival: "1.2.840.113583.1.1.8",
} as const;

/**
 * Digest algorithms a seal may use today (ETSI TS 119 312): SHA-2 and SHA-3 of 256 bits or more, and SHAKE256
 * (512 bits, Ed448's in CMS); SHA-1 and SHA-224 are refused for new signatures.
 */
export const ACCEPTED_DIGESTS = new Set(["sha256", "sha384", "sha512", "sha3-256", "sha3-384", "sha3-512", "shake256"]);

/** The node:crypto name of a digest algorithm OID (the one table, algorithms.ts), or null when not supported. */
export function hashName(oid: string): string | null {
  return DIGEST_ALGORITHMS.get(oid)?.name ?? null;
}

export interface DecodedSignedData {
  signedData: pkijs.SignedData;
  /** Length of the DER inside a zero-padded container. */
  derLength: number;
  certificates: pkijs.Certificate[];
  /**
   * Elements of the unsigned certificate and CRL sets that do not decode on their own, left out (a11 S3c: one
   * junk element failed the whole CMS): "certificates [2]: …". Outside every signature, so no signature's problem.
   */
  ignored?: string[];
  /** How many were left out (`ignored` names the first MAX_IGNORED_NAMES). */
  ignoredCount?: number;
  /** Of those, elements of `crls` with a CRL's outline (readerMayRead): a reader may read them, so not "nothing". */
  unreadCrls?: Uint8Array[];
  /** ... and OCSP responses (id-ri-ocsp-response) of the outline a reader reads, left out past the limits. */
  unreadOcsps?: Uint8Array[];
}

/**
 * Leaves out of SignedData's `certificates` [0] and `crls` [1] every element that does not decode on its own as
 * one of the set's choices (RFC 5652 §10.2.2, §10.2.1), as BouncyCastle and pkijs read the rest. Mutates the tree;
 * says what it left out.
 */
function dropUndecodable(signedDataBlock: unknown, maxDropped: number, what: string): { ignored: string[]; ignoredCount: number; unreadCrls: Uint8Array[] } {
  const ignored: string[] = [];
  let ignoredCount = 0;
  const unreadCrls: Uint8Array[] = [];
  const fields = signedDataBlock instanceof asn1js.Sequence ? signedDataBlock.valueBlock.value : [];
  for (const field of fields) {
    if (!(field instanceof asn1js.Constructed) || field.idBlock.tagClass !== 3 || field.idBlock.tagNumber > 1) continue;
    const certs = field.idBlock.tagNumber === 0;
    field.valueBlock.value = field.valueBlock.value.filter((el, i) => {
      try {
        const one = new asn1js.Set({ value: [el] });
        if (certs) new pkijs.CertificateSet({ schema: one });
        else new pkijs.RevocationInfoChoices({ schema: one });
        return true;
      } catch (e) {
        if (++ignoredCount > maxDropped)
          throw new LimitError("maxValidationDataItems", `${what}'s unsigned parts hold more than ${maxDropped} elements that do not decode`);
        if (ignored.length < MAX_IGNORED_NAMES) ignored.push(`${certs ? "certificates" : "crls"} [${i}]: ${errorMessage(e)}`);
        const bytes = bytesOfDecoded(el);
        if (!certs && readerMayRead("crl", bytes)) unreadCrls.push(bytes);
        return false;
      }
    });
  }
  return { ignored, ignoredCount, unreadCrls };
}

/** What a CMS decode is given: the bytes, their name in messages, and whether zero padding may follow. */
export interface SignedDataBytes {
  bytes: Uint8Array;
  what: string;
  padded: boolean;
}

/** SignedData by parts (certificates through the pool, archived CRLs through the CRL pool) or, off the plain shape, whole. */
export const SIGNED_DATA_DECODING: PartsStrategy<SignedDataBytes, DecodedSignedData> = {
  byParts: ({ bytes, what, padded }, session) => signedDataByParts(bytes, what, session, padded),
  whole: ({ bytes, what, padded }, session) => decodeSignedDataWhole(bytes, what, session, padded),
};

/** Decodes a ContentInfo holding SignedData; `padded` accepts the zero padding of a PDF /Contents. */
export function decodeSignedData(bytes: Uint8Array, what: string, session: PkiSession, padded = false): DecodedSignedData {
  // A timestamp token the seal's SignerInfo was decoded with (by parts, within limits no looser than these):
  // decoding the same bytes again gives the same answer.
  const known = !padded && bytes instanceof TimestampTokenBytes ? bytes.decoded : undefined;
  if (known && session.byParts && known.caches === session.caches && limitsWithin(known.limits, session.limits)) return known.value;
  return decodeWith(SIGNED_DATA_DECODING, { bytes, what, padded }, session);
}

/** What a timestamp token decoded by parts inside a seal's SignerInfo was decoded to, and within which limits. */
interface DecodedToken {
  value: DecodedSignedData;
  limits: DerLimits;
  caches: PkiCaches;
}

/** A timestamp token's bytes (timestampTokens) that carry what they were decoded to with the seal. */
class TimestampTokenBytes extends Uint8Array {
  decoded?: DecodedToken;
}

/**
 * The value of a by-parts SignerInfo's signature-time-stamp-token attribute: the token's bytes and what they
 * decoded to (by parts, once), not its asn1js tree. timestampTokens answers from it.
 */
class TimestampTokenValue extends asn1js.Sequence {
  constructor(
    private readonly token: Uint8Array,
    private readonly decoded: DecodedToken,
  ) {
    super();
  }

  /** A copy of the token's bytes, carrying what they decoded to. */
  bytes(): TimestampTokenBytes {
    const copy = new TimestampTokenBytes(this.token);
    copy.decoded = this.decoded;
    return copy;
  }
}

// DER of the OID id-signedData, as ContentInfo.contentType carries it.
const SIGNED_DATA_OID_DER = Uint8Array.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]);
// More parts than this (certificates, CRLs, signers) is no broker CMS: the whole path reads it.
const MAX_PARTS = 64;

/**
 * The same SignedData decoded part by part: certificates through the certificate pool (the seal's, the
 * TSA's, their CAs' repeat across archives), the other fields by pkijs's own classes, and the schema of
 * SignedData (pkijs rebuilds it, with every CertificateChoices alternative, for each decode) skipped.
 * Only for plain DER of the usual shape, within the limits of the whole; anything else is NOT_PLAIN, and
 * decodeSignedDataWhole decides, so that errors and limits read exactly as they always did.
 */
export function signedDataByParts(bytes: Uint8Array, what: string, session: PkiSession, padded = false): PartsResult<DecodedSignedData> {
  const limits = session.limits;
  try {
    const top = bytes.length > 0 ? readTlv(bytes, 0, bytes.length) : null;
    if (!top || top.tag !== 0x30 || top.end > limits.maxDerBytes || (!padded && top.end !== bytes.length)) return NOT_PLAIN;
    const length = top.end;
    for (let i = length; i < bytes.length; i++) if (bytes[i] !== 0) return NOT_PLAIN;
    const der = bytes.subarray(0, length);
    assertDerShape(der, limits, what);
    const ci = one(der, 0, der.length, 0x30);
    const ciFields = ci && derChildren(der, ci.body, ci.end);
    if (!ciFields || ciFields.length !== 2 || ciFields[1]!.tag !== 0xa0 || !bytesEqual(slice(der, ciFields[0]!), SIGNED_DATA_OID_DER)) return NOT_PLAIN;
    const sd = one(der, ciFields[1]!.body, ciFields[1]!.end, 0x30);
    const f = sd && derChildren(der, sd.body, sd.end);
    if (!f) return NOT_PLAIN;
    let i = 0;
    const [version, digestAlgorithms, encap] = [f[i++], f[i++], f[i++]];
    const certs = f[i]?.tag === 0xa0 ? f[i++] : undefined;
    const crls = f[i]?.tag === 0xa1 ? f[i++] : undefined;
    const signers = f[i++];
    if (i !== f.length || version?.tag !== 0x02 || digestAlgorithms?.tag !== 0x31 || encap?.tag !== 0x30 || signers?.tag !== 0x31) return NOT_PLAIN;
    const algItems = derChildren(der, digestAlgorithms.body, digestAlgorithms.end);
    const certItems = certs ? derChildren(der, certs.body, certs.end) : [];
    const crlItems = crls ? derChildren(der, crls.body, crls.end) : [];
    const signerItems = derChildren(der, signers.body, signers.end);
    if (!algItems || !certItems || !crlItems || !signerItems || signerItems.length === 0) return NOT_PLAIN;
    // Other certificate and revocation formats: the whole-value path handles them.
    if (certItems.some((t) => t.tag !== 0x30) || crlItems.some((t) => t.tag !== 0x30)) return NOT_PLAIN;
    const parts = 2 + algItems.length + certItems.length + crlItems.length + signerItems.length;
    if (parts > MAX_PARTS) return NOT_PLAIN;
    const budget = partLimits(limits, parts, 16);
    if (!budget) return NOT_PLAIN;
    // A timestamp token handed out by bytesOfDecoded: its parts are in the tree of the SignerInfo it came from.
    const known = padded ? undefined : decodedParts(bytes);
    const inTree = (t: Tlv): asn1js.AsnType | undefined => {
      const part = known?.get(t.start);
      return part && part.valueBeforeDecodeView.byteLength === t.end - t.start ? part : undefined;
    };
    const decode = (t: Tlv): asn1js.AsnType => inTree(t) ?? decodeDer(slice(der, t), what, budget);
    const versionBlock = decode(version);
    if (!(versionBlock instanceof asn1js.Integer)) return NOT_PLAIN;
    const inParts = session.within(budget);
    const certificates = certItems.map((t) => certificateFromDer(slice(der, t), what, inParts));
    const signedData = new pkijs.SignedData({
      version: versionBlock.valueBlock.valueDec,
      digestAlgorithms: algItems.map((t) => fromPart(() => new pkijs.AlgorithmIdentifier({ schema: decode(t) }))),
      encapContentInfo: fromPart(() => new pkijs.EncapsulatedContentInfo({ schema: decode(encap) })),
      ...(certs ? { certificates } : {}),
      ...(crls ? { crls: crlItems.map((t) => fromPart(() => new pkijs.CertificateRevocationList({ schema: decode(t) }))) } : {}),
      // A SignerInfo already in a tree (a timestamp token the seal was decoded whole with) is taken from it.
      signerInfos: signerItems.map(
        (t) => (inTree(t) ? null : signerInfoByParts(der, t, inParts)) ?? fromPart(() => new pkijs.SignerInfo({ schema: decode(t) })),
      ),
    });
    return { signedData, derLength: length, certificates };
  } catch (e) {
    return refusedPart(e);
  }
}

// DER of the OID adbe-revocationInfoArchival, as an Attribute's type carries it.
const ADBE_REVOCATION_OID_DER = Uint8Array.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x2f, 0x01, 0x01, 0x08]);

/** The value of a by-parts SignerInfo's adbe-revocationInfoArchival: the archived items' bytes, not their tree. */
class ArchivedRevocation extends asn1js.Sequence {
  constructor(readonly archived: { crls: Uint8Array[]; ocsps: Uint8Array[] }) {
    super();
  }
}

/**
 * A SignerInfo by parts: every field and attribute by asn1js and pkijs, without pkijs's schema of the whole
 * SignerInfo (a timestamp token's, say). A seal's adbe-revocationInfoArchival, when present, must hold CRLs:
 * they (a real CA's is ~80 KB, ~10,000 ASN.1 values, unique to no archive) are taken by crlOfParts (once per
 * distinct CRL) instead of being decoded by asn1js with every seal, and the attribute keeps a placeholder
 * value; revocationArchival answers from the parts. Null for any other shape or beyond the node budget of
 * the whole, and the SignerInfo is decoded whole.
 */
function signerInfoByParts(der: Uint8Array, t: Tlv, session: PkiSession): PartsResult<pkijs.SignerInfo> {
  const limits = session.limits;
  const f = derChildren(der, t.body, t.end);
  if (!f || f.length < 6 || f.length > 7) return NOT_PLAIN;
  const [version, sid, digestAlgorithm, signedAttrs, signatureAlgorithm, signature, unsignedAttrs] = f;
  if (version!.tag !== 0x02 || (sid!.tag !== 0x30 && sid!.tag !== 0x80) || digestAlgorithm!.tag !== 0x30 || signedAttrs!.tag !== 0xa0) return NOT_PLAIN;
  if (signatureAlgorithm!.tag !== 0x30 || signature!.tag !== 0x04 || (unsignedAttrs && unsignedAttrs.tag !== 0xa1)) return NOT_PLAIN;
  const attrs = derChildren(der, signedAttrs!.body, signedAttrs!.end);
  if (!attrs || attrs.length === 0 || attrs.some((a) => a.tag !== 0x30)) return NOT_PLAIN;
  const adbe = attrs.filter((a) => {
    const oid = readTlv(der, a.body, a.end);
    return oid !== null && bytesEqual(slice(der, oid), ADBE_REVOCATION_OID_DER);
  });
  if (adbe.length > 1) return NOT_PLAIN;
  const archival = adbe.length === 1 ? archivedRevocationByParts(der, adbe[0]!, session) : { archived: null, nodes: 0 };
  if (!archival) return NOT_PLAIN;
  let nodes = archival.nodes;
  for (const x of [
    version!,
    sid!,
    digestAlgorithm!,
    signatureAlgorithm!,
    signature!,
    ...(unsignedAttrs ? [unsignedAttrs] : []),
    ...attrs.filter((x) => x !== adbe[0]),
  ]) {
    const k = countDerValues(der, x);
    if (k === null) return NOT_PLAIN;
    nodes += k;
  }
  if (nodes + 2 > limits.maxAsn1Nodes) return NOT_PLAIN; // + the SignerInfo and its [0]
  const part = (x: Tlv): asn1js.AsnType => decodeDer(slice(der, x), "the seal", limits);
  const versionBlock = part(version!);
  const sidValue =
    sid!.tag === 0x30
      ? repeatedPart(session, "sid", slice(der, sid!), () => fromPart(() => new pkijs.IssuerAndSerialNumber({ schema: part(sid!) })))
      : part(sid!);
  const algorithm = (x: Tlv): pkijs.AlgorithmIdentifier =>
    repeatedPart(session, "algorithm", slice(der, x), () => fromPart(() => new pkijs.AlgorithmIdentifier({ schema: part(x) })));
  const attribute = (x: Tlv): pkijs.Attribute => {
    const make = () => fromPart(() => new pkijs.Attribute({ schema: part(x) }));
    const type = readTlv(der, x.body, x.end);
    return type && REPEATING_ATTRIBUTES.some((oid) => bytesEqual(slice(der, type), oid)) ? repeatedPart(session, "attribute", slice(der, x), make) : make();
  };
  const signatureBlock = part(signature!);
  if (!(versionBlock instanceof asn1js.Integer) || !(signatureBlock instanceof asn1js.OctetString)) return NOT_PLAIN;
  const placeholder = archival.archived && new ArchivedRevocation(archival.archived);
  const encodedValue = der.slice(signedAttrs!.start, signedAttrs!.end);
  encodedValue[0] = 0x31; // signed as a SET (RFC 5652 §5.4), as pkijs sets it
  return new pkijs.SignerInfo({
    version: versionBlock.valueBlock.valueDec,
    sid: sidValue,
    digestAlgorithm: algorithm(digestAlgorithm!),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      encodedValue: encodedValue.buffer,
      attributes: attrs.map((x) =>
        placeholder && x === adbe[0] ? new pkijs.Attribute({ type: CMS_OID.adbeRevocationInfoArchival, values: [placeholder] }) : attribute(x),
      ),
    }),
    signatureAlgorithm: algorithm(signatureAlgorithm!),
    signature: signatureBlock,
    ...(unsignedAttrs
      ? {
          unsignedAttrs:
            unsignedAttrsByParts(der, unsignedAttrs, session) ??
            fromPart(() => new pkijs.SignedAndUnsignedAttributes({ type: 1, schema: part(unsignedAttrs) })),
        }
      : {}),
  });
}

// DER of the OIDs of the signed attributes that repeat across one signer's seals or timestamps: content type,
// signing certificate (v1, v2). Message digests and signing times are every SignerInfo's own.
const REPEATING_ATTRIBUTES = [
  Uint8Array.from([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x03]),
  Uint8Array.from([0x06, 0x0b, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x02, 0x2f]),
  Uint8Array.from([0x06, 0x0b, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x02, 0x0c]),
];

// The parts of SignerInfos that repeat across one signer's seals and timestamps (its sid, its algorithms, the
// attributes above) are decoded once per session, by their exact bytes, with the tightest limits they were
// decoded within: within tighter ones they are decoded again (and refused as a first decode would be), as
// pooled certificates are. Pooled objects are read, never changed.
const MAX_REPEATED_PARTS = 512;
const MAX_REPEATED_PART_BYTES = 2048;
const REPEATED_PARTS = cacheSlot("SignerInfo parts by DER", () => new Map<string, { value: unknown; limits: DerLimits }>());

function repeatedPart<T>(session: PkiSession, kind: string, bytes: Uint8Array, make: () => T): T {
  if (bytes.length > MAX_REPEATED_PART_BYTES) return make();
  const kept = session.cache(REPEATED_PARTS);
  const key = `${kind}:${latin1(bytes)}`;
  const hit = kept.get(key);
  if (hit) {
    keepWithin(hit, session.limits, make); // within these limits too, or refused as a first decode would be
    kept.delete(key);
    kept.set(key, hit); // most recently used last
    return hit.value as T;
  }
  const value = make();
  if (kept.size >= MAX_REPEATED_PARTS) kept.delete(kept.keys().next().value!);
  kept.set(key, { value, limits: session.limits });
  return value;
}

/**
 * A seal's adbe-revocationInfoArchival attribute by parts, when it holds CRLs: its CRLs through crlOfParts,
 * its OCSP responses as bytes (asn1js accepts each), and the ASN.1 values the attribute counts. Null for
 * any other shape.
 */
function archivedRevocationByParts(
  der: Uint8Array,
  attribute: Tlv,
  session: PkiSession,
): { archived: { crls: Uint8Array[]; ocsps: Uint8Array[] }; nodes: number } | null {
  const limits = session.limits;
  // RevocationInfoArchival ::= SEQUENCE { crl [0] EXPLICIT SEQUENCE OF CRL, ocsp [1] EXPLICIT SEQUENCE OF OCSPResponse }
  const a = derChildren(der, attribute.body, attribute.end);
  const values = a?.length === 2 && a[1]!.tag === 0x31 ? derChildren(der, a[1]!.body, a[1]!.end) : null;
  const items = values?.length === 1 && values[0]!.tag === 0x30 ? derChildren(der, values[0]!.body, values[0]!.end) : null;
  if (!items || items.length === 0 || items.length > 2 || items.some((x) => x.tag !== 0xa0 && x.tag !== 0xa1)) return NOT_PLAIN;
  const archived = { crls: [] as Uint8Array[], ocsps: [] as Uint8Array[] };
  let nodes = 4 + 2 * items.length; // attribute, type, SET, SEQUENCE; each [n] and its SEQUENCE OF
  for (const item of items) {
    const list = derChildren(der, item.body, item.end);
    const elements = list?.length === 1 && list[0]!.tag === 0x30 ? derChildren(der, list[0]!.body, list[0]!.end) : null;
    if (!elements || elements.some((e) => e.tag !== 0x30)) return NOT_PLAIN;
    for (const e of elements) {
      const bytes = der.slice(e.start, e.end);
      if (item.tag === 0xa0) {
        const crl = crlOfParts(bytes, session);
        if (!crl) return NOT_PLAIN;
        nodes += crl.nodes;
        archived.crls.push(bytes);
      } else {
        const k = countDerValues(der, e);
        if (k === null) return NOT_PLAIN;
        decodeDer(bytes, "the seal", limits); // asn1js accepts it, as in the whole SignerInfo
        nodes += k;
        archived.ocsps.push(bytes);
      }
    }
  }
  return archived.crls.length === 0 ? null : { archived, nodes };
}

// DER of the OID id-aa-signatureTimeStampToken, as an Attribute's type carries it.
const TIMESTAMP_TOKEN_OID_DER = Uint8Array.from([0x06, 0x0b, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x02, 0x0e]);

/**
 * A seal's unsigned attributes by parts: each signature timestamp token decoded by parts (its certificates
 * through the pool) once, here, and handed to the timestamp check by timestampTokens, instead of an asn1js
 * tree of the whole token that the check then decodes again; other attributes by asn1js and pkijs. The
 * caller has counted the attributes' values against the node budget and checked the shape of the whole.
 * Null for any other shape, or a token that does not decode by parts: the attributes are then decoded whole.
 */
function unsignedAttrsByParts(der: Uint8Array, t: Tlv, session: PkiSession): PartsResult<pkijs.SignedAndUnsignedAttributes> {
  const items = derChildren(der, t.body, t.end);
  if (!items || items.length === 0 || items.some((a) => a.tag !== 0x30)) return NOT_PLAIN;
  const attributes: pkijs.Attribute[] = [];
  for (const item of items) {
    const f = derChildren(der, item.body, item.end);
    if (f?.length === 2 && f[1]!.tag === 0x31 && bytesEqual(slice(der, f[0]!), TIMESTAMP_TOKEN_OID_DER)) {
      const values = derChildren(der, f[1]!.body, f[1]!.end);
      if (!values || values.length === 0 || values.some((v) => v.tag !== 0x30)) return NOT_PLAIN;
      const tokens: TimestampTokenValue[] = [];
      for (const v of values) {
        const token = der.slice(v.start, v.end);
        const value = signedDataByParts(token, "the timestamp token", session);
        if (!value) return NOT_PLAIN;
        tokens.push(new TimestampTokenValue(token, { value, limits: session.limits, caches: session.caches }));
      }
      attributes.push(new pkijs.Attribute({ type: CMS_OID.signatureTimeStampToken, values: tokens }));
    } else attributes.push(fromPart(() => new pkijs.Attribute({ schema: decodeDer(slice(der, item), "the seal", session.limits) })));
  }
  const encodedValue = der.slice(t.start, t.end);
  encodedValue[0] = 0x31; // as pkijs keeps it
  return new pkijs.SignedAndUnsignedAttributes({ type: 1, encodedValue: encodedValue.buffer, attributes });
}

function slice(der: Uint8Array, t: Tlv): Uint8Array {
  return der.subarray(t.start, t.end);
}

/** The single TLV filling `[start, end)`, if it has this tag. */
function one(der: Uint8Array, start: number, end: number, tag: number): Tlv | null {
  const t = derChildren(der, start, end);
  return t && t.length === 1 && t[0]!.tag === tag ? t[0]! : null;
}

export function decodeSignedDataWhole(bytes: Uint8Array, what: string, session: PkiSession, padded: boolean): DecodedSignedData {
  const limits = session.limits;
  // BER framing read as DER (the certificates' and CRLs' too), as BouncyCastle reads a CMS (a11 G1b): a BER-framed
  // certificate's bytes would match neither its ESS hash nor its CA's signature. Content bytes are unchanged.
  // Past a limit or off BER, the plain decode below says why, as it always did.
  let ber: ReturnType<typeof derFramed> = null;
  try {
    ber = derFramed(bytes, limits, what);
  } catch (e) {
    // Past a limit: an unsigned element's (left out, below), or said below as it always was.
    const without = e instanceof LimitError ? withoutUnsignedPastLimits(bytes, limits, what, padded) : null;
    if (without) return withoutElements(without, session, what);
  }
  const rest = ber ? bytes.subarray(ber.end) : null;
  if (ber && rest && (padded ? rest.every((b) => b === 0) : rest.length === 0) && !bytesEqual(ber.der, bytes.subarray(0, ber.end))) {
    return { ...decodeSignedDataWhole(ber.der, what, session, false), derLength: ber.end };
  }
  let decodedWhole: { value: asn1js.AsnType; length: number };
  try {
    decodedWhole = padded ? decodeDerZeroPadded(bytes, what, limits) : { value: decodeDer(bytes, what, limits), length: bytes.length };
  } catch (e) {
    // A limit reached inside an unsigned element is that element's problem (a13 S3e: 70 nested SEQUENCEs among
    // the seal's CRLs, DER or BER, were the seal's FORMAT_FAILURE, the real archive too; a15: the same as the
    // value of an unsigned attribute, or inside the signature timestamp token's own sets).
    const without = e instanceof LimitError ? withoutUnsignedPastLimits(bytes, limits, what, padded) : null;
    if (!without) throw e;
    return withoutElements(without, session, what);
  }
  const { value, length } = decodedWhole;
  let signedData: pkijs.SignedData;
  let signedDataBlock: unknown;
  let dropped: { ignored: string[]; ignoredCount: number; unreadCrls: Uint8Array[] } | undefined;
  try {
    const ci = new pkijs.ContentInfo({ schema: value });
    if (ci.contentType !== CMS_OID.signedData) throw new FormatError(`${what} is CMS of type ${ci.contentType}, not SignedData`);
    signedDataBlock = ci.content;
    try {
      signedData = new pkijs.SignedData({ schema: ci.content });
    } catch (e) {
      // An element of an unsigned set that does not decode is that element's problem, not the CMS's (a11 S3c).
      // First, in one linear walk of the framing, those without the outline of any of the set's choices (no pkijs
      // schema: a13 D3c, 1.8 ms an element; junk anyone adds spends no deciding budget); then each other one by
      // pkijs, those it refuses counted against maxValidationDataItems.
      const without = withoutUnsignedPastLimits(bytes, limits, what, padded, true);
      if (without) return withoutElements(without, session, what);
      dropped = dropUndecodable(signedDataBlock, maxDropped(limits), what);
      if (!dropped.ignoredCount) throw e;
      signedData = new pkijs.SignedData({ schema: ci.content });
    }
  } catch (e) {
    if (e instanceof FormatError) throw e;
    throw new FormatError(`${what} is not a CMS SignedData (${errorMessage(e)})`);
  }
  if (signedData.signerInfos.length === 0) throw new FormatError(`${what} has no SignerInfo`);
  const certificates = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  // certificates [0] IMPLICIT SET OF: keep the bytes each certificate came in.
  rememberCertificateDers(signedData.certificates, contextField(signedDataBlock, 0)?.valueBlock.value);
  return { signedData, derLength: length, certificates, ...(dropped?.ignoredCount ? dropped : {}) };
}

/** The CMS decoded without the unsigned elements past the limits, which are named among those ignored. */
function withoutElements(without: ScreenedCms, session: PkiSession, what: string): DecodedSignedData {
  const d = decodeSignedDataWhole(without.der, what, session, false);
  const ignored = [...without.ignored, ...(d.ignored ?? [])].slice(0, MAX_IGNORED_NAMES);
  const unreadCrls = [...without.unreadCrls, ...(d.unreadCrls ?? [])];
  const unreadOcsps = [...without.unreadOcsps, ...(d.unreadOcsps ?? [])];
  return {
    ...d,
    derLength: without.end,
    ignored,
    ignoredCount: without.count + (d.ignoredCount ?? 0),
    ...(unreadCrls.length ? { unreadCrls } : {}),
    ...(unreadOcsps.length ? { unreadOcsps } : {}),
  };
}

/** maxValidationDataItems of the session's limits (the whole Limits, as the session is made with), or its default. */
function maxDropped(limits: DerLimits): number {
  return (limits as Partial<Limits>).maxValidationDataItems ?? DEFAULT_LIMITS.maxValidationDataItems;
}

export function signedAttribute(si: pkijs.SignerInfo, oid: string): pkijs.Attribute[] {
  return si.signedAttrs?.attributes.filter((a) => a.type === oid) ?? [];
}

/** The signed signingTime attribute's time (RFC 5652 §11.3), when there is exactly one that reads as a time. */
export function signingTime(si: pkijs.SignerInfo): Date | undefined {
  const attrs = signedAttribute(si, CMS_OID.signingTime);
  const v = attrs.length === 1 && attrs[0]!.values.length === 1 ? attrs[0]!.values[0] : undefined;
  const t = v instanceof asn1js.UTCTime || v instanceof asn1js.GeneralizedTime ? v.toDate() : undefined;
  return t && Number.isFinite(t.getTime()) ? t : undefined;
}

export function unsignedAttribute(si: pkijs.SignerInfo, oid: string): pkijs.Attribute[] {
  return si.unsignedAttrs?.attributes.filter((a) => a.type === oid) ?? [];
}

/**
 * Every certificate of `certs` the SignerInfo's sid designates (issuerAndSerialNumber or subjectKeyIdentifier),
 * once each by its DER. The certificate set is outside what any signature covers: anyone may add to it.
 */
export function signerCandidates(si: pkijs.SignerInfo, certs: readonly pkijs.Certificate[]): pkijs.Certificate[] {
  let matches: pkijs.Certificate[];
  if (si.sid instanceof pkijs.IssuerAndSerialNumber) {
    const sid = si.sid;
    matches = certs.filter((c) => sameName(c.issuer, sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  } else {
    const sid = si.sid as asn1js.Constructed & asn1js.Primitive;
    const keyId: Uint8Array | undefined = sid.idBlock?.isConstructed
      ? (sid.valueBlock.value[0] as asn1js.OctetString | undefined)?.valueBlock.valueHexView
      : (sid as asn1js.Primitive).valueBlock?.valueHexView;
    if (!keyId) return [];
    // As BouncyCastle's SignerId and NSS match it (a18 S5): the certificate's subjectKeyIdentifier extension where it
    // has one (RFC 5652 §5.3), else the SHA-1 of its key (RFC 5280 §4.2.1.2, method 1).
    matches = certs.filter((c) => {
      const ski = c.extensions?.find((e) => e.extnID === "2.5.29.14" && e.parsedValue);
      if (ski) return bytesEqual((ski.parsedValue as { valueBlock: { valueHexView: Uint8Array } }).valueBlock.valueHexView, keyId);
      return bytesEqual(createHash("sha1").update(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest(), keyId);
    });
  }
  return matches.length <= 1 ? matches : distinctCertificates(matches);
}

/**
 * The certificate a SignerInfo's sid designates. Where several do (a6 S3: a decoy with the signer's issuer and
 * serial added to the unsigned certificate set) the one the signed ESS, the one the signed ESS signing-certificate attribute names by
 * hash; `verifySigner` also tries the others' keys when that one's does not verify.
 */
export function findSignerCertificate(si: pkijs.SignerInfo, certs: readonly pkijs.Certificate[]): pkijs.Certificate | null {
  const candidates = signerCandidates(si, certs);
  if (candidates.length <= 1) return candidates[0] ?? null;
  return candidates.find((c) => essBinding(si, c).matches) ?? candidates[0]!;
}

export interface SignerVerification {
  signerCert: pkijs.Certificate | null;
  digestAlgorithm: string;
  signatureAlgorithm: string;
  contentType?: string;
  messageDigest?: string;
  computedDigest?: string;
  messageDigestMatches: boolean;
  signatureValid: boolean;
  hasSigningTime: boolean;
  ess: { present: "v2" | "v1" | "none"; matches: boolean; hashAlgorithm?: string };
  problems: string[];
  /** How many other certificates of the CMS the sid designates (none decides: see `findSignerCertificate`). */
  otherCandidates?: number;
  /** Of those, how many carry the signer's own public key (the signature verifies with them too; a10). */
  otherCandidatesSameKey?: number;
  /**
   * The first certificate of the CMS the sid designates, when it is another than `signerCert` and the signature
   * verifies with `signerCert` (a8 S3, a19 K1): readers that take the first match (EU DSS, NSS behind pdfsig) judge
   * the signature by it, so they show another signer, a broken or an unbound signature.
   */
  firstCandidate?: pkijs.Certificate;
  /** `firstCandidate` carries the signer's own key (the signature verifies with it too; a10's decoy). */
  firstCandidateSameKey?: true;
  /**
   * An algorithm sealcheck cannot verify or does not accept here (the digest, the signature algorithm, the
   * key, or a pairing RFC 8419 does not allow): the signature was not checked, so neither valid nor broken.
   * The checks report INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE with `message`.
   */
  unsupported?: { code: UnsupportedAlgorithmError["code"] | "ERR_ALGORITHM_PAIRING"; oid: string; algorithm: string; message: string };
}

/** The `unsupported` of a SignerVerification for a caught error, or undefined for any other error. */
export function unsupportedOf(e: unknown): SignerVerification["unsupported"] {
  return e instanceof UnsupportedAlgorithmError ? { code: e.code, oid: e.oid, algorithm: e.algorithm, message: e.message } : undefined;
}

/**
 * Verifies SignerInfo `index` against the digest of the signed content. `digestOf(alg)` returns that
 * digest for a hash name (the caller streams the content). Never throws for bad input: problems listed.
 */
export async function verifySigner(
  session: PkiSession,
  decoded: DecodedSignedData,
  index: number,
  digestOf: (alg: string) => Promise<Uint8Array> | Uint8Array,
): Promise<SignerVerification> {
  const si = decoded.signedData.signerInfos[index]!;
  const problems: string[] = [];
  const digestAlgorithm = hashName(si.digestAlgorithm.algorithmId) ?? si.digestAlgorithm.algorithmId;
  const out: SignerVerification = {
    signerCert: findSignerCertificate(si, decoded.certificates),
    digestAlgorithm,
    signatureAlgorithm: algorithmName(si.signatureAlgorithm.algorithmId),
    messageDigestMatches: false,
    signatureValid: false,
    hasSigningTime: signedAttribute(si, CMS_OID.signingTime).length > 0,
    ess: { present: "none", matches: false },
    problems,
  };
  if (!si.signedAttrs) {
    problems.push("the SignerInfo has no signed attributes (CAdES requires them)");
    return out;
  }
  const ct = signedAttribute(si, CMS_OID.contentType);
  const md = signedAttribute(si, CMS_OID.messageDigest);
  if (ct.length !== 1 || md.length !== 1) problems.push("the signed attributes must hold exactly one contentType and one messageDigest");
  const ctValue = ct[0]?.values?.[0];
  if (ctValue instanceof asn1js.ObjectIdentifier) out.contentType = ctValue.valueBlock.toString();
  const mdValue = md[0]?.values?.[0];
  if (mdValue instanceof asn1js.OctetString) out.messageDigest = toHex(mdValue.valueBlock.valueHexView);
  try {
    lookupDigest(si.digestAlgorithm.algorithmId);
  } catch (e) {
    out.unsupported = unsupportedOf(e);
    problems.push(`unsupported digest algorithm ${describeAlgorithm(si.digestAlgorithm.algorithmId)}`);
    return out;
  }
  const computed = await digestOf(digestAlgorithm);
  out.computedDigest = toHex(computed);
  out.messageDigestMatches = out.messageDigest !== undefined && out.messageDigest === out.computedDigest;
  if (!out.signerCert) {
    problems.push("the signer's certificate is not among the CMS certificates");
    return out;
  }
  try {
    const v = await verifyByCandidates(session, si, decoded.certificates, out.signerCert, si.signedAttrs.encodedValue, digestAlgorithm);
    out.signerCert = v.signer;
    out.signatureValid = v.valid;
  } catch (e) {
    out.unsupported = unsupportedOf(e);
    problems.push(out.unsupported ? out.unsupported.message : `the signature could not be verified (${errorMessage(e)})`);
  }
  const candidates = signerCandidates(si, decoded.certificates);
  const decoys = candidates.length - 1;
  if (decoys > 0) {
    out.otherCandidates = decoys;
    const signer = out.signerCert;
    if (out.signatureValid && !bytesEqual(certificateDer(candidates[0]!), certificateDer(signer))) out.firstCandidate = candidates[0]!;
    const spki = (c: pkijs.Certificate) => c.subjectPublicKeyInfo.toSchema().toBER(false);
    const own = new Uint8Array(spki(signer));
    const sameKey = candidates.filter((c) => c !== signer && bytesEqual(new Uint8Array(spki(c)), own)).length;
    if (sameKey > 0) out.otherCandidatesSameKey = sameKey;
    if (out.firstCandidate && bytesEqual(new Uint8Array(spki(out.firstCandidate)), own)) out.firstCandidateSameKey = true;
  }
  const pairing = eddsaDigestMismatch(si.signatureAlgorithm.algorithmId, digestAlgorithm);
  if (out.signatureValid && pairing) {
    // The value verifies (PureEdDSA does not depend on the digest), but the pairing is not one RFC 8419 allows.
    out.unsupported = {
      code: "ERR_ALGORITHM_PAIRING",
      oid: si.digestAlgorithm.algorithmId,
      algorithm: digestAlgorithm,
      message: pairing,
    };
    problems.push(pairing);
  }
  const implied = SIGNATURE_HASH[si.signatureAlgorithm.algorithmId];
  if (out.signatureValid && implied !== undefined && implied !== digestAlgorithm) {
    // OpenSSL and NSS hash the signed attributes with the digest algorithm, pkijs with the signature
    // algorithm's: a SignerInfo that names two hashes verifies for one reader and not the other.
    problems.push(`the digest algorithm (${digestAlgorithm}) and the signature algorithm (${implied}) name different hashes`);
    out.signatureValid = false;
  }
  out.ess = essBinding(si, out.signerCert);
  return out;
}

/** What decides a CMS with more than one SignerInfo: the one judged, and each other one, ignored, and why. */
export interface DecidingSigner {
  index: number;
  verification: SignerVerification;
  /** The other SignerInfos (at most 20 named), ignored: "signerInfos [1]: its signature does not verify". */
  others: string[];
  otherCount: number;
  /**
   * The certificate the first SignerInfo designates when another decides and it has other names: readers
   * that judge signerInfos[0] (poppler/NSS, EU DSS) show it as the signer (a17 S1).
   */
  firstShowsOther?: pkijs.Certificate;
}

/**
 * The SignerInfo that decides a CMS over its signed content (a13 S3d): the `signerInfos` SET lies outside every
 * signature (RFC 5652 §5.1), so anyone may add a SignerInfo, and its count or order is no fact about the signer.
 * The one judged is the first whose signature verifies over the content (messageDigest matches, signature valid
 * with the certificate its sid designates), one bound to that certificate by its ESS attribute and whose
 * certificate `preferred` accepts first (the seal's own signer, so that a SignerInfo by another key over the same
 * bytes never takes its place); when none does, the
 * first, whose verdict then stands. The content's digest is computed once per algorithm. More SignerInfos than
 * maxValidationDataItems: a LimitError (not decided).
 */
export async function decidingSigner(
  session: PkiSession,
  decoded: DecodedSignedData,
  digestOf: (alg: string) => Promise<Uint8Array> | Uint8Array,
  maxItems: number,
  preferred: (cert: pkijs.Certificate) => boolean = () => true,
): Promise<DecidingSigner> {
  const n = decoded.signedData.signerInfos.length;
  if (n > maxItems) throw new LimitError("maxValidationDataItems", `the CMS has ${n} SignerInfos`);
  const digests = new Map<string, Promise<Uint8Array> | Uint8Array>();
  const once = (alg: string) => {
    if (!digests.has(alg)) digests.set(alg, digestOf(alg));
    return digests.get(alg)!;
  };
  const results: SignerVerification[] = [];
  for (let i = 0; i < n; i++) results.push(await verifySigner(session, decoded, i, once));
  const verifies = (v: SignerVerification) => v.messageDigestMatches && v.signatureValid && v.signerCert !== null && !v.unsupported;
  // Bound first: a SignerInfo whose ESS signing-certificate attribute names the certificate it verified with (a17
  // S2: a copy of the genuine one whose unsigned sid names a decoy with the seal's names and key verified too, and,
  // taken first, made the seal NO_SIGNING_CERTIFICATE_FOUND).
  const bound = (v: SignerVerification) => verifies(v) && v.ess.matches;
  const order = [
    (v: SignerVerification) => bound(v) && preferred(v.signerCert!),
    (v: SignerVerification) => verifies(v) && preferred(v.signerCert!),
    bound,
    verifies,
  ];
  let index = -1;
  for (const take of order) if (index < 0) index = results.findIndex(take);
  if (index < 0) index = 0;
  const chosen = decoded.signedData.signerInfos[index]!;
  const named: string[] = [];
  results.forEach((v, i) => {
    if (i === index) return;
    const si = decoded.signedData.signerInfos[i]!;
    const why = bytesEqual(new Uint8Array(si.toSchema().toBER(false)), new Uint8Array(chosen.toSchema().toBER(false)))
      ? "a copy of the one judged"
      : verifies(v)
        ? "another signature over the same content, by a certificate not preferred"
        : `its signature does not verify${v.problems.length ? ` (${v.problems[0]})` : ""}`;
    named.push(`signerInfos [${i}]: ${why}`);
  });
  const first = results[0]?.signerCert ?? null;
  const judged = results[index]!.signerCert;
  // What a reader shows of a signer is its names: a certificate with the judged one's subject and issuer shows alike.
  const shown = index > 0 && first !== null && (judged === null || !sameName(first.subject, judged.subject) || !sameName(first.issuer, judged.issuer));
  return { index, verification: results[index]!, others: named.slice(0, 20), otherCount: named.length, ...(shown ? { firstShowsOther: first } : {}) };
}

/** The CMS with SignerInfo `index` as its only one (the one that decides it); the decoded value is not changed. */
export function withOnlySigner(decoded: DecodedSignedData, index: number): DecodedSignedData {
  const sd = decoded.signedData;
  if (sd.signerInfos.length === 1 && index === 0) return decoded;
  const signedData = Object.assign(Object.create(Object.getPrototypeOf(sd) as object) as pkijs.SignedData, sd, { signerInfos: [sd.signerInfos[index]!] });
  return { ...decoded, signedData };
}

/**
 * The signature value checked with `first`'s key, then, if it does not verify, with every other certificate the
 * sid designates: the signer is the one whose key verifies (a8 S3: a decoy in the unsigned set never decides).
 */
export async function verifyByCandidates(
  session: PkiSession,
  si: pkijs.SignerInfo,
  certs: readonly pkijs.Certificate[],
  first: pkijs.Certificate,
  data: ArrayBuffer | Uint8Array,
  digestAlgorithm: string,
): Promise<{ signer: pkijs.Certificate; valid: boolean }> {
  if (await verifySignatureValue(session, si, first, data, digestAlgorithm)) return { signer: first, valid: true };
  for (const other of signerCandidates(si, certs))
    if (other !== first && (await verifySignatureValue(session, si, other, data, digestAlgorithm))) return { signer: other, valid: true };
  return { signer: first, valid: false };
}

/** The hash a signature algorithm fixes (RSA PKCS #1 v1.5, ECDSA DER or plain, DSA with a named hash). */
const SIGNATURE_HASH: Readonly<Record<string, string>> = Object.fromEntries(
  [...SIGNATURE_ALGORITHMS.values()].filter((a) => a.hash !== null).map((a) => [a.oid, a.hash!]),
);

/** WebCrypto's names of the hashes pkijs's engine knows; other hashes are handed to the engine by node:crypto's name. */
const WEBCRYPTO_HASH: Readonly<Record<string, string>> = { sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };

/**
 * A SignerInfo's signature value over `data` (its signed attributes' DER, or the content when it has none),
 * on the session's engine (the one algorithm table): true or false when checked, an UnsupportedAlgorithmError
 * when it cannot be. RSA PKCS #1 v1.5 SignerInfos may name rsaEncryption: the digest algorithm gives the hash.
 */
export async function verifySignatureValue(
  session: PkiSession,
  si: pkijs.SignerInfo,
  signerCert: pkijs.Certificate,
  data: ArrayBuffer | Uint8Array,
  digestAlgorithm: string,
): Promise<boolean> {
  const bytes = data instanceof Uint8Array ? ownBuffer(data) : data;
  return si.signatureAlgorithm.algorithmId === "1.2.840.113549.1.1.1"
    ? session.engine.verifyWithPublicKey(
        bytes,
        si.signature,
        signerCert.subjectPublicKeyInfo,
        si.signatureAlgorithm,
        WEBCRYPTO_HASH[digestAlgorithm] ?? digestAlgorithm,
      )
    : session.engine.verifyWithPublicKey(bytes, si.signature, signerCert.subjectPublicKeyInfo, si.signatureAlgorithm);
}

/** ESS signing-certificate(-v2): the signed attributes must bind the signer certificate by its hash. */
function essBinding(si: pkijs.SignerInfo, cert: pkijs.Certificate): SignerVerification["ess"] {
  const v2 = signedAttribute(si, CMS_OID.signingCertificateV2)[0];
  const v1 = signedAttribute(si, CMS_OID.signingCertificate)[0];
  const attr = v2 ?? v1;
  if (!attr) return { present: "none", matches: false };
  try {
    const signingCert = attr.values[0] as asn1js.Sequence;
    const certs = signingCert.valueBlock.value[0] as asn1js.Sequence;
    const first = certs.valueBlock.value[0] as asn1js.Sequence;
    let alg = v2 ? "sha256" : "sha1";
    let i = 0;
    const parts = first.valueBlock.value;
    if (v2 && parts[0] instanceof asn1js.Sequence) {
      const oid = (parts[0].valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString();
      alg = hashName(oid) ?? oid;
      i = 1;
    }
    const hash = (parts[i] as asn1js.OctetString).valueBlock.valueHexView;
    if (![...DIGEST_ALGORITHMS.values()].some((d) => d.name === alg)) return { present: v2 ? "v2" : "v1", matches: false, hashAlgorithm: alg };
    const expected = createDigest(alg).update(certificateDer(cert)).digest();
    return { present: v2 ? "v2" : "v1", matches: bytesEqual(hash, expected), hashAlgorithm: alg };
  } catch {
    return { present: v2 ? "v2" : "v1", matches: false };
  }
}

/** adbe-revocationInfoArchival: { crl [0] SEQUENCE OF CRL, ocsp [1] SEQUENCE OF OCSPResponse, ... }. */
export function revocationArchival(si: pkijs.SignerInfo): { crls: Uint8Array[]; ocsps: Uint8Array[] } {
  const out = { crls: [] as Uint8Array[], ocsps: [] as Uint8Array[] };
  const attr = signedAttribute(si, CMS_OID.adbeRevocationInfoArchival)[0];
  const seq = attr?.values?.[0];
  if (seq instanceof ArchivedRevocation) return { crls: [...seq.archived.crls], ocsps: [...seq.archived.ocsps] };
  if (!(seq instanceof asn1js.Sequence)) return out;
  for (const item of seq.valueBlock.value) {
    if (!(item instanceof asn1js.Constructed) || item.idBlock.tagClass !== 3) continue;
    const list = item.valueBlock.value[0];
    if (!(list instanceof asn1js.Sequence)) continue;
    const target = item.idBlock.tagNumber === 0 ? out.crls : item.idBlock.tagNumber === 1 ? out.ocsps : null;
    if (!target) continue;
    for (const v of list.valueBlock.value) target.push(bytesOfDecoded(v));
  }
  return out;
}

/** The bytes a signature timestamp covers: the SignerInfo's signature value (RFC 3161 appendix A). */
export function signatureValue(si: pkijs.SignerInfo): Uint8Array {
  return si.signature.valueBlock.valueHexView;
}

export function timestampTokens(si: pkijs.SignerInfo): Uint8Array[] {
  return unsignedAttribute(si, CMS_OID.signatureTimeStampToken).flatMap((a) =>
    (a.values ?? []).map((v) => (v instanceof TimestampTokenValue ? v.bytes() : bytesOfDecoded(v as asn1js.AsnType))),
  );
}

const OCSP_REV_INFO = "1.3.6.1.5.5.7.16.2"; // id-ri-ocsp-response (RFC 5940)
const OCSP_BASIC_TYPE = "1.3.6.1.5.5.7.48.1.1"; // id-pkix-ocsp-basic (BouncyCastle's CMS generator writes it there)
const REVOCATION_VALUES = "1.2.840.113549.1.9.16.2.24"; // id-aa-ets-revocationValues (ETSI TS 101 733 §6.3.4)

/**
 * The revocation data a CMS carries outside its signed attributes, wherever EU DSS reads it (CAdESCRLSource,
 * CAdESOCSPSource; a11 T1: a CA's "revoked" there was read by EU DSS and unread here): SignedData.crls (a CRL;
 * `other` of type id-ri-ocsp-response or id-pkix-ocsp-basic) and the unsigned revocation-values attribute
 * (crlVals, ocspVals). Bytes, undecoded: each item is judged (an unreadable one is not decided) by the revocation
 * rule. A BasicOCSPResponse is wrapped as an OCSPResponse. Anyone may add to these fields: they count as a DSS's.
 */
export function unsignedRevocation(decoded: Pick<DecodedSignedData, "signedData" | "unreadCrls" | "unreadOcsps">): { crls: Uint8Array[]; ocsps: Uint8Array[] } {
  const signedData = decoded.signedData;
  const out = { crls: [...(decoded.unreadCrls ?? [])], ocsps: [...(decoded.unreadOcsps ?? [])] };
  for (const c of signedData.crls ?? []) {
    if (c instanceof pkijs.CertificateRevocationList) {
      try {
        out.crls.push(new Uint8Array(c.toSchema().toBER(false)));
      } catch {
        /* a CRL pkijs cannot write back: its decoder refused it already */
      }
    } else if (c instanceof pkijs.OtherRevocationInfoFormat) {
      const bytes = bytesOfDecoded(c.otherRevInfo as asn1js.AsnType);
      if (c.otherRevInfoFormat === OCSP_REV_INFO) out.ocsps.push(bytes);
      else if (c.otherRevInfoFormat === OCSP_BASIC_TYPE) out.ocsps.push(asOcspResponse(bytes));
    }
  }
  for (const si of signedData.signerInfos) {
    for (const a of unsignedAttribute(si, REVOCATION_VALUES)) {
      const values = a.values?.[0];
      if (!(values instanceof asn1js.Sequence)) continue;
      for (const item of values.valueBlock.value) {
        if (!(item instanceof asn1js.Constructed) || item.idBlock.tagClass !== 3 || item.idBlock.tagNumber > 1) continue;
        const list = item.valueBlock.value[0];
        if (!(list instanceof asn1js.Sequence)) continue;
        for (const v of list.valueBlock.value) {
          if (item.idBlock.tagNumber === 0) out.crls.push(bytesOfDecoded(v));
          else out.ocsps.push(asOcspResponse(bytesOfDecoded(v)));
        }
      }
    }
  }
  return out;
}
