// Check "long-term": validation with time, long-term and archival data (ETSI EN 319 102-1 §5.5–5.6, as EU DSS
// implements it). The seal checks judge the sealed evidence at the proven sealing time (past validation); this
// check says whether that proof still holds at the validation time (now, or --at):
// - every verified timestamp (the signature timestamp, each document timestamp) is a proof of existence (POE)
//   of what it covers, if it is itself proven: its TSA's path valid, its TSA certificate's revocation data
//   (DSS, the timestamps' own CMS, the seal's CMS) acceptable, and its algorithms acceptable (the crypto
//   policy) at the POE a later timestamp gives it, or at the validation time for the newest;
// - the seal then validates at the validation time if its certificate is still valid then (DSS: TOTAL_PASSED
//   on a B-T before the seal certificate expires), else only through a proven POE before that expiry
//   (past signature validation), else INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED (revocation data said "not
//   revoked") or OUT_OF_BOUNDS_NO_POE, with what the evidence still proves and what would restore it;
// - the seal's own algorithms are weighed at the earliest proven POE (else the validation time);
// - "protected until": the date the newest proven POE's path or algorithms run out, only from proven POEs,
//   after which the verdict turns INDETERMINATE unless the archive is renewed. Without a proven POE there is
//   none (null): the seal certificate's validity says nothing of a revocation to come, so an archive whose
//   evidence proves nothing any more is listed to renew, never given a longer horizon for having less.
import * as pkijs from "pkijs";
import { digestAlgorithm, digestStanding, keyStanding, keyStrength, signatureAlgorithm, type AlgorithmStanding, type CryptoPolicy } from "../pki/algorithms.js";
import { summarize, shownSubject } from "../pki/certificate.js";
import { quoteMarked } from "../report/person-names.js";
import { hashName } from "../pki/cms.js";
import { laterStop, pathStatusAt, readRevocation, revokedBy, type RevocationStatement } from "../pki/revocation.js";
import type { TimestampInfo } from "../pki/timestamp.js";
import { indeterminate, passed, skipped, warning } from "../report/check.js";
import type { LongTermEntry, LongTermSummary } from "../report/archive-report.js";
import type { CheckResult, SubIndication } from "../report/types.js";
import type { ArchiveFacts, CheckEnv, EvidenceRevocation, With } from "./facts.js";
import type { SealJudgement } from "./pdf-signatures.js";
import type { PadesFacts } from "./pades.js";
import { coversSignature, type DocumentTimestampFacts } from "./pdf-signatures.js";
import { coveredRevision } from "../input/pdf/index.js";
import { pathTrust } from "./revocation-items.js";
import { tsaRevocation } from "./tsa-revocation.js";
import { quoteName } from "../report/quoted-name.js";

const ID = "long-term";

type Needs = ArchiveFacts & PadesFacts;

interface Candidate {
  kind: "signature-timestamp" | "document-timestamp";
  field: string | null;
  revision: number | null;
  info: TimestampInfo & { signer: pkijs.Certificate; chain: pkijs.Certificate[] };
  /** The /ByteRange whose gap holds its token: the seal's for the signature timestamp, its own for a document timestamp. */
  tokenIn: readonly number[] | null;
  /** The bytes its imprint covers, as a /ByteRange: a document timestamp's own; none for the signature timestamp (it covers the seal's signature value). */
  covers: readonly number[] | null;
}

/** Whether `outer`'s imprint covers `inner`'s token (its bytes lie inside outer's ranges): outer then is a POE of inner. */
const carries = (outer: Candidate, inner: Candidate): boolean => outer !== inner && coversSignature(outer.covers, inner.tokenIn);

interface Weighed {
  entry: LongTermEntry;
  proven: boolean;
  horizon: Date | null;
  forecast: string[];
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, "Z");
const minDate = (ds: readonly (Date | null)[]): Date | null =>
  ds.reduce<Date | null>((m, d) => (d === null ? m : m === null || d.getTime() < m.getTime() ? d : m), null);

function chainBounds(chain: readonly pkijs.Certificate[]): { notBefore: Date; notAfter: Date } {
  const nb = chain.map((c) => c.notBefore.value.getTime());
  const na = chain.map((c) => c.notAfter.value.getTime());
  return { notBefore: new Date(Math.max(...nb)), notAfter: new Date(Math.min(...na)) };
}

function standings(policy: CryptoPolicy, cert: pkijs.Certificate, digests: readonly (string | undefined)[], at: Date): AlgorithmStanding[] {
  const out: AlgorithmStanding[] = [];
  const key = keyStrength(new Uint8Array(cert.subjectPublicKeyInfo.toSchema().toBER(false)));
  if (key) out.push(keyStanding(policy, key, at));
  for (const d of new Set(digests.filter((x): x is string => !!x))) out.push(digestStanding(policy, d, at));
  return out;
}

/** The digest a signature algorithm hashes with: from its OID, or an RSASSA-PSS's parameters; null when unknown. */
function signatureDigest(alg: pkijs.AlgorithmIdentifier): string | null {
  try {
    const a = signatureAlgorithm(alg.algorithmId);
    if (a.hash) return a.hash;
    if (a.family === "rsa-pss") {
      const p = alg.algorithmParams ? new pkijs.RSASSAPSSParams({ schema: alg.algorithmParams }) : new pkijs.RSASSAPSSParams();
      return digestAlgorithm(p.hashAlgorithm.algorithmId).name;
    }
  } catch {
    /* an algorithm sealcheck does not know is judged where it is verified */
  }
  return null;
}

const named = (s: AlgorithmStanding, what: string): AlgorithmStanding => ({ ...s, what: `${s.what} (${what})` });

/**
 * A certificate path's own algorithms (leaf first, anchor last), as the crypto policy weighs them: the digest each
 * certificate was signed with, and each CA certificate's key (the leaf's key is weighed with its own use, the
 * trust anchor's not at all: it is trusted as configured, as EU DSS leaves trusted certificates out).
 */
function pathStandings(policy: CryptoPolicy, chain: readonly pkijs.Certificate[], at: Date): AlgorithmStanding[] {
  const out: AlgorithmStanding[] = [];
  if (chain.length < 2) return out;
  for (const [i, c] of chain.slice(0, -1).entries()) {
    const who = `${shownSubject(c)}`;
    if (i > 0) {
      const key = keyStrength(new Uint8Array(c.subjectPublicKeyInfo.toSchema().toBER(false)));
      if (key) out.push(named(keyStanding(policy, key, at), `the key of ${who}`));
    }
    const d = signatureDigest(c.signatureAlgorithm);
    if (d) out.push(named(digestStanding(policy, d, at), `the signature on ${who}`));
  }
  return out;
}

/** The JWS algorithms' digests (RFC 7518). */
const JWS_DIGEST: Readonly<Record<string, string>> = {
  RS256: "sha256",
  RS384: "sha384",
  RS512: "sha512",
  PS256: "sha256",
  PS384: "sha384",
  PS512: "sha512",
  ES256: "sha256",
  ES384: "sha384",
  ES512: "sha512",
};

/**
 * The algorithms of what lies inside the sealed revision and is judged with the seal (past validation at the
 * seal's POE): the Workflow token's JWS (its digest and the token certificate's key), the token certificate's
 * path, and the token's OCSP response (the digest it is signed with, and its responder's key).
 */
function sealedEvidenceStandings(policy: CryptoPolicy, f: ArchiveFacts, at: Date): AlgorithmStanding[] {
  const out: AlgorithmStanding[] = [];
  const alg = f.jws?.header.alg;
  if (typeof alg === "string" && JWS_DIGEST[alg]) out.push(named(digestStanding(policy, JWS_DIGEST[alg], at), `the Workflow token's ${alg}`));
  if (f.tokenCert) {
    const key = keyStrength(new Uint8Array(f.tokenCert.subjectPublicKeyInfo.toSchema().toBER(false)));
    if (key) out.push(named(keyStanding(policy, key, at), "the Workflow token's key"));
  }
  if (f.tokenChain?.path.length) out.push(...pathStandings(policy, f.tokenChain.path, at));
  const basic = f.ocsp?.basic;
  if (basic) {
    const d = signatureDigest(basic.signatureAlgorithm);
    if (d) out.push(named(digestStanding(policy, d, at), "the signature on the token's OCSP response"));
    const responder = f.ocsp?.certificates[0] ?? f.tokenIssuer ?? null;
    const key = responder ? keyStrength(new Uint8Array(responder.subjectPublicKeyInfo.toSchema().toBER(false))) : null;
    if (key) out.push(named(keyStanding(policy, key, at), "the key of the token's OCSP responder"));
  }
  return out;
}

async function weigh(env: CheckEnv, c: Candidate, poe: Date, poeSource: string, pool: EvidenceRevocation): Promise<Weighed> {
  const { notBefore, notAfter } = chainBounds(c.info.chain.length ? c.info.chain : [c.info.signer]);
  const algs = [
    ...standings(env.options.cryptoPolicy, c.info.signer, [c.info.signerDigest, c.info.imprintAlgorithm], poe),
    ...pathStandings(env.options.cryptoPolicy, c.info.chain, poe),
  ];
  const algUntil = minDate(algs.map((a) => a.until));
  const horizon = minDate([notAfter, algUntil]);
  const entry: LongTermEntry = {
    kind: c.kind,
    field: c.field,
    revision: c.revision,
    genTime: iso(c.info.genTime),
    tsa: c.info.tsa?.subject ?? summarize(c.info.signer).subject,
    tsaPathNotAfter: iso(notAfter),
    algorithms: algs.map((a) => ({ algorithm: a.what, acceptableUntil: a.until ? iso(a.until) : null, standing: a.standing })),
    judgedAt: iso(poe),
    judgedAtSource: poeSource,
    revocation: "",
    proven: false,
    horizon: horizon ? iso(horizon) : null,
    reason: null,
  };
  const forecast = algs.filter((a) => a.standing === "forecast-passed").map((a) => `${a.what} (acceptable until ${iso(a.until!)} by the policy's forecast)`);
  const problems: string[] = [];
  if (poe.getTime() > notAfter.getTime()) problems.push(`its TSA's path expired at ${iso(notAfter)}, before ${iso(poe)}`);
  if (poe.getTime() < notBefore.getTime()) problems.push(`its TSA's path is valid only from ${iso(notBefore)}`);
  const expired = algs.filter((a) => a.standing === "expired");
  if (expired.length)
    problems.push(
      `${expired.map((a) => a.what).join(", ")} ${expired.length > 1 ? "are" : "is"} not acceptable at ${iso(poe)} (${env.options.cryptoPolicy.name})`,
    );
  // A token without the ESS signing-certificate attribute RFC 3161 §2.4.1 requires (EN 319 422 too) gives no proof
  // of existence, as EU DSS 5.13.1 reads none from it (the token is not read as a timestamp: PAdES-BASELINE-B,
  // measured with its tool); seal-timestamp still says so as a warning at the sealing time (s6 edge f).
  if (c.info.essMissing)
    problems.push(
      "no ESS signing-certificate attribute binds its TSA's certificate (RFC 3161 §2.4.1 requires one; EU DSS reads no timestamp from such a token)",
    );
  const rev = await tsaRevocation(env, c.info, poe, pool);
  entry.revocation = rev.text;
  if (!rev.ok) problems.push(rev.text);
  entry.proven = problems.length === 0;
  entry.reason = problems.length ? problems.join("; ") : null;
  return { entry, proven: entry.proven, horizon, forecast };
}

/**
 * The timestamps that may prove the seal's existence, oldest first: the signature timestamp, and each verified
 * document timestamp whose bytes hold the seal (its covered revision is the seal's or later and the seal's
 * /Contents lies inside its ranges). A document timestamp over a revision before the seal proves those bytes,
 * not the seal (EN 319 102-1 §5.6.2.4; EU DSS gives it no POE for the signature): it is returned in `before`.
 */
function candidates(f: With<Needs, "pades">): { cs: Candidate[]; before: DocumentTimestampFacts[] } {
  const out: Candidate[] = [];
  const before: DocumentTimestampFacts[] = [];
  const seal = f.pades.seal.byteRange;
  const sealRevision = coveredRevision(f.pades.doc, seal);
  const good = (i: TimestampInfo | undefined): i is Candidate["info"] => !!i && !!i.signer && !!i.chain && i.chain.length > 0;
  if (f.sealTimestamp && good(f.sealTimestampInfo))
    out.push({ kind: "signature-timestamp", field: null, revision: null, info: f.sealTimestampInfo, tokenIn: seal, covers: null });
  for (const d of f.documentTimestamps ?? []) {
    if (!(d.status === "passed" || d.status === "warning") || !good(d.info)) continue;
    const holdsSeal = sealRevision !== undefined && d.revision !== null && d.revision - 1 >= sealRevision && coversSignature(d.byteRange, seal);
    if (holdsSeal) out.push({ kind: "document-timestamp", field: d.field, revision: d.revision, info: d.info, tokenIn: d.byteRange, covers: d.byteRange });
    else before.push(d);
  }
  return { cs: out.sort((a, b) => a.info.genTime.getTime() - b.info.genTime.getTime()), before };
}

/** What long-term validation says when the seal did not verify at its own time. */
export const SEAL_NOT_VERIFIED = "The seal did not verify at its own time (see the seal checks), so there is no proven sealing to keep proving.";

/**
 * The check and the report's summary of the proofs of existence. The seal's outcome at its own time is a fact
 * (how seal-signature and seal-certificate judged it), not a reading of the checks.
 */
export async function checkLongTerm(
  env: CheckEnv,
  f: With<Needs, "pades" | "signerCert" | "revocationItems">,
): Promise<{ check: CheckResult; summary: LongTermSummary | null }> {
  const T = env.validationTime.time;
  const policy = { name: env.options.cryptoPolicy.name, sha256: env.options.cryptoPolicy.sha256 };
  const ok = (j: SealJudgement | undefined) => j?.status === "passed" || j?.status === "warning";
  const cert = f.signerCert;
  // A DSS not all read (a limit reached, attack-s5 P1c): what it holds is not weighed, so what the evidence proves
  // is not decided (s6 edge e), unless the seal already failed on what was read.
  const limit = f.dss?.limit;
  if (limit !== undefined && ok(f.sealSignatureJudged) && f.sealCertificateJudged?.status !== "failed")
    return {
      check: indeterminate(
        ID,
        "GENERIC",
        `The DSS's validation data is not all read (${limit}), so what the evidence proves at ${iso(env.validationTime.time)} is not decided: neither the seal's revocation status nor the proofs of existence are weighed on part of it.`,
        { at: env.validationTime, details: { dssLimit: limit } },
      ),
      summary: null,
    };
  if (!ok(f.sealSignatureJudged) || !ok(f.sealCertificateJudged)) return { check: skipped(ID, SEAL_NOT_VERIFIED), summary: null };
  const { cs, before } = candidates(f);
  // Every item of revocation data the evidence holds, each once: the one pool (checks/revocation-items.ts).
  const pool = f.revocationItems;
  // Outermost first (a timestamp's covering timestamps are weighed before it): each timestamp is judged at the
  // earliest POE a proven timestamp whose bytes hold its token gives it (not one merely later by genTime), else at T.
  const weighed: Weighed[] = new Array<Weighed>(cs.length);
  const reach = (c: Candidate) => {
    const r = c.covers ?? c.tokenIn;
    return r && r.length === 4 ? (r[2] ?? 0) + (r[3] ?? 0) : 0;
  };
  const order = cs.map((_, i) => i).sort((a, b) => reach(cs[b]!) - reach(cs[a]!) || (cs[a]!.covers ? 0 : 1) - (cs[b]!.covers ? 0 : 1));
  for (const i of order) {
    const c = cs[i]!;
    const carriers = cs
      .map((o, j) => ({ o, w: weighed[j] }))
      .filter(({ o, w }) => w?.proven && carries(o, c) && o.info.genTime.getTime() >= c.info.genTime.getTime())
      .map(({ w }) => w!);
    const by = carriers.length ? carriers.reduce((a, b) => (a.entry.genTime < b.entry.genTime ? a : b)) : null;
    let w = await weigh(env, c, by ? new Date(by.entry.genTime) : T, by ? `${by.entry.kind} of ${by.entry.genTime}` : "validation-time", pool);
    // A later timestamp that cannot carry it (its TSA expired before it) may still leave it valid now.
    if (!w.proven && by) {
      const now = await weigh(env, c, T, "validation-time", pool);
      if (now.proven) w = now;
    }
    weighed[i] = w;
  }
  const proven = weighed.filter((w) => w.proven);
  const earliest = proven[0] ?? null;
  const newest = proven.at(-1) ?? null;
  const sealPath = f.sealPath?.length ? f.sealPath : null;
  const sealNotAfter = sealPath ? new Date(Math.min(...sealPath.map((c) => Date.parse(c.notAfter)))) : cert.notAfter.value;
  const sealNotBefore = sealPath ? new Date(Math.max(...sealPath.map((c) => Date.parse(c.notBefore)))) : cert.notBefore.value;
  const sealingTime = f.sealTimestamp ?? null;
  const si = f.cms?.signedData.signerInfos[0];
  const sealDigest = si ? (hashName(si.digestAlgorithm.algorithmId) ?? undefined) : undefined;
  const poeOfSeal = earliest ? new Date(earliest.entry.genTime) : null;
  const sealAlgs = [
    ...standings(env.options.cryptoPolicy, cert, [sealDigest], poeOfSeal ?? T),
    ...pathStandings(env.options.cryptoPolicy, f.sealChain ?? [], poeOfSeal ?? T),
    ...sealedEvidenceStandings(env.options.cryptoPolicy, f, poeOfSeal ?? T),
  ];
  // A revocation of the seal certificate at or before the validation time (stated by authentic data of any
  // date; seal-certificate failed already when it is at or before the sealing time) ends its validity then.
  const revokedAt = f.sealRevokedAt && f.sealRevokedAt.getTime() <= T.getTime() ? f.sealRevokedAt : null;
  // A suspension (certificateHold) placed after the sealing time and in force at the validation time: the seal
  // certificate is not valid then either, so it needs a proof of existence before the suspension (EU DSS:
  // INDETERMINATE/TRY_LATER, "the best-signature-time is not before the certificate's suspension time").
  const heldSince = !revokedAt && f.sealHeldAt && f.sealHeldAt.getTime() <= T.getTime() ? f.sealHeldAt : null;
  const sealValidAtT = !revokedAt && !heldSince && T.getTime() >= sealNotBefore.getTime() && T.getTime() <= sealNotAfter.getTime();
  const protectedUntil = newest?.horizon ?? null;
  const sigTs = weighed.find((w) => w.entry.kind === "signature-timestamp");

  const sealProves = sealingTime
    ? `The seal was valid at the sealing time ${iso(sealingTime)}, proven by ${
        sigTs?.proven
          ? "a timestamp whose own proof holds"
          : `a timestamp whose own proof is ${earliest ? "replaced by a later timestamp" : "now missing"}${sigTs?.entry.reason ? ` (${sigTs.entry.reason})` : ""}`
      }.`
    : "Nothing proves when the seal was made (no verified signature timestamp).";
  const sealRevision = coveredRevision(f.pades.doc, f.pades.seal.byteRange);
  const notOfSeal = before.length
    ? ` ${before
        .map((d) => `The document timestamp in ${quoteName(d.field)} of ${iso(d.info.genTime)} covers revision ${d.revision ?? "?"}`)
        .join(
          "; ",
        )}, before the seal's${sealRevision === undefined ? "" : ` (revision ${sealRevision + 1})`}: ${before.length > 1 ? "they prove" : "it proves"} the bytes before the seal existed, not the seal.`
    : "";
  const evidenceProves = `${sealProves}${notOfSeal}`;
  const tsaValidNow = sigTs ? T.getTime() <= new Date(sigTs.entry.tsaPathNotAfter).getTime() : false;
  const restore =
    newest && protectedUntil
      ? `Renew before ${iso(protectedUntil)}: sealcheck augment --tsa <url> --fetch-revocation adds the validation data of the newest timestamp and the next archive timestamp.`
      : sigTs && tsaValidNow
        ? `Augment it while the TSA certificate is valid (until ${sigTs.entry.tsaPathNotAfter}): sealcheck augment --tsa <url> --fetch-revocation adds a DSS with the TSA certificate's revocation data and a document timestamp (PAdES-BASELINE-LTA), which restores the proof.`
        : sigTs
          ? `The TSA certificate expired at ${sigTs.entry.tsaPathNotAfter}; revocation data for it can no longer be fetched, so the proof can be restored only from revocation data kept elsewhere (--crl/--ocsp to sealcheck augment).`
          : "Nothing can restore a proof of the sealing time that was never made (no signature timestamp that verifies: one that does not proves no time, as if absent).";

  const summary: LongTermSummary = {
    validationTime: iso(T),
    validationTimeSource: env.validationTime.source,
    sealingTime: sealingTime ? iso(sealingTime) : null,
    sealCertificateNotAfter: iso(sealNotAfter),
    proofsOfExistence: weighed.map((w) => w.entry),
    earliestProvenPoe: poeOfSeal ? iso(poeOfSeal) : null,
    sealAlgorithms: sealAlgs.map((a) => ({ algorithm: a.what, acceptableUntil: a.until ? iso(a.until) : null, standing: a.standing })),
    protectedUntil: protectedUntil ? iso(protectedUntil) : null,
    protectedAtValidationTime: false,
    evidenceProves,
    restore,
    policy,
  };
  const details = { ...summary } as Record<string, unknown>;
  const at = env.validationTime;

  const expiredAlgs = sealAlgs.filter((a) => a.standing === "expired");
  if (expiredAlgs.length) {
    return {
      check: indeterminate(
        ID,
        "CRYPTO_CONSTRAINTS_FAILURE_NO_POE",
        `The seal's ${expiredAlgs.map((a) => a.what).join(", ")} ${expiredAlgs.length > 1 ? "are" : "is"} not acceptable at ${iso(poeOfSeal ?? T)} under ${policy.name}, and no proof of existence from before ${iso(expiredAlgs[0]!.until ?? T)} holds. ${evidenceProves} ${restore}`,
        { at, details },
      ),
      summary,
    };
  }
  const forecast = [...sealAlgs.filter((a) => a.standing === "forecast-passed").map((a) => a.what), ...(newest?.forecast ?? [])];
  const chainText = proven.length
    ? `${proven.length} proof(s) of existence hold: ${proven.map((w) => `${w.entry.kind} ${w.entry.genTime} (judged at ${w.entry.judgedAt})`).join(", ")}.`
    : "No timestamp gives a proof of existence that holds now.";
  const until = protectedUntil ? ` Protected until ${iso(protectedUntil)}.` : "";
  const remark = forecast.length ? ` Past the policy's forecast date: ${forecast.join(", ")}.` : "";
  // The token lies in the sealed revision: judged at the seal's proven POE, or at T without one (attack36b J1b).
  const token = sigTs?.proven ? null : await tokenWithoutPoe(env, f, poeOfSeal ?? T, poeOfSeal !== null);
  if (token) details.token = { judgedAt: iso(poeOfSeal ?? T), subIndication: token.sub ?? null, text: token.text };
  /** The seal holds at T: passed (a warning past a forecast), unless the token it carries does not. */
  const passes = (msg: string): { check: CheckResult; summary: LongTermSummary } => {
    if (token?.sub) return { check: indeterminate(ID, token.sub, `${token.text} ${msg}`, { at, details }), summary };
    summary.protectedAtValidationTime = true;
    const text = token ? `${msg} ${token.text}` : msg;
    return { check: forecast.length ? warning(ID, text, { at, details }) : passed(ID, text, { at, details }), summary };
  };

  if (T.getTime() < sealNotBefore.getTime()) {
    return {
      check: indeterminate(
        ID,
        "OUT_OF_BOUNDS_NO_POE",
        `The validation time ${iso(T)} is before the seal certificate's validity (from ${iso(sealNotBefore)}). ${evidenceProves}`,
        {
          at,
          details,
        },
      ),
      summary,
    };
  }
  // The certificate whose revocation or hold stops the seal: the seal certificate, or a CA above it (S2).
  const stopper = (by: string | undefined) => (by ? `the CA ${quoteName(by, 64)} on the seal certificate's path` : "the seal certificate");
  const revokedWho = stopper(f.sealStoppedBy?.revoked);
  const heldWho = stopper(f.sealStoppedBy?.held);
  const Cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  if (revokedAt) {
    // EN 319 102-1 §5.6.2.4 (past signature validation): the seal holds only with a proof that it existed
    // before the revocation (and before the certificate expired); else INDETERMINATE/REVOKED_NO_POE, as DSS
    // (REVOKED_CA_NO_POE when it is a CA on the path that was revoked).
    if (poeOfSeal && poeOfSeal.getTime() < revokedAt.getTime() && poeOfSeal.getTime() <= sealNotAfter.getTime()) {
      return passes(
        `${Cap(revokedWho)} was revoked at ${iso(revokedAt)}, but the seal existed at ${iso(poeOfSeal)}, before that, proven at ${iso(T)}: past signature validation passes. ${chainText}${until}${remark}`,
      );
    }
    return {
      check: indeterminate(
        ID,
        f.sealStoppedBy?.revoked ? "REVOKED_CA_NO_POE" : "REVOKED_NO_POE",
        `${Cap(revokedWho)} was revoked at ${iso(revokedAt)}, before the validation time ${iso(T)}, and no proof of existence from before the revocation holds${
          sigTs && !sigTs.proven ? `: the signature timestamp gives none, ${sigTs.entry.reason}` : ""
        }. ${evidenceProves}`,
        { at, details },
      ),
      summary,
    };
  }
  if (heldSince) {
    if (poeOfSeal && poeOfSeal.getTime() < heldSince.getTime() && poeOfSeal.getTime() <= sealNotAfter.getTime()) {
      return passes(
        `${Cap(heldWho)} is on hold (suspended) since ${iso(heldSince)} and no later item of its CA lifts it, but the seal existed at ${iso(poeOfSeal)}, before that, proven at ${iso(T)}: past signature validation passes. ${chainText}${until}${remark}`,
      );
    }
    return {
      check: indeterminate(
        ID,
        "TRY_LATER",
        `At ${iso(T)} ${heldWho} is on hold (suspended) since ${iso(heldSince)} (no later item of its CA lifts it), and no proof of existence from before the suspension holds${
          sigTs && !sigTs.proven ? `: the signature timestamp gives none, ${sigTs.entry.reason}` : ""
        }. ${evidenceProves} The CA's later word that lifts the hold (an OCSP "good" or a CRL issued after it that no longer lists it) would restore it; so would a proof of existence: ${restore}`,
        { at, details },
      ),
      summary,
    };
  }
  if (sealValidAtT) {
    return passes(
      `At ${iso(T)} the seal certificate is still valid (until ${iso(sealNotAfter)}): the seal validates at the validation time with its revocation data. ${chainText}${sigTs && !sigTs.proven ? ` ${evidenceProves}` : ""}${until}${remark}`,
    );
  }
  if (poeOfSeal && poeOfSeal.getTime() <= sealNotAfter.getTime()) {
    return passes(
      `The seal certificate expired at ${iso(sealNotAfter)}, but the seal existed at ${iso(poeOfSeal)}, before that, proven at ${iso(T)}: past signature validation passes. ${chainText}${until}${remark}`,
    );
  }
  const notRevoked = ok(f.sealCertificateJudged);
  return {
    check: indeterminate(
      ID,
      notRevoked ? "OUT_OF_BOUNDS_NOT_REVOKED" : "OUT_OF_BOUNDS_NO_POE",
      `At ${iso(T)} the seal certificate has expired (${iso(sealNotAfter)}) and no proof of existence from before its expiry holds${
        sigTs && !sigTs.proven ? `: the signature timestamp gives none, ${sigTs.entry.reason}` : ""
      }. ${evidenceProves} ${restore}`,
      { at, details },
    ),
    summary,
  };
}

/**
 * The Workflow token, its certificate's path and its OCSP response lie in the sealed revision: they have the
 * seal's proven proof of existence, or none (attack36b J1b). The token checks judge them at the signature
 * timestamp's genTime; when that timestamp is no proof at the validation time they are judged at `at`, the
 * earliest proven POE of the seal (`proven`), else the validation time, as checkTokenJsonLongTerm judges the JSON
 * form (and EU DSS a signature without a POE):
 * - the token certificate revoked by then (ocsp-status's rule: tokenRevokedAt): INDETERMINATE/REVOKED_NO_POE;
 * - it or a CA on its path (the anchor aside) not valid then: OUT_OF_BOUNDS_NOT_REVOKED (its OCSP response says
 *   not revoked) or OUT_OF_BOUNDS_NO_POE;
 * - the OCSP response's signer not valid then: said, not decisive. The seal's own revocation data is read the
 *   same way while the seal certificate is valid ("validates at the validation time with its revocation data"),
 *   and the broker's responder certificates live days: deciding on it would make every B-T archive INDETERMINATE
 *   days after sealing, where the token certificate itself is still valid.
 * Null when there is nothing to say; `sub` when the token does not hold at `at`.
 */
async function tokenWithoutPoe(
  env: CheckEnv,
  f: With<Needs, "revocationItems">,
  at: Date,
  proven: boolean,
): Promise<{ sub?: SubIndication; text: string } | null> {
  const chain = f.tokenChain;
  if (!f.tokenCert || chain?.status !== "valid" || !chain.path.length) return null;
  const when = proven
    ? `the earliest proof of the seal's existence that holds, ${iso(at)}`
    : `the validation time ${iso(at)} (no timestamp proves when the seal, and the token in it, was made)`;
  const lead = `The Workflow token lies in the sealed revision, so it is judged at ${when}:`;
  if (f.tokenRevokedAt && f.tokenRevokedAt.getTime() <= at.getTime())
    return {
      sub: "REVOKED_NO_POE",
      text: `${lead} the token certificate was revoked at ${iso(f.tokenRevokedAt)} (see ocsp-status), and no proof of existence shows the token was made before that.`,
    };
  // Every certificate on the token's path at `at` (J1c): a CA revoked by then, or any of them on hold then (not
  // lifted), by the same reading as the seal's path (laterStop), from every item the evidence holds.
  const file = f.revocationItems;
  const stop = laterStop(
    await pathStatusAt(
      env.pki,
      chain.path,
      0,
      {
        at,
        pool: [...chain.path, ...env.trust.intermediates, ...file.certs],
        skewSeconds: env.options.clockSkewSeconds,
        ...pathTrust(env, "token", chain.path, at, file.certs),
      },
      file.data,
    ),
    f.tokenCert,
  );
  if (stop) {
    const who = stop.leaf ? "the token certificate" : `the CA ${shownSubject(stop.cert)} on the token certificate's path`;
    return stop.revokedAt
      ? {
          sub: stop.leaf ? "REVOKED_NO_POE" : "REVOKED_CA_NO_POE",
          text: `${lead} ${who} was revoked at ${iso(stop.revokedAt)} (${stop.text}), and no proof of existence shows the token was made before that.`,
        }
      : {
          sub: "TRY_LATER",
          text: `${lead} ${who} is on hold (suspended) since ${iso(stop.heldAt!)} (${stop.text}), and no proof of existence shows the token was made before that; the CA's later word that lifts the hold would restore it.`,
        };
  }
  const path = chain.path.length > 1 ? chain.path.slice(0, -1) : [f.tokenCert];
  const out = path.find((c) => at.getTime() > c.notAfter.value.getTime() || at.getTime() < c.notBefore.value.getTime());
  if (out) {
    const who = path.indexOf(out) === 0 ? "the token certificate" : `the certificate ${shownSubject(out)} on its path`;
    const state =
      at.getTime() > out.notAfter.value.getTime() ? `has expired (${iso(out.notAfter.value)})` : `is not yet valid (from ${iso(out.notBefore.value)})`;
    const ocsp = f.evidence?.ocspBase64;
    const said = ocsp
      ? (
          await readRevocation(
            env.pki,
            { kind: "ocsp", der: new Uint8Array(Buffer.from(ocsp, "base64")) },
            f.tokenCert,
            f.tokenIssuer ?? chain.path[1] ?? null,
            [...chain.path, ...env.trust.intermediates],
            env.options.clockSkewSeconds,
          )
        ).statement
      : null;
    return {
      sub: said && !said.revokedAt ? "OUT_OF_BOUNDS_NOT_REVOKED" : "OUT_OF_BOUNDS_NO_POE",
      text: `${lead} ${who} ${state}, and no proof of existence shows the token was made while it was valid.`,
    };
  }
  const responder = f.ocspResponder;
  if (responder && (at.getTime() > Date.parse(responder.notAfter) || at.getTime() < Date.parse(responder.notBefore)))
    return {
      text: `The token's OCSP response is of the sealing time, and its signer's certificate is not valid at ${iso(at)} (${responder.notBefore} to ${responder.notAfter}); it is read as the seal's own revocation data is, while the token certificate is valid.`,
    };
  return null;
}

/** What the Workflow-token JSON forms lack, in the words each of their long-term messages starts with. */
const TOKEN_JSON_NO_POE = "The Workflow-token JSON carries no timestamp and cannot carry validation data: nothing proves when the token was made.";
const TOKEN_JSON_RESTORE =
  "Verify the sealed PAdES of the workflow (its timestamp proves when it was sealed), or give --at to ask whether the token would have passed at a claimed time.";

/**
 * Check "long-term" for the Workflow-token JSON forms (attack36 J1). The token checks are judged at the time the
 * token claims (its iat) with the OCSP response of that time, and a token minted today with a key revoked since,
 * dated before the revocation, looks the same: nothing in this form proves when it was made. So, as EU DSS judges
 * a signature without a proof of existence (B-B, checked with its default policy on the JSON's analogue: the
 * token certificate's B-B signature with the token's OCSP response), the validation time is the time judged:
 * - an authentic "revoked" at or before it: INDETERMINATE/REVOKED_NO_POE;
 * - the token certificate or a CA certificate on its path not valid then: INDETERMINATE/OUT_OF_BOUNDS_NOT_REVOKED
 *   (the OCSP response says not revoked) or OUT_OF_BOUNDS_NO_POE;
 * - the OCSP response's signer (the delegated responder, or the CA) not valid then:
 *   INDETERMINATE/REVOCATION_OUT_OF_BOUNDS_NO_POE (DSS: "The current time is not in the validity range of the
 *   certificate of the issuer of the revocation information");
 * - an algorithm (the JWS's, the token key, its path, the OCSP signature and responder key) past its date then:
 *   INDETERMINATE/CRYPTO_CONSTRAINTS_FAILURE_NO_POE;
 * - else a warning: valid as of the validation time, on revocation data of the claimed time only.
 * With --at the question is "would this token have passed at that time?": skipped, its message (and the
 * statements) saying the verdict is judged at a claimed time.
 */
export async function checkTokenJsonLongTerm(env: CheckEnv, f: With<ArchiveFacts, "tokenCert" | "tokenChain">): Promise<CheckResult> {
  const at = env.validationTime;
  const T = at.time;
  const claimed = f.claims?.iat !== undefined && Number.isFinite(f.claims.iat) ? iso(new Date(f.claims.iat * 1000)) : null;
  const details: Record<string, unknown> = { validationTime: iso(T), validationTimeSource: at.source, claimedTime: claimed, judgedAtClaimedTime: false };
  if (at.source === "at-option") {
    details.judgedAtClaimedTime = true;
    return skipped(
      ID,
      `${TOKEN_JSON_NO_POE} Judged at a claimed time: --at ${iso(T)} asks whether this token would have passed at that time, not whether it existed then${claimed ? ` (its iat claims ${claimed})` : ""}; the token checks are judged at it. A sealed PAdES of the workflow proves its time.`,
      { details },
    );
  }
  if (f.tokenChain.status !== "valid" || !f.tokenChain.path.length) {
    return skipped(
      ID,
      `${TOKEN_JSON_NO_POE} The token certificate's path did not validate at the time the token claims (see token-certificate), so nothing is judged at the validation time.`,
      {
        details,
      },
    );
  }
  const onlyClaimed = claimed ? ` (its iat ${claimed} is only claimed)` : "";
  const path = f.tokenChain.path.length > 1 ? f.tokenChain.path.slice(0, -1) : [f.tokenCert];
  const issuer = f.tokenIssuer ?? f.tokenChain.path[1] ?? null;
  let said: RevocationStatement | null = null;
  const ocspBase64 = f.evidence?.ocspBase64;
  if (ocspBase64) {
    const reading = await readRevocation(
      env.pki,
      { kind: "ocsp", der: new Uint8Array(Buffer.from(ocspBase64, "base64")) },
      f.tokenCert,
      issuer,
      [...f.tokenChain.path, ...env.trust.intermediates],
      env.options.clockSkewSeconds,
    );
    said = reading.statement;
  }
  if (said) details.revocation = { source: said.source, revokedAt: said.revokedAt ? iso(said.revokedAt) : null };
  const revoked = said ? revokedBy([said], T) : null;
  if (revoked) {
    return indeterminate(
      ID,
      "REVOKED_NO_POE",
      `${TOKEN_JSON_NO_POE} ${revoked.text[0]!.toUpperCase()}${revoked.text.slice(1)}, before the validation time ${iso(T)}, and no proof of existence shows the token was made before the revocation${onlyClaimed}. ${TOKEN_JSON_RESTORE}`,
      { at, details },
    );
  }
  const out = path.find((c) => T.getTime() > c.notAfter.value.getTime() || T.getTime() < c.notBefore.value.getTime());
  if (out) {
    const who = out === f.tokenCert || path.indexOf(out) === 0 ? "the token certificate" : `the certificate ${shownSubject(out)} on its path`;
    const state =
      T.getTime() > out.notAfter.value.getTime() ? `has expired (${iso(out.notAfter.value)})` : `is not yet valid (from ${iso(out.notBefore.value)})`;
    return indeterminate(
      ID,
      said ? "OUT_OF_BOUNDS_NOT_REVOKED" : "OUT_OF_BOUNDS_NO_POE",
      `${TOKEN_JSON_NO_POE} At the validation time ${iso(T)} ${who} ${state}, and no proof of existence shows the token was made while it was valid${onlyClaimed}. ${TOKEN_JSON_RESTORE}`,
      { at, details },
    );
  }
  const responder = f.ocspResponder;
  if (responder) {
    const nb = new Date(responder.notBefore);
    const na = new Date(responder.notAfter);
    if (T.getTime() > na.getTime() || T.getTime() < nb.getTime()) {
      const signer = [...(f.ocsp?.certificates ?? []), ...path, ...f.tokenChain.path].find((c) => summarize(c).sha256 === responder.sha256);
      const signerName = signer ? shownSubject(signer) : quoteMarked(responder.subject, (n) => quoteName(n, 64));
      return indeterminate(
        ID,
        "REVOCATION_OUT_OF_BOUNDS_NO_POE",
        `${TOKEN_JSON_NO_POE} At the validation time ${iso(T)} the certificate of the OCSP response's signer (${signerName}) ${T.getTime() > na.getTime() ? `has expired (${iso(na)})` : `is not yet valid (from ${iso(nb)})`}, and no proof of existence shows the response, or the token, existed while it was valid${onlyClaimed}: the revocation data is of the time the token claims, not of now. ${TOKEN_JSON_RESTORE}`,
        { at, details },
      );
    }
  }
  const expired = sealedEvidenceStandings(env.options.cryptoPolicy, f, T).filter((a) => a.standing === "expired");
  if (expired.length) {
    return indeterminate(
      ID,
      "CRYPTO_CONSTRAINTS_FAILURE_NO_POE",
      `${TOKEN_JSON_NO_POE} At the validation time ${iso(T)} ${expired.map((a) => a.what).join(", ")} ${expired.length > 1 ? "are" : "is"} not acceptable (${env.options.cryptoPolicy.name}), and no proof of existence shows the token was made while ${expired.length > 1 ? "they were" : "it was"}${onlyClaimed}. ${TOKEN_JSON_RESTORE}`,
      { at, details },
    );
  }
  if (!said) {
    return skipped(
      ID,
      `${TOKEN_JSON_NO_POE} No authentic OCSP response speaks for the token certificate (see the OCSP checks), so nothing is judged at the validation time.`,
      {
        details,
      },
    );
  }
  return warning(
    ID,
    `${TOKEN_JSON_NO_POE} Judged at the validation time ${iso(T)}, as EU DSS judges a signature without one: the token certificate and its path are valid then, so is the OCSP response's signer, and the ${said.source} says it is not revoked; that response is of the time the token claims${onlyClaimed}, so a revocation since then would not show. A sealed PAdES of the workflow proves its time.`,
    { at, details },
  );
}
