// The one sanitiser between untrusted text (evidence, tokens, key sets, file names, error messages) and a
// person's screen. A forged token must not be able to clear the screen, move the cursor, overwrite a line
// (`\r`), set a window title (OSC), reorder what is displayed (bidi overrides and isolates) or start a line
// of its own: such characters become U+FFFD (tab and line feed a space), visibly.
//
// Two layers, both here:
// - safeText(value): for one value placed into a line by a renderer (human, HTML, stderr, progress).
// - safeForTerminal(text): the boundary every human output and message passes on its way to stdout/stderr
//   (cli/io.ts): only line feeds, tabs and the few colour codes sealcheck's own styling emits (an
//   allow-list, and only when colour is on) survive; anything else a renderer forgot is neutralised there.

// C0 controls, DEL, C1 controls (incl. the 8-bit CSI U+009B and OSC U+009D), the Arabic letter mark,
// LRM/RLM, line and paragraph separators, bidi embeddings/overrides (U+202A–202E) and isolates (U+2066–2069).
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same, but line feed and tab are allowed: the layout of a whole rendered output.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_OUTPUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The SGR sequences sealcheck's own styling writes (src/render/style.ts, batch summary and progress). */
const OWN_SGR = /(\u001b\[(?:0|1|31|32|33|34|35|90)m)/;

export const REPLACEMENT = "\uFFFD";

/** One untrusted value, made safe to place inside a line: no control, bidi or line-breaking character. */
export function safeText(value: unknown): string {
  const s = typeof value === "string" ? value : value === undefined ? "" : String(value);
  return s.replace(UNSAFE_IN_TEXT, (c) => (c === "\t" || c === "\n" ? " " : REPLACEMENT));
}

/**
 * A whole rendered output, at the boundary to a terminal (or a log): line feeds and tabs stay; with
 * `colour`, sealcheck's own colour codes stay; every other control, escape or bidi character is replaced.
 */
export function safeForTerminal(text: string, opts: { colour?: boolean; crlf?: boolean } = {}): string {
  const parts = opts.colour ? text.split(OWN_SGR) : [text];
  // CSV ends its records with CRLF (RFC 4180): a CR directly before a LF only ends a line.
  const clean = (p: string) =>
    opts.crlf
      ? p
          .split("\r\n")
          .map((x) => x.replace(UNSAFE_IN_OUTPUT, REPLACEMENT))
          .join("\r\n")
      : p.replace(UNSAFE_IN_OUTPUT, REPLACEMENT);
  return parts.map((p, i) => (i % 2 === 1 ? p : clean(p))).join("");
}

/** Whether a text holds any character safeForTerminal would replace (for tests and assertions). */
export function hasUnsafeCharacters(text: string, opts: { colour?: boolean } = {}): boolean {
  return safeForTerminal(text, opts) !== text;
}

/**
 * JSON text with the characters JSON.stringify leaves raw but a terminal or viewer interprets (C1
 * controls, bidi and separator characters) written as \u escapes: the same data, nothing that acts.
 */
export function escapeJsonText(json: string): string {
  // eslint-disable-next-line no-control-regex
  return json.replace(/[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
