// JSON from untrusted sources: size and depth bounded, duplicate keys refused (two parsers may pick
// different values for a duplicated key — a classic way to make a verifier and a consumer disagree).
import { FormatError, LimitError } from "../errors.js";
import { quoteName } from "../report/quoted-name.js";

export interface JsonLimits {
  maxBytes: number;
  maxDepth: number;
}

/**
 * Scans JSON text for nesting depth and duplicate object keys without building values; JSON.parse then
 * does the parsing. Strings are compared after JSON unescaping, so "a" and "\u0061" are duplicates.
 */
export function assertJsonShape(text: string, limits: JsonLimits, what: string): void {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let j = i + 1;
      let escaped = false;
      while (j < text.length) {
        const d = text.charCodeAt(j);
        if (d === 0x5c) {
          escaped = true;
          j += 2;
        } else if (d === 0x22) break;
        else j++;
      }
      if (j >= text.length) return; // unterminated: JSON.parse reports it
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const raw = text.slice(i, j + 1);
        let key: string;
        try {
          key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        } catch {
          return;
        }
        if (top.has(key)) throw new FormatError(`${what} has the key ${quoteName(key, 60)} twice in one object`);
        top.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      stack.push(c === 0x7b ? new Set() : null);
      if (stack.length > limits.maxDepth) throw new LimitError("maxJsonDepth", `${what} nests deeper than ${limits.maxDepth} levels`);
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = stack[stack.length - 1] instanceof Set;
    }
  }
}

/** Parses untrusted JSON text. Throws FormatError/LimitError with `what` in the message. */
export function parseJson(text: string, limits: JsonLimits, what: string): unknown {
  if (text.length > limits.maxBytes) throw new LimitError("maxJsonBytes", `${what} is larger than the limit of ${limits.maxBytes} bytes`);
  assertJsonShape(text, limits, what);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new FormatError(`${what} is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Parses a JSON object serialised as a string (the token's document_N, signature_N, ct_claims). */
export function parseJsonObjectString(value: unknown, limits: JsonLimits, what: string): Record<string, unknown> {
  if (typeof value !== "string") throw new FormatError(`${what} is not a string holding JSON`);
  const parsed = parseJson(value, limits, what);
  if (!isPlainObject(parsed)) throw new FormatError(`${what} is JSON but not an object`);
  return parsed;
}
