// `sealcheck extract`: the parts of the evidence as files, for other tools (openssl, a PDF viewer, jose):
// the attachments as stored, the OCSP response also as DER, each signature's CMS (DER), its timestamp tokens
// and archived revocation data, and every certificate the evidence carries (PEM; evidence/carried-certificates.ts,
// the list the trust-anchors check reads). Pure: returns names and bytes;
// the CLI writes them. Names from the evidence are untrusted: they are reduced to a safe file name.
import { errorMessage } from "../errors.js";
import type { Limits } from "../limits.js";
import { PkiSession } from "../pki/session.js";
import type { EvidenceInput } from "../input/evidence-file.js";
import { findSignatures, listEmbeddedFiles, parsePdf, type SignatureInfo } from "../input/pdf/index.js";
import type { EvidenceSource } from "../input/source.js";
import { toPem } from "../pki/certificate.js";
import { revocationArchival, timestampTokens } from "../pki/cms.js";
import { signatureCms } from "./decode.js";
import { ATTACHMENTS, readTokenValues, type TokenValues } from "../evidence/token-values.js";
import { carriedCertificates, type CarriedCertificates } from "../evidence/carried-certificates.js";
import { quoteName } from "../report/quoted-name.js";

export interface ExtractedFile {
  /** A plain file name (no directory part), safe to join to the output directory. */
  name: string;
  bytes: Uint8Array;
  /** What it is, for the listing the CLI prints. */
  what: string;
}

export interface Extraction {
  files: ExtractedFile[];
  problems: string[];
}

/**
 * A file name that cannot leave the output directory or hide: path separators, control characters and
 * anything unusual become "_", leading dots are removed, the length is bounded.
 */
export function safeFileName(name: string, fallback: string): string {
  const base = name
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .replace(/^[.\s]+/, "")
    .replace(/\s+$/, "")
    .slice(0, 120);
  return base === "" || /^[._]+$/.test(base) ? fallback : base;
}

function pem(label: string, der: Uint8Array): Uint8Array {
  return new TextEncoder().encode(toPem(label, der));
}

class Files {
  readonly list: ExtractedFile[] = [];
  private readonly used = new Set<string>();
  add(name: string, bytes: Uint8Array, what: string): void {
    let n = name;
    for (let i = 2; this.used.has(n.toLowerCase()); i++) n = name.replace(/(\.[^.]*)?$/, (ext) => `-${i}${ext}`);
    this.used.add(n.toLowerCase());
    this.list.push({ name: n, bytes, what });
  }
}

function tokenFiles(out: Files, values: TokenValues): void {
  const text = (s: string) => new TextEncoder().encode(s);
  if (values.token !== undefined) out.add(ATTACHMENTS.token, text(values.token), `the Workflow token (compact JWS), from ${values.source}`);
  if (values.ocspBase64 !== undefined)
    out.add(ATTACHMENTS.ocsp, text(values.ocspBase64), `the token certificate's OCSP response (base64), from ${values.source}`);
  if (values.certPem !== undefined) out.add(ATTACHMENTS.certPem, text(values.certPem), `the token certificate (PEM), from ${values.source}`);
}

function ocspDer(out: Files, values: TokenValues, problems: string[]): void {
  if (values.ocspBase64 === undefined) return;
  const b64 = values.ocspBase64.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) {
    problems.push("the OCSP response is not base64; only the text form was written");
    return;
  }
  out.add("workflow_token.ocsp.der", new Uint8Array(Buffer.from(b64, "base64")), "the same OCSP response as DER (openssl ocsp -respin)");
}

function pdfFiles(out: Files, pdf: EvidenceSource, limits: Limits, problems: string[]): void {
  const session = new PkiSession(limits); // one extraction, its own caches
  const doc = parsePdf(pdf, limits);
  const latest = doc.latest();
  try {
    listEmbeddedFiles(latest).files.forEach((f, i) => {
      const name = safeFileName(f.name.text, `attachment-${i + 1}`);
      try {
        out.add(name, f.decode(), `embedded file ${quoteName(f.name.text)}`);
      } catch (e) {
        problems.push(`embedded file ${quoteName(f.name.text)} cannot be decoded: ${errorMessage(e)}`);
      }
    });
  } catch (e) {
    problems.push(`the embedded files cannot be listed: ${errorMessage(e)}`);
  }
  const values = readTokenValues({ file: "", format: "pades-pdf", pdf }, limits, problems);
  ocspDer(out, values, problems);

  const sigs = findSignatures(latest).signatures;
  const label = (s: SignatureInfo, i: number) => safeFileName(s.fieldName ?? "DocMDP", `signature-${i + 1}`);
  sigs.forEach((s, i) => {
    const field = label(s, i);
    try {
      const cms = signatureCms(s, session);
      out.add(
        `${field}.p7s`,
        s.contents!.subarray(0, cms.derLength),
        `the CMS SignedData of signature ${quoteName(s.fieldName ?? "(DocMDP)")} (DER, padding removed)`,
      );
      const si = cms.signedData.signerInfos[0]!;
      const rev = revocationArchival(si);
      rev.ocsps.forEach((o, j) => out.add(`${field}-archived-ocsp-${j + 1}.der`, o, `an OCSP response archived in ${field}'s signed attributes`));
      rev.crls.forEach((c, j) => out.add(`${field}-archived-crl-${j + 1}.crl`, c, `a CRL archived in ${field}'s signed attributes`));
      timestampTokens(si).forEach((t, j) => out.add(`${field}-timestamp-${j + 1}.tst`, t, `the signature timestamp token of ${field} (RFC 3161, DER)`));
    } catch (e) {
      problems.push(`signature ${quoteName(s.fieldName ?? "(DocMDP)")}: the CMS cannot be decoded (${errorMessage(e)})`);
    }
  });
  certificateFiles(out, carriedCertificates(doc, { ...values, form: "attachments" }, session, { label, max: limits.maxValidationDataItems, limits }), problems);
}

/**
 * Every certificate the evidence carries, as PEM: the one list the trust-anchors check also reads (so an anchor
 * taken from these files is named there). The token certificate is written as its attachment already.
 */
function certificateFiles(out: Files, carried: CarriedCertificates, problems: string[]): void {
  for (const c of carried.certificates)
    if (!c.attachment) out.add(safeFileName(c.name, "certificate.pem"), pem("CERTIFICATE", c.der), `a certificate carried in ${c.where}`);
  problems.push(...carried.problems);
}

/** Everything extractable from the evidence. FormatError only when not even the PDF structure can be read. */
export function extractEvidence(input: EvidenceInput, limits: Limits): Extraction {
  const out = new Files();
  const problems: string[] = [];
  if (input.format === "pades-json") out.add("pades.pdf", input.pdf.read(0, input.pdf.length), "the sealed PAdES decoded from padesDocument.padesB64");
  if (input.format !== "workflow-token-json") pdfFiles(out, input.pdf, limits, problems);
  else {
    const values = readTokenValues(input, limits, problems);
    tokenFiles(out, values);
    ocspDer(out, values, problems);
    certificateFiles(out, carriedCertificates(null, { ...values, form: "json" }, new PkiSession(limits)), problems);
  }
  return { files: out.list, problems };
}
