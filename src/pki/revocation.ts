// The one revocation rule for validation data of any date (ETSI EN 319 102-1 §5.2.6, as EU DSS; attack36 L1–L4
// and A1). Each authentic item about a certificate (an OCSP response signed by its CA or a responder the CA
// authorised, or a CRL signed by its CA that covers it: RFC 5280 §6.3.3) states either "revoked at R" or "not
// revoked" as of its thisUpdate. A "revoked at R" is a fact whatever the item's date and wherever it lies: the
// earliest R at or before the time the certificate must hold until decides, and no "good" beside it outweighs
// it. An item's date only decides whether its "not revoked" may speak for a time (freshness), which each user
// judges against its own time. Read here for long-term validation (a TSA's path at its proof of existence), for
// augment (a certificate an archive timestamp must rest on) and for every certificate above a leaf on a path
// (seal, TSA, token: EN 319 102-1 §5.2.6, attack36 I1); seal-certificate applies the same rule to the seal
// itself through judgeOcsp and judgeCrl at the sealing time. Also here: a delegated OCSP responder without
// id-pkix-ocsp-nocheck is judged like any certificate on a path, unrevoked when it signed, by the same rule over
// the file's data (RFC 6960 §4.2.2.2.1, attack36 R1: `judgeOcspWith`, the one way every caller judges OCSP); a
// delta CRL answers only combined with its complete CRL (RFC 5280 §5.2.4, crl.ts).
import type * as pkijs from "pkijs";
import { certificateDer, displayName, keyUsages, sameName, summarize } from "./certificate.js";
import { validateChain, type ChainInput } from "./chain.js";
import { bytesEqual } from "./der.js";
import { errorMessage } from "../errors.js";
import { weakPublicKeyReason } from "./jose-policy.js";
import { createHash } from "../platform/crypto.js";
import { claimedEntry, crlKeyIdentifier, decodeCrl, expiredCertsOnCrl, judgeCrl, type DecodedCrl } from "./crl.js";
import { decodeOcsp, judgeOcsp, type Judgement, type OcspInput, type OcspJudgements, type RenewedKeyTrust, type ResponderRevocation } from "./ocsp.js";
import type { PkiSession } from "./session.js";

/** What one authentic revocation item states about a certificate. */
export interface RevocationStatement {
  readonly kind: "ocsp" | "crl";
  /** The time the item speaks from (its thisUpdate). */
  readonly thisUpdate: Date;
  /** Its nextUpdate, when it states one. */
  readonly nextUpdate: Date | null;
  /** "OCSP of <thisUpdate>" or "CRL of <thisUpdate>", for messages. */
  readonly source: string;
  /** The revocation it states, or null: not revoked as of thisUpdate. An OCSP "revoked" without a time counts from the start. */
  readonly revokedAt: Date | null;
  /** The "revocation" is certificateHold: a suspension from revokedAt, lifted by a later item that no longer lists it. */
  readonly onHold: boolean;
  /** The revocation in a sentence ("the OCSP response of … says it was revoked at …"); empty for "not revoked". */
  readonly text: string;
}

export interface RevocationReading {
  /** The item names this certificate (an OCSP CertID that matches it, a CRL of its issuer), authentic or not. */
  readonly about: boolean;
  /** What it states, when it is authentic and answers for the certificate; null otherwise. */
  readonly statement: RevocationStatement | null;
  /**
   * Set when the item cannot be fully verified: its signature's algorithm (or its signer's key) is outside the
   * one table (algorithms.ts), or a delegated responder's own status is unproven (R1). `claim` is what it would
   * state were it the CA's (read, not believed): a revocation or hold at or before the time judged keeps the
   * status undecided, never outvoted by a "good" (attack-s5 R1b; hs4); a "good" adds nothing and blocks nothing
   * (attack-s5 U1c: an algorithm identifier lies outside the signature, anyone can write one).
   */
  readonly unverified?: { readonly why: string; readonly claim: RevocationStatement };
}

/** The judgement of an OCSP signature that leaves the item unverified rather than false (see `unverified`). */
export function unverifiedSignature(details: Record<string, unknown>): boolean {
  // workBudget: not checked because the run's budget of OCSP signature checks is spent (a8 D2): never silent.
  // renewedKeyBudget: whether its signer (a renewed key of the CA) has a path is not decided (a13 U1g's class).
  return (
    details.unsupportedAlgorithm !== undefined ||
    details.authorisation === "responder-status-unknown" ||
    details.workBudget !== undefined ||
    details.renewedKeyBudget !== undefined
  );
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, "Z");
const lower = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);
const NONE: RevocationReading = { about: false, statement: null };
const NO_DATA: RevocationData = { ocsps: [], crls: [] };

/** An item judged at a caller's time (its profile), beside what it states: one reading for every use (readItem). */
export interface ItemReading extends RevocationReading {
  /** An OCSP response's judgements at the time asked (signature, CertID, status, freshness). */
  readonly ocsp?: OcspJudgements;
  /** A CRL of the certificate's issuer judged at the time asked. */
  readonly crl?: Judgement;
  /** Why the item could not be decoded (it says nothing then). */
  readonly error?: string;
}

/** How a caller judges an item besides reading it: at `at`, an OCSP response produced at most `windowSeconds` before it. */
export interface JudgedAt {
  readonly at: Date;
  readonly windowSeconds: number;
}

/**
 * Reads one OCSP response or CRL (DER) for `target`, whose issuing CA is `issuer` (null when unknown: then
 * nothing is authentic). `pool`: certificates that may hold a delegated OCSP responder. `data`: what a delegated
 * responder without ocsp-nocheck is shown unrevoked with, and the complete CRLs a delta CRL combines with
 * (default: nothing). Unreadable items, and items about another certificate, say nothing.
 */
export async function readRevocation(
  session: PkiSession,
  item: { readonly kind: "ocsp" | "crl"; readonly der: Uint8Array },
  target: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  pool: readonly pkijs.Certificate[],
  skewSeconds: number,
  data: RevocationData = NO_DATA,
  ctx: ReadContext = {},
): Promise<RevocationReading> {
  const { about, statement, unverified } = await readItem(session, item, target, issuer, pool, skewSeconds, data, undefined, ctx);
  return unverified !== undefined ? { about, statement, unverified } : { about, statement };
}

/**
 * The one reading of an item (readRevocation's), and its judgement at `judged` when the caller asks (the seal's
 * profile: the sealing time and the broker's window), from the same decoding and signature check: what an item
 * states never depends on the time a caller judges it at. Without `judged`: an OCSP response at its producedAt,
 * a CRL at its thisUpdate. A CRL under another issuer's name gives neither.
 */
export async function readItem(
  session: PkiSession,
  item: { readonly kind: "ocsp" | "crl"; readonly der: Uint8Array },
  target: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  pool: readonly pkijs.Certificate[],
  skewSeconds: number,
  data: RevocationData = NO_DATA,
  judged?: JudgedAt,
  ctx: ReadContext = {},
): Promise<ItemReading> {
  try {
    return await readOnce(session, item, target, issuer, pool, skewSeconds, data, judged, ctx);
  } catch (e) {
    return { ...NONE, error: errorMessage(e) }; // unreadable: not about this certificate as far as anyone can tell
  }
}

async function readOnce(
  session: PkiSession,
  item: { readonly kind: "ocsp" | "crl"; readonly der: Uint8Array },
  target: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  pool: readonly pkijs.Certificate[],
  skewSeconds: number,
  data: RevocationData,
  judged: JudgedAt | undefined,
  ctx: ReadContext,
): Promise<ItemReading> {
  if (item.kind === "ocsp") {
    const decoded = decodeOcsp(item.der, session);
    const r = await judgeOcspWith(
      {
        session,
        decoded,
        target,
        issuer,
        pool,
        sealingTime: judged?.at ?? decoded.producedAt ?? new Date(0),
        freshnessWindowSeconds: judged?.windowSeconds ?? 0,
        clockSkewSeconds: skewSeconds,
        sealed: ctx.sealed === true || session.work.sealed.has(item.der),
      },
      data,
      ctx,
    );
    return { ...ocspStatement(r, target), ocsp: r };
  }
  const decoded = decodeCrl(item.der, session);
  if (!sameName(decoded.crl.issuer, target.issuer)) return NONE;
  const thisUpdate = decoded.crl.thisUpdate.value;
  // Authentic (issuer, signature), covering the certificate (its scope), and what it lists; judged at its own
  // thisUpdate unless the caller asks for another time (the statement is the same: crlStatement).
  const crlAt = (by: pkijs.Certificate | null) => judgeCrl(session, decoded, target, by, judged?.at ?? thisUpdate, skewSeconds, decodedCrls(session, data));
  const j = await crlAt(issuer);
  if (ctx.renewed && issuer && j.status === "failed" && j.subIndication === "SIG_CRYPTO_FAILURE") {
    const renewed = await renewedSigner(session, decoded, target, issuer, pool, ctx.renewed, crlAt);
    if (renewed === "budget") {
      // Not decided (attack-s6 U1d): what it would state is weighed as an item that cannot be verified (R1b, U1c).
      const why =
        "It does not verify with the CA's key, and whether the certificate of the CA's name whose key it verifies with has a path to the CA's anchor is not decided (path building stopped at its budget).";
      const claim = crlClaim(session, item.der, target);
      return {
        about: true,
        statement: null,
        ...(claim ? { unverified: { why, claim } } : {}),
        crl: { ...j, message: why, details: { ...j.details, renewedKeyBudget: true } },
      };
    }
    if (renewed) {
      const k = { ...renewed.judgement, details: { ...renewed.judgement.details, signedByRenewedKey: summarize(renewed.signer) } };
      return { ...crlStatement(session, decoded, k, target, skewSeconds), crl: k };
    }
  }
  return { ...crlStatement(session, decoded, j, target, skewSeconds), crl: j };
}

/** Trust for a CA's renewed key: defined beside the OCSP reading, which takes it too (ocsp.ts). */
export type { RenewedKeyTrust } from "./ocsp.js";

/** How an item is read besides its own arguments: the responder depth reached, and the path's trust for renewed keys. */
export interface ReadContext {
  readonly depth?: number;
  readonly renewed?: RenewedKeyTrust;
  /** The item is sealed with the evidence (also known by the run: RunWork.sealed): checked outside the budget. */
  readonly sealed?: boolean;
}

/** The renewed-key trust of a path ending at `anchor` (none without one), built with `input`'s anchors and certificates. */
export function renewedKeyTrust(
  session: PkiSession,
  anchor: pkijs.Certificate | undefined,
  input: Omit<ChainInput, "at" | "session">,
): RenewedKeyTrust | undefined {
  if (!anchor) return undefined;
  const der = certificateDer(anchor);
  // Each (candidate, time) once while the hook lives (one check's path): the same CRL is read for every query.
  const seen = new Map<pkijs.Certificate, Map<number, Promise<"same-anchor" | "budget" | "other">>>();
  // Candidates with no path at all, whatever the time (path building ignores time; the anchors are the hook's):
  // asked again at another time (every OCSP response's producedAt), they cost nothing.
  const noPath = new Set<pkijs.Certificate>();
  const decide = async (candidate: pkijs.Certificate, at: Date) => {
    // Its path through certificates of other names (or the anchor itself, a root's link certificate): certificates
    // of its own name are anyone's to add, each a candidate issuer to check (a11 U1f, U1e's class).
    const intermediates = input.intermediates.filter((c) => !sameName(c.subject, candidate.subject));
    const p = await validateChain(candidate, { ...input, intermediates, at, session });
    // Path building over its budget (certificates anyone can add): not decided, never "not the CA's".
    if (p.budgetReached) return "budget";
    if (p.status === "no-chain") noPath.add(candidate);
    const top = p.path.at(-1);
    return p.status === "valid" && top && bytesEqual(certificateDer(top), der) ? "same-anchor" : "other";
  };
  return (candidate, at) => {
    if (noPath.has(candidate)) return Promise.resolve("other");
    let byTime = seen.get(candidate);
    if (!byTime) seen.set(candidate, (byTime = new Map()));
    let r = byTime.get(at.getTime());
    if (!r) byTime.set(at.getTime(), (r = decide(candidate, at)));
    return r;
  };
}

/**
 * A CRL under the CA's name signed by another key of the same CA (a renewed CA certificate: same name, from the
 * same anchor; attack-s5 U1b): the CA's statement when that certificate, found among `pool` (what the file carries
 * and the trust store), has cRLSign (when it states key usages) and `trust` finds its own path to the CA's anchor
 * at the CRL's thisUpdate (RFC 5280 §6.3.3 (f); pyHanko finds CRL issuers by name and validates their path). The
 * certificates are anyone's to add (the CMS's and the DSS's certificate sets are unsigned), so nothing they can
 * spend decides (attack-s6 U1d, a11 U1f): the candidates' paths are validated first (from the anchors down, no
 * signature is checked with a key anyone made: chain.ts), and only a key with a path, or one not decided, is tried
 * on the CRL's signature (keys outside the table refused before arithmetic), the key the CRL's authority key
 * identifier names (its SHA-1, RFC 5280 §4.2.1.2) first. A CRL no candidate key with a path verifies is not the
 * CA's (null), never "not decided"; "budget" only when path building itself stopped before deciding and that key
 * verifies.
 */
async function renewedSigner(
  session: PkiSession,
  decoded: DecodedCrl,
  target: pkijs.Certificate,
  issuer: pkijs.Certificate,
  pool: readonly pkijs.Certificate[],
  trust: RenewedKeyTrust,
  judge: (by: pkijs.Certificate) => Promise<Judgement>,
): Promise<{ judgement: Judgement; signer: pkijs.Certificate } | "budget" | null> {
  const key = (c: pkijs.Certificate) => c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  const byKey = new Map<string, pkijs.Certificate[]>();
  for (const c of pool) {
    if (!sameName(c.subject, target.issuer) || bytesEqual(key(c), key(issuer))) continue;
    const ku = keyUsages(c);
    if (ku && !ku.includes("cRLSign")) continue;
    const k = Buffer.from(key(c)).toString("base64");
    const group = byKey.get(k);
    if (!group) byKey.set(k, [c]);
    else if (!group.some((g) => bytesEqual(certificateDer(g), certificateDer(c)))) group.push(c);
  }
  if (!byKey.size) return null;
  const aki = crlKeyIdentifier(decoded.crl);
  const named = (cs: pkijs.Certificate[]) => (aki && bytesEqual(createHash("sha1").update(key(cs[0]!)).digest(), aki) ? 0 : 1);
  const groups = [...byKey.values()].sort((x, y) => named(x) - named(y));
  const thisUpdate = decoded.crl.thisUpdate.value;
  for (const group of groups) {
    if (weakPublicKeyReason(session, group[0]!.subjectPublicKeyInfo, "pki") !== null) continue; // refused before arithmetic
    // Each key's certificates' paths first (path building from the anchors down checks no signature with a key anyone
    // made, and the hook remembers a certificate with no path): only a key with a path to the CA's anchor, or one not
    // decided, is tried on the CRL's signature, so certificates of the CA's name anyone adds cost no check per CRL.
    let signer: pkijs.Certificate | undefined;
    let budget = false;
    for (const c of group) {
      const p = await trust(c, thisUpdate);
      if (p === "same-anchor") {
        signer = c;
        break;
      }
      if (p === "budget") budget = true;
    }
    if (!signer && !budget) continue; // no path to the CA's anchor: its key is not the CA's
    const k = await judge(signer ?? group[0]!);
    if (k.status === "failed" && k.subIndication === "SIG_CRYPTO_FAILURE") continue;
    return signer ? { judgement: k, signer } : "budget"; // the key that signed it (one key verifies a signature)
  }
  return null;
}

/** What an OCSP response's judgements state about the certificate (independent of the time judged). */
function ocspStatement(r: OcspJudgements, target: pkijs.Certificate): RevocationReading {
  if (r.certId.status !== "passed" || !r.single) return NONE;
  const s = r.single;
  if (s.status !== "good" && s.status !== "revoked") return { about: true, statement: null };
  const thisUpdate = new Date(s.thisUpdate);
  const revokedAt = s.status === "revoked" ? (s.revocationTime ? new Date(s.revocationTime) : new Date(-8.64e15)) : null;
  const statement: RevocationStatement = {
    kind: "ocsp",
    thisUpdate,
    nextUpdate: s.nextUpdate ? new Date(s.nextUpdate) : null,
    source: `OCSP of ${s.thisUpdate}`,
    revokedAt,
    onHold: revokedAt !== null && s.revocationReason === "certificateHold",
    text: revokedAt
      ? `the OCSP response of ${s.thisUpdate} says it was ${s.revocationReason === "certificateHold" ? "on hold (suspended) since" : "revoked at"} ${s.revocationTime ? iso(revokedAt) : "an unstated time"}`
      : "",
  };
  if (r.signature.status !== "passed")
    return unverifiedSignature(r.signature.details)
      ? { about: true, statement: null, unverified: { why: r.signature.message, claim: statement } }
      : { about: true, statement: null };
  if (!revokedAt && silentAfterExpiry(target, thisUpdate, s.archiveCutoff ? new Date(s.archiveCutoff) : null)) return { about: true, statement: null };
  return { about: true, statement };
}

/**
 * What a CRL states, from its judgement at any time: an entry (revoked, or on hold, at its date); "not listed"
 * on a CRL that covers the certificate ("not revoked" as of its thisUpdate, unless its nextUpdate is before its
 * own thisUpdate, or it was issued after the certificate expired: E1); else nothing (not authentic, out of
 * scope). One whose signature cannot be checked states nothing, and its claim is kept (`unverified`).
 */
function crlStatement(session: PkiSession, decoded: DecodedCrl, j: Judgement, target: pkijs.Certificate, skewSeconds: number): RevocationReading {
  const thisUpdate = decoded.crl.thisUpdate.value;
  const nextUpdate = decoded.crl.nextUpdate?.value ?? null;
  const source = `CRL of ${iso(thisUpdate)}`;
  const text = (at: Date | null, held: boolean) =>
    at ? `the CRL of ${iso(thisUpdate)} lists it ${held ? "on hold (suspended) since" : "as revoked at"} ${iso(at)}` : "";
  if (j.details.unsupportedAlgorithm !== undefined) {
    const listedAt = typeof j.details.claimedRevocationTime === "string" ? new Date(j.details.claimedRevocationTime) : null;
    const held = j.details.claimedOnHold === true;
    const claim: RevocationStatement = { kind: "crl", thisUpdate, nextUpdate, source, revokedAt: listedAt, onHold: held, text: text(listedAt, held) };
    return { about: true, statement: null, unverified: { why: j.message, claim } };
  }
  const onHold = j.details.onHold === true;
  const listed = typeof j.details.revocationTime === "string" && (onHold || j.status !== "indeterminate");
  const notListed = j.details.notListed === true && (nextUpdate === null || nextUpdate.getTime() + skewSeconds * 1000 >= thisUpdate.getTime());
  if (!listed && !notListed) return { about: true, statement: null };
  const revokedAt = listed ? new Date(j.details.revocationTime as string) : null;
  if (!revokedAt && silentAfterExpiry(target, thisUpdate, expiredCertsOnCrl(decoded.crl, session.limits))) return { about: true, statement: null };
  return { about: true, statement: { kind: "crl", thisUpdate, nextUpdate, source, revokedAt, onHold, text: text(revokedAt, onHold) } };
}

/**
 * What a CRL under the certificate's issuer's name would state of it were it the CA's (read, not believed: its
 * signer is not established), as the claim of an item that cannot be verified (`unverified`); null when it is
 * unreadable or under another name.
 */
export function crlClaim(session: PkiSession, der: Uint8Array, target: pkijs.Certificate): RevocationStatement | null {
  try {
    const decoded = decodeCrl(der, session);
    if (!sameName(decoded.crl.issuer, target.issuer)) return null;
    const thisUpdate = decoded.crl.thisUpdate.value;
    const c = claimedEntry(decoded, target, session.limits);
    return {
      kind: "crl",
      thisUpdate,
      nextUpdate: decoded.crl.nextUpdate?.value ?? null,
      source: `CRL of ${iso(thisUpdate)}`,
      revokedAt: c?.at ?? null,
      onHold: c?.onHold ?? false,
      text: c ? `the CRL of ${iso(thisUpdate)} lists it ${c.onHold ? "on hold (suspended) since" : "as revoked at"} ${iso(c.at)}` : "",
    };
  } catch {
    return null;
  }
}

/**
 * E1: a CA stops listing a certificate once it has expired (RFC 5280 §3.3), so an item issued after the
 * certificate's notAfter that does not list it says nothing of it, unless the item states that it keeps expired
 * certificates: a CRL's expiredCertsOnCRL, an OCSP answer's archiveCutoff (RFC 6960 §4.4.4), at or before the
 * notAfter (as EU DSS's RevocationConsistent check). A "revoked" it states still counts.
 */
function silentAfterExpiry(target: pkijs.Certificate, thisUpdate: Date, keepsExpiredSince: Date | null): boolean {
  const notAfter = target.notAfter.value.getTime();
  if (thisUpdate.getTime() <= notAfter) return false;
  return keepsExpiredSince === null || keepsExpiredSince.getTime() > notAfter;
}

/** The rule: the earliest revocation at or before `until` that any of the statements gives, or null. A hold is no revocation (heldAt). */
export function revokedBy<S extends RevocationStatement>(statements: readonly S[], until: Date): S | null {
  let first: S | null = null;
  for (const s of statements) {
    if (!s.revokedAt || s.onHold || s.revokedAt.getTime() > until.getTime()) continue;
    if (!first || s.revokedAt.getTime() < first.revokedAt!.getTime()) first = s;
  }
  return first;
}

/**
 * A suspension in force at `at` (attack36b H1; RFC 5280 §5.3.1, as EU DSS weighs the CA's latest word): a
 * certificateHold from at or before `at` that no later authentic item of the CA (issued after the hold's item)
 * supersedes by no longer listing it (a "good", a CRL without it, a delta's removeFromCRL). The earliest, or null.
 * A hold in force is INDETERMINATE/TRY_LATER for its users, never REVOKED.
 */
export function heldAt<S extends RevocationStatement>(statements: readonly S[], at: Date): S | null {
  let first: S | null = null;
  for (const h of statements) {
    if (!h.onHold || !h.revokedAt || h.revokedAt.getTime() > at.getTime()) continue;
    if (statements.some((s) => s.revokedAt === null && s.thisUpdate.getTime() > h.thisUpdate.getTime())) continue;
    if (!first || h.revokedAt.getTime() < first.revokedAt!.getTime()) first = h;
  }
  return first;
}

/** Revocation data, wherever the file keeps it (CMS, DSS, timestamp tokens, user's files). */
export interface RevocationData {
  readonly ocsps: readonly Uint8Array[];
  readonly crls: readonly Uint8Array[];
}

/** One item of revocation data and where the evidence keeps it ("in the DSS", "in the seal's CMS"), for messages. */
export interface LocatedItem {
  readonly kind: "ocsp" | "crl";
  readonly der: Uint8Array;
  readonly where: string;
}

/** A statement with where its item lies. */
export type LocatedStatement = RevocationStatement & { readonly where: string };

/** The items as RevocationData (what a delegated responder or a delta CRL's base is looked up in). */
export function dataOf(items: readonly LocatedItem[]): RevocationData {
  return { ocsps: items.filter((i) => i.kind === "ocsp").map((i) => i.der), crls: items.filter((i) => i.kind === "crl").map((i) => i.der) };
}

/**
 * What every authentic item among `items` states about `target`, each item read once (readRevocation), with
 * where it lies; `seen`: the items about it, authentic or not. The statements are what the rule (revokedBy,
 * heldAt, speaksFor) weighs; `data` defaults to the items themselves.
 */
export async function readAll(
  session: PkiSession,
  items: readonly LocatedItem[],
  target: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  pool: readonly pkijs.Certificate[],
  skewSeconds: number,
  data: RevocationData = dataOf(items),
  renewed?: RenewedKeyTrust,
): Promise<{ statements: LocatedStatement[]; seen: number }> {
  const statements: LocatedStatement[] = [];
  let seen = 0;
  for (const item of items) {
    const r = await readRevocation(session, item, target, issuer, pool, skewSeconds, data, renewed ? { renewed } : {});
    if (r.about) seen++;
    if (r.statement) statements.push({ ...r.statement, where: item.where });
  }
  return { statements, seen };
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
  /**
   * The trust context of the path the certificate is on (s6 edge d): a CRL under its issuer's name signed by a
   * renewed key of the issuer counts when that key's certificate has its own path to the same anchor
   * (RenewedKeyTrust, U1d's bound); without it such a CRL is not the CA's statement.
   */
  readonly renewed?: RenewedKeyTrust;
}

export interface CertificateStatus {
  /** Shown unrevoked at the time. */
  readonly ok: boolean;
  /** What decided, in one phrase. */
  readonly text: string;
  /** Set when an authentic item states a revocation at or before the time: the earliest. */
  readonly revokedAt?: Date;
  /** Items about the certificate, authentic or not. */
  readonly seen: number;
  /** The statement that decided "revoked". */
  readonly statement?: RevocationStatement;
  /** Set when a certificateHold in force at the time decided (a suspension: not revoked, not shown unrevoked). */
  readonly held?: RevocationStatement;
  /**
   * Set when an item about it that cannot be verified (its algorithm outside the table, a delegated responder's
   * own status unproven) states a revocation or hold at or before the time, and no authentic revocation decided: why.
   */
  readonly unchecked?: string;
  /** With `unchecked`: since when the unverifiable item says it is revoked or on hold. */
  readonly uncheckedSince?: Date;
  /**
   * The item that decided: the revocation's, the hold's, the one that cannot be checked, or, when `ok`, the proof:
   * of the items that speak for the time, the one issued latest (it proves the most: attack36b A1c). Augment puts
   * a proof in the DSS and names a stop's item by where it came from.
   */
  readonly item?: { readonly kind: "ocsp" | "crl"; readonly der: Uint8Array };
}

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
  ctx: ReadContext = {},
): ResponderRevocation {
  return async (responder, issuer, producedAt) => {
    const depth = ctx.depth ?? 0;
    if (depth >= MAX_RESPONDER_DEPTH) return "its own status would rest on yet another delegated responder";
    // The responder's CA is the certificate's: the same path's trust judges a CRL of its renewed key.
    const q = { cert: responder, issuer, at: producedAt, pool, skewSeconds, ...(ctx.renewed ? { renewed: ctx.renewed } : {}) };
    const s = await statusAt(session, q, data, depth + 1);
    return s.ok ? null : s.text;
  };
}

/** judgeOcsp with the responder rule over `data`: how every caller judges an OCSP response. */
export function judgeOcspWith(input: Omit<OcspInput, "responderRevocation">, data: RevocationData, ctx: ReadContext = {}): Promise<OcspJudgements> {
  // The path's trust for renewed keys: a response signed by the CA's renewed key is the CA's, as a CRL is.
  const renewed = ctx.renewed ? { renewed: ctx.renewed } : {};
  return judgeOcsp({ ...input, ...renewed, responderRevocation: responderRevocation(input.session, data, input.pool, input.clockSkewSeconds, ctx) });
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

/**
 * Whether a statement's "not revoked" speaks for `at`: issued at or after `issuedAfter` when given (less the
 * skew), else issued at or after the time (a revocation is irreversible) or current at it (thisUpdate ≤ `at` ≤
 * nextUpdate). Without a nextUpdate an item is current at its thisUpdate only (RFC 6960 §4.2.2.1: "newer
 * revocation information is available all the time"; pyHanko's AdES policy: unusable for freshness): never for
 * every later time (attack-s5 N1).
 */
export function speaksFor(s: RevocationStatement, at: Date, skewSeconds: number, issuedAfter?: Date): boolean {
  const skew = skewSeconds * 1000;
  const next = s.nextUpdate?.getTime() ?? null;
  if (issuedAfter !== undefined) return s.thisUpdate.getTime() + skew >= issuedAfter.getTime();
  return s.thisUpdate.getTime() + skew >= at.getTime() || (next !== null && next + skew >= at.getTime());
}

/**
 * The certificate's revocation status at `q.at` from all of `data`, by the rule: the earliest authentic
 * revocation at or before the time decides (revokedBy); then a hold in force (heldAt); then an item about it that
 * cannot be verified and states a revocation or hold at or before the time leaves it undecided (hs4, attack-s5
 * R1b; one that states "good" adds nothing, U1c); otherwise an authentic "not revoked" that
 * speaks for the time proves it: issued at or after `q.issuedAfter` when given (less the skew), else current at
 * the time (nextUpdate not passed) or issued after it. Of several, the one issued latest is the proof. The one
 * function for "this item proves certificate X at time T": long-term, augment and every path use it.
 */
export async function statusAt(session: PkiSession, q: StatusQuery, data: RevocationData, depth = 0): Promise<CertificateStatus> {
  let seen = 0;
  const said: { kind: "ocsp" | "crl"; der: Uint8Array; statement: RevocationStatement }[] = [];
  let unchecked: { text: string; since: Date; item: { kind: "ocsp" | "crl"; der: Uint8Array } } | undefined;
  const what = (kind: "ocsp" | "crl") => (kind === "ocsp" ? "an OCSP response" : "a CRL");
  for (const item of [...data.ocsps.map((der) => ({ kind: "ocsp" as const, der })), ...data.crls.map((der) => ({ kind: "crl" as const, der }))]) {
    const r = await readRevocation(session, item, q.cert, q.issuer, q.pool, q.skewSeconds, data, { depth, ...(q.renewed ? { renewed: q.renewed } : {}) });
    if (r.about) seen++;
    if (r.statement) said.push({ ...item, statement: r.statement });
    // An item that cannot be verified blocks only when it states a revocation or hold at or before the time.
    const claim = r.unverified?.claim;
    if (claim?.revokedAt && claim.revokedAt.getTime() <= q.at.getTime())
      unchecked ??= {
        text: `${what(item.kind)} about it that cannot be verified (${lower(r.unverified!.why).replace(/\.$/, "")}) ${claim.text.replace(/^the (OCSP response|CRL) of \S+ /, "")}`,
        since: claim.revokedAt,
        item,
      };
  }
  const statements = said.map((x) => x.statement);
  const itemOf = (st: RevocationStatement) => {
    const x = said.find((y) => y.statement === st)!;
    return { kind: x.kind, der: x.der };
  };
  const revoked = revokedBy(statements, q.at);
  if (revoked)
    return { ok: false, text: `${revoked.text}, before ${iso(q.at)}`, seen, revokedAt: revoked.revokedAt!, statement: revoked, item: itemOf(revoked) };
  const held = heldAt(statements, q.at);
  if (held) return { ok: false, text: `${held.text}, at or before ${iso(q.at)}, and no later item of its CA lifts it`, seen, held, item: itemOf(held) };
  if (unchecked)
    return {
      ok: false,
      text: `${unchecked.text}, so its revocation status is not decided`,
      seen,
      unchecked: unchecked.text,
      uncheckedSince: unchecked.since,
      item: unchecked.item,
    };
  let stale = 0;
  let best: (typeof said)[number] | null = null;
  for (const x of said) {
    const s = x.statement;
    if (s.onHold && s.revokedAt && s.revokedAt.getTime() <= q.at.getTime()) continue; // a hold lifted since (heldAt): not "not revoked"
    if (!speaksFor(s, q.at, q.skewSeconds, q.issuedAfter)) {
      stale++;
      continue;
    }
    if (!best || s.thisUpdate.getTime() > best.statement.thisUpdate.getTime()) best = x;
  }
  if (best) {
    const s = best.statement;
    const text = s.kind === "ocsp" ? `${s.source}: ${s.revokedAt ? "revoked" : "good"}` : `${s.source}: not revoked before ${iso(q.at)}`;
    return { ok: true, text, seen, item: { kind: best.kind, der: best.der } };
  }
  if (stale)
    return {
      ok: false,
      text:
        q.issuedAfter !== undefined
          ? `the revocation data for it was issued before the timestamp (${stale} item(s)), so it says nothing of the time after`
          : `the revocation data for it is stale at ${iso(q.at)} (${stale} item(s))`,
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
 * hold in force or an item that cannot be checked, and those before a certificate without data.
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
  let held: { cert: pkijs.Certificate; status: CertificateStatus } | null = null;
  let undecided: { cert: pkijs.Certificate; status: CertificateStatus } | null = null;
  for (let i = from; i < path.length - 1; i++) {
    const cert = path[i]!;
    const status = await statusAt(session, { ...q, cert, issuer: path[i + 1]! }, data);
    if (status.revokedAt) return { ok: false, cert, status, texts };
    // Every certificate is read: a hold anywhere on the path outranks an unverifiable item about another one,
    // which anyone can write (attack-s5c M1: a junk "revoked" about the leaf hid its CA's hold).
    if (status.held) held ??= { cert, status };
    else if (status.unchecked !== undefined) undecided ??= { cert, status };
    else if (!status.ok) missing ??= { cert, status };
    else texts.push(status.text);
  }
  const first = held ?? undecided ?? missing;
  return first ? { ok: false, ...first, texts } : { ok: true, texts };
}

/**
 * What a path's status at a later time (the validation time, or the earliest POE) stops (attack-s5b S2, J1c):
 * a certificate on it revoked by then (`revokedAt`) or on hold then, not lifted (`heldAt`), named (`by`, its
 * display name) and whether it is the path's first certificate read (`leaf`). Data that is merely stale or
 * missing at a later time stops nothing: the item of the sealing time spoke for it then. Null when nothing stops.
 * The one reading seal, token and TSA paths share: each stop needs a proof of existence before it, else
 * INDETERMINATE (REVOKED_NO_POE / REVOKED_CA_NO_POE for a revocation, TRY_LATER for a hold), as EU DSS.
 */
export function laterStop(
  path: PathStatus,
  first?: pkijs.Certificate,
): { revokedAt?: Date; heldAt?: Date; by: string; cert: pkijs.Certificate; leaf: boolean; text: string } | null {
  const { cert, status } = path;
  if (!cert || !status) return null;
  // An unverifiable "revoked" or "on hold" by then leaves the status undecided from its date: as a hold (TRY_LATER).
  const since = status.revokedAt ?? status.held?.revokedAt ?? status.uncheckedSince;
  if (!since) return null;
  const by = displayName(cert.subject);
  const leaf = first !== undefined && cert === first;
  return status.revokedAt ? { revokedAt: status.revokedAt, by, cert, leaf, text: status.text } : { heldAt: since, by, cert, leaf, text: status.text };
}
