// The allow-list: for each context an object is used in (see input/pdf/graph.ts), which differences between
// two revisions are long-term-validation data, metadata, form filling, annotations, or anything else. A
// difference no rule names is "other". Whether an object changed at all is decided on its whole value
// (compare.ts); these rules only say how far a change goes. "ltv" comes only from the strict rules below: a
// DSS, a document timestamp that is one (its field, its invisible widget, its /Fields and /Annots entries),
// /SigFlags, and the developer extension levels PAdES writers raise with them. Rules compare resolved values: a
// key whose value moved from one object to another (or from a reference to a direct value) is compared by content
// where it is a move (compare.ts isMove), a direct dictionary like an indirect one.
import { FormatError } from "../../errors.js";
import type { PdfView } from "../../input/pdf/document.js";
import { walkPages } from "../../input/pdf/pages.js";
import { fieldType, type GraphContext } from "../../input/pdf/graph.js";
import { type PdfDict, type PdfObject, type PdfRef, pdfEquals, rawGet, refKey } from "../../input/pdf/objects.js";
import { coveredRevision } from "../../input/pdf/signatures.js";
import type { Comparer } from "./compare.js";
import type { Allowance, ChangeLevel } from "./levels.js";
import { decodeTextString } from "../../input/pdf/text.js";
import type { ChangeKind, ReaderChange } from "./reader.js";
import { pdfName, quoteName } from "../../report/quoted-name.js";

/**
 * Where the rules are judging, for a reader: the object's context, the kind of change anything found there is
 * unless a rule says otherwise, and its page and field. Set for each judged object (judgeChangedObject,
 * judgeTrailer) and read when a finding is reported.
 */
export interface Locus {
  readonly context: GraphContext | "trailer";
  readonly kind: ChangeKind;
  readonly page?: number;
  readonly field?: string;
}

/**
 * Where a finding sits, if the rule knows better than the locus (an annotation's type, another page), and the LTV
 * writer's bookkeeping it is, which a validation policy may let pass (levels.ts Finding.allowance).
 */
export type ReportExtra = Partial<Omit<ReaderChange, "kind">> & { allowance?: Allowance; addsValidationData?: true };

/** What a rule needs: the two views, whether an object is new in the later one, and where to report. */
export interface RuleContext {
  readonly before: PdfView;
  readonly after: PdfView;
  /** The pair's comparer (one budget and memo for every rule). */
  readonly cmp: Comparer;
  /** Per pair: why a new field is not a document timestamp's (undefined: it is one), each field judged once. */
  readonly docTsFields: Map<string, string | undefined>;
  /** Per pair: the document timestamp fields whose empty /DR was reported (once each, whichever context finds it). */
  readonly docTsDr: Set<string>;
  /** Per pair: the /Kids of a document timestamp's field, as reference keys. */
  readonly kidSets: Map<string, ReadonlySet<string>>;
  /** True when object `num` exists in `after` but not in `before`. */
  isNew(num: number): boolean;
  /** The page number (from 1) of a page object of `after` (or `before`), else undefined. */
  pageOf(num: number): number | undefined;
  /** Pages in the revision before and in this one (undefined when a page tree cannot be read). */
  readonly pageCounts: { readonly before: number | undefined; readonly after: number | undefined };
  /** The page tree root's /Count in each (what poppler, qpdf and pdf.js give as the number of pages; a12 P1b). */
  readonly shownPageCounts: { readonly before: number | undefined; readonly after: number | undefined };
  /** Where the rules are judging now; a report without a kind takes the locus's. */
  locus: Locus;
  report(level: ChangeLevel, text: string, kind?: ChangeKind, extra?: ReportExtra): void;
}

type ValueRule = (r: RuleContext, before: PdfObject | undefined, after: PdfObject | undefined, where: string) => void;

const asDict = (o: PdfObject | undefined): PdfDict | undefined => (o?.kind === "dict" ? o : o?.kind === "stream" ? o.dict : undefined);
const asArray = (o: PdfObject | undefined): readonly PdfObject[] => (o?.kind === "array" ? o.items : []);

/** A fixed level (and kind, else the locus's) for any difference under this key. */
const level =
  (l: ChangeLevel, what: string, kind?: ChangeKind): ValueRule =>
  (r, _b, _a, where) =>
    r.report(l, `${where}: ${what}`, kind);

/** Keys of a page that say where and how large it is drawn. */
const GEOMETRY_KEYS: ReadonlySet<string> = new Set(["MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox", "Rotate", "UserUnit"]);

/** A change of the page tree's structure, by how the number of pages moved: the leaves, else the /Count readers show. */
function pagesChange(r: RuleContext): ChangeKind {
  for (const { before, after } of [r.pageCounts, r.shownPageCounts]) {
    if (before !== undefined && after !== undefined && before !== after) return after > before ? "page-added" : "page-removed";
  }
  return "pages-rearranged";
}

/** The kind of a change of key `k` where no rule names it, when the key says more than the locus. */
function keyKind(r: RuleContext, k: string): ChangeKind | undefined {
  const ctx = r.locus.context;
  if (ctx === "catalog") return k === "OpenAction" || k === "AA" ? "document-action" : k === "Pages" ? pagesChange(r) : undefined;
  if (ctx === "page-tree") return GEOMETRY_KEYS.has(k) ? "page-geometry" : k === "Kids" || k === "Count" || k === "Parent" ? pagesChange(r) : undefined;
  return undefined;
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
    const rule = Object.hasOwn(keys, k) ? keys[k] : undefined;
    // Moved to another object, or made direct, with the same content: no change where only content counts.
    // Where identity counts (a rule judges the key; readers link fields, widgets, pages and signatures by
    // reference), the rule judges it: a copy of the seal's field listed in its place is another field.
    if (!rule && !IDENTITY_KEYS.has(k) && r.cmp.sameContent(x, y)) continue;
    const at = `${where} ${pdfName(k)}`;
    if (!rule) {
      r.report(otherwise, `${at} ${x === undefined ? "added" : y === undefined ? "removed" : "changed"}`, keyKind(r, k));
      continue;
    }
    rule(r, x === undefined ? undefined : r.before.resolve(x), y === undefined ? undefined : r.after.resolve(y), at);
  }
}

/** Keys a document timestamp's signature dictionary may have (ISO 32000-2 §12.8.5; ETSI EN 319 142-1 §5.4). */
const DOC_TS_SIG_KEYS = new Set(["Type", "Filter", "SubFilter", "ByteRange", "Contents", "M", "Prop_Build", "V"]);
/** Keys of a document timestamp's field and widget: what a signature field and an invisible widget need, no actions. */
const DOC_TS_FIELD_KEYS = new Set([
  "Type",
  "Subtype",
  "FT",
  "T",
  "TU",
  "TM",
  "Ff",
  "V",
  "F",
  "Rect",
  "P",
  "AP",
  "MK",
  "DA",
  "Kids",
  "Parent",
  "Border",
  "BS",
  "StructParent",
]);

const isNew = (r: RuleContext, o: PdfObject | undefined): boolean => o !== undefined && (o.kind !== "ref" || r.isNew(o.num));
const nameOf = (view: PdfView, o: PdfObject | undefined): string | undefined => {
  const v = view.resolve(o);
  return v?.kind === "name" ? v.value : undefined;
};

/**
 * Why a signature value new in `after` is not a document timestamp that covers everything before it, or
 * undefined when it is one: /SubFilter /ETSI.RFC3161, /Type /DocTimeStamp or none, only the keys a timestamp
 * has, and a byte range from 0 to the end of the revision that adds it. Whether the token verifies over those
 * bytes is judged with every other signature (document-timestamps), which a failing timestamp fails.
 */
function notDocTimestamp(r: RuleContext, v: PdfObject | undefined): string | undefined {
  if (!isNew(r, v)) return "its value is not a new signature dictionary";
  const d = asDict(r.after.resolve(v));
  if (d?.kind !== "dict") return "its value is not a signature dictionary";
  if (nameOf(r.after, rawGet(d, "SubFilter")) !== "ETSI.RFC3161") return "its /SubFilter is not /ETSI.RFC3161";
  const type = rawGet(d, "Type");
  if (type !== undefined && nameOf(r.after, type) !== "DocTimeStamp") return "its /Type is not /DocTimeStamp";
  const extra = [...d.entries.keys()].filter((k) => !DOC_TS_SIG_KEYS.has(k));
  if (extra.length) return `its signature dictionary has ${pdfNames(extra)}`;
  const br = rawGet(d, "ByteRange");
  const items = br?.kind === "array" ? br.items : [];
  const nums = items.map((x) => (x.kind === "number" && x.integer ? x.value : NaN));
  if (nums.length !== 4 || nums[0] !== 0 || coveredRevision(r.after.doc, nums) !== r.after.index) {
    return "its /ByteRange does not cover everything from the file's start to the end of the revision that adds it";
  }
  return undefined;
}

/** /F as readers read it: an integer of 32 bits; anything else (a real, a larger number) reads as no flags. */
function annotationFlags(view: PdfView, d: PdfDict): number {
  const f = view.resolve(rawGet(d, "F"));
  return f?.kind === "number" && f.integer && f.value >= 0 && f.value <= 0x7fffffff ? f.value : 0;
}

// Annotation flags (ISO 32000-1 Table 165). A widget shows nothing only by this allow-list: Hidden (bit 2), or
// NoView (bit 6) with no flag but those that change nothing a reader shows or prints (Invisible, NoZoom, NoRotate,
// ReadOnly, Locked, LockedContents). Print (bit 3) prints it; ToggleNoView (bit 9) shows it while the mouse is over
// it (Acrobat; "an annotation that appears only when a mouse cursor is held over it": a12 V1); a reserved bit is one
// no reader defines yet, so it is no proof of anything.
const HIDDEN = 2;
const PRINT = 4;
const NO_VIEW = 32;
const TOGGLE_NO_VIEW = 256;
const NEUTRAL_FLAGS = 1 | 8 | 16 | 64 | 128 | 512;

/**
 * Why a widget may be shown, in words, or undefined when no reader shows it: its /Rect has no area, or its flags
 * are Hidden, or NoView with only neutral flags beside it. Anything else is visible.
 */
function visibleWidget(view: PdfView, d: PdfDict): string | undefined {
  const rect = view.resolve(rawGet(d, "Rect"));
  const n = rect?.kind === "array" ? rect.items.map((x) => view.resolve(x)).map((x) => (x?.kind === "number" ? x.value : NaN)) : [];
  if (n.length === 4 && n.every(Number.isFinite) && ((n[2] as number) - (n[0] as number)) * ((n[3] as number) - (n[1] as number)) === 0) return undefined;
  const flags = annotationFlags(view, d);
  if ((flags & HIDDEN) !== 0) return undefined;
  const shown = `a widget has an area and its flags (/F) read as ${flags}`;
  if ((flags & NO_VIEW) === 0) return `${shown}: it is visible (neither Hidden nor NoView)`;
  if ((flags & PRINT) !== 0) return `${shown}: it is visible when printed (NoView with Print)`;
  if ((flags & TOGGLE_NO_VIEW) !== 0) return `${shown}: it is visible while the mouse is over it (NoView with ToggleNoView)`;
  if ((flags & ~(NO_VIEW | NEUTRAL_FLAGS)) !== 0) return `${shown}: it may be visible (NoView with a flag no reader defines)`;
  return undefined;
}

/**
 * Why a field new in `after` is not a document timestamp's field, or undefined when it is: a new top-level
 * signature field (its own /FT /Sig, no /Parent), only the keys such a field has (no actions), a value that is a
 * document timestamp, and every widget (itself, or new /Kids whose /Parent is it) invisible.
 */
function notDocTimestampField(r: RuleContext, item: PdfObject): string | undefined {
  if (item.kind !== "ref") return "it is not an indirect object";
  const key = refKey(item);
  if (!r.docTsFields.has(key)) r.docTsFields.set(key, judgeDocTimestampField(r, item));
  return r.docTsFields.get(key);
}

/**
 * An empty direct /DR (default resources) on a document timestamp's field: iText 5's LtvTimestamp writes `/DR << >>` on
 * the field it merges with its invisible widget. Nothing draws from it (the widget has no area and an appearance of its
 * own, and the dictionary is empty); EU DSS 5.13.1 counts the field's creation as "extension". Read as a document
 * timestamp's field, with the /DR reported apart (reportDocTimestampDr): metadata, which the validation policy may let
 * pass as doc-timestamp-widget-dr.
 */
const hasEmptyDr = (d: PdfDict): boolean => {
  const dr = rawGet(d, "DR");
  return dr?.kind === "dict" && dr.entries.size === 0;
};

/** The empty /DR of the document timestamp field `field` (the item judged, or its /Parent), reported once per pair. */
function reportDocTimestampDr(r: RuleContext, field: PdfObject | undefined, at: string): void {
  if (field?.kind !== "ref" || r.docTsDr.has(refKey(field))) return;
  const d = asDict(r.after.resolve(field));
  if (!d || rawGet(d, "DR") === undefined) return;
  r.docTsDr.add(refKey(field));
  r.report("metadata", `${at}: the document timestamp's field has an empty /DR (default resources)`, "form-changed", {
    allowance: { change: "doc-timestamp-widget-dr", words: "a document timestamp's field and widget with an empty /DR (nothing draws from it)" },
  });
}

function judgeDocTimestampField(r: RuleContext, item: PdfRef): string | undefined {
  if (!isNew(r, item)) return "it is not a new object";
  const d = asDict(r.after.resolve(item));
  if (d?.kind !== "dict") return "it is not a dictionary";
  const extra = [...d.entries.keys()].filter((k) => !DOC_TS_FIELD_KEYS.has(k) && !(k === "DR" && hasEmptyDr(d)));
  if (extra.length) return `it has ${pdfNames(extra)}`;
  if (nameOf(r.after, rawGet(d, "FT")) !== "Sig") return "it is not a signature field of its own (/FT /Sig)";
  if (rawGet(d, "Parent") !== undefined) return "it has a /Parent";
  const why = notDocTimestamp(r, rawGet(d, "V"));
  if (why) return why;
  const kids = rawGet(d, "Kids");
  const widgets: PdfDict[] = nameOf(r.after, rawGet(d, "Subtype")) === "Widget" ? [d] : [];
  if (kids !== undefined) {
    const list = kids.kind === "array" ? kids.items : [];
    if (kids.kind !== "array" || list.length === 0 || widgets.length) return "its /Kids are not a list of widgets";
    r.cmp.spend(list.length);
    for (const k of list) {
      const w = asDict(r.after.resolve(k));
      const p = w ? rawGet(w, "Parent") : undefined;
      if (!isNew(r, k) || w?.kind !== "dict" || nameOf(r.after, rawGet(w, "Subtype")) !== "Widget") return "a kid is not a new widget";
      if (k.kind !== "ref") return "a kid is not an indirect object";
      if (!(p?.kind === "ref" && p.num === item.num && p.gen === item.gen)) return "a kid's /Parent is not the field";
      const wExtra = [...w.entries.keys()].filter((key) => !DOC_TS_FIELD_KEYS.has(key) || key === "V" || key === "FT" || key === "Kids");
      if (wExtra.length) return `a widget has ${pdfNames(wExtra)}`;
      widgets.push(w);
    }
  }
  for (const w of widgets) {
    const why = visibleWidget(r.after, w);
    if (why) return why;
  }
  return undefined;
}

/**
 * A widget new in `after`: the widget of a new document timestamp's field, either the field itself or one of
 * the kids that field lists (each kid is judged with its field: keys, invisibility). A widget that only names
 * the field as its /Parent, unlisted, is judged by nobody: it is not one.
 */
function notDocTimestampWidget(r: RuleContext, item: PdfObject, d: PdfDict): string | undefined {
  if (item.kind !== "ref") return "it is not an indirect object";
  if (rawGet(d, "FT") !== undefined || rawGet(d, "V") !== undefined || rawGet(d, "Kids") !== undefined) return notDocTimestampField(r, item);
  const parent = rawGet(d, "Parent");
  if (parent?.kind !== "ref") return "it belongs to no field";
  const why = notDocTimestampField(r, parent);
  if (why) return why;
  let kids = r.kidSets.get(refKey(parent));
  if (!kids) {
    const field = asDict(r.after.resolve(parent));
    const list = field ? r.after.resolve(rawGet(field, "Kids")) : undefined;
    kids = new Set(list?.kind === "array" ? list.items.flatMap((k) => (k.kind === "ref" ? [refKey(k)] : [])) : []);
    r.kidSets.set(refKey(parent), kids);
  }
  return kids.has(refKey(item)) ? undefined : "its field does not list it in /Kids";
}

/** Keys whose value readers follow by identity: a content-equal copy under them is not the same thing. */
const IDENTITY_KEYS: ReadonlySet<string> = new Set([
  "Annots",
  "Fields",
  "Kids",
  "Parent",
  "P",
  "V",
  "Perms",
  "DocMDP",
  "UR3",
  "AcroForm",
  "Pages",
  "Root",
  "Info",
  "Dests",
  "Names",
  "Data",
]);

/** A signature value (/V of a signature field) that is new in `after`: a document timestamp is LTV, a signature is signing. */
function newSignatureLevel(r: RuleContext, v: PdfObject | undefined): ChangeLevel {
  const d = asDict(r.after.resolve(v));
  if (!d) return "other";
  return notDocTimestamp(r, v) === undefined ? "ltv" : "form-fill";
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

/** A field new in `after` (listed in /Fields): a document timestamp's is LTV, another signature field signing, others "other". */
function newFieldLevel(r: RuleContext, item: PdfObject, field: PdfDict): { level: ChangeLevel; why?: string } {
  if (fieldType(field, r.after) !== "Sig") return { level: "other" };
  const why = notDocTimestampField(r, item);
  if (why === undefined) return { level: "ltv" };
  return { level: fieldValue(r.after, field) === undefined || asDict(r.after.resolve(fieldValue(r.after, field))) ? "form-fill" : "other", why };
}

/**
 * Arrays of references where the signed revision's items must all stay, in their order; new items (anywhere)
 * are judged one by one. Items are compared by identity (a set), never pair by pair.
 */
function compareAppended(
  r: RuleContext,
  before: PdfObject | undefined,
  after: PdfObject | undefined,
  where: string,
  removed: ChangeLevel,
  removedKind: ChangeKind,
  judgeNew: (item: PdfObject, at: string) => void,
): void {
  if ((before !== undefined && before.kind !== "array") || (after !== undefined && after.kind !== "array")) {
    r.report("other", `${where} is not an array`, "structure");
    return;
  }
  const a = asArray(before);
  const b = asArray(after);
  const key = (x: PdfObject) => (x.kind === "ref" ? refKey(x) : undefined);
  const afterPos = new Map<string, number>();
  b.forEach((x, i) => {
    const k = key(x);
    if (k !== undefined && !afterPos.has(k)) afterPos.set(k, i);
  });
  const old = new Set<string>();
  let last = -1;
  let inOrder = true;
  const sameDirect = (x: PdfObject, y: PdfObject | undefined) => y !== undefined && y.kind !== "ref" && pdfEquals(x, y);
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as PdfObject;
    const k = key(x);
    const pos = k === undefined ? undefined : afterPos.get(k);
    if (k === undefined || pos === undefined || old.has(k)) {
      // A direct item has no identity to follow: it must stay where it was; a missing one was removed.
      if (k === undefined && sameDirect(x, b[i])) continue;
      r.report(removed, `${where}: entries of the signed revision were removed`, removedKind);
      return;
    }
    old.add(k);
    if (pos < last) inOrder = false;
    last = pos;
  }
  if (!inOrder) r.report(removed, `${where}: entries of the signed revision were reordered`, removedKind);
  b.forEach((item, i) => {
    const k = key(item);
    if (k !== undefined && old.has(k) && afterPos.get(k) === i) return;
    if (k === undefined && a[i] !== undefined && a[i]!.kind !== "ref" && sameDirect(a[i]!, item)) return;
    judgeNew(item, `${where}[${i}]`);
  });
}

/** A page's /Annots: existing entries kept, new entries only invisible widgets of document timestamps (or annotations). */
const annotsRule: ValueRule = (r, before, after, where) =>
  compareAppended(r, before, after, where, "annotation", "annotation-removed", (item, at) => {
    if (item.kind === "ref" && !r.isNew(item.num)) {
      r.report("annotation", `${at}: existing object ${item.num} was put on the page as an annotation`, "annotation-added");
      return;
    }
    const d = asDict(r.after.resolve(item));
    if (d?.kind !== "dict") return r.report("other", `${at} is not an annotation dictionary`, "annotation-added");
    const sub = nameOf(r.after, rawGet(d, "Subtype")) ?? "(none)";
    if (sub !== "Widget")
      return r.report(
        "annotation",
        `${at}: a ${sub === "(none)" ? sub : pdfName(sub)} annotation was added`,
        "annotation-added",
        sub === "(none)" ? {} : { annotation: sub.slice(0, 40) },
      );
    const why = notDocTimestampWidget(r, item, d);
    if (why === undefined) {
      r.report("ltv", `${at}: the invisible widget of a document timestamp was added`, "document-timestamp");
      const field = rawGet(d, "FT") !== undefined || rawGet(d, "V") !== undefined || rawGet(d, "Kids") !== undefined ? item : rawGet(d, "Parent");
      return reportDocTimestampDr(r, field, at);
    }
    const sig = fieldType(d, r.after) === "Sig";
    r.report(
      sig ? "form-fill" : "annotation",
      `${at}: a widget was added that is not a document timestamp's (${why})`,
      sig ? "signature-added" : "form-field-added",
    );
  });

/** /AcroForm /Fields: existing fields kept, new fields judged by what they hold. */
const fieldsRule: ValueRule = (r, before, after, where) =>
  compareAppended(r, before, after, where, "other", "form-changed", (item, at) => {
    if (item.kind === "ref" && !r.isNew(item.num)) return r.report("other", `${at}: existing object ${item.num} was listed as a form field`, "form-changed");
    const d = asDict(r.after.resolve(item));
    if (d?.kind !== "dict") return r.report("other", `${at} is not a field dictionary`, "form-changed");
    const { level: lvl, why } = newFieldLevel(r, item, d);
    if (lvl === "ltv") {
      r.report("ltv", `${at}: a document timestamp's field was added`, "document-timestamp");
      return reportDocTimestampDr(r, item, at);
    }
    const sig = fieldType(d, r.after) === "Sig";
    r.report(
      lvl,
      `${at}: a ${lvl === "form-fill" ? "signature" : "form"} field was added${why ? ` (not a document timestamp: ${why})` : ""}`,
      sig ? "signature-added" : "form-field-added",
    );
  });

/** Nodes of the field tree and annotations looked at for fields drawn from the form's defaults, at most. */
const MAX_DEFAULTS_NODES = 10_000;

/**
 * Whether a reader would build some appearance from /AcroForm /DA and /DR (pdf.js's form rendering, poppler): a text
 * or choice field whose widget has no /AP, any field with /NeedAppearances true, a FreeText annotation without /AP;
 * true too when the form or the pages cannot be read, or there are too many to look at (then nothing is allowed).
 */
function drawsFromFormDefaults(view: PdfView): boolean {
  try {
    const acro = asDict(view.resolve(rawGet(view.catalog(), "AcroForm")));
    const need = acro ? view.resolve(rawGet(acro, "NeedAppearances")) : undefined;
    if (need?.kind === "boolean" && need.value) return true;
    const noAp = (d: PdfDict) => view.resolve(rawGet(d, "AP")) === undefined;
    const drawn = (d: PdfDict) => {
      const ft = fieldType(d, view);
      const sub = nameOf(view, rawGet(d, "Subtype"));
      return noAp(d) && (ft === "Tx" || ft === "Ch" || sub === "FreeText");
    };
    const seen = new Set<string>();
    const stack: PdfObject[] = [...asArray(acro ? view.resolve(rawGet(acro, "Fields")) : undefined)];
    let nodes = 0;
    while (stack.length) {
      const item = stack.pop()!;
      if (item.kind === "ref") {
        if (seen.has(refKey(item))) continue;
        seen.add(refKey(item));
      }
      if (++nodes > MAX_DEFAULTS_NODES) return true;
      const d = asDict(view.resolve(item));
      if (!d) continue;
      const kids = asArray(view.resolve(rawGet(d, "Kids")));
      if (kids.length) stack.push(...kids);
      else if (drawn(d)) return true;
    }
    for (const page of walkPages(view)) {
      for (const a of page.annots) {
        if (++nodes > MAX_DEFAULTS_NODES) return true;
        const d = asDict(view.resolve(a));
        if (d && drawn(d)) return true;
      }
    }
    return false;
  } catch (e) {
    if (e instanceof FormatError) return true;
    throw e;
  }
}

/** /AcroForm /DA or /DR: metadata; added while no field draws from them, the LTV writer's bookkeeping (iText 5's document timestamp). */
const formDefaultsRule =
  (key: "DA" | "DR", what: string): ValueRule =>
  (r, before, after, where) =>
    r.report(
      "metadata",
      `${where}: ${what}`,
      "form-changed",
      before === undefined && after !== undefined && !drawsFromFormDefaults(r.after)
        ? { allowance: { change: "acroform-da-dr-added", words: `/AcroForm ${pdfName(key)} added (no field draws its appearance from it)` } }
        : {},
    );

const acroformKeys: Record<string, ValueRule> = {
  Fields: fieldsRule,
  DA: formDefaultsRule("DA", "default appearance of the form"),
  DR: formDefaultsRule("DR", "default resources of the form"),
  // SignaturesExist and AppendOnly (1 | 2) set, as a signed document has them; anything else changes what readers do.
  SigFlags: (r, _b, a, where) =>
    a?.kind === "number" && a.integer && a.value === 3
      ? r.report("ltv", `${where}: signature flags`, "form-changed")
      : r.report("form-fill", `${where}: signature flags other than SignaturesExist and AppendOnly (3)`, "form-changed"),
  NeedAppearances: level("form-fill", "appearances to be regenerated", "form-changed"),
};

const acroformRule: ValueRule = (r, before, after, where) => {
  compareDicts(r, asDict(before), asDict(after), where, acroformKeys);
  // Viewers told to regenerate field appearances draw them with /DR: then a changed /DR changes what fields show.
  const a = asDict(after);
  const need = a ? r.after.resolve(rawGet(a, "NeedAppearances")) : undefined;
  const b = asDict(before);
  if (need?.kind === "boolean" && need.value && !r.cmp.sameContent(b ? rawGet(b, "DR") : undefined, a ? rawGet(a, "DR") : undefined)) {
    r.report("form-fill", `${where} /DR: default resources changed while viewers regenerate field appearances (/NeedAppearances)`, "form-changed");
  }
};

/** A developer extension dictionary's keys (ISO 32000-2 §7.12), each direct and of its type. */
const EXTENSION_KEYS: Readonly<Record<string, PdfObject["kind"]>> = {
  Type: "name",
  BaseVersion: "name",
  ExtensionLevel: "number",
  URL: "string",
  ExtensionRevision: "string",
};

/** A developer extension dictionary (direct, only its own keys): it says which extension levels a writer used. */
function isExtension(o: PdfObject | undefined): boolean {
  if (o?.kind !== "dict") return false;
  for (const [k, v] of o.entries) if (!Object.hasOwn(EXTENSION_KEYS, k) || v.kind !== EXTENSION_KEYS[k]) return false;
  return o.entries.has("BaseVersion") && o.entries.has("ExtensionLevel");
}

/**
 * /Extensions: PAdES writers raise the ESIC (or ADBE) extension level with the DSS they add (iText's LTV update,
 * a16 E1; EU DSS classes it "extension"). Nothing a reader shows depends on it: LTV when every entry is a developer
 * extension dictionary (or a PDF 2.0 array of them), direct; anything else in it is metadata, as before.
 */
const extensionsRule: ValueRule = (r, _before, after, where) => {
  const d = asDict(after);
  const plain =
    d !== undefined &&
    [...d.entries.values()].every((v) => isExtension(v) || (v.kind === "array" && v.items.length > 0 && v.items.every((x) => isExtension(x))));
  if (plain) r.report("ltv", `${where}: developer extension levels (as PAdES writers raise them with validation data)`, "validation-data");
  else r.report("metadata", `${where}: extensions (ESIC)`, "metadata");
};

/** A PDF version as /Version names it (`1.7`, `2.0`), as a number; else undefined. */
const versionOf = (o: PdfObject | undefined): number | undefined => (o?.kind === "name" && /^\d\.\d$/.test(o.value) ? Number(o.value) : undefined);

/**
 * /Version: a change a key without a rule makes ("other"; pdfinfo prints the version). A version no lower than the
 * document's before (the header's, or a later /Version) is the LTV writer's bookkeeping (iText's PdfStamper, a16 E1).
 */
const versionRule: ValueRule = (r, before, after, where) => {
  // As for a key without a rule: the same value moved to another object is no change.
  if (before !== undefined && after !== undefined && pdfEquals(before, after)) return;
  const was = Math.max(Number(r.before.doc.headerVersion), versionOf(before) ?? 0);
  const now = versionOf(after);
  const said = (o: PdfObject | undefined) => (o?.kind === "name" ? pdfName(o.value) : o === undefined ? "none" : `a ${o.kind}`);
  r.report(
    "other",
    `${where} ${before === undefined ? "added" : after === undefined ? "removed" : "changed"}`,
    undefined,
    now !== undefined && now >= was
      ? {
          allowance: {
            change: "version-raised",
            words: `the catalog's /Version changed from ${said(before)} to ${said(after)} (the header says ${r.before.doc.headerVersion})`,
          },
        }
      : {},
  );
};

const catalogKeys: Record<string, ValueRule> = {
  DSS: (r, _b, _a, where) => r.report("ltv", `${where}: document security store (validation data)`, "validation-data", { addsValidationData: true }),
  Extensions: extensionsRule,
  Version: versionRule,
  Metadata: level("metadata", "XMP metadata", "metadata"),
  AcroForm: acroformRule,
};

/**
 * /Info /ModDate stays metadata, with /Producer and the catalog's /Version (changes a key without a rule makes):
 * readers show them (pdfinfo prints ModDate, Producer and the PDF version; the readers oracle, test/oracle, holds
 * every /Info difference a reader prints against a TOTAL-PASSED), although iText's LTV update writes them and EU DSS
 * and pyHanko let them change (a16 E1: such an update is refused under DocMDP P=1, named in the message).
 */
/** An /Info value in words: a text string quoted (quoteName), else its kind. */
const infoValue = (o: PdfObject | undefined): string =>
  o?.kind === "string" ? quoteName(decodeTextString(o.bytes), 160) : o === undefined ? "none" : `a ${o.kind}`;

/** An /Info key the LTV writer rewrites: the level it always had, and the allowance when its new value is a string. */
const infoRule =
  (key: "ModDate" | "Producer", lvl: ChangeLevel, change: "info-mod-date" | "info-producer", what?: string): ValueRule =>
  (r, before, after, where) => {
    // /Producer had no rule: the same value moved to another object was no change (compareDicts), and is not.
    if (!what && before !== undefined && after !== undefined && pdfEquals(before, after)) return;
    r.report(
      lvl,
      what ? `${where}: ${what}` : `${where} ${before === undefined ? "added" : after === undefined ? "removed" : "changed"}`,
      "document-information",
      after?.kind === "string" ? { allowance: { change, words: `/Info ${pdfName(key)} changed from ${infoValue(before)} to ${infoValue(after)}` } } : {},
    );
  };

/** /Producer had no rule: a change of it is "form-fill", as any other /Info key (OBJECT_RULES.info). */
const infoKeys: Record<string, ValueRule> = {
  ModDate: infoRule("ModDate", "metadata", "info-mod-date", "modification date"),
  Producer: infoRule("Producer", "form-fill", "info-producer"),
};

const fieldKeys = (sig: boolean): Record<string, ValueRule> => ({
  V: (r, before, after, where) => {
    if (sig && before === undefined) {
      const lvl = newSignatureLevel(r, after);
      return r.report(
        lvl,
        `${where}: an empty signature field was ${lvl === "ltv" ? "given a document timestamp" : "signed"}`,
        lvl === "ltv" ? "document-timestamp" : "signature-added",
      );
    }
    r.report(
      sig ? "other" : "form-fill",
      `${where}: ${sig ? "the signature value was replaced or removed" : "the field value changed"}`,
      sig ? "signature-changed" : "form-field-value",
    );
  },
  AP: level("form-fill", "appearance", "form-field-appearance"),
  AS: level("form-fill", "appearance state", "form-field-appearance"),
  MK: level("form-fill", "appearance characteristics", "form-field-appearance"),
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
    else r.report("annotation", `${w}: an annotation changed`, "annotation-changed");
  },
  field: (r, b, a, w) => compareDicts(r, asDict(b), asDict(a), w, fieldKeys(fieldType(asDict(a), r.after) === "Sig")),
  fields: fieldsRule,
  acroform: (r, b, a, w) => acroformRule(r, b, a, w),
  "acroform-resources": (r, _b, _a, w) => r.report("metadata", `${w}: default resources of the form`),
  "widget-appearance": (r, _b, _a, w) => r.report("form-fill", `${w}: a form field's appearance changed`),
  "annotation-appearance": (r, _b, _a, w) => r.report("annotation", `${w}: an annotation's appearance changed`),
  sig: (r, _b, _a, w) => r.report("other", `${w}: a signature dictionary was rewritten`),
  dss: (r, _b, _a, w) => r.report("ltv", `${w}: validation data (DSS)`, undefined, { addsValidationData: true }),
  extensions: (r, _b, _a, w) => r.report("metadata", `${w}: extensions`),
  metadata: (r, _b, _a, w) => r.report("metadata", `${w}: XMP metadata`),
  generic: (r, _b, _a, w) => r.report("other", `${w} changed`),
};

/** Contexts whose stream data may change (at the level their rule gives): everywhere else changed stream data is "other". */
export const STREAM_CONTEXTS: ReadonlySet<GraphContext> = new Set([
  "dss",
  "extensions",
  "metadata",
  "acroform-resources",
  "widget-appearance",
  "annotation-appearance",
]);

/** What a change in each context is to a reader, unless a rule says more; "generic" objects are placed by where they are used. */
const CONTEXT_KINDS: Record<Exclude<GraphContext, "generic">, ChangeKind> = {
  trailer: "structure",
  catalog: "catalog",
  info: "document-information",
  "page-tree": "page-content",
  annots: "annotation-changed",
  annotation: "annotation-changed",
  "widget-appearance": "form-field-appearance",
  "annotation-appearance": "annotation-changed",
  acroform: "form-changed",
  "acroform-resources": "form-changed",
  fields: "form-changed",
  field: "form-changed",
  sig: "signature-changed",
  dss: "validation-data",
  extensions: "metadata",
  metadata: "metadata",
};

/** The full name of a form field (its /T and its ancestors', joined by dots), as a reader's form shows it; at most 80 characters. */
function fieldName(view: PdfView, d: PdfDict | undefined): string | undefined {
  const parts: string[] = [];
  let cur = d;
  for (let i = 0; cur && i < 32; i++) {
    const t = view.resolve(rawGet(cur, "T"));
    if (t?.kind === "string") parts.unshift(decodeTextString(t.bytes));
    cur = asDict(view.resolve(rawGet(cur, "Parent")));
  }
  const name = parts.join(".");
  return name ? (name.length > 80 ? `${name.slice(0, 79)}…` : name) : undefined;
}

/** Where the rules judge object `num` in `context`, for a reader: see judgeChangedObject. */
export function locusOf(
  r: RuleContext,
  context: GraphContext,
  num: number,
  before: PdfObject,
  after: PdfObject,
  near: { page?: number; kind: ChangeKind },
): Locus {
  const d = asDict(after) ?? asDict(before);
  const widget = context === "annotation" && d !== undefined && nameOf(r.after, rawGet(d, "Subtype")) === "Widget";
  const field = context === "field" || widget ? fieldName(r.after, d) : undefined;
  const kind = context === "generic" ? near.kind : widget ? "form-field-appearance" : CONTEXT_KINDS[context];
  const at = r.pageOf(num) ?? near.page;
  return { context, kind, ...(at !== undefined ? { page: at } : {}), ...(field !== undefined ? { field } : {}) };
}

/**
 * Judges one changed object (same number in both revisions, other content) in one context. `near`: where the
 * object is used, as analyse.ts finds it (the page whose content reaches it, or what it is by the keys that
 * lead to it): the kind of a change to a "generic" object, and the page of anything on one.
 */
export function judgeChangedObject(
  r: RuleContext,
  context: GraphContext,
  num: number,
  before: PdfObject,
  after: PdfObject,
  location: string,
  near: { page?: number; kind: ChangeKind },
): void {
  const page = r.pageOf(num);
  r.locus = locusOf(r, context, num, before, after, near);
  // Where a plain object sits (page 3 /Contents) says what it is; structural objects name themselves.
  OBJECT_RULES[context](r, before, after, `${describeContext(context)} ${num} 0 R${page ? ` (page ${page})` : context === "generic" ? location : ""}`);
}

/** The trailer of a later revision against the earlier one: bookkeeping keys may differ, nothing else. */
export function judgeTrailer(r: RuleContext, before: PdfDict, after: PdfDict): void {
  r.locus = { context: "trailer", kind: "structure" };
  const root = rawGet(after, "Root");
  const was = rawGet(before, "Root");
  if (root?.kind !== "ref") r.report("other", "trailer /Root is not an indirect reference");
  // A signature's DocMDP /Reference names the catalog by number (/Data): a copy under another number is not it.
  else if (was?.kind === "ref" && (was.num !== root.num || was.gen !== root.gen))
    r.report("other", "trailer /Root names another catalog object than the signed one");
  const keys = new Set([...before.entries.keys(), ...after.entries.keys()]);
  const ignored = [...keys].filter((k) => !["Root", "Info", "Encrypt"].includes(k));
  compareDicts(r, before, after, "trailer", {
    // Readers use only /Root, /Info and /Encrypt of a trailer (and the xref bookkeeping); the graph walk
    // does not follow the others either.
    ...Object.fromEntries(ignored.map((k) => [k, () => undefined])),
    Root: (rc, b, a, w) => {
      rc.locus = { context: "catalog", kind: "catalog" };
      OBJECT_RULES.catalog(rc, b ?? EMPTY, a ?? EMPTY, `${w} (another catalog)`);
      rc.locus = { context: "trailer", kind: "structure" };
    },
    Info: (rc, b, a, w) => {
      rc.locus = { context: "info", kind: "document-information" };
      compareDicts(rc, asDict(b), asDict(a), `${w} (another document information)`, infoKeys, "form-fill");
      rc.locus = { context: "trailer", kind: "structure" };
    },
  });
}

const EMPTY: PdfDict = { kind: "dict", entries: new Map() };

/** Contexts in which an object is validation data and nothing else: DSS. */
export const LTV_CONTEXTS: ReadonlySet<GraphContext> = new Set(["dss"]);

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

/** Keys from the file in words: each as PDF writes a name (pdfName), the first five. */
function pdfNames(keys: readonly string[]): string {
  return `${keys
    .slice(0, 5)
    .map((k) => pdfName(k))
    .join(", ")}${keys.length > 5 ? ` and ${keys.length - 5} more` : ""}`;
}
