// Finding archives in a directory tree. Two layout conventions (docs/batch.md):
//   1. An evidence file (*.pdf, *.json) with an `originals/` folder beside it: the folder holds the original
//      PDFs of every evidence file in that directory.
//   2. A manifest, `sealcheck-manifest.json`, listing evidence files and their originals by path relative to
//      the manifest. A manifest speaks for its whole directory: that directory and its subdirectories are not
//      searched by convention 1.
// Discovery is lazy (a generator, one directory at a time, entries sorted) and never throws for what it
// finds: a problem becomes an ArchiveSpec with `problem` set, reported as that archive's result.
import { readFileSync, readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { basename, dirname, extname, isAbsolute, join, resolve } from "node:path";
import { SealcheckError, errorMessage } from "../errors.js";
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
    let st;
    try {
      st = statSync(root);
    } catch {
      throw new SealcheckError("ERR_FILE_NOT_FOUND", `${root}: no such directory or file`, { file: root });
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

function* walkTree(root: string, o: DiscoverOptions, seen: Set<string>): Generator<ArchiveSpec, void, undefined> {
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
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      yield { evidence: dir, originals: [], problem: `${dir}: cannot list directory (${errorMessage(e)})` };
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const manifest = entries.find((e) => isManifestName(e.name) && isFile(dir, e));
    if (manifest) {
      // The manifest speaks for this directory and everything below it.
      for (const m of entries.filter((e) => isManifestName(e.name) && isFile(dir, e))) yield* readManifest(join(dir, m.name), o);
      continue;
    }
    const originals = entries.some((e) => e.name === ORIGINALS_DIR && isDir(dir, e));
    const subdirs: string[] = [];
    for (const e of entries) {
      if (e.name.startsWith(".")) continue;
      if (isDir(dir, e)) {
        if (e.name !== ORIGINALS_DIR) subdirs.push(join(dir, e.name));
      } else if (EVIDENCE_EXTENSIONS.has(extname(e.name).toLowerCase()) && isFile(dir, e)) {
        yield byLayout(dir, join(dir, e.name), o, originals);
      }
    }
    // Depth first, in name order.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]!);
  }
}

function isDir(dir: string, e: Dirent): boolean {
  if (e.isDirectory()) return true;
  if (!e.isSymbolicLink()) return false;
  try {
    return statSync(join(dir, e.name)).isDirectory();
  } catch {
    return false;
  }
}

function isFile(dir: string, e: Dirent): boolean {
  if (e.isFile()) return true;
  if (!e.isSymbolicLink()) return false;
  try {
    return statSync(join(dir, e.name)).isFile();
  } catch {
    return false;
  }
}

/** The archives a manifest lists. A broken manifest is one problem result; a broken entry, one per entry. */
export function* readManifest(file: string, o: DiscoverOptions = {}): Generator<ArchiveSpec, void, undefined> {
  const source = { kind: "manifest" as const, manifest: file };
  const fail = (message: string): ArchiveSpec => ({ evidence: file, originals: [], source, problem: `${file}: ${message}` });
  let parsed: unknown;
  try {
    if (statSync(file).size > MAX_MANIFEST_BYTES) {
      yield fail(`larger than ${MAX_MANIFEST_BYTES} bytes; split it into several manifests`);
      return;
    }
    parsed = JSON.parse(readFileSync(file, "utf8"));
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
