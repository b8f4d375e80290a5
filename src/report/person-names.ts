// A certificate holder's name that may be a person's (pki/holder.ts: nothing in the certificate shows an
// organisation's), as the words and summaries of a run carry it: marked, with the certificate's SHA-256, where it is
// built (a check's message, a path's words in pki, a certificate summary), and masked or unmarked once, over the
// whole report, when the report is made (resolvePersonNames). The checks and pki need no flag: one rule for the
// human output and the JSON, which shows what the human output shows. The marks are private-use characters that
// quoteName and shownValue escape, so a name in the evidence cannot write one.

const OPEN = "\uE000";
const MID = "\uE001";
const CLOSE = "\uE002";
const MARKED = /\uE000([0-9A-F]{64})\uE001([^\uE000-\uE002]*)\uE002/g;
const STRAY = /[\uE000-\uE002]/g;

/** What a person's name reads as when it is not shown: words, not a name (no quotation marks). */
export const PERSON_NAME_MASKED = "[a person's name, masked]";

/** `shown` (a name as the words show it, or a distinguished name) marked as a possible person's, of the certificate `sha256`. */
export function markPersonName(sha256: string, shown: string): string {
  return `${OPEN}${sha256.toUpperCase()}${MID}${shown.replace(STRAY, "")}${CLOSE}`;
}

/**
 * A text that may be a marked name (a summary's `subject`) quoted by `quote` inside its mark, so the mark stays
 * whole (quoteName would escape it): `quote(text)` when it holds no mark.
 */
export function quoteMarked(text: string, quote: (shown: string) => string): string {
  if (!text.includes(OPEN)) return quote(text);
  return text.replace(MARKED, (_m, sha: string, shown: string) => markPersonName(sha, quote(shown)));
}

export interface PersonNameRule {
  /** Show the names (--show-personal-data). */
  show: boolean;
  /**
   * Certificates (SHA-256, upper-case hex) the verifier knows to be an organisation's beyond what holder.ts reads in
   * the certificate: the broker's own seal, recognised by evidence/broker-identity.ts.
   */
  organisations?: ReadonlySet<string>;
}

/** One text with its marked names shown or masked, and no mark left. */
export function resolvePersonText(text: string, rule: PersonNameRule): string {
  if (!text.includes(OPEN) && !text.includes(MID) && !text.includes(CLOSE)) return text;
  return text.replace(MARKED, (_m, sha: string, shown: string) => (rule.show || rule.organisations?.has(sha) ? shown : PERSON_NAME_MASKED)).replace(STRAY, "");
}

/**
 * A report (any JSON-shaped value: plain objects, arrays, strings) with every marked name resolved: shown with
 * `show` or for a known organisation, else PERSON_NAME_MASKED. A certificate summary of a known organisation loses
 * its `person` flag. Values that are not plain objects or arrays (bytes, dates) are kept as they are.
 */
export function resolvePersonNames<T>(value: T, rule: PersonNameRule): T {
  return walk(value, rule) as T;
}

function walk(v: unknown, rule: PersonNameRule): unknown {
  if (typeof v === "string") return resolvePersonText(v, rule);
  if (Array.isArray(v)) return v.map((x) => walk(x, rule));
  if (v === null || typeof v !== "object") return v;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  const o = v as Record<string, unknown>;
  const known = o.person === true && typeof o.sha256 === "string" && rule.organisations?.has(o.sha256.toUpperCase()) === true;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) if (!(known && k === "person")) out[k] = walk(x, rule);
  return out;
}
