// Embedded files: the catalog's /Names /EmbeddedFiles name tree and each file specification's /EF /F
// stream (§7.11.3–4). Bytes are decoded only on demand, bounded by limits.maxDecodedStreamBytes.
import { FormatError } from "../../errors.js";
import type { PdfView } from "./document.js";
import { walkNameTree } from "./name-tree.js";
import { type PdfArray, type PdfDict, type PdfObject, type PdfRef, type PdfStream, rawGet } from "./objects.js";
import { type PdfText, pdfText } from "./text.js";
import { quoteName } from "../../report/quoted-name.js";

export interface EmbeddedFile {
  /** The name-tree key. */
  readonly name: PdfText;
  /** The file specification, when the tree's value is a reference (it normally is). */
  readonly filespecRef?: PdfRef;
  readonly filespec: PdfDict;
  readonly f?: PdfText;
  readonly uf?: PdfText;
  readonly afRelationship?: string;
  /** /EF /F as stored: the embedded file stream's reference. */
  readonly streamRef?: PdfRef;
  readonly stream?: PdfStream;
  /** The stream's /Subtype (a MIME type with `#2F` decoded, e.g. "application/octet-stream"). */
  readonly subtype?: string;
  /** /Params /Size and /Params /ModDate. */
  readonly size?: number;
  readonly modDate?: PdfText;
  /** Decodes the file's bytes (FormatError when there is no stream; LimitError beyond the limit). */
  decode(): Uint8Array;
}

export interface EmbeddedFiles {
  readonly files: readonly EmbeddedFile[];
  /** The catalog's /AF (associated files) array, resolved, when present. */
  readonly catalogAf?: PdfArray;
}

function text(view: PdfView, d: PdfDict, key: string): PdfText | undefined {
  const s = view.getString(d, key);
  return s ? pdfText(s.bytes) : undefined;
}

function readFile(view: PdfView, name: PdfText, value: PdfObject): EmbeddedFile {
  const filespec = view.resolve(value);
  if (filespec?.kind !== "dict") throw new FormatError(`embedded file ${quoteName(name.text)}: the file specification is not a dictionary`);
  const ef = view.getDict(filespec, "EF");
  const streamObj = ef ? rawGet(ef, "F") : undefined;
  const stream = streamObj ? view.resolve(streamObj) : undefined;
  if (stream !== undefined && stream.kind !== "stream") throw new FormatError(`embedded file ${quoteName(name.text)}: /EF /F is not a stream`);
  const params = stream ? view.getDict(stream, "Params") : undefined;
  const f = text(view, filespec, "F");
  const uf = text(view, filespec, "UF");
  const afRelationship = view.getName(filespec, "AFRelationship");
  const subtype = stream ? view.getName(stream, "Subtype") : undefined;
  const size = params ? view.getInt(params, "Size") : undefined;
  const modDate = params ? text(view, params, "ModDate") : undefined;
  return {
    name,
    ...(value.kind === "ref" ? { filespecRef: value } : {}),
    filespec,
    ...(f ? { f } : {}),
    ...(uf ? { uf } : {}),
    ...(afRelationship !== undefined ? { afRelationship } : {}),
    ...(streamObj?.kind === "ref" ? { streamRef: streamObj } : {}),
    ...(stream ? { stream } : {}),
    ...(subtype !== undefined ? { subtype } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(modDate ? { modDate } : {}),
    decode(): Uint8Array {
      if (!stream) throw new FormatError(`embedded file ${quoteName(name.text)} has no /EF /F stream`);
      return view.decode(stream);
    },
  };
}

/** The files of `Root /Names /EmbeddedFiles`, in tree order, duplicates included, plus the catalog /AF. */
export function listEmbeddedFiles(view: PdfView): EmbeddedFiles {
  const catalog = view.catalog();
  const names = view.getDict(catalog, "Names");
  const tree = names ? rawGet(names, "EmbeddedFiles") : undefined;
  const files = walkNameTree(view, tree).map((e) => readFile(view, e.name, e.value));
  const catalogAf = view.getArray(catalog, "AF");
  return catalogAf ? { files, catalogAf } : { files };
}
