// The page tree (§7.7.3), walked only to name objects for shadow-attack diffs: page content streams are
// never decoded. A node reached twice (loop or shared subtree) is a FormatError.
import { FormatError, LimitError } from "../../errors.js";
import { pdfName } from "../../report/quoted-name.js";
import type { Limits } from "../../limits.js";
import type { PdfView } from "./document.js";
import { type PdfObject, type PdfRef, rawGet, refKey } from "./objects.js";

export interface PageInfo {
  /** The page object; undefined only for a page given directly in /Kids (not valid PDF, but harmless here). */
  readonly ref?: PdfRef;
  /** References named by /Contents (a stream or an array of streams). */
  readonly contents: readonly PdfRef[];
  /** /Resources as stored on the page or inherited from an ancestor (unresolved). */
  readonly resources?: PdfObject;
  /** References in /Annots. */
  readonly annots: readonly PdfRef[];
}

function refsIn(view: PdfView, o: PdfObject | undefined, what: string): PdfRef[] {
  if (o === undefined) return [];
  if (o.kind === "ref") {
    const target = view.resolve(o);
    if (target?.kind !== "array") return [o];
    o = target;
  }
  if (o.kind !== "array") throw new FormatError(`page ${what} is neither a reference nor an array`);
  return o.items.filter((x): x is PdfRef => x.kind === "ref");
}

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
      contents: refsIn(view, rawGet(node, "Contents"), "/Contents"),
      ...(resources !== undefined ? { resources } : {}),
      annots: refsIn(view, rawGet(node, "Annots"), "/Annots"),
    });
  }
  return out;
}
