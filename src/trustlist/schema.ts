// The structure of a trusted list, as an allow-list: the XML schema of its TSLVersionIdentifier written as
// data (3: ETSI TS 102 231 v3.1.2, still used by lists outside the EU such as Germany's health-care TSL;
// 4: TS 119 612 v1.1.1, the EU lists of 2014-2016, read with the schema of 5 as DSS reads them; 5: v2.1.1;
// 6: v2.3.1). Every element, its order and count, every attribute and every simple value of the list is held
// to it; only the schema's own open points (Extension, OtherInformation, Other, ds:KeyValue) take any
// content. Of ds:Signature only the version's signature profile is held here; its shape is xmldsig.ts's.
import { FormatError } from "../errors.js";
import { NS } from "./xml.js";
import type { XElement, XNode } from "./xml-libs.js";
import { quoteValue } from "../report/quoted-name.js";

type Simple = "string" | "nonEmptyString" | "nonEmpty" | "uri" | "integer" | "positiveInteger" | "nonNegativeInteger" | "dateTime" | "base64" | "boolean";

interface Attr {
  /** Local name; "xml:lang" for the XML namespace's lang. */
  name: string;
  required: boolean;
  /** Only from this TSLVersionIdentifier on. */
  since?: number;
}

/** The versions whose schema this table holds (OLDER below says where version 3's differs). */
export const SUPPORTED_VERSIONS = [3, 4, 5, 6] as const;

interface Particle {
  /** Local name in the TS 119 612 namespace, or "ds:X" for XML-DSig's. */
  el: string;
  type: string;
  min: 0 | 1;
  max: 1 | "unbounded";
}

type TypeDef =
  | { kind: "simple"; simple: Simple; attrs?: Attr[] }
  | { kind: "sequence"; items: Particle[]; attrs?: Attr[] }
  /** One of the options, repeated within its own bounds (XSD choice of sequences of one element). */
  | { kind: "choice"; options: Particle[]; attrs?: Attr[] }
  /** Any mix of the options, at least one (XSD choice maxOccurs="unbounded"). */
  | { kind: "mixedChoice"; options: Particle[] }
  /** The schema's own extension points: anything. */
  | { kind: "any"; attrs?: Attr[]; anyAttributes?: boolean }
  /** Checked elsewhere (the signature). */
  | { kind: "external" };

const one = (el: string, type: string): Particle => ({ el, type, min: 1, max: 1 });
const opt = (el: string, type: string): Particle => ({ el, type, min: 0, max: 1 });
const many = (el: string, type: string, min: 0 | 1 = 1): Particle => ({ el, type, min, max: "unbounded" });
const lang: Attr[] = [{ name: "xml:lang", required: true }];

/** What a service is and its status since when: the start of ServiceInformation and of each history instance. */
const SERVICE_STATE: Particle[] = [
  one("ServiceTypeIdentifier", "uri"),
  one("ServiceName", "InternationalNames"),
  one("ServiceDigitalIdentity", "DigitalIdentityList"),
  one("ServiceStatus", "uri"),
  one("StatusStartingTime", "dateTime"),
];

const TYPES: Record<string, TypeDef> = {
  TrustStatusList: {
    kind: "sequence",
    attrs: [
      { name: "TSLTag", required: true },
      { name: "Id", required: false },
    ],
    items: [one("SchemeInformation", "SchemeInformation"), opt("TrustServiceProviderList", "TrustServiceProviderList"), opt("ds:Signature", "Signature")],
  },
  SchemeInformation: {
    kind: "sequence",
    items: [
      one("TSLVersionIdentifier", "integer"),
      one("TSLSequenceNumber", "positiveInteger"),
      one("TSLType", "uri"),
      one("SchemeOperatorName", "InternationalNames"),
      one("SchemeOperatorAddress", "Address"),
      one("SchemeName", "InternationalNames"),
      one("SchemeInformationURI", "MultiLangURIList"),
      one("StatusDeterminationApproach", "uri"),
      opt("SchemeTypeCommunityRules", "SchemeTypeCommunityRules"),
      opt("SchemeTerritory", "nonEmpty"),
      opt("PolicyOrLegalNotice", "PolicyOrLegalNotice"),
      one("HistoricalInformationPeriod", "nonNegativeInteger"),
      opt("PointersToOtherTSL", "OtherTSLPointers"),
      one("ListIssueDateTime", "dateTime"),
      one("NextUpdate", "NextUpdate"),
      opt("DistributionPoints", "URIList"),
      opt("SchemeExtensions", "Extensions"),
    ],
  },
  InternationalNames: { kind: "sequence", items: [many("Name", "MultiLangNormString")] },
  MultiLangNormString: { kind: "simple", simple: "nonEmpty", attrs: lang },
  MultiLangString: { kind: "simple", simple: "nonEmptyString", attrs: lang },
  MultiLangURI: { kind: "simple", simple: "uri", attrs: lang },
  MultiLangURIList: { kind: "sequence", items: [many("URI", "MultiLangURI")] },
  URIList: { kind: "sequence", items: [many("URI", "uri")] },
  Address: { kind: "sequence", items: [one("PostalAddresses", "PostalAddresses"), one("ElectronicAddress", "ElectronicAddress")] },
  // TS 119 612 gave e-mail and web addresses a language (the schema change of 2013-10); TS 102 231 had none.
  ElectronicAddress: { kind: "sequence", items: [many("URI", "MultiLangURI")] },
  SchemeTypeCommunityRules: { kind: "sequence", items: [many("URI", "MultiLangURI")] },
  PostalAddresses: { kind: "sequence", items: [many("PostalAddress", "PostalAddress")] },
  PostalAddress: {
    kind: "sequence",
    attrs: lang,
    items: [
      one("StreetAddress", "nonEmptyString"),
      one("Locality", "nonEmptyString"),
      opt("StateOrProvince", "nonEmptyString"),
      opt("PostalCode", "nonEmptyString"),
      one("CountryName", "nonEmptyString"),
    ],
  },
  PolicyOrLegalNotice: { kind: "choice", options: [many("TSLPolicy", "MultiLangURI"), many("TSLLegalNotice", "MultiLangString")] },
  NextUpdate: { kind: "sequence", items: [opt("dateTime", "dateTime")] },
  OtherTSLPointers: { kind: "sequence", items: [many("OtherTSLPointer", "OtherTSLPointer")] },
  OtherTSLPointer: {
    kind: "sequence",
    items: [opt("ServiceDigitalIdentities", "ServiceDigitalIdentities"), one("TSLLocation", "uri"), opt("AdditionalInformation", "AdditionalInformation")],
  },
  ServiceDigitalIdentities: { kind: "sequence", items: [many("ServiceDigitalIdentity", "DigitalIdentityList")] },
  DigitalIdentityList: { kind: "sequence", items: [many("DigitalId", "DigitalIdentity", 0)] },
  DigitalIdentity: {
    kind: "choice",
    options: [one("X509Certificate", "base64"), one("X509SubjectName", "string"), one("ds:KeyValue", "any"), one("X509SKI", "base64"), one("Other", "any")],
  },
  AdditionalInformation: { kind: "mixedChoice", options: [one("TextualInformation", "MultiLangString"), one("OtherInformation", "any")] },
  Extensions: { kind: "sequence", items: [many("Extension", "Extension")] },
  Extension: { kind: "any", attrs: [{ name: "Critical", required: true }] },
  TrustServiceProviderList: { kind: "sequence", items: [many("TrustServiceProvider", "TrustServiceProvider")] },
  TrustServiceProvider: { kind: "sequence", items: [one("TSPInformation", "TSPInformation"), one("TSPServices", "TSPServices")] },
  TSPInformation: {
    kind: "sequence",
    items: [
      one("TSPName", "InternationalNames"),
      opt("TSPTradeName", "InternationalNames"),
      one("TSPAddress", "Address"),
      one("TSPInformationURI", "MultiLangURIList"),
      opt("TSPInformationExtensions", "Extensions"),
    ],
  },
  TSPServices: { kind: "sequence", items: [many("TSPService", "TSPService")] },
  TSPService: { kind: "sequence", items: [one("ServiceInformation", "ServiceInformation"), opt("ServiceHistory", "ServiceHistory")] },
  ServiceInformation: {
    kind: "sequence",
    items: [
      ...SERVICE_STATE,
      opt("SchemeServiceDefinitionURI", "MultiLangURIList"),
      opt("ServiceSupplyPoints", "ServiceSupplyPoints"),
      opt("TSPServiceDefinitionURI", "MultiLangURIList"),
      opt("ServiceInformationExtensions", "Extensions"),
    ],
  },
  ServiceSupplyPoints: { kind: "sequence", items: [many("ServiceSupplyPoint", "ServiceSupplyPoint")] },
  // v2.3.1 (version 6) added the type attribute; a version 5 list with it is not a version 5 list.
  ServiceSupplyPoint: { kind: "simple", simple: "uri", attrs: [{ name: "type", required: false, since: 6 }] },
  // The schema lets a history be empty.
  ServiceHistory: { kind: "sequence", items: [many("ServiceHistoryInstance", "ServiceHistoryInstance", 0)] },
  ServiceHistoryInstance: {
    kind: "sequence",
    items: [...SERVICE_STATE, opt("ServiceInformationExtensions", "Extensions")],
  },
  Signature: { kind: "external" },
  any: { kind: "any", anyAttributes: true },
};

/** Where TS 102 231 v3.1.2 (version 3) differs from TS 119 612: addresses and community rules without a language. */
const OLDER: Record<number, Record<string, TypeDef>> = {
  3: {
    ElectronicAddress: { kind: "sequence", items: [many("URI", "uri")] },
    SchemeTypeCommunityRules: { kind: "sequence", items: [many("URI", "uri")] },
  },
};

const SIMPLE = new Set<string>([
  "string",
  "nonEmptyString",
  "nonEmpty",
  "uri",
  "integer",
  "positiveInteger",
  "nonNegativeInteger",
  "dateTime",
  "base64",
  "boolean",
]);

/** XSD dateTime with a zone: TS 119 612 writes UTC; a time without a zone would be read in the reader's own. */
const DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function simpleProblem(simple: Simple, raw: string): string | null {
  // XSD whiteSpace: string preserves, every other type here collapses.
  const v = simple === "string" ? raw : raw.replace(/[\t\n\r ]+/g, " ").trim();
  switch (simple) {
    case "string":
      return null;
    case "nonEmptyString":
      return raw.length ? null : "is empty";
    case "nonEmpty":
    case "uri":
      return v.length ? null : "is empty";
    case "integer":
      return /^[+-]?\d{1,15}$/.test(v) ? null : `is not an integer (${quoteValue(v.slice(0, 40))})`;
    case "positiveInteger":
      return /^\+?\d{1,15}$/.test(v) && Number(v) > 0 ? null : `is not a positive integer (${quoteValue(v.slice(0, 40))})`;
    case "nonNegativeInteger":
      return /^\+?\d{1,15}$/.test(v) ? null : `is not a non-negative integer (${quoteValue(v.slice(0, 40))})`;
    case "dateTime":
      return DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)) ? null : `is not a date-time with a time zone (${quoteValue(v.slice(0, 40))})`;
    case "base64": {
      // White space removed first, then one pattern without overlapping repeats: linear. (The old
      // /^[A-Za-z0-9+/\s]*={0,2}\s*$/ tried every split of a long run of white space before a stray character.)
      const t = raw.replace(/[\t\n\r ]+/g, "");
      return t.length > 0 && t.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(t) ? null : "is not base64";
    }
    case "boolean":
      return /^(true|false|1|0)$/.test(v) ? null : `is not a boolean (${quoteValue(v.slice(0, 10))})`;
  }
}

const TEXT = 3;
const CDATA = 4;
const COMMENT = 8;
const PI = 7;
const ELEMENT = 1;

interface Walk {
  version: number;
  problems: string[];
  max: number;
}

function where(el: XElement): string {
  const parts: string[] = [];
  for (let n: XNode | null = el; n && n.nodeType === ELEMENT; n = n.parentNode) {
    const e = n as XElement;
    const parent = e.parentNode;
    let index = 1;
    if (parent) for (let s = e.previousSibling; s; s = s.previousSibling) if (s.nodeType === ELEMENT && (s as XElement).localName === e.localName) index++;
    parts.unshift(index > 1 ? `${e.localName}[${index}]` : e.localName);
  }
  return parts.join("/");
}

function report(w: Walk, el: XElement, msg: string): void {
  if (w.problems.length < w.max) w.problems.push(`${where(el)}: ${msg}`);
}

function nameOf(p: Particle): { ns: string; local: string } {
  return p.el.startsWith("ds:") ? { ns: NS.ds, local: p.el.slice(3) } : { ns: NS.tsl, local: p.el };
}

function matches(el: XElement, p: Particle): boolean {
  const n = nameOf(p);
  return el.namespaceURI === n.ns && el.localName === n.local;
}

function label(el: XElement): string {
  return el.namespaceURI === NS.tsl ? el.localName : `{${el.namespaceURI ?? ""}}${el.localName}`;
}

function checkAttributes(w: Walk, el: XElement, allowed: Attr[], anyAttributes = false): void {
  const seen = new Set<string>();
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.namespaceURI === NS.xmlns || a.name === "xmlns" || a.name.startsWith("xmlns:")) continue;
    if (anyAttributes) continue;
    const name = a.namespaceURI === NS.xml ? `xml:${a.localName}` : a.namespaceURI ? `{${a.namespaceURI}}${a.localName}` : a.localName;
    const def = allowed.find((d) => d.name === name && (d.since === undefined || w.version >= d.since));
    if (!def) report(w, el, `attribute ${name} is not allowed here${allowed.some((d) => d.name === name) ? ` in a version ${w.version} list` : ""}`);
    seen.add(name);
  }
  for (const d of allowed) if (d.required && !seen.has(d.name)) report(w, el, `attribute ${d.name} is missing`);
}

function elementChildren(w: Walk, el: XElement): XElement[] {
  const out: XElement[] = [];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT) out.push(c as XElement);
    else if ((c.nodeType === TEXT || c.nodeType === CDATA) && /[^\t\n\r ]/.test(c.nodeValue ?? "")) report(w, el, "has text between its elements");
  }
  return out;
}

function checkElement(w: Walk, el: XElement, typeName: string): void {
  if (SIMPLE.has(typeName)) return checkSimple(w, el, typeName as Simple, []);
  const t = OLDER[w.version]?.[typeName] ?? TYPES[typeName];
  if (!t) throw new Error(`schema table: no type ${typeName}`);
  switch (t.kind) {
    case "external":
      return checkSigningCertificateProperty(w, el);
    case "any":
      return checkAttributes(w, el, t.attrs ?? [], t.anyAttributes);
    case "simple":
      return checkSimple(w, el, t.simple, t.attrs ?? []);
    case "sequence":
      checkAttributes(w, el, t.attrs ?? []);
      return checkSequence(w, el, t.items, elementChildren(w, el));
    case "choice":
    case "mixedChoice": {
      checkAttributes(w, el, t.kind === "choice" ? (t.attrs ?? []) : []);
      const kids = elementChildren(w, el);
      if (kids.length === 0) return report(w, el, "is empty");
      const firstOption = t.options.find((p) => matches(kids[0]!, p));
      for (const k of kids) {
        const p = t.options.find((o) => matches(k, o));
        if (!p) report(w, el, `element ${label(k)} is not allowed here`);
        else if (t.kind === "choice" && p !== firstOption) report(w, el, `mixes ${label(kids[0]!)} and ${label(k)}`);
        else checkElement(w, k, p.type);
      }
      if (t.kind === "choice" && firstOption && firstOption.max === 1 && kids.length > 1) report(w, el, `has more than one ${label(kids[0]!)}`);
      return;
    }
  }
}

/**
 * The XAdES property naming the signer's certificate, by the version's signature profile: SigningCertificate
 * (XAdES 1.3.2, TS 103 171) up to version 5, SigningCertificateV2 (EN 319 132-1) from version 6 (TS 119 612 v2.3.1
 * clause 5.7.1). The rest of the signature is held to its shape by xmldsig.ts.
 */
function checkSigningCertificateProperty(w: Walk, signature: XElement): void {
  const wanted = w.version >= 6 ? "SigningCertificateV2" : "SigningCertificate";
  const other = w.version >= 6 ? "SigningCertificate" : "SigningCertificateV2";
  if (signature.getElementsByTagNameNS(NS.xades, other).length > 0)
    report(w, signature, `xades:${other} is not the signature profile of a version ${w.version} list, which names its signer with xades:${wanted}`);
}

function checkSimple(w: Walk, el: XElement, simple: Simple, attrs: Attr[]): void {
  checkAttributes(w, el, attrs);
  let raw = "";
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT || c.nodeType === CDATA) raw += c.nodeValue ?? "";
    else if (c.nodeType === ELEMENT) return report(w, el, `element ${label(c as XElement)} inside a value`);
    // A comment or processing instruction splits a value: readers that take the first text node would read
    // another value than canonicalisation (which drops comments) signed.
    else if (c.nodeType === COMMENT || c.nodeType === PI) return report(w, el, "has a comment or processing instruction inside its value");
  }
  const problem = simpleProblem(simple, raw);
  if (problem) report(w, el, problem);
}

function checkSequence(w: Walk, el: XElement, items: Particle[], kids: XElement[]): void {
  let i = 0;
  for (const p of items) {
    let n = 0;
    while (i < kids.length && matches(kids[i]!, p) && (p.max === "unbounded" || n < p.max)) {
      checkElement(w, kids[i]!, p.type);
      i++;
      n++;
    }
    if (n < p.min) report(w, el, `${p.el} is missing${i < kids.length ? ` (found ${label(kids[i]!)})` : ""}`);
  }
  if (i < kids.length) report(w, el, `element ${label(kids[i]!)} is not allowed here (or not in this order)`);
}

/** The list's TSLVersionIdentifier as the schema reads it, or null when there is none. */
export function versionOf(root: XElement): number | null {
  const si = root.firstChild ? [...childrenOf(root)].find((e) => e.namespaceURI === NS.tsl && e.localName === "SchemeInformation") : undefined;
  const v = si ? [...childrenOf(si)].find((e) => e.namespaceURI === NS.tsl && e.localName === "TSLVersionIdentifier") : undefined;
  if (!v) return null;
  const s = (v.textContent ?? "").trim();
  return /^\d{1,3}$/.test(s) ? Number(s) : null;
}

function* childrenOf(n: XNode): Generator<XElement> {
  for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT) yield c as XElement;
}

/**
 * Holds the whole list to the schema of its version. Returns the problems found (at most `max`); throws
 * FormatError when the version itself is missing or unsupported.
 */
export function checkStructure(root: XElement, max = 10): { version: number; problems: string[] } {
  const version = versionOf(root);
  if (version === null) throw new FormatError("SchemeInformation has no TSLVersionIdentifier (or not a number): the list's schema is unknown");
  if (!(SUPPORTED_VERSIONS as readonly number[]).includes(version))
    throw new FormatError(`TSLVersionIdentifier ${version} is not a version this verifier knows (${SUPPORTED_VERSIONS.join(", ")})`);
  const w: Walk = { version, problems: [], max };
  checkElement(w, root, "TrustStatusList");
  return { version, problems: w.problems };
}
