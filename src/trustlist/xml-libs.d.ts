// The parts of xmldom's DOM and of xml-crypto that src/trustlist uses (see xml-libs.js for why not theirs).

export interface XNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly firstChild: XNode | null;
  readonly nextSibling: XNode | null;
  readonly previousSibling: XNode | null;
  readonly parentNode: XNode | null;
  readonly ownerDocument: XDocument | null;
}

export interface XAttr extends XNode {
  readonly name: string;
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly value: string;
}

export interface XElement extends XNode {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly attributes: { readonly length: number; item(i: number): XAttr | null };
  getAttribute(name: string): string | null;
  getAttributeNS(ns: string, local: string): string | null;
  hasAttribute(name: string): boolean;
  getElementsByTagNameNS(ns: string, local: string): { readonly length: number; item(i: number): XElement | null };
}

export interface XDocument extends XNode {
  readonly documentElement: XElement | null;
  readonly doctype: XNode | null;
  getElementsByTagNameNS(ns: string, local: string): { readonly length: number; item(i: number): XElement | null };
}

export interface DOMParserOptions {
  locator?: object;
  errorHandler?: { warning?: (msg: string) => void; error?: (msg: string) => void; fatalError?: (msg: string) => void };
}

export declare class DOMParser {
  constructor(options?: DOMParserOptions);
  parseFromString(text: string, mimeType: string): XDocument;
}

export interface XMutableNode extends XNode {
  removeChild(child: XNode): XNode;
  insertBefore(child: XNode, ref: XNode | null): XNode;
}

export interface AncestorNamespace {
  prefix: string;
  namespaceURI: string;
}

export interface CanonicalizationOptions {
  ancestorNamespaces?: AncestorNamespace[];
  defaultNsForPrefix?: Record<string, string>;
  inclusiveNamespacesPrefixList?: string[];
}

export declare class ExclusiveCanonicalization {
  process(node: XNode, options: CanonicalizationOptions): string;
}

export declare class C14nCanonicalization {
  process(node: XNode, options: CanonicalizationOptions): string;
}

export declare function findAncestorNsForElement(node: XNode): AncestorNamespace[];
