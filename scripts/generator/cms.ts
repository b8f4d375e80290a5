// CMS for the seal (evidence.md §1): detached SignedData over the ByteRange bytes with contentType,
// messageDigest, signingCertificateV2 and adbe-revocationInfoArchival signed, no signingTime, and an
// RFC 3161 signature timestamp over the signature value as unsigned attribute.
import {
  algId,
  derSetOf,
  encode,
  explicit,
  genTime,
  implicitConstructed,
  int,
  octets,
  oid,
  OIDS,
  raw,
  seq,
  set,
  sha1,
  sha256,
  utcTime,
  type Asn1,
} from "./der.js";
import { sign } from "node:crypto";
import { defaultScheme, signBytes, type SignatureScheme } from "./keys.js";

const RSA_ENCRYPTION = "1.2.840.113549.1.1.1";
import { createCrl, createOcspResponse } from "./ocsp.js";
import { issuerNameDer, serialBytes, type Issued, type TestPki } from "./pki.js";
import { TIMELINE } from "./timeline.js";

const attribute = (type: string, ...values: Asn1[]): Asn1 => seq(oid(type), set(...values));

/** ESS signingCertificateV2 with one ESSCertIDv2 (SHA-256 default, so no hashAlgorithm) and IssuerSerial. */
export function signingCertificateV2(cert: Issued): Asn1 {
  const issuerSerial = seq(seq(explicit(4, raw(issuerNameDer(cert)))), int(serialBytes(cert)));
  return seq(seq(seq(octets(sha256(cert.der)), issuerSerial)));
}

/** Adobe RevocationInfoArchival: `[0]` CRLs, `[1]` OCSP responses (both EXPLICIT SEQUENCE OF). */
export function revocationInfoArchival(crls: Uint8Array[], ocsps: Uint8Array[]): Asn1 {
  const parts: Asn1[] = [];
  if (crls.length) parts.push(explicit(0, seq(...crls.map(raw))));
  if (ocsps.length) parts.push(explicit(1, seq(...ocsps.map(raw))));
  return seq(...parts);
}

export interface SignedDataOptions {
  signer: Issued;
  scheme?: SignatureScheme;
  /** Detached when `content` is absent; `digest` is then required. */
  eContentType?: string;
  content?: Uint8Array;
  digest?: Uint8Array;
  certificates: Issued[];
  /** Signed attributes besides contentType and messageDigest (already built Attribute nodes). */
  extraSignedAttributes?: Asn1[];
  /** Overwrite messageDigest (for a "wrong digest" variant). */
  messageDigest?: Uint8Array;
  /** Given the signature value, return unsigned attributes (e.g. the signature timestamp). */
  unsignedAttributes?: (signatureValue: Uint8Array) => Asn1[];
  /** The content digest's algorithm (default SHA-256; SHA-1 for the integrity-before-policy samples). */
  digestAlgorithm?: "sha256" | "sha1";
  /** With SHA-1: sign the attributes with sha256WithRSAEncryption anyway (a SignerInfo naming two hashes). */
  mismatchedSignatureHash?: boolean;
  /**
   * Any signature algorithm (plain ECDSA, EdDSA, an unknown OID): the SignerInfo's signatureAlgorithm and
   * how the signed attributes are signed. Overrides `scheme`.
   */
  signWith?: { algorithm: Asn1; sign: (data: Uint8Array) => Uint8Array };
  /** Any digest algorithm OID for the SignerInfo and digestAlgorithms; `digest` (or `messageDigest`) is then the caller's. */
  digestAlgorithmOid?: string;
}

/** ContentInfo(SignedData), one SignerInfo identified by issuer and serial, SHA-256. */
export function createSignedData(o: SignedDataOptions): Uint8Array {
  const eContentType = o.eContentType ?? OIDS.data;
  const digestOid = o.digestAlgorithmOid ?? (o.digestAlgorithm === "sha1" ? OIDS.sha1 : OIDS.sha256);
  const digest = o.digest ?? (o.digestAlgorithm === "sha1" ? sha1 : sha256)(o.content ?? new Uint8Array(0));
  const attrs = derSetOf([
    attribute(OIDS.contentType, oid(eContentType)),
    attribute(OIDS.messageDigest, octets(o.messageDigest ?? digest)),
    ...(o.extraSignedAttributes ?? []),
  ]);
  // The signature covers the attributes as a SET (tag 0x31); the SignerInfo carries them as [0].
  const signedAttrsDer = encode(attrs);
  const scheme = o.scheme ?? defaultScheme(o.signer.key);
  // SHA-1 as old signers wrote it: rsaEncryption with the SignerInfo's digest algorithm (PKCS #1 v1.5).
  const sha1Rsa = o.digestAlgorithm === "sha1" && scheme === "rsa-pkcs1" && !o.mismatchedSignatureHash;
  const signature = o.signWith
    ? o.signWith.sign(signedAttrsDer)
    : sha1Rsa
      ? new Uint8Array(sign("sha1", signedAttrsDer, o.signer.key))
      : signBytes(o.signer.key, scheme, signedAttrsDer);
  const unsigned = o.unsignedAttributes?.(signature) ?? [];
  const signerInfo = seq(
    int(1),
    seq(raw(issuerNameDer(o.signer)), int(serialBytes(o.signer))),
    algId(digestOid),
    implicitConstructed(0, attrs.valueBlock.value),
    o.signWith
      ? o.signWith.algorithm
      : sha1Rsa
        ? algId(RSA_ENCRYPTION, null)
        : scheme === "ecdsa"
          ? algId(OIDS.ecdsaWithSha256)
          : algId(OIDS.sha256WithRSA, null),
    octets(signature),
    ...(unsigned.length ? [implicitConstructed(1, unsigned)] : []),
  );
  const encap = o.content ? seq(oid(eContentType), explicit(0, octets(o.content))) : seq(oid(eContentType));
  const signedData = seq(
    int(eContentType === OIDS.data ? 1 : 3),
    set(algId(digestOid)),
    encap,
    implicitConstructed(
      0,
      o.certificates.map((c) => raw(c.der)),
    ),
    set(signerInfo),
  );
  return encode(seq(oid(OIDS.signedData), explicit(0, signedData)));
}

export interface TimestampOptions {
  tsa: Issued;
  /** The bytes whose SHA-256 is the message imprint (for a signature timestamp: the signature value). */
  data: Uint8Array;
  genTime?: Date;
  serial?: number;
  /** Certificates to embed (default: the TSA certificate). */
  certificates?: Issued[];
  /** The TSA signs with this algorithm (see SignedDataOptions.signWith). */
  signWith?: SignedDataOptions["signWith"];
  /** The TSA's SignerInfo digests the TSTInfo with this algorithm, computed by `digest`. */
  contentDigest?: { oid: string; digest: (content: Uint8Array) => Uint8Array };
  /** The SHA-256 imprint as given (a TSA answering a request), instead of the digest of `data`. */
  imprint?: Uint8Array;
  /** The request's nonce, echoed in the TSTInfo. */
  nonce?: Uint8Array;
  /** The ESS signingCertificateV2 attribute: of the TSA (default), of another certificate, or none. */
  ess?: "none" | Issued;
  /** Revocation data the token carries in its own CMS (adbe-revocationInfoArchival, signed). */
  revocation?: { crls: Uint8Array[]; ocsps: Uint8Array[] };
}

export const TSA_POLICY = "2.999.3161.1";

/** An RFC 3161 TimeStampToken (ContentInfo of SignedData over a TSTInfo), ESS v2 signing certificate. */
export function createTimestampToken(o: TimestampOptions): Uint8Array {
  const at = o.genTime ?? TIMELINE.timestampAt;
  const tstInfo = encode(
    seq(
      int(1),
      oid(TSA_POLICY),
      seq(algId(OIDS.sha256), octets(o.imprint ?? sha256(o.data))),
      int(o.serial ?? 20251208),
      genTime(at),
      seq(int(1)), // accuracy: 1 s
      ...(o.nonce ? [int(o.nonce)] : []),
    ),
  );
  return createSignedData({
    signer: o.tsa,
    eContentType: OIDS.tstInfo,
    content: tstInfo,
    certificates: o.certificates ?? [o.tsa],
    ...(o.signWith ? { signWith: o.signWith } : {}),
    ...(o.contentDigest ? { digestAlgorithmOid: o.contentDigest.oid, digest: o.contentDigest.digest(tstInfo) } : {}),
    extraSignedAttributes: [
      attribute(OIDS.signingTime, utcTime(at)),
      ...(o.ess === "none" ? [] : [attribute(OIDS.signingCertificateV2, signingCertificateV2(o.ess ?? o.tsa))]),
      ...(o.revocation ? [attribute(OIDS.adbeRevocationInfoArchival, revocationInfoArchival(o.revocation.crls, o.revocation.ocsps))] : []),
    ],
  });
}

export interface SealCmsOptions {
  pki: TestPki;
  /** The bytes the ByteRange covers. */
  signedBytes: Uint8Array;
  /** Default: pki.seal. */
  signer?: Issued;
  /** Default: [signer, pki.sealRoot]. */
  certificates?: Issued[];
  /** Default: a CRL and an OCSP response for the seal from its CA. */
  revocation?: { crls: Uint8Array[]; ocsps: Uint8Array[] };
  /** Default true: add the signature timestamp. */
  timestamp?: boolean;
  timestampAt?: Date;
  /** The signature timestamp's ESS signing-certificate: of its TSA (default), of another certificate, or none. */
  timestampEss?: TimestampOptions["ess"];
  /** Revocation data in the signature timestamp's own CMS. */
  timestampRevocation?: TimestampOptions["revocation"];
  /** The signature timestamp's imprint, when not the signature value's SHA-256 (a token over other data). */
  timestampImprint?: Uint8Array;
  /** Put a signingTime attribute in (the real seal has none). */
  signingTime?: Date;
  /** A wrong messageDigest (HASH_FAILURE variant). */
  messageDigest?: Uint8Array;
  /** The digest of the byte ranges: SHA-256 (default), or SHA-1 as old signers wrote it. */
  digestAlgorithm?: "sha256" | "sha1";
  mismatchedSignatureHash?: boolean;
}

/** The seal's revocation data as the broker's CMS carries it: a CRL and a CA-signed OCSP response. */
export function sealRevocation(pki: TestPki): { crls: Uint8Array[]; ocsps: Uint8Array[] } {
  return {
    crls: [createCrl({ issuer: pki.sealRoot })],
    ocsps: [
      createOcspResponse({
        subject: pki.seal,
        issuer: pki.sealRoot,
        responder: pki.sealRoot,
        producedAt: TIMELINE.sealRevocationAt,
        nextUpdate: TIMELINE.sealRevocationNext,
      }),
    ],
  };
}

/** The seal's CMS (DER), to be zero-padded into `/Contents`. */
export function createSealCms(o: SealCmsOptions): Uint8Array {
  const signer = o.signer ?? o.pki.seal;
  const revocation = o.revocation ?? sealRevocation(o.pki);
  const extra = [
    attribute(OIDS.signingCertificateV2, signingCertificateV2(signer)),
    attribute(OIDS.adbeRevocationInfoArchival, revocationInfoArchival(revocation.crls, revocation.ocsps)),
  ];
  if (o.signingTime) extra.push(attribute(OIDS.signingTime, utcTime(o.signingTime)));
  return createSignedData({
    signer,
    digest: (o.digestAlgorithm === "sha1" ? sha1 : sha256)(o.signedBytes),
    ...(o.digestAlgorithm ? { digestAlgorithm: o.digestAlgorithm } : {}),
    ...(o.mismatchedSignatureHash ? { mismatchedSignatureHash: true } : {}),
    messageDigest: o.messageDigest,
    certificates: o.certificates ?? [signer, o.pki.sealRoot],
    extraSignedAttributes: extra,
    unsignedAttributes:
      o.timestamp === false
        ? undefined
        : (signature) => [
            attribute(
              OIDS.signatureTimeStampToken,
              raw(
                createTimestampToken({
                  tsa: o.pki.tsa,
                  data: signature,
                  genTime: o.timestampAt,
                  ...(o.timestampEss ? { ess: o.timestampEss } : {}),
                  ...(o.timestampRevocation ? { revocation: o.timestampRevocation } : {}),
                  ...(o.timestampImprint ? { imprint: o.timestampImprint } : {}),
                }),
              ),
            ),
          ],
  });
}
