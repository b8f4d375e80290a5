// OCSP responses (RFC 6960) shaped like the broker's (evidence.md §4), and CRLs for the seal's CA.
import {
  algId,
  bits,
  bool,
  encode,
  enumerated,
  explicit,
  genTime,
  implicitConstructed,
  implicitPrimitive,
  int,
  octets,
  oid,
  OIDS,
  raw,
  seq,
  sha1,
  sha256,
  x509Time,
  type Asn1,
} from "./der.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { defaultScheme, signatureAlgorithm, signBytes, spkiDer, type SignatureScheme } from "./keys.js";
import { issuerNameDer, keyId, serialBytes, subjectNameDer, subjectPublicKeyBits, type Issued } from "./pki.js";
import { TIMELINE } from "./timeline.js";

export type OcspStatus = "good" | "unknown" | { revokedAt: Date; reason?: number };

export interface OcspOptions {
  /** The certificate the response is about (CertID serial). */
  subject: Issued;
  /** The subject's issuer (CertID name and key hashes). */
  issuer: Issued;
  /** Who signs: a delegated responder, or the issuer itself. */
  responder: Issued;
  status?: OcspStatus;
  producedAt?: Date;
  /** Default: producedAt. */
  thisUpdate?: Date;
  /** Default: thisUpdate + 3 days; `null` omits it. */
  nextUpdate?: Date | null;
  certIdHash?: "sha1" | "sha256";
  /** Default: the issuer's notBefore (the CA's start date); `null` omits the extension. */
  archiveCutoff?: Date | null;
  responderId?: "byKey" | "byName";
  /** Default: the responder's certificate when it is not the issuer. */
  certs?: Issued[];
  scheme?: SignatureScheme;
  /** An id-pkix-ocsp-nonce response extension with these bytes (RFC 8954), as a responder echoes a request's. */
  nonce?: Uint8Array;
  /** More SingleResponses about the same certificate (same CertID) after the first, each with its status and thisUpdate. */
  moreSingles?: { status: OcspStatus; thisUpdate?: Date }[];
}

/** A DER OCSPResponse (successful, id-pkix-ocsp-basic). */
export function createOcspResponse(o: OcspOptions): Uint8Array {
  const producedAt = o.producedAt ?? TIMELINE.ocspProducedAt;
  const thisUpdate = o.thisUpdate ?? producedAt;
  const nextUpdate = o.nextUpdate === undefined ? new Date(thisUpdate.getTime() + 3 * 24 * 3600 * 1000) : o.nextUpdate;
  const archiveCutoff = o.archiveCutoff === undefined ? o.issuer.cert.notBefore.value : o.archiveCutoff;
  const hash = o.certIdHash === "sha256" ? sha256 : sha1;
  const certId = seq(
    algId(o.certIdHash === "sha256" ? OIDS.sha256 : OIDS.sha1, null),
    octets(hash(issuerNameDer(o.subject))),
    octets(hash(subjectPublicKeyBits(spkiDer(o.issuer.key)))),
    int(serialBytes(o.subject)),
  );
  const singleOf = (status: OcspStatus, thisUpdate: Date) =>
    seq(
      certId,
      certStatus(status),
      genTime(thisUpdate),
      ...(nextUpdate ? [explicit(0, genTime(nextUpdate))] : []),
      ...(archiveCutoff ? [explicit(1, seq(seq(oid(OIDS.ocspArchiveCutoff), octets(encode(genTime(archiveCutoff))))))] : []),
    );
  const singles = [singleOf(o.status ?? "good", thisUpdate), ...(o.moreSingles ?? []).map((m) => singleOf(m.status, m.thisUpdate ?? thisUpdate))];
  const responderId = o.responderId === "byName" ? explicit(1, raw(subjectNameDer(o.responder))) : explicit(2, octets(keyId(spkiDer(o.responder.key))));
  const nonce = o.nonce ? [explicit(1, seq(seq(oid("1.3.6.1.5.5.7.48.1.2"), octets(encode(octets(o.nonce))))))] : [];
  const tbs = encode(seq(responderId, genTime(producedAt), seq(...singles), ...nonce));
  const scheme = o.scheme ?? defaultScheme(o.responder.key);
  const certs = o.certs ?? (o.responder === o.issuer ? [] : [o.responder]);
  const basic = seq(
    raw(tbs),
    signatureAlgorithm(scheme),
    bits(signBytes(o.responder.key, scheme, tbs)),
    ...(certs.length ? [explicit(0, seq(...certs.map((c) => raw(c.der))))] : []),
  );
  return encode(seq(enumerated(0), explicit(0, seq(oid(OIDS.ocspBasic), octets(encode(basic))))));
}

function certStatus(status: OcspStatus): Asn1 {
  if (status === "good") return implicitPrimitive(0);
  if (status === "unknown") return implicitPrimitive(2);
  const info: Asn1[] = [genTime(status.revokedAt)];
  if (status.reason !== undefined) info.push(explicit(0, enumerated(status.reason)));
  return implicitConstructed(1, info);
}

export interface CrlOptions {
  issuer: Issued;
  thisUpdate?: Date;
  nextUpdate?: Date;
  /**
   * The entries; `reason` a CRLReason (RFC 5280 §5.3.1: 1 keyCompromise, 6 certificateHold, 8 removeFromCRL),
   * written as the entry's reasonCode extension (crlEntryExtensions).
   */
  revoked?: { serial: Uint8Array; at: Date; reason?: number }[];
  number?: number;
  /**
   * An Issuing Distribution Point (RFC 5280 §5.2.5, critical) limiting the CRL's scope: `uri` a fullName
   * distribution point, the only* flags, `onlySomeReasons` the ReasonFlags bit numbers (1..7).
   */
  idp?: { uri?: string; onlyContainsUserCerts?: boolean; onlyContainsCACerts?: boolean; onlySomeReasons?: number[]; indirectCRL?: boolean };
  /** A delta CRL indicator (RFC 5280 §5.2.4, critical): the base CRL's number. */
  deltaOf?: number;
}

/** crlEntryExtensions holding one reasonCode (id-ce-cRLReasons, an ENUMERATED), built with pkijs. */
function entryReason(reason: number): Asn1 {
  const ext = new pkijs.Extension({ extnID: "2.5.29.21", critical: false, extnValue: new asn1js.Enumerated({ value: reason }).toBER(false) });
  return seq(raw(new Uint8Array(ext.toSchema().toBER(false))));
}

/** A v2 CRL signed by `issuer`, with AKI and CRL number (and the scope extensions asked for, and entries' reasons). */
export function createCrl(o: CrlOptions): Uint8Array {
  const scheme = defaultScheme(o.issuer.key);
  const revoked = o.revoked ?? [];
  const exts: Asn1[] = [
    seq(oid(OIDS.authorityKeyIdentifier), octets(encode(seq(implicitPrimitive(0, keyId(spkiDer(o.issuer.key))))))),
    seq(oid(OIDS.crlNumber), octets(encode(int(o.number ?? 1)))),
  ];
  if (o.idp) {
    const parts: Asn1[] = [];
    // distributionPoint [0] { fullName [0] GeneralNames { uniformResourceIdentifier [6] } }
    if (o.idp.uri) parts.push(implicitConstructed(0, [implicitConstructed(0, [implicitPrimitive(6, new TextEncoder().encode(o.idp.uri))])]));
    if (o.idp.onlyContainsUserCerts) parts.push(implicitPrimitive(1, Uint8Array.of(0xff)));
    if (o.idp.onlyContainsCACerts) parts.push(implicitPrimitive(2, Uint8Array.of(0xff)));
    if (o.idp.onlySomeReasons) {
      // ReasonFlags BIT STRING, named bits; one content byte is enough for the reasons 1..7.
      let b = 0;
      for (const r of o.idp.onlySomeReasons) b |= 0x80 >> r;
      parts.push(implicitPrimitive(3, Uint8Array.of(0, b)));
    }
    if (o.idp.indirectCRL) parts.push(implicitPrimitive(4, Uint8Array.of(0xff)));
    exts.push(seq(oid("2.5.29.28"), bool(true), octets(encode(seq(...parts)))));
  }
  if (o.deltaOf !== undefined) exts.push(seq(oid("2.5.29.27"), bool(true), octets(encode(int(o.deltaOf)))));
  const tbs = encode(
    seq(
      int(1),
      signatureAlgorithm(scheme),
      raw(subjectNameDer(o.issuer)),
      x509Time(o.thisUpdate ?? TIMELINE.sealRevocationAt),
      x509Time(o.nextUpdate ?? TIMELINE.sealRevocationNext),
      ...(revoked.length ? [seq(...revoked.map((r) => seq(int(r.serial), x509Time(r.at), ...(r.reason === undefined ? [] : [entryReason(r.reason)]))))] : []),
      explicit(0, seq(...exts)),
    ),
  );
  return encode(seq(raw(tbs), signatureAlgorithm(scheme), bits(signBytes(o.issuer.key, scheme, tbs))));
}
