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

/** Wraps text to a width, indenting continuation lines; keeps output sensible in 80 columns. */
export function wrap(text: string, width: number, indent: string): string {
  const words = text.split(/\s+/).filter(Boolean);
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
  return lines.join(`\n${indent}`);
}
