// tl-signer: who signed the list, and whether the user's trust reaches that certificate. A list signer is
// trusted by being one of the certificates the user pinned, or one a verified list of lists announces for the
// list's territory; compared as whole certificates, byte for byte (TS 119 612 publishes certificates, not
// names or keys). Its validity period must hold the validation time; list signers have no revocation service.
// Signers are often people (the EU list's is): messages name the certificate by digest; its subject stays in details.
import { certificateFields, type PublicKey } from "../platform/crypto.js";
import { certificateFromDer, summarize, validAt } from "../pki/certificate.js";
import { X509_CURVES } from "../pki/jose-policy.js";
import type { PkiSession } from "../pki/session.js";
import { failed, indeterminate, passed } from "../report/check.js";
import type { CertificateSummary, CheckResult, ValidationTime } from "../report/types.js";
import { errorMessage } from "../errors.js";
import { namedBySigningCertificate, type SignatureShape } from "./xmldsig.js";
import { mayNameAPerson } from "../pki/holder.js";

const ID = "tl-signer";

export interface SignerTrust {
  pinned: readonly Uint8Array[];
  /** Certificates a verified LOTL announces for this list, and which LOTL that is. */
  announced: { certificates: readonly Uint8Array[]; by: string } | null;
  /** Why nothing is announced, when a LOTL was given but could not vouch (its own failure, no pointer). */
  announcementProblem: string | null;
}

export interface SignerOutcome {
  check: CheckResult;
  isPerson: boolean;
  der: Uint8Array | null;
  key: PublicKey | null;
  summary: CertificateSummary | null;
  trustedBy: string | null;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The KeyInfo certificate that the signed XAdES SigningCertificate names, with its public key. */
export function signingCertificate(shape: SignatureShape): { der: Uint8Array; key: PublicKey } | { problem: string } {
  const named = shape.keyInfoCertificates.filter((c) => namedBySigningCertificate(c, shape.signingCertificateDigests));
  if (named.length === 0)
    return {
      problem:
        shape.signingCertificateDigests.length === 0
          ? "the signature's SignedProperties name no signing certificate (XAdES SigningCertificate)"
          : "no certificate in KeyInfo is the one the signed SigningCertificate names",
    };
  try {
    return { der: named[0]!, key: certificateFields(named[0]!).publicKey };
  } catch (e) {
    return { problem: `the signing certificate cannot be read (${errorMessage(e)})` };
  }
}

/**
 * RSA of 1900 bits or more (ETSI TS 119 312's floor; real lists use odd sizes: Norway's 2019 list has 2032
 * bits), or ECDSA on the curves TS 119 312 recommends: NIST P-256/384/521 and Brainpool P256r1/P384r1/P512r1
 * (Germany's lists are signed on brainpoolP256r1).
 */
function keyProblem(key: PublicKey): string | null {
  const d = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss")
    return (d.modulusLength ?? 0) >= 1900 ? null : `an RSA key of ${d.modulusLength ?? "?"} bits (at least 1900 required)`;
  if (key.asymmetricKeyType === "ec") return X509_CURVES.has(d.namedCurve ?? "") ? null : `an EC key on curve ${d.namedCurve ?? "?"}`;
  return `a ${key.asymmetricKeyType ?? "unknown"} key`;
}

/** `found`: what signingCertificate said of the list's signature; null when the list has none. */
export function judgeSigner(found: ReturnType<typeof signingCertificate> | null, trust: SignerTrust, at: ValidationTime, session: PkiSession): SignerOutcome {
  const none = { der: null, key: null, summary: null, trustedBy: null, isPerson: false };
  if (!found)
    return {
      ...none,
      check: failed(ID, "FORMAT_FAILURE", "The list carries no signature sealcheck accepts (see tl-signature), so nobody vouches for it.", { at }),
    };
  if ("problem" in found) return { ...none, check: indeterminate(ID, "NO_SIGNING_CERTIFICATE_FOUND", `No signing certificate: ${found.problem}.`, { at }) };
  let summary: CertificateSummary;
  let validity: ReturnType<typeof validAt>;
  let isPerson: boolean;
  try {
    const cert = certificateFromDer(found.der, "the list's signing certificate", session);
    summary = summarize(cert);
    validity = validAt(cert, at.time);
    // An allow-list (pki/holder.ts): a person's unless the certificate shows it is an organisation's.
    isPerson = mayNameAPerson(cert);
  } catch (e) {
    return { ...none, check: failed(ID, "FORMAT_FAILURE", `The list's signing certificate cannot be decoded: ${errorMessage(e)}.`, { at }) };
  }
  const out = { der: found.der, key: found.key, summary, isPerson };
  const details = { subject: summary.subject, sha256: summary.sha256, notBefore: summary.notBefore, notAfter: summary.notAfter };
  const weak = keyProblem(found.key);
  if (weak) return { ...out, trustedBy: null, check: indeterminate(ID, "CRYPTO_CONSTRAINTS_FAILURE", `The list is signed with ${weak}.`, { at, details }) };

  const trustedBy = trust.pinned.some((p) => sameBytes(p, found.der))
    ? "pinned"
    : trust.announced?.certificates.some((c) => sameBytes(c, found.der))
      ? trust.announced.by
      : null;
  if (!trustedBy) {
    const why = trust.announcementProblem
      ? ` ${trust.announcementProblem}`
      : trust.announced
        ? ` ${trust.announced.by[0]!.toUpperCase()}${trust.announced.by.slice(1)} announces ${trust.announced.certificates.length} other certificate(s) for this list.`
        : " Pin the list's signer with --trust, or give the list of lists that announces it with --lotl.";
    return {
      ...out,
      trustedBy: null,
      check: indeterminate(
        ID,
        "NO_CERTIFICATE_CHAIN_FOUND",
        `The list's signing certificate (SHA-256 ${summary.sha256}) is neither pinned nor announced by a verified list of lists.${why}`,
        {
          at,
          details,
        },
      ),
    };
  }
  const by = trustedBy === "pinned" ? "pinned with --trust" : `announced by ${trustedBy}`;
  const period = `${summary.notBefore} to ${summary.notAfter}`;
  if (validity === "not-yet-valid")
    return {
      ...out,
      trustedBy,
      check: failed(ID, "NOT_YET_VALID", `The signing certificate (${by}) was not yet valid at ${at.time.toISOString()} (valid ${period}).`, { at, details }),
    };
  if (validity === "expired")
    return {
      ...out,
      trustedBy,
      check: indeterminate(ID, "OUT_OF_BOUNDS_NO_POE", `The signing certificate (${by}) had expired at ${at.time.toISOString()} (valid ${period}).`, {
        at,
        details,
      }),
    };
  return {
    ...out,
    trustedBy,
    check: passed(ID, `The signing certificate (SHA-256 ${summary.sha256.slice(0, 16)}…) is ${by} and was valid at ${at.time.toISOString()}.`, {
      at,
      details: { ...details, trustedBy },
    }),
  };
}
