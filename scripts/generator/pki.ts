// The test PKI, modelled on the real one (evidence.md §1, §4): a token hierarchy whose issuing CA signs
// with RSASSA-PSS, a delegated ECDSA OCSP responder, a seal hierarchy and a TSA, plus the odd
// certificates tampered variants need. Keys are TEST ONLY and are persisted so samples do not churn.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { KeyObject } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import {
  bits,
  bool,
  encode,
  explicit,
  int,
  implicitConstructed,
  implicitPrimitive,
  latin1Bytes,
  oid,
  OIDS,
  octets,
  pem,
  pemToDer,
  printable,
  nul,
  raw,
  seq,
  set,
  sha1,
  sha256,
  utf8,
  x509Time,
  type Asn1,
} from "./der.js";
import {
  defaultScheme,
  generateEcKey,
  generateRsaKey,
  privateKeyFromPem,
  privateKeyPem,
  signatureAlgorithm,
  signBytes,
  spkiDer,
  type SignatureScheme,
} from "./keys.js";
import { TIMELINE } from "./timeline.js";

/** A certificate with its private key. `der` is authoritative; `cert` is the same, parsed by pkijs. */
export interface Issued {
  role: PkiRole;
  der: Uint8Array;
  pem: string;
  key: KeyObject;
  cert: pkijs.Certificate;
}

export const PKI_ROLES = [
  "tokenRoot",
  "tokenCa",
  "tokenSigner",
  "tokenSignerEc",
  "otherTokenSigner",
  "ocspResponder",
  "unauthorisedResponder",
  "foreignRoot",
  "foreignResponder",
  "foreignTokenSigner",
  "sealRoot",
  "seal",
  "tsaRoot",
  "tsa",
] as const;
export type PkiRole = (typeof PKI_ROLES)[number];

/**
 * - tokenRoot → tokenCa (PSS): the OCES3-like hierarchy; tokenCa signs everything below with PSS.
 * - tokenSigner: "NEB Transact ST", RSA-3072, signs Workflow tokens (RS256/PS256).
 * - tokenSignerEc: the same subject with a P-256 key, for ES256 tokens.
 * - otherTokenSigner: an unrelated signer certificate of the same CA.
 * - ocspResponder: the delegated responder (P-256, EKU OCSPSigning, ocsp-nocheck, valid ~5 days).
 * - unauthorisedResponder: same CA, no OCSPSigning EKU.
 * - foreignRoot → foreignResponder, foreignTokenSigner: a CA nobody trusts.
 * - sealRoot → seal ("Nets" style test seal); tsaRoot → tsa (critical EKU timeStamping).
 */
export type TestPki = Record<PkiRole, Issued>;

// ---- names and extensions ---------------------------------------------------------------------

export type NameAttribute = [type: string, value: string];

/** X.501 Name, one attribute per RDN, in the given order (most general first); C is PrintableString. */
export function encodeName(attributes: readonly NameAttribute[]): Asn1 {
  return seq(...attributes.map(([type, value]) => set(seq(oid(type), type === OIDS.country || type === OIDS.serialNumber ? printable(value) : utf8(value)))));
}

const ext = (id: string, critical: boolean, value: Asn1): Asn1 =>
  critical ? seq(oid(id), bool(true), octets(encode(value))) : seq(oid(id), octets(encode(value)));

const KEY_USAGE_BITS = {
  digitalSignature: 0,
  nonRepudiation: 1,
  keyEncipherment: 2,
  dataEncipherment: 3,
  keyAgreement: 4,
  keyCertSign: 5,
  cRLSign: 6,
} as const;
type KeyUsage = keyof typeof KEY_USAGE_BITS;

/** KeyUsage BIT STRING in DER: trailing zero bits are dropped and counted as unused. */
function keyUsageValue(usages: readonly KeyUsage[]): Asn1 {
  const positions = usages.map((u) => KEY_USAGE_BITS[u]);
  const highest = Math.max(...positions);
  const bytes = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const p of positions) bytes[p >> 3]! |= 0x80 >> (p & 7);
  const unusedBits = 7 - (highest & 7);
  return new asn1js.BitString({ valueHex: bytes, unusedBits });
}

export const extensions = {
  basicConstraints: (ca: boolean, pathLen?: number): Asn1 =>
    ext(OIDS.basicConstraints, true, ca ? seq(bool(true), ...(pathLen === undefined ? [] : [int(pathLen)])) : seq()),
  keyUsage: (...usages: KeyUsage[]): Asn1 => ext(OIDS.keyUsage, true, keyUsageValue(usages)),
  extKeyUsage: (critical: boolean, ...purposes: string[]): Asn1 => ext(OIDS.extKeyUsage, critical, seq(...purposes.map(oid))),
  subjectKeyIdentifier: (spki: Uint8Array): Asn1 => ext(OIDS.subjectKeyIdentifier, false, octets(keyId(spki))),
  authorityKeyIdentifier: (issuerSpki: Uint8Array): Asn1 => ext(OIDS.authorityKeyIdentifier, false, seq(implicitPrimitive(0, keyId(issuerSpki)))),
  certificatePolicies: (...policies: string[]): Asn1 => ext(OIDS.certificatePolicies, false, seq(...policies.map((p) => seq(oid(p))))),
  /** QcCompliance, QcSSCD and QcType eseal (ETSI EN 319 412-5). */
  qcStatements: (): Asn1 =>
    ext(OIDS.qcStatements, false, seq(seq(oid("0.4.0.1862.1.1")), seq(oid("0.4.0.1862.1.4")), seq(oid("0.4.0.1862.1.6"), seq(oid("0.4.0.1862.1.6.2"))))),
  ocspNoCheck: (): Asn1 => ext(OIDS.ocspNoCheck, false, nul()),
  /** Authority Information Access with one OCSP responder URL (RFC 5280 §4.2.2.1). */
  ocspUrl: (url: string): Asn1 => ext("1.3.6.1.5.5.7.1.1", false, seq(seq(oid("1.3.6.1.5.5.7.48.1"), implicitPrimitive(6, latin1Bytes(url))))),
  /** CRL distribution points with one full-name URL (RFC 5280 §4.2.1.13). */
  crlUrl: (url: string): Asn1 => ext("2.5.29.31", false, seq(seq(implicitConstructed(0, [implicitConstructed(0, [implicitPrimitive(6, latin1Bytes(url))])])))),
};

/** Key identifier: SHA-1 of the subjectPublicKey BIT STRING contents (RFC 5280 §4.2.1.2 method 1). */
export function keyId(spki: Uint8Array): Uint8Array {
  return sha1(subjectPublicKeyBits(spki));
}

export function subjectPublicKeyBits(spki: Uint8Array): Uint8Array {
  const node = raw(spki) as unknown as { valueBlock: { value: { valueBlock: { valueHexView: Uint8Array } }[] } };
  return node.valueBlock.value[1]!.valueBlock.valueHexView;
}

// ---- issuing -----------------------------------------------------------------------------------

export interface CertificateSpec {
  subject: readonly NameAttribute[];
  /** The subject's key (private or public). */
  subjectKey: KeyObject;
  /** Issuer certificate and key; omitted for a self-signed certificate. */
  issuer?: Issued;
  /** Defaults to PKCS#1 v1.5 for RSA and ECDSA for EC issuers. */
  scheme?: SignatureScheme;
  notBefore: Date;
  notAfter: Date;
  serial: Uint8Array;
  extensions: Asn1[];
}

/** Issue an X.509 v3 certificate; returns its DER. */
export function issueCertificate(spec: CertificateSpec): Uint8Array {
  const signingKey = spec.issuer?.key ?? spec.subjectKey;
  const scheme = spec.scheme ?? defaultScheme(signingKey);
  const sigAlg = signatureAlgorithm(scheme);
  const issuerName = spec.issuer ? raw(encode(spec.issuer.cert.subject.toSchema())) : encodeName(spec.subject);
  const tbs = seq(
    explicit(0, int(2)),
    int(spec.serial),
    sigAlg,
    issuerName,
    seq(x509Time(spec.notBefore), x509Time(spec.notAfter)),
    encodeName(spec.subject),
    raw(spkiDer(spec.subjectKey)),
    explicit(3, seq(...spec.extensions)),
  );
  const tbsDer = encode(tbs);
  return encode(seq(raw(tbsDer), signatureAlgorithm(scheme), bits(signBytes(signingKey, scheme, tbsDer))));
}

export function issued(role: PkiRole, der: Uint8Array, key: KeyObject): Issued {
  return { role, der, key, pem: pem("CERTIFICATE", der), cert: parseCertificate(der) };
}

export const parseCertificate = (der: Uint8Array): pkijs.Certificate => pkijs.Certificate.fromBER(der);

/** Deterministic positive 16-byte serial from a label, so fresh PKIs keep readable, distinct serials. */
export const serialFor = (label: string): Uint8Array => {
  const s = sha256(new TextEncoder().encode(`sealcheck-test:${label}`)).slice(0, 16);
  s[0] = (s[0]! & 0x7f) | 0x10;
  return s;
};

const TEST_OU: NameAttribute = [OIDS.organizationalUnit, "Test - cti"];
const O_TEST: NameAttribute = [OIDS.organization, "Sealcheck Test"];
const C_DK: NameAttribute = [OIDS.country, "DK"];

export const TOKEN_SIGNER_UUID = "6f0e1a52-3c4b-4d9e-8a71-2b5f9c0d4e13";
export const OTHER_SIGNER_UUID = "0b3e8f44-71a2-4c55-9d10-6e2a7c9b8f01";

function tokenSignerSubject(uuid: string, cn = "NEB Transact ST"): NameAttribute[] {
  return [
    C_DK,
    [OIDS.organization, "Signaturgruppen A/S"],
    [OIDS.organizationIdentifier, "NTRDK-29915938"],
    [OIDS.serialNumber, `UI:DK-O:G:${uuid}`],
    [OIDS.commonName, cn],
  ];
}

/** The broker's test seal's subject (evidence.md §1), by which the verifier recognises the seal. */
export const SEAL_SUBJECT: NameAttribute[] = [
  [OIDS.country, "NO"],
  [OIDS.locality, "Oslo"],
  [OIDS.organization, "Nets Branch Norway NUF"],
  [OIDS.commonName, "Nets"],
];

/** A certificate with the test seal's names, issued by the test seal root around the timeline's iat, for another key. */
export function sealVariant(pki: TestPki, o: { key: KeyObject; serial: Uint8Array }): Issued {
  const der = issueCertificate({
    subject: SEAL_SUBJECT,
    subjectKey: o.key,
    issuer: pki.sealRoot,
    notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
    notAfter: new Date(TIMELINE.iat.getTime() + 86400_000 * 365),
    serial: o.serial,
    extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation")],
  });
  return issued("seal", der, o.key);
}

/**
 * A certificate with the broker's token-signer subject, issued by the token CA around the timeline's iat, that
 * differs from the real one in what a test varies: its key, its key usage, its expiry.
 */
export function tokenSignerVariant(
  pki: TestPki,
  o: { key: KeyObject; serial: Uint8Array; keyUsage: Parameters<typeof extensions.keyUsage>; notAfter?: Date },
): Issued {
  const der = issueCertificate({
    subject: tokenSignerSubject(TOKEN_SIGNER_UUID),
    subjectKey: o.key,
    issuer: pki.tokenCa,
    scheme: "rsa-pss",
    notBefore: new Date(TIMELINE.iat.getTime() - 86400_000 * 30),
    notAfter: o.notAfter ?? new Date(TIMELINE.iat.getTime() + 86400_000 * 365),
    serial: o.serial,
    extensions: [extensions.keyUsage(...o.keyUsage)],
  });
  return issued("tokenSigner", der, o.key);
}

/**
 * The PKI with a token signer (same key) that expires at `notAfter`, as the broker's short-lived token certificates
 * do; the samples' own token signer outlives any test run (issue 36 part 7: no time bombs).
 */
export function withShortTokenSigner(pki: TestPki, notAfter = new Date("2027-06-01T00:00:00Z")): TestPki {
  const tokenSigner = tokenSignerVariant(pki, {
    key: pki.tokenSigner.key,
    serial: serialFor(`token-signer-${notAfter.toISOString()}`),
    keyUsage: ["digitalSignature", "nonRepudiation"],
    notAfter,
  });
  return { ...pki, tokenSigner };
}

const caExtensions = (key: KeyObject, issuer?: Issued, pathLen?: number): Asn1[] => [
  extensions.basicConstraints(true, pathLen),
  extensions.keyUsage("keyCertSign", "cRLSign"),
  extensions.subjectKeyIdentifier(spkiDer(key)),
  ...(issuer ? [extensions.authorityKeyIdentifier(spkiDer(issuer.key))] : []),
];

const leafIds = (key: KeyObject, issuer: Issued): Asn1[] => [
  extensions.authorityKeyIdentifier(spkiDer(issuer.key)),
  extensions.subjectKeyIdentifier(spkiDer(key)),
];

/**
 * Make a test PKI (a few seconds: it generates RSA keys). With `keys`, each role keeps its key and only its
 * certificate is issued anew (`npm run samples -- --reissue`: new validity periods, the same keys).
 */
export function createPki(keys: Partial<Record<PkiRole, KeyObject>> = {}): TestPki {
  const v = TIMELINE.validity;
  const pki: Partial<TestPki> = {};
  const keyOf = (role: PkiRole, generate: () => KeyObject): KeyObject => keys[role] ?? generate();
  const make = (role: PkiRole, key: KeyObject, spec: Omit<CertificateSpec, "subjectKey" | "serial">): Issued => {
    const cert = issued(role, issueCertificate({ ...spec, subjectKey: key, serial: serialFor(role) }), key);
    pki[role] = cert;
    return cert;
  };
  const root = (role: PkiRole, subject: NameAttribute[], scheme: SignatureScheme): Issued => {
    const key = keyOf(role, () => generateRsaKey(3072));
    return make(role, key, { subject, scheme, notBefore: v.roots[0], notAfter: v.roots[1], extensions: caExtensions(key) });
  };

  // Token hierarchy (OCES3-like): PSS all the way down.
  const tokenRoot = root("tokenRoot", [C_DK, O_TEST, TEST_OU, [OIDS.commonName, "Sealcheck Test OCES rod-CA"]], "rsa-pss");
  const caKey = keyOf("tokenCa", () => generateRsaKey(3072));
  const tokenCa = make("tokenCa", caKey, {
    subject: [C_DK, O_TEST, TEST_OU, [OIDS.commonName, "Sealcheck Test OCES udstedende-CA 1"]],
    issuer: tokenRoot,
    scheme: "rsa-pss",
    notBefore: v.tokenCa[0],
    notAfter: v.tokenCa[1],
    extensions: caExtensions(caKey, tokenRoot, 0),
  });
  const signerExtensions = (key: KeyObject, issuer: Issued): Asn1[] => [
    extensions.keyUsage("digitalSignature", "nonRepudiation", "keyEncipherment"),
    extensions.qcStatements(),
    extensions.certificatePolicies("0.4.0.2042.1.1", "1.2.208.169.1.1.1.3.7"),
    ...leafIds(key, issuer),
  ];
  const signer = (role: PkiRole, key: KeyObject, issuer: Issued, uuid: string, cn?: string): Issued =>
    make(role, key, {
      subject: tokenSignerSubject(uuid, cn),
      issuer,
      scheme: issuer === tokenCa ? "rsa-pss" : undefined,
      notBefore: v.tokenSigner[0],
      notAfter: v.tokenSigner[1],
      extensions: signerExtensions(key, issuer),
    });
  signer(
    "tokenSigner",
    keyOf("tokenSigner", () => generateRsaKey(3072)),
    tokenCa,
    TOKEN_SIGNER_UUID,
  );
  signer(
    "tokenSignerEc",
    keyOf("tokenSignerEc", () => generateEcKey("P-256")),
    tokenCa,
    TOKEN_SIGNER_UUID,
  );
  signer(
    "otherTokenSigner",
    keyOf("otherTokenSigner", () => generateRsaKey(3072)),
    tokenCa,
    OTHER_SIGNER_UUID,
    "Other Transact ST",
  );

  const responder = (role: PkiRole, issuer: Issued, cn: string, authorised: boolean): Issued => {
    const key = keyOf(role, () => generateEcKey("P-256"));
    return make(role, key, {
      subject: [C_DK, O_TEST, TEST_OU, [OIDS.commonName, cn]],
      issuer,
      scheme: issuer === tokenCa ? "rsa-pss" : undefined,
      notBefore: v.responder[0],
      notAfter: v.responder[1],
      extensions: [
        extensions.keyUsage("digitalSignature"),
        ...(authorised ? [extensions.extKeyUsage(false, OIDS.kpOcspSigning)] : []),
        extensions.ocspNoCheck(),
        ...leafIds(key, issuer),
      ],
    });
  };
  responder("ocspResponder", tokenCa, "Sealcheck Test OCES udstedende-CA OCSP 1", true);
  responder("unauthorisedResponder", tokenCa, "Sealcheck Test OCES udstedende-CA Unauthorised 1", false);

  // A CA that is in no trust store.
  const foreignRoot = root("foreignRoot", [C_DK, [OIDS.organization, "Untrusted Test"], [OIDS.commonName, "Untrusted Test Root CA"]], "rsa-pkcs1");
  responder("foreignResponder", foreignRoot, "Untrusted Test OCSP 1", true);
  signer(
    "foreignTokenSigner",
    keyOf("foreignTokenSigner", () => generateRsaKey(3072)),
    foreignRoot,
    TOKEN_SIGNER_UUID,
  );

  // Seal hierarchy (private test root, like the broker's test environment).
  Object.assign(
    pki,
    issueSealHierarchy(
      keyOf("sealRoot", () => generateRsaKey(3072)),
      keyOf("seal", () => generateRsaKey(2048)),
    ),
  );

  // TSA.
  const tsaRoot = root("tsaRoot", [C_DK, [OIDS.organization, "Sealcheck Test"], [OIDS.commonName, "Sealcheck Test TSA Root CA"]], "rsa-pkcs1");
  const tsaKey = keyOf("tsa", () => generateRsaKey(2048));
  make("tsa", tsaKey, {
    subject: [C_DK, [OIDS.organization, "Sealcheck Test"], [OIDS.commonName, "Sealcheck Test Time-Stamping Unit 1"]],
    issuer: tsaRoot,
    notBefore: v.tsa[0],
    notAfter: v.tsa[1],
    extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation"), extensions.extKeyUsage(true, OIDS.kpTimeStamping), ...leafIds(tsaKey, tsaRoot)],
  });

  return pki as TestPki;
}

/**
 * The seal hierarchy, named as the broker's test environment names it, so that the verifier recognises the
 * sample seal as the broker's test seal by its attributes (evidence.md §1; the real one is in
 * test/fixtures/real/broker-example): the seal `C=NO, L=Oslo, O=Nets Branch Norway NUF, CN=Nets` issued by
 * `C=DK, O=Nets A/S, CN=NETS AS Intermediate CA`. The test root takes the intermediate's name (and is
 * self-signed): a stand-in, with its own test key, not the real CA.
 */
export function issueSealHierarchy(rootKey: KeyObject, sealKey: KeyObject): { sealRoot: Issued; seal: Issued } {
  const v = TIMELINE.validity;
  const rootSubject: NameAttribute[] = [C_DK, [OIDS.organization, "Nets A/S"], [OIDS.commonName, "NETS AS Intermediate CA"]];
  const sealRoot = issued(
    "sealRoot",
    issueCertificate({
      subject: rootSubject,
      subjectKey: rootKey,
      notBefore: v.roots[0],
      notAfter: v.roots[1],
      serial: serialFor("sealRoot"),
      extensions: caExtensions(rootKey),
    }),
    rootKey,
  );
  const seal = issued(
    "seal",
    issueCertificate({
      subject: SEAL_SUBJECT,
      subjectKey: sealKey,
      issuer: sealRoot,
      notBefore: v.seal[0],
      notAfter: v.seal[1],
      serial: serialFor("seal"),
      extensions: [extensions.keyUsage("digitalSignature", "nonRepudiation"), extensions.qcStatements(), ...leafIds(sealKey, sealRoot)],
    }),
    sealKey,
  );
  return { sealRoot, seal };
}

// ---- persistence -------------------------------------------------------------------------------

/** `<dir>/<role>.pem` (certificate) and `<dir>/<role>.key.pem` (PKCS#8, TEST ONLY). */
export function savePki(pki: TestPki, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const role of PKI_ROLES) {
    writeFileSync(join(dir, `${role}.pem`), pki[role].pem);
    writeFileSync(join(dir, `${role}.key.pem`), privateKeyPem(pki[role].key));
  }
}

export function pkiExists(dir: string): boolean {
  return PKI_ROLES.every((r) => existsSync(join(dir, `${r}.pem`)) && existsSync(join(dir, `${r}.key.pem`)));
}

export function loadPki(dir: string): TestPki {
  const pki: Partial<TestPki> = {};
  for (const role of PKI_ROLES) {
    const der = pemToDer(readFileSync(join(dir, `${role}.pem`), "utf8"));
    pki[role] = issued(role, der, privateKeyFromPem(readFileSync(join(dir, `${role}.key.pem`), "utf8")));
  }
  return pki as TestPki;
}

/** The trust anchors a user passes with `--trust` (evidence.md §4: the issuing CA is in no evidence). */
export function trustAnchors(pki: TestPki): Issued[] {
  return [pki.tokenRoot, pki.tokenCa, pki.sealRoot, pki.tsaRoot];
}

/** The issuer name of a certificate, DER as it appears in the certificate. */
export const issuerNameDer = (c: Issued): Uint8Array => encode(c.cert.issuer.toSchema());
export const subjectNameDer = (c: Issued): Uint8Array => encode(c.cert.subject.toSchema());
export const serialBytes = (c: Issued): Uint8Array => c.cert.serialNumber.valueBlock.valueHexView;
