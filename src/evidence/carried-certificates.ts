// Every certificate the evidence carries, with where it is carried: each signature's CMS (the seal, approval
// signatures, document timestamps' tokens), the timestamp tokens and OCSP responses inside a CMS, each
// revision's DSS (its certificates, the certificates inside its OCSP responses, its VRI entries and their
// timestamp tokens), the token certificate and its OCSP response. One list for `sealcheck extract`, which writes
// each as a PEM file, and for the trust-anchors check, which names an anchor the evidence itself carries
// (attack-s4 A1: an anchor taken from a place the one missed, the other wrote, gave no warning). CRLs carry no
// certificates. Anything that cannot be read is a problem in words, never an exception.
import type * as pkijs from "pkijs";
import { errorMessage, LimitError } from "../errors.js";
import { DEFAULT_LIMITS, type Limits } from "../limits.js";
import type { JsonStrings } from "../input/evidence-file.js";
import { findSignatures, listEmbeddedFiles, parsePdf, walkPages, type PdfDocument, type SignatureInfo } from "../input/pdf/index.js";
import { wholeSource } from "../input/source.js";
import type { EmbeddedFile } from "../input/pdf/embedded-files.js";
import { rawGet, type PdfObject } from "../input/pdf/objects.js";
import { pdfText } from "../input/pdf/text.js";
import { readDssData, type DssData, type DssItem } from "./dss-items.js";
import { certificateDer, certificatesFromBytes, listedCertificate, pemBlocks } from "../pki/certificate.js";
import { decodeSignedData, revocationArchival, timestampTokens, type DecodedSignedData } from "../pki/cms.js";
import { decodeOcsp, type DecodedOcsp } from "../pki/ocsp.js";
import type { PkiSession } from "../pki/session.js";
import { tokenCertificatesOverLimit } from "../pki/token-certificates.js";
import { ATTACHMENT_NAMES, chooseSeal } from "./broker.js";
import { pdfName, quoteName } from "../report/quoted-name.js";
import { bytesEqual } from "../pki/der.js";

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
  /**
   * Attachments whose certificates were not all read (one over the listing's size, the values budget spent by
   * an earlier one, bytes that cannot be decoded, the read budget spent), each in words; `searched`: the
   * `find` certificates were still looked for in its bytes (attack-s5c X1).
   */
  readonly unread: readonly { readonly what: string; readonly searched: boolean; readonly attachment: boolean }[];
}

/** The token's certificate and OCSP response as the evidence carries them (undecoded), and in what form. */
export interface CarriedTokenValues {
  readonly certPem?: string | undefined;
  readonly ocspBase64?: string | undefined;
  /** Attachments of a sealed PDF, or fields of the Workflow-token JSON. */
  readonly form: "attachments" | "json";
  /** The OCSP response as the verification decoded it (its `ocsp` fact): not decoded again. */
  readonly ocsp?: DecodedOcsp | undefined;
}

export interface CarriedOptions {
  /** The file-name stem of a signature's parts (extract makes it a safe file name); default its field name. */
  readonly label?: (s: SignatureInfo, index: number) => string;
  /** The most certificates listed; beyond it a problem says how many were left out. Default 1000. */
  readonly max?: number;
  /** The DSS as already read (verify's `dss` fact), so it is read once; else read here, within `max`. */
  readonly dss?: DssData;
  /** The signatures, when already found (as findSignatures finds them in the latest revision). */
  readonly signatures?: readonly SignatureInfo[];
  /** CMSs already decoded (the seal's, by seal-signature): not decoded again. */
  readonly decoded?: ReadonlyMap<SignatureInfo, DecodedSignedData>;
  /**
   * Certificates (DER) looked for byte by byte in every attachment's bytes, uncapped (the anchors given): one an
   * attachment holds, as DER or inside a PEM block, is listed as carried there even where reading the
   * attachment's certificates stopped at a size limit (attack-s5c X1).
   */
  readonly find?: readonly Uint8Array[];
  /**
   * Every string value of an evidence JSON (the JSON forms; a12 X1g): the `find` certificates are looked for in
   * each, as text (a PEM block) and, where it is base64, in what it decodes to.
   */
  readonly json?: JsonStrings;
  /** The limits an attached PDF is read within (default DEFAULT_LIMITS). */
  readonly limits?: Limits;
  /**
   * What else a file's bytes hold that a `find` item may be, compared byte for byte: the keys of an XML (the
   * trust-anchors check's trustlist/identity.ts: a list re-encoded, a certificate base64 in its KeyInfo).
   */
  readonly keysOf?: KeysOf;
}

/** The keys of bytes that are not the bytes themselves (CarriedOptions.keysOf); none when there are none. */
export type KeysOf = (bytes: Uint8Array, limits: Limits) => readonly Uint8Array[];

/**
 * Whether `bytes` holds `der`: as it is, or inside a PEM block of any label (`--trust` reads CERTIFICATE and
 * TRUSTED CERTIFICATE blocks, and one DER certificate). A search, no parse: bounded by the bytes already decoded.
 */
function holds(bytes: Uint8Array, der: Uint8Array, blocks: () => readonly Uint8Array[]): boolean {
  // Buffers on both sides: the page's Buffer (the browser build) searches for a Buffer, not a Uint8Array.
  const view = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length);
  const needle = view(der);
  return view(bytes).indexOf(needle) >= 0 || blocks().some((b) => view(b).indexOf(needle) >= 0);
}

/** The decoded bodies of a text's PEM blocks; none when it has none or one is not base64 (`--trust` refuses it then). */
function pemBodies(bytes: Uint8Array): Uint8Array[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
  if (!text.includes("-----BEGIN ")) return [];
  try {
    return pemBlocks(text).map((b) => b.der);
  } catch {
    return [];
  }
}

/** A name from the evidence inside the words: quoted as data and cut (it may be anything; attack-s5 W2). */
const quoted = (name: string): string => quoteName(name, 40);

class List {
  readonly certificates: CarriedCertificate[] = [];
  readonly problems: string[] = [];
  readonly unread: { what: string; searched: boolean; attachment: boolean }[] = [];
  private left = 0;
  /** One budget of ASN.1 values for every certificate read from listed bytes (listedCertificate). */
  readonly budget = { values: 0 };
  /** Containers (signatures, DSS streams, tokens) still to be read: as many as certificates listed at most. */
  private reads: number;
  constructor(
    private readonly max: number,
    private readonly find: readonly Uint8Array[] = [],
    private readonly keysOf?: KeysOf,
    private readonly limits: Limits = DEFAULT_LIMITS,
  ) {
    this.reads = max;
  }
  /** Whether `bytes` hold `der`, or their keys (keysOf, read once per file through `keys`) include it. */
  private holdsOrKeys(bytes: Uint8Array, der: Uint8Array, blocks: () => readonly Uint8Array[], keys: () => readonly Uint8Array[]): boolean {
    return holds(bytes, der, blocks) || keys().some((k) => bytesEqual(k, der));
  }
  /** The keys of `bytes`, computed on the first call (none without keysOf). */
  private keysLazily(bytes: Uint8Array): () => readonly Uint8Array[] {
    let keys: readonly Uint8Array[] | undefined;
    return () => (keys ??= this.keysOf ? this.keysOf(bytes, this.limits) : []);
  }
  /** One more container may be read; false (and one problem) once the budget is spent. */
  read(): boolean {
    if (this.reads-- > 0) return true;
    if (this.reads === -1) {
      const what = `the evidence holds more than ${this.max} signatures, DSS entries, tokens and attachments; the rest were not read`;
      this.problems.push(what);
      this.unread.push({ what, searched: false, attachment: false });
    }
    return false;
  }
  add(der: Uint8Array, where: string, name: string, attachment = false): CarriedCertificate | undefined {
    if (this.certificates.length >= this.max) {
      this.left++;
      return undefined;
    }
    const c: CarriedCertificate = { der, where, name, ...(attachment ? { attachment: true as const } : {}) };
    this.certificates.push(c);
    return c;
  }
  /**
   * A container not decoded (a document timestamp's certificates past the run's limit, a11 D2c): said, and the
   * `find` certificates looked for in its bytes all the same.
   */
  skipped(bytes: Uint8Array, why: string, where: string, name: string): void {
    this.problems.push(`${where} is not read: ${why}`);
    this.unread.push({ what: `${where}: ${why}`, searched: true, attachment: false });
    for (const der of this.find) if (holds(bytes, der, () => [])) this.certificates.push({ der, where, name });
  }
  certs(certs: readonly pkijs.Certificate[], where: string, stem: string): void {
    certs.forEach((c, i) => this.add(certificateDer(c), where, `${stem}-certificate-${i + 1}.pem`));
  }
  /**
   * Every certificate a file holds as `--trust` reads it (certificatesFromBytes), each as a listed one. An
   * attachment's are named by the attachment (extract writes the file itself); `quiet`: a file that holds no
   * certificate is no problem (most attachments hold none). Where the reading stops at a limit (a certificate
   * over the listing's size, the values budget spent) the file is said to be not all read, and the `find`
   * certificates are looked for in its bytes all the same.
   */
  file(bytes: Uint8Array, where: string, name: string, session: PkiSession, quiet = false, attachment = true): void {
    let stopped: string | undefined;
    const listed = new Set<CarriedCertificate>();
    try {
      certificatesFromBytes(bytes, where, session, (der, what) => {
        // Bytes that do not open a DER SEQUENCE are no certificate (a PDF, an image), not one too large to list.
        if (der[0] !== 0x30) return null;
        const c = listedCertificate(der, what, session, this.budget);
        if (!c) stopped ??= `${what} is too large to list`;
        return c;
      }).forEach((c) => {
        const added = this.add(certificateDer(c), where, name, attachment);
        if (added) listed.add(added);
      });
    } catch (e) {
      if (e instanceof LimitError)
        stopped ??=
          e.limit === "maxAsn1Nodes" && this.budget.values > session.limits.maxAsn1Nodes
            ? `${where}: the listing's budget of ASN.1 values was spent`
            : errorMessage(e);
      if (!quiet) this.problems.push(`${where} cannot be read as certificates: ${errorMessage(e)}`);
    }
    if (stopped) this.unread.push({ what: stopped, searched: true, attachment: true });
    let blocks: Uint8Array[] | undefined;
    const keys = this.keysLazily(bytes);
    for (const der of this.find) {
      if ([...listed].some((c) => bytesEqual(c.der, der))) continue;
      if (this.holdsOrKeys(bytes, der, () => (blocks ??= pemBodies(bytes)), keys))
        this.certificates.push({ der, where, name, ...(attachment ? { attachment: true as const } : {}) });
    }
  }
  /**
   * The `find` certificates looked for in the string values of an evidence JSON: as text (a PEM block, the DER's
   * bytes) and, for a string that is base64, in its decoded bytes (a12 X1g: a field sealcheck does not read).
   */
  strings(strings: JsonStrings): void {
    if (!this.find.length) return;
    for (const { path, value } of strings) {
      const text = new TextEncoder().encode(value);
      const compact = value.replace(/\s+/g, "");
      const decoded = compact.length >= 16 && /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? new Uint8Array(Buffer.from(compact, "base64")) : undefined;
      let blocks: Uint8Array[] | undefined;
      const [keys, decodedKeys] = [this.keysLazily(text), this.keysLazily(decoded ?? new Uint8Array(0))];
      for (const der of this.find) {
        if (this.holdsOrKeys(text, der, () => (blocks ??= pemBodies(text)), keys) || (decoded && this.holdsOrKeys(decoded, der, () => [], decodedKeys)))
          this.certificates.push({ der, where: `the JSON's field ${quoted(path)}`, name: `${path}.pem` });
      }
    }
  }
  /** An attachment whose bytes were not read at all: said, and no certificate looked for in it. */
  unreadFile(what: string): void {
    this.unread.push({ what, searched: false, attachment: true });
  }
  /** The certificates inside a DER OCSP response (`decoded`: as already decoded). */
  ocsp(der: Uint8Array | DecodedOcsp, where: string, stem: string, session: PkiSession): void {
    if (!this.read()) return;
    try {
      this.certs((der instanceof Uint8Array ? decodeOcsp(der, session) : der).certificates, where, stem);
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
    if (this.left) {
      this.problems.push(`${this.left} more certificate(s) are carried than the ${this.max} listed`);
      this.unread.push({ what: `${this.left} more certificate(s) are carried than the ${this.max} listed`, searched: false, attachment: false });
    }
    return { certificates: this.certificates, problems: this.problems, unread: this.unread };
  }
}

function signatureParts(list: List, s: SignatureInfo, seal: boolean, stem: string, session: PkiSession, decoded?: DecodedSignedData): void {
  const field = quoted(s.fieldName ?? "(DocMDP)");
  const who = s.isDocTimestamp ? `the document timestamp ${field}` : seal ? `the seal's CMS (${field})` : `the CMS of signature ${field}`;
  if (!s.contents || !list.read()) return;
  // Its certificates past the run's limit: not decoded (token-certificates.ts).
  const over = s.isDocTimestamp && !decoded ? tokenCertificatesOverLimit(session, s.contents, true) : null;
  if (over) return list.skipped(s.contents, over, who, `${stem}-certificate.pem`);
  let si: pkijs.SignerInfo | undefined;
  try {
    const cms = decoded ?? decodeSignedData(s.contents, `the /Contents of ${field}`, session, true);
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

/**
 * Every revision's DSS as the one reading has it (evidence/dss-items.ts: what verify's checks take, item by
 * item): its certificates, the certificates inside its OCSP responses and its VRI timestamp tokens.
 */
function dssParts(list: List, dss: DssData, session: PkiSession): void {
  const counters = new Map<string, number>();
  const next = (key: string) => {
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    return n;
  };
  const where = (i: DssItem) => `the DSS (revision ${i.where.revision})`;
  for (const i of dss.listed.certs) {
    if (list.read()) list.add(i.der, where(i), `DSS-${i.where.revision}-certificate-${next(`c${i.where.revision}`)}.pem`);
  }
  for (const i of dss.listed.ocsps)
    list.ocsp(i.der, `an OCSP response in ${where(i)}`, `DSS-${i.where.revision}-ocsp-${next(`o${i.where.revision}`)}`, session);
  for (const i of dss.listed.timestamps) {
    list.token(i.der, `a timestamp token in ${where(i)}'s VRI`, `DSS-${i.where.revision}-vri-timestamp-${next(`t${i.where.revision}`)}`, session);
  }
  for (const p of dss.problems) list.problems.push(`a DSS item cannot be read: ${p}`);
  if (dss.limit !== undefined) list.problems.push(`the DSS is not all read: ${dss.limit}`);
}

/**
 * The latest revision's embedded files (every attachment a reader lists and `extract` writes), but the three
 * evidence attachments (read as the token's): each read as `--trust` would read it, so an anchor taken from one
 * is named (attack-s5b C1).
 */
function embeddedParts(list: List, doc: PdfDocument, session: PkiSession, scope: Scope): readonly EmbeddedFile[] {
  const evidence = new Set<string>(scope.depth === 0 ? Object.values(ATTACHMENT_NAMES) : []);
  const of = scope.depth === 0 ? "" : ` of ${scope.where}`;
  try {
    const { files } = listEmbeddedFiles(doc.latest());
    for (const f of files) {
      if (evidence.has(f.name.text)) continue;
      const where = `${scope.in}the attachment ${quoted(f.name.text)}`;
      if (!list.read()) continue;
      let bytes: Uint8Array;
      try {
        bytes = f.decode();
      } catch (e) {
        list.problems.push(`${where} cannot be decoded: ${errorMessage(e)}`);
        list.unreadFile(`${where} cannot be decoded: ${errorMessage(e)}`);
        continue;
      }
      attachedFile(list, bytes, where, scope.stem(f.name.text), session, scope);
    }
    return files;
  } catch (e) {
    list.problems.push(`the embedded files${of} cannot be listed: ${errorMessage(e)}`);
    list.unreadFile(`the embedded files${of} cannot be listed: ${errorMessage(e)}`);
    return [];
  }
}

/** How deep attached PDFs are opened: the evidence's attachment, and that one's (a12 X1d: pdfdetach on what pdfdetach wrote). */
const MAX_NESTED_PDFS = 2;

/**
 * Where a PDF's files are read: the evidence itself (depth 0), or a PDF attached to it (depth 1, 2). `in` starts
 * each place's words ("the attachment "appendix.pdf", in it "), `stem` names a file found there.
 */
interface Scope {
  readonly depth: number;
  readonly where: string;
  readonly in: string;
  readonly stem: (name: string) => string;
  readonly limits: Limits;
}

/** Whether bytes are a PDF as readers take one: "%PDF-" within the first 1024 bytes. */
function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes("%PDF-");
}

/**
 * A file a reader extracts: read as `--trust` reads it, the anchors looked for in its bytes, and, when it is a
 * PDF, opened as one (its attachments, file attachment annotations and /AF files, to MAX_NESTED_PDFS deep; a12
 * X1d: an anchor attached to an attached PDF is there only deflated). A PDF that cannot be read, or one deeper,
 * is said to be not searched.
 */
function attachedFile(list: List, bytes: Uint8Array, where: string, name: string, session: PkiSession, scope: Scope): void {
  list.file(bytes, where, name, session, true, scope.depth === 0);
  if (!isPdf(bytes)) return;
  if (scope.depth + 1 > MAX_NESTED_PDFS) {
    list.unreadFile(`${where} is a PDF inside ${scope.depth} attached PDF(s): its own files were not opened`);
    return;
  }
  if (!list.read()) return;
  let doc: PdfDocument;
  try {
    doc = parsePdf(wholeSource(bytes), scope.limits);
  } catch (e) {
    list.unreadFile(`${where} is a PDF that cannot be read (${errorMessage(e)}): its own files were not opened`);
    return;
  }
  const stem = name.replace(/\.pdf$/i, "");
  pdfFiles(list, doc, session, { depth: scope.depth + 1, where, in: `${where}, in it `, stem: (n) => `${stem}-${n}`, limits: scope.limits });
}

/** Every file a reader extracts from a PDF: its name tree's attachments, then every other file specification. */
function pdfFiles(list: List, doc: PdfDocument, session: PkiSession, scope: Scope): void {
  const attachments = embeddedParts(list, doc, session, scope);
  try {
    fileSpecParts(list, doc, attachments, session, scope);
  } catch (e) {
    list.unreadFile(`${scope.depth === 0 ? "the PDF's" : `${scope.where}'s`} other attached files cannot be read: ${errorMessage(e)}`);
  }
}

/**
 * Every other file a reader extracts (a9 X1c): the streams of each attachment's /EF but /F (/UF, /DOS, /Mac, /Unix:
 * pdf.js prefers /UF to /F), and the file specifications of every page's FileAttachment annotations (pdfdetach lists
 * and saves them) and of the catalog's and the pages' /AF arrays. Each stream once.
 */
function fileSpecParts(list: List, doc: PdfDocument, attachments: readonly EmbeddedFile[], session: PkiSession, scope: Scope): void {
  const view = doc.latest();
  const seen = new Set<string>();
  const specs: { spec: PdfObject; where: string; name?: string }[] = [];
  try {
    for (const f of attachments) {
      if (f.streamRef) seen.add(`${f.streamRef.num} ${f.streamRef.gen}`);
      specs.push({ spec: f.filespecRef ?? f.filespec, where: `${scope.in}the attachment ${quoted(f.name.text)}`, name: f.name.text });
    }
    for (const x of view.getArray(view.catalog(), "AF")?.items ?? []) specs.push({ spec: x, where: `${scope.in}the catalog's associated files` });
    walkPages(view).forEach((p, i) => {
      const page = p.ref ? view.resolve(p.ref) : undefined;
      if (page?.kind === "dict")
        for (const x of view.getArray(page, "AF")?.items ?? []) specs.push({ spec: x, where: `${scope.in}page ${i + 1}'s associated files` });
      for (const a of p.annots) {
        const annot = view.resolve(a);
        const fs = annot?.kind === "dict" && view.getName(annot, "Subtype") === "FileAttachment" ? rawGet(annot, "FS") : undefined;
        if (fs) specs.push({ spec: fs, where: `${scope.in}the file attachment annotation on page ${i + 1}` });
      }
    });
  } catch (e) {
    if (e instanceof LimitError) throw e;
    list.unreadFile(`${scope.depth === 0 ? "the PDF's" : `${scope.where}'s`} file specifications cannot all be listed: ${errorMessage(e)}`);
  }
  for (const { spec, where, name } of specs) {
    let fs;
    try {
      fs = view.resolve(spec);
    } catch (e) {
      if (e instanceof LimitError) throw e;
      continue;
    }
    if (fs?.kind !== "dict") continue;
    const given = view.getString(fs, "UF") ?? view.getString(fs, "F");
    const stem = name ?? (given ? pdfText(given.bytes).text : "attachment");
    for (const [key, value] of view.getDict(fs, "EF")?.entries ?? []) {
      if (value.kind === "ref") {
        const id = `${value.num} ${value.gen}`;
        if (seen.has(id)) continue;
        seen.add(id);
      }
      const at = `${where} (/EF ${pdfName(key)})`;
      let bytes: Uint8Array;
      try {
        const stream = view.resolve(value);
        if (stream?.kind !== "stream") continue;
        if (!list.read()) return;
        bytes = view.decode(stream);
      } catch (e) {
        if (e instanceof LimitError) throw e;
        list.unreadFile(`${at} cannot be decoded: ${errorMessage(e)}`);
        continue;
      }
      attachedFile(list, bytes, at, scope.stem(stem), session, scope);
    }
  }
}

function tokenParts(list: List, values: CarriedTokenValues, session: PkiSession): void {
  const [cert, ocsp] =
    values.form === "attachments"
      ? ["the token certificate attachment", "the OCSP response attachment"]
      : ["the token certificate in the JSON", "the OCSP response in the JSON"];
  if (values.certPem !== undefined) list.file(new TextEncoder().encode(values.certPem), cert, ATTACHMENT_NAMES.certPem, session);
  if (values.ocsp) list.ocsp(values.ocsp, ocsp, ATTACHMENT_NAMES.ocspBase64, session);
  else if (values.ocspBase64 !== undefined) {
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
  const list = new List(options.max ?? 1000, options.find, options.keysOf, options.limits);
  if (values) tokenParts(list, values, session);
  if (doc) {
    try {
      const sigs = options.signatures ?? findSignatures(doc.latest()).signatures;
      const { seal } = chooseSeal(sigs);
      sigs.forEach((s, i) =>
        signatureParts(list, s, s === seal, options.label?.(s, i) ?? s.fieldName ?? `signature-${i + 1}`, session, options.decoded?.get(s)),
      );
    } catch (e) {
      list.problems.push(`the PDF's signatures cannot be listed: ${errorMessage(e)}`);
    }
    dssParts(list, options.dss ?? readDssData(doc, session, options.max ?? 1000), session);
    pdfFiles(list, doc, session, { depth: 0, where: "the PDF", in: "", stem: (n) => n, limits: options.limits ?? DEFAULT_LIMITS });
  }
  if (options.json) list.strings(options.json);
  return list.done();
}
