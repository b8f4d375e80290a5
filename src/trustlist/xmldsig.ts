// The list's XAdES signature (TS 119 612 clause 5.7): its shape held to an allow-list before any byte is
// verified, then verified by xml-crypto. One signature, the last child of the list, with exactly two
// references: the whole document (URI "", enveloped) and its own SignedProperties. What the rest of sealcheck
// reads of the list afterwards is parsed from the canonical bytes the first reference's digest covers.
import { createHash, verifySignature, type PublicKey, type SignatureEncoding } from "../platform/crypto.js";
import { FormatError } from "../errors.js";
import { C14nCanonicalization, ExclusiveCanonicalization, findAncestorNsForElement, type XElement, type XMutableNode } from "./xml-libs.js";
import { childElements, NS } from "./xml.js";
import { quoteValue } from "../report/quoted-name.js";

const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";
/** Canonicalisation without comments only: a comment would be signed by one reader and skipped by another. */
export const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const INCL_C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const C14N = new Set([EXC_C14N, INCL_C14N]);
const SIGNED_PROPERTIES = "http://uri.etsi.org/01903#SignedProperties";

/** Digests allowed for references. SHA-1 is not: a collision would let other bytes carry the signature. */
const DIGESTS: Record<string, string> = {
  "http://www.w3.org/2001/04/xmlenc#sha256": "sha256",
  "http://www.w3.org/2001/04/xmldsig-more#sha384": "sha384",
  "http://www.w3.org/2001/04/xmlenc#sha512": "sha512",
};

/** Certificate digests in XAdES SigningCertificate only name a certificate; SHA-1 is what 2019 lists write. */
const CERT_DIGESTS: Record<string, string> = { ...DIGESTS, "http://www.w3.org/2000/09/xmldsig#sha1": "sha1" };

type SigKind = "rsa" | "rsa-pss" | "ecdsa";
/** The one table of signature algorithms a list may use. HMAC and SHA-1 are absent on purpose. */
const SIGNATURES: Record<string, { hash: string; kind: SigKind; name: string }> = {
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": { hash: "sha256", kind: "rsa", name: "RSA-SHA256" },
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha384": { hash: "sha384", kind: "rsa", name: "RSA-SHA384" },
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512": { hash: "sha512", kind: "rsa", name: "RSA-SHA512" },
  "http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1": { hash: "sha256", kind: "rsa-pss", name: "RSASSA-PSS-SHA256" },
  "http://www.w3.org/2007/05/xmldsig-more#sha384-rsa-MGF1": { hash: "sha384", kind: "rsa-pss", name: "RSASSA-PSS-SHA384" },
  "http://www.w3.org/2007/05/xmldsig-more#sha512-rsa-MGF1": { hash: "sha512", kind: "rsa-pss", name: "RSASSA-PSS-SHA512" },
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256": { hash: "sha256", kind: "ecdsa", name: "ECDSA-SHA256" },
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384": { hash: "sha384", kind: "ecdsa", name: "ECDSA-SHA384" },
  "http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512": { hash: "sha512", kind: "ecdsa", name: "ECDSA-SHA512" },
};

export interface SignatureShape {
  signature: XElement;
  algorithm: string;
  /** The whole-list reference's URI: "" or "#" and the root's own Id. */
  wholeUri: string;
  /** DER of every X509Certificate in KeyInfo. */
  keyInfoCertificates: Uint8Array[];
  /** XAdES SigningCertificate(V2) digests: node hash name and base64 value. */
  signingCertificateDigests: { hash: string; value: string }[];
  signingTime: string | null;
  /** The two references as resolved here: the element each names, its transforms, digest method and value. */
  references: { uri: string; node: XElement; transforms: string[]; digest: string; digestValue: string; whole: boolean }[];
  signedInfo: XElement;
  canonicalization: string;
  signatureValue: string;
}

const attr = (el: XElement, name: string) => (el.hasAttribute(name) ? el.getAttribute(name) : null);
const isDs = (el: XElement, name: string) => el.namespaceURI === NS.ds && el.localName === name;
const isXades = (el: XElement, name: string) => el.namespaceURI === NS.xades && el.localName === name;

function only(parent: XElement, allowed: readonly string[], what: string): XElement[] {
  const kids = childElements(parent);
  for (const k of kids) {
    if (k.namespaceURI !== NS.ds || !allowed.includes(k.localName))
      throw new FormatError(`${what} holds {${k.namespaceURI ?? ""}}${k.localName}, which a list signature does not have`);
  }
  return kids;
}

/** The element's base64 text without its white space; one pass, no backtracking (the pattern has no nested repeats). */
function base64Text(el: XElement, what: string): string {
  const t = (el.textContent ?? "").replace(/[\t\n\r ]+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(t) || t.length % 4 !== 0) throw new FormatError(`${what} is not base64`);
  return t;
}

function base64Der(el: XElement, what: string): Uint8Array {
  return base64Bytes(base64Text(el, what));
}

/**
 * The signature's shape: exactly one ds:Signature in the document, the list's last child; SignedInfo with an
 * allowed canonicalisation and algorithm, the whole-document reference and the SignedProperties reference and
 * nothing else. Throws FormatError naming what is out of shape; returns null when the list is unsigned.
 */
export function signatureShape(root: XElement): SignatureShape | null {
  const all = root.ownerDocument!.getElementsByTagNameNS(NS.ds, "Signature");
  if (all.length === 0) return null;
  if (all.length > 1) throw new FormatError(`the document holds ${all.length} ds:Signature elements; a list has one`);
  const sig = all.item(0)!;
  const kids = childElements(root);
  if (sig.parentNode !== root || kids[kids.length - 1] !== sig) throw new FormatError("ds:Signature is not the last element of the list");

  const [signedInfo, signatureValue, ...rest] = only(sig, ["SignedInfo", "SignatureValue", "KeyInfo", "Object"], "ds:Signature");
  if (!signedInfo || !isDs(signedInfo, "SignedInfo") || !signatureValue || !isDs(signatureValue, "SignatureValue"))
    throw new FormatError("ds:Signature does not start with SignedInfo and SignatureValue");
  const keyInfo = rest[0] && isDs(rest[0], "KeyInfo") ? rest[0] : undefined;
  const objects = rest.slice(keyInfo ? 1 : 0);
  if (!keyInfo) throw new FormatError("ds:Signature has no KeyInfo: the list does not carry its signing certificate");
  if (objects.length !== 1 || !isDs(objects[0]!, "Object"))
    throw new FormatError(`ds:Signature has ${objects.length} elements after KeyInfo; a list signature has one ds:Object, its XAdES properties`);
  // Nothing of the signature's own tree escapes the allow-list: what the enveloped reference leaves out must
  // not hold content a reader could take for the list's (a provider tucked into an Object, say).
  checkSignatureTree(sig);

  const [c14n, method, ...refs] = only(signedInfo, ["CanonicalizationMethod", "SignatureMethod", "Reference"], "SignedInfo");
  if (!c14n || !isDs(c14n, "CanonicalizationMethod") || !method || !isDs(method, "SignatureMethod"))
    throw new FormatError("SignedInfo does not start with CanonicalizationMethod and SignatureMethod");
  if (!C14N.has(attr(c14n, "Algorithm") ?? ""))
    throw new FormatError(`SignedInfo's canonicalisation ${quoteValue(attr(c14n, "Algorithm"), 80)} is not allowed`);
  const algorithm = attr(method, "Algorithm") ?? "";
  if (!SIGNATURES[algorithm]) throw new FormatError(`signature algorithm ${quoteValue(algorithm, 80)} is not allowed`);
  if (childElements(method).length) throw new FormatError("SignatureMethod has parameters (HMACOutputLength or other), which a list signature does not");

  const sigId = attr(sig, "Id");
  const ids = idIndex(root);
  const references: SignatureShape["references"] = [];
  let whole = 0;
  let wholeUri = "";
  let props: XElement | undefined;
  if (refs.length !== 2) throw new FormatError(`SignedInfo has ${refs.length} references; a list signature has two (the list, its SignedProperties)`);
  for (const ref of refs) {
    if (!isDs(ref, "Reference")) throw new FormatError("SignedInfo holds something other than references after SignatureMethod");
    const uri = attr(ref, "URI");
    const type = attr(ref, "Type");
    const parts = only(ref, ["Transforms", "DigestMethod", "DigestValue"], "a Reference");
    const transforms = parts[0] && isDs(parts[0], "Transforms") ? only(parts[0], ["Transform"], "Transforms") : [];
    const algs = transforms.map((t) => {
      if (childElements(t).length) throw new FormatError("a Transform has parameters (XPath, inclusive namespaces), which a list signature does not");
      return attr(t, "Algorithm") ?? "";
    });
    const digest = parts.find((p) => isDs(p, "DigestMethod"));
    if (!digest || !DIGESTS[attr(digest, "Algorithm") ?? ""])
      throw new FormatError(`a reference's digest ${quoteValue(digest ? attr(digest, "Algorithm") : null, 80)} is not allowed`);
    const digestValue = parts.find((p) => isDs(p, "DigestValue"));
    if (!digestValue) throw new FormatError("a reference has no DigestValue");
    const value = base64Text(digestValue, "a reference's DigestValue");
    const resolved = { uri: uri ?? "", transforms: algs, digest: attr(digest, "Algorithm")!, digestValue: value };
    if ((uri === "" || (uri?.startsWith("#") && namesRoot(ids, root, uri.slice(1)))) && (type === null || type === "")) {
      // The whole document minus this signature, canonicalised: nothing of the list is left outside it. Some
      // operators (Belgium's 2016 list) name the root by its Id instead of "": the same content, comments
      // dropped either way, once that Id names the root and nothing else.
      if (algs.length !== 2 || algs[0] !== ENVELOPED || !C14N.has(algs[1]!))
        throw new FormatError(
          `the list's reference has transforms [${algs.map((a) => quoteValue(a, 80)).join(", ")}]; allowed: enveloped-signature then canonicalisation`,
        );
      whole++;
      wholeUri = uri;
      references.push({ ...resolved, node: root, whole: true });
    } else if (type === SIGNED_PROPERTIES && uri?.startsWith("#")) {
      if (algs.length > 1 || (algs.length === 1 && !C14N.has(algs[0]!)))
        throw new FormatError(`the SignedProperties reference has transforms [${algs.map((a) => quoteValue(a, 80)).join(", ")}]`);
      props = findSignedProperties(ids, sig, uri.slice(1), sigId);
      references.push({ ...resolved, node: props, whole: false });
    } else {
      throw new FormatError(
        `a reference to ${quoteValue(uri, 80)} (type ${quoteValue(type, 80)}) is neither the whole list nor the signature's SignedProperties`,
      );
    }
  }
  if (whole !== 1 || !props) throw new FormatError("SignedInfo does not reference both the whole list and the signature's SignedProperties");

  const keyInfoCertificates: Uint8Array[] = [];
  for (const data of only(keyInfo, ["X509Data", "KeyValue", "KeyName"], "KeyInfo")) {
    if (!isDs(data, "X509Data")) continue; // a key or a name: the signing certificate is what counts
    for (const x of only(data, ["X509Certificate", "X509IssuerSerial", "X509SubjectName", "X509SKI"], "X509Data")) {
      if (x.localName === "X509Certificate") keyInfoCertificates.push(base64Der(x, "KeyInfo's X509Certificate"));
    }
  }
  return {
    signature: sig,
    algorithm,
    wholeUri,
    keyInfoCertificates,
    ...signedProperties(props),
    references,
    signedInfo,
    canonicalization: attr(c14n, "Algorithm")!,
    signatureValue: base64Text(signatureValue, "SignatureValue"),
  };
}

const DS = (...names: string[]) => names.map((n) => `ds:${n}`);
const XA = (...names: string[]) => names.map((n) => `xades:${n}`);
const TEXT = "text";
const DSIG11 = "http://www.w3.org/2009/xmldsig11#";
const SUBTREE = "xades-subtree";

/**
 * The signature's tree as an allow-list: each element's allowed children, TEXT for a value, SUBTREE for key
 * values and XAdES properties whose content (policies, roles, places, commitments) is held to the XAdES and
 * XML-DSig namespaces.
 * No UnsignedProperties: nothing unsigned rides along.
 */
const SIGNATURE_TREE: Record<string, readonly string[] | typeof TEXT | typeof SUBTREE> = {
  "ds:Signature": DS("SignedInfo", "SignatureValue", "KeyInfo", "Object"),
  "ds:SignedInfo": DS("CanonicalizationMethod", "SignatureMethod", "Reference"),
  "ds:CanonicalizationMethod": [],
  "ds:SignatureMethod": [],
  "ds:Reference": DS("Transforms", "DigestMethod", "DigestValue"),
  "ds:Transforms": DS("Transform"),
  "ds:Transform": [],
  "ds:DigestMethod": [],
  "ds:DigestValue": TEXT,
  "ds:SignatureValue": TEXT,
  "ds:KeyInfo": DS("X509Data", "KeyValue", "KeyName"),
  "ds:KeyValue": SUBTREE,
  "ds:KeyName": TEXT,
  "ds:X509Data": DS("X509Certificate", "X509IssuerSerial", "X509SubjectName", "X509SKI"),
  "ds:X509Certificate": TEXT,
  "ds:X509SubjectName": TEXT,
  "ds:X509SKI": TEXT,
  "ds:X509IssuerSerial": DS("X509IssuerName", "X509SerialNumber"),
  "ds:X509IssuerName": TEXT,
  "ds:X509SerialNumber": TEXT,
  "ds:Object": XA("QualifyingProperties"),
  "xades:QualifyingProperties": XA("SignedProperties"),
  "xades:SignedProperties": XA("SignedSignatureProperties", "SignedDataObjectProperties"),
  "xades:SignedSignatureProperties": XA(
    "SigningTime",
    "SigningCertificate",
    "SigningCertificateV2",
    "SignaturePolicyIdentifier",
    "SignatureProductionPlace",
    "SignatureProductionPlaceV2",
    "SignerRole",
    "SignerRoleV2",
  ),
  "xades:SigningTime": TEXT,
  "xades:SigningCertificate": XA("Cert"),
  "xades:SigningCertificateV2": XA("Cert"),
  "xades:Cert": XA("CertDigest", "IssuerSerial", "IssuerSerialV2"),
  "xades:CertDigest": DS("DigestMethod", "DigestValue"),
  "xades:IssuerSerial": DS("X509IssuerName", "X509SerialNumber"),
  "xades:IssuerSerialV2": TEXT,
  "xades:SignaturePolicyIdentifier": SUBTREE,
  "xades:SignatureProductionPlace": SUBTREE,
  "xades:SignatureProductionPlaceV2": SUBTREE,
  "xades:SignerRole": SUBTREE,
  "xades:SignerRoleV2": SUBTREE,
  "xades:SignedDataObjectProperties": XA("DataObjectFormat", "CommitmentTypeIndication", "AllDataObjectsTimeStamp", "IndividualDataObjectsTimeStamp"),
  "xades:DataObjectFormat": XA("Description", "ObjectIdentifier", "MimeType", "Encoding"),
  "xades:Description": TEXT,
  "xades:MimeType": TEXT,
  "xades:Encoding": TEXT,
  "xades:ObjectIdentifier": SUBTREE,
  "xades:CommitmentTypeIndication": SUBTREE,
  "xades:AllDataObjectsTimeStamp": SUBTREE,
  "xades:IndividualDataObjectsTimeStamp": SUBTREE,
};

function qname(el: XElement): string {
  return el.namespaceURI === NS.ds
    ? `ds:${el.localName}`
    : el.namespaceURI === NS.xades
      ? `xades:${el.localName}`
      : `{${el.namespaceURI ?? ""}}${el.localName}`;
}

function hasText(el: XElement): boolean {
  for (let c = el.firstChild; c; c = c.nextSibling) if ((c.nodeType === 3 || c.nodeType === 4) && /[^\t\n\r ]/.test(c.nodeValue ?? "")) return true;
  return false;
}

function checkSignatureTree(sig: XElement): void {
  const stack: { el: XElement; rule: readonly string[] | typeof TEXT | typeof SUBTREE }[] = [{ el: sig, rule: SIGNATURE_TREE["ds:Signature"]! }];
  while (stack.length) {
    const { el, rule } = stack.pop()!;
    const kids = childElements(el);
    if (rule === TEXT) {
      if (kids.length) throw new FormatError(`${qname(el)} in the signature holds elements where it holds a value`);
      continue;
    }
    if (rule !== SUBTREE && hasText(el)) throw new FormatError(`${qname(el)} in the signature holds text between its elements`);
    for (const k of kids) {
      const name = qname(k);
      if (rule === SUBTREE) {
        if (k.namespaceURI !== NS.xades && k.namespaceURI !== NS.ds && k.namespaceURI !== DSIG11)
          throw new FormatError(`${name} inside ${qname(el)} is not XAdES or XML-DSig content`);
        stack.push({ el: k, rule: SUBTREE });
        continue;
      }
      const next = SIGNATURE_TREE[name];
      if (!rule.includes(name) || next === undefined) throw new FormatError(`${name} is not allowed inside ${qname(el)} of a list signature`);
      stack.push({ el: k, rule: next });
    }
  }
}

/**
 * Every element an Id reference could resolve to, by Id, in one walk of the document: an attribute whose local
 * name is Id, ID or id, in any namespace (what xml-crypto and other readers take); a reference is sound only
 * when exactly one element answers. Iterative, each element's children pushed one by one (a spread of 150,000
 * siblings would overflow the stack).
 */
function idIndex(root: XElement): Map<string, XElement[]> {
  const out = new Map<string, XElement[]>();
  const stack: XElement[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      if (a.localName === "Id" || a.localName === "ID" || a.localName === "id") {
        const list = out.get(a.value);
        if (list) list.push(el);
        else out.set(a.value, [el]);
      }
    }
    for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) stack.push(c as XElement);
  }
  return out;
}

function namesRoot(ids: Map<string, XElement[]>, root: XElement, id: string): boolean {
  const named = ids.get(id) ?? [];
  return named.length === 1 && named[0] === root;
}

/** The element with this Id must be unique and be the SignedProperties of this signature's QualifyingProperties. */
function findSignedProperties(ids: Map<string, XElement[]>, sig: XElement, id: string, sigId: string | null): XElement {
  const named = ids.get(id) ?? [];
  const count = named.length;
  const found = named[0];
  if (count !== 1 || !found) throw new FormatError(`the SignedProperties reference #${id} names ${count} elements; it must name exactly one`);
  const qp = found.parentNode as XElement | null;
  const obj = qp?.parentNode as XElement | null;
  if (!isXades(found, "SignedProperties") || !qp || !isXades(qp, "QualifyingProperties") || !obj || !isDs(obj, "Object") || obj.parentNode !== sig)
    throw new FormatError(`#${id} is not the SignedProperties of this signature's QualifyingProperties`);
  if (sigId === null || qp.getAttribute("Target") !== `#${sigId}`) throw new FormatError("QualifyingProperties does not target this signature");
  return found;
}

function xadesChild(el: XElement | undefined, name: string): XElement | undefined {
  return el ? childElements(el).find((c) => isXades(c, name)) : undefined;
}

function signedProperties(props: XElement): { signingCertificateDigests: { hash: string; value: string }[]; signingTime: string | null } {
  const ssp = xadesChild(props, "SignedSignatureProperties");
  const sc = xadesChild(ssp, "SigningCertificate") ?? xadesChild(ssp, "SigningCertificateV2");
  const signingCertificateDigests: { hash: string; value: string }[] = [];
  for (const cert of sc ? childElements(sc).filter((c) => isXades(c, "Cert")) : []) {
    const cd = xadesChild(cert, "CertDigest");
    const dm = cd ? childElements(cd).find((c) => isDs(c, "DigestMethod")) : undefined;
    const dv = cd ? childElements(cd).find((c) => isDs(c, "DigestValue")) : undefined;
    const hash = CERT_DIGESTS[dm?.getAttribute("Algorithm") ?? ""];
    if (hash && dv) signingCertificateDigests.push({ hash, value: (dv.textContent ?? "").replace(/\s+/g, "") });
  }
  const st = xadesChild(ssp, "SigningTime");
  return { signingCertificateDigests, signingTime: st ? (st.textContent ?? "").trim() : null };
}

/** Whether a certificate's DER is the one XAdES SigningCertificate names. */
export function namedBySigningCertificate(der: Uint8Array, digests: readonly { hash: string; value: string }[]): boolean {
  return digests.some((d) => createHash(d.hash).update(der).digest("base64") === d.value);
}

/** How each kind of the table is checked, and the key types that can make such a signature. */
const ENCODINGS: Record<SigKind, { encoding: SignatureEncoding; keys: readonly string[] }> = {
  ecdsa: { encoding: "ieee-p1363", keys: ["ec"] },
  "rsa-pss": { encoding: "pss", keys: ["rsa", "rsa-pss"] },
  // PKCS #1 v1.5 with an RSA key only: an RSASSA-PSS key never makes a PKCS #1 v1.5 signature.
  rsa: { encoding: "pkcs1", keys: ["rsa"] },
};

/** The signature value checked over the canonical SignedInfo, with the table's algorithm only (the platform seam verifies). */
async function signatureVerifies(uri: string, material: string, key: PublicKey, signatureValue: string): Promise<boolean> {
  const a = SIGNATURES[uri]!;
  const { encoding, keys } = ENCODINGS[a.kind];
  if (!keys.includes(key.asymmetricKeyType ?? "")) return false; // a key of another kind than the algorithm names
  try {
    return await verifySignature(a.hash, new TextEncoder().encode(material), key, base64Bytes(signatureValue), encoding);
  } catch {
    return false; // a value the key's kind cannot check (an r‖s of the wrong length)
  }
}

/** Standard base64 (already checked by base64Text) as bytes. */
function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** xml-crypto's canonicalisation of one element (its own classes), with the ancestors' namespaces it imports. */
function canonical(algorithm: string, node: XElement, importAncestors: boolean): string {
  const c14n = algorithm === EXC_C14N ? new ExclusiveCanonicalization() : new C14nCanonicalization();
  const ancestorNamespaces = importAncestors ? findAncestorNsForElement(node) : [];
  return c14n.process(node, { ancestorNamespaces, defaultNsForPrefix: { ds: NS.ds } }).toString();
}

export type SignatureVerdict =
  | { ok: true; signedList: string }
  | { ok: false; kind: "hash"; what: string }
  | { ok: false; kind: "crypto"; what: string }
  | { ok: false; kind: "format"; what: string };

/**
 * Verifies the signature with the signing certificate's key, using only the algorithms of the tables above.
 * The references are resolved here, to the elements signatureShape found by one indexed walk (no XPath over
 * the document), and canonicalised by xml-crypto's own canonicalisation classes as its reference processing
 * does: the whole list with this signature taken out (enveloped-signature) then the named canonicalisation;
 * SignedProperties by its canonicalisation (inclusive when none is named) with its ancestors' namespaces.
 * Comments are rendered as nothing by canonicalisation without comments, so none is removed one by one.
 * On success returns the canonical XML of the whole-list reference.
 */
export async function verifyListSignature(shape: SignatureShape, key: PublicKey): Promise<SignatureVerdict> {
  let signedList: string | null = null;
  for (const ref of shape.references) {
    let canon: string;
    if (ref.whole) {
      // enveloped-signature: the signature is detached while the list is canonicalised, then put back.
      const parent = shape.signature.parentNode as XMutableNode;
      const next = shape.signature.nextSibling;
      parent.removeChild(shape.signature);
      try {
        canon = canonical(ref.transforms[1]!, ref.node, ref.uri !== "");
      } finally {
        parent.insertBefore(shape.signature, next);
      }
      signedList = canon;
    } else {
      canon = canonical(ref.transforms[0] ?? INCL_C14N, ref.node, true);
    }
    const digest = createHash(DIGESTS[ref.digest]!).update(canon, "utf8").digest();
    if (!sameBytes(digest, base64Bytes(ref.digestValue))) {
      const what = ref.whole ? "the list's content" : "the signature's SignedProperties";
      return { ok: false, kind: "hash", what: `the digest of ${what} does not match the signed reference: the list was changed after signing` };
    }
  }
  if (signedList === null) return { ok: false, kind: "format", what: "the whole-list reference was not verified" };
  const signedInfo = canonical(shape.canonicalization, shape.signedInfo, true);
  if (!(await signatureVerifies(shape.algorithm, signedInfo, key, shape.signatureValue)))
    return { ok: false, kind: "crypto", what: "the signature value does not verify with the signing certificate's key" };
  return { ok: true, signedList };
}
