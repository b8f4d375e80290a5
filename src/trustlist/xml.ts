// Reading a trusted list's bytes into a DOM, strictly. xmldom recovers from malformed XML by default (an
// unclosed tag, an unknown entity): another reader would see another document, so every warning is fatal
// here. No DTD either: entities and default attributes would make the signed bytes read differently.
import { DOMParser, type XDocument, type XElement, type XNode } from "./xml-libs.js";
import { FormatError, LimitError } from "../errors.js";

export const NS = {
  tsl: "http://uri.etsi.org/02231/v2#",
  ds: "http://www.w3.org/2000/09/xmldsig#",
  xades: "http://uri.etsi.org/01903/v1.3.2#",
  xml: "http://www.w3.org/XML/1998/namespace",
  xmlns: "http://www.w3.org/2000/xmlns/",
} as const;

export interface ParsedXml {
  /** The text as parsed (BOM removed): the string the signature is checked over. */
  text: string;
  doc: XDocument;
  root: XElement;
}

const ELEMENT = 1;
const TEXT = 3;
const PI = 7;
const COMMENT = 8;

/** Parses XML text with every xmldom warning and error fatal. Used for the file and for signed content. */
export function parseStrictXml(text: string, maxDepth: number): { doc: XDocument; root: XElement } {
  // xmldom catches what a handler throws inside an element and reports it again, wrapped: keep the first.
  let first: string | null = null;
  const fail = (msg: string): never => {
    first ??= msg
      .replace(/^\[xmldom \w+\]\s*/, "")
      .replace(/\s*@#\[line:(\d+|undefined),col:(\d+|undefined)\]/g, (_m, l: string, c: string) => (l === "undefined" ? "" : ` (line ${l}, column ${c})`))
      .replace(/\s+/g, " ")
      .slice(0, 200);
    throw new FormatError(`not well-formed XML: ${first}`);
  };
  let doc: XDocument;
  try {
    doc = new DOMParser({ locator: {}, errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(text, "text/xml");
  } catch (e) {
    if (first !== null) throw new FormatError(`not well-formed XML: ${first}`);
    throw new FormatError(`not well-formed XML: ${e instanceof Error ? e.message.replace(/\s+/g, " ").slice(0, 200) : String(e)}`);
  }
  if (first !== null) throw new FormatError(`not well-formed XML: ${first}`);
  if (doc.doctype) throw new FormatError("the XML has a document type declaration (DTD); a trusted list has none, and its entities could change what is read");
  const root = doc.documentElement;
  if (!root) throw new FormatError("the XML has no root element");
  checkTree(doc, text, maxDepth);
  return { doc, root };
}

/**
 * What XML 1.0 forbids and xmldom lets through, so that libxml2 or expat would refuse the file or read it
 * otherwise: text outside the root element, an XML declaration anywhere but at the very start, "--" inside a
 * comment, a prefix bound to no namespace. Iterative, so that a hostile nesting cannot overflow the stack here
 * or in canonicalisation later.
 */
function checkTree(doc: XDocument, text: string, maxDepth: number): void {
  const where = (n: XNode) => (n.nodeType === ELEMENT ? `<${n.nodeName}>` : n.nodeName);
  for (let c = doc.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT && /[^\t\n\r ]/.test(c.nodeValue ?? "")) throw new FormatError("the XML has text outside its root element");
    if (c.nodeType === PI && c.nodeName.toLowerCase() === "xml" && !(c === doc.firstChild && text.startsWith("<?xml")))
      throw new FormatError("the XML has an XML declaration that is not at the very start of the file");
  }
  const stack: [XNode, number][] = [[doc, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > maxDepth) throw new LimitError("maxXmlDepth", `the XML nests elements deeper than ${maxDepth}`);
    if (node.nodeType === ELEMENT) {
      const el = node as XElement;
      if (el.nodeName.includes(":") && !el.namespaceURI) throw new FormatError(`${where(el)} has a prefix bound to no namespace`);
      for (let i = 0; i < el.attributes.length; i++) {
        const a = el.attributes.item(i)!;
        if (a.name.includes(":") && !a.name.startsWith("xmlns:") && !a.namespaceURI)
          throw new FormatError(`attribute ${a.name} of ${where(el)} has a prefix bound to no namespace`);
      }
    }
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === ELEMENT) stack.push([c, depth + 1]);
      else if (c.nodeType === COMMENT && ((c.nodeValue ?? "").includes("--") || (c.nodeValue ?? "").endsWith("-")))
        throw new FormatError('the XML has a comment holding "--", which XML forbids');
      else if (c.nodeType === PI && c.nodeName.toLowerCase() === "xml" && node !== doc)
        throw new FormatError("the XML has an XML declaration inside an element");
    }
  }
}

/** Decodes the bytes (UTF-8 only, as TS 119 612 requires) and parses them; FormatError says what is wrong. */
export function readXml(bytes: Uint8Array, maxDepth: number): ParsedXml {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new FormatError("the file is not UTF-8 text");
  }
  if (/^<\?xml\s[^?]*?version\s*=\s*["'](?!1\.0["'])/.test(text)) throw new FormatError("the XML declares a version other than 1.0");
  const decl = /^<\?xml\s[^?]*?encoding\s*=\s*["']([^"']*)["']/.exec(text);
  if (decl && decl[1]!.toLowerCase() !== "utf-8")
    throw new FormatError(`the XML declares encoding ${JSON.stringify(decl[1]!.slice(0, 40))}; trusted lists are UTF-8`);
  if (!/^\s*</.test(text)) throw new FormatError("the file is not XML");
  // XML 1.0 forbids these characters; xmldom lets them through, libxml2 refuses the file: readers disagree.
  const bad = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.exec(text);
  if (bad)
    throw new FormatError(
      `the text holds U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at offset ${bad.index}, a character XML 1.0 forbids`,
    );
  const { doc, root } = parseStrictXml(text, maxDepth);
  if (root.namespaceURI !== NS.tsl || root.localName !== "TrustServiceStatusList")
    throw new FormatError(`the root element is {${root.namespaceURI ?? ""}}${root.localName}, not a TS 119 612 TrustServiceStatusList`);
  return { text, doc, root };
}

/** Child elements of a node, in document order. */
export function childElements(node: XNode): XElement[] {
  const out: XElement[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT) out.push(c as XElement);
  return out;
}

/** The first child element with this namespace and local name. */
export function child(node: XNode, ns: string, name: string): XElement | undefined {
  return childElements(node).find((e) => e.namespaceURI === ns && e.localName === name);
}

export function children(node: XNode, ns: string, name: string): XElement[] {
  return childElements(node).filter((e) => e.namespaceURI === ns && e.localName === name);
}

/** Text of an element whose content the schema check has already held to text only. */
export function text(el: XElement | undefined): string | null {
  return el ? (el.textContent ?? "") : null;
}

/** Follows a path of TS 119 612 element names from a node; undefined when any step is missing. */
export function at(node: XNode | undefined, ...path: string[]): XElement | undefined {
  let cur: XNode | undefined = node;
  for (const name of path) cur = cur ? child(cur, NS.tsl, name) : undefined;
  return cur as XElement | undefined;
}
