// Signatures, found through the document structure as readers find them: the AcroForm field tree (fields
// with /FT /Sig, inherited or own, that have a /V), every page's /Annots (poppler lists a signature widget no
// field lists as a signature too), and the catalog's /Perms (/DocMDP, /UR3). Never by scanning bytes for
// /ByteRange: a dictionary no reader reaches is not a signature of the document. One signature dictionary
// reached by several routes is one signature (its byte range is hashed once).
import { FormatError, LimitError } from "../../errors.js";
import type { PdfDocument, PdfView } from "./document.js";
import { type ByteSpan, type PdfDict, type PdfObject, type PdfRef, rawGet, refKey } from "./objects.js";
import { fieldType } from "./graph.js";
import { walkPages } from "./pages.js";
import { type PdfText, pdfText } from "./text.js";
import { quoteName } from "../../report/quoted-name.js";

export interface SigReference {
  readonly transformMethod?: string;
  /** /TransformParams /P (DocMDP permission level). */
  readonly p?: number;
  readonly digestMethod?: string;
}

export interface SignatureInfo {
  /** Full dotted field name (`/T` of the field and its ancestors); null for a DocMDP-only signature. */
  readonly fieldName: string | null;
  readonly fieldRef?: PdfRef;
  /** The signature dictionary's reference; absent when /V is a direct dictionary. */
  readonly sigRef?: PdfRef;
  readonly dict: PdfDict;
  readonly type?: string;
  readonly filter?: string;
  readonly subFilter?: string;
  readonly m?: PdfText;
  readonly reference: readonly SigReference[];
  /** /ByteRange as stored, unvalidated; null when absent or not an array of numbers. */
  readonly byteRange: readonly number[] | null;
  readonly byteRangeSpan?: ByteSpan;
  /** /Contents bytes (hex-decoded); null when absent or not a string. */
  readonly contents: Uint8Array | null;
  readonly contentsHex: boolean;
  /** File span of the /Contents string token, angle brackets included; absent when not a direct file token. */
  readonly contentsSpan?: ByteSpan;
  /** File span of the signature dictionary; absent inside object streams. */
  readonly dictSpan?: ByteSpan;
  /** The signature dictionary is the one /Perms /DocMDP names. */
  readonly isDocMdp: boolean;
  /** /Type /DocTimeStamp (or /SubFilter /ETSI.RFC3161). */
  readonly isDocTimestamp: boolean;
  /** First revision whose xref defines the signature dictionary (for a direct /V: the field's). */
  readonly revision: number;
  /** Later revisions that redefine it. */
  readonly redefinedIn: readonly number[];
  /** How a reader reaches it: through /AcroForm /Fields, only through a page's /Annots, or only through /Perms. */
  readonly foundVia: "fields" | "annots" | "perms";
}

export interface SignatureScan {
  readonly signatures: readonly SignatureInfo[];
  /** Signature fields without a value (empty signature fields). */
  readonly unsignedFields: readonly string[];
}

function definitionRevisions(view: PdfView, ref: PdfRef | undefined): number[] {
  if (!ref) return [];
  return view.doc.revisionsDefining(ref.num).filter((i) => i <= view.index);
}

function readReference(view: PdfView, sig: PdfDict): SigReference[] {
  const arr = view.getArray(sig, "Reference");
  if (!arr) return [];
  return arr.items.map((item) => {
    const r = view.resolve(item);
    if (r?.kind !== "dict") throw new FormatError("signature /Reference entry is not a dictionary");
    const tm = view.getName(r, "TransformMethod");
    const dm = view.getName(r, "DigestMethod");
    const params = view.getDict(r, "TransformParams");
    const p = params ? view.getNumber(params, "P") : undefined;
    return { ...(tm !== undefined ? { transformMethod: tm } : {}), ...(p !== undefined ? { p } : {}), ...(dm !== undefined ? { digestMethod: dm } : {}) };
  });
}

function readSignature(
  view: PdfView,
  v: PdfObject,
  field: { name: string | null; ref?: PdfRef; revision: number },
  docMdpKey: string | undefined,
): SignatureInfo {
  const sig = view.resolve(v);
  if (sig?.kind !== "dict") throw new FormatError(`signature field ${field.name === null ? "(DocMDP)" : quoteName(field.name)}: /V is not a dictionary`);
  const sigRef = v.kind === "ref" ? v : undefined;
  const type = view.getName(sig, "Type");
  const filter = view.getName(sig, "Filter");
  const subFilter = view.getName(sig, "SubFilter");
  const mStr = view.getString(sig, "M");

  const brRaw = rawGet(sig, "ByteRange");
  const br = view.resolve(brRaw);
  const byteRange = br?.kind === "array" && br.items.every((x) => x.kind === "number") ? br.items.map((x) => (x.kind === "number" ? x.value : NaN)) : null;

  const cRaw = rawGet(sig, "Contents");
  const c = view.resolve(cRaw);
  const contents = c?.kind === "string" ? c.bytes : null;

  const revs = sigRef ? definitionRevisions(view, sigRef) : [field.revision];
  return {
    fieldName: field.name,
    ...(field.ref ? { fieldRef: field.ref } : {}),
    ...(sigRef ? { sigRef } : {}),
    dict: sig,
    ...(type !== undefined ? { type } : {}),
    ...(filter !== undefined ? { filter } : {}),
    ...(subFilter !== undefined ? { subFilter } : {}),
    ...(mStr ? { m: pdfText(mStr.bytes) } : {}),
    reference: readReference(view, sig),
    byteRange,
    ...(brRaw?.kind === "array" && brRaw.span ? { byteRangeSpan: brRaw.span } : {}),
    contents,
    contentsHex: c?.kind === "string" && c.hex,
    ...(cRaw?.kind === "string" && cRaw.span ? { contentsSpan: cRaw.span } : {}),
    ...(sig.span ? { dictSpan: sig.span } : {}),
    isDocMdp: sigRef !== undefined && refKey(sigRef) === docMdpKey,
    isDocTimestamp: type === "DocTimeStamp" || subFilter === "ETSI.RFC3161",
    revision: revs[0] ?? view.index,
    redefinedIn: revs.slice(1),
    foundVia: "fields",
  };
}

/** The full dotted name of a field (its /T and its ancestors'), bounded. */
function fullName(view: PdfView, d: PdfDict): string | null {
  const parts: string[] = [];
  let cur: PdfDict | undefined = d;
  for (let i = 0; cur && i < 32; i++) {
    const t = view.getString(cur, "T");
    if (t) parts.unshift(pdfText(t.bytes).text);
    const p = view.resolve(rawGet(cur, "Parent"));
    cur = p?.kind === "dict" ? p : undefined;
  }
  return parts.length ? parts.join(".") : null;
}

/** The field that holds a widget's signature value: the widget itself or its nearest ancestor with /V (bounded). */
function valueHolder(view: PdfView, ref: PdfRef): { node: PdfRef; dict: PdfDict; v: PdfObject } | undefined {
  let cur: PdfObject | undefined = ref;
  for (let i = 0; cur?.kind === "ref" && i < 32; i++) {
    const d = view.resolve(cur);
    if (d?.kind !== "dict") return undefined;
    const v = rawGet(d, "V");
    if (v !== undefined) return { node: cur, dict: d, v };
    cur = rawGet(d, "Parent");
  }
  return undefined;
}

/** Signatures and document timestamps of the document as `view`'s revision shows it. */
export function findSignatures(view: PdfView): SignatureScan {
  const catalog = view.catalog();
  const perms = view.getDict(catalog, "Perms");
  const docMdpRaw = perms ? rawGet(perms, "DocMDP") : undefined;
  const docMdpKey = docMdpRaw?.kind === "ref" ? refKey(docMdpRaw) : undefined;

  const signatures: SignatureInfo[] = [];
  const unsignedFields: string[] = [];
  const acroForm = view.getDict(catalog, "AcroForm");
  const fields = acroForm ? view.getArray(acroForm, "Fields") : undefined;
  type Item = { node: PdfObject; parentName: string | null; ft?: string; isKid: boolean; revision: number };
  const stack: Item[] = [];
  const pushAll = (items: readonly PdfObject[], parentName: string | null, ft: string | undefined, isKid: boolean, revision: number) => {
    for (let i = items.length - 1; i >= 0; i--) {
      const node = items[i] as PdfObject;
      stack.push(ft !== undefined ? { node, parentName, ft, isKid, revision } : { node, parentName, isKid, revision });
    }
  };
  pushAll(fields?.items ?? [], null, undefined, false, view.index);
  const visited = new Set<string>();
  const sigSeen = new Set<string>();
  let count = 0;
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    let revision = item.revision;
    if (item.node.kind === "ref") {
      const key = refKey(item.node);
      if (visited.has(key)) throw new FormatError(`AcroForm field ${key} R is reached twice (/Kids loop or shared field)`);
      visited.add(key);
      revision = definitionRevisions(view, item.node)[0] ?? revision;
    }
    if (++count > view.limits.maxTreeNodes) throw new LimitError("maxTreeNodes", `AcroForm has more than ${view.limits.maxTreeNodes} fields and widgets`);
    const node = view.resolve(item.node);
    if (node?.kind !== "dict") throw new FormatError("AcroForm field is not a dictionary");
    const t = view.getString(node, "T");
    const partial = t ? pdfText(t.bytes).text : undefined;
    const name = partial === undefined ? item.parentName : item.parentName === null ? partial : `${item.parentName}.${partial}`;
    const ft = view.getName(node, "FT") ?? item.ft;
    const kids = view.getArray(node, "Kids");
    const v = rawGet(node, "V");
    if (ft === "Sig" && v !== undefined) {
      const field = item.node.kind === "ref" ? { name, ref: item.node, revision } : { name, revision };
      if (v.kind !== "ref" || !sigSeen.has(refKey(v))) signatures.push(readSignature(view, v, field, docMdpKey));
      if (v.kind === "ref") sigSeen.add(refKey(v));
    } else if (ft === "Sig" && !kids && (partial !== undefined || !item.isKid)) {
      unsignedFields.push(name ?? "");
    }
    if (kids) pushAll(kids.items, name, ft, true, revision);
  }

  // Signature widgets on pages that no field of /Fields reaches: poppler's pdfsig lists them as signatures. Only
  // indirect ones: poppler's Page::loadStandaloneFields skips an annotation without a reference (getHasRef), and a
  // direct widget added after the seal is judged by seal-modifications (/Annots) all the same.
  if (catalog.entries.has("Pages")) {
    for (const page of walkPages(view)) {
      for (const ref of page.annots) {
        if (ref.kind !== "ref") continue;
        if (++count > view.limits.maxTreeNodes) throw new LimitError("maxTreeNodes", `the pages have more than ${view.limits.maxTreeNodes} fields and widgets`);
        const w = view.resolve(ref);
        if (w?.kind !== "dict" || view.getName(w, "Subtype") !== "Widget" || fieldType(w, view) !== "Sig") continue;
        const holder = valueHolder(view, ref);
        if (!holder || visited.has(refKey(holder.node)) || (holder.v.kind === "ref" && sigSeen.has(refKey(holder.v)))) continue;
        visited.add(refKey(holder.node));
        if (holder.v.kind === "ref") sigSeen.add(refKey(holder.v));
        const revision = definitionRevisions(view, holder.node)[0] ?? view.index;
        const sig = readSignature(view, holder.v, { name: fullName(view, holder.dict), ref: holder.node, revision }, docMdpKey);
        signatures.push({ ...sig, foundVia: "annots" });
      }
    }
  }

  if (docMdpRaw !== undefined && !signatures.some((s) => s.isDocMdp)) {
    // A DocMDP signature that no field reaches is still reported: the check decides what that means.
    const sig = readSignature(view, docMdpRaw, { name: null, revision: view.index }, docMdpKey);
    signatures.push({ ...sig, ...(docMdpRaw.kind === "ref" ? {} : { isDocMdp: true }), foundVia: "perms" });
  }
  // Usage rights (/Perms /UR3) are a signature too: judged like any other, never passed over.
  const ur3 = perms ? rawGet(perms, "UR3") : undefined;
  if (ur3 !== undefined && !(ur3.kind === "ref" && sigSeen.has(refKey(ur3)))) {
    signatures.push({ ...readSignature(view, ur3, { name: "(UR3)", revision: view.index }, docMdpKey), foundVia: "perms" });
  }
  return { signatures, unsignedFields };
}

/**
 * The revision a byte range covers: the one whose end (after `%%EOF`, with or without its end-of-line) is
 * where the second range ends. Undefined when it ends anywhere else. Where the signature dictionary happens
 * to be defined says nothing: a later revision can redefine it.
 */
export function coveredRevision(doc: PdfDocument, byteRange: readonly number[] | null): number | undefined {
  if (!byteRange || byteRange.length !== 4) return undefined;
  const end = (byteRange[2] as number) + (byteRange[3] as number);
  return doc.revisions.find((r) => r.endOffset === end || r.eofOffset + 5 === end)?.index;
}
