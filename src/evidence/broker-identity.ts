// Who the broker is, recognised from a certificate's parsed name attributes (never from a pattern on a
// formatted name, which "CN=Nets Evil Corp, O=Nets Branch Norway NUF" or a second organizationIdentifier
// would satisfy): its Workflow-token certificate (evidence.md §4) and its seals (evidence.md §1).
import type * as pkijs from "pkijs";
import { thumbprint } from "../pki/certificate.js";
import { quoteName } from "../report/quoted-name.js";
import { namesAPerson, sealEvidence } from "../pki/holder.js";

export const OID_ORGANIZATION_IDENTIFIER = "2.5.4.97";
const OID = { C: "2.5.4.6", L: "2.5.4.7", O: "2.5.4.10", CN: "2.5.4.3" } as const;

/** The production seal's holder (IN GROUPE TRUST SERVICES APS NUF): a renewed certificate keeps it. */
export const PRODUCTION_SEAL_ORGANIZATION_ID = "NTRNO-933127990";
/** The production seal certificate seen (SHA-1 of its DER). */
export const PRODUCTION_SEAL_SHA1 = "D3250E7ADB60771B3E0F35D79971FD62C314A06D";

type Attribute = readonly [oid: string, value: string];

/** The test environment's seal (the real one: subject and issuer exactly these attributes, nothing else). */
const TEST_SEAL_SUBJECT: readonly Attribute[] = [
  [OID.C, "NO"],
  [OID.L, "Oslo"],
  [OID.O, "Nets Branch Norway NUF"],
  [OID.CN, "Nets"],
];
const TEST_SEAL_ISSUER: readonly Attribute[] = [
  [OID.C, "DK"],
  [OID.O, "Nets A/S"],
  [OID.CN, "NETS AS Intermediate CA"],
];

/** The text of every value of one attribute type in a name (null for a value that is not a string). */
export function nameAttributeValues(name: pkijs.RelativeDistinguishedNames, oid: string): (string | null)[] {
  return name.typesAndValues
    .filter((tv) => tv.type === oid)
    .map((tv) => {
      const v = tv.value?.valueBlock as { value?: unknown } | undefined;
      return typeof v?.value === "string" ? v.value : null;
    });
}

/**
 * The subject's organizationIdentifier when it has exactly one (a string); otherwise why not. Two values
 * make the holder ambiguous, so such a certificate is nobody's.
 */
export function organizationIdentifier(cert: pkijs.Certificate): { value: string | null; problem: string | null } {
  const values = nameAttributeValues(cert.subject, OID_ORGANIZATION_IDENTIFIER);
  if (values.length === 0) return { value: null, problem: "no organizationIdentifier" };
  if (values.length > 1)
    return {
      value: null,
      problem: `${values.length} organizationIdentifier values (${values.map((v) => (v === null ? "?" : quoteName(v))).join(", ")}): the holder is ambiguous`,
    };
  if (values[0] === null) return { value: null, problem: "an organizationIdentifier that is not a string" };
  return { value: values[0]!, problem: null };
}

/** Whether a name holds exactly these attributes, each once, with exactly these values (order aside). */
function nameIsExactly(name: pkijs.RelativeDistinguishedNames, expected: readonly Attribute[]): boolean {
  const tvs = name.typesAndValues;
  if (tvs.length !== expected.length) return false;
  return expected.every(([oid, value]) => {
    const values = nameAttributeValues(name, oid);
    return values.length === 1 && values[0] === value;
  });
}

export type SealIdentity = "production-seal" | "test-seal" | "accepted-seal-signer" | "other";

/** Seal signers the user accepts besides the broker (--seal-signer). */
export interface SealSignerPolicy {
  /** organizationIdentifier values. */
  organizations: readonly string[];
  /** SHA-256 thumbprints (upper-case hex) of accepted certificates. */
  certificates: readonly string[];
}

export const NO_EXTRA_SEAL_SIGNERS: SealSignerPolicy = Object.freeze({ organizations: [], certificates: [] });

/**
 * Whose seal this is: the broker's production seal (that exact certificate, or its holder's single
 * organizationIdentifier), its test seal (subject and issuer attribute by attribute), a signer the user
 * accepted with --seal-signer (organizationIdentifier or certificate), or someone else.
 */
export function sealIdentity(cert: pkijs.Certificate, policy: SealSignerPolicy = NO_EXTRA_SEAL_SIGNERS): { identity: SealIdentity; reason: string } {
  const org = organizationIdentifier(cert);
  if (thumbprint(cert, "sha1") === PRODUCTION_SEAL_SHA1)
    return { identity: "production-seal", reason: "the broker's production seal certificate (SHA-1 thumbprint)" };
  // The holder's identifier names the organisation, not that the certificate is its seal: one of its employees'
  // personal certificates carries it too (a25 P1), and so do its TSA's, OCSP responder's, CAs' and web servers'
  // (a27 S1). A renewed seal is a qualified seal (pki/holder.ts sealEvidence: an eseal QC type or QCP-l policy).
  if (org.value === PRODUCTION_SEAL_ORGANIZATION_ID) {
    const evidence = sealEvidence(cert);
    if (evidence)
      return {
        identity: "production-seal",
        reason: `the broker's production seal holder (organizationIdentifier ${PRODUCTION_SEAL_ORGANIZATION_ID}, ${evidence})`,
      };
    return {
      identity: "other",
      reason: `its subject has the broker's production seal holder's organizationIdentifier ${PRODUCTION_SEAL_ORGANIZATION_ID}, but nothing in it shows it is an organisation's seal (an employee's own certificate, or a TSA's, CA's or server's, is not)`,
    };
  }
  if (nameIsExactly(cert.subject, TEST_SEAL_SUBJECT) && nameIsExactly(cert.issuer, TEST_SEAL_ISSUER)) {
    return { identity: "test-seal", reason: "the broker's test-environment seal (subject and issuer)" };
  }
  if (policy.certificates.includes(thumbprint(cert, "sha256")))
    return { identity: "accepted-seal-signer", reason: "a certificate accepted with --seal-signer" };
  if (org.value !== null && policy.organizations.includes(org.value))
    return { identity: "accepted-seal-signer", reason: `organizationIdentifier ${org.value}, accepted with --seal-signer` };
  return {
    identity: "other",
    reason:
      org.problem && org.problem !== "no organizationIdentifier" ? `its subject has ${org.problem}` : "neither the broker's production seal nor its test seal",
  };
}

/**
 * Whether the certificate is the broker's own seal (its production certificate or holder, its test seal) and does
 * not itself name a person: an organisation's, whose name the report shows although nothing in the certificate
 * shows it (pki/holder.ts; the real test seal "CN=Nets, O=Nets Branch Norway NUF" has neither CN equal to O nor a
 * QC statement). A seal accepted with --seal-signer is judged by its certificate alone: a customer's personal
 * certificate can be accepted.
 */
export function isBrokerSealHolder(cert: pkijs.Certificate): boolean {
  // The test seal by its exact names, the production seal by its thumbprint: a holder match by organizationIdentifier
  // needs organisation evidence, which shows the name anyway (a25 P1).
  const exact =
    thumbprint(cert, "sha1") === PRODUCTION_SEAL_SHA1 || (nameIsExactly(cert.subject, TEST_SEAL_SUBJECT) && nameIsExactly(cert.issuer, TEST_SEAL_ISSUER));
  return exact && !namesAPerson(cert);
}
