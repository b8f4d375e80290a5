// Every file sealcheck opens, reads, lists or writes goes through here (issue 34). What is read is bounded by
// what it is, not by what a path or a stat said: a file is opened without blocking (O_NONBLOCK: a FIFO with no
// writer would block open forever), judged by fstat of what was opened (a path swapped after a check cannot
// slip through), refused unless it is a regular file, and read no further than both its size and the limit (a
// /proc file whose size is 0 and whose content never ends is an error after one byte too many, never a read to
// EOF). Names are taken only when they decode exactly: a name that is not valid UTF-8 (a Latin-1 "æøå") would be
// decoded with U+FFFD in place of its bytes and could name another file, so it is refused, naming it. Files that
// are written are written to a new temporary file beside the target (O_EXCL|O_NOFOLLOW) and renamed over it:
// a symbolic link planted at either name is never followed, nor a link of another user's among the directories
// above them (resolveWriteTarget). Every error is a SealcheckError of one line naming the file and the problem.
import { randomBytes } from "node:crypto";
import {
  fsyncSync,
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import type { Stats } from "node:fs";
import { basename, dirname, join } from "node:path";
import { SealcheckError, errorMessage, raiseLimit } from "../errors.js";

const NONBLOCK = constants.O_NONBLOCK ?? 0;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** A surrogate half that is not part of a pair: no file name encodes to it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name as it can be shown in one line: what does not decode is shown as \xNN. */
export function showName(name: string | Buffer): string {
  if (typeof name === "string") return name.replace(LONE_SURROGATE, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  let out = "";
  let i = 0;
  while (i < name.length) {
    // The longest valid UTF-8 sequence from i, else one byte as \xNN.
    let taken = false;
    for (let len = 4; len >= 1 && !taken; len--) {
      if (i + len > name.length) continue;
      const part = name.subarray(i, i + len);
      const text = decodeExactly(part);
      if (text !== null && [...text].length === 1) {
        out += text;
        i += len;
        taken = true;
      }
    }
    if (!taken) ((out += `\\x${name[i]!.toString(16).padStart(2, "0")}`), i++);
  }
  return out;
}

const FATAL = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The name's text when its bytes are valid UTF-8 (and so encode back to the same bytes), else null. */
function decodeExactly(bytes: Uint8Array): string | null {
  try {
    return FATAL.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Refuses a path given as text that may not name the file its bytes named: a lone surrogate (a JavaScript
 * string that no file name encodes to) or U+FFFD, which is what Node makes of bytes in a command-line argument
 * that are not UTF-8 (a Latin-1 "archive-æøå.pdf" arrives as "archive-???.pdf" and would open a twin file of
 * that name). A file truly named with U+FFFD is refused too: it cannot be told from a lossy decode.
 */
export function checkPathName(path: string, what = "file"): void {
  if (typeof path !== "string") return;
  if (new RegExp(LONE_SURROGATE.source).test(path) || path.includes("\ufffd")) {
    throw new SealcheckError(
      "ERR_USAGE",
      `${showName(path).replace(/\ufffd/g, "\\ufffd")}: the ${what} name is not valid UTF-8 (as decoded, it could name another file); rename it to a UTF-8 name`,
      { file: path },
    );
  }
}

/** The one-line reason an open/stat of `file` failed, telling dangling links and link loops apart. */
export function describeFsError(file: string, e: unknown): { code: "ERR_FILE_NOT_FOUND" | "ERR_FILE_UNREADABLE"; reason: string } {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === "ENOENT") {
    let link = false;
    try {
      link = lstatSync(file).isSymbolicLink();
    } catch {
      // not there at all
    }
    return link
      ? { code: "ERR_FILE_NOT_FOUND", reason: "a symbolic link to a file that does not exist (a dangling link)" }
      : { code: "ERR_FILE_NOT_FOUND", reason: "no such file" };
  }
  if (code === "ELOOP") return { code: "ERR_FILE_UNREADABLE", reason: "a loop of symbolic links (or too many links in a row)" };
  if (code === "EACCES" || code === "EPERM") return { code: "ERR_FILE_UNREADABLE", reason: "permission denied" };
  if (code === "ENOTDIR") return { code: "ERR_FILE_NOT_FOUND", reason: "a part of the path is not a directory" };
  if (code === "ENAMETOOLONG") return { code: "ERR_FILE_UNREADABLE", reason: "the name is too long" };
  return { code: "ERR_FILE_UNREADABLE", reason: `cannot open (${code ?? errorMessage(e)})` };
}

function fsError(file: string, e: unknown, what: string): SealcheckError {
  if (e instanceof SealcheckError) return e;
  const { code, reason } = describeFsError(file, e);
  return new SealcheckError(code, `${showName(file)}: ${reason}${what ? ` (${what})` : ""}`, { file, cause: e });
}

/** What a non-regular file is, for messages. */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

export interface OpenedFile {
  fd: number;
  /** The size fstat gave for what was opened. */
  size: number;
}

export interface ReadOptions {
  /** What the file is, for messages ("the evidence file", "a trust anchor", ...). */
  what?: string;
  /** The limit's name in Limits, named in the too-large message so that the user knows what to raise. */
  limit?: string;
  /**
   * A real directory what is opened must be inside (its real path, read from the opened fd): a file found by
   * discovery under a root stays in it when it is read, not only when discovery looked (attack34b B11).
   */
  within?: string;
}

/** Whether the real path `real` is `root` or below it. */
function isWithin(real: string, root: string): boolean {
  return real === root || real.startsWith(root.endsWith("/") ? root : `${root}/`);
}

/** The real path of what `fd` is open on (/proc/self/fd; where /proc is missing, the real path of `file`). */
function openedRealPath(fd: number, file: string): string {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return realpathSync(file);
  }
}

function tooLarge(file: string, size: number | string, maxBytes: number, o: ReadOptions): SealcheckError {
  const raise = o.limit ? ` (${raiseLimit(o.limit)})` : "";
  return new SealcheckError(
    "ERR_INPUT_TOO_LARGE",
    `${showName(file)}: ${typeof size === "number" ? `${size} bytes` : size} is more than the limit of ${maxBytes}${o.what ? ` for ${o.what}` : ""}${raise}`,
    { file, ...(o.limit ? { option: `limits.${o.limit}` } : {}) },
  );
}

/**
 * Opens `file` for reading if it is a regular file of at most `maxBytes` (the caller closes the fd). Opened
 * without blocking, judged by fstat of what was opened: a directory, FIFO, socket or device is refused before
 * any read. Symbolic links are followed (an archive folder may link its files); a dangling link or a loop is an
 * error naming the file.
 */
export function openRegular(file: string, maxBytes: number, o: ReadOptions = {}): OpenedFile {
  checkPathName(file);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NONBLOCK);
  } catch (e) {
    throw fsError(file, e, o.what ?? "");
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) {
      throw new SealcheckError(
        st.isDirectory() ? "ERR_USAGE" : "ERR_FILE_UNREADABLE",
        `${showName(file)}: ${kindOf(st)}, not a regular file${o.what ? ` (${o.what})` : ""}, so it is not read`,
        { file },
      );
    }
    if (st.size > maxBytes) throw tooLarge(file, st.size, maxBytes, o);
    if (o.within !== undefined) {
      const real = openedRealPath(fd, file);
      if (!isWithin(real, o.within))
        throw new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: leads out of the directory searched (to ${showName(real)}), not read`, { file });
    }
    return { fd, size: st.size };
  } catch (e) {
    closeSync(fd);
    throw fsError(file, e, o.what ?? "");
  }
}

/**
 * The error for a file that does not end where its fstat size says: it holds more (a /proc or /sys file whose
 * size is 0, a file being written), or a read past that size fails (`detail`, /proc/self/pagemap's EINVAL).
 */
function moreThanItsSize(file: string, size: number, detail?: string): SealcheckError {
  return new SealcheckError(
    "ERR_FILE_UNREADABLE",
    `${showName(file)}: does not end at the ${size} bytes its size says${detail ? ` (${detail})` : ""}: a special file such as one under /proc, or a file being written, so it is not read further`,
    { file },
  );
}

/** Reads one byte at `size` to see the end: 0 bytes there is the end; anything else is moreThanItsSize. */
export function checkEndAt(file: string, fd: number, size: number): void {
  let n: number;
  try {
    n = readSync(fd, Buffer.alloc(1), 0, 1, size);
  } catch (e) {
    throw moreThanItsSize(file, size, `a read there fails: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
  }
  if (n !== 0) throw moreThanItsSize(file, size);
}

/**
 * Reads what openRegular opened, whole, and closes it: exactly the size fstat gave, then one byte more to see
 * the end. More than that is an error, never a read to EOF.
 */
export function readOpenedWhole(file: string, opened: OpenedFile): Buffer {
  const { fd, size } = opened;
  try {
    const buf = Buffer.allocUnsafe(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n === 0) break;
      off += n;
    }
    if (off === size) checkEndAt(file, fd, size);
    return buf.subarray(0, off);
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: cannot read (${(e as NodeJS.ErrnoException).code ?? errorMessage(e)})`, {
      file,
      cause: e,
    });
  } finally {
    closeSync(fd);
  }
}

/** A whole regular file of at most `maxBytes` (see openRegular and readOpenedWhole). */
export function readRegularFile(file: string, maxBytes: number, o: ReadOptions = {}): Buffer {
  return readOpenedWhole(file, openRegular(file, maxBytes, o));
}

export type EntryKind = "file" | "dir" | "other";

/** A directory entry, its name decoded exactly, or shown escaped when it does not decode (`name` null). */
export interface DirectoryEntry {
  /** The decoded name; null when its bytes are not UTF-8. */
  name: string | null;
  /** The name for messages (its undecodable bytes as \xNN). */
  shown: string;
  /** join(dir, name), or join(dir, shown) for a name that does not decode (only for messages). */
  path: string;
}

/**
 * The entries of `dir`, read as bytes (readdir's strings replace bytes that are not UTF-8 with U+FFFD, which
 * could name another entry), sorted by name. Hidden entries (a leading ".") are left out when asked.
 */
export function listDirectory(dir: string, o: { hidden?: boolean; what?: string } = {}): DirectoryEntry[] {
  checkPathName(dir, "directory");
  let raw: Buffer[];
  try {
    raw = readdirSync(dir, { encoding: "buffer" });
  } catch (e) {
    const { code, reason } = describeFsError(dir, e);
    throw new SealcheckError(code, `${showName(dir)}: cannot list the directory (${reason})`, { file: dir, cause: e });
  }
  const out: DirectoryEntry[] = [];
  for (const b of raw) {
    if (!o.hidden && b[0] === 0x2e) continue;
    const name = decodeExactly(b);
    const shown = name ?? showName(b);
    out.push({ name, shown, path: join(dir, shown) });
  }
  return out.sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));
}

/** The error for a directory entry whose name does not decode. */
export function undecodableName(entry: DirectoryEntry): SealcheckError {
  return new SealcheckError(
    "ERR_USAGE",
    `${entry.path}: the file name is not valid UTF-8, so it is not read (a lossy decode could name another file); rename it to a UTF-8 name`,
    { file: entry.path },
  );
}

/**
 * What `path` is, following links: a regular file, a directory, or something else (FIFO, socket, device).
 * A dangling link or a loop is an error naming it.
 */
export function kindAt(path: string): { kind: EntryKind; st: Stats } {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw fsError(path, e, "");
  }
  return { kind: st.isFile() ? "file" : st.isDirectory() ? "dir" : "other", st };
}

/** Links followed in a row before a path is a loop (the kernel's own limit, MAXSYMLINKS). */
const MAX_LINK_HOPS = 40;

/**
 * Where a file that is about to be written really goes, with every symbolic link among its parent directories
 * judged as Linux's fs.protected_symlinks judges links in /tmp, but everywhere: a link is followed only when it
 * is owned by the caller (its own shortcut, a home reached through its own link) or by root (the system's
 * layout: /var/run, /tmp on some systems). A link owned by anyone else was put there by someone else: followed,
 * it would carry the write into a directory of the caller's that the path does not name (`<shared>/drop ->
 * the victim's folder`, and --force replaces the victim's files), so it is one error naming that link. Links are
 * resolved here component by component (a link inside a link's target is judged too, ".." after a link goes to
 * the parent of its target as the kernel does); what is returned is the file's name in the real directory, for
 * the caller to open and rename in, so the kernel does not resolve the links a second time. A component that
 * does not exist ends the walk (what is below it is created by the caller, so holds no link). No name is
 * changed where no link is met. Where the caller's user id is unknown (not POSIX): the path as given.
 */
export function resolveWriteTarget(file: string, what: string): string {
  const uid = process.geteuid?.();
  if (uid === undefined) return file;
  const parts = file.split("/");
  const last = parts.pop()!;
  let cur = file.startsWith("/") ? "/" : process.cwd();
  const pending = parts.reverse(); // a stack: the next component on top
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.pop()!;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      cur = dirname(cur);
      continue;
    }
    const next = join(cur, part);
    let st: Stats;
    try {
      st = lstatSync(next);
    } catch {
      return join(next, ...pending.reverse(), last); // missing (created by the caller) or unreadable (its open says why)
    }
    if (!st.isSymbolicLink()) {
      cur = next;
      continue;
    }
    if (st.uid !== uid && st.uid !== 0)
      throw new SealcheckError(
        "ERR_FILE_UNREADABLE",
        `${showName(file)}: cannot write ${what} (${showName(next)} is a symbolic link owned by another user (uid ${st.uid}), in the path above it: it is not followed; give the real directory, or a path without that link)`,
        { file },
      );
    if (++hops > MAX_LINK_HOPS) throw fsError(file, Object.assign(new Error("ELOOP"), { code: "ELOOP" }), "");
    let target: string;
    try {
      target = readlinkSync(next);
    } catch (e) {
      throw fsError(next, e, "");
    }
    if (target.startsWith("/")) cur = "/";
    pending.push(...target.split("/").reverse());
  }
  return join(cur, last);
}

/**
 * After an open of `real` (resolveWriteTarget's answer): whether what was opened is in the directory that was
 * judged. A directory of the path swapped for a link between the judgement and the open would have carried the
 * open elsewhere; then nothing is written and the file is refused. Where /proc is not mounted: not known, true.
 */
function openedWhereJudged(fd: number, real: string): boolean {
  let opened: string;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return true;
  }
  return dirname(opened) === dirname(real); // `real` holds no link: resolveWriteTarget followed them itself
}

/** A file that is there when `overwrite: false` (the error's option is "overwrite"; the CLI's is --force). */
const EXISTS = "it already exists; the overwrite option replaces it";
const SWAPPED = "a directory in its path was replaced while it was opened: nothing is written through it";

/**
 * Writes `content` to `file` whole: into a new file beside it (created with O_EXCL|O_NOFOLLOW under a random
 * name, so no link planted there is followed), then renamed over it (a rename replaces a link at `file`
 * itself, never what it points to). A target that exists and is not a regular file (a symbolic link, a FIFO,
 * a directory, a device) is refused: someone put it there. With `overwrite` false an existing target is an
 * error, decided atomically (a hard link of the new file to the target's name fails if that name exists).
 */
export function writeFileSafely(
  file: string,
  content: string | Uint8Array,
  /** `check`: called with the new file's name once it is written and synced, before it replaces `file`; a throw leaves `file` as it was. */
  o: { what?: string; overwrite?: boolean; mode?: number; check?: (tmp: string) => void } = {},
): void {
  checkPathName(file);
  const what = o.what ?? "the file";
  const fail = (reason: string, e?: unknown, option?: string) =>
    new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: cannot write ${what} (${reason})`, {
      file,
      ...(e !== undefined ? { cause: e } : {}),
      ...(option !== undefined ? { option } : {}),
    });
  const target = resolveWriteTarget(file, what);
  let existing: Stats | undefined;
  try {
    existing = lstatSync(target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw fail(describeFsError(file, e).reason, e);
  }
  if (existing && !existing.isFile()) throw fail(`it is ${kindOf(existing)}, not a regular file: it is not written over or through`);
  if (existing && o.overwrite === false) throw fail(EXISTS, undefined, "overwrite");
  const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, o.mode ?? 0o666);
  } catch (e) {
    throw fail(describeFsError(tmp, e).reason, e);
  }
  try {
    if (!openedWhereJudged(fd, tmp)) {
      closeSync(fd);
      throw fail(SWAPPED);
    }
    try {
      const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
      let off = 0;
      while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
      if (o.check) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    o.check?.(tmp);
    if (o.overwrite === false) {
      linkSync(tmp, target);
      unlinkSync(tmp);
    } else renameSync(tmp, target);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // already renamed or gone
    }
    if (e instanceof SealcheckError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw fail(EXISTS, e, "overwrite");
    throw fail(describeFsError(file, e).reason ?? errorMessage(e), e);
  }
}

/**
 * Opens `file` to append to it (or, `truncate`, to write it anew) when it is written line by line and cannot be
 * renamed into place: not through a symbolic link at its name (O_NOFOLLOW), not blocking on a FIFO
 * (O_NONBLOCK), and only a regular file (fstat of what was opened). Returns the fd; the caller closes it.
 */
export function openForAppending(file: string, truncate: boolean, what = "the output file"): number {
  checkPathName(file);
  const flags = constants.O_RDWR | constants.O_CREAT | NOFOLLOW | NONBLOCK | (truncate ? constants.O_TRUNC : constants.O_APPEND);
  const target = resolveWriteTarget(file, what);
  let fd: number;
  try {
    // O_TRUNC is applied only after fstat said it is a regular file (a device must not be truncated either).
    fd = openSync(target, flags & ~(truncate ? constants.O_TRUNC : 0), 0o666);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const reason =
      code === "ELOOP"
        ? "it is a symbolic link: it is not written through"
        : code === "ENXIO"
          ? "it is a FIFO: it is not written into"
          : describeFsError(file, e).reason;
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: cannot open ${what} for writing (${reason})`, { file, cause: e });
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: cannot open ${what} for writing (it is ${kindOf(st)}, not a regular file)`, { file });
  }
  if (!openedWhereJudged(fd, target)) {
    closeSync(fd);
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${showName(file)}: cannot open ${what} for writing (${SWAPPED})`, { file });
  }
  if (truncate) ftruncateSync(fd, 0);
  return fd;
}
