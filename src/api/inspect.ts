// Public API, looking inside evidence without a verdict: every part decoded (inspect), the attachments written
// out (extract), and their rendering.
export { readEvidenceForTools, asUsageError } from "../inspect/open.js";
export {
  inspectEvidence,
  type Inspection,
  type PdfInspection,
  type TokenInspection,
  type EmbeddedFileInspection,
  type SignatureInspection,
  type OcspInspection,
  type CmsInspection,
  type SignerInspection,
  type TimestampInspection,
  type CrlInspection,
  type DecodedAttribute,
} from "../inspect/decode.js";
export { extractEvidence, type Extraction, type ExtractedFile } from "../inspect/extract.js";
export { writeExtraction } from "../inspect/write.js";
export { renderInspectHuman } from "../render/inspect-human.js";
