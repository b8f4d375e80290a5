// Every item of revocation data the evidence holds, with where it lies: the one pool the revocation rule
// (src/pki/revocation.ts) reads for every certificate the verdict rests on (attack36b T2): the Workflow token's
// own OCSP response, the seal's CMS (adbe-revocationInfoArchival), every revision's DSS, and the timestamps'
// own CMS (the signature timestamp's and every document timestamp's). Each item once, in that order. Computed
// once per verification, as the fact `revocationItems` (src/verify/stages.ts), before the seal's certificate is
// judged: seal-timestamp (a TSA revoked before its genTime), seal-certificate, token-certificate, the OCSP checks and
// long-term read the same pool.
import type * as pkijs from "pkijs";
import { revocationItemDer } from "../pki/ber.js";
import { revocationArchival, timestampTokens, unsignedRevocation } from "../pki/cms.js";
import { decodeCrl } from "../pki/crl.js";
import { LimitError } from "../errors.js";
import { decodeOcsp } from "../pki/ocsp.js";
import { dataOf, type LocatedItem } from "../pki/revocation.js";
import type { PkiSession } from "../pki/session.js";
import { timestampTokenData } from "../pki/timestamp.js";
import { tokenCertificatesOverLimit, tokenWithoutCertificates } from "../pki/token-certificates.js";
import type { ArchiveFacts, EvidenceRevocation } from "./facts.js";
import type { PadesFacts } from "./pades.js";
import { quoteName } from "../report/quoted-name.js";

type Needs = Pick<ArchiveFacts, "evidence" | "ocsp"> & Pick<PadesFacts, "cms" | "dss" | "pades">;

/** Where the token's OCSP response lies, as messages name it. */
export const TOKEN_OCSP = "the token's OCSP response";
/** Where the items of the seal's CMS outside its signed attributes lie (SignedData.crls, revocation-values). */
export const SEAL_CMS_UNSIGNED = "the seal's CMS (unsigned)";
/** Where the signature timestamp's items lie. */
export const SIGNATURE_TIMESTAMP_CMS = "the signature timestamp's CMS";
/** Where a document timestamp's items lie. */
export const documentTimestampCms = (field: string | null) => `the document timestamp ${field === null ? "(unnamed)" : quoteName(field)}'s CMS`;

/**
 * The items, each once (by its bytes), and the certificates the evidence carries that may sign them. The token's
 * response and the seal CMS's items are marked sealed for the run (RunWork.sealed: their signatures are checked
 * outside its budget). The timestamps' own CMS hold items anyone can add (their `crls` field is unsigned): those
 * that decode count against `max` (maxValidationDataItems) together, as a DSS's do, and reading stops past it
 * (`limit`: not decided; a11 D2b).
 */
export function evidenceRevocation(session: PkiSession, f: Needs, max = Infinity): EvidenceRevocation {
  const items: LocatedItem[] = [];
  // The DSS reading hands its items out in DER already (dss-items.ts): not walked twice.
  const framedAlready = new Set<Uint8Array>([...(f.dss?.ocsps ?? []), ...(f.dss?.crls ?? [])]);
  const seen = new Set<string>();
  const add = (
    kind: "ocsp" | "crl",
    ders: readonly Uint8Array[],
    where: string,
    sealed = false,
    count?: (kind: "ocsp" | "crl", der: Uint8Array) => boolean,
  ) => {
    for (const given of ders) {
      // In DER at every level a signature covers, as BouncyCastle verifies it (a11 G1b); past a limit, as given.
      let der = given;
      try {
        if (!framedAlready.has(given)) der = revocationItemDer(kind, given, session.limits, where);
      } catch {
        /* a limit: the item's decoder refuses it as given */
      }
      const key = `${kind}:${Buffer.from(der).toString("base64")}`;
      if (seen.has(key)) continue;
      if (count && !count(kind, der)) return;
      seen.add(key);
      items.push({ kind, der, where });
      if (sealed) session.work.sealed.add(der);
    }
  };
  const certs: pkijs.Certificate[] = [...(f.ocsp?.certificates ?? []), ...(f.dss?.certs ?? []), ...(f.cms?.certificates ?? [])];
  const carried = f.evidence?.ocspBase64;
  if (carried) add("ocsp", [new Uint8Array(Buffer.from(carried, "base64"))], TOKEN_OCSP, true);
  const si = f.cms?.signedData.signerInfos[0];
  if (si) {
    const a = revocationArchival(si);
    add("ocsp", a.ocsps, "the seal's CMS", true);
    add("crl", a.crls, "the seal's CMS", true);
  }
  add("ocsp", f.dss?.ocsps ?? [], "the DSS");
  add("crl", f.dss?.crls ?? [], "the DSS");
  let counted = 0;
  let limit: string | undefined;
  const count = (kind: "ocsp" | "crl", der: Uint8Array): boolean => {
    if (limit !== undefined) return false;
    if (!decodes(session, kind, der)) return true; // junk is no validation data: it says nothing and costs no check
    if (++counted <= max) return true;
    limit = new LimitError(
      "maxValidationDataItems",
      `the timestamps' own CMS hold more than ${max} OCSP responses and CRLs (with the seal CMS's unsigned sets)`,
    ).message;
    return false;
  };
  // The seal's CMS outside its signed attributes: anyone may add there, so it counts as a DSS does (a11 T1).
  const unsigned = f.cms ? unsignedRevocation(f.cms) : { ocsps: [], crls: [] };
  const firstUnsigned = items.length;
  add("ocsp", unsigned.ocsps, SEAL_CMS_UNSIGNED, false, count);
  add("crl", unsigned.crls, SEAL_CMS_UNSIGNED, false, count);
  const inSealUnsigned = dataOf(items.slice(firstUnsigned));
  const timestamps: { revocation?: { crls: Uint8Array[]; ocsps: Uint8Array[] }; certificates?: pkijs.Certificate[]; where: string }[] = [];
  // A token read for its items only (judged by seal-timestamp or document-timestamps): its certificates past the
  // run's limit (a11 D2c), its items are read without them (that set is unsigned).
  const tokenItems = (token: Uint8Array, padded: boolean) => {
    const over = tokenCertificatesOverLimit(session, token, padded);
    const stripped = over ? tokenWithoutCertificates(session, token, padded) : null;
    return over ? stripped && timestampTokenData(stripped, session) : timestampTokenData(token, session, padded);
  };
  // Every signature timestamp of the seal, read here from the seal's CMS (not from seal-timestamp's verified token):
  // the pool is built once, before seal-timestamp asks it whether a TSA was revoked before its genTime (h10b). Past
  // maxValidationDataItems tokens seal-timestamp reads none (not decided), and the pool says it is not all read.
  const sealTokens = si ? timestampTokens(si) : [];
  if (sealTokens.length > max)
    limit = new LimitError("maxValidationDataItems", `the seal carries ${sealTokens.length} signature timestamps, whose own CMS were not read`).message;
  for (const token of sealTokens.slice(0, max)) {
    const t = tokenItems(token, false);
    if (t) timestamps.push({ ...t, where: SIGNATURE_TIMESTAMP_CMS });
  }
  // Every document timestamp's token, read for its items only (judged by document-timestamps, later): EU DSS and
  // pyHanko read the revocation data of every timestamp of the file.
  for (const s of f.pades?.signatures ?? []) {
    if (!s.isDocTimestamp || !s.contents) continue;
    const t = tokenItems(s.contents, true);
    if (t) timestamps.push({ ...t, where: documentTimestampCms(s.fieldName) });
  }
  const first = items.length;
  for (const t of timestamps) {
    add("ocsp", t.revocation?.ocsps ?? [], t.where, false, count);
    add("crl", t.revocation?.crls ?? [], t.where, false, count);
    certs.push(...(t.certificates ?? []));
  }
  return { items, certs, data: dataOf(items), inSealUnsigned, inTimestamps: dataOf(items.slice(first)), ...(limit !== undefined ? { limit } : {}) };
}

function decodes(session: PkiSession, kind: "ocsp" | "crl", der: Uint8Array): boolean {
  try {
    if (kind === "ocsp") decodeOcsp(der, session);
    else decodeCrl(der, session);
    return true;
  } catch {
    return false;
  }
}

export { pathTrust } from "./tsa-revocation.js";
