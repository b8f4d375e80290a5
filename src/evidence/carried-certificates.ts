// Every certificate the evidence carries, with where it is carried: each signature's CMS (the seal, approval
// signatures, document timestamps' tokens), the timestamp tokens and OCSP responses inside a CMS, each
// revision's DSS (its certificates, the certificates inside its OCSP responses, its VRI entries and their
// timestamp tokens), the token certificate and its OCSP response. One list for `sealcheck extract`, which writes
// each as a PEM file, and for the trust-anchors check, which names an anchor the evidence itself carries
// (attack-s4 A1: an anchor taken from a place the one missed, the other wrote, gave no warning). CRLs carry no
// certificates. Anything that cannot be read is a problem in words, never an exception.
import type * as pkijs from "pkijs";
import { errorMessage } from "../errors.js";
import { findSignatures, readDss, type PdfDocument, type PdfView, type SignatureInfo } from "../input/pdf/index.js";
import { certificateDer, listedCertificate, pemBlocks } from "../pki/certificate.js";
import { decodeSignedData, revocationArchival, timestampTokens } from "../pki/cms.js";
import { decodeOcsp } from "../pki/ocsp.js";
import type { PkiSession } from "../pki/session.js";
import { ATTACHMENT_NAMES, chooseSeal } from "./broker.js";

export interface CarriedCertificate {
  /** The certificate's DER, as carried. */
  readonly der: Uint8Array;
  /** Where the evidence carries it, in words: "the seal's CMS (Signature1)", "the DSS (revision 2)". */
  readonly where: string;
  /** A file name for it (extract writes it so): "Signature1-certificate-1.pem", "DSS-2-ocsp-1-certificate-1.pem". */
  readonly name: string;
  /** It is one of the evidence's own attachments (the token certificate), which extract writes as such. */
  readonly attachment?: true;
}

export interface CarriedCertificates {
  readonly certificates: CarriedCertificate[];
  /** What could not be read, in words (extract lists them; the check's remark cannot name what is there). */
  readonly problems: string[];
}

/** The token's certificate and OCSP response as the evidence carries them (undecoded), and in what form. */
export interface CarriedTokenValues {
  readonly certPem?: string | undefined;
  readonly ocspBase64?: string | undefined;
  /** Attachments of a sealed PDF, or fields of the Workflow-token JSON. */
  readonly form: "attachments" | "json";
}

export interface CarriedOptions {
  /** The file-name stem of a signature's parts (extract makes it a safe file name); default its field name. */
  readonly label?: (s: SignatureInfo, index: number) => string;
  /** The most certificates listed; beyond it a problem says how many were left out. Default 1000. */
  readonly max?: number;
}

/** A name from the evidence inside the words: quoted as data and cut (it may be anything). */
function quoted(name: string): string {
  const chars = [...name];
  return JSON.stringify(chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : name);
}

class List {
  readonly certificates: CarriedCertificate[] = [];
  readonly problems: string[] = [];
  private left = 0;
  /** Containers (signatures, DSS streams, tokens) still to be read: as many as certificates listed at most. */
  private reads: number;
  constructor(private readonly max: number) {
    this.reads = max;
  }
  /** One more container may be read; false (and one problem) once the budget is spent. */
  read(): boolean {
    if (this.reads-- > 0) return true;
    if (this.reads === -1) this.problems.push(`the evidence holds more than ${this.max} signatures, DSS entries and tokens; the rest were not read`);
    return false;
  }
  add(der: Uint8Array, where: string, name: string, attachment = false): void {
    if (this.certificates.length >= this.max) {
      this.left++;
      return;
    }
    this.certificates.push({ der, where, name, ...(attachment ? { attachment: true as const } : {}) });
  }
  certs(certs: readonly pkijs.Certificate[], where: string, stem: string): void {
    certs.forEach((c, i) => this.add(certificateDer(c), where, `${stem}-certificate-${i + 1}.pem`));
  }
  /** The certificates inside a DER OCSP response. */
  ocsp(der: Uint8Array, where: string, stem: string, session: PkiSession): void {
    if (!this.read()) return;
    try {
      this.certs(decodeOcsp(der, session).certificates, where, stem);
    } catch (e) {
      this.problems.push(`${where} cannot be decoded: ${errorMessage(e)}`);
    }
  }
  /** The certificates inside a timestamp token (a CMS SignedData). */
  token(der: Uint8Array, where: string, stem: string, session: PkiSession): void {
    if (!this.read()) return;
    try {
      this.certs(decodeSignedData(der, where, session).certificates, where, stem);
    } catch (e) {
      this.problems.push(`${where} cannot be decoded: ${errorMessage(e)}`);
    }
  }
  done(): CarriedCertificates {
    if (this.left) this.problems.push(`${this.left} more certificate(s) are carried than the ${this.max} listed`);
    return { certificates: this.certificates, problems: this.problems };
  }
}

function signatureParts(list: List, s: SignatureInfo, seal: boolean, stem: string, session: PkiSession): void {
  const field = quoted(s.fieldName ?? "(DocMDP)");
  const who = s.isDocTimestamp ? `the document timestamp ${field}` : seal ? `the seal's CMS (${field})` : `the CMS of signature ${field}`;
  if (!s.contents || !list.read()) return;
  let si: pkijs.SignerInfo | undefined;
  try {
    const cms = decodeSignedData(s.contents, `the /Contents of ${field}`, session, true);
    list.certs(cms.certificates, who, stem);
    si = cms.signedData.signerInfos[0];
  } catch (e) {
    list.problems.push(`${who} cannot be decoded: ${errorMessage(e)}`);
  }
  if (!si) return;
  const owner = seal ? `the seal's CMS (${field})` : `the CMS of ${field}`;
  revocationArchival(si).ocsps.forEach((o, j) => list.ocsp(o, `an OCSP response archived in ${owner}`, `${stem}-archived-ocsp-${j + 1}`, session));
  timestampTokens(si).forEach((t, j) =>
    list.token(t, `${seal ? "the seal's" : `${field}'s`} signature timestamp${seal ? ` (${field})` : ""}`, `${stem}-timestamp-${j + 1}`, session),
  );
}

/** Each revision's DSS: a stream listed again (unchanged, by a later DSS) is read once, under its first revision. */
function dssParts(list: List, doc: PdfDocument, session: PkiSession): void {
  const seen = new Set<string>();
  const budget = { values: 0 };
  const stream = (view: PdfView, ref: { num: number; gen: number }): Uint8Array | undefined => {
    const key = `${ref.num} ${ref.gen}@${view.entry(ref.num)?.revision ?? "?"}`;
    if (seen.has(key) || !list.read()) return undefined;
    seen.add(key);
    const o = view.object(ref);
    if (o?.value.kind !== "stream") throw new Error(`object ${ref.num} ${ref.gen} R is not a stream`);
    return view.decode(o.value);
  };
  for (let i = 0; i < doc.revisions.length; i++) {
    const rev = i + 1;
    const where = `the DSS (revision ${rev})`;
    try {
      const view = doc.at(i);
      const dss = readDss(view);
      if (!dss) continue;
      const certRefs = [...dss.certs, ...dss.vri.flatMap((v) => v.certs)];
      let n = 0;
      for (const ref of certRefs) {
        try {
          const der = stream(view, ref);
          const cert = der && listedCertificate(der, `a certificate in ${where}`, session, budget);
          if (cert) list.add(certificateDer(cert), where, `DSS-${rev}-certificate-${++n}.pem`);
          else if (der) list.problems.push(`a certificate in ${where} (object ${ref.num} ${ref.gen} R) is none: too many ASN.1 values`);
        } catch (e) {
          list.problems.push(`a certificate in ${where} (object ${ref.num} ${ref.gen} R) cannot be read: ${errorMessage(e)}`);
        }
      }
      let k = 0;
      for (const ref of [...dss.ocsps, ...dss.vri.flatMap((v) => v.ocsps)]) {
        try {
          const der = stream(view, ref);
          if (der) {
            k++;
            list.ocsp(der, `an OCSP response in ${where}`, `DSS-${rev}-ocsp-${k}`, session);
          }
        } catch (e) {
          list.problems.push(`an OCSP response in ${where} (object ${ref.num} ${ref.gen} R) cannot be read: ${errorMessage(e)}`);
        }
      }
      let t = 0;
      for (const v of dss.vri) {
        if (!v.ts) continue;
        try {
          const der = stream(view, v.ts);
          if (der) {
            t++;
            list.token(der, `a timestamp token in ${where}'s VRI`, `DSS-${rev}-vri-timestamp-${t}`, session);
          }
        } catch (e) {
          list.problems.push(`a VRI timestamp token in ${where} cannot be read: ${errorMessage(e)}`);
        }
      }
    } catch (e) {
      list.problems.push(`${where} cannot be read: ${errorMessage(e)}`);
    }
  }
}

function tokenParts(list: List, values: CarriedTokenValues, session: PkiSession): void {
  const [cert, ocsp] =
    values.form === "attachments"
      ? ["the token certificate attachment", "the OCSP response attachment"]
      : ["the token certificate in the JSON", "the OCSP response in the JSON"];
  if (values.certPem !== undefined) {
    pemBlocks(values.certPem)
      .filter((b) => b.label === "CERTIFICATE")
      .forEach((b) => list.add(b.der, cert, ATTACHMENT_NAMES.certPem, true));
  }
  if (values.ocspBase64 !== undefined) {
    const b64 = values.ocspBase64.replace(/\s+/g, "");
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) list.ocsp(new Uint8Array(Buffer.from(b64, "base64")), ocsp, ATTACHMENT_NAMES.ocspBase64, session);
  }
}

/**
 * Every certificate the evidence carries: a PDF's (every signature found as readers find them in its latest
 * revision, every revision's DSS) and the token's certificate and OCSP response. In file order.
 */
export function carriedCertificates(
  doc: PdfDocument | null,
  values: CarriedTokenValues | null,
  session: PkiSession,
  options: CarriedOptions = {},
): CarriedCertificates {
  const list = new List(options.max ?? 1000);
  if (values) tokenParts(list, values, session);
  if (doc) {
    try {
      const sigs = findSignatures(doc.latest()).signatures;
      const { seal } = chooseSeal(sigs);
      sigs.forEach((s, i) => signatureParts(list, s, s === seal, options.label?.(s, i) ?? s.fieldName ?? `signature-${i + 1}`, session));
    } catch (e) {
      list.problems.push(`the PDF's signatures cannot be listed: ${errorMessage(e)}`);
    }
    dssParts(list, doc, session);
  }
  return list.done();
}
