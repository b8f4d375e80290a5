// What changed between two revisions, as data for the modifications check (DocMDP P=1 plus PAdES LTV).
// Values are compared structurally, not as bytes, so an object rewritten identically is not a change;
// stream data is compared raw first and decoded (bounded) only when the raw bytes differ.
import { FormatError } from "../../errors.js";
import type { PdfDocument, PdfView } from "./document.js";
import { readDss } from "./dss.js";
import { listEmbeddedFiles } from "./embedded-files.js";
import { bytesEqual, changedKeys, type PdfDict, type PdfObject, type PdfRef, pdfEquals, rawGet } from "./objects.js";
import { walkPages } from "./pages.js";
import { findSignatures } from "./signatures.js";

export type ObjectRole =
  | "catalog" | "info" | "pages" | "page" | "content-stream" | "annotation" | "field" | "acroform"
  | "sig" | "doc-timestamp" | "names" | "filespec" | "embedded-file" | "dss" | "vri" | "dss-data"
  | "xobject" | "font" | "metadata" | "xref-stream" | "object-stream" | "other";

export interface KeyChange {
  readonly key: string;
  readonly change: "added" | "removed" | "changed";
}

export interface ObjectChange {
  readonly ref: PdfRef;
  readonly kind: "added" | "changed" | "deleted";
  /** What the object is (from the newer version; from the older one for deletions). */
  readonly type: ObjectRole;
  /** The last revision in (from, to] whose xref lists the object. */
  readonly revision: number;
  /** For changed dictionaries and streams: the keys whose values differ. */
  readonly keysChanged?: readonly string[];
  readonly keyChanges?: readonly KeyChange[];
  /** For changed streams: whether the (decoded) data differs. */
  readonly streamDataChanged?: boolean;
  /** The object number was reused with another generation. */
  readonly generationChanged?: boolean;
}

export interface RevisionDiff {
  readonly from: number;
  readonly to: number;
  readonly objects: readonly ObjectChange[];
  /** Trailer keys that differ, ignoring the xref bookkeeping (/Prev, /Size, /XRefStm, /W, /Index, …). */
  readonly trailerKeysChanged: readonly string[];
}

const TRAILER_BOOKKEEPING = ["Prev", "Size", "XRefStm", "Type", "W", "Index", "Length", "Filter", "DecodeParms", "DL"];

type Roles = Map<number, ObjectRole>;

function note(roles: Roles, ref: PdfObject | undefined, role: ObjectRole): void {
  if (ref?.kind === "ref" && !roles.has(ref.num)) roles.set(ref.num, role);
}

/** Roles known from the document structure of one view; best effort (a broken structure yields fewer hints). */
function structuralRoles(view: PdfView, roles: Roles): void {
  const attempt = (f: () => void) => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
    }
  };
  note(roles, rawGet(view.trailer, "Root"), "catalog");
  note(roles, rawGet(view.trailer, "Info"), "info");
  attempt(() => {
    const cat = view.catalog();
    note(roles, rawGet(cat, "AcroForm"), "acroform");
    note(roles, rawGet(cat, "Names"), "names");
    note(roles, rawGet(cat, "Pages"), "pages");
    note(roles, rawGet(cat, "Metadata"), "metadata");
    note(roles, rawGet(cat, "DSS"), "dss");
  });
  attempt(() => {
    const dss = readDss(view);
    if (!dss) return;
    for (const v of dss.vri) {
      note(roles, v.ref, "vri");
      for (const r of [...v.certs, ...v.ocsps, ...v.crls]) note(roles, r, "dss-data");
      note(roles, v.ts, "dss-data");
    }
    for (const r of [...dss.certs, ...dss.ocsps, ...dss.crls]) note(roles, r, "dss-data");
    const d = view.resolve(dss.ref);
    if (d?.kind === "dict") note(roles, rawGet(d, "VRI"), "vri");
  });
  attempt(() => {
    for (const s of findSignatures(view).signatures) {
      note(roles, s.sigRef, s.isDocTimestamp ? "doc-timestamp" : "sig");
      note(roles, s.fieldRef, "field");
    }
  });
  attempt(() => {
    for (const f of listEmbeddedFiles(view).files) {
      note(roles, f.filespecRef, "filespec");
      note(roles, f.streamRef, "embedded-file");
    }
  });
  attempt(() => {
    for (const p of walkPages(view)) {
      note(roles, p.ref, "page");
      for (const c of p.contents) note(roles, c, "content-stream");
      for (const a of p.annots) note(roles, a, "annotation");
    }
  });
}

/** Role from the object's own keys, when the structure gave none. */
function intrinsicRole(o: PdfObject): ObjectRole {
  const d: PdfDict | undefined = o.kind === "dict" ? o : o.kind === "stream" ? o.dict : undefined;
  if (!d) return "other";
  const name = (k: string) => {
    const v = rawGet(d, k);
    return v?.kind === "name" ? v.value : undefined;
  };
  const type = name("Type");
  const subtype = name("Subtype");
  switch (type) {
    case "Catalog": return "catalog";
    case "Pages": return "pages";
    case "Page": return "page";
    case "Sig": return "sig";
    case "DocTimeStamp": return "doc-timestamp";
    case "EmbeddedFile": return "embedded-file";
    case "Filespec": return "filespec";
    case "Font": case "FontDescriptor": return "font";
    case "XObject": return "xobject";
    case "Metadata": return "metadata";
    case "XRef": return "xref-stream";
    case "ObjStm": return "object-stream";
    case "DSS": return "dss";
  }
  if (d.entries.has("FT") || (subtype === "Widget" && d.entries.has("T"))) return "field";
  if (type === "Annot" || (subtype !== undefined && d.entries.has("Rect"))) return "annotation";
  if (o.kind === "stream" && (subtype === "Image" || subtype === "Form")) return "xobject";
  if (o.kind === "dict" && (d.entries.has("Certs") || d.entries.has("OCSPs") || d.entries.has("CRLs") || d.entries.has("VRI"))) return "dss";
  if (o.kind === "dict" && (d.entries.has("Names") || (d.entries.has("Kids") && d.entries.has("Limits")))) return "names";
  if (o.kind === "dict" && d.entries.has("Fields")) return "acroform";
  return "other";
}

function keyChanges(a: PdfDict, b: PdfDict, ignore: readonly string[]): KeyChange[] {
  return changedKeys(a, b, ignore).map((key) => {
    const had = rawGet(a, key) !== undefined;
    const has = rawGet(b, key) !== undefined;
    return { key, change: had && has ? "changed" : has ? "added" : "removed" };
  });
}

function streamDataDiffers(fromView: PdfView, toView: PdfView, a: PdfObject, b: PdfObject): boolean {
  if (a.kind !== "stream" || b.kind !== "stream") return false;
  if (bytesEqual(fromView.rawStreamData(a), toView.rawStreamData(b))) return false;
  try {
    return !bytesEqual(fromView.decode(a), toView.decode(b));
  } catch (e) {
    if (e instanceof FormatError) return true; // undecodable and not byte-identical: count it as changed
    throw e;
  }
}

/**
 * Every object added, changed or deleted between revision `from` and revision `to` (to > from), comparing
 * the two views' values. Only object numbers listed by an xref section in (from, to] are considered.
 */
export function diffRevisions(doc: PdfDocument, from: number, to: number): RevisionDiff {
  if (!(from < to)) throw new RangeError(`diffRevisions: from (${from}) must be before to (${to})`);
  const a = doc.at(from);
  const b = doc.at(to);
  const touched = new Map<number, number>(); // object number → last revision listing it
  for (let i = from + 1; i <= to; i++) for (const e of doc.revisions[i]?.entries ?? []) touched.set(e.num, i);

  const newRoles: Roles = new Map();
  const oldRoles: Roles = new Map();
  structuralRoles(b, newRoles);
  structuralRoles(a, oldRoles);

  const objects: ObjectChange[] = [];
  for (const [num, revision] of [...touched].sort((x, y) => x[0] - y[0])) {
    const before = a.objectByNumber(num);
    const after = b.objectByNumber(num);
    if (!before && !after) continue;
    const current = (after ?? before) as NonNullable<typeof after>;
    const ref: PdfRef = { kind: "ref", num, gen: current.gen };
    const type = (after ? newRoles.get(num) : oldRoles.get(num)) ?? oldRoles.get(num) ?? intrinsicRole(current.value);
    if (!before) {
      objects.push({ ref, kind: "added", type, revision });
      continue;
    }
    if (!after) {
      objects.push({ ref, kind: "deleted", type, revision });
      continue;
    }
    const generationChanged = before.gen !== after.gen;
    const x = before.value;
    const y = after.value;
    const dataChanged = streamDataDiffers(a, b, x, y);
    if (!generationChanged && !dataChanged && pdfEquals(x, y)) continue;
    const dx = x.kind === "stream" ? x.dict : x.kind === "dict" ? x : undefined;
    const dy = y.kind === "stream" ? y.dict : y.kind === "dict" ? y : undefined;
    const kc = dx && dy && x.kind === y.kind ? keyChanges(dx, dy, x.kind === "stream" ? ["Length"] : []) : undefined;
    objects.push({
      ref,
      kind: "changed",
      type,
      revision,
      ...(kc ? { keysChanged: kc.map((k) => k.key), keyChanges: kc } : {}),
      ...(x.kind === "stream" && y.kind === "stream" ? { streamDataChanged: dataChanged } : {}),
      ...(generationChanged ? { generationChanged } : {}),
    });
  }
  const ta = doc.revisions[from]?.trailer;
  const tb = doc.revisions[to]?.trailer;
  const trailerKeysChanged = ta && tb ? changedKeys(ta, tb, TRAILER_BOOKKEEPING) : [];
  return { from, to, objects, trailerKeysChanged };
}
