// A name taken from the evidence (a form field's name, an annotation subtype, a signature field) quoted inside
// sealcheck's own words, as data: the one quoting the reader's words and every other message share.

/**
 * The characters a quoted name shows as themselves: letters of the scripts listed, ASCII digits, the space and
 * punctuation no reader takes for a quotation mark. An allow-list by what a reader sees (attack-s5 W2, a8 W4): a
 * deny-list of quotes missed U+02BA, U+201D, U+FF02 and their kin, and Unicode's letter categories hold letters
 * drawn as quotes or primes (U+A78C saltillo ꞌ, U+141F ᐟ, U+05F2 ײ, U+01C3 ǃ), which closed the quotation. Shown
 * as themselves: ASCII letters; Latin-1 and Latin Extended-A letters but ŉ (U+0149, an apostrophe and n); Greek
 * and basic Cyrillic letters; CJK unified ideographs. Every other character is an escape.
 */
const QUOTABLE =
  /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u0148\u014A-\u017F\u0386\u0388-\u038A\u038C\u038E-\u03A1\u03A3-\u03CE\u0400-\u045F\u4E00-\u9FFF ._\-()[\]/:;,!?=*%#+&@]$/u;

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
