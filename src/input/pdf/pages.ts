// The page tree (§7.7.3), walked only to name objects for shadow-attack diffs: page content streams are
// never decoded. A node reached twice (loop or shared subtree) is a FormatError.
import { FormatError, LimitError } from "../../errors.js";
import type { Limits } from "../../limits.js";
import type { PdfView } from "./document.js";
import { type PdfDict, type PdfObject, type PdfRef, rawGet, refKey } from "./objects.js";
import { pdfName } from "../../report/quoted-name.js";

export interface PageInfo {
  /** The page object; undefined only for a page given directly in /Kids (not valid PDF, but harmless here). */
  readonly ref?: PdfRef;
  /** References named by /Contents (a stream or an array of streams). */
  readonly contents: readonly PdfRef[];
  /** /Resources as stored on the page or inherited from an ancestor (unresolved). */
  readonly resources?: PdfObject;
  /**
   * The annotations in /Annots as readers take them: references and direct dictionaries alike (ISO 32000 wants
   * references; poppler's Annots, pdf.js and qpdf take a direct one: a12 X1f). Other items (null, numbers) are
   * no annotation to any reader and are left out.
   */
  readonly annots: readonly (PdfRef | PdfDict)[];
}

/**
 * The items of a page's /Contents or /Annots (a reference to one object, or an array of items, direct or by
 * reference), those of the kinds `keep` allows. /Contents: references only (a stream is always an indirect
 * object, so a direct item is nothing a reader draws); /Annots: references and direct dictionaries.
 */
function itemsIn<T extends PdfObject>(view: PdfView, o: PdfObject | undefined, what: string, keep: (x: PdfObject) => x is T): T[] {
  if (o === undefined) return [];
  if (o.kind === "ref") {
    const target = view.resolve(o);
    if (target?.kind !== "array") return keep(o) ? [o] : [];
    o = target;
  }
  if (o.kind !== "array") throw new FormatError(`page ${what} is neither a reference nor an array`);
  return o.items.filter(keep);
}

const isRef = (x: PdfObject): x is PdfRef => x.kind === "ref";
const isAnnotation = (x: PdfObject): x is PdfRef | PdfDict => x.kind === "ref" || x.kind === "dict";

export function walkPages(view: PdfView, limits: Limits = view.limits): PageInfo[] {
  const root = rawGet(view.catalog(), "Pages");
  const out: PageInfo[] = [];
  if (root === undefined) return out;
  const visited = new Set<string>();
  const stack: { node: PdfObject; resources?: PdfObject }[] = [{ node: root }];
  let count = 0;
  while (stack.length > 0) {
    const { node: raw, resources: inherited } = stack.pop() as { node: PdfObject; resources?: PdfObject };
    if (raw.kind === "ref") {
      const key = refKey(raw);
      if (visited.has(key)) throw new FormatError(`page tree node ${key} R is reached twice (/Kids loop or shared node)`);
      visited.add(key);
    }
    if (++count > limits.maxTreeNodes) throw new LimitError("maxTreeNodes", `page tree has more than ${limits.maxTreeNodes} nodes`);
    const node = view.resolve(raw);
    if (node?.kind !== "dict") throw new FormatError("page tree node is not a dictionary");
    const resources = rawGet(node, "Resources") ?? inherited;
    const kids = view.getArray(node, "Kids");
    const type = view.getName(node, "Type");
    if (type === "Pages" || (type === undefined && kids !== undefined)) {
      if (!kids) throw new FormatError("/Pages node without /Kids");
      for (let i = kids.items.length - 1; i >= 0; i--) {
        stack.push(resources === undefined ? { node: kids.items[i] as PdfObject } : { node: kids.items[i] as PdfObject, resources });
      }
      continue;
    }
    if (type !== "Page") throw new FormatError(`page tree node has /Type ${type === undefined ? "(none)" : pdfName(type)}`);
    out.push({
      ...(raw.kind === "ref" ? { ref: raw } : {}),
      contents: itemsIn(view, rawGet(node, "Contents"), "/Contents", isRef),
      ...(resources !== undefined ? { resources } : {}),
      annots: itemsIn(view, rawGet(node, "Annots"), "/Annots", isAnnotation),
    });
  }
  return out;
}
