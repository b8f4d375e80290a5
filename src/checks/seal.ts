// The PAdES phase: reads the PDF structure, verifies the seal (signature, timestamp → proven time,
// certificate, modifications) and extracts the three attachments from the sealed revision.
import { indeterminate } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ArchiveContext } from "./context.js";

export async function runSealChecks(_ctx: ArchiveContext): Promise<CheckResult[]> {
  return [indeterminate("attachments", "GENERIC", "Reading PAdES files is not available in this build.")];
}
