// What a list says, read from a DOM that passed the schema check: scheme information, pointers to other
// lists, providers and services. Read from the signed canonical bytes once the signature verified.
import { NS, at, child, childElements, children, text } from "./xml.js";
import type { XElement } from "./xml-libs.js";
import type { TrustedListInfo } from "./types.js";

const collapse = (s: string | null) => (s === null ? null : s.replace(/[\t\n\r ]+/g, " ").trim());

/** The English name when there is one, else the first (InternationalNamesType). */
function name(names: XElement | undefined): string | null {
  if (!names) return null;
  const all = children(names, NS.tsl, "Name");
  const en = all.find((n) => n.getAttributeNS(NS.xml, "lang") === "en");
  return collapse(text(en ?? all[0]));
}

function iso(s: string | null): string | null {
  if (s === null) return null;
  const t = Date.parse(s.trim());
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

const LOTL_TYPE = /listofthelists$/i;

export function listInfo(root: XElement): TrustedListInfo {
  const si = at(root, "SchemeInformation");
  const tslType = collapse(text(at(si, "TSLType")));
  const num = (el: XElement | undefined) => {
    const v = collapse(text(el));
    return v !== null && /^\+?\d{1,15}$/.test(v) ? Number(v) : null;
  };
  const services = children(at(root, "TrustServiceProviderList") ?? root, NS.tsl, "TrustServiceProvider").reduce(
    (n, p) => n + children(at(p, "TSPServices") ?? p, NS.tsl, "TSPService").length,
    0,
  );
  return {
    kind: tslType !== null && LOTL_TYPE.test(tslType) ? "list-of-lists" : "trusted-list",
    tslType,
    version: num(at(si, "TSLVersionIdentifier")),
    sequenceNumber: num(at(si, "TSLSequenceNumber")),
    territory: collapse(text(at(si, "SchemeTerritory"))),
    operator: name(at(si, "SchemeOperatorName")),
    issued: iso(text(at(si, "ListIssueDateTime"))),
    nextUpdate: iso(text(at(si, "NextUpdate", "dateTime"))),
    providers: at(root, "TrustServiceProviderList") ? children(at(root, "TrustServiceProviderList")!, NS.tsl, "TrustServiceProvider").length : 0,
    services,
  };
}

function base64(el: XElement): Uint8Array {
  return new Uint8Array(Buffer.from((el.textContent ?? "").replace(/[\t\n\r ]+/g, ""), "base64"));
}

/** X509Certificate values of a DigitalIdentityListType (ServiceDigitalIdentity). */
export function digitalIdCertificates(list: XElement | undefined): Uint8Array[] {
  if (!list) return [];
  return children(list, NS.tsl, "DigitalId").flatMap((d) => children(d, NS.tsl, "X509Certificate").map(base64));
}

export interface RawPointer {
  territory: string | null;
  tslType: string | null;
  location: string;
  mimeType: string | null;
  certificates: Uint8Array[];
}

/** OtherInformation values are `any` in the schema: read by local name in the additional-types namespace too. */
function otherInformation(pointer: XElement, local: string): string | null {
  const info = at(pointer, "AdditionalInformation");
  for (const oi of info ? children(info, NS.tsl, "OtherInformation") : []) {
    for (const el of childElements(oi)) if (el.localName === local) return collapse(el.textContent);
  }
  return null;
}

export function pointers(root: XElement): RawPointer[] {
  const list = at(root, "SchemeInformation", "PointersToOtherTSL");
  return (list ? children(list, NS.tsl, "OtherTSLPointer") : []).map((p) => ({
    territory: otherInformation(p, "SchemeTerritory"),
    tslType: otherInformation(p, "TSLType"),
    location: collapse(text(at(p, "TSLLocation"))) ?? "",
    mimeType: otherInformation(p, "MimeType"),
    certificates: children(at(p, "ServiceDigitalIdentities") ?? p, NS.tsl, "ServiceDigitalIdentity").flatMap((s) => digitalIdCertificates(s)),
  }));
}

export interface RawService {
  type: string;
  name: string | null;
  status: string;
  statusStartingTime: string;
  certificates: Uint8Array[];
  history: { status: string; statusStartingTime: string; type: string }[];
}

export interface RawProvider {
  name: string | null;
  services: RawService[];
}

export function providers(root: XElement): RawProvider[] {
  const list = at(root, "TrustServiceProviderList");
  return (list ? children(list, NS.tsl, "TrustServiceProvider") : []).map((p) => ({
    name: name(at(p, "TSPInformation", "TSPName")),
    services: children(at(p, "TSPServices") ?? p, NS.tsl, "TSPService").map((s) => {
      const info = child(s, NS.tsl, "ServiceInformation")!;
      const history = at(s, "ServiceHistory");
      return {
        type: collapse(text(at(info, "ServiceTypeIdentifier"))) ?? "",
        name: name(at(info, "ServiceName")),
        status: collapse(text(at(info, "ServiceStatus"))) ?? "",
        statusStartingTime: iso(text(at(info, "StatusStartingTime"))) ?? "",
        certificates: digitalIdCertificates(at(info, "ServiceDigitalIdentity")),
        history: (history ? children(history, NS.tsl, "ServiceHistoryInstance") : []).map((h) => ({
          status: collapse(text(at(h, "ServiceStatus"))) ?? "",
          statusStartingTime: iso(text(at(h, "StatusStartingTime"))) ?? "",
          type: collapse(text(at(h, "ServiceTypeIdentifier"))) ?? "",
        })),
      };
    }),
  }));
}

/**
 * A service's history must lie before its current status (TS 119 612 clause 5.6: the history holds the
 * statuses that preceded the current one). An entry dated after the current StatusStartingTime contradicts
 * it: which status holds then cannot be told, so the list is malformed. Returns one line per such service
 * (at most `max`).
 */
export function historyProblems(root: XElement, max = 10): string[] {
  const out: string[] = [];
  providers(root).forEach((p, pi) =>
    p.services.forEach((s, si) => {
      const current = Date.parse(s.statusStartingTime);
      const late = s.history.find((h) => Date.parse(h.statusStartingTime) > current);
      if (late && out.length < max)
        out.push(
          `TrustServiceProvider[${pi + 1}]/TSPService[${si + 1}]: a ServiceHistoryInstance starts at ${late.statusStartingTime}, after the current status's StatusStartingTime ${s.statusStartingTime}; the history must precede the current status`,
        );
    }),
  );
  return out;
}
