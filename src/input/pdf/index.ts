// Public surface of the PDF structure reader. See README.md for what is tolerated and what is refused.
export { parsePdf, PdfView } from "./document.js";
export type { PdfDocument } from "./document.js";
export type { PdfObject, PdfStream } from "./objects.js";
export { pdfEquals } from "./objects.js";
export { decodeTextString, parsePdfDate } from "./text.js";
export { walkNameTree } from "./name-tree.js";
export { listEmbeddedFiles } from "./embedded-files.js";
export { coveredRevision, findSignatures } from "./signatures.js";
export type { SignatureInfo } from "./signatures.js";
export { readDss } from "./dss.js";
export { walkPages } from "./pages.js";
