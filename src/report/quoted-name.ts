// A name taken from the evidence (a form field's name, an annotation subtype, a signature field) quoted inside
// sealcheck's own words, as data: the one quoting the reader's words and every other message share.

/**
 * The characters a quoted name shows as themselves: ASCII letters and digits, the letters of Latin-1 and Latin
 * Extended-A (the broker's Danish and Norwegian names: æ, ø, å, ...), the space and punctuation no reader takes for a
 * quotation mark. An allow-list by what a reader sees, not by Unicode category: a deny-list of quotes missed U+02BA,
 * U+201D, U+FF02 (attack-s5 W2), and "every letter" admitted U+A78C (saltillo) and U+141F, letters drawn as a
 * quotation mark or a prime (a8 W4).
 */
const QUOTABLE = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F ._\-()[\]/:;,!?=*%#+&@]$/u;

/** The characters a PDF name shows as themselves: ASCII letters and digits, `.`, `_`, `-`, `+`, `*`. */
const NAME_REGULAR = /^[A-Za-z0-9._\-+*]$/;

/**
 * A PDF name from the file (a dictionary key, a /Type, a filter) inside sealcheck's words, as PDF writes it: `/`
 * then every character outside NAME_REGULAR as `#xx` (ISO 32000-1 §7.3.5; a name's characters are its bytes,
 * read as Latin-1), cut visibly after `max` characters. `/Info` stays `/Info`; a name made of words (`#20` for a
 * space) cannot read as the sentence around it (a12 W9: `says /${k}` said sealcheck's verdict).
 */
export function pdfName(name: string, max = 40): string {
  const chars = [...name];
  const shown = chars.slice(0, max).map((c) =>
    NAME_REGULAR.test(c)
      ? c
      : bytesOf(c)
          .map((b) => `#${b.toString(16).toUpperCase().padStart(2, "0")}`)
          .join(""),
  );
  return `/${shown.join("")}${chars.length > max ? "…" : ""}`;
}

/** A name's character as its byte (Latin-1), or its UTF-8 bytes beyond (a name decoded otherwise). */
const bytesOf = (c: string): number[] => (c.codePointAt(0)! > 0xff ? [...new TextEncoder().encode(c)] : [c.codePointAt(0)!]);

/**
 * `v` between ASCII quotation marks: every character outside QUOTABLE shown as an escape (`\"`, `\\`, else
 * `\u{02BA}`), so nothing in it can end the quotation and read as the words around it (attack-s4 W1c,
 * attack-s5 W2), and cut visibly after `max` characters. The JSON, the text, `--summary` and the HTML statement
 * all show the message it is part of.
 */
export function quoteName(v: string, max = 40): string {
  const chars = [...v];
  const shown = chars
    .slice(0, max)
    .map((c) => (c === '"' ? '\\"' : c === "\\" ? "\\\\" : QUOTABLE.test(c) ? c : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}}`));
  return `"${shown.join("")}${chars.length > max ? "…" : ""}"`;
}

/**
 * A value from the file (a JSON field, a token's claim) inside sealcheck's words: a number, true, false or null
 * as JSON writes it (nothing in them can speak); a string quoted by quoteName; anything else (a list, an object)
 * named by its kind (its content is data, in the report's details). Never JSON.stringify alone: it lets U+202E, lookalike quotation marks and a
 * sentence in sealcheck's own words through.
 */
export function quoteValue(v: unknown, max = 40): string {
  if (v === null || typeof v === "boolean" || typeof v === "number") return String(v);
  if (typeof v === "string") return quoteName(v, max);
  if (v === undefined) return "nothing";
  // Said, not shown: its text is in the report's details, as data.
  return Array.isArray(v) ? "a list" : typeof v === "object" ? "an object" : `a ${typeof v}`;
}

/**
 * A value from the evidence shown by layout (a report heading, a certificate's subject on its own line), not
 * quoted: printable ASCII and the letters QUOTABLE admits as themselves, every other character as `\u{2800}`, cut
 * visibly after `max` characters. A blank-looking character (U+2800) cannot wrap a name into lines that read as the
 * report's own fields (a14 A1: a forged root's name wrote "SHA-256 <the published fingerprint>" under its heading).
 */
export function shownValue(v: string, max = 200): string {
  const chars = [...v];
  const shown = chars
    .slice(0, max)
    .map((c) => (/^[\x20-\x7E]$/.test(c) || QUOTABLE.test(c) ? c : `\\u{${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}}`));
  return `${shown.join("")}${chars.length > max ? "…" : ""}`;
}
