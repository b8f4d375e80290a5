// What a change after a signature means to someone reading the document: "page 1's content changed", "a
// page was added", "the form field Name's value changed", "an annotation was added on page 2". The rules
// (rules.ts, analyse.ts) say which kind of change each finding is, with its page, field or annotation type;
// this one table turns the kind into words. The object detail (object numbers, keys such as /Contents[0])
// stays in the finding's text, shown below the words.
import { quoteName } from "../../report/quoted-name.js";

/** What kind of change a finding is, as a reader of the document would notice it. */
export type ChangeKind =
  | "page-content"
  | "page-geometry"
  | "page-added"
  | "page-removed"
  | "pages-rearranged"
  | "annotation-added"
  | "annotation-changed"
  | "annotation-removed"
  | "form-field-value"
  | "form-field-appearance"
  | "form-field-added"
  | "form-changed"
  | "signature-added"
  | "signature-changed"
  | "document-timestamp"
  | "validation-data"
  | "metadata"
  | "document-information"
  | "attachment"
  | "document-action"
  | "catalog"
  | "structure"
  | "other";

/** A finding as a reader would notice it: its kind, and where (page counted from 1, field's full name, annotation type). */
export interface ReaderChange {
  readonly kind: ChangeKind;
  readonly page?: number;
  readonly field?: string;
  readonly annotation?: string;
}

/**
 * The kinds, most visible to a reader first (attack-s4 W1b): page content, geometry, pages, annotations, the
 * form, signatures, then what no page shows (catalog, metadata, document information, …). A statement that
 * shows only the first few changes shows these first.
 */
const VISIBILITY: readonly ChangeKind[] = [
  "page-content",
  "page-geometry",
  "page-added",
  "page-removed",
  "pages-rearranged",
  "annotation-added",
  "annotation-changed",
  "annotation-removed",
  "form-field-value",
  "form-field-appearance",
  "form-field-added",
  "form-changed",
  "signature-added",
  "signature-changed",
  "document-action",
  "attachment",
  "catalog",
  "metadata",
  "document-information",
  "document-timestamp",
  "validation-data",
  "structure",
  "other",
];

/** A kind's rank by visibility: 0 is what a reader sees first. */
export function visibility(kind: ChangeKind): number {
  const i = VISIBILITY.indexOf(kind);
  return i < 0 ? VISIBILITY.length : i;
}

/** The longest name of the changed file quoted in the words. */
const QUOTED_MAX = 40;

/**
 * A name taken from the changed revision (a field's name, an annotation's subtype), quoted as data with an
 * allow-list (report/quoted-name.ts: attack-s4 W1c, attack-s5 W2), and cut visibly.
 */
export function quotedName(v: string): string {
  return quoteName(v, QUOTED_MAX);
}

/** An annotation subtype as a word when it is one (Square, FreeText), else quoted as data. */
const annotationType = (t: string) => (/^[A-Za-z][A-Za-z0-9]{0,39}$/.test(t) ? t : quotedName(t));
const onPage = (c: ReaderChange) => (c.page !== undefined ? ` on page ${c.page}` : "");
const field = (c: ReaderChange) => (c.field !== undefined ? `the form field ${quotedName(c.field)}` : "a form field");

/** The one table: each kind in a reader's words. */
const WORDS: Record<ChangeKind, (c: ReaderChange) => string> = {
  "page-content": (c) => (c.page !== undefined ? `page ${c.page}'s content changed` : "a page's content changed"),
  "page-geometry": (c) => `${c.page !== undefined ? `page ${c.page}'s` : "a page's"} size, cropping or rotation changed`,
  "page-added": () => "a page was added",
  "page-removed": () => "a page was removed",
  "pages-rearranged": () => "the pages were rearranged",
  "annotation-added": (c) => `${c.annotation ? `a ${annotationType(c.annotation)} annotation` : "an annotation"} was added${onPage(c)}`,
  "annotation-changed": (c) => `an annotation${onPage(c)} changed`,
  "annotation-removed": (c) => `an annotation was removed${c.page !== undefined ? ` from page ${c.page}` : ""}`,
  "form-field-value": (c) => `${field(c)}'s value changed`,
  "form-field-appearance": (c) => `${field(c)}'s appearance changed`,
  "form-field-added": (c) => `a form field was added${onPage(c)}`,
  "form-changed": () => "the form's fields or settings changed",
  "signature-added": (c) => `a signature was added${onPage(c)}`,
  "signature-changed": () => "a signature was replaced or rewritten",
  "document-timestamp": () => "a document timestamp was added",
  "validation-data": () => "validation data (certificates and revocation data) was added",
  metadata: () => "the document's metadata changed",
  "document-information": () => "the document information (title, author, dates) changed",
  attachment: () => "an attached file was added, removed or changed",
  "document-action": () => "an action run when the document is opened was added or changed",
  catalog: () => "the document's catalog (its outline, names or viewer settings) changed",
  structure: () => "the file's structure was altered (objects deleted, redefined or replaced)",
  other: (c) => `an object of the document changed${onPage(c)}`,
};

export function readerWords(c: ReaderChange): string {
  return WORDS[c.kind](c);
}
