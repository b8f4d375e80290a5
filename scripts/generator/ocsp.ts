// OCSP responses (RFC 6960) shaped like the broker's (evidence.md §4), and CRLs for the seal's CA.
import {
  algId,
  bits,
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
  const single = seq(
    certId,
    certStatus(o.status ?? "good"),
    genTime(thisUpdate),
    ...(nextUpdate ? [explicit(0, genTime(nextUpdate))] : []),
    ...(archiveCutoff ? [explicit(1, seq(seq(oid(OIDS.ocspArchiveCutoff), octets(encode(genTime(archiveCutoff))))))] : []),
  );
  const responderId = o.responderId === "byName" ? explicit(1, raw(subjectNameDer(o.responder))) : explicit(2, octets(keyId(spkiDer(o.responder.key))));
  const nonce = o.nonce ? [explicit(1, seq(seq(oid("1.3.6.1.5.5.7.48.1.2"), octets(encode(octets(o.nonce))))))] : [];
  const tbs = encode(seq(responderId, genTime(producedAt), seq(single), ...nonce));
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
  revoked?: { serial: Uint8Array; at: Date }[];
  number?: number;
}

/** A v2 CRL signed by `issuer`, with AKI and CRL number. */
export function createCrl(o: CrlOptions): Uint8Array {
  const scheme = defaultScheme(o.issuer.key);
  const revoked = o.revoked ?? [];
  const tbs = encode(
    seq(
      int(1),
      signatureAlgorithm(scheme),
      raw(subjectNameDer(o.issuer)),
      x509Time(o.thisUpdate ?? TIMELINE.sealRevocationAt),
      x509Time(o.nextUpdate ?? TIMELINE.sealRevocationNext),
      ...(revoked.length ? [seq(...revoked.map((r) => seq(int(r.serial), x509Time(r.at))))] : []),
      explicit(
        0,
        seq(
          seq(oid(OIDS.authorityKeyIdentifier), octets(encode(seq(implicitPrimitive(0, keyId(spkiDer(o.issuer.key))))))),
          seq(oid(OIDS.crlNumber), octets(encode(int(o.number ?? 1)))),
        ),
      ),
    ),
  );
  return encode(seq(raw(tbs), signatureAlgorithm(scheme), bits(signBytes(o.issuer.key, scheme, tbs))));
}
