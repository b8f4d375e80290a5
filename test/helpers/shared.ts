// ../shared beside the checkout: the real trusted lists (tl/), the EU DSS test PDFs (corpus/) and EU DSS itself
// (tools/dss/). A fresh clone has none of them, and the tests that need them skip, saying so, so that its
// `npm test` passes (issue 37, part 1). CI has ../shared and must run them all: with SEALCHECK_REQUIRE_SHARED=1
// (set by .ci/run) a missing path fails the test file that asked for it instead of skipping it quietly.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The directory the tests call ../shared (beside the checkout's root). */
export const SHARED_DIR = fileURLToPath(new URL("../../../shared/", import.meta.url));

export const REQUIRE_SHARED_VAR = "SEALCHECK_REQUIRE_SHARED";

/**
 * Whether `../shared/<path>` is there. When it is not: false, with one warning naming `what` is skipped or reduced;
 * or, with SEALCHECK_REQUIRE_SHARED=1 in the environment, an error (thrown where the test file asks, at its
 * collection: the file fails).
 */
export function hasShared(path: string, what: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (existsSync(`${SHARED_DIR}${path}`)) return true;
  const where = `../shared/${path}`;
  if (env[REQUIRE_SHARED_VAR] === "1")
    throw new Error(`${what}: ${where} is missing, and ${REQUIRE_SHARED_VAR}=1 (CI) requires it (is ../shared beside the checkout?)`);
  console.warn(`${what}: skipped, ${where} is not beside the checkout (${REQUIRE_SHARED_VAR}=1 makes this a failure)`);
  return false;
}
