// The allow-list: for each context an object is used in (see input/pdf/graph.ts), which differences between
// two revisions are long-term-validation data, form filling, annotations, or anything else. A difference no
// rule names is "other". Rules compare resolved values: a key whose value moved from one object to another
// (or from a reference to a direct value) is compared by content, a direct dictionary like an indirect one.
import type { PdfView } from "../../input/pdf/document.js";
import { fieldType, type GraphContext } from "../../input/pdf/graph.js";
import { FormatError } from "../../errors.js";
import { bytesEqual, type PdfDict, type PdfObject, type PdfStream, pdfEquals, rawGet } from "../../input/pdf/objects.js";
import type { ChangeLevel } from "./levels.js";

/** What a rule needs: the two views, whether an object is new in the later one, and where to report. */
export interface RuleContext {
  readonly before: PdfView;
  readonly after: PdfView;
  /** True when object `num` exists in `after` but not in `before`. */
  isNew(num: number): boolean;
  /** "page 3" for a page object number of `after` (or `before`), else undefined. */
  pageOf(num: number): string | undefined;
  report(level: ChangeLevel, text: string): void;
}

type ValueRule = (r: RuleContext, before: PdfObject | undefined, after: PdfObject | undefined, where: string) => void;

const asDict = (o: PdfObject | undefined): PdfDict | undefined => (o?.kind === "dict" ? o : o?.kind === "stream" ? o.dict : undefined);
const asArray = (o: PdfObject | undefined): readonly PdfObject[] => (o?.kind === "array" ? o.items : []);

/** A fixed level for any difference under this key. */
const level =
  (l: ChangeLevel, what: string): ValueRule =>
  (r, _b, _a, where) =>
    r.report(l, `${where}: ${what}`);

/**
 * Equal content, references followed on both sides: an object rewritten under a new number with the same
 * content is no change. Pairs already being compared count as equal (cycles); `budget` bounds the work, and
 * running out counts as "not equal".
 */
export function sameContent(
  a: PdfView,
  x: PdfObject | undefined,
  b: PdfView,
  y: PdfObject | undefined,
  budget = { left: 20_000 },
  seen = new Set<string>(),
): boolean {
  if (--budget.left < 0) return false;
  if (x?.kind === "ref" && y?.kind === "ref") {
    const key = `${x.num}.${x.gen}:${y.num}.${y.gen}`;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  const u = x?.kind === "ref" ? a.resolve(x) : x;
  const v = y?.kind === "ref" ? b.resolve(y) : y;
  if (u === undefined || v === undefined || u.kind === "null" || v.kind === "null")
    return (u === undefined || u.kind === "null") && (v === undefined || v.kind === "null");
  if (u.kind === "array") {
    return v.kind === "array" && u.items.length === v.items.length && u.items.every((e, i) => sameContent(a, e, b, v.items[i], budget, seen));
  }
  const du = asDict(u);
  const dv = asDict(v);
  if (du || dv) {
    if (!du || !dv || u.kind !== v.kind) return false;
    if (u.kind === "stream" && v.kind === "stream" && !sameStreamData(a, u, b, v)) return false;
    const keys = new Set([...du.entries.keys(), ...dv.entries.keys()]);
    for (const k of keys) {
      if (u.kind === "stream" && k === "Length") continue;
      if (!sameContent(a, rawGet(du, k), b, rawGet(dv, k), budget, seen)) return false;
    }
    return true;
  }
  return pdfEquals(u, v);
}

/** Stream data compared raw, and decoded (bounded) only when the raw bytes differ. */
export function sameStreamData(a: PdfView, x: PdfStream, b: PdfView, y: PdfStream): boolean {
  if (bytesEqual(a.rawStreamData(x), b.rawStreamData(y))) return true;
  try {
    return bytesEqual(a.decode(x), b.decode(y));
  } catch (e) {
    if (e instanceof FormatError) return false; // undecodable and not byte-identical: changed
    throw e;
  }
}

/**
 * Compares two dictionaries key by key. A key whose raw values are equal is no difference here (a
 * referenced object that changed is judged on its own); otherwise the key's rule decides, with both values
 * resolved in their own revision. Keys without a rule may not differ.
 */
function compareDicts(
  r: RuleContext,
  before: PdfDict | undefined,
  after: PdfDict | undefined,
  where: string,
  keys: Readonly<Record<string, ValueRule>>,
  otherwise: ChangeLevel = "other",
): void {
  const all = new Set([...(before?.entries.keys() ?? []), ...(after?.entries.keys() ?? [])]);
  for (const k of all) {
    const x = before ? rawGet(before, k) : undefined;
    const y = after ? rawGet(after, k) : undefined;
    if (x === undefined && y === undefined) continue;
    if (x !== undefined && y !== undefined && pdfEquals(x, y)) continue;
    if (sameContent(r.before, x, r.after, y)) continue; // moved to another object, or made direct, with the same content
    const rule = Object.hasOwn(keys, k) ? keys[k] : undefined;
    const at = `${where} /${k}`;
    if (!rule) {
      r.report(otherwise, `${at} ${x === undefined ? "added" : y === undefined ? "removed" : "changed"}`);
      continue;
    }
    rule(r, x === undefined ? undefined : r.before.resolve(x), y === undefined ? undefined : r.after.resolve(y), at);
  }
}

/** A signature value (/V of a signature field) that is new in `after`: a document timestamp is LTV, a signature is signing. */
function newSignatureLevel(r: RuleContext, v: PdfObject | undefined): ChangeLevel {
  const d = asDict(r.after.resolve(v));
  if (!d) return "other";
  const type = r.after.resolve(rawGet(d, "Type"));
  const sub = r.after.resolve(rawGet(d, "SubFilter"));
  const isTs = (type?.kind === "name" && type.value === "DocTimeStamp") || (sub?.kind === "name" && sub.value === "ETSI.RFC3161");
  return isTs ? "ltv" : "form-fill";
}

/** The /V of a field or of its nearest ancestor that has one. */
function fieldValue(view: PdfView, d: PdfDict): PdfObject | undefined {
  let cur: PdfDict | undefined = d;
  for (let i = 0; cur && i < 32; i++) {
    const v = rawGet(cur, "V");
    if (v !== undefined) return v;
    cur = asDict(view.resolve(rawGet(cur, "Parent")));
  }
  return undefined;
}

/** A field new in `after` (listed in /Fields or the /Kids of one): only signature fields are signing or LTV. */
function newFieldLevel(r: RuleContext, field: PdfDict): ChangeLevel {
  if (fieldType(field, r.after) !== "Sig") return "other";
  const v = fieldValue(r.after, field);
  return v === undefined ? "form-fill" : newSignatureLevel(r, v);
}

/** Arrays of references where earlier items must stay in place and new items are judged one by one. */
function compareAppended(
  r: RuleContext,
  before: PdfObject | undefined,
  after: PdfObject | undefined,
  where: string,
  removed: ChangeLevel,
  judgeNew: (item: PdfObject, at: string) => void,
): void {
  const a = asArray(before);
  const b = asArray(after);
  if ((before !== undefined && before.kind !== "array") || (after !== undefined && after.kind !== "array")) {
    r.report("other", `${where} is not an array`);
    return;
  }
  const kept = a.every((x, i) => b[i] !== undefined && pdfEquals(x, b[i] as PdfObject));
  if (!kept) r.report(removed, `${where}: entries of the signed revision were removed or reordered`);
  for (let i = kept ? a.length : 0; i < b.length; i++) {
    const item = b[i] as PdfObject;
    if (!kept && a.some((x) => pdfEquals(x, item))) continue;
    judgeNew(item, `${where}[${i}]`);
  }
}

/** A page's /Annots: existing entries kept, new entries only widgets of new signature fields (or annotations). */
const annotsRule: ValueRule = (r, before, after, where) =>
  compareAppended(r, before, after, where, "annotation", (item, at) => {
    if (item.kind === "ref" && !r.isNew(item.num)) {
      r.report("annotation", `${at}: existing object ${item.num} was put on the page as an annotation`);
      return;
    }
    const d = asDict(r.after.resolve(item));
    if (!d) return r.report("other", `${at} is not an annotation dictionary`);
    const subtype = r.after.resolve(rawGet(d, "Subtype"));
    const sub = subtype?.kind === "name" ? subtype.value : "(none)";
    if (sub !== "Widget") return r.report("annotation", `${at}: a ${sub} annotation was added`);
    const lvl = fieldType(d, r.after) === "Sig" ? newFieldLevel(r, d) : "annotation";
    if (lvl === "ltv" && isVisible(r.after, d)) {
      r.report("form-fill", `${at}: a document timestamp's widget was added with a visible appearance`);
      return;
    }
    r.report(lvl, `${at}: the widget of a ${lvl === "ltv" ? "document timestamp" : "new signature field"} was added`);
  });

/** /AcroForm /Fields: existing fields kept, new fields judged by what they hold. */
const fieldsRule: ValueRule = (r, before, after, where) =>
  compareAppended(r, before, after, where, "other", (item, at) => {
    if (item.kind === "ref" && !r.isNew(item.num)) return r.report("other", `${at}: existing object ${item.num} was listed as a form field`);
    const d = asDict(r.after.resolve(item));
    if (!d) return r.report("other", `${at} is not a field dictionary`);
    const lvl = newFieldLevel(r, d);
    r.report(lvl, `${at}: a ${lvl === "ltv" ? "document timestamp" : lvl === "form-fill" ? "signature" : "form"} field was added`);
  });

/** A widget whose rectangle has an area and that is neither hidden nor unprinted-and-unviewed draws on the page. */
function isVisible(view: PdfView, d: PdfDict): boolean {
  const rect = view.resolve(rawGet(d, "Rect"));
  const n = rect?.kind === "array" ? rect.items.map((x) => view.resolve(x)).map((x) => (x?.kind === "number" ? x.value : 0)) : [];
  const area = n.length === 4 ? Math.abs(((n[2] as number) - (n[0] as number)) * ((n[3] as number) - (n[1] as number))) : 0;
  const f = view.resolve(rawGet(d, "F"));
  const flags = f?.kind === "number" ? f.value : 0;
  const hidden = (flags & 2) !== 0 || (flags & 32) !== 0; // Hidden, NoView
  return area > 0 && !hidden;
}

const acroformKeys: Record<string, ValueRule> = {
  Fields: fieldsRule,
  DA: level("ltv", "default appearance for new signature fields"),
  DR: level("ltv", "default resources for new signature fields"),
  SigFlags: level("ltv", "signature flags"),
  NeedAppearances: level("form-fill", "appearances to be regenerated"),
};

const acroformRule: ValueRule = (r, before, after, where) => {
  compareDicts(r, asDict(before), asDict(after), where, acroformKeys);
  // Viewers told to regenerate field appearances draw them with /DR: then a changed /DR changes what fields show.
  const a = asDict(after);
  const need = a ? r.after.resolve(rawGet(a, "NeedAppearances")) : undefined;
  const b = asDict(before);
  if (need?.kind === "boolean" && need.value && !sameContent(r.before, b ? rawGet(b, "DR") : undefined, r.after, a ? rawGet(a, "DR") : undefined)) {
    r.report("form-fill", `${where} /DR: default resources changed while viewers regenerate field appearances (/NeedAppearances)`);
  }
};

const catalogKeys: Record<string, ValueRule> = {
  DSS: level("ltv", "document security store (validation data)"),
  Extensions: level("ltv", "extensions (ESIC)"),
  Metadata: level("ltv", "XMP metadata"),
  AcroForm: acroformRule,
};

const infoKeys: Record<string, ValueRule> = { ModDate: level("ltv", "modification date") };

const fieldKeys = (sig: boolean): Record<string, ValueRule> => ({
  V: (r, before, after, where) => {
    if (sig && before === undefined) {
      const lvl = newSignatureLevel(r, after);
      return r.report(lvl, `${where}: an empty signature field was ${lvl === "ltv" ? "given a document timestamp" : "signed"}`);
    }
    r.report(sig ? "other" : "form-fill", `${where}: ${sig ? "the signature value was replaced or removed" : "the field value changed"}`);
  },
  AP: level("form-fill", "appearance"),
  AS: level("form-fill", "appearance state"),
  MK: level("form-fill", "appearance characteristics"),
});

/** Per context: what a change of an object used there (same number, other content) may be. */
const OBJECT_RULES: Record<GraphContext, (r: RuleContext, before: PdfObject, after: PdfObject, where: string) => void> = {
  trailer: (r, b, a, w) => compareDicts(r, asDict(b), asDict(a), w, {}),
  catalog: (r, b, a, w) => compareDicts(r, asDict(b), asDict(a), w, catalogKeys),
  info: (r, b, a, w) => compareDicts(r, asDict(b), asDict(a), w, infoKeys, "form-fill"),
  "page-tree": (r, b, a, w) => compareDicts(r, asDict(b), asDict(a), w, { Annots: annotsRule }),
  annots: annotsRule,
  annotation: (r, b, a, w) => {
    const d = asDict(a);
    const sub = d ? r.after.resolve(rawGet(d, "Subtype")) : undefined;
    if (sub?.kind === "name" && sub.value === "Widget") compareDicts(r, asDict(b), d, w, fieldKeys(fieldType(d, r.after) === "Sig"), "annotation");
    else r.report("annotation", `${w}: an annotation changed`);
  },
  field: (r, b, a, w) => compareDicts(r, asDict(b), asDict(a), w, fieldKeys(fieldType(asDict(a), r.after) === "Sig")),
  fields: fieldsRule,
  acroform: (r, b, a, w) => acroformRule(r, b, a, w),
  "acroform-resources": (r, _b, _a, w) => r.report("ltv", `${w}: default resources of the form`),
  "widget-appearance": (r, _b, _a, w) => r.report("form-fill", `${w}: a form field's appearance changed`),
  "annotation-appearance": (r, _b, _a, w) => r.report("annotation", `${w}: an annotation's appearance changed`),
  sig: (r, _b, _a, w) => r.report("other", `${w}: a signature dictionary was rewritten`),
  dss: (r, _b, _a, w) => r.report("ltv", `${w}: validation data (DSS)`),
  extensions: (r, _b, _a, w) => r.report("ltv", `${w}: extensions`),
  metadata: (r, _b, _a, w) => r.report("ltv", `${w}: XMP metadata`),
  generic: (r, _b, _a, w) => r.report("other", `${w} changed`),
};

/** Judges one changed object (same number in both revisions, other content) in one context. */
export function judgeChangedObject(r: RuleContext, context: GraphContext, num: number, before: PdfObject, after: PdfObject, location: string): void {
  const page = r.pageOf(num);
  // Where a plain object sits (page 3 /Contents) says what it is; structural objects name themselves.
  OBJECT_RULES[context](r, before, after, `${describeContext(context)} ${num} 0 R${page ? ` (${page})` : context === "generic" ? location : ""}`);
}

/** The trailer of a later revision against the earlier one: bookkeeping keys may differ, nothing else. */
export function judgeTrailer(r: RuleContext, before: PdfDict, after: PdfDict): void {
  const root = rawGet(after, "Root");
  if (root?.kind !== "ref") r.report("other", "trailer /Root is not an indirect reference");
  const keys = new Set([...before.entries.keys(), ...after.entries.keys()]);
  const ignored = [...keys].filter((k) => !["Root", "Info", "Encrypt"].includes(k));
  compareDicts(r, before, after, "trailer", {
    // Readers use only /Root, /Info and /Encrypt of a trailer (and the xref bookkeeping); the graph walk
    // does not follow the others either.
    ...Object.fromEntries(ignored.map((k) => [k, () => undefined])),
    Root: (rc, b, a, w) => OBJECT_RULES.catalog(rc, b ?? EMPTY, a ?? EMPTY, `${w} (another catalog)`),
    Info: (rc, b, a, w) => compareDicts(rc, asDict(b), asDict(a), `${w} (another document information)`, infoKeys, "form-fill"),
  });
}

const EMPTY: PdfDict = { kind: "dict", entries: new Map() };

/** Contexts in which a newly defined object is validation data, not content. */
export const LTV_CONTEXTS: ReadonlySet<GraphContext> = new Set(["dss", "extensions", "metadata", "acroform-resources"]);

export function describeContext(c: GraphContext): string {
  switch (c) {
    case "page-tree":
      return "page-tree node";
    case "annots":
      return "annotation list";
    case "acroform":
      return "form (AcroForm)";
    case "acroform-resources":
      return "form resource";
    case "fields":
      return "form field list";
    case "field":
      return "form field";
    case "sig":
      return "signature dictionary";
    case "dss":
      return "validation data";
    case "info":
      return "document information";
    case "widget-appearance":
      return "field appearance";
    case "annotation-appearance":
      return "annotation appearance";
    case "generic":
      return "object";
    default:
      return c;
  }
}
