// Name trees (§7.9.6): flat /Names arrays and /Kids trees, walked iteratively in key order as stored.
// /Limits are not trusted for lookup (we list everything); a node reached twice is refused, cycle or not,
// because a shared subtree would make one entry appear twice to some readers and once to others.
import { FormatError, LimitError } from "../../errors.js";
import type { Limits } from "../../limits.js";
import type { PdfView } from "./document.js";
import { type PdfObject, refKey } from "./objects.js";
import { type PdfText, pdfText } from "./text.js";

export interface NameTreeEntry {
  /** The key, exact bytes and text reading. */
  readonly name: PdfText;
  /** The value as stored in the /Names array (usually a reference; not resolved). */
  readonly value: PdfObject;
}

/** Every entry of the tree rooted at `root`, in tree order, duplicates included. */
export function walkNameTree(view: PdfView, root: PdfObject | undefined, limits: Limits = view.limits): NameTreeEntry[] {
  const out: NameTreeEntry[] = [];
  if (view.resolve(root) === undefined) return out;
  const visited = new Set<string>();
  const stack: PdfObject[] = [root as PdfObject];
  let nodes = 0;
  while (stack.length > 0) {
    const raw = stack.pop() as PdfObject;
    if (raw.kind === "ref") {
      const key = refKey(raw);
      if (visited.has(key)) throw new FormatError(`name tree node ${key} R is reached twice (/Kids loop or shared node)`);
      visited.add(key);
    }
    if (++nodes > limits.maxTreeNodes) throw new LimitError("maxTreeNodes", `name tree has more than ${limits.maxTreeNodes} nodes`);
    const node = view.resolve(raw);
    if (node?.kind !== "dict") throw new FormatError("name tree node is not a dictionary");
    const names = view.getArray(node, "Names");
    const kids = view.getArray(node, "Kids");
    if (names && kids) throw new FormatError("name tree node has both /Names and /Kids");
    if (names) {
      if (names.items.length % 2 !== 0) throw new FormatError("name tree /Names array has an odd length");
      for (let i = 0; i < names.items.length; i += 2) {
        const k = view.resolve(names.items[i]);
        if (k?.kind !== "string") throw new FormatError("name tree key is not a string");
        out.push({ name: pdfText(k.bytes), value: names.items[i + 1] as PdfObject });
      }
    }
    if (kids) for (let i = kids.items.length - 1; i >= 0; i--) stack.push(kids.items[i] as PdfObject);
  }
  return out;
}
