// Reading a trusted list's bytes into a DOM, strictly. xmldom recovers from malformed XML by default (an
// unclosed tag, an unknown entity): another reader would see another document, so every warning is fatal
// here. No DTD either: entities and default attributes would make the signed bytes read differently.
import { SaxesParser } from "saxes";
import { DOMParser, type XDocument, type XElement, type XNode } from "./xml-libs.js";
import { FormatError, LimitError } from "../errors.js";
import type { Limits } from "../limits.js";
import { quoteValue } from "../report/quoted-name.js";

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

/** The XML limits, and when the time for reading one file ends (Date.now() milliseconds). */
export type XmlBudget = Pick<Limits, "maxXmlDepth" | "maxXmlElements" | "maxXmlComments" | "maxXmlNamespaceDeclarations" | "maxXmlMilliseconds"> & {
  deadline: number;
};

export function xmlBudget(limits: Limits): XmlBudget {
  return { ...limits, deadline: Date.now() + limits.maxXmlMilliseconds };
}

/** Throws LimitError once the time for reading the file has run out. */
export function checkTime(budget: XmlBudget, where: string): void {
  if (Date.now() > budget.deadline) throw new LimitError("maxXmlMilliseconds", `reading the XML took longer than ${budget.maxXmlMilliseconds} ms (${where})`);
}

/** saxes's messages, with what they mean in a list's terms where it says little. */
function wellFormednessMessage(raw: string): string {
  const m = /^(\d+):(\d+): (.*)$/s.exec(raw);
  const [line, col, msg] = m ? [m[1], m[2], m[3]!] : [null, null, raw];
  const at = line ? ` (line ${line}, column ${col})` : "";
  const what = /entity name|undefined entity/.test(msg)
    ? `${msg.replace(/\.$/, "")}: an & that does not start a character reference or one of XML's five entities (a bare & must be written &amp;)`
    : /malformed character entity/.test(msg)
      ? "a character reference to a character XML 1.0 forbids (such as &#0; or a surrogate &#xD800;)"
      : /disallowed character\.?$/.test(msg)
        ? `${msg.replace(/\.$/, "")} (a < inside an attribute value, or a character XML 1.0 forbids)`
        : msg.replace(/\.$/, "");
  return `${what}${at}`.replace(/\s+/g, " ").slice(0, 300);
}

/**
 * The streaming pass: well-formedness and namespace well-formedness as strict as libxml2 (saxes implements
 * XML 1.0 and Namespaces in XML 1.0 to the letter: a bare &, a < in an attribute value, "]]>" in text, a
 * character reference to a forbidden character, an undeclared or unbinding prefix, xml/xmlns bound to another
 * namespace, two attributes with one expanded name are all errors), and the work bounded before any DOM is
 * built: elements, depth, comments, namespace declarations and time. No processing instruction (the XML
 * declaration is not one): canonicalisation renders one inside signed content differently in xml-crypto and
 * in xmlsec1, and a list has none. No DTD.
 */
function streamCheck(text: string, budget: XmlBudget): void {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let elements = 0;
  let depth = 0;
  let comments = 0;
  // Namespace declarations in scope: what canonicalisation (inclusive above all) carries from an element to
  // each of its descendants. Declarations spread over many elements cost once each; piled on an ancestor, they
  // cost again at every element below it.
  let inScope = 0;
  const declared: number[] = [];
  let events = 0;
  const tick = () => {
    if ((++events & 0xfff) === 0) checkTime(budget, "well-formedness");
  };
  let first: Error | null = null;
  parser.on("error", (e) => {
    first ??= new FormatError(`not well-formed XML: ${wellFormednessMessage(e.message)}`);
    throw first;
  });
  parser.on("xmldecl", (d) => {
    if (d.version !== undefined && d.version !== "1.0") throw new FormatError("the XML declares a version other than 1.0");
    if (d.encoding !== undefined && d.encoding.toLowerCase() !== "utf-8")
      throw new FormatError(`the XML declares encoding ${quoteValue(d.encoding.slice(0, 40))}; trusted lists are UTF-8`);
  });
  parser.on("doctype", () => {
    throw new FormatError("the XML has a document type declaration (DTD); a trusted list has none, and its entities could change what is read");
  });
  parser.on("processinginstruction", (pi) => {
    throw new FormatError(
      `the XML holds a processing instruction <?${pi.target.slice(0, 40)} …?>: a list has none, and readers canonicalise one inside signed content differently (xmlsec1 refuses it, xml-crypto reads its content as text)`,
    );
  });
  parser.on("opentag", (tag) => {
    tick();
    if (++elements > budget.maxXmlElements) throw new LimitError("maxXmlElements", `the XML has more than ${budget.maxXmlElements} elements`);
    if (++depth > budget.maxXmlDepth) throw new LimitError("maxXmlDepth", `the XML nests elements deeper than ${budget.maxXmlDepth}`);
    let here = 0;
    for (const name of Object.keys(tag.attributes)) if (name === "xmlns" || name.startsWith("xmlns:")) here++;
    declared.push(here);
    inScope += here;
    if (inScope > budget.maxXmlNamespaceDeclarations)
      throw new LimitError(
        "maxXmlNamespaceDeclarations",
        `the XML has more than ${budget.maxXmlNamespaceDeclarations} namespace declarations in scope at <${tag.name.slice(0, 60)}>`,
      );
  });
  parser.on("closetag", () => {
    tick();
    depth--;
    inScope -= declared.pop() ?? 0;
  });
  parser.on("comment", () => {
    tick();
    if (++comments > budget.maxXmlComments) throw new LimitError("maxXmlComments", `the XML has more than ${budget.maxXmlComments} comments`);
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (first) throw first;
    throw e;
  }
  checkTime(budget, "well-formedness");
}

/** Characters XML 1.0 forbids, lone surrogates included (a string's, as the signed content is one). */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Parses XML text: first the streaming pass (strictness and bounds), then xmldom with every warning and error
 * fatal, then the tree walk. Used for the file and for signed content.
 */
export function parseStrictXml(text: string, budget: XmlBudget): { doc: XDocument; root: XElement } {
  // XML 1.0 forbids these characters; xmldom lets them through, libxml2 refuses the file: readers disagree.
  const bad = FORBIDDEN.exec(text);
  if (bad)
    throw new FormatError(
      `the text holds U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at offset ${bad.index}, a character XML 1.0 forbids${/[\uD800-\uDFFF]/.test(bad[0]) ? " (a lone surrogate)" : ""}`,
    );
  streamCheck(text, budget);
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
  checkTree(doc, text, budget);
  return { doc, root };
}

/**
 * What XML 1.0 forbids and xmldom lets through, so that libxml2 or expat would refuse the file or read it
 * otherwise: text outside the root element, an XML declaration anywhere but at the very start, "--" inside a
 * comment, a prefix bound to no namespace. Iterative, so that a hostile nesting cannot overflow the stack here
 * or in canonicalisation later.
 */
function checkTree(doc: XDocument, text: string, budget: XmlBudget): void {
  const maxDepth = budget.maxXmlDepth;
  let steps = 0;
  const where = (n: XNode) => (n.nodeType === ELEMENT ? `<${n.nodeName}>` : n.nodeName);
  for (let c = doc.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT && /[^\t\n\r ]/.test(c.nodeValue ?? "")) throw new FormatError("the XML has text outside its root element");
    if (c.nodeType === PI && c.nodeName.toLowerCase() === "xml" && !(c === doc.firstChild && text.startsWith("<?xml")))
      throw new FormatError("the XML has an XML declaration that is not at the very start of the file");
  }
  const stack: [XNode, number][] = [[doc, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if ((++steps & 0xfff) === 0) checkTime(budget, "tree");
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
export function readXml(bytes: Uint8Array, budget: XmlBudget): ParsedXml {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new FormatError("the file is not UTF-8 text");
  }
  if (!/^\s*</.test(text)) throw new FormatError("the file is not XML");
  const { doc, root } = parseStrictXml(text, budget);
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
