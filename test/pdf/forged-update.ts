// Updates with a forged page content the update does not list (a16 X2's judge): a reader that reads the
// cross-reference sections shows "Sealed"; one that rebuilds its table by scanning (the last `4 0 obj` wins)
// shows "Forged". Each form the structure reader accepts or refuses is built on this, so a test can show which
// reader reads it otherwise (poppler and qpdf in the suite; PDFium and pdf.js as recorded in the comments, run
// with scripts/attack-s11/README.md's judge.mjs on the files test/fixtures/readers/ holds).
import { addRevision, latin1, type ObjSpec, text } from "./helpers.js";

const FONT = "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>";
const content = (word: string) => latin1(`BT /F1 24 Tf 72 700 Td (${word}) Tj ET`);

/** The page text of the sealed document and of the forgery. */
export const SEALED_TEXT = "Sealed";
export const FORGED_TEXT = "Forged";

export interface ForgedUpdateForm {
  /** The update's cross-reference section (the original is a table). */
  xref: "table" | "stream";
  /** More objects the update lists (e.g. one with a high number). */
  extra?: ObjSpec[];
  /** The update's /Size instead of the one the writer computes. */
  size?: number;
  /** Bytes after the rows of the update's xref stream. */
  xrefStreamExtraBytes?: number;
  /** The width of the update's xref stream's /W type field. */
  xrefTypeWidth?: number;
  /** The update's xref stream writes this entry type for one object (reserved types 3+). */
  rowType?: { num: number; type: number };
  /** The update's table lists object 4 twice, the forged definition first or last (the sealed one besides). */
  listTwice?: "forged-first" | "forged-last";
  /** Text written as given: after the last `startxref` keyword (before its offset), and after the last %%EOF. */
  afterStartxref?: string;
  afterEof?: string;
  /** The update's table's last entry ends with a one-byte EOL (19 bytes: no reader reads the table as written). */
  shortEntry?: boolean;
  /** The update's table without its subsections (`xref` then `trailer`). */
  noSubsection?: boolean;
  /** Text written into the update's xref stream dictionary (before /Length), e.g. "/F /ASCIIHexDecode". */
  xrefStreamKeys?: string;
  /** The update's xref stream frees object 8 with this generation, written in a 4-byte third field (a21 X1: 0xFFFFFFFF). */
  freedGeneration?: number;
  /** The update's xref stream's object number (default 5). */
  xrefStreamNum?: number;
  /**
   * The update's catalog in an object stream (number 6, at this generation) listed by its xref stream; the forged
   * `4 0 obj` then follows object 7 (null), listed. `nextAt`: object 9 (null) after it in the stream, its offset
   * written as this (inside the catalog's text: the catalog runs into it).
   */
  catalogInObjStm?: { gen: number; a85?: (encoded: string) => string; nextAt?: number };
  /** The update's xref stream's rows with a PNG Up predictor, and these /DecodeParms keys beside it (e.g. "/BPC 16"). */
  xrefPredictorKeys?: string;
  /** A `trailer` dictionary written after the update's xref stream. */
  strayTrailer?: string;
  /**
   * A hybrid update: page 3 rewritten as it was into an object stream its /XRefStm lists, the table listing it as
   * free (`free`) or not at all.
   */
  hybridPage?: "free" | "unlisted";
}

/** An original (1 catalog, 2 pages, 3 page, 4 content "Sealed") and one update adding a /DSS, in the given form. */
export function forgedUpdate(form: ForgedUpdateForm): Uint8Array {
  const base = addRevision(new Uint8Array(), {
    objects: [
      { num: 1, body: "<< /Type /Catalog /Pages 2 0 R >>" },
      { num: 2, body: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>" },
      { num: 3, body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${FONT} >>` }, // as `page` below
      { num: 4, body: "<< >>", stream: content(SEALED_TEXT) },
    ],
    xref: "table",
    trailer: "/Root 1 0 R",
  });
  // The forged `4 0 obj` follows the catalog inside the catalog's listed span: no entry names its offset.
  const forged = `\nendobj\n4 0 obj\n<< /Length ${content(FORGED_TEXT).length} >>\nstream\n${text(content(FORGED_TEXT))}\nendstream`;
  const page = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${FONT} >>`;
  const catalog = "<< /Type /Catalog /Pages 2 0 R /DSS << /Certs [] >> >>";
  const objStm = form.catalogInObjStm;
  const update = addRevision(base, {
    objects: [objStm ? { num: 7, body: `null${forged}` } : { num: 1, body: `${catalog}${forged}` }, ...(form.extra ?? [])],
    ...(form.hybridPage ? { compressed: [{ num: 3, body: page }], objStmNum: 6, hybridFreeInTable: form.hybridPage === "free", xrefNum: 5 } : {}),
    ...(objStm
      ? {
          compressed: [{ num: 1, body: catalog }, ...(objStm.nextAt !== undefined ? [{ num: 9, body: "null" }] : [])],
          objStmNum: 6,
          objStmGen: objStm.gen,
          ...(objStm.a85 ? { objStmA85: objStm.a85 } : {}),
          ...(objStm.nextAt !== undefined ? { objStmOffsets: (o: number[]) => [o[0]!, objStm.nextAt!] } : {}),
        }
      : {}),
    ...(form.xrefPredictorKeys !== undefined ? { predictor: true, predictorExtra: form.xrefPredictorKeys } : {}),
    xref: form.hybridPage ? "hybrid" : form.xref,
    trailer: "/Root 1 0 R",
    ...(form.xref === "stream" ? { xrefNum: form.xrefStreamNum ?? 5 } : {}),
    ...(form.xrefStreamExtraBytes ? { xrefStreamExtraBytes: form.xrefStreamExtraBytes } : {}),
    ...(form.rowType ? { rowType: form.rowType } : {}),
    ...(form.xrefTypeWidth ? { xrefTypeWidth: form.xrefTypeWidth } : {}),
    ...(form.freedGeneration !== undefined ? { free: [8], xrefThirdWidth: 4 as const, rowThird: { num: 8, value: form.freedGeneration } } : {}),
  });
  let s = text(update);
  const last = s.lastIndexOf(form.xref === "table" ? "\ntrailer\n" : "/Type /XRef");
  if (form.size !== undefined) s = s.slice(0, last) + s.slice(last).replace(/\/Size \d+/, `/Size ${form.size}`);
  if (form.listTwice) {
    const pad = (n: number) => String(n).padStart(10, "0");
    const [forgedAt, sealedAt] = [s.lastIndexOf("\n4 0 obj") + 1, s.indexOf("4 0 obj")];
    const [a, b] = form.listTwice === "forged-first" ? [forgedAt, sealedAt] : [sealedAt, forgedAt];
    const at = s.lastIndexOf("\ntrailer\n");
    s = `${s.slice(0, at)}\n4 1\n${pad(a)} 00000 n\r\n4 1\n${pad(b)} 00000 n\r${s.slice(at)}`;
  }
  if (form.noSubsection) {
    const at = s.lastIndexOf("\nxref\n") + "\nxref\n".length;
    s = s.slice(0, at) + s.slice(s.indexOf("trailer\n", at));
  }
  if (form.xrefStreamKeys !== undefined) {
    const at = s.lastIndexOf("/Type /XRef");
    s = s.slice(0, at) + s.slice(at).replace(" /Length ", ` ${form.xrefStreamKeys} /Length `);
  }
  if (form.shortEntry) {
    const at = s.lastIndexOf(" n\r\n");
    s = `${s.slice(0, at)} n\n${s.slice(at + 4)}`;
  }
  if (form.strayTrailer !== undefined) {
    const at = s.lastIndexOf("endobj\nstartxref");
    s = `${s.slice(0, at)}endobj\ntrailer\n${form.strayTrailer}\n${s.slice(at + "endobj\n".length)}`;
  }
  if (form.afterStartxref !== undefined) {
    const at = s.lastIndexOf("startxref\n") + "startxref\n".length;
    s = s.slice(0, at) + form.afterStartxref + s.slice(at);
  }
  return latin1(s + (form.afterEof ?? ""));
}

/**
 * A `trailer` after the update's xref stream whose /Root names a forged catalog (10, listed by the update) whose
 * page shows "Forged". qpdf 11.3, poppler 22.12, PDFium and pdf.js all show "Sealed" (the stream's /Root).
 */
export const STRAY_FORGED_ROOT: ForgedUpdateForm = {
  xref: "stream",
  strayTrailer: "<< /Size 14 /Root 10 0 R >>",
  extra: [
    { num: 10, body: "<< /Type /Catalog /Pages 11 0 R >>" },
    { num: 11, body: "<< /Type /Pages /Kids [12 0 R] /Count 1 >>" },
    { num: 12, body: `<< /Type /Page /Parent 11 0 R /MediaBox [0 0 612 792] /Contents 13 0 R ${FONT} >>` },
    { num: 13, body: "<< >>", stream: content(FORGED_TEXT) },
  ],
};
