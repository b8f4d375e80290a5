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
   * Follow manifests found inside the directories searched. Default false: a manifest found there is a
   * no-verdict result saying so, and its directory is searched by convention 1 like any other, because whoever
   * can write the tree could otherwise hide an archive behind a manifest that does not list it, or pair it with
   * other originals. With true, a found manifest speaks for its directory, and every evidence file below it that
   * it does not list (as evidence or among originals) is a no-verdict result: nothing is left out unnoticed.
   * A manifest given as a root is always followed: it is the operator's own list.
   */
  followManifests?: boolean;
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

/** An archive found by a walk with originals: they must stay in the root when read (ArchiveSpec.within). */
function inRoot(spec: ArchiveSpec, realRoot: string | undefined): ArchiveSpec {
  return realRoot !== undefined && spec.originals.length > 0 && !spec.problem ? { ...spec, within: realRoot } : spec;
}

function within(real: string, realRoot: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/**
 * Why a path found by a walk leads out of its root (null when it stays inside): the path itself, links
 * followed, and for a directory (originals) each of its entries. A manifest or an originals folder on shared
 * storage must not make sealcheck read, and report the digest of, a file of the reader's own elsewhere.
 */
function leavesRoot(path: string, realRoot: string): string | null {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return null; // missing, dangling or looping: reported when it is read
  }
  if (!within(real, realRoot)) return `${showName(path)}: leads out of the directory searched (to ${showName(real)}), not read`;
  let st;
  try {
    st = statSync(real);
  } catch {
    return null;
  }
  if (!st.isDirectory()) return null;
  let listed;
  try {
    listed = listDirectory(real, { hidden: true });
  } catch {
    return null; // reported when the originals are read
  }
  for (const l of listed) {
    if (l.name === null) continue;
    const p = join(real, l.name);
    try {
      if (!lstatSync(p).isSymbolicLink()) continue;
      const r = realpathSync(p);
      if (!within(r, realRoot)) return `${showName(join(path, l.name))}: a symbolic link out of the directory searched (to ${showName(r)}), not followed`;
    } catch {
      // dangling or looping: reported when the originals are read
    }
  }
  return null;
}

/** What a followed manifest lists (real paths): below it, everything else that could be evidence is reported. */
interface Covered {
  manifest: string;
  paths: Set<string>;
}

function realOrResolved(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/** A file with an `originals/` folder beside it: an archive by the layout convention, never someone's original. */
function isEvidenceOfItsOwn(real: string): boolean {
  if (!EVIDENCE_EXTENSIONS.has(extname(real).toLowerCase())) return false;
  return basename(dirname(real)) !== ORIGINALS_DIR && hasOriginalsDir(dirname(real));
}

/** A path listed by the manifest, or inside a directory it lists (an originals folder). */
function isCovered(c: Covered, path: string): boolean {
  const real = realOrResolved(path);
  for (let p = real; ; p = dirname(p)) {
    if (c.paths.has(p)) return true;
    if (dirname(p) === p) return false;
  }
}

function* walkTree(root: string, o: DiscoverOptions, seen: Set<string>): Generator<ArchiveSpec, void, undefined> {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch (e) {
    yield { evidence: root, originals: [], problem: `${showName(root)}: ${describeFsError(root, e).reason}` };
    return;
  }
  const stack: { dir: string; covered: Covered | null }[] = [{ dir: root, covered: null }];
  while (stack.length > 0) {
    const { dir, covered: outer } = stack.pop()!;
    let covered = outer;
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
    for (const m of manifests) {
      if (!o.followManifests) {
        yield {
          evidence: m.path,
          originals: [],
          problem: `${m.path}: a manifest found inside the directory searched is not followed (it could leave archives out or pair them with other files); give it as an argument, or pass --follow-manifests; this folder is searched as any other`,
        };
        continue;
      }
      // Found by the walk, not given: its paths must stay inside the root (one given as a root may point anywhere).
      covered ??= { manifest: m.path, paths: new Set() };
      for (const a of readManifest(m.path, o, realRoot)) {
        for (const p of [a.evidence, ...a.originals]) covered.paths.add(realOrResolved(p));
        yield a;
      }
    }
    const originalsEntry = entries.find((e) => e.name === ORIGINALS_DIR);
    const originals = originalsEntry?.kind === "dir";
    const originalsOut = originals ? leavesRoot(originalsEntry!.path, realRoot) : null;
    const subdirs: string[] = [];
    for (const e of entries) {
      if (e.refused !== undefined) {
        const looksLikeArchive = e.name === ORIGINALS_DIR || isManifestName(e.name) || EVIDENCE_EXTENSIONS.has(extname(e.name).toLowerCase());
        // Reported when it could be (or hold) an archive: a link to a directory or to an evidence file, an
        // originals folder or a manifest. Other files are not discovery's business.
        if (looksLikeArchive || e.outOfRootDir) yield { evidence: e.path, originals: [], problem: `${e.path}: ${e.refused}` };
        continue;
      }
      if (isManifestName(e.name) && e.kind === "file") continue; // judged above
      if (covered && isCovered(covered, e.path)) continue;
      if (e.kind === "dir") {
        if (e.name !== ORIGINALS_DIR) subdirs.push(e.path);
      } else if (covered && EVIDENCE_EXTENSIONS.has(extname(e.name).toLowerCase()) && e.kind === "file") {
        const skip = extname(e.name).toLowerCase() === ".json" ? notEvidenceJson(e.path) : null;
        if (skip !== null) {
          o.onSkipped?.(e.path, skip);
          continue;
        }
        yield {
          evidence: e.path,
          originals: [],
          problem: `${e.path}: below ${covered.manifest}, which does not list it (as evidence or among originals): not verified; list it, or move it out`,
        };
      } else if (EVIDENCE_EXTENSIONS.has(extname(e.name).toLowerCase()) && e.kind === "file") {
        const skip = extname(e.name).toLowerCase() === ".json" ? notEvidenceJson(e.path) : null;
        if (skip !== null) o.onSkipped?.(e.path, skip);
        else
          yield originalsOut
            ? { evidence: e.path, originals: [], source: { kind: "layout" }, problem: originalsOut }
            : inRoot(byLayout(dir, e.path, o, originals), realRoot);
      }
    }
    // Depth first, in name order.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push({ dir: subdirs[i]!, covered });
  }
}

/**
 * The archives a manifest lists. A broken manifest is one problem result; a broken entry, one per entry. With
 * `realRoot` (a manifest found by a walk), an entry whose paths lead out of it is a problem result.
 */
export function* readManifest(file: string, o: DiscoverOptions = {}, realRoot?: string): Generator<ArchiveSpec, void, undefined> {
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
    const out = realRoot === undefined ? null : paths.reduce<string | null>((found, p) => found ?? leavesRoot(p, realRoot), null);
    if (out !== null) {
      yield { evidence, originals: [], source, problem: `${out} (listed in ${file}, archives[${i}])` };
      continue;
    }
    // Found by a walk: an entry's originals lie in its evidence file's own folder, so that the manifest cannot
    // pair an archive with another's documents, nor pass another archive off as an original of this one.
    const home = realRoot === undefined ? null : realOrResolved(dirname(evidence));
    const stray =
      home === null
        ? undefined
        : e.originals.map(at).find((p) => {
            const r = realOrResolved(p);
            return r === home || !within(r, home) || isEvidenceOfItsOwn(r);
          });
    if (stray !== undefined) {
      yield {
        evidence,
        originals: [],
        source,
        problem: `${showName(stray)}: an original listed in ${file} (archives[${i}]), a manifest found inside the folder searched, must lie below its evidence file's folder and not be an archive of its own: not verified`,
      };
      continue;
    }
    yield inRoot({ evidence, originals: e.originals.map(at), source }, realRoot);
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
