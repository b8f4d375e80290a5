// Whose name a certificate's subject is: an organisation's, shown, or possibly a person's, personal data that
// human output masks unless asked (--show-personal-data). An allow-list: a subject counts as an organisation's
// only when the certificate itself shows it (a name alone cannot: "CN=Jens Peter Riisager" signs Denmark's list
// with no givenName or surname). What shows it:
// - a CA certificate (basicConstraints cA, RFC 5280): an authority, not a holder;
// - CN equal to O: the organisation's own name is the name shown;
// - a service's certificate: a time-stamping unit (id-kp-timeStamping) or an OCSP responder (id-kp-OCSPSigning);
// - ETSI EN 319 412-1/-5 QC statements: the semantics identifier for legal persons (id-etsi-qcs-semanticsId-Legal,
//   -eIDASLegal), or the QcType of an electronic seal or a website (id-etsi-qct-eseal, -web);
// - an ETSI EN 319 411-1/-2 policy for legal persons or organisation-validated websites (QCP-l, QCP-l-qscd, QCP-w,
//   QNCP-w, QNCP-w-gen, EVCP, OVCP).
// Whatever else it says, a subject naming a person (givenName, surname, pseudonym, X.520) or a semantics identifier
// for natural persons is a person's.
import type * as pkijs from "pkijs";
import * as asn1js from "asn1js";

// certificate.ts marks names by this rule (shownSubject), so this module reads the extensions itself.
const extension = (cert: pkijs.Certificate, oid: string): pkijs.Extension | undefined => cert.extensions?.find((e) => e.extnID === oid);
const extendedKeyUsages = (cert: pkijs.Certificate): string[] =>
  (extension(cert, "2.5.29.37")?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];

const CN = "2.5.4.3";
const O = "2.5.4.10";
const PERSON_ATTRIBUTES = new Set(["2.5.4.42", "2.5.4.4", "2.5.4.65"]);
const TIME_STAMPING = "1.3.6.1.5.5.7.3.8";
const OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";
const QC_STATEMENTS = "1.3.6.1.5.5.7.1.3";
const QC_SYNTAX_V2 = "1.3.6.1.5.5.7.11.2";
const QC_TYPE = "0.4.0.1862.1.6";
const LEGAL_SEMANTICS = new Set(["0.4.0.194121.1.2", "0.4.0.194121.1.4"]);
const NATURAL_SEMANTICS = new Set(["0.4.0.194121.1.1", "0.4.0.194121.1.3"]);
const ORGANISATION_QC_TYPES = new Set(["0.4.0.1862.1.6.2", "0.4.0.1862.1.6.3"]);
const ORGANISATION_POLICIES = new Set([
  "0.4.0.194112.1.1", // QCP-l
  "0.4.0.194112.1.3", // QCP-l-qscd
  "0.4.0.194112.1.4", // QCP-w
  "0.4.0.194112.1.5", // QNCP-w
  "0.4.0.194112.1.6", // QNCP-w-gen
  "0.4.0.2042.1.4", // EVCP
  "0.4.0.2042.1.7", // OVCP
]);

/** Why a certificate's subject is an organisation's, in words; null when nothing in it shows that. */
export type HolderEvidence = "a CA certificate" | "CN equal to O" | "a service's certificate" | "a legal person's QC statement" | "a legal person's policy";

function values(cert: pkijs.Certificate, type: string): string[] {
  return cert.subject.typesAndValues
    .filter((t) => t.type === type)
    .map((t) => (t.value?.valueBlock as { value?: unknown } | undefined)?.value)
    .filter((v): v is string => typeof v === "string");
}

/** The OIDs a QC statement's info holds at its top level (a QcType's list, a semantics identifier). */
function infoOids(type: unknown): string[] {
  const items = type instanceof asn1js.Sequence ? type.valueBlock.value : [];
  return items.filter((v): v is asn1js.ObjectIdentifier => v instanceof asn1js.ObjectIdentifier).map((v) => v.valueBlock.toString());
}

/** The QC statements' semantics identifiers and QcTypes (pkijs decodes the extension). */
function qcOids(cert: pkijs.Certificate): { semantics: string[]; types: string[] } {
  const parsed = extension(cert, QC_STATEMENTS)?.parsedValue as pkijs.QCStatements | undefined;
  const out = { semantics: [] as string[], types: [] as string[] };
  for (const s of parsed?.values ?? []) {
    if (s.id === QC_SYNTAX_V2) out.semantics.push(...infoOids(s.type));
    if (s.id === QC_TYPE) out.types.push(...infoOids(s.type));
  }
  return out;
}

function policies(cert: pkijs.Certificate): string[] {
  const parsed = extension(cert, "2.5.29.32")?.parsedValue as pkijs.CertificatePolicies | undefined;
  return (parsed?.certificatePolicies ?? []).map((p) => p.policyIdentifier);
}

/**
 * What shows the certificate's subject is an organisation's (the allow-list above), or null: its name is then
 * taken for a person's. A certificate whose extensions cannot be read is a person's.
 */
export function organisationEvidence(cert: pkijs.Certificate): HolderEvidence | null {
  try {
    if (cert.subject.typesAndValues.some((t) => PERSON_ATTRIBUTES.has(t.type))) return null;
    const qc = qcOids(cert);
    if (qc.semantics.some((s) => NATURAL_SEMANTICS.has(s))) return null;
    const bc = extension(cert, "2.5.29.19")?.parsedValue as pkijs.BasicConstraints | undefined;
    if (bc?.cA === true) return "a CA certificate";
    const cn = values(cert, CN).map((v) => v.trim());
    const o = values(cert, O).map((v) => v.trim());
    if (cn.length === 1 && o.length === 1 && cn[0] !== "" && cn[0]!.toLowerCase() === o[0]!.toLowerCase()) return "CN equal to O";
    const eku = extendedKeyUsages(cert);
    if (eku.includes(TIME_STAMPING) || eku.includes(OCSP_SIGNING)) return "a service's certificate";
    if (qc.semantics.some((s) => LEGAL_SEMANTICS.has(s)) || qc.types.some((t) => ORGANISATION_QC_TYPES.has(t))) return "a legal person's QC statement";
    if (policies(cert).some((p) => ORGANISATION_POLICIES.has(p))) return "a legal person's policy";
    return null;
  } catch {
    return null;
  }
}

/**
 * Whether the certificate itself says its subject is a person (a given name, surname or pseudonym, or a natural
 * person's semantics identifier): what no other knowledge of the holder (the broker's own seal) can outweigh.
 */
export function namesAPerson(cert: pkijs.Certificate): boolean {
  try {
    return cert.subject.typesAndValues.some((t) => PERSON_ATTRIBUTES.has(t.type)) || qcOids(cert).semantics.some((s) => NATURAL_SEMANTICS.has(s));
  } catch {
    return true;
  }
}

/** Whether the subject may name a person: nothing in the certificate shows it is an organisation's. */
export function mayNameAPerson(cert: pkijs.Certificate): boolean {
  return organisationEvidence(cert) === null;
}

/** A qualified electronic seal's QC type (ETSI EN 319 412-5 id-etsi-qct-eseal) and policies (QCP-l, QCP-l-qscd). */
const ESEAL_QC_TYPE = "0.4.0.1862.1.6.2";
const SEAL_POLICIES = new Set(["0.4.0.194112.1.1", "0.4.0.194112.1.3"]);
/**
 * Key purposes a seal's key may state (an allow-list, a28 S1: code signing, e-mail, client authentication or any
 * purpose passed the deny-list): document signing (RFC 9336), Microsoft's and Adobe's document signing. None stated:
 * any (RFC 5280 §4.2.1.12).
 */
const SEAL_PURPOSES = new Set(["1.3.6.1.5.5.7.3.36", "1.3.6.1.4.1.311.10.3.12", "1.2.840.113583.1.1.5"]);

/**
 * What shows the certificate is an organisation's electronic seal (a27 S1: an organisation's certificate is no seal;
 * its TSA's, OCSP responder's, CA's or web server's keys sign no document): an eseal QC type or a legal person's seal
 * policy (QCP-l, QCP-l-qscd), not a CA, no key purposes or a document-signing one among them; or null.
 */
export function sealEvidence(cert: pkijs.Certificate): string | null {
  try {
    if (namesAPerson(cert)) return null;
    const bc = extension(cert, "2.5.29.19")?.parsedValue as pkijs.BasicConstraints | undefined;
    if (bc?.cA === true) return null;
    // An EKU extension that does not read as purposes is no "none stated" (a29's note: it read as any purpose).
    const purposes = extendedKeyUsages(cert);
    const stated = extension(cert, "2.5.29.37") !== undefined;
    if (stated && !purposes.some((p) => SEAL_PURPOSES.has(p))) return null;
    if (qcOids(cert).types.includes(ESEAL_QC_TYPE)) return "a qualified seal's QC type";
    if (policies(cert).some((p) => SEAL_POLICIES.has(p))) return "a legal person's seal policy";
    return null;
  } catch {
    return null;
  }
}
