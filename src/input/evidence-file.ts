// Reads the evidence file and decides, from its content (never its name), which of the three forms it is.
import { openSync, readSync, closeSync, fstatSync } from "node:fs";
import { SealcheckError, FormatError, LimitError, errorMessage } from "../errors.js";
import type { Limits } from "../limits.js";
import { isPlainObject, parseJson } from "./json.js";

export type EvidenceFormat = "pades-pdf" | "pades-json" | "workflow-token-json";

export interface WorkflowResultInfo {
  ocspReponseIncluded?: unknown;
  documentCount?: unknown;
  signatureCount?: unknown;
}

/** The evidence as read: the PDF bytes and/or the endpoint fields, not yet verified. */
export interface EvidenceInput {
  file: string;
  format: EvidenceFormat;
  /** The PAdES bytes (from the file, or decoded from padesB64). */
  pdf?: Uint8Array;
  /** Workflow-token endpoint fields, as given (validated by the attachments check). */
  fields?: { workflowToken: unknown; ocspResponse: unknown; publicSigningCertPem: unknown };
  workflowResultInfo?: WorkflowResultInfo;
}

/** Reads a whole file with a size limit. Missing/unreadable files are usage errors (exit 3). */
export function readBounded(file: string, maxBytes: number): Uint8Array {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new SealcheckError("ERR_FILE_NOT_FOUND", `${file}: no such file`, { file });
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${file}: cannot open (${code ?? errorMessage(e)})`, { file, cause: e });
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new SealcheckError("ERR_USAGE", `${file}: is a directory, not an evidence file`, { file });
    if (st.size > maxBytes) throw new SealcheckError("ERR_INPUT_TOO_LARGE", `${file}: ${st.size} bytes is more than the limit of ${maxBytes} (raise it with --limit maxEvidenceBytes=<n>)`, { file });
    const buf = Buffer.allocUnsafe(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, off);
  } catch (e) {
    if (e instanceof SealcheckError) throw e;
    throw new SealcheckError("ERR_FILE_UNREADABLE", `${file}: cannot read (${errorMessage(e)})`, { file, cause: e });
  } finally {
    closeSync(fd);
  }
}

function startsWithPdf(bytes: Uint8Array): boolean {
  // The header may follow a little junk (ISO 32000-1 §7.5.2 readers tolerate it); look in the first 1 KiB.
  return Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");
}

/**
 * Classifies evidence bytes. A PDF is returned as is; JSON is parsed (bounded) and must be one of the two
 * endpoint shapes. Anything else is a FormatError: the report will say FORMAT_FAILURE.
 */
export function classifyEvidence(file: string, bytes: Uint8Array, limits: Limits): EvidenceInput {
  if (startsWithPdf(bytes)) return { file, format: "pades-pdf", pdf: bytes };
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  if (bytes[i] !== 0x7b) {
    throw new FormatError(bytes.length === 0 ? "the evidence file is empty" : "the evidence is neither a PDF nor the JSON of the PAdES or Workflow-token endpoint");
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
    if (pdf.length > limits.maxEvidenceBytes) throw new LimitError("maxEvidenceBytes", `the PDF inside padesB64 is larger than the evidence limit of ${limits.maxEvidenceBytes} bytes`);
    if (!startsWithPdf(pdf)) throw new FormatError('"padesDocument.padesB64" does not decode to a PDF');
    return { file, format: "pades-json", pdf, ...(info ? { workflowResultInfo: info } : {}) };
  }
  if ("workflowToken" in json || "publicSigningCertPem" in json || "ocspResponse" in json) {
    return {
      file,
      format: "workflow-token-json",
      fields: { workflowToken: json.workflowToken, ocspResponse: json.ocspResponse, publicSigningCertPem: json.publicSigningCertPem },
      ...(info ? { workflowResultInfo: info } : {}),
    };
  }
  throw new FormatError("the evidence JSON is neither the PAdES endpoint's (padesDocument) nor the Workflow-token endpoint's (workflowToken)");
}
