// The object graph of one revision as a reader reaches it: from the trailer through every direct and
// indirect value, each indirect object tagged with *every* context it is reached in (never the first one
// found), so that a rule about "page content" sees an object that is also listed as validation data.
// Contexts come from the path (the key a value sits under and the context of its container), not from the
// object's own /Type, which a writer chooses freely.
import { LimitError } from "../../errors.js";
import type { PdfView } from "./document.js";
import { type PdfDict, type PdfObject, rawGet } from "./objects.js";

/** Where in the document a value is used. */
export type GraphContext =
  | "trailer"
  | "catalog"
  | "info"
  | "page-tree"
  | "annots"
  | "annotation"
  | "widget-appearance"
  | "annotation-appearance"
  | "acroform"
  | "acroform-resources"
  | "fields"
  | "field"
  | "sig"
  | "dss"
  | "extensions"
  | "metadata"
  | "generic";

export interface GraphEdge {
  /** The object holding the reference; null for the trailer. */
  readonly from: number | null;
  readonly context: GraphContext;
  /** The key (or `[i]`) under which the reference sits in its container, for messages. */
  readonly key: string;
}

export interface ObjectGraph {
  readonly revision: number;
  /** Every reachable indirect object and the contexts it is used in. */
  readonly contexts: ReadonlyMap<number, ReadonlySet<GraphContext>>;
  /** Who refers to each reachable object, under which context. */
  readonly edges: ReadonlyMap<number, readonly GraphEdge[]>;
  /** Object numbers referred to that resolve to nothing here (free, missing or another generation). */
  readonly nullRefs: ReadonlySet<number>;
}

/** The context of the value under `key` of a container in context `ctx` (`container` is its resolved dict). */
function childContext(ctx: GraphContext, key: string, container: PdfDict | undefined, view: PdfView): GraphContext {
  switch (ctx) {
    case "trailer":
      return key === "Root" ? "catalog" : key === "Info" ? "info" : "generic";
    case "catalog":
      switch (key) {
        case "Pages":
          return "page-tree";
        case "AcroForm":
          return "acroform";
        case "DSS":
          return "dss";
        case "Metadata":
          return "metadata";
        case "Extensions":
          return "extensions";
        default:
          return "generic";
      }
    case "page-tree":
      if (key === "Kids" || key === "Parent") return "page-tree";
      return key === "Annots" ? "annots" : "generic";
    case "annots":
      return "annotation";
    case "annotation":
    case "field": {
      if (key === "AP") return isWidget(container, view) ? "widget-appearance" : "annotation-appearance";
      if (key === "P") return "page-tree";
      if (key === "Parent" || key === "Kids") return "field";
      if (key === "V" && ctx === "field" && fieldType(container, view) === "Sig") return "sig";
      return "generic";
    }
    case "acroform":
      if (key === "Fields") return "fields";
      return key === "DR" ? "acroform-resources" : "generic";
    case "fields":
      return "field";
    case "dss":
    case "extensions":
    case "widget-appearance":
    case "annotation-appearance":
    case "acroform-resources":
      return ctx;
    case "sig":
    case "info":
    case "metadata":
    case "generic":
      return "generic";
  }
}

function isWidget(d: PdfDict | undefined, view: PdfView): boolean {
  const s = d ? view.resolve(rawGet(d, "Subtype")) : undefined;
  return s?.kind === "name" && s.value === "Widget";
}

/** /FT, inherited through /Parent (bounded). */
export function fieldType(d: PdfDict | undefined, view: PdfView): string | undefined {
  let cur = d;
  for (let i = 0; cur && i < 32; i++) {
    const ft = view.resolve(rawGet(cur, "FT"));
    if (ft?.kind === "name") return ft.value;
    const p = view.resolve(rawGet(cur, "Parent"));
    cur = p?.kind === "dict" ? p : undefined;
  }
  return undefined;
}

/**
 * Walks everything reachable from `view`'s trailer. Each indirect object is expanded once per context it
 * is reached in (a small, fixed set), so the work is bounded by objects × contexts; `maxObjects` bounds the
 * number of distinct objects.
 */
export function objectGraph(view: PdfView, maxObjects: number): ObjectGraph {
  const contexts = new Map<number, Set<GraphContext>>();
  const edges = new Map<number, GraphEdge[]>();
  const nullRefs = new Set<number>();
  type Item = { value: PdfObject; ctx: GraphContext; from: number | null; key: string };
  const stack: Item[] = [];
  // Readers follow /Root and /Info of the trailer (encrypted files are refused before this); nothing else.
  for (const key of ["Info", "Root"]) {
    const value = view.trailer.entries.get(key);
    if (value !== undefined && !isLeaf(value)) stack.push({ value, ctx: childContext("trailer", key, view.trailer, view), from: null, key });
  }
  while (stack.length > 0) {
    const item = stack.pop() as Item;
    const { value, ctx } = item;
    let holder = item.from;
    let v: PdfObject = value;
    if (value.kind === "ref") {
      const obj = view.object(value);
      if (!obj) {
        nullRefs.add(value.num);
        continue;
      }
      let set = contexts.get(value.num);
      if (!set) {
        if (contexts.size >= maxObjects) {
          throw new LimitError("maxComparedObjects", `more than ${maxObjects} objects are reachable in revision ${view.index + 1}`);
        }
        set = new Set();
        contexts.set(value.num, set);
      }
      let list = edges.get(value.num);
      if (!list) edges.set(value.num, (list = []));
      if (list.length < 64) list.push({ from: item.from, context: ctx, key: item.key });
      if (set.has(ctx)) continue;
      set.add(ctx);
      holder = value.num;
      v = obj.value;
    }
    const dict = v.kind === "dict" ? v : v.kind === "stream" ? v.dict : undefined;
    if (dict) {
      for (const [key, child] of dict.entries) {
        if (isLeaf(child)) continue;
        stack.push({ value: child, ctx: childContext(ctx, key, dict, view), from: holder, key });
      }
    } else if (v.kind === "array") {
      v.items.forEach((child, i) => {
        if (!isLeaf(child)) stack.push({ value: child, ctx: arrayChildContext(ctx), from: holder, key: `${item.key}[${i}]` });
      });
    }
  }
  return { revision: view.index, contexts, edges, nullRefs };
}

/** Array items keep the context their array was given by its key (Kids of a page-tree node stay page-tree). */
function arrayChildContext(ctx: GraphContext): GraphContext {
  if (ctx === "annots") return "annotation";
  if (ctx === "fields") return "field";
  return ctx;
}

function isLeaf(o: PdfObject): boolean {
  return o.kind !== "ref" && o.kind !== "dict" && o.kind !== "array" && o.kind !== "stream";
}
