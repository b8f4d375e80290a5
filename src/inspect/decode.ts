// `sealcheck inspect`: everything in the evidence decoded, and no verdict. Nothing here verifies a
// signature or a chain; it reads the PDF through the structure reader (src/input/pdf, never by scanning
// bytes), the CMS, timestamp, OCSP and certificates through src/pki, the token through src/input/jws.
// Whatever cannot be decoded is listed in `problems` and the rest is still shown.
import { jwsLimits, readAttachmentValues, readTokenValues, type TokenValues } from "../evidence/token-values.js";
import { createHash } from "../platform/crypto.js";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { errorMessage } from "../errors.js";
import type { Limits } from "../limits.js";
import { PkiSession } from "../pki/session.js";
import type { EvidenceInput, WorkflowResultInfo } from "../input/evidence-file.js";
import type { EvidenceFormat } from "../report/types.js";
import { decodeCompactJws } from "../input/jws.js";
import { isPlainObject, parseJsonObjectString } from "../input/json.js";
import { findSignatures, listEmbeddedFiles, parsePdf, readDss, type SignatureInfo } from "../input/pdf/index.js";
import type { EvidenceSource } from "../input/source.js";
import { algorithmName, certificateFromPem, formatName, summarize, thumbprint, type CertificateSummary } from "../pki/certificate.js";
import { resolvePersonNames } from "../report/person-names.js";
import { isBrokerSealHolder } from "../evidence/broker-identity.js";
import { CMS_OID, decodeSignedData, findSignerCertificate, hashName, revocationArchival, timestampTokens, type DecodedSignedData } from "../pki/cms.js";
import { decodeCrl } from "../pki/crl.js";
import { toHex } from "../pki/der.js";
import { decodeOcsp, type SingleResponseInfo } from "../pki/ocsp.js";
import { decodeWith } from "../pki/parts.js";
import { TST_INFO_DECODING } from "../pki/timestamp.js";
import { inferClaimFilter } from "../evidence/personal-data.js";
import { numberedClaimName } from "../evidence/workflow-token.js";
import type { ReportedClaim } from "../report/archive-report.js";
import { reportClaims } from "../evidence/claims-report.js";
import { VERSION } from "../version.js";
import { quoteName } from "../report/quoted-name.js";

/** The attachment names, keyed as inspect reports them (one source of truth: the attachments check). */

export interface DecodedAttribute {
  oid: string;
  name: string;
  value: unknown;
}

export interface OcspInspection {
  responseStatus: string;
  producedAt?: string;
  responderId?: { byKeyHash?: string; byName?: string };
  signatureAlgorithm?: string;
  responses: SingleResponseInfo[];
  certificates: CertificateSummary[];
  extensions: string[];
}

export interface CrlInspection {
  issuer: string;
  thisUpdate: string;
  nextUpdate?: string;
  revokedCertificates: number;
  signatureAlgorithm: string;
}

export interface TimestampInspection {
  genTime?: string;
  serialNumber?: string;
  policy?: string;
  imprintAlgorithm?: string;
  imprint?: string;
  tsa: CertificateSummary | null;
  certificates: CertificateSummary[];
  problems: string[];
}

export interface SignerInspection {
  signerIdentifier: string;
  certificate: CertificateSummary | null;
  digestAlgorithm: string;
  signatureAlgorithm: string;
  signedAttributes: DecodedAttribute[];
  unsignedAttributes: DecodedAttribute[];
  revocationArchival: { crls: CrlInspection[]; ocsps: OcspInspection[] } | null;
  timestamps: TimestampInspection[];
}

export interface CmsInspection {
  derLength: number;
  encapsulatedContentType: string;
  detached: boolean;
  digestAlgorithms: string[];
  certificates: CertificateSummary[];
  signers: SignerInspection[];
}

export interface SignatureInspection {
  field: string | null;
  revision: number;
  redefinedIn: number[];
  type?: string;
  filter?: string;
  subFilter?: string;
  claimedTime?: string;
  byteRange: number[] | null;
  contentsReserved: number | null;
  certification: boolean;
  docMdpPermission: number | null;
  documentTimestamp: boolean;
  cms: CmsInspection | null;
  problems: string[];
}

export interface EmbeddedFileInspection {
  name: string;
  f?: string;
  uf?: string;
  afRelationship?: string;
  subtype?: string;
  declaredSize?: number;
  modDate?: string;
  size?: number;
  sha256?: string;
  problem?: string;
}

export interface PdfInspection {
  headerVersion: string;
  trailingBytes: number;
  revisions: { index: number; startOffset: number; endOffset: number; xrefKind: string; entries: number }[];
  /** The update(s) after the revisions read that this reader refuses: where they start, their length, why. */
  unreadUpdate?: { startOffset: number; bytes: number; reason: string };
  signatures: SignatureInspection[];
  unsignedSignatureFields: string[];
  /** The embedded files of the last revision (what a reader shows). */
  embeddedFiles: EmbeddedFileInspection[];
  dss: { certificates: number; ocspResponses: number; crls: number; vri: number } | null;
}

export interface TokenInspection {
  source: string;
  header: Record<string, unknown>;
  /** Top-level claims except document_N and signature_N, marked like user claims. */
  claims: ReportedClaim[];
  documents: { index: number; title?: unknown; sha256Hex?: unknown; raw?: string }[];
  signatures: { index: number; created?: unknown; id?: unknown; signatureTransactionId?: unknown; userClaims: ReportedClaim[] }[];
  /** The claim filter this copy's user claims suggest (meaningful for the PAdES copy only). */
  claimFilter: "All" | "IncludeAgeClaims" | "Restricted";
  certificate: CertificateSummary | null;
  ocsp: OcspInspection | null;
}

export interface Inspection {
  kind: "inspection";
  tool: { name: "sealcheck"; version: string };
  evidence: { file: string; format: EvidenceFormat; bytes: number; sha256: string };
  workflowResultInfo?: WorkflowResultInfo;
  pdf: PdfInspection | null;
  token: TokenInspection | null;
  personalDataShown: boolean;
  /** What could not be decoded, one sentence each. */
  problems: string[];
}

/** The three token values as a form of the evidence carries them (raw text, not verified). */
const ATTRIBUTE_NAMES: Record<string, string> = {
  [CMS_OID.contentType]: "contentType",
  [CMS_OID.messageDigest]: "messageDigest",
  [CMS_OID.signingTime]: "signingTime",
  [CMS_OID.signingCertificate]: "signingCertificate (ESS)",
  [CMS_OID.signingCertificateV2]: "signingCertificateV2 (ESS)",
  [CMS_OID.signatureTimeStampToken]: "signatureTimeStampToken",
  [CMS_OID.adbeRevocationInfoArchival]: "adbe-revocationInfoArchival",
  "1.2.840.113549.1.9.16.2.15": "signaturePolicyIdentifier",
  "1.2.840.113549.1.9.52": "cmsAlgorithmProtection",
};

const CONTENT_TYPES: Record<string, string> = { [CMS_OID.data]: "id-data", [CMS_OID.tstInfo]: "id-ct-TSTInfo", [CMS_OID.signedData]: "id-signedData" };

const OCSP_EXTENSIONS: Record<string, string> = {
  "1.3.6.1.5.5.7.48.1.2": "nonce",
  "1.3.6.1.5.5.7.48.1.6": "archiveCutoff",
  "1.3.6.1.5.5.7.48.1.3": "crlReferences",
};

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function certSummaries(certs: readonly unknown[]): CertificateSummary[] {
  return certs.filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map(summarize);
}

export function inspectOcsp(der: Uint8Array, session: PkiSession): OcspInspection {
  const o = decodeOcsp(der, session);
  return {
    responseStatus: o.responseStatus,
    ...(o.producedAt ? { producedAt: o.producedAt.toISOString() } : {}),
    ...(o.responderId ? { responderId: o.responderId } : {}),
    ...(o.signatureAlgorithm ? { signatureAlgorithm: o.signatureAlgorithm } : {}),
    responses: o.responses,
    certificates: o.certificates.map(summarize),
    extensions: o.extensions.map((e) => OCSP_EXTENSIONS[e] ?? e),
  };
}

function inspectCrl(der: Uint8Array, session: PkiSession): CrlInspection {
  const { crl, entries } = decodeCrl(der, session);
  return {
    issuer: formatName(crl.issuer),
    thisUpdate: crl.thisUpdate.value.toISOString(),
    ...(crl.nextUpdate ? { nextUpdate: crl.nextUpdate.value.toISOString() } : {}),
    revokedCertificates: entries,
    signatureAlgorithm: algorithmName(crl.signatureAlgorithm.algorithmId),
  };
}

export function inspectTimestamp(token: Uint8Array, session: PkiSession): TimestampInspection {
  const out: TimestampInspection = { tsa: null, certificates: [], problems: [] };
  try {
    const d = decodeSignedData(token, "the timestamp token", session);
    out.certificates = d.certificates.map(summarize);
    const si = d.signedData.signerInfos[0]!;
    const tsa = findSignerCertificate(si, d.certificates);
    out.tsa = tsa ? summarize(tsa) : null;
    const eci = d.signedData.encapContentInfo;
    if (eci.eContentType !== CMS_OID.tstInfo || !eci.eContent) {
      out.problems.push("the timestamp token does not encapsulate a TSTInfo");
      return out;
    }
    // The TSTInfo as verify decodes it (timestamp.ts): within the limits, trailing bytes refused, never more leniently.
    const tst = decodeWith(TST_INFO_DECODING, new Uint8Array(eci.eContent.getValue()), session);
    out.genTime = tst.genTime.toISOString();
    out.serialNumber = toHex(tst.serialNumber.valueBlock.valueHexView).toUpperCase();
    out.policy = tst.policy;
    out.imprintAlgorithm = hashName(tst.messageImprint.hashAlgorithm.algorithmId) ?? tst.messageImprint.hashAlgorithm.algorithmId;
    out.imprint = toHex(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
  } catch (e) {
    out.problems.push(`the timestamp token cannot be decoded: ${errorMessage(e)}`);
  }
  return out;
}

function attributeValue(a: pkijs.Attribute): unknown {
  const v = a.values[0] as { valueBlock?: { valueHexView?: Uint8Array; value?: unknown }; toDate?: () => Date; valueBeforeDecodeView?: Uint8Array } | undefined;
  if (!v) return null;
  switch (a.type) {
    case CMS_OID.contentType: {
      const s = (v as unknown as { valueBlock: { toString(): string } }).valueBlock.toString();
      return CONTENT_TYPES[s] ? `${CONTENT_TYPES[s]} (${s})` : s;
    }
    case CMS_OID.messageDigest:
      return toHex(v.valueBlock?.valueHexView ?? new Uint8Array());
    case CMS_OID.signingTime:
      return v.toDate ? v.toDate().toISOString() : null;
    case CMS_OID.signatureTimeStampToken:
      return "RFC 3161 timestamp token (see the signature timestamp)";
    case CMS_OID.signingCertificateV2:
    case CMS_OID.signingCertificate: {
      // SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2) { [hashAlgorithm,] certHash, ... } }
      const first = (v as unknown as asn1js.Sequence).valueBlock?.value?.[0] as asn1js.Sequence | undefined;
      const id = first?.valueBlock?.value?.[0] as asn1js.Sequence | undefined;
      const items = id?.valueBlock?.value ?? [];
      const hash = items.find((x): x is asn1js.OctetString => x instanceof asn1js.OctetString);
      const alg =
        items[0] instanceof asn1js.Sequence ? (items[0].valueBlock.value[0] as asn1js.ObjectIdentifier | undefined)?.valueBlock.toString() : undefined;
      const algName = a.type === CMS_OID.signingCertificate ? "sha1" : alg ? (hashName(alg) ?? alg) : "sha256";
      return hash ? `${algName} of the signing certificate: ${toHex(hash.valueBlock.valueHexView)}` : "(unreadable)";
    }
    case CMS_OID.adbeRevocationInfoArchival:
      return "archived revocation data for the signer's certificate (see below)";
    default: {
      const der = v.valueBeforeDecodeView ?? new Uint8Array();
      return `${der.length} bytes of DER: ${toHex(der.subarray(0, 32))}${der.length > 32 ? "…" : ""}`;
    }
  }
}

function decodeAttributes(attrs: pkijs.Attribute[] | undefined): DecodedAttribute[] {
  return (attrs ?? []).map((a) => ({ oid: a.type, name: ATTRIBUTE_NAMES[a.type] ?? a.type, value: attributeValue(a) }));
}

function signerIdentifier(si: pkijs.SignerInfo): string {
  if (si.sid instanceof pkijs.IssuerAndSerialNumber) {
    return `issuer ${formatName(si.sid.issuer)}, serial ${toHex(si.sid.serialNumber.valueBlock.valueHexView).toUpperCase()}`;
  }
  return "subjectKeyIdentifier";
}

/** `organisations`: where the broker's seal found among the signers is added (its name is shown: isBrokerSealHolder). */
export function inspectCms(decoded: DecodedSignedData, session: PkiSession, problems: string[], organisations?: Set<string>): CmsInspection {
  const sd = decoded.signedData;
  return {
    derLength: decoded.derLength,
    encapsulatedContentType: CONTENT_TYPES[sd.encapContentInfo.eContentType] ?? sd.encapContentInfo.eContentType,
    detached: !sd.encapContentInfo.eContent,
    digestAlgorithms: sd.digestAlgorithms.map((a) => hashName(a.algorithmId) ?? a.algorithmId),
    certificates: certSummaries(sd.certificates ?? []),
    signers: sd.signerInfos.map((si) => {
      const cert = findSignerCertificate(si, decoded.certificates);
      if (cert && organisations && isBrokerSealHolder(cert)) organisations.add(thumbprint(cert, "sha256"));
      let archival: SignerInspection["revocationArchival"] = null;
      try {
        const r = revocationArchival(si);
        if (r.crls.length || r.ocsps.length) {
          archival = { crls: [], ocsps: [] };
          for (const c of r.crls) {
            try {
              archival.crls.push(inspectCrl(c, session));
            } catch (e) {
              problems.push(`an archived CRL cannot be decoded: ${errorMessage(e)}`);
            }
          }
          for (const o of r.ocsps) {
            try {
              archival.ocsps.push(inspectOcsp(o, session));
            } catch (e) {
              problems.push(`an archived OCSP response cannot be decoded: ${errorMessage(e)}`);
            }
          }
        }
      } catch (e) {
        problems.push(`adbe-revocationInfoArchival cannot be decoded: ${errorMessage(e)}`);
      }
      return {
        signerIdentifier: signerIdentifier(si),
        certificate: cert ? summarize(cert) : null,
        digestAlgorithm: hashName(si.digestAlgorithm.algorithmId) ?? si.digestAlgorithm.algorithmId,
        signatureAlgorithm: algorithmName(si.signatureAlgorithm.algorithmId),
        signedAttributes: decodeAttributes(si.signedAttrs?.attributes),
        unsignedAttributes: decodeAttributes(si.unsignedAttrs?.attributes),
        revocationArchival: archival,
        timestamps: timestampTokens(si).map((t) => inspectTimestamp(t, session)),
      };
    }),
  };
}

/** The seal's /Contents as the CMS DER (zero padding removed). */
export function signatureCms(sig: SignatureInfo, session: PkiSession): DecodedSignedData {
  if (!sig.contents) throw new Error("the signature has no /Contents string");
  return decodeSignedData(sig.contents, `/Contents of ${sig.fieldName ? quoteName(sig.fieldName) : "the DocMDP signature"}`, session, true);
}

function inspectPdf(
  bytes: EvidenceSource,
  limits: Limits,
  session: PkiSession,
  problems: string[],
  organisations: Set<string>,
): { pdf: PdfInspection; values: TokenValues } {
  // As verify reads it: a malformed update after the revisions that read is named, the sealed revision still shown.
  const doc = parsePdf(bytes, limits, { unreadUpdate: true });
  const unread = doc.unreadUpdate;
  if (unread) problems.push(`the update from byte ${unread.startOffset} to the end of the file cannot be read: ${unread.reason}`);
  const latest = doc.latest();
  const scan = findSignatures(latest);
  const signatures: SignatureInspection[] = scan.signatures.map((s) => {
    const sp: string[] = [];
    let cms: CmsInspection | null = null;
    if (s.contents) {
      try {
        cms = inspectCms(signatureCms(s, session), session, sp, organisations);
      } catch (e) {
        sp.push(`the CMS in /Contents cannot be decoded: ${errorMessage(e)}`);
      }
    } else sp.push("/Contents is missing or not a string");
    problems.push(...sp.map((p) => `signature ${quoteName(s.fieldName ?? "(DocMDP)")}: ${p}`));
    const docMdp = s.reference.find((r) => r.transformMethod === "DocMDP");
    return {
      field: s.fieldName,
      revision: s.revision,
      redefinedIn: [...s.redefinedIn],
      ...(s.type !== undefined ? { type: s.type } : {}),
      ...(s.filter !== undefined ? { filter: s.filter } : {}),
      ...(s.subFilter !== undefined ? { subFilter: s.subFilter } : {}),
      ...(s.m ? { claimedTime: s.m.text } : {}),
      byteRange: s.byteRange ? [...s.byteRange] : null,
      contentsReserved: s.contents ? s.contents.length : null,
      certification: s.isDocMdp,
      docMdpPermission: docMdp?.p ?? null,
      documentTimestamp: s.isDocTimestamp,
      cms,
      problems: sp,
    };
  });
  const embeddedFiles: EmbeddedFileInspection[] = [];
  try {
    for (const f of listEmbeddedFiles(latest).files) {
      const e: EmbeddedFileInspection = { name: f.name.text };
      if (f.f) e.f = f.f.text;
      if (f.uf) e.uf = f.uf.text;
      if (f.afRelationship !== undefined) e.afRelationship = f.afRelationship;
      if (f.subtype !== undefined) e.subtype = f.subtype;
      if (f.size !== undefined) e.declaredSize = f.size;
      if (f.modDate) e.modDate = f.modDate.text;
      try {
        const b = f.decode();
        e.size = b.length;
        e.sha256 = sha256(b);
      } catch (err) {
        e.problem = errorMessage(err);
        problems.push(`embedded file ${quoteName(f.name.text)} cannot be decoded: ${e.problem}`);
      }
      embeddedFiles.push(e);
    }
  } catch (e) {
    problems.push(`the embedded files cannot be listed: ${errorMessage(e)}`);
  }
  let dss: PdfInspection["dss"] = null;
  try {
    const d = readDss(latest);
    if (d) dss = { certificates: d.certs.length, ocspResponses: d.ocsps.length, crls: d.crls.length, vri: d.vri.length };
  } catch (e) {
    problems.push(`the DSS cannot be read: ${errorMessage(e)}`);
  }
  const values = readAttachmentValues(doc, scan.signatures, problems);
  return {
    pdf: {
      headerVersion: doc.headerVersion,
      trailingBytes: doc.trailingBytes,
      revisions: doc.revisions.map((r) => ({
        index: r.index,
        startOffset: r.startOffset,
        endOffset: r.endOffset,
        xrefKind: r.xrefKind,
        entries: r.entries.length,
      })),
      ...(unread ? { unreadUpdate: { startOffset: unread.startOffset, bytes: unread.length, reason: unread.reason } } : {}),
      signatures,
      unsignedSignatureFields: [...scan.unsignedFields],
      embeddedFiles,
      dss,
    },
    values,
  };
}

export function inspectToken(values: TokenValues, limits: Limits, show: boolean, problems: string[], session = new PkiSession(limits)): TokenInspection | null {
  if (values.token === undefined) {
    problems.push(`no Workflow token in ${values.source}`);
    return null;
  }
  let header: Record<string, unknown> = {};
  let payload: Record<string, unknown> = {};
  try {
    const jws = decodeCompactJws(values.token, jwsLimits(limits), "the Workflow token");
    header = jws.header;
    payload = jws.payload;
  } catch (e) {
    problems.push(errorMessage(e));
  }
  const jsonLimits = { maxBytes: limits.maxJsonBytes, maxDepth: limits.maxJsonDepth };
  const claims: ReportedClaim[] = [];
  const documents: TokenInspection["documents"] = [];
  const signatures: TokenInspection["signatures"] = [];
  for (const [name, value] of Object.entries(payload)) {
    const numbered = numberedClaimName(name);
    const doc = numbered?.kind === "document" ? numbered.index : null;
    const sig = numbered?.kind === "signature" ? numbered.index : null;
    try {
      if (doc !== null) {
        const d = parseJsonObjectString(value, jsonLimits, `claim ${quoteName(name)}`);
        documents.push({ index: doc, title: d.title, sha256Hex: d.sha256Hex });
      } else if (sig !== null) {
        const s = parseJsonObjectString(value, jsonLimits, `claim ${quoteName(name)}`);
        signatures.push({
          index: sig,
          created: s.Created,
          id: s.Id,
          signatureTransactionId: s.SignatureTransactionId,
          userClaims: isPlainObject(s.UserClaims) ? reportClaims(s.UserClaims as Record<string, unknown>, show) : [],
        });
      } else {
        if (numbered) problems.push(`claim ${quoteName(name)} is not numbered as ${numbered.kind}_N`);
        claims.push(...reportClaims({ [name]: value }, show));
      }
    } catch (e) {
      problems.push(errorMessage(e));
      if (doc !== null) documents.push({ index: doc });
      else if (sig !== null) signatures.push({ index: sig, userClaims: [] });
    }
  }
  documents.sort((a, b) => a.index - b.index);
  signatures.sort((a, b) => a.index - b.index);
  let certificate: CertificateSummary | null = null;
  if (values.certPem !== undefined) {
    try {
      certificate = summarize(certificateFromPem(values.certPem, "the token certificate PEM", session));
    } catch (e) {
      problems.push(errorMessage(e));
    }
  }
  let ocsp: OcspInspection | null = null;
  if (values.ocspBase64 !== undefined) {
    try {
      ocsp = inspectOcsp(new Uint8Array(Buffer.from(values.ocspBase64.trim(), "base64")), session);
    } catch (e) {
      problems.push(`the token's OCSP response: ${errorMessage(e)}`);
    }
  }
  return {
    source: values.source,
    header,
    claims,
    documents,
    signatures,
    claimFilter: inferClaimFilter(signatures.flatMap((s) => s.userClaims.map((c) => c.name))),
    certificate,
    ocsp,
  };
}

/** Decodes every part of the evidence. FormatError only when not even the PDF structure can be read. */
export function inspectEvidence(input: EvidenceInput, bytes: Uint8Array, limits: Limits, showPersonalData = false): Inspection {
  const session = new PkiSession(limits); // one inspection, its own caches
  const problems: string[] = [];
  const organisations = new Set<string>();
  let pdf: PdfInspection | null = null;
  let values: TokenValues;
  if (input.format !== "workflow-token-json") {
    const r = inspectPdf(input.pdf, limits, session, problems, organisations);
    pdf = r.pdf;
    values = r.values;
  } else values = readTokenValues(input, limits, problems);
  const token = inspectToken(values, limits, showPersonalData, problems, session);
  // A certificate's holder that may be a person (pki/holder.ts) is named as the verifier's report names it.
  return resolvePersonNames<Inspection>(
    {
      kind: "inspection",
      tool: { name: "sealcheck", version: VERSION },
      evidence: { file: input.file, format: input.format, bytes: bytes.length, sha256: sha256(bytes) },
      ...(input.format !== "pades-pdf" && input.workflowResultInfo ? { workflowResultInfo: input.workflowResultInfo } : {}),
      pdf,
      token,
      personalDataShown: showPersonalData,
      problems,
    },
    { show: showPersonalData, organisations },
  );
}
