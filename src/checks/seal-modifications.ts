// Check "seal-modifications": the seal is a certification signature with DocMDP P=1 (no changes). After
// the sealed revision only what PAdES long-term validation adds is accepted: a DSS (with VRI and its
// certificate/OCSP/CRL streams) and document timestamps (their signature field, widget and the AcroForm
// /Fields entry). Any other change — page content, annotations, form fields, attachments, the catalog —
// means what a reader shows is not what was sealed.
// Revisions are numbered from 1 in messages (as a person counts them) and from 0 in details.
import { errorMessage } from "../errors.js";
import { diffRevisions, findSignatures, type ObjectChange, type PdfDocument, type SignatureInfo } from "../input/pdf/index.js";
import { failed, passed, skipped, warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";

const ID = "seal-modifications";

/** Object kinds LTV may add or change after a certification signature. */
const LTV_TYPES = new Set(["dss", "vri", "dss-data", "doc-timestamp", "xref-stream", "object-stream"]);
/** Keys of existing dictionaries an LTV update may touch, by object role. */
const LTV_KEYS: Record<string, ReadonlySet<string>> = {
  catalog: new Set(["DSS", "AcroForm", "Extensions"]),
  acroform: new Set(["Fields", "SigFlags"]),
  page: new Set(["Annots"]),
};

function describe(c: ObjectChange): string {
  const keys = c.keysChanged?.length ? ` (${c.keysChanged.join(", ")})` : "";
  return `${c.type} ${c.ref.num} ${c.ref.gen} R ${c.kind}${keys} in revision ${c.revision + 1}`;
}

/**
 * An added field or annotation is acceptable only if it is the field/widget of a document timestamp that
 * a later revision added. `docTsFields` holds the object numbers of those fields.
 */
function isAllowed(c: ObjectChange, docTsFields: ReadonlySet<number>): boolean {
  if (LTV_TYPES.has(c.type)) return true;
  if ((c.type === "field" || c.type === "annotation") && docTsFields.has(c.ref.num)) return true;
  const keys = LTV_KEYS[c.type];
  if (c.kind === "changed" && keys && c.keysChanged && c.keysChanged.every((k) => keys.has(k))) return true;
  return false;
}

export function checkSealModifications(doc: PdfDocument, seal: SignatureInfo, docMdpP: number | null): CheckResult {
  const last = doc.revisions.length - 1;
  const details: Record<string, unknown> = { revisions: doc.revisions.length, sealedRevision: seal.revision, docMdpPermission: docMdpP };
  if (seal.redefinedIn.length) {
    return failed(ID, "HASH_FAILURE", `The seal's signature dictionary was rewritten in revision ${seal.redefinedIn.map((i) => i + 1).join(", ")} after sealing.`, { details });
  }
  if (doc.trailingBytes > 0) details.trailingBytes = doc.trailingBytes;
  if (seal.revision === last) {
    if (doc.trailingBytes > 0) return warning(ID, `No revision follows the sealed one, but ${doc.trailingBytes} bytes of junk follow its %%EOF (not part of the document).`, { details });
    return passed(ID, `Nothing was added after sealing: the seal covers the last of ${doc.revisions.length} revision(s).`, { details });
  }
  let changes: ObjectChange[];
  let docTsFields: Set<number>;
  try {
    changes = [...diffRevisions(doc, seal.revision, last).objects];
    // Fields whose value is a document timestamp added after the seal.
    const later = findSignatures(doc.latest()).signatures.filter((s) => s.isDocTimestamp && s.revision > seal.revision);
    docTsFields = new Set(later.flatMap((s) => (s.fieldRef ? [s.fieldRef.num] : [])));
  } catch (e) {
    return failed(ID, "FORMAT_FAILURE", `The revisions after sealing cannot be compared: ${errorMessage(e)}.`, { details });
  }
  const forbidden = changes.filter((c) => !isAllowed(c, docTsFields));
  details.changes = changes.map((c) => ({ ref: `${c.ref.num} ${c.ref.gen} R`, kind: c.kind, type: c.type, revision: c.revision, keysChanged: c.keysChanged ?? [] }));
  details.forbidden = forbidden.map(describe);
  const later = doc.revisions.length - 1 - seal.revision;
  if (forbidden.length) {
    const shown = forbidden.slice(0, 4).map(describe).join("; ");
    return failed(
      ID,
      "HASH_FAILURE",
      `${later} revision(s) after the seal change what it certified (DocMDP P=${docMdpP ?? "?"} permits no changes): ${shown}${forbidden.length > 4 ? ` and ${forbidden.length - 4} more` : ""}.`,
      { details },
    );
  }
  return passed(ID, `${later} revision(s) after the seal add only long-term validation data (DSS, document timestamps), which DocMDP permits.`, { details });
}

export function skippedModifications(reason: string): CheckResult {
  return skipped(ID, reason);
}
