// The one revocation rule for validation data of any date (ETSI EN 319 102-1 §5.2.6, as EU DSS; attack36 L1–L4
// and A1). Each authentic item about a certificate (an OCSP response signed by its CA or a responder the CA
// authorised, or a CRL signed by its CA that covers it: RFC 5280 §6.3.3) states either "revoked at R" or "not
// revoked" as of its thisUpdate. A "revoked at R" is a fact whatever the item's date and wherever it lies: the
// earliest R at or before the time the certificate must hold until decides, and no "good" beside it outweighs
// it. An item's date only decides whether its "not revoked" may speak for a time (freshness), which each user
// judges against its own time. Read here for long-term validation (a TSA at its proof of existence) and for
// augment (a certificate an archive timestamp must rest on); seal-certificate applies the same rule through
// judgeOcsp and judgeCrl at the sealing time.
import type * as pkijs from "pkijs";
import { sameName } from "./certificate.js";
import { decodeCrl, judgeCrl } from "./crl.js";
import { decodeOcsp, judgeOcsp } from "./ocsp.js";
import type { PkiSession } from "./session.js";

/** What one authentic revocation item states about a certificate. */
export interface RevocationStatement {
  readonly kind: "ocsp" | "crl";
  /** The time the item speaks from (its thisUpdate). */
  readonly thisUpdate: Date;
  /** "OCSP of <thisUpdate>" or "CRL of <thisUpdate>", for messages. */
  readonly source: string;
  /** The revocation it states, or null: not revoked as of thisUpdate. An OCSP "revoked" without a time counts from the start. */
  readonly revokedAt: Date | null;
  /** The revocation in a sentence ("the OCSP response of … says it was revoked at …"); empty for "not revoked". */
  readonly text: string;
}

export interface RevocationReading {
  /** The item names this certificate (an OCSP CertID that matches it, a CRL of its issuer), authentic or not. */
  readonly about: boolean;
  /** What it states, when it is authentic and answers for the certificate; null otherwise. */
  readonly statement: RevocationStatement | null;
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, "Z");
const NONE: RevocationReading = { about: false, statement: null };

/**
 * Reads one OCSP response or CRL (DER) for `target`, whose issuing CA is `issuer` (null when unknown: then
 * nothing is authentic). `pool`: certificates that may hold a delegated OCSP responder. Unreadable items, and
 * items about another certificate, say nothing.
 */
export async function readRevocation(
  session: PkiSession,
  item: { readonly kind: "ocsp" | "crl"; readonly der: Uint8Array },
  target: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  pool: readonly pkijs.Certificate[],
  skewSeconds: number,
): Promise<RevocationReading> {
  try {
    if (item.kind === "ocsp") {
      const decoded = decodeOcsp(item.der, session);
      const r = await judgeOcsp({
        session,
        decoded,
        target,
        issuer,
        pool,
        sealingTime: decoded.producedAt ?? new Date(0),
        freshnessWindowSeconds: 0,
        clockSkewSeconds: skewSeconds,
      });
      if (r.certId.status !== "passed" || !r.single) return NONE;
      const s = r.single;
      if (r.signature.status !== "passed" || (s.status !== "good" && s.status !== "revoked")) return { about: true, statement: null };
      const thisUpdate = new Date(s.thisUpdate);
      const revokedAt = s.status === "revoked" ? (s.revocationTime ? new Date(s.revocationTime) : new Date(-8.64e15)) : null;
      return {
        about: true,
        statement: {
          kind: "ocsp",
          thisUpdate,
          source: `OCSP of ${s.thisUpdate}`,
          revokedAt,
          text: revokedAt ? `the OCSP response of ${s.thisUpdate} says it was revoked at ${s.revocationTime ? iso(revokedAt) : "an unstated time"}` : "",
        },
      };
    }
    const decoded = decodeCrl(item.der, session);
    if (!sameName(decoded.crl.issuer, target.issuer)) return NONE;
    const thisUpdate = decoded.crl.thisUpdate.value;
    // Judged at its own thisUpdate: authentic (issuer, signature), covering the certificate (its scope), and what it lists.
    const j = await judgeCrl(session, decoded, target, issuer, thisUpdate, skewSeconds);
    if (j.status === "indeterminate" || (j.status === "failed" && j.subIndication !== "REVOKED")) return { about: true, statement: null };
    const revokedAt = typeof j.details.revocationTime === "string" ? new Date(j.details.revocationTime) : null;
    return {
      about: true,
      statement: {
        kind: "crl",
        thisUpdate,
        source: `CRL of ${iso(thisUpdate)}`,
        revokedAt,
        text: revokedAt ? `the CRL of ${iso(thisUpdate)} lists it as revoked at ${iso(revokedAt)}` : "",
      },
    };
  } catch {
    return NONE; // unreadable: not about this certificate as far as anyone can tell
  }
}

/** The rule: the earliest revocation at or before `until` that any of the statements gives, or null. */
export function revokedBy(statements: readonly RevocationStatement[], until: Date): RevocationStatement | null {
  let first: RevocationStatement | null = null;
  for (const s of statements) {
    if (!s.revokedAt || s.revokedAt.getTime() > until.getTime()) continue;
    if (!first || s.revokedAt.getTime() < first.revokedAt!.getTime()) first = s;
  }
  return first;
}
