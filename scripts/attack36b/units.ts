// Extra material of the test PKI's CAs for the attack36b scripts: a second time-stamping unit of the TSA CA
// (another TSA of the same provider, as a real provider runs several), and CRLs whose entries carry reasons.
import { OIDS, bits, bool, encode, enumerated, explicit, implicitPrimitive, int, octets, oid, raw, seq, x509Time } from "../generator/der.js";
import { defaultScheme, generateRsaKey, signBytes, signatureAlgorithm, spkiDer } from "../generator/keys.js";
import { extensions, issueCertificate, issued, keyId, serialFor, subjectNameDer, type Issued, type TestPki } from "../generator/pki.js";

/** "Sealcheck Test Time-Stamping Unit 2", issued by the TSA root like Unit 1 (critical id-kp-timeStamping). */
export function secondTsa(P: TestPki): Issued {
  const key = generateRsaKey(2048);
  return issued(
    "tsa",
    issueCertificate({
      subject: [
        [OIDS.country, "DK"],
        [OIDS.organization, "Sealcheck Test"],
        [OIDS.commonName, "Sealcheck Test Time-Stamping Unit 2"],
      ],
      subjectKey: key,
      issuer: P.tsaRoot,
      notBefore: new Date("2023-01-01T00:00:00Z"),
      notAfter: new Date("2124-01-01T00:00:00Z"),
      serial: serialFor("tsa-unit-2"),
      extensions: [
        extensions.keyUsage("digitalSignature", "nonRepudiation"),
        extensions.extKeyUsage(true, OIDS.kpTimeStamping),
        extensions.subjectKeyIdentifier(spkiDer(key)),
        extensions.authorityKeyIdentifier(spkiDer(P.tsaRoot.key)),
      ],
    }),
    key,
  );
}

/**
 * A v2 CRL of `issuer` whose entries carry a reasonCode (RFC 5280 §5.3.1: 6 certificateHold, 8 removeFromCRL),
 * optionally a delta CRL of base `deltaOf` (critical deltaCRLIndicator). The generator's createCrl writes entries
 * without extensions; this is the same structure with them.
 */
export function crlWithReasons(o: {
  issuer: Issued;
  number: number;
  thisUpdate: Date;
  nextUpdate: Date;
  entries: { serial: Uint8Array; at: Date; reason: number }[];
  deltaOf?: number;
}): Uint8Array {
  const scheme = defaultScheme(o.issuer.key);
  const exts = [
    seq(oid(OIDS.authorityKeyIdentifier), octets(encode(seq(implicitPrimitive(0, keyId(spkiDer(o.issuer.key))))))),
    seq(oid(OIDS.crlNumber), octets(encode(int(o.number)))),
    ...(o.deltaOf !== undefined ? [seq(oid("2.5.29.27"), bool(true), octets(encode(int(o.deltaOf))))] : []),
  ];
  const entries = o.entries.map((e) => seq(int(e.serial), x509Time(e.at), seq(seq(oid("2.5.29.21"), octets(encode(enumerated(e.reason)))))));
  const tbs = encode(
    seq(
      int(1),
      signatureAlgorithm(scheme),
      raw(subjectNameDer(o.issuer)),
      x509Time(o.thisUpdate),
      x509Time(o.nextUpdate),
      ...(entries.length ? [seq(...entries)] : []),
      explicit(0, seq(...exts)),
    ),
  );
  return encode(seq(raw(tbs), signatureAlgorithm(scheme), bits(signBytes(o.issuer.key, scheme, tbs))));
}
