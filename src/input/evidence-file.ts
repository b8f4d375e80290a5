// Reads the evidence file and decides, from its content (never its name), which of the three forms it is.
import { read, closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { SealcheckError, FormatError, LimitError, errorMessage } from "../errors.js";
import type { Limits } from "../limits.js";
import { isPlainObject, parseJson } from "./json.js";
import { SparseSource, fileChanged, hashPass, type OpenedFile } from "./sparse.js";
import { openRegular, readOpenedWhole } from "./files.js";
import { wholeSource, type EvidenceSource } from "./source.js";

export interface WorkflowResultInfo {
  ocspReponseIncluded?: unknown;
  documentCount?: unknown;
  signatureCount?: unknown;
}

/** The Workflow-token endpoint's three fields, as given (validated by the attachments check). */
export interface TokenJsonFields {
  workflowToken: unknown;
  ocspResponse: unknown;
  publicSigningCertPem: unknown;
}

/**
 * The evidence as read, not yet verified: one record per form, so that what a form carries is there by its
 * type (a PAdES form's PDF, the token form's fields), never by a check at run time.
 */
export type EvidenceInput = PadesPdfInput | PadesJsonInput | TokenJsonInput;

/** A sealed PAdES PDF. */
export interface PadesPdfInput {
  file: string;
  format: "pades-pdf";
  /** The PDF: the file's source. */
  pdf: EvidenceSource;
}

/**
 * Every string value of an evidence JSON (padesDocument.padesB64 aside: it is the PDF), with its path: what a person
 * reading the file sees besides the fields sealcheck reads (the trust-anchors check looks for the anchors in them,
 * a12 X1g). Bounded by the JSON limit the file was parsed within.
 */
export type JsonStrings = readonly { readonly path: string; readonly value: string }[];

/** The PAdES endpoint's JSON: the sealed PDF inside it, and its workflowResultInfo. */
export interface PadesJsonInput {
  file: string;
  format: "pades-json";
  /** The PDF decoded from padesDocument.padesB64. */
  pdf: EvidenceSource;
  workflowResultInfo?: WorkflowResultInfo;
  strings?: JsonStrings;
}

/** The Workflow-token endpoint's JSON: the token, its certificate and the OCSP response as fields. */
export interface TokenJsonInput {
  file: string;
  format: "workflow-token-json";
  fields: TokenJsonFields;
  workflowResultInfo?: WorkflowResultInfo;
  strings?: JsonStrings;
}

/** The forms that carry a sealed PDF. */
export type PadesInput = PadesPdfInput | PadesJsonInput;

/**
 * Reads a whole regular file with a size limit. Missing/unreadable files, and anything that is not a regular
 * file (a directory, a FIFO, a socket, a device), are usage errors (exit 3). The file is opened without
 * blocking (a FIFO with no writer would otherwise block forever in open) and judged by fstat of what was
 * opened, so a path swapped between a check and the open cannot slip through.
 */
export function readBounded(file: string, maxBytes: number): Uint8Array {
  const { fd, size } = openBounded(file, maxBytes);
  return readOpened(file, fd, size);
}

/** Reads the file opened by openBounded in one buffer (its size and no byte more), and closes it. */
function readOpened(file: string, fd: number, size: number): Uint8Array {
  const b = readOpenedWhole(file, { fd, size });
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

/** Evidence from this size on is hashed in one pass and then read block by block as it is used (src/input/sparse.ts). */
export const SPARSE_READ_MIN = 16 * 1024 * 1024;
/** At most one chunk of the hashing pass (src/input/sparse.ts: a megabyte, in whole blocks). */
const HASH_CHUNK = 1024 * 1024;

/**
 * How readEvidence reads: files from `min` bytes on sparse, in blocks of `block` bytes. Tests read every
 * evidence file sparse, in small blocks, with the memory of blocks not read yet filled with `poison` (a byte
 * the PDF reader used without reading it would change a report).
 */
export interface SparseReading {
  readonly min: number;
  readonly block: number;
  readonly poison?: number;
}

export const SPARSE_READING: SparseReading = Object.freeze({ min: SPARSE_READ_MIN, block: 64 * 1024 });

/**
 * readBounded for the evidence file. A large one is hashed in one pass through two small buffers (read on
 * libuv's thread pool while this thread hashes the other), keeping the SHA-256 state at each block's start;
 * the result is an array of the file's size whose blocks are read, and checked against those states, only
 * when used (src/input/sparse.ts). The seal's byte-range digest and the file's own digest then cost no second
 * pass (src/input/evidence-digest.ts), and the image data no check reads is never held in memory.
 */
export async function readEvidence(
  file: string,
  maxBytes: number,
  { within, reading = SPARSE_READING }: { within?: string | undefined; reading?: SparseReading } = {},
): Promise<EvidenceSource> {
  const { fd, size } = openBounded(file, maxBytes, within);
  const { min, block, poison } = reading;
  if (size < min || size === 0) return wholeSource(readOpened(file, fd, size));
  try {
    const bufs = [Buffer.allocUnsafe(Math.max(HASH_CHUNK, block)), Buffer.allocUnsafe(Math.max(HASH_CHUNK, block))] as const;
    const readChunk = async (slot: 0 | 1, pos: number, length: number): Promise<Uint8Array> => {
      let n = 0;
      while (n < length) {
        const at = n;
        const got = await new Promise<number>((resolve, reject) => read(fd, bufs[slot], at, length - at, pos + at, (e, r) => (e ? reject(e) : resolve(r))));
        if (got === 0) break;
        n += got;
      }
      return bufs[slot].subarray(0, n);
    };
    const hashed = await hashPass(file, size, block, readChunk);
    return new SparseSource({ ...hashed, open: () => openAgain(file, size) }, size, poison);
  } catch (e) {
    throw unreadable(file, e);
  } finally {
    closeSync(fd);
  }
}

/** The evidence file opened again to read blocks of it (the size hashed, else an error naming it). */
function openAgain(file: string, size: number): OpenedFile {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    if (fstatSync(fd).size !== size) {
      closeSync(fd);
      throw fileChanged(file, "its size changed");
    }
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${file}: cannot read it again (${errorMessage(e)})`, { file, cause: e });
  }
  return {
    read(into, from, to) {
      let off = from;
      while (off < to) {
        const n = readSync(fd, into, off, to - off, off);
        if (n === 0) throw fileChanged(file, "it is shorter");
        off += n;
      }
    },
    close: () => closeSync(fd),
  };
}

function unreadable(file: string, e: unknown): SealcheckError {
  if (e instanceof SealcheckError) return e;
  return new SealcheckError("ERR_FILE_UNREADABLE", `${file}: cannot read (${errorMessage(e)})`, { file, cause: e });
}

/** Opens `file` for reading if it is a regular file of at most `maxBytes` (src/input/files.ts); the caller closes it. */
function openBounded(file: string, maxBytes: number, within?: string): { fd: number; size: number } {
  try {
    // No "what": readBounded also reads tokens, JWKS and lists, whose callers name them.
    return openRegular(file, maxBytes, { limit: "maxEvidenceBytes", ...(within !== undefined ? { within } : {}) });
  } catch (e) {
    // A directory given as the evidence is a slip of the hand (the archive's folder): a usage error.
    if (e instanceof SealcheckError && e.code === "ERR_USAGE" && / a directory, not a regular file/.test(e.message))
      throw new SealcheckError("ERR_USAGE", `${file}: is a directory, not an evidence file`, { file });
    throw e;
  }
}

/** Where the content starts: after a UTF-8 byte order mark and whitespace (JSON's, and PDF's white-space). */
function firstContentByte(bytes: Uint8Array): number {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09 || bytes[i] === 0x0c || bytes[i] === 0x00)) i++;
  return i;
}

const PDF_HEADER = Buffer.from("%PDF-");
const SPARSE_HEAD = 1024;

/**
 * A PDF is what starts, after whitespace, with "%PDF-". Evidence is classified by its first non-whitespace
 * byte, never by searching: a JSON file that holds "%PDF-" in a string is JSON.
 */
/** Every string value of a parsed JSON but the one at `skip`, with its path (`a.b[2].c`), depth first. */
function stringsOf(json: unknown, skip: string): { path: string; value: string }[] {
  const out: { path: string; value: string }[] = [];
  const stack: { v: unknown; path: string }[] = [{ v: json, path: "" }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (path !== skip) out.push({ path, value: v });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]` });
    } else if (isPlainObject(v)) {
      for (const [k, x] of Object.entries(v).reverse()) stack.push({ v: x, path: path ? `${path}.${k}` : k });
    }
  }
  return out;
}

function startsWithPdf(bytes: Uint8Array): boolean {
  const i = firstContentByte(bytes);
  return Buffer.from(bytes.subarray(i, i + PDF_HEADER.length)).equals(PDF_HEADER);
}

/**
 * Classifies evidence bytes. A PDF is returned as is; JSON is parsed (bounded) and must be one of the two
 * endpoint shapes. Anything else is a FormatError: the report will say FORMAT_FAILURE.
 */
export function classifyEvidence(file: string, source: EvidenceSource, limits: Limits): EvidenceInput {
  // Judged by its head; a head of white space only, and JSON, are read whole.
  const head = source.read(0, SPARSE_HEAD);
  if (firstContentByte(head) + PDF_HEADER.length < SPARSE_HEAD && startsWithPdf(head)) return { file, format: "pades-pdf", pdf: source };
  const bytes = source.read(0, source.length);
  if (startsWithPdf(bytes)) return { file, format: "pades-pdf", pdf: source };
  const i = firstContentByte(bytes);
  if (bytes[i] !== 0x7b) {
    throw new FormatError(
      bytes.length === 0 ? "the evidence file is empty" : "the evidence is neither a PDF nor the JSON of the PAdES or Workflow-token endpoint",
    );
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(i));
  const json = parseJson(text, { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth }, "the evidence JSON");
  if (!isPlainObject(json)) throw new FormatError("the evidence JSON is not an object");
  const info = isPlainObject(json.workflowResultInfo) ? (json.workflowResultInfo as WorkflowResultInfo) : undefined;
  if ("padesDocument" in json) {
    const doc = json.padesDocument;
    const b64 = isPlainObject(doc) ? doc.padesB64 : undefined;
    if (typeof b64 !== "string") throw new FormatError('the PAdES endpoint JSON has no string "padesDocument.padesB64"');
    // Line breaks are removed first so that the pattern has no overlapping repetitions (a pattern like
    // [A-Za-z0-9+/\r\n]*={0,2}\s*$ backtracks quadratically on a long run of line breaks).
    const compact = b64.includes("\n") || b64.includes("\r") ? b64.replace(/[\r\n]+/g, "") : b64;
    if (!/^[A-Za-z0-9+/]*={0,2}[ \t]*$/.test(compact)) throw new FormatError('"padesDocument.padesB64" is not base64');
    if (Math.floor((compact.length * 3) / 4) > limits.maxEvidenceBytes + 2) {
      throw new LimitError("maxEvidenceBytes", `the PDF inside padesB64 is larger than the evidence limit of ${limits.maxEvidenceBytes} bytes`);
    }
    const pdf = new Uint8Array(Buffer.from(compact, "base64"));
    if (pdf.length > limits.maxEvidenceBytes)
      throw new LimitError("maxEvidenceBytes", `the PDF inside padesB64 is larger than the evidence limit of ${limits.maxEvidenceBytes} bytes`);
    if (!startsWithPdf(pdf)) throw new FormatError('"padesDocument.padesB64" does not decode to a PDF');
    const strings = stringsOf(json, "padesDocument.padesB64");
    return { file, format: "pades-json", pdf: wholeSource(pdf), ...(info ? { workflowResultInfo: info } : {}), strings };
  }
  if ("workflowToken" in json || "publicSigningCertPem" in json || "ocspResponse" in json) {
    return {
      file,
      format: "workflow-token-json",
      fields: { workflowToken: json.workflowToken, ocspResponse: json.ocspResponse, publicSigningCertPem: json.publicSigningCertPem },
      ...(info ? { workflowResultInfo: info } : {}),
      strings: stringsOf(json, ""),
    };
  }
  throw new FormatError("the evidence JSON is neither the PAdES endpoint's (padesDocument) nor the Workflow-token endpoint's (workflowToken)");
}
