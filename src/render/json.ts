// The JSON report: the report object as is, stable key order, no colour, nothing else on stdout. Characters
// JSON.stringify leaves raw but a terminal acts on (C1 controls, bidi overrides) are written as \u escapes.
import { escapeJsonText } from "./sanitize.js";

export function renderJson(report: object): string {
  return `${escapeJsonText(JSON.stringify(report, null, 2))}\n`;
}
