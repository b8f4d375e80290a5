// An unexpected exception inside a check, reached by some input, must neither crash the caller nor let the
// input pass: that check fails (FORMAT_FAILURE) and the error stays visible in its details.
import { errorMessage } from "../errors.js";
import { failed } from "./check.js";
import type { CheckResult } from "./types.js";
import type { CheckId } from "./check-ids.js";

export function internalErrorCheck(stage: CheckId, e: unknown, what: string): CheckResult {
  const err = e instanceof Error ? e : new Error(String(e));
  return failed(
    stage,
    "FORMAT_FAILURE",
    `sealcheck could not complete the check "${stage}" on this ${what}: ${err.name}: ${errorMessage(err).slice(0, 300)}. The ${what} is not accepted; if it is genuine, this is a defect in sealcheck (please report it).`,
    {
      details: {
        internalError: { stage, name: err.name, message: errorMessage(err).slice(0, 2000), stack: (err.stack ?? "").split("\n").slice(0, 8).join("\n") },
      },
    },
  );
}
