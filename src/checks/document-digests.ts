// Check "document-digests": each supplied original matched to a document_N by its SHA-256, never by name.
import { basename } from "node:path";
import type { OriginalFile } from "../input/originals.js";
import { failed, indeterminate, passed, skipped, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ArchiveOptions, ClaimsFacts, DigestFacts, Established, With } from "./facts.js";
import { quoteName } from "../report/quoted-name.js";

const ID = "document-digests";

/**
 * A file given, in words: its name quoted and cut (quoteName), the full path in details only. Whoever hands the
 * folder over names the files, and a name holds anything but "/" and NUL (a12 W10).
 */
const fileShown = (path: string) => quoteName(basename(path));
/** The token's documents, in words: each title quoted and cut; the workflow's author wrote it (a12 W10). */
const names = (xs: readonly { title: string; index: number }[]) => xs.map((d) => `document_${d.index} ${quoteName(d.title)}`).join(", ");

/**
 * `originals` null: none were given. `sealedArchives`: files among them found to be sealed archives (left out
 * of `originals` by the caller, named here).
 */
export function checkDocumentDigests(
  options: Pick<ArchiveOptions, "allowExtraOriginals">,
  f: With<ClaimsFacts, "claims">,
  originals: readonly OriginalFile[] | null,
  sealedArchives: readonly string[] = [],
): Established<DigestFacts> {
  const { check, matched } = compare(options, f, originals);
  const facts: DigestFacts = { matchedDocuments: matched, ...(sealedArchives.length ? { sealedArchivesAmongOriginals: sealedArchives } : {}) };
  return { check: withSlips(check, sealedArchives), facts };
}

function withSlips(r: CheckResult, archives: readonly string[]): CheckResult {
  if (!archives.length) return r;
  // A sealed archive given as an original is a slip: named, left out, never read as a changed document.
  const note = `${archives.map(fileShown).join(", ")} ${archives.length === 1 ? "is a sealed archive" : "are sealed archives"} (its seal verifies), not ${archives.length === 1 ? "an original" : "originals"}: left out of the comparison (verify ${archives.length === 1 ? "it" : "them"} on ${archives.length === 1 ? "its" : "their"} own).`;
  const details = { ...(r.details ?? {}), sealedArchivesAmongOriginals: archives };
  return r.status === "passed" ? warning(ID, `${r.message} ${note}`, { details }) : { ...r, message: `${r.message} ${note}`, details };
}

type Matched = { index: number; title: string; sha256Hex: string; files: string[] };

function compare(
  options: Pick<ArchiveOptions, "allowExtraOriginals">,
  f: With<ClaimsFacts, "claims">,
  originals: readonly OriginalFile[] | null,
): { check: CheckResult; matched: Matched[] } {
  const docs = f.claims.documents;
  if (originals === null) {
    const check = skipped(ID, "No originals were given: the documents were not compared with the token's digests (pass the original PDFs to compare them).", {
      details: { compared: false, documents: docs.map((d) => ({ index: d.index, title: d.title, sha256Hex: d.sha256Hex })) },
    });
    return { check, matched: [] };
  }
  return { check: judge(options, docs, originals), matched: matchedDocuments(docs, originals) };
}

function matchedDocuments(docs: NonNullable<ClaimsFacts["claims"]>["documents"], originals: readonly OriginalFile[]): Matched[] {
  const byDigest = new Map<string, OriginalFile[]>();
  for (const o of originals) byDigest.set(o.sha256Hex, [...(byDigest.get(o.sha256Hex) ?? []), o]);
  return docs
    .filter((d) => byDigest.has(d.sha256Hex))
    .map((d) => ({ index: d.index, title: d.title, sha256Hex: d.sha256Hex, files: byDigest.get(d.sha256Hex)!.map((o) => o.path) }));
}

function judge(
  options: Pick<ArchiveOptions, "allowExtraOriginals">,
  docs: NonNullable<ClaimsFacts["claims"]>["documents"],
  originals: readonly OriginalFile[],
): CheckResult {
  const matched = matchedDocuments(docs, originals);
  const given = new Set(originals.map((o) => o.sha256Hex));
  const missing = docs.filter((d) => !given.has(d.sha256Hex)).map((d) => ({ index: d.index, title: d.title, sha256Hex: d.sha256Hex }));
  const wanted = new Set(docs.map((d) => d.sha256Hex));
  const extra = originals.filter((o) => !wanted.has(o.sha256Hex)).map((o) => ({ file: o.path, sha256Hex: o.sha256Hex, size: o.size, isPdf: o.isPdf }));
  const details = { compared: true, matched, missing, extra };
  if (matched.length === 0 && extra.length) {
    // Not one file is any of this workflow's documents: most likely another folder (a slip), possibly every
    // document changed. Either way nothing was compared, so nothing is confirmed: SIGNED_DATA_NOT_FOUND, in
    // words that name the slip first, not HASH_FAILURE.
    const lead = extra.length === 1 ? "The file given does not belong" : `None of the ${extra.length} files given belongs`;
    return indeterminate(
      ID,
      "SIGNED_DATA_NOT_FOUND",
      `${lead} to this workflow (wrong folder?): ${extra
        .slice(0, 5)
        .map((e) => fileShown(e.file))
        .join(
          ", ",
        )}${extra.length > 5 ? ` and ${extra.length - 5} more` : ""} match${extra.length === 1 ? "es" : ""} none of its ${docs.length} document(s) (${names(missing)}) by SHA-256. Give the folder of this workflow's originals; if these are its documents, each was changed after signing.`,
      { details: { ...details, noneMatched: true } },
    );
  }
  if (missing.length && extra.length) {
    return failed(
      ID,
      "HASH_FAILURE",
      `${names(missing)} matched no supplied file, and ${extra.map((e) => fileShown(e.file)).join(", ")} match${extra.length === 1 ? "es" : ""} no document: an original was changed or is the wrong file.`,
      { details },
    );
  }
  if (missing.length) {
    return indeterminate(ID, "SIGNED_DATA_NOT_FOUND", `${matched.length} of ${docs.length} documents matched; no original was given for ${names(missing)}.`, {
      details,
    });
  }
  if (extra.length) {
    // An auditor reads the originals given as "the signed originals": a file among them that no document_N
    // covers was never signed (contract.md), unless the user said the folder is mixed (--allow-extra-originals).
    // A stray that is not even a PDF (notes.txt, Thumbs.db, SHA256SUMS) is named as such.
    const files = extra.map((e) => `${fileShown(e.file)}${e.isPdf ? "" : " (not a PDF)"}`).join(", ");
    if (!options.allowExtraOriginals) {
      return failed(
        ID,
        "HASH_FAILURE",
        `${files} match${extra.length === 1 ? "es" : ""} no document_N of the token: ${extra.length === 1 ? "it was" : "they were"} not signed in this workflow (all ${docs.length} documents matched other files; pass --allow-extra-originals for a folder that knowingly holds other files).`,
        { details: { ...details, allowExtraOriginals: false, allDocumentsMatched: true } },
      );
    }
    return warning(
      ID,
      `All ${docs.length} documents matched an original; ${files} ${extra.length === 1 ? "is" : "are"} not part of this workflow (allowed by --allow-extra-originals).`,
      { details: { ...details, allowExtraOriginals: true } },
    );
  }
  return passed(ID, `All ${docs.length} documents matched an original by SHA-256 (${matched.map((m) => fileShown(m.files[0]!)).join(", ")}).`, { details });
}
