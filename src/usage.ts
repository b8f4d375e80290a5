// Checks of what callers pass to the library, so that a slip (a string where a list of paths belongs, no
// options at all) is one SealcheckError naming the option and the fix, not a TypeError from deep inside.
import { SealcheckError } from "./errors.js";

function shown(value: unknown): string {
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** A list of paths (`trust`, `certs`, `originals`): undefined, or an array of strings. */
export function expectPathList(name: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    const hint = typeof value === "string" ? ` (write ${name}: [${JSON.stringify(value)}])` : "";
    throw new SealcheckError("ERR_USAGE", `${name}: expected a list of paths, got ${shown(value)}${hint}`, { option: name });
  }
  const bad = value.findIndex((v) => typeof v !== "string" || v === "");
  if (bad >= 0) throw new SealcheckError("ERR_USAGE", `${name}[${bad}]: expected a path, got ${shown(value[bad])}`, { option: name });
}

/** An options object where one is required. */
export function expectOptions(fn: string, value: unknown, example: string): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new SealcheckError("ERR_USAGE", `${fn}: expected an options object, got ${value === undefined ? "nothing" : shown(value)}; for example ${example}`);
  }
}

/**
 * Options given beside a session, whose own apply: an error naming the first as its option (the message starts
 * with it, as every option error's does), and the others after it.
 */
export function givenWithSession(both: readonly string[]): SealcheckError {
  const [first, ...rest] = both;
  return new SealcheckError(
    "ERR_USAGE",
    `${first}: given with a session, whose own options apply; give ${rest.length ? `it and ${rest.join(", ")}` : "it"} to createSession() instead`,
    { option: first! },
  );
}
