// Check "seal-modifications": what a reader shows must be what the seal certified. The broker's seal is a
// certification with DocMDP P=1: after it only long-term-validation data may follow (a DSS with its
// validation data, document timestamps with their fields and invisible widgets), and what the validation policy's
// sealModifications lets pass with them (an LTV writer's /Info /ModDate, /Producer, /Version, /AcroForm /DA /DR),
// each named in a warning. Every later revision is compared with the one before it over the resolved object graph
// (modifications/analyse.ts); every change is judged in every context the object is used in.
// Revisions are numbered from 1 in messages (as a person counts them) and from 0 in details.
import { errorMessage, FormatError, LimitError } from "../errors.js";
import { coveredRevision, type PdfDocument, type SignatureInfo } from "../input/pdf/index.js";
import { failed, passed, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ChangeAnalysis, ChangesAfter } from "./modifications/analyse.js";
import { type Finding, maxLevel, permittedLevel, rank } from "./modifications/levels.js";
import type { LtvWriterChange } from "../pki/algorithms.js";
import { quoteName } from "../report/quoted-name.js";
import { findingsAbove, permissionWords, saying } from "./modifications/saying.js";
import { textAfterEnd } from "../input/pdf/unlisted.js";

const ID = "seal-modifications";

/** The details every outcome carries: counts by level and the first findings, never an unbounded list. */
function changeDetails(c: ChangesAfter): Record<string, unknown> {
  return {
    level: c.level,
    counts: c.counts,
    findings: c.findings.map((f) => ({ level: f.level, revision: f.revision, text: f.text, change: f.change, ...(f.roles ? { roles: f.roles } : {}) })),
    ...(c.dangling.length ? { dangling: c.dangling } : {}),
    ...(c.unlisted.length ? { unlisted: c.unlisted } : {}),
  };
}

/** Why definitions no section lists fail the seal (a21 F2, X1). */
const unlistedWords = (unlisted: readonly string[]) =>
  `After sealing, the file defines objects its cross-reference sections do not list (${unlisted.slice(0, 3).join("; ")}): a reader that rebuilds its table by scanning the file (poppler, pdf.js and qpdf do on any section they cannot read) takes them, so what it shows is not what was sealed.`;

/** The validation policy's part here: its name, and which LTV writer's changes it lets pass (CryptoPolicy.sealModifications). */
export interface ModificationPolicy {
  readonly name: string;
  readonly allowedWithLtvUpdate: readonly LtvWriterChange[];
}

/** The words for each change the policy let pass, at most this many (then "and N more"). */
const LISTED_ALLOWED = 8;

/**
 * The changes with the policy's allowed writer changes taken out: those, and what is left (level, counts, findings)
 * for the permission to judge. Unchanged when the policy allows none of them.
 */
function withoutAllowed(c: ChangesAfter, policy: ModificationPolicy | undefined): { changes: ChangesAfter; allowed: Finding[] } {
  const allowed = c.writerChanges.filter((f) => policy?.allowedWithLtvUpdate.includes(f.allowance!.change));
  if (!allowed.length) return { changes: c, allowed };
  let level = maxLevel(c.levelBesidesWriterChanges, "ltv");
  for (const f of c.writerChanges) if (!allowed.includes(f)) level = maxLevel(level, f.level);
  const counts = { ...c.counts };
  for (const f of allowed) counts[f.level]--;
  return { changes: { ...c, level, counts, findings: c.findings.filter((f) => !allowed.includes(f)) }, allowed };
}

/** "/Info /Producer changed from … to … (revision 2), allowed by policy "…"", each, never silent. */
function allowedWords(allowed: readonly Finding[], policy: ModificationPolicy): string {
  const each = allowed.slice(0, LISTED_ALLOWED).map((f) => `${f.allowance!.words} (revision ${f.revision + 1})`);
  const more = allowed.length > LISTED_ALLOWED ? `; and ${allowed.length - LISTED_ALLOWED} more` : "";
  return `${each.join("; ")}${more}: allowed by policy ${quoteName(policy.name, 200)} (sealModifications), as EU DSS does not count them; a reader prints them.`;
}

export function checkSealModifications(
  doc: PdfDocument,
  analysis: ChangeAnalysis,
  seal: SignatureInfo,
  docMdpP: number | null,
  policy?: ModificationPolicy,
): CheckResult {
  const last = doc.revisions.length - 1;
  const covered = coveredRevision(doc, seal.byteRange);
  const details: Record<string, unknown> = { revisions: doc.revisions.length, sealedRevision: covered ?? null, docMdpPermission: docMdpP };
  if (covered === undefined) {
    return failed(ID, "FORMAT_FAILURE", "The seal's byte range ends where no revision ends, so what it certified cannot be told from what was added later.", {
      details,
    });
  }
  const rewritten = [seal.revision, ...seal.redefinedIn].filter((i) => i > covered);
  if (rewritten.length) {
    return failed(ID, "HASH_FAILURE", `The seal's signature dictionary was rewritten in revision ${rewritten.map((i) => i + 1).join(", ")} after sealing.`, {
      details,
    });
  }
  const unread = doc.unreadUpdate;
  if (unread) {
    // Readers recover a section they cannot read each its own way (poppler, pdf.js and qpdf rebuild the table by
    // scanning, and then show what the update defines: test/checks/unread-update.test.ts records their readings), so
    // no form of it is known to be no change: a change this reader cannot read is one it cannot allow.
    const first = doc.revisions.length + 1;
    const end = doc.revisions[covered]!.endOffset;
    details.sealedRevisionEnd = end;
    details.unreadUpdate = { revision: first - 1, startOffset: unread.startOffset, bytes: unread.length, reason: unread.reason };
    return failed(
      ID,
      "FORMAT_FAILURE",
      `After sealing, what the file holds from byte ${unread.startOffset} to its end (revision ${first} on, ${unread.length} bytes) cannot be read: ${unread.reason}. A change sealcheck cannot read is a change it cannot allow: readers recover such an update each its own way (poppler, pdf.js and qpdf rebuild the table by scanning the file and show what it defines), so what they show is not what was sealed. What was sealed is revision ${covered + 1}, the file's first ${end} bytes.`,
      { details },
    );
  }
  if (doc.trailingBytes > 0) details.trailingBytes = doc.trailingBytes;
  const tail = textAfterEnd(doc);
  if (tail) {
    details.textAfterEnd = tail;
    return failed(
      ID,
      "FORMAT_FAILURE",
      `After its last %%EOF the file holds ${tail.length} byte(s) that are not white space (from offset ${tail.at}): readers disagree on where such a file ends and which cross-reference section is its last (PDFium takes a 'startxref' only as a whole word, poppler and pdf.js rebuild their table on a comment or a sign after one), so what they show is not decided by what was sealed.`,
      { details },
    );
  }
  if (covered === last) {
    return passed(ID, `Nothing was added after sealing: the seal covers the last of ${doc.revisions.length} revision(s).`, { details });
  }
  let all: ChangesAfter;
  try {
    all = analysis.after(covered);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    const what = e instanceof LimitError ? "are too large to compare" : "cannot be compared";
    // Malformed input is FORMAT_FAILURE (docs/contract.md); the words say where what was sealed ends (a10).
    const end = doc.revisions[covered]!.endOffset;
    details.sealedRevisionEnd = end;
    return failed(
      ID,
      "FORMAT_FAILURE",
      `The revisions after sealing ${what}: ${errorMessage(e)}. What was sealed is revision ${covered + 1}, the file's first ${end} bytes; what readers show of the revisions after it is not judged (each reader recovers a malformed file its own way).`,
      { details },
    );
  }
  const { changes, allowed } = withoutAllowed(all, policy);
  Object.assign(details, changeDetails(changes));
  if (allowed.length) {
    details.allowedByPolicy = {
      policy: policy!.name,
      changes: allowed.map((f) => ({ change: f.allowance!.change, revision: f.revision, says: f.allowance!.words, text: f.text })),
    };
  }
  const later = changes.laterRevisions;
  if (changes.dangling.length) {
    return failed(
      ID,
      "FORMAT_FAILURE",
      `After sealing, the document refers to objects no cross-reference section defines (${changes.dangling.slice(0, 3).join("; ")}): readers such as poppler and qpdf then rebuild the cross-reference table by scanning the file, so what they show is not what was sealed.`,
      { details },
    );
  }
  if (changes.unlisted.length) {
    return failed(ID, "FORMAT_FAILURE", unlistedWords(changes.unlisted), { details });
  }
  const permitted = permittedLevel(docMdpP);
  if (rank(changes.level) > rank(permitted)) {
    const forbidden = findingsAbove(changes, permitted);
    const s = saying(
      forbidden.findings,
      forbidden.total,
      `${later} revision(s) after the seal change what it certified (${permissionWords(docMdpP)}).`,
      "sealing",
    );
    return failed(ID, "HASH_FAILURE", s.message, { details: { ...details, summary: s.summary, objectDetail: s.objectDetail, changes: s.changes } });
  }
  if (rank(changes.level) > rank("ltv")) {
    const beyond = findingsAbove(changes, "ltv");
    const s = saying(
      beyond.findings,
      beyond.total,
      `${later} revision(s) after the seal make changes its DocMDP P=${docMdpP ?? "(none)"} permits, beyond long-term validation data.`,
      "sealing",
    );
    const also = allowed.length ? ` ${allowedWords(allowed, policy!)}` : "";
    return warning(ID, `${s.message}${also}`, { details: { ...details, summary: s.summary, objectDetail: s.objectDetail, changes: s.changes } });
  }
  if (allowed.length) {
    return warning(
      ID,
      `${later} revision(s) after the seal add long-term validation data and change what LTV writers change with it: ${allowedWords(allowed, policy!)}`,
      { details },
    );
  }
  return passed(ID, `${later} revision(s) after the seal add only long-term validation data (DSS, document timestamps, metadata), which DocMDP permits.`, {
    details,
  });
}
