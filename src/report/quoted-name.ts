// A name taken from the evidence (a form field's name, an annotation subtype, a signature field) quoted inside
// sealcheck's own words, as data: the one quoting the reader's words and every other message share.

/**
 * The characters a quoted name shows as themselves: letters (not modifier letters: U+02BA ʺ is one), digits,
 * the space and punctuation no reader takes for a quotation mark. An allow-list (attack-s5 W2): a deny-list of
 * quotes missed U+02BA, U+201D, U+FF02 and their kin, which closed the quotation as a reader sees it.
 */
const QUOTABLE = /^[\p{Lu}\p{Ll}\p{Lt}\p{Lo}\p{Nd} ._\-()[\]/:;,!?=*%#+&@]$/u;

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
