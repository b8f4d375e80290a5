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

export interface XmlCryptoReference {
  uri?: string;
  type?: string;
  transforms: string[];
  digestAlgorithm: string;
  digestValue: unknown;
  validationError?: Error;
  signedReference?: string;
}

export interface XmlCryptoSignatureAlgorithm {
  verifySignature(material: string, key: unknown, signatureValue: string): boolean;
  getSignature(signedInfo: unknown, privateKey: unknown): string;
  getAlgorithmName(): string;
}

export interface XmlCryptoHashAlgorithm {
  getHash(xml: string): string;
  getAlgorithmName(): string;
}

export declare class SignedXml {
  constructor(options?: { publicCert?: string; getCertFromKeyInfo?: (keyInfo?: XNode | null) => string | null; idAttribute?: string });
  SignatureAlgorithms: Record<string, new () => XmlCryptoSignatureAlgorithm>;
  HashAlgorithms: Record<string, new () => XmlCryptoHashAlgorithm>;
  CanonicalizationAlgorithms: Record<string, unknown>;
  loadSignature(signatureNode: XNode | string): void;
  checkSignature(xml: string): boolean;
  getSignedReferences(): string[];
  getReferences(): XmlCryptoReference[];
}
