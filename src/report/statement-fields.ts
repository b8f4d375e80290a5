// What the person filing a statement adds to it: a case reference and the auditor's name. Neither is
// evidence nor verified; both are printed as given, on the first page of the statement and in the JSON
// report (`statement`). Validated by an allow-list (letters, marks, digits, punctuation, symbols and spaces,
// bounded length): a control character, a line break or a bidi override could otherwise rewrite what a
// filed statement appears to say.
import { SealcheckError } from "../errors.js";

/** The fields as given to verifyArchive (`statement`). */
export interface StatementFields {
  /** The case, file or ticket the verification belongs to (`--case-ref`). */
  caseReference?: string;
  /** Who ran the verification and files the statement (`--auditor`). */
  auditor?: string;
}

/** As the report carries them (`statement`): null when not given. */
export interface StatementInfo {
  caseReference: string | null;
  auditor: string | null;
}

/** Characters at most, counted as code points. */
export const STATEMENT_FIELD_MAX = 120;

const ALLOWED = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]+$/u;

/** Why a value cannot be printed on a statement, or null when it can. */
export function statementFieldProblem(value: unknown): string | null {
  if (typeof value !== "string") return `expected text, got ${value === null ? "null" : typeof value}`;
  if (value.trim() === "") return "empty";
  const length = [...value].length;
  if (length > STATEMENT_FIELD_MAX) return `${length} characters, more than the ${STATEMENT_FIELD_MAX} a statement prints`;
  if (!ALLOWED.test(value)) {
    const bad = [...value].find((c) => !ALLOWED.test(c))!;
    const code = `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    return `holds ${code}, which is not a letter, digit, punctuation mark, symbol or space (control characters, line breaks, tabs and bidi controls are refused)`;
  }
  return null;
}

/**
 * The report's `statement`, or undefined when neither field was given. `names` says how the caller calls
 * the fields in its error messages (the library's option names, or the command line's flags).
 */
export function statementInfo(
  fields: StatementFields | undefined,
  names: Record<keyof StatementFields, string> = { caseReference: "statement.caseReference", auditor: "statement.auditor" },
): StatementInfo | undefined {
  if (fields === undefined) return undefined;
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
    throw new SealcheckError(
      "ERR_USAGE",
      'statement: expected { caseReference?, auditor? }, for example { caseReference: "2026-0142", auditor: "J. Jensen" }',
      {
        option: "statement",
      },
    );
  }
  const out: StatementInfo = { caseReference: null, auditor: null };
  for (const key of ["caseReference", "auditor"] as const) {
    const v = fields[key];
    if (v === undefined) continue;
    const problem = statementFieldProblem(v);
    if (problem) throw new SealcheckError("ERR_USAGE", `${names[key]}: ${problem}`, { option: names[key] });
    out[key] = v.trim();
  }
  return out.caseReference === null && out.auditor === null ? undefined : out;
}
