// Check "seal-certificate": the seal certificate chains to a --trust anchor, was valid at the validation
// time, may sign (key usage), and was not revoked at the sealing time according to the revocation data
// archived in the CMS (adbe-revocationInfoArchival) or in a DSS.
import type * as pkijs from "pkijs";
import { LimitError } from "../errors.js";
import { keyUsages, summarize, shownSubject, shownIssuer } from "../pki/certificate.js";
import { describePath, validateChain } from "../pki/chain.js";
import { revocationArchival } from "../pki/cms.js";
import { readerMayRead } from "../pki/ber.js";
import { findIssuer, type Judgement } from "../pki/ocsp.js";
import { heldAt, laterStop, pathStatusAt, readItem, renewedKeyTrust, speaksFor, unverifiedSignature, type RevocationStatement } from "../pki/revocation.js";
import { failed, indeterminate, passed, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import { evidenceTime, type ArchiveFacts, type CheckEnv, type Established, type With } from "./facts.js";
import { sealIdentity } from "../evidence/broker-identity.js";
import { anchorsFor, listNote, listServiceOf, listServiceSentence } from "../pki/trust-store.js";
import type { SealCmsFacts } from "./seal-signature.js";
import { dssProblemsText, type UnreadItem } from "../evidence/dss-items.js";
import { issuedProof, type ProofContext } from "../pki/reader-proof.js";

const ID = "seal-certificate";
const lower = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);
/** Revocation data archived with a seal is fetched ahead of signing; a week covers the usual cache. */
const SEAL_REVOCATION_WINDOW_SECONDS = 7 * 24 * 3600;

export interface ExtraRevocationData {
  certs: pkijs.Certificate[];
  crls: Uint8Array[];
  ocsps: Uint8Array[];
  /** DSS items that could not be read, each named (evidence/dss-items.ts): said nothing of, and named here. */
  readonly problems?: readonly string[];
  /**
   * Of `problems`, revocation items a reference reader may read (attack-s6 G1): not decided, never "said nothing",
   * unless their bytes show no issuer signed them (unreadProven).
   */
  readonly unread?: readonly UnreadItem[];
  /** A limit reached while reading the DSS: its data is not all read, so the status is not decided. */
  readonly limit?: string;
  /**
   * The items in the timestamps' own CMS (the signature timestamp's, every document timestamp's) not already in
   * the seal's CMS or a DSS: read like a DSS's, added after the sealing (EU DSS and pyHanko read them too).
   */
  readonly timestamps?: { readonly crls: readonly Uint8Array[]; readonly ocsps: readonly Uint8Array[] };
  /** A limit reached reading the timestamps' own CMS (revocation-items.ts, a11 D2b): not all read, so not decided. */
  readonly timestampsLimit?: string;
  /** The items in the seal's CMS outside its signed attributes (SignedData.crls, revocation-values; a11 T1): read as a DSS's. */
  readonly unsigned?: { readonly crls: readonly Uint8Array[]; readonly ocsps: readonly Uint8Array[] };
}

/** Established by "seal-certificate": the path built for the seal certificate, as reports show it. */
export interface SealPathFacts {
  readonly sealPath?: ReturnType<typeof describePath>;
  /**
   * The earliest revocation time of the seal certificate that authentic revocation data states (any source,
   * any date of the item); a revocation after the sealing time leaves the check a warning, and long-term
   * validation then needs a proof of existence before it.
   */
  readonly sealRevokedAt?: Date;
  /**
   * The start of a certificateHold placed after the sealing time and still in force at the validation time (no
   * later authentic item of the CA lifts it): the check warns, and long-term validation takes the certificate as
   * suspended then, so it needs a proof of existence before the suspension (as EU DSS).
   */
  readonly sealHeldAt?: Date;
  /**
   * The CA on the seal's path whose own revocation (or hold) at the validation time set sealRevokedAt (or
   * sealHeldAt), when it was a CA and not the seal certificate (attack-s5b S2): long-term names it.
   */
  readonly sealStoppedBy?: { readonly revoked?: string; readonly held?: string };
  /** The same path, leaf first, anchor last: the crypto policy weighs its algorithms (check long-term). */
  readonly sealChain?: readonly pkijs.Certificate[];
}

type Needs = SealCmsFacts & Pick<ArchiveFacts, "sealTimestamp">;

export async function checkSealCertificate(
  env: CheckEnv,
  seal: With<Needs, "signerCert" | "cms">,
  extra: ExtraRevocationData,
): Promise<Established<SealPathFacts>> {
  const cert = seal.signerCert;
  // Never the token's iat: without a proof of existence the seal is judged at the validation time, not a claimed one.
  const at = evidenceTime(env, { sealTimestamp: seal.sealTimestamp });
  const pool = [...env.trust.intermediates, ...seal.cms.certificates, ...extra.certs];
  const anchors = anchorsFor(env.trust, "seal", at.time);
  const chain = await validateChain(cert, { anchors, intermediates: pool, at: at.time, session: env.pki, index: env.trust.index.anchors });
  const sealPath = describePath(chain.path);
  const out: Stops = {};
  const judged = await judge(env, seal, extra, { cert, cms: seal.cms, at, pool, anchors, chain, sealPath }, out);
  // What cannot be read here keeps the status undecided only when its issuer signed it (a13 U2's rest).
  const proof: ProofContext = { session: env.pki, pool, anchors, index: env.trust.index.anchors, at: at.time };
  const inDss = await unreadProven(proof, extra.unread ?? []);
  const elsewhere = await unreadProven(proof, out.unread ?? []);
  const check = proofsLimited(unreadElsewhere(dssReading(judged, extra, inDss), elsewhere), [...inDss.limited, ...elsewhere.limited]);
  return {
    check,
    facts: {
      sealPath,
      sealChain: chain.path,
      ...(out.revokedAt ? { sealRevokedAt: out.revokedAt } : {}),
      ...(out.heldAt ? { sealHeldAt: out.heldAt } : {}),
      ...(out.revokedBy || out.heldBy
        ? { sealStoppedBy: { ...(out.revokedBy ? { revoked: out.revokedBy } : {}), ...(out.heldBy ? { held: out.heldBy } : {}) } }
        : {}),
    },
  };
}

/**
 * What the DSS reading adds to the judgement (attack-s5 P1c): items it could not read are named and said
 * nothing of (passed becomes a warning); a limit reached leaves what it did not read undecided, so only a
 * failure stands and anything else is INDETERMINATE naming the limit (never judged as if there were no data).
 * An OCSP response or CRL a reference reader may read that this one cannot (`unread`: a stream it does not
 * decode, a refused DER of the right shape) is undecided too: INDETERMINATE/TRY_LATER naming it unless what
 * was read already fails (attack-s6 G1: EU DSS read a CA's "revoked" there).
 */
function dssReading(check: CheckResult, extra: ExtraRevocationData, proven: Sorted): CheckResult {
  const problems = extra.problems ?? [];
  if (extra.timestampsLimit !== undefined && check.status !== "failed")
    return {
      ...check,
      status: "indeterminate",
      subIndication: check.status === "indeterminate" ? check.subIndication : "GENERIC",
      message: `The revocation data in the timestamps' own CMS is not all read (${extra.timestampsLimit}), so the seal certificate's status is not decided; what was read says: ${check.message}`,
      details: { ...check.details, timestampsLimit: extra.timestampsLimit },
    };
  if (!problems.length && extra.limit === undefined) return check;
  const details = {
    ...check.details,
    ...(problems.length ? { dssUnread: problems.slice(0, 100), dssUnreadCount: problems.length } : {}),
    ...(proven.junk.length ? { dssNotIssued: proven.junk.slice(0, 100) } : {}),
  };
  const notIssued = proven.junk.length ? ` Of those, no issuer signed: ${dssProblemsText(proven.junk)}.` : "";
  const unread = problems.length ? ` DSS items that cannot be read, so said nothing of: ${dssProblemsText(problems)}.${notIssued}` : "";
  if (check.status === "failed") return { ...check, message: `${check.message}${unread}`, details };
  const undecided = proven.unread;
  if (undecided.length && extra.limit === undefined)
    return mayBeReadElsewhere(check, "The DSS", dssProblemsText(undecided), { ...details, dssUndecided: undecided.slice(0, 100) }, unread);
  if (extra.limit !== undefined) {
    return {
      ...check,
      status: "indeterminate",
      subIndication: check.status === "indeterminate" ? check.subIndication : "GENERIC",
      message: `The DSS's validation data is not all read (${extra.limit}), so the seal certificate's status is not decided; what was read says: ${check.message}${unread}`,
      details: { ...details, dssLimit: extra.limit },
    };
  }
  if (check.status === "passed") return { ...check, status: "warning", message: `${check.message}${unread}`, details };
  return { ...check, message: `${check.message}${unread}`, details };
}

/**
 * An OCSP response or CRL outside the seal's signed attributes and the DSS (a timestamp token's, the seal CMS's
 * unsigned sets) that cannot be read here: another reader may read it, so not decided, as for the DSS (G1's rule;
 * a11 S3c, T1), unless what was read already fails.
 */
function unreadElsewhere(check: CheckResult, proven: Sorted): CheckResult {
  const { unread, junk } = proven;
  if (!unread.length && !junk.length) return check;
  const list = (xs: readonly string[]) => `${xs.slice(0, 3).join("; ")}${xs.length > 3 ? `; and ${xs.length - 3} more` : ""}`;
  const details = {
    ...check.details,
    ...(unread.length ? { cmsUnread: unread.slice(0, 100) } : {}),
    ...(junk.length ? { cmsNotIssued: junk.slice(0, 100) } : {}),
  };
  // Junk of a reader's outline that no issuer signed: named and ignored, a warning at most.
  const ignored = junk.length ? ` Revocation items that cannot be read and that no issuer signed, so ignored: ${list(junk)}.` : "";
  if (check.status === "failed" || !unread.length)
    return {
      ...check,
      ...(check.status === "passed" ? { status: "warning" as const } : {}),
      message: `${check.message}${unread.length ? ` Revocation items that cannot be read: ${list(unread)}.` : ""}${ignored}`,
      details,
    };
  return mayBeReadElsewhere(check, "The evidence", list(unread), details, ignored);
}

/** Items that cannot be read, sorted by whether their issuer signed them (pki/reader-proof.ts). */
interface Sorted {
  /** Not decided: signed by their issuer (a reader may rely on them), or the proof itself not decided; named. */
  readonly unread: string[];
  /** Signed by no issuer: named, with why. */
  readonly junk: string[];
  /** Not checked: the run's budget of signature checks was spent (h10b); named, with the limit. */
  readonly limited: { readonly text: string; readonly why: string }[];
}

/**
 * Past the run's budget of signature checks (pki/reader-proof.ts), items were not checked: never a pass over them,
 * never "said nothing" (h10b). INDETERMINATE naming the limit, how to raise it and the items (GENERIC, as the DSS's
 * limit, unless already INDETERMINATE for another reason); a failure stands, the items named.
 */
function proofsLimited(check: CheckResult, limited: Sorted["limited"]): CheckResult {
  if (!limited.length) return check;
  const named = `${limited
    .slice(0, 3)
    .map((l) => l.text)
    .join("; ")}${limited.length > 3 ? `; and ${limited.length - 3} more` : ""}`;
  const details = { ...check.details, proofLimit: limited[0]!.why, proofLimited: limited.slice(0, 100).map((l) => l.text), proofLimitedCount: limited.length };
  const sentence = `Whether their issuer signed ${limited.length} revocation item(s) this reader cannot read is not decided: ${limited[0]!.why.replace(/\.$/, "")}. Not checked: ${named}.`;
  if (check.status === "failed") return { ...check, message: `${check.message} ${sentence}`, details };
  return {
    ...check,
    status: "indeterminate",
    subIndication: check.status === "indeterminate" ? check.subIndication : "GENERIC",
    message: `${sentence} So the seal certificate's status is not decided; the rest says: ${check.message}`,
    details,
  };
}

/**
 * The one rule for "unread" in a CMS and a DSS (a13 U2's rest): an item a reader may read and this one cannot keeps
 * the status undecided only when its signature verifies with the key of a certificate of its issuer's name that has
 * a path to a trust anchor, or when that cannot be decided (a limit: past the run's budget of checks, `limited`);
 * an item without its bytes (a stream whose lenient reading went past its budget: dss-items.ts) stays undecided.
 * Everything else is junk anyone could write.
 */
async function unreadProven(ctx: ProofContext, items: readonly UnreadItem[]): Promise<Sorted> {
  const out: Sorted = { unread: [], junk: [], limited: [] };
  for (const item of items) {
    if (!item.der) {
      out.unread.push(item.text);
      continue;
    }
    const p = await issuedProof(ctx, item.kind, item.der);
    if (p.verdict === "issued") out.unread.push(`${item.text} (signed by ${shownSubject(p.by)})`);
    else if (p.verdict === "undecided" && p.limit) out.limited.push({ text: item.text, why: p.why });
    else if (p.verdict === "undecided") out.unread.push(`${item.text} (whether its issuer signed it is not decided: ${p.why.replace(/\.$/, "")})`);
    else out.junk.push(`${item.text} (${p.why})`);
  }
  return out;
}

/**
 * The one rule for revocation data that a reference reader may read and this one cannot, in a DSS or in a CMS
 * (what has the outline BouncyCastle reads, readerMayRead, or a stream this reader does not decode; a13 U2): the
 * seal certificate's status is not decided, INDETERMINATE/TRY_LATER naming it (the caller keeps a failure).
 */
function mayBeReadElsewhere(check: CheckResult, holder: "The DSS" | "The evidence", named: string, details: Record<string, unknown>, more = ""): CheckResult {
  return {
    ...check,
    status: "indeterminate",
    subIndication: check.status === "indeterminate" ? check.subIndication : "TRY_LATER",
    message: `${holder} holds revocation data this reader cannot read and another may (${named}), so the seal certificate's status is not decided; what was read says: ${check.message}${more}`,
    details,
  };
}

/** The seal's validity ends (revokedAt) or is suspended (heldAt) by the validation time; `…By`: the CA that did, when not the seal certificate. */
interface Stops {
  revokedAt?: Date;
  heldAt?: Date;
  revokedBy?: string;
  heldBy?: string;
  /** Items outside the seal's signed attributes and the DSS that cannot be read (unreadElsewhere). */
  unread?: UnreadItem[];
}

interface Built {
  cert: pkijs.Certificate;
  cms: NonNullable<SealCmsFacts["cms"]>;
  at: ReturnType<typeof evidenceTime>;
  pool: pkijs.Certificate[];
  anchors: readonly pkijs.Certificate[];
  chain: Awaited<ReturnType<typeof validateChain>>;
  sealPath: ReturnType<typeof describePath>;
}

async function judge(
  env: CheckEnv,
  seal: Needs,
  extra: ExtraRevocationData,
  { cert, cms, at, pool, anchors, chain, sealPath }: Built,
  out: Stops,
): Promise<CheckResult> {
  const who = sealIdentity(cert, env.options.sealSigners);
  const details: Record<string, unknown> = { certificate: summarize(cert), sealIdentity: who.identity, path: sealPath };
  const listed = chain.status === "valid" ? listServiceOf(env.trust, chain.path.at(-1), "seal", at.time) : null;
  if (listed) details.trustedListService = listed;
  if (who.identity === "other") {
    // Any certificate that chains to an anchor could re-seal a PDF built around a genuine token: only the
    // broker's seal (or one the user accepted with --seal-signer) makes a sealed archive of the broker.
    const s = summarize(cert);
    return failed(
      ID,
      "FORMAT_FAILURE",
      `The archive was not sealed by the broker: the seal is by ${shownSubject(cert)} (${s.subject}; issued by ${s.issuer}), ${who.reason}. Accept another sealer with --seal-signer <organizationIdentifier | certificate file>.`,
      { at, details },
    );
  }
  if (chain.status !== "valid") {
    const sub = chain.subIndication ?? "CERTIFICATE_CHAIN_GENERAL_FAILURE";
    const note = chain.status === "no-chain" ? listNote(env.trust, [cert, ...pool], "seal", at.time) : null;
    const message = `Seal certificate: ${chain.message}${note ? ` ${note}` : ""}`;
    return chain.status === "not-yet-valid" ? failed(ID, sub, message, { at, details }) : indeterminate(ID, sub, message, { at, details });
  }
  const ku = keyUsages(cert);
  if (ku && !ku.includes("nonRepudiation") && !ku.includes("digitalSignature")) {
    return indeterminate(ID, "CHAIN_CONSTRAINTS_FAILURE", `The seal certificate may not sign: its key usage is ${ku.join(", ")}.`, { at, details });
  }
  // Revocation: archived in the CMS's signed attributes, plus any DSS.
  const issuer = chain.path[1] ?? (await findIssuer(env.pki, cert, pool));
  const archived = revocationArchival(cms.signedData.signerInfos[0]!);
  // The CMS's archived data is the seal's own (a signed attribute): too much of it is the seal's format. The DSS's
  // is bounded by its reading, which counts only items that decode (attack-s5 P1c: junk must not fail a genuine seal).
  const items = archived.ocsps.length + archived.crls.length;
  if (items > env.limits.maxValidationDataItems) {
    const e = new LimitError("maxValidationDataItems", `the seal's CMS archives ${items} OCSP responses and CRLs`);
    return failed(ID, "FORMAT_FAILURE", `The seal's revocation data is not read: ${e.message}.`, { at, details });
  }
  const judgements: { source: string; j: Judgement }[] = [];
  // Items about the seal certificate that are not its CA's statement (attack36b U1): a signature that does not
  // verify with the CA's (or its authorised responder's) key says nothing of the certificate, as EU DSS and the
  // one revocation rule (revocation.ts) read it. Named in a warning, never a failure of the seal.
  const ignored: { source: string; item: string; why: string }[] = [];
  const sealingTime = seal.sealTimestamp ?? at.time;
  const skew = env.options.clockSkewSeconds;
  const inTimestamps = extra.timestamps ?? { ocsps: [], crls: [] };
  const unsigned = extra.unsigned ?? { ocsps: [], crls: [] };
  const data = {
    ocsps: [...archived.ocsps, ...extra.ocsps, ...unsigned.ocsps, ...inTimestamps.ocsps],
    crls: [...archived.crls, ...extra.crls, ...unsigned.crls, ...inTimestamps.crls],
  };
  // What every authentic item states (the one rule's reading, revocation.ts readItem), each item read once: the
  // same reading gives the broker profile's judgement at the sealing time and the statement the rule weighs.
  const said: RevocationStatement[] = [];
  // Items about it that cannot be fully verified (an algorithm outside the table: hs4, attack-s4 B1; a delegated
  // responder whose own status is unproven: R1): what they would state is read, not believed (revocation.ts
  // `unverified`). One that states a revocation or hold at or before the sealing time keeps the check
  // INDETERMINATE naming it, never outvoted by a "good" (attack-s5 R1b); one that states "good" (or a later
  // revocation) neither proves nor blocks, and is named in a warning (attack-s5 U1c: anyone can write an
  // algorithm identifier, it lies outside the signature).
  const blocking: { source: string; claim: string; why: string; sub: "CRYPTO_CONSTRAINTS_FAILURE" | "TRY_LATER" }[] = [];
  const unverified: { source: string; item: string; why: string }[] = [];
  const setAside = (source: string, item: string, j: Judgement, claim: RevocationStatement | undefined) => {
    if (claim?.revokedAt && claim.revokedAt.getTime() <= sealingTime.getTime())
      blocking.push({
        source,
        claim: claim.text,
        why: j.message,
        sub: j.details.unsupportedAlgorithm !== undefined ? "CRYPTO_CONSTRAINTS_FAILURE" : "TRY_LATER",
      });
    else unverified.push({ source, item, why: j.message });
  };
  // The broker's window (produced before the sealing time, at most a week) is its profile's rule for the CMS's
  // archived data only. An item in a DSS (or in a timestamp's own CMS) was added later, the B-LT way: by the one revocation rule, an authentic
  // "not revoked" current at the sealing time or issued after it proves it (EN 319 102-1 §5.2.5, as EU DSS;
  // attack36b F1). `worst` stands when the rule does not speak for the sealing time.
  const laterGood = (source: string, s: RevocationStatement | null, worst: Judgement): Judgement => {
    if (source.startsWith("cms-") || !s || s.revokedAt || !speaksFor(s, sealingTime, skew)) return worst;
    const after = s.thisUpdate.getTime() > sealingTime.getTime();
    return {
      status: "passed",
      subIndication: null,
      message: `Not revoked at the sealing time ${sealingTime.toISOString()}: the ${s.source} (added ${source.startsWith("dss-") ? "in a DSS" : source.startsWith("unsigned-") ? "to the seal's CMS, outside its signed attributes" : "in a timestamp's CMS"}) ${after ? "was issued after it" : "is current at it"}.`,
      details: { thisUpdate: s.thisUpdate.toISOString(), nextUpdate: s.nextUpdate?.toISOString(), laterData: true },
    };
  };
  // A CRL under the CA's name signed by another key of the same CA (a renewed CA certificate: same name, its own
  // path to the seal's anchor; attack-s5 U1b) is the CA's statement, read by the one rule with the seal path's
  // trust (revocation.ts renewedKeyTrust, U1d's bound): the same trust reads the CAs above the seal (s6 edge d).
  const renewed = renewedKeyTrust(env.pki, chain.path.at(-1), { anchors, intermediates: pool, index: env.trust.index.anchors });
  const ctx = renewed ? { renewed } : {};
  const judgedAt = { at: sealingTime, windowSeconds: SEAL_REVOCATION_WINDOW_SECONDS };
  for (const [source, kind, ders] of [
    ["cms-ocsp", "ocsp", archived.ocsps],
    ["dss-ocsp", "ocsp", extra.ocsps],
    ["unsigned-ocsp", "ocsp", unsigned.ocsps],
    ["timestamp-ocsp", "ocsp", inTimestamps.ocsps],
    ["cms-crl", "crl", archived.crls],
    ["dss-crl", "crl", extra.crls],
    ["unsigned-crl", "crl", unsigned.crls],
    ["timestamp-crl", "crl", inTimestamps.crls],
  ] as const) {
    for (const der of ders) {
      // The seal's own CMS items are sealed with it: checked outside the run's budget (a11 D2b).
      const sealed = source.startsWith("cms-");
      const reading = await readItem(env.pki, { kind, der }, cert, issuer, [...pool, ...anchors], skew, data, judgedAt, sealed ? { ...ctx, sealed } : ctx);
      if (reading.error !== undefined) {
        const what = kind === "ocsp" ? "An archived OCSP response" : "An archived CRL";
        judgements.push({
          source,
          j: { status: "indeterminate", subIndication: "TRY_LATER", message: `${what} is unreadable: ${reading.error}.`, details: {} },
        });
        // Outside what the seal signed and the DSS (whose reading names its own): another reader may read it.
        // Only what a reference reader reads as revocation data (its outline, a13 U2) is undecided; other junk is
        // only "not relied upon", as named above.
        if ((source.startsWith("unsigned-") || source.startsWith("timestamp-")) && readerMayRead(kind, der))
          (out.unread ??= []).push({ text: `${lower(what)} (${source}): ${reading.error}`, kind, der });
        continue;
      }
      if (reading.ocsp) {
        const r = reading.ocsp;
        if (r.certId.status !== "passed") continue; // about another certificate (e.g. the CA's)
        if (reading.statement) said.push(reading.statement);
        const producedAt = typeof r.freshness.details.producedAt === "string" ? r.freshness.details.producedAt : "an unstated time";
        const produced = `the OCSP response produced at ${producedAt}`;
        if (r.signature.status === "failed") {
          ignored.push({ source, item: produced, why: r.signature.message });
          continue;
        }
        if (unverifiedSignature(r.signature.details)) {
          setAside(source, produced, r.signature, reading.unverified?.claim);
          continue;
        }
        // An authentic "revoked" is a fact whatever the response's date: freshness only decides whether a
        // "good" may speak for the sealing time (EN 319 102-1 §5.2.5; L3/L4 of attack round 36).
        if (r.signature.status === "passed" && r.single?.status === "revoked") {
          judgements.push({ source, j: r.status });
          continue;
        }
        const parts = [r.signature, r.status, r.freshness];
        const worst =
          parts.find((p) => p.status === "failed") ?? parts.find((p) => p.status === "indeterminate") ?? parts.find((p) => p.status === "warning") ?? r.status;
        judgements.push({ source, j: worst.status === "indeterminate" ? laterGood(source, reading.statement, worst) : worst });
      } else if (reading.crl) {
        const j = reading.crl;
        const thisUpdate = String(j.details.thisUpdate);
        const named = `the CRL of ${thisUpdate} under ${shownIssuer(cert)}`;
        if (j.details.renewedKeyBudget === true) {
          // Not decided: what it would state is weighed as an item that cannot be verified (R1b, U1c).
          setAside(source, named, { ...j, message: lower(j.message).replace(/\.$/, "") }, reading.unverified?.claim);
          continue;
        }
        if (reading.statement) said.push(reading.statement);
        if (j.status === "failed" && j.subIndication !== "REVOKED") {
          ignored.push({ source, item: named, why: j.message });
          continue;
        }
        if (j.details.unsupportedAlgorithm !== undefined) {
          setAside(source, named, j, reading.unverified?.claim);
          continue;
        }
        judgements.push({ source, j: j.status === "indeterminate" ? laterGood(source, reading.statement, j) : j });
      }
    }
  }
  details.revocation = judgements.map(({ source, j }) => ({ source, status: j.status, message: j.message, ...j.details }));
  details.revocationJudgedAt = sealingTime.toISOString();
  if (ignored.length) details.revocationIgnored = ignored;
  if (unverified.length) details.revocationUnverified = unverified;
  const notStatements =
    (ignored.length ? ` Not the CA's statement, so ignored: ${ignored.map((x) => `${x.item} (${x.source}): ${x.why.replace(/\.$/, "")}`).join("; ")}.` : "") +
    (unverified.length
      ? ` Cannot be verified, so neither proof nor obstacle: ${unverified.map((x) => `${x.item} (${x.source}): ${x.why.replace(/\.$/, "")}`).join("; ")}.`
      : "");
  const revokedTimes = judgements
    .filter((x) => (x.j.status === "failed" || x.j.status === "warning") && x.j.details.onHold !== true && typeof x.j.details.revocationTime === "string")
    .map((x) => Date.parse(x.j.details.revocationTime as string));
  if (revokedTimes.length) out.revokedAt = new Date(Math.min(...revokedTimes));
  const revoked = judgements.find((x) => x.j.status === "failed");
  if (revoked) return failed(ID, revoked.j.subIndication ?? "REVOKED", `Seal certificate ${shownSubject(cert)}: ${revoked.j.message}`, { at, details });
  // certificateHold (attack36b H1): a suspension, read by the one rule over every item (revocation.ts heldAt): in
  // force at the sealing time unless a later item of the CA no longer lists it, then INDETERMINATE/TRY_LATER.
  if (judgements.some((x) => x.j.details.onHold === true)) {
    const held = heldAt(said, sealingTime);
    if (held)
      return indeterminate(
        ID,
        "TRY_LATER",
        `Seal certificate ${shownSubject(cert)}: ${held.text}, at or before the sealing time ${sealingTime.toISOString()}, and no later item of its CA lifts the suspension.`,
        { at, details },
      );
    // Not in force at the sealing time: a hold lifted since says nothing more (the items that lifted it speak for
    // themselves); one put after the sealing time and not lifted by the validation time stays as a warning.
    const inForce = heldAt(said, env.validationTime.time);
    const keep = inForce !== null;
    if (inForce?.revokedAt) out.heldAt = inForce.revokedAt;
    for (let i = judgements.length - 1; i >= 0; i--) {
      const j = judgements[i]!.j;
      if (j.details.onHold === true && !(keep && j.status === "warning")) judgements.splice(i, 1);
    }
  }
  // An item about this certificate that cannot be verified and states a revocation or hold at or before the
  // sealing time: the others do not decide around it (attack-s4 B1, attack-s5 R1b). Not verified is not broken
  // either: it is named, not failed.
  const unchecked = blocking[0];
  if (unchecked)
    return indeterminate(
      ID,
      unchecked.sub,
      `Seal certificate ${shownSubject(cert)}: an archived revocation item (${unchecked.source}) ${unchecked.sub === "CRYPTO_CONSTRAINTS_FAILURE" ? "cannot be checked" : "cannot be relied upon"}, so its revocation status is not decided: ${unchecked.claim}, at or before the sealing time ${sealingTime.toISOString()}; ${lower(unchecked.why)}${notStatements}`,
      { at, details },
    );
  const good = judgements.filter((x) => x.j.status === "passed" || x.j.status === "warning");
  if (good.length === 0) {
    return indeterminate(
      ID,
      "TRY_LATER",
      (judgements.length
        ? `No archived revocation information for the seal certificate is acceptable: ${judgements[0]!.j.message}`
        : unverified.length
          ? "No archived revocation information for the seal certificate can be verified."
          : "The evidence holds no revocation information (OCSP or CRL) for the seal certificate.") + notStatements,
      { at, details },
    );
  }
  // Every certificate above the seal on its path but the anchor: acceptable revocation data at the sealing time
  // (EN 319 102-1 §5.2.6; EU DSS's default policy: CACertificate RevocationDataAvailable FAIL), by the one rule.
  const q = { pool: [...pool, ...anchors], skewSeconds: env.options.clockSkewSeconds, ...ctx };
  const above = await pathStatusAt(env.pki, chain.path, 1, { ...q, at: sealingTime }, data);
  if (above.cert && above.status) {
    const ca = `${shownSubject(above.cert)}, a CA on the seal's path`;
    details.caRevocation = { certificate: summarize(above.cert), status: above.status.text };
    return above.status.revokedAt
      ? indeterminate(ID, "REVOKED_CA_NO_POE", `Seal certificate ${shownSubject(cert)}: ${ca}, was revoked: ${above.status.text}.`, { at, details })
      : indeterminate(
          ID,
          "TRY_LATER",
          `Seal certificate ${shownSubject(cert)}: ${ca}, has no acceptable revocation data at the sealing time ${sealingTime.toISOString()} (${above.status.text}).`,
          { at, details },
        );
  }
  if (chain.path.length > 2) {
    details.caRevocation = above.texts;
    // A CA revoked after the sealing time, before the validation time, ends the seal's validity then, as its own;
    // a CA on hold then (certificateHold, not lifted) suspends it, as the seal certificate's own hold does
    // (attack-s5b S2; EU DSS: TRY_LATER, "The certificate is on hold!"). Long-term needs a POE before either.
    const T = env.validationTime.time;
    const later = T.getTime() > sealingTime.getTime() ? await pathStatusAt(env.pki, chain.path, 1, { ...q, at: T }, data) : null;
    const stop = later ? laterStop(later) : null;
    if (stop?.revokedAt && (!out.revokedAt || stop.revokedAt.getTime() < out.revokedAt.getTime())) {
      out.revokedAt = stop.revokedAt;
      out.revokedBy = stop.by;
    }
    if (stop?.heldAt && (!out.heldAt || stop.heldAt.getTime() < out.heldAt.getTime())) {
      out.heldAt = stop.heldAt;
      out.heldBy = stop.by;
    }
    if (stop) details.caRevocationAtValidationTime = { certificate: summarize(later!.cert!), status: later!.status!.text };
  }
  const sources = [...new Set(good.map((g) => g.source))].join(", ");
  // OCSP items about it found INDETERMINATE (not fresh, not checked, a refused key) are named, not only in details.
  const undecided = judgements.filter((x) => x.j.status === "indeterminate" && x.source.endsWith("-ocsp"));
  const notRelied = undecided.length
    ? ` Not relied upon: ${undecided
        .slice(0, 5)
        .map((x) => `an OCSP response (${x.source}): ${lower(x.j.message).replace(/\.$/, "")}`)
        .join("; ")}${undecided.length > 5 ? `; and ${undecided.length - 5} more` : ""}.`
    : "";
  const msg = `${shownSubject(cert)} (${who.reason}): ${chain.message}${listed ? ` ${listServiceSentence(listed)}` : ""} Not revoked at the sealing time (${sources}).${notRelied}`;
  const warned = good.find((g) => g.j.status === "warning");
  return warned || ignored.length || unverified.length
    ? warning(ID, `${msg}${warned ? ` ${warned.j.message}` : ""}${notStatements}`, { at, details })
    : passed(ID, msg, { at, details });
}
