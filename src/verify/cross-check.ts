// Check "token-cross-check" (`verify archive.pdf --token workflowtoken.json`): the PAdES copy and the
// Workflow-token endpoint copy of one workflow's token must be the same workflow — every claim equal,
// the same documents, signatures and signers — except the user claims that the PAdES claim filter leaves
// out (evidence.md §3: Restricted drops CPR, IP address and age claims, IncludeAgeClaims drops CPR and IP
// address, All drops nothing). The --token copy is verified like any evidence (its own signature, chain,
// OCSP); a copy whose signature fails cannot vouch for anything.
import { SealcheckError, FormatError, errorMessage } from "../errors.js";
import { notEvidence } from "../input/not-evidence.js";
import { DEFAULT_LIMITS, type Limits } from "../limits.js";
import { classifyEvidence, type EvidenceInput } from "../input/evidence-file.js";
import { wholeSource, type EvidenceSource } from "../input/source.js";
import type { EvidenceFormat } from "../report/types.js";
import { decodeCompactJws } from "../input/jws.js";
import { isPlainObject, parseJsonObjectString } from "../input/json.js";
import { inferClaimFilter, personalDataKind, type PersonalDataKind } from "../evidence/personal-data.js";
import { numberedClaimName, type NumberedClaimKind } from "../evidence/workflow-token.js";
import { failed, passed, result, skipped } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ArchiveReport } from "../report/archive-report.js";
import { jwsLimits, readTokenValues } from "../evidence/token-values.js";
import { quoteName, quoteValue } from "../report/quoted-name.js";

export const CROSS_CHECK_ID = "token-cross-check";

type Filter = "All" | "IncludeAgeClaims" | "Restricted";

/** One decoded copy of the token: where it came from and its header and payload (not verified here). */
export interface TokenCopy {
  file: string;
  format: EvidenceFormat;
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** The compact JWS as the copy holds it. */
  token?: string;
}

/** User-claim kinds each filter leaves out of the PAdES copy. */
const DROPPED_BY: Record<Filter, PersonalDataKind[]> = {
  Restricted: ["national-id", "ip-address", "age"],
  IncludeAgeClaims: ["national-id", "ip-address"],
  All: [],
};

const isPades = (f: EvidenceFormat) => f === "pades-pdf" || f === "pades-json";

/** Reads the token of any form of the evidence, undecoded-signature. Throws FormatError when there is none. */
export function readTokenCopy(file: string, bytes: EvidenceSource, limits: Limits): TokenCopy {
  return tokenCopyOf(classifyEvidence(file, bytes, limits), limits);
}

/** The token of classified evidence, undecoded-signature. Throws FormatError when there is none. */
function tokenCopyOf(input: EvidenceInput, limits: Limits): TokenCopy {
  const file = input.file;
  const values = readTokenValues(input, limits);
  if (values.token === undefined) throw new FormatError(`${file} holds no Workflow token (looked in ${values.source})`);
  const jws = decodeCompactJws(values.token, jwsLimits(limits), `the Workflow token in ${file}`);
  return { file, format: input.format, header: jws.header, payload: jws.payload, token: values.token };
}

/** A claim's value from the token in words (quoteValue: a string quoted and cut, a list or object named). */
const short = (v: unknown): string => quoteValue(v, 60);

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

interface Comparison {
  differences: string[];
  filter: Filter | null;
  omitted: string[];
}

function isNumbered(name: string, kind: NumberedClaimKind): boolean {
  const c = numberedClaimName(name);
  return c?.kind === kind && c.index !== null;
}

/**
 * Compares two copies. `filtered` is the PAdES copy when exactly one copy is a PAdES; its user claims may
 * lack what its filter drops. Claim values that are personal data are never quoted in the differences.
 */
export function compareTokenCopies(a: TokenCopy, b: TokenCopy, limits: Pick<Limits, "maxJsonBytes" | "maxJsonDepth"> = DEFAULT_LIMITS): Comparison {
  const differences: string[] = [];
  const filtered = isPades(a.format) !== isPades(b.format) ? (isPades(a.format) ? a : b) : null;
  const full = filtered === a ? b : filtered === b ? a : null;
  if (a.header.kid !== b.header.kid) differences.push(`the tokens were signed with different keys (kid ${short(a.header.kid)} / ${short(b.header.kid)})`);

  // The numbered claims are JSON in strings: parsed within --limit, as verify parses them.
  const jsonLimits = { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth };
  const keys = [...new Set([...Object.keys(a.payload), ...Object.keys(b.payload)])];
  const sigKeys = keys.filter((k) => isNumbered(k, "signature"));
  for (const k of keys.filter((k) => !sigKeys.includes(k))) {
    const va = a.payload[k];
    const vb = b.payload[k];
    if (sameJson(va, vb)) continue;
    if (va === undefined || vb === undefined) differences.push(`claim ${quoteName(k)} is only in ${va === undefined ? b.file : a.file}`);
    else differences.push(`claim ${quoteName(k)} differs (${short(va)} / ${short(vb)})`);
  }

  const filterClaimNames: string[] = [];
  const parse = (copy: TokenCopy, k: string): Record<string, unknown> | null => {
    try {
      return parseJsonObjectString(copy.payload[k], jsonLimits, `claim ${quoteName(k)} in ${copy.file}`);
    } catch {
      return null;
    }
  };
  const filterSource = filtered ? sigKeys.flatMap((k) => Object.keys((parse(filtered, k)?.UserClaims as Record<string, unknown> | undefined) ?? {})) : [];
  const filter: Filter | null = filtered ? inferClaimFilter(filterSource) : null;
  const omitted = new Set<string>();
  for (const k of sigKeys) {
    if (a.payload[k] === undefined || b.payload[k] === undefined) {
      differences.push(`signature claim ${quoteName(k)} is only in ${a.payload[k] === undefined ? b.file : a.file}`);
      continue;
    }
    const sa = parse(a, k);
    const sb = parse(b, k);
    if (!sa || !sb) {
      if (!sameJson(a.payload[k], b.payload[k])) differences.push(`claim ${quoteName(k)} is not readable JSON in both copies`);
      continue;
    }
    for (const field of new Set([...Object.keys(sa), ...Object.keys(sb)])) {
      if (field === "UserClaims") continue;
      if (!sameJson(sa[field], sb[field])) differences.push(`${quoteName(k)} ${quoteName(field)} differs (${short(sa[field])} / ${short(sb[field])})`);
    }
    const ua = isPlainObject(sa.UserClaims) ? sa.UserClaims : {};
    const ub = isPlainObject(sb.UserClaims) ? sb.UserClaims : {};
    for (const name of new Set([...Object.keys(ua), ...Object.keys(ub)])) {
      const inA = name in ua;
      const inB = name in ub;
      const kind = personalDataKind(name);
      if (inA && inB) {
        if (!sameJson(ua[name], ub[name]))
          differences.push(
            `${quoteName(k)} user claim ${quoteName(name)} differs${kind ? " (personal data: values not shown)" : ` (${short(ua[name])} / ${short(ub[name])})`}`,
          );
        continue;
      }
      const holder = inA ? a : b;
      const allowed = filtered !== null && filter !== null && holder === full && kind !== null && DROPPED_BY[filter].includes(kind);
      if (allowed) {
        omitted.add(name);
        filterClaimNames.push(name);
      } else {
        const why =
          filtered === null
            ? "both copies are of the same kind, so no claim filter applies"
            : holder === filtered
              ? "the PAdES copy cannot hold a claim the endpoint copy lacks"
              : `the claim filter ${filter} does not remove it`;
        differences.push(`${quoteName(k)} user claim ${quoteName(name)} is only in ${holder.file} (${why})`);
      }
    }
  }
  return { differences, filter, omitted: [...omitted].sort() };
}

/**
 * The cross-check as a CheckResult. `tokenReport` is the --token file verified on its own (its
 * token-signature and token-certificate results are taken into account); omit it to compare contents only.
 */
export function crossCheckToken(primary: TokenCopy, other: TokenCopy, tokenReport?: ArchiveReport, limits: Limits = DEFAULT_LIMITS): CheckResult {
  const { differences, filter, omitted } = compareTokenCopies(primary, other, limits);
  const details: Record<string, unknown> = {
    tokenFile: other.file,
    tokenFormat: other.format,
    claimFilter: filter,
    omittedByFilter: omitted,
    differences,
  };
  if (differences.length) {
    const shown = differences.slice(0, 3).join("; ");
    const more = differences.length > 3 ? `; and ${differences.length - 3} more (see details)` : "";
    return failed(CROSS_CHECK_ID, "HASH_FAILURE", `${other.file} is not the token of this archive's workflow: ${shown}${more}.`, { details });
  }
  const sig = tokenReport?.checks.find((c) => c.id === "token-signature");
  const cert = tokenReport?.checks.find((c) => c.id === "token-certificate");
  if (tokenReport) details.tokenVerdict = { indication: tokenReport.indication, subIndication: tokenReport.subIndication, decidedBy: tokenReport.decidedBy };
  for (const c of [sig, cert]) {
    if (c && (c.status === "failed" || c.status === "indeterminate")) {
      return result(CROSS_CHECK_ID, c.status, `${other.file} has the same content, but its own ${c.id} check did not pass: ${c.message}`, {
        sub: c.subIndication ?? (c.status === "failed" ? "SIG_CRYPTO_FAILURE" : "GENERIC"),
        details,
      });
    }
  }
  const docs = Object.keys(primary.payload).filter((k) => isNumbered(k, "document")).length;
  const sigs = Object.keys(primary.payload).filter((k) => isNumbered(k, "signature")).length;
  const byFilter =
    filter === null
      ? "their user claims are identical"
      : omitted.length
        ? `the user claims differ only by what the claim filter ${filter} leaves out of the PAdES copy (${omitted.join(", ")})`
        : `the user claims are identical (claim filter ${filter})`;
  return passed(
    CROSS_CHECK_ID,
    `${other.file} is the same workflow: every claim, ${docs} document(s) and ${sigs} signature(s) with their signers agree, and ${byFilter}.`,
    { details },
  );
}

/**
 * The cross-check stage of a `verify --token` run (src/verify/archive.ts runs it last, with the run's session):
 * the evidence's own token (read from the evidence as the run classified it; unreadable: the check is skipped),
 * the --token copy (unreadable: FORMAT_FAILURE), that copy verified on its own with the same session
 * (`verifyToken`), then the comparison.
 */
export async function tokenCrossCheckStage(a: {
  /** The evidence as the run classified it, or its source when it could not be classified. */
  evidence: EvidenceInput | { file: string; source: EvidenceSource };
  tokenFile: string;
  tokenBytes: Uint8Array;
  /** SHA-256 (hex) of the evidence file's bytes: --token given the same bytes compares nothing. */
  evidenceSha256?: string;
  limits: Limits;
  verifyToken: () => Promise<ArchiveReport>;
}): Promise<CheckResult> {
  const { tokenFile, tokenBytes, limits } = a;
  const primaryName = a.evidence.file;
  let primary: TokenCopy;
  try {
    primary = "source" in a.evidence ? readTokenCopy(primaryName, a.evidence.source, limits) : tokenCopyOf(a.evidence, limits);
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    return skipped(CROSS_CHECK_ID, `The token of ${primaryName} cannot be read, so it was not compared with ${tokenFile}: ${errorMessage(e)}.`, {
      details: { tokenFile },
    });
  }
  const tokenSource = wholeSource(tokenBytes);
  if (a.evidenceSha256 !== undefined && tokenSource.sha256().toLowerCase() === a.evidenceSha256.toLowerCase())
    throw new SealcheckError(
      "ERR_USAGE",
      `${tokenFile}: the evidence file itself (the same bytes as ${primaryName}), so there is nothing to cross-check; give crossCheckToken ${otherDelivery(primary)}`,
      { file: tokenFile, option: "crossCheckToken" },
    );
  let other: TokenCopy;
  try {
    other = readTokenCopy(tokenFile, tokenSource, limits);
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    // A file that is no form of the evidence at all (the bare JWT `extract` writes, a certificate, text) is a
    // slip of the hand, not a copy that fails: a usage error naming what it seems to be.
    const wrong = notEvidence(tokenBytes.subarray(0, Math.min(tokenBytes.length, 4 << 20)));
    if (wrong)
      throw new SealcheckError(
        "ERR_USAGE",
        `${tokenFile}: not a copy of the Workflow token's delivery: it seems to be ${wrong.seemsToBe}; crossCheckToken takes the JSON of the Workflow-token endpoint (or of the PAdES endpoint, or the sealed PDF)`,
        { file: tokenFile, option: "crossCheckToken" },
      );
    return failed(CROSS_CHECK_ID, "FORMAT_FAILURE", `The Workflow-token JSON given to cross-check, ${tokenFile}, cannot be read: ${errorMessage(e)}.`, {
      details: { tokenFile },
    });
  }
  refuseAnotherWorkflow(primary, other);
  refuseSameDelivery(primary, other);
  return crossCheckToken(primary, other, await a.verifyToken(), limits);
}

/** The other delivery of the token, which a cross-check of `primary` compares it with. */
const otherDelivery = (primary: TokenCopy) =>
  isPades(primary.format) ? "the JSON of the Workflow-token endpoint" : "the sealed PDF or the JSON of the PAdES endpoint";

/**
 * Two copies of one delivery (the sealed PDF and the PAdES endpoint's JSON it came in, or the same endpoint's
 * JSON twice) hold the same token, byte for byte: comparing them compares nothing, and "every claim agrees"
 * would read as two deliveries compared. A usage error saying which copy to give instead.
 */
function refuseSameDelivery(primary: TokenCopy, other: TokenCopy): void {
  const sameKind = isPades(primary.format) === isPades(other.format);
  if (!sameKind || primary.token === undefined || primary.token !== other.token) return;
  const instead = otherDelivery(primary);
  throw new SealcheckError(
    "ERR_USAGE",
    `${other.file}: the same delivery as ${primary.file} (${isPades(other.format) ? "the PAdES copy" : "the Workflow-token endpoint's copy"} of the token, byte for byte), so there is nothing to cross-check; give crossCheckToken ${instead}`,
    { file: other.file, option: "crossCheckToken" },
  );
}

/**
 * A second copy that names another workflow is a slip (the token of the archive next to it), not a forgery of
 * this one: one usage error saying so, before any difference of keys or claims is listed.
 */
function refuseAnotherWorkflow(primary: TokenCopy, other: TokenCopy): void {
  const a = primary.payload.workflow_id;
  const b = other.payload.workflow_id;
  if (typeof a !== "string" || typeof b !== "string" || a === b) return;
  throw new SealcheckError(
    "ERR_USAGE",
    `${other.file}: another workflow's token (workflow ${short(b)}), not a copy of the token of ${primary.file} (workflow ${short(a)}); give the Workflow-token JSON of workflow ${short(a)}`,
    { file: other.file, option: "crossCheckToken" },
  );
}
