// Finding archives in a directory tree. Two layout conventions (docs/batch.md):
//   1. An evidence file (*.pdf, *.json) with an `originals/` folder beside it: the folder holds the original
//      PDFs of every evidence file in that directory. A *.json that is not evidence by its content (a
//      metadata.json) is skipped and counted (DiscoverOptions.onSkipped).
//   2. A manifest, `sealcheck-manifest.json`, listing evidence files and their originals by path relative to
//      the manifest. A manifest speaks for its whole directory: that directory and its subdirectories are not
//      searched by convention 1.
// Discovery is lazy (a generator, one directory at a time, entries sorted) and never throws for what it
// finds: a problem becomes an ArchiveSpec with `problem` set, reported as that archive's result.
import { lstatSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, extname, isAbsolute, join, resolve, sep } from "node:path";
import { SealcheckError, errorMessage } from "../errors.js";
import { checkPathName, describeFsError, listDirectory, readRegularFile, showName } from "../input/files.js";
import type { ArchiveSpec } from "./types.js";

export const MANIFEST_FILE = "sealcheck-manifest.json";
/** The folder that holds the originals of the evidence files beside it. */
export const ORIGINALS_DIR = "originals";
const EVIDENCE_EXTENSIONS = new Set([".pdf", ".json"]);
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export interface DiscoverOptions {
  /**
   * An evidence file without an `originals/` folder beside it (or a manifest entry without "originals") is
   * verified without comparing documents. Default false: it is reported as a layout problem (exit code 3),
   * because an archive whose originals went missing must not pass unnoticed.
   */
  allowMissingOriginals?: boolean;
  /**
   * Called for each `*.json` file found by the layout convention that is not evidence by its content (valid
   * JSON, at most 1 MiB, without the keys of either endpoint form: a `metadata.json` beside an archive). It is
   * skipped, not verified; a JSON that cannot be read or parsed is still verified (a damaged evidence file is
   * reported, never left out).
   */
  onSkipped?: (file: string, reason: string) => void;
}

/** Top-level keys by which an endpoint JSON is evidence (src/input/evidence-file.ts classifies the same way). */
const EVIDENCE_JSON_KEYS = ["padesDocument", "workflowToken", "publicSigningCertPem", "ocspResponse"];
const NOT_EVIDENCE_MAX_BYTES = 1024 * 1024;

/** Why a `*.json` found by layout is not evidence, or null when it may be (and is verified). */
function notEvidenceJson(file: string): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(readRegularFile(file, NOT_EVIDENCE_MAX_BYTES, { what: "a JSON file" }));
  } catch {
    return null; // too large, unreadable or not UTF-8: verified, and reported as such
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return null;
  }
  if (json !== null && typeof json === "object" && !Array.isArray(json) && EVIDENCE_JSON_KEYS.some((k) => k in json)) return null;
  return `a JSON file that is not evidence (no ${EVIDENCE_JSON_KEYS.slice(0, 2).join(" or ")} key): skipped`;
}

/** The manifest format (docs/batch.md). */
export interface Manifest {
  sealcheckManifest: 1;
  archives: { evidence: string; originals?: string[] }[];
}

function isManifestName(name: string): boolean {
  return name === MANIFEST_FILE || name.endsWith(`.${MANIFEST_FILE}`);
}

/**
 * Archives under `roots` (directories, manifests, or single evidence files), lazily. Throws SealcheckError
 * at once when a root does not exist; everything found below is yielded, problems included.
 */
export function discoverArchives(roots: readonly string[], options: DiscoverOptions = {}): Generator<ArchiveSpec, void, undefined> {
  if (roots.length === 0) throw new SealcheckError("ERR_USAGE", "no directory given to search for archives");
  const kinds = roots.map((root) => {
    checkPathName(root, "directory or file");
    let st;
    try {
      st = statSync(root);
    } catch (e) {
      const { code, reason } = describeFsError(root, e);
      throw new SealcheckError(code, reason === "no such file" ? `${root}: no such directory or file` : `${showName(root)}: ${reason}`, { file: root });
    }
    if (st.isDirectory()) return "dir" as const;
    if (st.isFile()) return "file" as const;
    throw new SealcheckError("ERR_USAGE", `${root}: not a directory or a regular file`, { file: root });
  });
  return walkRoots(roots, kinds, options);
}

function* walkRoots(roots: readonly string[], kinds: ("dir" | "file")[], o: DiscoverOptions): Generator<ArchiveSpec, void, undefined> {
  const seen = new Set<string>();
  for (const [i, root] of roots.entries()) {
    if (kinds[i] === "dir") yield* walkTree(root, o, seen);
    else if (isManifestName(basename(root))) yield* readManifest(root, o);
    else yield byLayout(dirname(root), root, o, hasOriginalsDir(dirname(root)));
  }
}

function hasOriginalsDir(dir: string): boolean {
  try {
    return statSync(join(dir, ORIGINALS_DIR)).isDirectory();
  } catch {
    return false;
  }
}

function byLayout(dir: string, evidence: string, o: DiscoverOptions, originals: boolean): ArchiveSpec {
  if (originals) return { evidence, originals: [join(dir, ORIGINALS_DIR)], source: { kind: "layout" } };
  if (o.allowMissingOriginals) return { evidence, originals: [], source: { kind: "layout" } };
  return {
    evidence,
    originals: [],
    source: { kind: "layout" },
    problem: `${evidence}: no ${ORIGINALS_DIR}/ folder beside it, so its documents cannot be compared (add the folder, list the archive in a ${MANIFEST_FILE}, or pass --allow-missing-originals)`,
  };
}

/**
 * What an entry of a directory being walked is, links followed, and whether it stays inside the root. A link
 * that leads out of the root (a link to "/" would walk the whole file system, /proc included), dangles or
 * loops is not followed: an entry that could be an archive gets a problem result naming it, so that nothing is
 * left out unnoticed; give the target as a root of its own to verify what it holds.
 */
interface Entry {
  name: string;
  path: string;
  kind: "file" | "dir" | "other";
  /** Why a link was not followed (the entry is then kind "other"). */
  refused?: string;
  /** A link out of the root to a directory (that discovery would have walked). */
  outOfRootDir?: boolean;
}

function entryOf(dir: string, name: string, realRoot: string): Entry {
  const path = join(dir, name);
  let lst;
  try {
    lst = lstatSync(path);
  } catch (e) {
    return { name, path, kind: "other", refused: describeFsError(path, e).reason };
  }
  if (!lst.isSymbolicLink()) return { name, path, kind: lst.isFile() ? "file" : lst.isDirectory() ? "dir" : "other" };
  let real: string;
  let st;
  try {
    real = realpathSync(path);
    st = statSync(real);
  } catch (e) {
    return { name, path, kind: "other", refused: describeFsError(path, e).reason };
  }
  if (!within(real, realRoot))
    return { name, path, kind: "other", refused: `a symbolic link out of the directory searched (to ${real}), not followed`, outOfRootDir: st.isDirectory() };
  return { name, path, kind: st.isFile() ? "file" : st.isDirectory() ? "dir" : "other" };
}

function within(real: string, realRoot: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

function* walkTree(root: string, o: DiscoverOptions, seen: Set<string>): Generator<ArchiveSpec, void, undefined> {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch (e) {
    yield { evidence: root, originals: [], problem: `${showName(root)}: ${describeFsError(root, e).reason}` };
    return;
  }
  const stack: string[] = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let real: string;
    try {
      real = realpathSync(dir);
    } catch {
      continue;
    }
    if (seen.has(real)) continue; // symlink loops, or the same tree given twice
    seen.add(real);
    let listed;
    try {
      listed = listDirectory(dir, { hidden: true });
    } catch (e) {
      yield { evidence: dir, originals: [], problem: errorMessage(e) };
      continue;
    }
    const entries: Entry[] = [];
    for (const l of listed) {
      if (l.shown.startsWith(".")) continue;
      if (l.name === null) {
        // Not UTF-8: a lossy name could verify a twin file instead; reported, never read.
        yield {
          evidence: l.path,
          originals: [],
          problem: `${l.path}: the file name is not valid UTF-8, so it is not read (a lossy decode could name another file); rename it to a UTF-8 name`,
        };
        continue;
      }
      entries.push(entryOf(dir, l.name, realRoot));
    }
    const manifests = entries.filter((e) => isManifestName(e.name) && e.kind === "file");
    if (manifests.length) {
      // The manifest speaks for this directory and everything below it.
      for (const m of manifests) yield* readManifest(m.path, o);
      continue;
    }
    const originalsEntry = entries.find((e) => e.name === ORIGINALS_DIR);
    const originals = originalsEntry?.kind === "dir";
    const subdirs: string[] = [];
    for (const e of entries) {
      if (e.refused !== undefined) {
        const looksLikeArchive = e.name === ORIGINALS_DIR || isManifestName(e.name) || EVIDENCE_EXTENSIONS.has(extname(e.name).toLowerCase());
        // Reported when it could be (or hold) an archive: a link to a directory or to an evidence file, an
        // originals folder or a manifest. Other files are not discovery's business.
        if (looksLikeArchive || e.outOfRootDir) yield { evidence: e.path, originals: [], problem: `${e.path}: ${e.refused}` };
        continue;
      }
      if (e.kind === "dir") {
        if (e.name !== ORIGINALS_DIR) subdirs.push(e.path);
      } else if (EVIDENCE_EXTENSIONS.has(extname(e.name).toLowerCase()) && e.kind === "file") {
        const skip = extname(e.name).toLowerCase() === ".json" ? notEvidenceJson(e.path) : null;
        if (skip !== null) o.onSkipped?.(e.path, skip);
        else yield byLayout(dir, e.path, o, originals);
      }
    }
    // Depth first, in name order.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]!);
  }
}

/** The archives a manifest lists. A broken manifest is one problem result; a broken entry, one per entry. */
export function* readManifest(file: string, o: DiscoverOptions = {}): Generator<ArchiveSpec, void, undefined> {
  const source = { kind: "manifest" as const, manifest: file };
  const fail = (message: string): ArchiveSpec => ({ evidence: file, originals: [], source, problem: `${file}: ${message}` });
  let parsed: unknown;
  let text: string;
  try {
    // A regular file, read no further than its size and the limit (a /proc file or a FIFO is a problem result).
    text = new TextDecoder("utf-8", { fatal: true }).decode(readRegularFile(file, MAX_MANIFEST_BYTES, { what: "a manifest" }));
  } catch (e) {
    if (e instanceof SealcheckError && e.code === "ERR_INPUT_TOO_LARGE") yield fail(`larger than ${MAX_MANIFEST_BYTES} bytes; split it into several manifests`);
    else if (e instanceof SealcheckError) yield { evidence: file, originals: [], source, problem: e.message };
    else yield fail(`not a readable JSON manifest (not UTF-8: ${errorMessage(e)})`);
    return;
  }
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    yield fail(`not a readable JSON manifest (${errorMessage(e)})`);
    return;
  }
  const m = parsed as Partial<Manifest> | null;
  if (!m || typeof m !== "object" || m.sealcheckManifest !== 1 || !Array.isArray(m.archives)) {
    yield fail('not a sealcheck manifest: expected {"sealcheckManifest": 1, "archives": [...]}');
    return;
  }
  const base = dirname(file);
  const at = (p: string): string => (isAbsolute(p) ? p : join(base, p));
  for (const [i, entry] of m.archives.entries()) {
    const e = entry as { evidence?: unknown; originals?: unknown } | null;
    if (!e || typeof e !== "object" || typeof e.evidence !== "string" || e.evidence === "") {
      yield fail(`archives[${i}] has no "evidence" path`);
      continue;
    }
    const evidence = at(e.evidence);
    if (e.originals === undefined) {
      yield o.allowMissingOriginals
        ? { evidence, originals: [], source }
        : {
            evidence,
            originals: [],
            source,
            problem: `${evidence}: its entry in ${file} lists no "originals" (use [] to verify it without comparing documents, or pass --allow-missing-originals)`,
          };
      continue;
    }
    if (!Array.isArray(e.originals) || !e.originals.every((x): x is string => typeof x === "string" && x !== "")) {
      yield { evidence, originals: [], source, problem: `${evidence}: "originals" in ${file} (archives[${i}]) is not an array of paths` };
      continue;
    }
    const paths = [evidence, ...e.originals.map(at)];
    const bad = paths.find((p) => {
      try {
        checkPathName(p);
        return false;
      } catch {
        return true;
      }
    });
    if (bad !== undefined) {
      yield {
        evidence,
        originals: [],
        source,
        problem: `${showName(bad)}: a path in ${file} (archives[${i}]) that is not valid UTF-8 text, so it is not read`,
      };
      continue;
    }
    yield { evidence, originals: e.originals.map(at), source };
  }
}

/**
 * The identity of an archive for --resume and the queue: its evidence and originals as absolute paths, in a JSON
 * array. Unambiguous: a path may hold any character but NUL, a line break included, so joining them with one
 * let an archive named `archive.pdf\n<its originals>` take another's identity.
 */
export function archiveKey(a: { evidence: string; originals: readonly string[] }): string {
  return JSON.stringify([resolve(a.evidence), ...a.originals.map((p) => resolve(p))]);
}
