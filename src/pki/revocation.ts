// One rule for a certificate's revocation status at a time, from every authentic item the evidence holds
// (EN 319 102-1 §5.2.5–5.2.6, RFC 5280 §6.3, RFC 6960; as EU DSS): the TSAs' certificates (long-term), every
// certificate above a leaf on a path (seal, TSA, token), a delegated OCSP responder without
// id-pkix-ocsp-nocheck when it signed (RFC 6960 §4.2.2.2.1), and augment's re-check. Whatever the order:
// - an authentic item (signed by the issuer, or by a responder the issuer authorised and that is itself
//   unrevoked) saying "revoked at r", r at or before the time, decides "revoked", whatever the item's date;
// - otherwise an authentic item about the certificate that speaks for the time proves it unrevoked: issued at
//   or after `issuedAfter` when given (a TSA: after its genTime), else current at the time or issued after it;
// - a CRL answers only within its scope; a delta CRL only combined with its complete CRL (crl.ts).
import type * as pkijs from "pkijs";
import { sameName } from "./certificate.js";
import { decodeCrl, judgeCrl, type DecodedCrl } from "./crl.js";
import { decodeOcsp, judgeOcsp, type OcspInput, type OcspJudgements, type ResponderRevocation } from "./ocsp.js";
import type { PkiSession } from "./session.js";

/** Revocation data, wherever the file keeps it (CMS, DSS, timestamp tokens, user's files). */
export interface RevocationData {
  readonly ocsps: readonly Uint8Array[];
  readonly crls: readonly Uint8Array[];
}

export interface StatusQuery {
  readonly cert: pkijs.Certificate;
  /** Its issuing CA (signs the CRLs, authorises the responders), when known. */
  readonly issuer: pkijs.Certificate | null;
  /** The time it must be shown unrevoked at (the POE, the sealing time, a response's producedAt). */
  readonly at: Date;
  /** Only items issued at or after this time may say "not revoked" (a TSA: its timestamp's genTime). */
  readonly issuedAfter?: Date;
  /** Certificates that may hold responders. */
  readonly pool: readonly pkijs.Certificate[];
  readonly skewSeconds: number;
}

export interface CertificateStatus {
  /** Shown unrevoked at the time. */
  readonly ok: boolean;
  /** What decided, in one phrase. */
  readonly text: string;
  /** Set when an authentic item states a revocation at or before the time: the earliest. */
  readonly revokedAt?: Date;
  /** Authentic items about the certificate. */
  readonly seen: number;
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, "Z");

// Responders vouched for by responders: one level is what real PKIs do; deeper chains say nothing here.
const MAX_RESPONDER_DEPTH = 2;

/**
 * The rule for a delegated responder without id-pkix-ocsp-nocheck (RFC 6960 §4.2.2.2.1): its certificate is
 * judged like any on a path, unrevoked when it signed, from `data`. Every caller of judgeOcsp passes one.
 */
export function responderRevocation(
  session: PkiSession,
  data: RevocationData,
  pool: readonly pkijs.Certificate[],
  skewSeconds: number,
  depth = 0,
): ResponderRevocation {
  return async (responder, issuer, producedAt) => {
    if (depth >= MAX_RESPONDER_DEPTH) return "its own status would rest on yet another delegated responder";
    const s = await statusAt(session, { cert: responder, issuer, at: producedAt, pool, skewSeconds }, data, depth + 1);
    return s.ok ? null : s.text;
  };
}

/** judgeOcsp with the responder rule over `data`: how every caller judges an OCSP response. */
export function judgeOcspWith(input: Omit<OcspInput, "responderRevocation">, data: RevocationData, depth = 0): Promise<OcspJudgements> {
  return judgeOcsp({ ...input, responderRevocation: responderRevocation(input.session, data, input.pool, input.clockSkewSeconds, depth) });
}

/** The CRLs of `data` decoded (unreadable ones left out): the complete CRLs a delta may combine with. */
export function decodedCrls(session: PkiSession, data: RevocationData): DecodedCrl[] {
  const out: DecodedCrl[] = [];
  for (const der of data.crls) {
    try {
      out.push(decodeCrl(der, session));
    } catch {
      /* unreadable: no CRL */
    }
  }
  return out;
}

/** The certificate's revocation status at `q.at` from all of `data` (the rule above). */
export async function statusAt(session: PkiSession, q: StatusQuery, data: RevocationData, depth = 0): Promise<CertificateStatus> {
  const { cert, issuer, at } = q;
  const skew = q.skewSeconds * 1000;
  const t = at.getTime();
  const since = q.issuedAfter?.getTime();
  let seen = 0;
  let stale = 0;
  let revoked: { at: Date; text: string } | null = null;
  let good: string | null = null;
  const sawRevocation = (when: Date, text: string) => {
    if (when.getTime() <= t && (!revoked || when.getTime() < revoked.at.getTime())) revoked = { at: when, text };
  };
  /** Whether an item of thisUpdate..nextUpdate may say "not revoked" for the time. */
  const speaks = (thisUpdate: Date, nextUpdate: Date | null): boolean =>
    since !== undefined ? thisUpdate.getTime() + skew >= since : thisUpdate.getTime() + skew >= t || nextUpdate === null || nextUpdate.getTime() + skew >= t;
  for (const der of data.ocsps) {
    try {
      const decoded = decodeOcsp(der, session);
      const r = await judgeOcspWith(
        { session, decoded, target: cert, issuer, pool: q.pool, sealingTime: at, freshnessWindowSeconds: 0, clockSkewSeconds: q.skewSeconds },
        data,
        depth,
      );
      if (r.certId.status !== "passed" || !r.single) continue;
      if (r.signature.status !== "passed") continue;
      seen++;
      if (r.single.status === "revoked" && r.single.revocationTime) {
        const when = new Date(r.single.revocationTime);
        sawRevocation(when, `the OCSP response of ${r.single.thisUpdate} says it was revoked at ${iso(when)}, before ${iso(at)}`);
      }
      if (r.single.status === "unknown") continue;
      if (!speaks(new Date(r.single.thisUpdate), r.single.nextUpdate ? new Date(r.single.nextUpdate) : null)) {
        stale++;
        continue;
      }
      if (!good && (r.status.status === "passed" || r.status.status === "warning")) good = `OCSP of ${r.single.thisUpdate}: ${r.single.status}`;
    } catch {
      /* unreadable: not about this certificate as far as anyone can tell */
    }
  }
  const crls = decodedCrls(session, data);
  for (const decoded of crls) {
    try {
      if (!sameName(decoded.crl.issuer, cert.issuer)) continue;
      const thisUpdate = decoded.crl.thisUpdate.value;
      // Judged at its own thisUpdate: what it lists, and whether it is authentic and covers the certificate.
      const j = await judgeCrl(session, decoded, cert, issuer, thisUpdate, q.skewSeconds, crls);
      if (j.status === "indeterminate" || (j.status === "failed" && j.subIndication !== "REVOKED")) continue; // no answer
      seen++;
      const revokedAt = typeof j.details.revocationTime === "string" ? new Date(j.details.revocationTime) : null;
      if (revokedAt) sawRevocation(revokedAt, `the CRL of ${iso(thisUpdate)} lists it as revoked at ${iso(revokedAt)}`);
      if (!speaks(thisUpdate, decoded.crl.nextUpdate?.value ?? null)) {
        stale++;
        continue;
      }
      if (!good) good = `CRL of ${iso(thisUpdate)}: not revoked before ${iso(at)}`;
    } catch {
      /* unreadable: no revocation data */
    }
  }
  const r = revoked as { at: Date; text: string } | null;
  if (r) return { ok: false, text: r.text, seen, revokedAt: r.at };
  if (good) return { ok: true, text: good, seen };
  if (stale)
    return {
      ok: false,
      text:
        since !== undefined
          ? `the revocation data for it was issued before the timestamp (${stale} item(s)), so it says nothing of the time after`
          : `the revocation data for it is stale at ${iso(at)} (${stale} item(s))`,
      seen,
    };
  return { ok: false, text: "no revocation data for it", seen };
}

/** The first certificate on a path whose status is not shown, and what was found; `ok` when all are shown. */
export interface PathStatus {
  readonly ok: boolean;
  /** The certificate that decided (revoked first, else the first without acceptable data). */
  readonly cert?: pkijs.Certificate;
  readonly status?: CertificateStatus;
  /** One phrase per certificate shown unrevoked. */
  readonly texts: string[];
}

/**
 * Every certificate on `path` (leaf first, anchor last) from index `from` up to the anchor, which is trusted as
 * configured: each needs acceptable revocation data at the time (EN 319 102-1 §5.2.6; EU DSS's default policy,
 * CACertificate RevocationDataAvailable and AcceptableRevocationDataFound: FAIL). A revocation decides before a
 * certificate without data.
 */
export async function pathStatusAt(
  session: PkiSession,
  path: readonly pkijs.Certificate[],
  from: number,
  q: Omit<StatusQuery, "cert" | "issuer">,
  data: RevocationData,
): Promise<PathStatus> {
  const texts: string[] = [];
  let missing: { cert: pkijs.Certificate; status: CertificateStatus } | null = null;
  for (let i = from; i < path.length - 1; i++) {
    const cert = path[i]!;
    const status = await statusAt(session, { ...q, cert, issuer: path[i + 1]! }, data);
    if (status.revokedAt) return { ok: false, cert, status, texts };
    if (!status.ok) missing ??= { cert, status };
    else texts.push(status.text);
  }
  return missing ? { ok: false, ...missing, texts } : { ok: true, texts };
}
