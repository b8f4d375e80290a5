// Text styling shared by the human renderers. Colour is decided by the caller (TTY, NO_COLOR).
import type { CheckStatus, Indication } from "../report/types.js";

export interface Style {
  colour: boolean;
}

const CODES = { red: 31, green: 32, yellow: 33, blue: 34, grey: 90, bold: 1 } as const;
export type Colour = keyof typeof CODES;

export function paint(style: Style, colour: Colour, text: string): string {
  return style.colour ? `\u001b[${CODES[colour]}m${text}\u001b[0m` : text;
}

/** ASCII marks, readable without colour and in any terminal font. */
export const MARKS: Readonly<Record<CheckStatus, string>> = {
  passed: "[ok]",
  failed: "[FAIL]",
  indeterminate: "[??]",
  warning: "[warn]",
  skipped: "[skip]",
};

const STATUS_COLOUR: Record<CheckStatus, Colour> = {
  passed: "green",
  failed: "red",
  indeterminate: "yellow",
  warning: "yellow",
  skipped: "grey",
};

export function mark(style: Style, status: CheckStatus): string {
  return paint(style, STATUS_COLOUR[status], MARKS[status].padEnd(6));
}

export function indicationColour(indication: Indication): Colour {
  return indication === "TOTAL-PASSED" ? "green" : indication === "TOTAL-FAILED" ? "red" : "yellow";
}

/** A digest or fingerprint as one word (hex, at least 32 digits: SHA-1, SHA-256, …). */
const DIGEST = /^[0-9A-Fa-f]{32,}[.,;:)]?$/;

/** A digest split into fixed groups of 8 digits (a trailing punctuation mark stays with the last group). */
export function digestGroups(word: string): string[] {
  return word.match(/[0-9A-Fa-f]{1,8}[.,;:)]?$|[0-9A-Fa-f]{8}/g) ?? [word];
}

/**
 * A name or value from the evidence shown as it is, on one line, cut visibly at `width` characters: wrapped, its next
 * lines would stand at an indent the report uses for its own lines (a15). The whole is in the JSON report.
 */
export function oneLine(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(1, width - 1)).join("")}…`;
}

/**
 * A name from the evidence as quoteName writes it (quotation marks, `\"` and `\\` inside): wrap() keeps it whole on
 * one line, so that a line never starts inside one (a15: a name's words continued on the next line read as the
 * report's own "SHA-256 <fingerprint>" and "Decides the seal" lines; a line that starts with a quotation mark is data).
 */
const QUOTED = /"(?:[^"\\\n]|\\.)*"/g;
/** Stands for a space inside a quoted name while words are split (NUL: safeText has escaped any in the text). */
const KEPT_SPACE = "\u0000";

/**
 * Wraps text to a width, indenting continuation lines; keeps output sensible in 80 columns. Lines break
 * only between words: a digest moves whole to the next line, and one longer than the width is written in
 * fixed groups of 8 digits, so that it never breaks mid-group (a terminal would wrap it anywhere). A quoted name
 * is one word: it moves whole to the next line (and stands alone there, past the width if it must).
 */
export function wrap(text: string, width: number, indent: string): string {
  const words = text
    .replace(QUOTED, (q) => q.replace(/ /g, KEPT_SPACE))
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => (w.length > width && DIGEST.test(w) ? digestGroups(w) : [w]));
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else {
      line = line ? `${line} ${w}` : w;
    }
  }
  if (line) lines.push(line);
  return lines.join(`\n${indent}`).replaceAll(KEPT_SPACE, " ");
}
