// The Document Security Store (ETSI EN 319 142-1 §5.4.2): validation data added for long-term validation.
import { FormatError } from "../../errors.js";
import type { PdfView } from "./document.js";
import { type PdfDict, type PdfObject, type PdfRef, rawGet } from "./objects.js";
import { type PdfText, pdfText } from "./text.js";
import { pdfName } from "../../report/quoted-name.js";

export interface VriEntry {
  /** The VRI key: upper-case hex SHA-1 of a signature's /Contents, as written. */
  readonly key: string;
  readonly ref?: PdfRef;
  readonly certs: readonly PdfRef[];
  readonly ocsps: readonly PdfRef[];
  readonly crls: readonly PdfRef[];
  readonly tu?: PdfText;
  readonly ts?: PdfRef;
}

export interface DssInfo {
  readonly ref?: PdfRef;
  /** Stream references (DER certificates, OCSP responses, CRLs). */
  readonly certs: readonly PdfRef[];
  readonly ocsps: readonly PdfRef[];
  readonly crls: readonly PdfRef[];
  readonly vri: readonly VriEntry[];
}

function streamRefs(view: PdfView, d: PdfDict, key: string): PdfRef[] {
  const arr = view.getArray(d, key);
  if (!arr) return [];
  return arr.items.map((x) => {
    if (x.kind !== "ref") throw new FormatError(`DSS ${pdfName(key)} entry is not a reference to a stream`);
    return x;
  });
}

/** The catalog's /DSS as `view`'s revision shows it; undefined when there is none. */
export function readDss(view: PdfView): DssInfo | undefined {
  const raw = rawGet(view.catalog(), "DSS");
  const dss = view.resolve(raw);
  if (dss === undefined) return undefined;
  if (dss.kind !== "dict") throw new FormatError("/DSS is not a dictionary");
  const vriDict = view.getDict(dss, "VRI");
  const vri: VriEntry[] = [];
  for (const [key, value] of vriDict?.entries ?? new Map<string, PdfObject>()) {
    const d = view.resolve(value);
    if (d === undefined) continue;
    if (d.kind !== "dict") throw new FormatError(`VRI ${pdfName(key)} is not a dictionary`);
    const tu = view.getString(d, "TU");
    const ts = rawGet(d, "TS");
    vri.push({
      key,
      ...(value.kind === "ref" ? { ref: value } : {}),
      certs: streamRefs(view, d, "Cert"),
      ocsps: streamRefs(view, d, "OCSP"),
      crls: streamRefs(view, d, "CRL"),
      ...(tu ? { tu: pdfText(tu.bytes) } : {}),
      ...(ts?.kind === "ref" ? { ts } : {}),
    });
  }
  return {
    ...(raw?.kind === "ref" ? { ref: raw } : {}),
    certs: streamRefs(view, dss, "Certs"),
    ocsps: streamRefs(view, dss, "OCSPs"),
    crls: streamRefs(view, dss, "CRLs"),
    vri,
  };
}
