// What identifies a trusted list, or a certificate, inside XML bytes however they are encoded: the keys the
// trust-anchors check looks for in the evidence (a list the user gives that the archive also carries, re-encoded;
// a list signer carried only base64 in a list's KeyInfo). Two XML files are one list when their canonical content
// is the same (the root without its ds:Signature, exclusive canonicalisation by xml-crypto: attribute order,
// quoting, namespace declarations no element uses, the XML declaration, the encoding, the signature's own layout
// and white space between tags do not count) or when they carry the same signature value (decoded: its line
// breaks do not count), which the signer made over that content's digest. A copy without the signature is found
// by its content alone: the same list, unsigned (trust-anchors names it so).
import { createHash } from "../platform/crypto.js";
import { FormatError, LimitError } from "../errors.js";
import type { Limits } from "../limits.js";
import { ExclusiveCanonicalization, type XElement, type XMutableNode } from "./xml-libs.js";
import { childElements, NS, parseStrictXml, xmlBudget } from "./xml.js";

/** The keys of one XML file: its canonical content, each signature value, each certificate (DER) it holds. */
export interface XmlIdentity {
  /** SHA-256 over a label and the root's canonical content without its ds:Signature elements. */
  readonly content: Uint8Array;
  /** SHA-256 over a label and each ds:SignatureValue's bytes. */
  readonly signatures: readonly Uint8Array[];
  /** The DER of every X509Certificate element, in any namespace (ds:KeyInfo, a list's DigitalId). */
  readonly certificates: readonly Uint8Array[];
}

const CONTENT = "sealcheck trusted-list content (exc-c14n, without ds:Signature, without white space between tags)\n";

/**
 * The canonical content without its layout: white space between two tags (an indentation, the line breaks around
 * a signature taken out; exc-c14n writes a carriage return as &#xD;) does not count, so a list re-indented is the
 * same list with or without its signature. A list's values are element text, never white space alone, and the key
 * only recognises a list; it vouches for nothing.
 */
const layoutFree = (canonical: string): string => canonical.replace(/>(?:[ \t\n]|&#xD;)+</g, "><");
const SIGNATURE = "sealcheck trusted-list signature value\n";

/** UTF-8 (BOM or none) or UTF-16 with its BOM, as XML 1.0 lets a file declare itself; null for anything else. */
function decode(bytes: Uint8Array): string | null {
  const [a, b] = [bytes[0], bytes[1]];
  const encoding = a === 0xff && b === 0xfe ? "utf-16le" : a === 0xfe && b === 0xff ? "utf-16be" : "utf-8";
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A UTF-16 BOM, or "<" after a UTF-8 BOM and white space: only such bytes are decoded (most attachments are not XML). */
function startsLikeXml(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x3c;
}

function base64(text: string | null): Uint8Array | null {
  const t = (text ?? "").replace(/[\t\n\r ]+/g, "");
  if (!t || t.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(t)) return null;
  return new Uint8Array(Buffer.from(t, "base64"));
}

const labelled = (label: string, data: string | Uint8Array): Uint8Array => createHash("sha256").update(label, "utf8").update(data).digest();

/**
 * The keys of XML bytes, or null when they are not XML sealcheck reads (not text, not starting with "<", larger
 * than maxXmlBytes, not well-formed, over an XML limit): such bytes are only searched as they are.
 */
export function xmlIdentity(bytes: Uint8Array, limits: Limits): XmlIdentity | null {
  if (bytes.length > limits.maxXmlBytes || !startsLikeXml(bytes)) return null;
  const text = decode(bytes);
  if (text === null || !/^\uFEFF?\s*</.test(text)) return null;
  try {
    const { doc, root } = parseStrictXml(text.replace(/^\uFEFF/, ""), xmlBudget(limits));
    const signatures: Uint8Array[] = [];
    const values = doc.getElementsByTagNameNS(NS.ds, "SignatureValue");
    for (let i = 0; i < values.length; i++) {
      const v = base64(values.item(i)!.textContent);
      if (v) signatures.push(labelled(SIGNATURE, v));
    }
    const certificates: Uint8Array[] = [];
    const certs = doc.getElementsByTagNameNS("*", "X509Certificate");
    for (let i = 0; i < certs.length; i++) {
      const der = base64(certs.item(i)!.textContent);
      if (der) certificates.push(der);
    }
    // Enveloped: the root's own signatures taken out (this DOM is ours alone), the rest canonicalised.
    for (const s of childElements(root).filter((e: XElement) => e.namespaceURI === NS.ds && e.localName === "Signature"))
      (root as unknown as XMutableNode).removeChild(s);
    const canonical = new ExclusiveCanonicalization().process(root, { ancestorNamespaces: [] }).toString();
    return { content: labelled(CONTENT, layoutFree(canonical)), signatures, certificates };
  } catch (e) {
    if (e instanceof FormatError || e instanceof LimitError) return null;
    throw e;
  }
}

/**
 * A verified list's keys from what its signature verified: its canonical content (exclusive canonicalisation of
 * the whole-list reference, which is the root without its signature) and its signature value (base64). The same
 * keys xmlIdentity gives the same list's bytes, without reading them again.
 */
export function listKeys(canonical: string, signatureValue: string): Uint8Array[] {
  const value = base64(signatureValue);
  return [labelled(CONTENT, layoutFree(canonical)), ...(value ? [labelled(SIGNATURE, value)] : [])];
}

/** Every key of XML bytes, for a search that compares bytes (none when they are not XML sealcheck reads). */
export function xmlKeys(bytes: Uint8Array, limits: Limits): Uint8Array[] {
  const id = xmlIdentity(bytes, limits);
  return id ? [id.content, ...id.signatures, ...id.certificates] : [];
}
