// Field locks (ISO 32000-1 §12.8.2.4 FieldMDP, §12.7.4.5 the signature field's /Lock, SigFieldLock): a signature
// may lock form fields (all, those named, or all but those named); a later change to a locked field is that
// signature's modification failure, as EU DSS judges it (its FieldMDP and SigFieldLock checks). The changes are
// the difference analysis's findings (analyse.ts) that name a field, in every revision after the signature's.
import type { PdfDocument, PdfView } from "../../input/pdf/document.js";
import { type PdfDict, type PdfObject, rawGet } from "../../input/pdf/objects.js";
import type { SignatureInfo } from "../../input/pdf/signatures.js";
import { decodeTextString } from "../../input/pdf/text.js";
import type { ChangeAnalysis } from "./analyse.js";
import type { Finding } from "./levels.js";
import type { ChangeKind } from "./reader.js";

export interface FieldLock {
  /** Where the lock is: the signature's /Reference FieldMDP transform, or its field's /Lock. */
  readonly source: "FieldMDP" | "Lock";
  readonly action: "All" | "Include" | "Exclude";
  /** Fully qualified field names (/Fields), for Include and Exclude. */
  readonly fields: readonly string[];
}

/** A changed field in these kinds changes what the field holds or shows. */
const FIELD_CHANGES: ReadonlySet<ChangeKind> = new Set(["form-field-value", "form-field-appearance", "signature-added", "form-changed", "form-field-added"]);

const MAX_LOCKED_NAMES = 1000;

function lockOf(view: PdfView, d: PdfDict | undefined, source: FieldLock["source"]): FieldLock | undefined {
  if (!d) return undefined;
  const action = view.resolve(rawGet(d, "Action"));
  if (action?.kind !== "name" || !["All", "Include", "Exclude"].includes(action.value)) return undefined;
  const names = view.resolve(rawGet(d, "Fields"));
  const fields: string[] = [];
  for (const item of names?.kind === "array" ? names.items.slice(0, MAX_LOCKED_NAMES) : []) {
    const s = view.resolve(item);
    if (s?.kind === "string") fields.push(decodeTextString(s.bytes));
  }
  return { source, action: action.value as FieldLock["action"], fields };
}

const asDict = (o: PdfObject | undefined): PdfDict | undefined => (o?.kind === "dict" ? o : undefined);

/** The locks a signature sets, as the revision it covers reads them: its FieldMDP transforms and its field's /Lock. */
export function fieldLocks(view: PdfView, s: SignatureInfo): FieldLock[] {
  const out: FieldLock[] = [];
  const refs = view.resolve(rawGet(s.dict, "Reference"));
  for (const item of refs?.kind === "array" ? refs.items : []) {
    const r = asDict(view.resolve(item));
    const tm = r ? view.resolve(rawGet(r, "TransformMethod")) : undefined;
    if (tm?.kind !== "name" || tm.value !== "FieldMDP") continue;
    const lock = lockOf(view, asDict(view.resolve(rawGet(r!, "TransformParams"))), "FieldMDP");
    if (lock) out.push(lock);
  }
  const field = s.fieldRef ? asDict(view.resolve(s.fieldRef)) : undefined;
  const lock = field ? lockOf(view, asDict(view.resolve(rawGet(field, "Lock"))), "Lock") : undefined;
  if (lock) out.push(lock);
  return out;
}

/** Whether `name` (or a field under it: "a.b" under "a") is among `names`. */
const named = (names: readonly string[], name: string) => names.some((n) => name === n || name.startsWith(`${n}.`));

function locks(lock: FieldLock, field: string): boolean {
  if (lock.action === "All") return true;
  return lock.action === "Include" ? named(lock.fields, field) : !named(lock.fields, field);
}

/** A change to a locked field after the signature, and the lock it breaks. */
export interface LockedChange {
  readonly finding: Finding;
  readonly lock: FieldLock;
}

/**
 * The changes after the signature (covering revision `covered`) to fields its locks lock: the first finding per
 * field and later revision that names the field (not the signature's own field: changing it is another failure),
 * at most `max`.
 */
export function lockedChanges(doc: PdfDocument, analysis: ChangeAnalysis, s: SignatureInfo, covered: number, max = 50): LockedChange[] {
  const ls = fieldLocks(doc.at(covered), s);
  if (!ls.length) return [];
  const out: LockedChange[] = [];
  // One per field and revision: a merged field and widget is judged as both, and says so twice.
  const seen = new Set<string>();
  for (let i = covered + 1; i < doc.revisions.length && out.length < max; i++) {
    for (const f of analysis.pair(i).findings) {
      const field = f.change.field;
      if (field === undefined || field === s.fieldName || !FIELD_CHANGES.has(f.change.kind) || seen.has(`${i}|${field}`)) continue;
      seen.add(`${i}|${field}`);
      const lock = ls.find((l) => locks(l, field));
      if (lock) out.push({ finding: f, lock });
      if (out.length >= max) break;
    }
  }
  return out;
}
