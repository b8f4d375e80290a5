// Certificates: decoding (pkijs), identity (thumbprints, names) and the extensions the checks ask about.
import { SIGNATURE_ALGORITHMS } from "./algorithms.js";
import { createHash } from "../platform/crypto.js";
import { latin1 } from "../platform/bytes.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { CertificateSummary } from "../report/types.js";
import { quoteName } from "../report/quoted-name.js";
import { markPersonName } from "../report/person-names.js";
import { mayNameAPerson } from "./holder.js";
import { FormatError, LimitError } from "../errors.js";
import { assertDerShape, bytesEqual, countDerValues, decodeDer, keepWithin, readTlv, toHex, type DerLimits } from "./der.js";
import { DerPool, PerPair, cacheSlot } from "./kept.js";
import { NOT_PLAIN, decodeWith, fromPart, refusedPart, type PartsResult, type PartsStrategy } from "./parts.js";
import type { PkiSession } from "./session.js";

export const OID = {
  ekuOcspSigning: "1.3.6.1.5.5.7.3.9",
  ekuTimeStamping: "1.3.6.1.5.5.7.3.8",
  ocspNoCheck: "1.3.6.1.5.5.7.48.1.5",
  keyUsage: "2.5.29.15",
  extKeyUsage: "2.5.29.37",
  basicConstraints: "2.5.29.19",
  subjectKeyIdentifier: "2.5.29.14",
  authorityKeyIdentifier: "2.5.29.35",
  certificatePolicies: "2.5.29.32",
  qcStatements: "1.3.6.1.5.5.7.1.3",
} as const;

// The bytes a certificate object was decoded from (or, for one built otherwise, its encoding, made once):
// a property of the object, not a cache (thumbprints must hash the certificate as delivered), so it lives
// exactly as long as the object and no session clears it.
const derCache = new WeakMap<pkijs.Certificate, Uint8Array>();

// Certificates repeat across the archives of one broker (seal, CA, TSA, Workflow-token and OCSP responder
// certificates), and decoding them is most of the cost of verifying one. A bounded pool keeps each decoded
// certificate by its exact DER for the later archives a session verifies, with the limits it was decoded
// within: asked within those or looser, it costs nothing; within tighter ones it is decoded again (and
// refused as a first decode would be), so that the answer never depends on what was decoded before.
export const CERTIFICATE_POOL = cacheSlot("certificates by DER", () => new DerPool<{ cert: pkijs.Certificate; limits: DerLimits }>(128));

/** A certificate from its DER, within the session's limits, through the session's certificate pool. */
export function certificateFromDer(der: Uint8Array, what: string, session: PkiSession): pkijs.Certificate {
  const limits = session.limits;
  if (der.length > limits.maxDerBytes) decodeDer(der, what, limits); // throws the size error
  const pool = session.cache(CERTIFICATE_POOL);
  const { key, value: pooled } = pool.lookup(der);
  if (pooled) {
    keepWithin(pooled, limits, () => decodedWithin(der, what, limits)); // within these limits too, or refused as a first decode would be
    return pooled.cert;
  }
  // A copy: `der` may be a view into a much larger buffer that a pooled certificate should not keep alive.
  const own = Uint8Array.from(der);
  const cert = decodeWith(CERTIFICATE_DECODING, { asn: decodeDer(own, what, limits), what }, session);
  // decodeDer refused trailing bytes, so these are exactly the certificate's bytes as delivered.
  derCache.set(cert, own);
  pool.keep(key, own, { cert, limits });
  return cert;
}

/** ASN.1 values in a certificate at most: real ones have a few hundred, with long extensions a few thousand. */
const MAX_CERTIFICATE_VALUES = 20_000;

/** One budget of ASN.1 values for the certificates a file lists as such (a DSS's /Certs, every revision's). */
export interface ListedBudget {
  values: number;
}

/**
 * A certificate from bytes a file lists as one (a DSS's /Certs): the shape first, counted cheaply, so that a
 * "certificate" of thousands of ASN.1 values is none (null) and all of them together get one budget of values
 * before asn1js decodes any (30 crafted ones took 25 s: test/fixtures/attack-round2, finding 4). Beyond the
 * budget, a LimitError (maxAsn1Nodes); other bytes that are no certificate throw as certificateFromDer does.
 */
export function listedCertificate(der: Uint8Array, what: string, session: PkiSession, budget: ListedBudget): pkijs.Certificate | null {
  assertDerShape(der, session.limits, what);
  const t = readTlv(der, 0, der.length, true);
  const n = t ? countDerValues(der, t) : null;
  if (n === null || n > MAX_CERTIFICATE_VALUES) return null;
  budget.values += n;
  if (budget.values > session.limits.maxAsn1Nodes) throw new LimitError("maxAsn1Nodes", `${what}: the listed certificates hold too many ASN.1 values`);
  return certificateFromDer(der, what, session);
}

/**
 * Certificates of one file as `--trust` reads it: a PEM bundle (CERTIFICATE and TRUSTED CERTIFICATE blocks; other
 * PEM blocks ignored) or one DER certificate. `decode` reads each (default certificateFromDer); one that returns
 * null is left out (listedCertificate: a "certificate" of thousands of values). Without `decode` (a file a user
 * gave), a file that is no certificate at all (text, a PDF, a CMS signature) is a FormatError in plain words.
 */
export function certificatesFromBytes(
  bytes: Uint8Array,
  file: string,
  session: PkiSession,
  decode?: (der: Uint8Array, what: string) => pkijs.Certificate | null,
): pkijs.Certificate[] {
  const given = decode === undefined; // a file a user gave (--trust, --certs…), not bytes the evidence carries
  decode ??= (der, what) => certificateFromDer(der, what, session);
  const text = latin1(bytes, 0, Math.min(bytes.length, 64));
  const read = (der: Uint8Array, what: string) => decode(der, what) ?? [];
  if (text.includes("-----BEGIN") || /^[\s\x20-\x7e]*$/.test(latin1(bytes))) {
    const blocks = pemBlocks(latin1(bytes)).filter((b) => b.label === "CERTIFICATE" || b.label === "TRUSTED CERTIFICATE");
    return blocks.flatMap((b, i) => read(b.der, `${file} (certificate ${i + 1})`));
  }
  // A DER certificate is a SEQUENCE: a file a user gave that is anything else (a text with accented letters, a
  // PDF, a .p7s) is said so in plain words, not in the ASN.1 decoder's.
  if (given && bytes.length > 0 && bytes[0] !== 0x30)
    throw new FormatError(`${file} is not a certificate: neither PEM (no "-----BEGIN CERTIFICATE-----") nor DER (${notDerStart(bytes)})`);
  if (given && isCmsSignedData(bytes)) throw new FormatError(`${file} is not a certificate: it is a CMS signature (such as a .p7s)`);
  return [read(bytes, file)].flat();
}

/** A DER ContentInfo of type SignedData (1.2.840.113549.1.7.2): its OID within the first bytes. */
function isCmsSignedData(bytes: Uint8Array): boolean {
  const oid = [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02];
  const head = bytes.subarray(0, 24);
  for (let i = 0; i + oid.length <= head.length; i++) if (oid.every((b, j) => head[i + j] === b)) return true;
  return false;
}

/** What a file's first bytes look like, for the message of a file that is no certificate. */
function notDerStart(bytes: Uint8Array): string {
  const head = latin1(bytes, 0, Math.min(bytes.length, 8));
  if (head.startsWith("%PDF-")) return "it is a PDF";
  if (/^[{[]/.test(head.trimStart())) return "it looks like JSON";
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096));
  return /[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text) ? "it does not start as one" : "it is text";
}

interface DecodedCertificate {
  /** The certificate's DER as asn1js decoded it (within the limits, by decodeDer). */
  asn: asn1js.AsnType;
  what: string;
}

/**
 * pkijs's Certificate from the decoded DER: by parts, each field by its own pkijs class as pkijs's Certificate
 * does (so each is checked by its schema), without the schema of the whole certificate that pkijs builds and
 * compares first (about two thirds of pkijs's share of a decode); or whole, by pkijs, which decides for
 * anything off the plain v1/v3 shape (unique identifiers, an empty extension list, a field pkijs refuses).
 */
export const CERTIFICATE_DECODING: PartsStrategy<DecodedCertificate, pkijs.Certificate> = {
  byParts: ({ asn }) => certificateByParts(asn),
  whole: ({ asn, what }) => {
    try {
      return new pkijs.Certificate({ schema: asn });
    } catch (e) {
      throw new FormatError(`${what} is DER but not an X.509 certificate (${e instanceof Error ? e.message : String(e)})`);
    }
  },
};

/**
 * `b` has this identifier as pkijs's schema compares it (asn1js's compareSchema): class, number, form, and a
 * short-form tag. Not by asn1js's classes: an ENUMERATED is an asn1js.Integer.
 */
function tagged(b: asn1js.AsnType | undefined, tagClass: number, tagNumber: number, constructed: boolean): boolean {
  const id = b?.idBlock;
  return id !== undefined && id.tagClass === tagClass && id.tagNumber === tagNumber && id.isConstructed === constructed && !id.isHexOnly;
}
const SEQUENCE = (b: asn1js.AsnType | undefined): b is asn1js.Sequence => b instanceof asn1js.Sequence && tagged(b, 1, 16, true);
const INTEGER = (b: asn1js.AsnType | undefined): b is asn1js.Integer => b instanceof asn1js.Integer && tagged(b, 1, 2, false);
const CONTEXT = (b: asn1js.AsnType | undefined, n: number): b is asn1js.Constructed => b instanceof asn1js.Constructed && tagged(b, 3, n, true);

function certificateByParts(asn: asn1js.AsnType): PartsResult<pkijs.Certificate> {
  try {
    if (!SEQUENCE(asn) || asn.valueBlock.value.length !== 3) return NOT_PLAIN;
    const [tbs, algorithm, value] = asn.valueBlock.value;
    if (!SEQUENCE(tbs) || !(value instanceof asn1js.BitString) || !tagged(value, 1, 3, false)) return NOT_PLAIN;
    const f = tbs.valueBlock.value;
    let i = 0;
    let version: asn1js.Integer | undefined;
    if (CONTEXT(f[0], 0)) {
      const inner = f[0].valueBlock.value;
      if (inner.length !== 1 || !INTEGER(inner[0])) return NOT_PLAIN;
      version = inner[0];
      i = 1;
    }
    const [serial, signature, issuer, validity, subject, spki, ext] = f.slice(i);
    if (!INTEGER(serial) || !SEQUENCE(validity) || validity.valueBlock.value.length !== 2 || !spki) return NOT_PLAIN;
    let extensions: asn1js.AsnType[] | undefined;
    if (ext !== undefined) {
      // [3] { SEQUENCE OF Extension }, last; unique identifiers ([1], [2]) and anything else go whole.
      const list = CONTEXT(ext, 3) && ext.valueBlock.value.length === 1 ? ext.valueBlock.value[0] : undefined;
      if (!SEQUENCE(list) || list.valueBlock.value.length === 0 || f.length !== i + 7) return NOT_PLAIN;
      extensions = list.valueBlock.value;
    } else if (f.length !== i + 6) return NOT_PLAIN;
    const [notBefore, notAfter] = validity.valueBlock.value;
    return fromPart(() => {
      const c = new pkijs.Certificate();
      c.tbsView = tbs.valueBeforeDecodeView;
      if (version) c.version = version.valueBlock.valueDec;
      c.serialNumber = serial;
      c.signature = new pkijs.AlgorithmIdentifier({ schema: signature });
      c.issuer = new pkijs.RelativeDistinguishedNames({ schema: issuer });
      c.notBefore = new pkijs.Time({ schema: notBefore });
      c.notAfter = new pkijs.Time({ schema: notAfter });
      c.subject = new pkijs.RelativeDistinguishedNames({ schema: subject });
      c.subjectPublicKeyInfo = new pkijs.PublicKeyInfo({ schema: spki });
      if (extensions) c.extensions = extensions.map((e) => new pkijs.Extension({ schema: e }));
      c.signatureAlgorithm = new pkijs.AlgorithmIdentifier({ schema: algorithm });
      c.signatureValue = value;
      return c;
    });
  } catch (e) {
    return refusedPart(e);
  }
}

/**
 * For bytes that asn1js decoded once (within other limits), what decodeDer would decide within `limits`,
 * without decoding them again (a seal's CMS asks for its CA's pooled certificate within the CMS's share of
 * the node budget): decodeDer's shape guard, then asn1js's node count, which for plain DER framing is
 * countDerValues. Beyond the count, or off plain framing, decodeDer decides (and throws its error).
 */
function decodedWithin(der: Uint8Array, what: string, limits: DerLimits): void {
  assertDerShape(der, limits, what);
  const top = readTlv(der, 0, der.length);
  const nodes = top && top.end === der.length ? countDerValues(der, top) : null;
  if (nodes === null || nodes > limits.maxAsn1Nodes) decodeDer(der, what, limits);
}

/**
 * All PEM blocks of a text: label and DER bytes. A linear scan with indexOf (a lazy regular expression over
 * the whole text is quadratic on many BEGIN lines without END).
 */
export function pemBlocks(text: string): { label: string; der: Uint8Array }[] {
  const out: { label: string; der: Uint8Array }[] = [];
  const LABEL = /^[A-Z0-9 ]{1,64}$/;
  // Every END marker, by label, in text order: each BEGIN then finds its END without rescanning the text.
  const ends = new Map<string, number[]>();
  for (let p = text.indexOf("-----END "); p >= 0; p = text.indexOf("-----END ", p + 9)) {
    const close = text.indexOf("-----", p + 9);
    if (close < 0) break;
    const label = text.slice(p + 9, close);
    if (!LABEL.test(label)) continue;
    let list = ends.get(label);
    if (!list) ends.set(label, (list = []));
    list.push(p);
  }
  const cursor = new Map<string, number>();
  let pos = 0;
  for (;;) {
    const b = text.indexOf("-----BEGIN ", pos);
    if (b < 0) break;
    const labelEnd = text.indexOf("-----", b + 11);
    if (labelEnd < 0) break;
    const label = text.slice(b + 11, labelEnd);
    const list = LABEL.test(label) ? ends.get(label) : undefined;
    const bodyStart = labelEnd + 5;
    let i = cursor.get(label) ?? 0;
    while (list && i < list.length && list[i]! < bodyStart) i++;
    cursor.set(label, i);
    if (!list || i >= list.length) {
      pos = b + 11;
      continue;
    }
    const e = list[i]!;
    const body = text.slice(bodyStart, e).replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new FormatError(`PEM block ${quoteName(label)} is not valid base64`);
    out.push({ label, der: new Uint8Array(Buffer.from(body, "base64")) });
    pos = e + 14 + label.length;
  }
  return out;
}

/** DER as a PEM block: base64 in lines of 64, between BEGIN and END lines for `label`. */
export function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .replace(/\n$/, "");
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** Exactly one certificate from a PEM text (the token's attachment / publicSigningCertPem). */
export function certificateFromPem(text: string, what: string, session: PkiSession): pkijs.Certificate {
  const blocks = pemBlocks(text);
  const certs = blocks.filter((b) => b.label === "CERTIFICATE");
  if (certs.length === 0) {
    throw new FormatError(blocks.length ? `${what} holds a ${quoteName(blocks[0]!.label)} block, not a CERTIFICATE` : `${what} holds no PEM certificate`);
  }
  if (certs.length > 1) throw new FormatError(`${what} holds ${certs.length} certificates; exactly one was expected`);
  return certificateFromDer(certs[0]!.der, what, session);
}

/**
 * Remembers the bytes each certificate of a decoded SET/SEQUENCE OF Certificate came from (`blocks` are
 * the asn1js children, in the order pkijs decoded them): thumbprints and comparisons then hash the
 * certificate as delivered, and nothing is re-encoded. Mismatched lists are left alone.
 */
export function rememberCertificateDers(certs: readonly unknown[] | undefined, blocks: readonly asn1js.AsnType[] | undefined): void {
  if (!certs || !blocks || certs.length !== blocks.length) return;
  certs.forEach((c, i) => {
    if (c instanceof pkijs.Certificate && !derCache.has(c)) derCache.set(c, blocks[i]!.valueBeforeDecodeView);
  });
}

// Whether a certificate's signature verifies with an issuer's key (or its own, for a self-signed one), per
// pair of certificate objects. Certificates come from the pool, so the links one broker's archives repeat
// (seal CA → seal certificate, TSA root → TSA certificate, …) are checked once per session.
const LINKS = cacheSlot("certificate signatures by (certificate, issuer)", () => new PerPair<pkijs.Certificate, pkijs.Certificate | null, boolean>());

/** `cert.verify(issuer)` on the session's engine, kept per pair; a thrown error counts as false. */
export function signedBy(session: PkiSession, cert: pkijs.Certificate, issuer: pkijs.Certificate | null): Promise<boolean> {
  return session.cache(LINKS).get(cert, issuer, () => cert.verify(issuer ?? undefined, session.engine).catch(() => false));
}

/** The certificate's DER: the bytes it was decoded from when known, else pkijs's encoding of it. */
export function certificateDer(cert: pkijs.Certificate): Uint8Array {
  let der = derCache.get(cert);
  if (!der) {
    // toSchema(false) reuses the schema the certificate was parsed from instead of rebuilding it.
    der = new Uint8Array(cert.toSchema(false).toBER(false));
    derCache.set(cert, der);
  }
  return der;
}

/** The certificates once each (by DER), in the order given. */
export function distinctCertificates(certs: readonly pkijs.Certificate[]): pkijs.Certificate[] {
  const seen = new Set<string>();
  return certs.filter((c) => {
    const k = Buffer.from(certificateDer(c)).toString("base64");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function thumbprint(cert: pkijs.Certificate, alg: "sha1" | "sha256" = "sha1"): string {
  return createHash(alg).update(certificateDer(cert)).digest("hex").toUpperCase();
}

const NAME_OIDS: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.5": "serialNumber",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.97": "organizationIdentifier",
  "1.2.840.113549.1.9.1": "E",
  "2.5.4.42": "GN",
  "2.5.4.4": "SN",
};

/** A name's DER as it came in the certificate (what OCSP's issuerNameHash covers), else pkijs's encoding. */
export function nameDer(name: pkijs.RelativeDistinguishedNames): Uint8Array {
  const asDecoded = new Uint8Array(name.valueBeforeDecode);
  return asDecoded.length > 0 ? asDecoded : new Uint8Array(name.toSchema().toBER(false));
}

// The string types pkijs compares by stringprep (AttributeTypeAndValue.isEqual); other values by bytes.
const STRING_TYPES = [
  asn1js.Utf8String,
  asn1js.BmpString,
  asn1js.UniversalString,
  asn1js.NumericString,
  asn1js.PrintableString,
  asn1js.TeletexString,
  asn1js.VideotexString,
  asn1js.IA5String,
  asn1js.GraphicString,
  asn1js.VisibleString,
  asn1js.GeneralString,
  asn1js.CharacterString,
];
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A string attribute's text when it is printable ASCII, where pkijs's comparison reduces to equality. */
function plainText(value: unknown): string | null {
  if (!STRING_TYPES.some((t) => value instanceof t)) return null;
  const text = (value as { valueBlock: { value: unknown } }).valueBlock.value;
  return typeof text === "string" && PRINTABLE_ASCII.test(text) ? text : null;
}

/** pkijs's stringPrep on printable ASCII: trimmed, runs of spaces made one, lower case. */
const prep = (s: string): string => s.trim().replace(/ +/g, " ").toLowerCase();

/**
 * A key on which names that sameName matches agree: their attribute types in order with their values as pkijs
 * normalises printable ASCII. null when a value is anything else (such a name may match names of other keys).
 * Computed when asked: the anchors' keys once, in their index (chain.ts, indexAnchors), a path's issuers per path.
 */
export function nameKey(name: pkijs.RelativeDistinguishedNames): string | null {
  const parts: string[] = [];
  for (const tv of name.typesAndValues) {
    const text = plainText(tv.value);
    if (text === null) return null;
    parts.push(`${tv.type}=${JSON.stringify(prep(text))}`);
  }
  return parts.join(",");
}

/**
 * Whether two names match (RFC 5280 §7.1), as pkijs's RelativeDistinguishedNames.isEqual decides, but
 * without its cost where the answer is plain: names encoded alike match; names with other attribute types,
 * or printable-ASCII values that differ after pkijs's normalisation, do not (pkijs compares such strings
 * with localeCompare, whose first use alone costs a cold run ~20 ms, and which for printable ASCII is
 * equality). Anything else (other scripts, non-string values) is left to pkijs.
 */
export function sameName(a: pkijs.RelativeDistinguishedNames, b: pkijs.RelativeDistinguishedNames): boolean {
  const x = new Uint8Array(a.valueBeforeDecode);
  if (x.length > 0 && bytesEqual(x, new Uint8Array(b.valueBeforeDecode))) return true;
  const [p, q] = [a.typesAndValues, b.typesAndValues];
  if (p.length !== q.length) return false;
  let settled = true;
  for (let i = 0; i < p.length; i++) {
    if (p[i]!.type !== q[i]!.type) return false;
    const [u, v] = [plainText(p[i]!.value), plainText(q[i]!.value)];
    if (u === null || v === null) settled = false;
    else if (prep(u) !== prep(v)) return false;
  }
  return settled || a.isEqual(b);
}

/** A distinguished name for people, most specific first (CN=…, O=…, C=…), as RFC 4514 orders it. */
export function formatName(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => {
      const key = NAME_OIDS[tv.type] ?? tv.type;
      const v = tv.value?.valueBlock as { value?: unknown } | undefined;
      const value = typeof v?.value === "string" ? v.value : toHex(tv.value.valueBeforeDecodeView);
      return `${key}=${value.replace(/([,+"\\<>;])/g, "\\$1")}`;
    })
    .reverse()
    .join(", ");
}

export function serialHex(cert: pkijs.Certificate): string {
  return toHex(cert.serialNumber.valueBlock.valueHexView).toUpperCase();
}

export function extension(cert: pkijs.Certificate, oid: string): pkijs.Extension | undefined {
  return cert.extensions?.find((e) => e.extnID === oid);
}

export function extendedKeyUsages(cert: pkijs.Certificate): string[] | null {
  const ext = extension(cert, OID.extKeyUsage);
  if (!ext) return null;
  return (ext.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
}

const KEY_USAGE_NAMES = [
  "digitalSignature",
  "nonRepudiation",
  "keyEncipherment",
  "dataEncipherment",
  "keyAgreement",
  "keyCertSign",
  "cRLSign",
  "encipherOnly",
  "decipherOnly",
] as const;
export type KeyUsageName = (typeof KEY_USAGE_NAMES)[number];

/** Key usage bits, or null when the extension is absent (any usage allowed). */
export function keyUsages(cert: pkijs.Certificate): KeyUsageName[] | null {
  const ext = extension(cert, OID.keyUsage);
  if (!ext) return null;
  const bits = ext.parsedValue as asn1js.BitString | undefined;
  const view = bits?.valueBlock.valueHexView ?? new Uint8Array();
  return KEY_USAGE_NAMES.filter((_, i) => ((view[i >> 3] ?? 0) >> (7 - (i & 7))) & 1);
}

// The summary is part of the report model; pki fills it.
export type { CertificateSummary } from "../report/types.js";

/** A signature algorithm's name from the one table (algorithms.ts), else its OID. */
export function algorithmName(oid: string): string {
  return SIGNATURE_ALGORITHMS.get(oid)?.name ?? oid;
}

// Certificates come from the pool and repeat across archives: each is summarised once (callers get a copy).
// A pure function of an immutable object, memoised on the object: lives and goes with it (and so with the
// session whose pool holds it), and can never change a result.
const summaries = new WeakMap<pkijs.Certificate, CertificateSummary>();

export function summarize(cert: pkijs.Certificate): CertificateSummary {
  let s = summaries.get(cert);
  if (!s) summaries.set(cert, (s = summarizeOnce(cert)));
  return { ...s, ...(s.keyUsage ? { keyUsage: [...s.keyUsage] } : {}), ...(s.extendedKeyUsage ? { extendedKeyUsage: [...s.extendedKeyUsage] } : {}) };
}

function summarizeOnce(cert: pkijs.Certificate): CertificateSummary {
  // A possible person's subject is marked (report/person-names.ts), and the issuer of a self-issued one with it.
  const sha256 = thumbprint(cert, "sha256");
  const person = mayNameAPerson(cert);
  const marked = (name: pkijs.RelativeDistinguishedNames) => (person ? markPersonName(sha256, formatName(name)) : formatName(name));
  const s: CertificateSummary = {
    subject: marked(cert.subject),
    issuer: sameName(cert.subject, cert.issuer) ? marked(cert.issuer) : formatName(cert.issuer),
    serialNumber: serialHex(cert),
    notBefore: cert.notBefore.value.toISOString(),
    notAfter: cert.notAfter.value.toISOString(),
    sha1: thumbprint(cert, "sha1"),
    sha256,
    signatureAlgorithm: algorithmName(cert.signatureAlgorithm.algorithmId),
    ...(person ? { person: true as const } : {}),
  };
  const ku = keyUsages(cert);
  if (ku) s.keyUsage = ku;
  const eku = extendedKeyUsages(cert);
  if (eku) s.extendedKeyUsage = eku;
  return s;
}

export function validAt(cert: pkijs.Certificate, at: Date): "valid" | "expired" | "not-yet-valid" {
  if (at.getTime() < cert.notBefore.value.getTime()) return "not-yet-valid";
  if (at.getTime() > cert.notAfter.value.getTime()) return "expired";
  return "valid";
}

/**
 * A short name: the CN (or the whole DN when there is none), as the file wrote it: data. Words show it only through
 * shownName (a12 W8), or quoteName where it was kept as data (laterStop's `by`); details keep the full DN.
 */
export function displayName(name: pkijs.RelativeDistinguishedNames): string {
  const cn = name.typesAndValues.find((tv) => tv.type === "2.5.4.3");
  const v = cn?.value?.valueBlock as { value?: unknown } | undefined;
  return typeof v?.value === "string" ? v.value : formatName(name);
}

/**
 * displayName between quotation marks as sealcheck's words show a name someone chose (a9 W6: a self-signed
 * signer named `Nets A/S” : intact, trusted …` spoke in sealcheck's voice): quoteName's allow-list, cut at 64.
 */
export function shownName(name: pkijs.RelativeDistinguishedNames): string {
  return quoteName(displayName(name), 64);
}

/**
 * A certificate's holder as the words show it: shownName of its subject, marked as a possible person's when nothing
 * in the certificate shows an organisation's (pki/holder.ts), so that the report masks it unless personal data is
 * shown (report/person-names.ts). Every subject of a certificate the evidence names goes through here; an issuer's
 * name is a CA's (shownName), unless the certificate is self-issued (shownIssuer).
 */
export function shownSubject(cert: pkijs.Certificate): string {
  const shown = shownName(cert.subject);
  return mayNameAPerson(cert) ? markPersonName(thumbprint(cert, "sha256"), shown) : shown;
}

/** A certificate's issuer as the words show it: a self-issued certificate's is its holder's (shownSubject). */
export function shownIssuer(cert: pkijs.Certificate): string {
  return sameName(cert.subject, cert.issuer) ? shownSubject(cert) : shownName(cert.issuer);
}
