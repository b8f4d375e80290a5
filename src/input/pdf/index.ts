// Public surface of the PDF structure reader. See README.md for what is tolerated and what is refused.
export { parsePdf, PdfView } from "./document.js";
export type { PdfDocument, Revision, ResolvedObject, ObjectLocation, XrefEntry } from "./document.js";
export type { ByteSpan, PdfObject, PdfNull, PdfBoolean, PdfNumber, PdfString, PdfName, PdfArray, PdfDict, PdfRef, PdfStream } from "./objects.js";
export { PDF_NULL, isDict, isName, isRef, dictOf, rawGet, refKey, refString, pdfEquals, changedKeys } from "./objects.js";
export { decodeTextString, pdfText } from "./text.js";
export type { PdfText } from "./text.js";
export { walkNameTree } from "./name-tree.js";
export type { NameTreeEntry } from "./name-tree.js";
export { listEmbeddedFiles } from "./embedded-files.js";
export type { EmbeddedFile, EmbeddedFiles } from "./embedded-files.js";
export { coveredRevision, findSignatures } from "./signatures.js";
export type { SignatureInfo, SignatureScan, SigReference } from "./signatures.js";
export { readDss } from "./dss.js";
export type { DssInfo, VriEntry } from "./dss.js";
export { walkPages } from "./pages.js";
export type { PageInfo } from "./pages.js";
export { objectGraph } from "./graph.js";
export type { GraphContext, ObjectGraph } from "./graph.js";
