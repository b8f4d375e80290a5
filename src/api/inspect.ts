// Public API, looking inside evidence without a verdict: every part decoded (inspect), the attachments written
// out (extract), and their rendering.
export { readEvidenceForTools, asUsageError } from "../inspect/open.js";
export { inspectEvidence } from "../inspect/decode.js";
export { extractEvidence } from "../inspect/extract.js";
export { writeExtraction } from "../inspect/write.js";
export { renderInspectHuman } from "../render/inspect-human.js";
