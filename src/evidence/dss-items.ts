// The validation data of every revision's Document Security Store (ETSI EN 319 142-1 §5.4.2), read item by
// item: the one reading verify's stages, long-term validation, augment and the carried-certificate list
// (extract, trust-anchors) share, so no two of them can read one DSS differently (attack-s5 P1c).
//
// - Every revision's DSS counts: EU DSS keeps each revision's DSS for the timestamps after it, and a later
//   revision may drop DSS items (PAdES allows it), so what an archive timestamp once covered stays evidence
//   (attack36 P1). A stream listed again (by the same or a later DSS, unchanged) is read once, keyed by the
//   revision whose cross-reference entry defines it; an item's bytes are read as that revision defines them.
// - An item that cannot be read (not a reference, not a stream, a stream that does not decode, bytes without
//   the shape of its kind, a DER its decoder refuses) is that item's problem: named (revision, array, index,
//   object) and said nothing of; the other items still count. No catch turns "could not read" into "nothing
//   there" for more than the one item.
// - A revocation item that may hold what a reference reader reads (a stream this reader cannot decode, bytes
//   with the outline BouncyCastle reads as an OCSP response or CRL that its decoder refuses: readerMayRead) is also `unread`: it cannot say nothing,
//   so the checks that rest on the DSS's revocation data stay "not decided" unless what was read already fails
//   (attack-s6 G1). Junk without the shape of its kind, and entries that are no stream, say nothing.
// - DER followed by more bytes (padding, a line end inside /Length) is read as the DER, as BouncyCastle (EU DSS)
//   and asn1crypto read it (attack-s6 G1): a signature covers the DER alone. BER framing (indefinite lengths,
//   long or non-minimal length forms) is re-framed as DER and read, as BouncyCastle reads it (a10); what then
//   fails to decode is `unread` when it has the outline a reference reader reads (readerMayRead), junk otherwise.
// - Only items that decode as their kind count against `maxValidationDataItems` (junk is no validation data and
//   must not make a genuine archive fail), and the certificates' ASN.1 values together against
//   `maxAsn1Nodes`. A limit reached is "not decided" (`limit`), never "no data": reading stops there, and the
//   checks that rest on the DSS say INDETERMINATE naming the limit. An OCSP response or CRL past the decode limits
//   on its own is that item's problem, as in a CMS: `unread` with a reader's outline, junk otherwise.
// - Whether an `unread` item keeps the status undecided is the one rule's (seal-certificate, pki/reader-proof.ts):
//   only when its issuer signed it (a13 U2's rest); its bytes are kept for that. A stream this reader cannot decode
//   has no bytes of its own: what a lenient reader reads of it stands in (h10b, Reading.undecodable), and with
//   none of its kind it is junk, named and ignored (EU DSS reads nothing there either).
import type * as pkijs from "pkijs";
import { LimitError, errorMessage } from "../errors.js";
import type { PdfDocument, PdfView } from "../input/pdf/index.js";
import { LenientBudgetError, lossless } from "../input/pdf/filters.js";
import { type PdfDict, type PdfObject, type PdfStream, rawGet } from "../input/pdf/objects.js";
import { listedCertificate, type ListedBudget } from "../pki/certificate.js";
import { decodeCrl } from "../pki/crl.js";
import { readerMayRead, revocationItemDer } from "../pki/ber.js";
import { derChildren, derFramed, readTlv } from "../pki/der.js";
import { decodeOcsp } from "../pki/ocsp.js";
import type { PkiSession } from "../pki/session.js";
import { quoteName } from "../report/quoted-name.js";

/** Where a DSS item is listed: "revision 3 /DSS /OCSPs [1] (object 45 0 R)". */
export interface DssPlace {
  /** 1-based, as reports count revisions. */
  readonly revision: number;
  /** "/DSS /OCSPs", "/DSS /VRI /<key> /Cert", ... */
  readonly array: string;
  readonly index: number;
  readonly ref?: { readonly num: number; readonly gen: number };
}

export interface DssItem {
  readonly der: Uint8Array;
  readonly where: DssPlace;
}

/** The DSS validation data of every revision, each item once (by its bytes), and what could not be read. */
export interface DssData {
  /** Certificates (decoded), OCSP responses and CRLs (DER that decodes as such), as the checks take them. */
  readonly certs: pkijs.Certificate[];
  readonly ocsps: Uint8Array[];
  readonly crls: Uint8Array[];
  /** The same items with where each is listed (first listing), and VRI timestamp tokens (undecoded). */
  readonly listed: { readonly certs: DssItem[]; readonly ocsps: DssItem[]; readonly crls: DssItem[]; readonly timestamps: DssItem[] };
  /** Items that could not be read, each named, in file order: said nothing of. */
  readonly problems: string[];
  /**
   * Of `problems`, the OCSP responses and CRLs a reference reader may read (a stream that does not decode here,
   * a refused DER of the right shape): not decided, never "said nothing" (attack-s6 G1), unless their bytes show
   * that no issuer signed them (seal-certificate, pki/reader-proof.ts: a13 U2's rest).
   */
  readonly unread: UnreadItem[];
  /** A limit reached while reading (message naming it): what the DSS says is not all read, so not decided. */
  readonly limit?: string;
}

/** A revocation item that cannot be read here, named; with its bytes when they could be read (`der`). */
export interface UnreadItem {
  readonly text: string;
  readonly kind: "ocsp" | "crl";
  readonly der?: Uint8Array;
}

type Kind = "certs" | "ocsps" | "crls" | "timestamps";
/** Names an item's problem; `undecided`: kept for the one rule (an OCSP response or CRL), with its bytes when known. */
type Problem = (why: string, undecided?: boolean, bytes?: Uint8Array) => void;
const NOUN: Record<Kind, string> = { certs: "certificate", ocsps: "OCSP response", crls: "CRL", timestamps: "timestamp token" };

/** "revision 3 /DSS /OCSPs [1] (object 45 0 R)" */
export function dssPlace(p: DssPlace): string {
  return `revision ${p.revision} ${p.array} [${p.index}]${p.ref ? ` (object ${p.ref.num} ${p.ref.gen} R)` : ""}`;
}

/**
 * The bytes have the outer shape of their kind, read cheaply before any decoder runs: an OCSPResponse is a
 * SEQUENCE starting with an ENUMERATED (RFC 6960 §4.2.1); a certificate and a CRL are a SEQUENCE of a
 * SEQUENCE, a SEQUENCE and a BIT STRING (RFC 5280 §4.1, §5.1); a timestamp token a SEQUENCE. The DER's length
 * (the bytes after it are not the item's), or null.
 */
function shapeOf(der: Uint8Array, kind: Kind): number | null {
  const top = readTlv(der, 0, der.length, true);
  if (!top || top.tag !== 0x30) return null;
  if (kind === "timestamps") return top.end;
  const parts = derChildren(der, top.body, top.end);
  if (!parts) return null;
  if (kind === "ocsps") return parts[0]?.tag === 0x0a && parts.length <= 2 ? top.end : null;
  return parts.length === 3 && parts[0]!.tag === 0x30 && parts[1]!.tag === 0x30 && parts[2]!.tag === 0x03 ? top.end : null;
}

/** Bytes inflated over one DSS reading to learn what lenient readers read of undecodable streams, in maxDecodedStreamBytes. */
const LENIENT_BUDGET_STREAMS = 2;

/** BER values re-framed over one DSS reading, in multiples of maxAsn1Nodes (a11 D3b): ~0.3 s each. */
const BER_BUDGET_NODES = 2;

/** The bytes begin as their kind in BER: a SEQUENCE (any length form) whose first value has the kind's tag. */
function berBegins(der: Uint8Array, kind: Kind): boolean {
  const l = der[1] ?? 0;
  const first = der[2 + (l > 0x80 ? l & 0x7f : 0)];
  return der[0] === 0x30 && (kind === "timestamps" || first === (kind === "ocsps" ? 0x0a : 0x30));
}

class Reading {
  readonly certs: pkijs.Certificate[] = [];
  readonly ocsps: Uint8Array[] = [];
  readonly crls: Uint8Array[] = [];
  readonly listed = { certs: [] as DssItem[], ocsps: [] as DssItem[], crls: [] as DssItem[], timestamps: [] as DssItem[] };
  readonly problems: string[] = [];
  readonly unread: UnreadItem[] = [];
  limit: string | undefined;
  /** Streams read, by "num gen@defining revision". */
  private readonly streams = new Set<string>();
  /** Indirect containers walked (DSS, VRI, VRI entries, arrays), by "num gen@defining revision". */
  private readonly walked = new Set<string>();
  /** Items kept, by kind and bytes. */
  private readonly kept = new Set<string>();
  private counted = 0;
  /** ASN.1 values re-framed from BER, over the whole reading (BER_BUDGET_NODES). */
  private readonly berSpent = { values: 0 };
  private readonly budget: ListedBudget = { values: 0 };
  /** Bytes inflated to learn what lenient readers read of undecodable streams, over the whole reading. */
  private readonly lenientSpent: { spent: number; readonly max: number };
  constructor(
    private readonly session: PkiSession,
    private readonly max: number,
    streamBytes: number,
  ) {
    this.lenientSpent = { spent: 0, max: LENIENT_BUDGET_STREAMS * streamBytes };
  }

  get stopped(): boolean {
    return this.limit !== undefined && this.counted > this.max;
  }

  private reached(e: LimitError): void {
    this.limit ??= e.message;
  }

  /** One entry of a DSS array: read, shaped, decoded; a problem of its own when it cannot be. */
  item(view: PdfView, kind: Kind, entry: PdfObject, where: DssPlace): void {
    if (this.stopped) return;
    const noun = NOUN[kind];
    const problem: Problem = (why, undecided = false, bytes) => {
      const text = `${dssPlace(where)}: the ${noun} ${why}`;
      this.problems.push(text);
      if (undecided && (kind === "ocsps" || kind === "crls"))
        this.unread.push({ text, kind: kind === "ocsps" ? "ocsp" : "crl", ...(bytes ? { der: bytes } : {}) });
    };
    if (entry.kind !== "ref") return void problem(`is not a reference to a stream (a direct ${entry.kind})`);
    const key = `${entry.num} ${entry.gen}@${view.entry(entry.num)?.revision ?? where.revision - 1}`;
    if (this.streams.has(key)) return;
    this.streams.add(key);
    let der: Uint8Array;
    let stream: PdfStream | undefined;
    try {
      const o = view.object(entry);
      if (o?.value.kind !== "stream") return void problem(o ? `is not a stream (a ${o.value.kind})` : "is not in the file");
      stream = o.value;
      der = view.decode(stream);
    } catch (e) {
      if (e instanceof LimitError) return void this.reached(e);
      if (!stream || (kind !== "ocsps" && kind !== "crls")) return void problem(`does not decode: ${errorMessage(e)}`);
      return void this.undecodable(view, kind, stream, `does not decode: ${errorMessage(e)}`, problem);
    }
    const end = shapeOf(der, kind);
    if (end !== null) der = der.subarray(0, end);
    else {
      // BER framing read as BouncyCastle (EU DSS) reads it: the DER it re-frames to, judged (a10). Only what begins
      // as its kind, and within one budget of values for the whole DSS (a11 D3b: 50 junk streams of 200,000 values
      // each took 19 s): past it, or past the limits, such an item is not read, so not decided when it may be
      // revocation data (a reader may read it), junk otherwise.
      const begins = berBegins(der, kind);
      const undecided = begins && (kind === "ocsps" || kind === "crls");
      if (!begins) return void problem(`does not have the shape of ${noun.startsWith("OCSP") ? "an" : "a"} ${noun}, in DER or BER`);
      if (this.berSpent.values > BER_BUDGET_NODES * this.session.limits.maxAsn1Nodes)
        return void problem("is in BER and past the budget of BER values this reading re-frames", undecided, der);
      let framed;
      try {
        framed = derFramed(der, this.session.limits, dssPlace(where), this.berSpent);
      } catch (e) {
        if (!(e instanceof LimitError)) throw e;
        return void problem(`cannot be re-framed from BER: ${errorMessage(e)}`, undecided, der);
      }
      if (!framed || shapeOf(framed.der, kind) !== framed.der.length)
        return void problem(`does not have the shape of ${noun.startsWith("OCSP") ? "an" : "a"} ${noun}, in DER or BER`);
      der = framed.der;
    }
    if (kind === "ocsps" || kind === "crls") {
      // The signed parts in DER too (an OCSP response's BasicOCSPResponse), as BouncyCastle verifies them (a11 G1b).
      try {
        der = revocationItemDer(kind === "ocsps" ? "ocsp" : "crl", der, this.session.limits, dssPlace(where));
      } catch (e) {
        if (!(e instanceof LimitError)) throw e;
        // Past the limits on its own: that item's problem (below), read as it came.
        return void problem(`cannot be read within the limits: ${errorMessage(e)}`, readerMayRead(kind === "ocsps" ? "ocsp" : "crl", der), der);
      }
    }
    const bytesKey = `${kind}:${Buffer.from(der).toString("base64")}`;
    if (this.kept.has(bytesKey)) return;
    try {
      if (kind === "certs") {
        // The shape first, counted cheaply, and one budget of ASN.1 values for all the DSS certificates before
        // asn1js decodes any (attack-round2 finding 4: 30 crafted ones took 25 s).
        const cert = listedCertificate(der, "a DSS certificate", this.session, this.budget);
        if (!cert) return void problem("is not plain DER, or has more ASN.1 values than a certificate");
        this.certs.push(cert);
      } else if (kind === "ocsps") {
        decodeOcsp(der, this.session);
        this.ocsps.push(der);
      } else if (kind === "crls") {
        decodeCrl(der, this.session);
        this.crls.push(der);
      }
    } catch (e) {
      // A revocation item past the limits on its own is that item's problem, as in a CMS (cms-unsigned.ts): unread
      // when a reader may read it (its issuer's signature decides that: seal-certificate), junk otherwise; never
      // the whole DSS's "not all read" (anyone may append one: 70 nested SEQUENCEs in a CRL's extensions).
      if (e instanceof LimitError && (kind === "ocsps" || kind === "crls"))
        return void problem(`cannot be read within the limits: ${errorMessage(e)}`, readerMayRead(kind === "ocsps" ? "ocsp" : "crl", der), der);
      if (e instanceof LimitError) return void this.reached(e);
      // Refused here: undecided only with the outline a reference reader reads (a13 U2), junk otherwise.
      return void problem(
        `cannot be decoded: ${errorMessage(e)}`,
        kind !== "certs" && kind !== "timestamps" && readerMayRead(kind === "ocsps" ? "ocsp" : "crl", der),
        der,
      );
    }
    this.kept.add(bytesKey);
    this.listed[kind].push({ der, where });
    if (kind === "timestamps") return;
    if (++this.counted > this.max) {
      this.limit = new LimitError("maxValidationDataItems", `the DSS holds more than ${this.max} certificates, OCSP responses and CRLs`).message;
    }
  }

  /**
   * An OCSP response or CRL stream this reader cannot decode (h10b): a stream with no bytes proves nothing, so
   * what matters is what a reader that decodes leniently reads of it (PDFBox in EU DSS, qpdf: each filter's output
   * up to its first error, /Crypt's identity; filters.ts). Those bytes, when they hold the outline of the kind (in
   * DER, or BER re-framed), are `unread` with them, and the one rule decides (seal-certificate: undecided only when
   * their issuer signed them); anything else is junk, named and ignored: an unknown or image filter (no reader
   * reads an OCSP response out of /DCTDecode: measured), data broken from its start. Past the lenient reading's
   * budget (a bomb), nothing is learnt: `unread` without bytes, so not decided (as before).
   */
  private undecodable(view: PdfView, kind: "ocsps" | "crls", stream: PdfStream, why: string, problem: Problem): void {
    const noun = NOUN[kind];
    const a = noun.startsWith("OCSP") ? "an" : "a";
    let bytes: Uint8Array;
    try {
      bytes = view.decode(stream, { lenient: this.lenientSpent });
    } catch (e) {
      if (e instanceof LenientBudgetError || e instanceof LimitError)
        return void problem(`${why}; what lenient readers read of it is not learnt (${errorMessage(e)})`, true);
      const more = errorMessage(e);
      // Junk only through a filter no reader gets the bytes back from (DCTDecode, lossy; an unknown name). Anything
      // else PDFBox may read where this reader stops: a predictor, its parameters, /EarlyChange, a /Crypt (a25 L1: a
      // CA's "revoked" CRL under /Predictor 1.0, REVOKED_NO_POE in EU DSS), a lossless image coding (a27 C1:
      // /CCITTFaxDecode): not decided, as a stream with no bytes is.
      const names = filterNames(stream.dict);
      if (names !== null && names.some((n) => !lossless(n)))
        return void problem(`${why}, and no reader reads ${a} ${noun} out of it${why.endsWith(more) ? "" : ` (${more})`}`);
      return void problem(`${why}; what lenient readers read of it is not learnt: they may read on where this reader stops (${more})`, true);
    }
    const read = `${why}; what lenient readers (PDFBox, qpdf) read of it`;
    let der: Uint8Array | null = null;
    const end = shapeOf(bytes, kind);
    if (end !== null) der = bytes.subarray(0, end);
    else if (berBegins(bytes, kind) && this.berSpent.values <= BER_BUDGET_NODES * this.session.limits.maxAsn1Nodes) {
      try {
        const framed = derFramed(bytes, this.session.limits, "a DSS item", this.berSpent);
        if (framed && shapeOf(framed.der, kind) === framed.der.length) der = framed.der;
      } catch (e) {
        if (!(e instanceof LimitError)) throw e;
        return void problem(`${read} cannot be re-framed from BER: ${errorMessage(e)}`, true, bytes);
      }
    }
    const item = kind === "ocsps" ? "ocsp" : "crl";
    if (!der) {
      // Not the shape of its kind; kept for the rule when BouncyCastle's outline is there (readerMayRead), junk otherwise.
      const outline = readerMayRead(item, bytes);
      return void problem(`${read} (${bytes.length} bytes) does not have the shape of ${a} ${noun}`, outline, outline ? bytes : undefined);
    }
    try {
      der = revocationItemDer(item, der, this.session.limits, "a DSS item");
    } catch (e) {
      if (!(e instanceof LimitError)) throw e;
    }
    // Read by a reader that this one cannot follow: never data here, so the one rule decides (its issuer's signature).
    return void problem(`${read} is ${a} ${noun} (${der.length} bytes)`, true, der);
  }

  /**
   * False when `raw` is a reference to a container already walked as its revision defines it: one array shared
   * by 20,000 VRI entries, or a DSS listed again by 255 revisions, is walked once (a8 D3: 79 s, hours at the
   * revision limit). What is left to walk is what each revision wrote: linear in the file's size.
   */
  private once(view: PdfView, raw: PdfObject | undefined, revision: number): boolean {
    if (raw?.kind !== "ref") return true;
    const key = `${raw.num} ${raw.gen}@${view.entry(raw.num)?.revision ?? revision - 1}`;
    if (this.walked.has(key)) return false;
    this.walked.add(key);
    return true;
  }

  /** The entries of one array of a DSS (or VRI) dictionary. */
  array(view: PdfView, kind: Kind, d: PdfDict, key: string, where: string, revision: number): void {
    let items: readonly PdfObject[];
    if (!this.once(view, rawGet(d, key), revision)) return;
    try {
      const a = view.resolve(rawGet(d, key));
      if (a === undefined) return;
      if (a.kind !== "array") {
        this.problems.push(`revision ${revision} ${where} /${key} is a ${a.kind}, not an array`);
        return;
      }
      items = a.items;
    } catch (e) {
      if (e instanceof LimitError) return void this.reached(e);
      this.problems.push(`revision ${revision} ${where} /${key} cannot be read: ${errorMessage(e)}`);
      return;
    }
    items.forEach((entry, index) =>
      this.item(view, kind, entry, { revision, array: `${where} /${key}`, index, ...(entry.kind === "ref" ? { ref: entry } : {}) }),
    );
  }

  /** One revision's DSS: its arrays, then each VRI entry's. */
  revision(view: PdfView, revision: number): void {
    let dss: PdfDict | undefined;
    let vri: [string, PdfObject][] = [];
    try {
      const raw = rawGet(view.catalog(), "DSS");
      if (!this.once(view, raw, revision)) return;
      const o = view.resolve(raw);
      if (o === undefined) return;
      if (o.kind !== "dict") {
        this.problems.push(`revision ${revision} /DSS is a ${o.kind}, not a dictionary`);
        return;
      }
      dss = o;
      const vraw = rawGet(o, "VRI");
      const v = this.once(view, vraw, revision) ? view.resolve(vraw) : undefined;
      if (v?.kind === "dict") vri = [...v.entries];
      else if (v !== undefined) this.problems.push(`revision ${revision} /DSS /VRI is a ${v.kind}, not a dictionary`);
    } catch (e) {
      if (e instanceof LimitError) return void this.reached(e);
      this.problems.push(`revision ${revision} /DSS cannot be read: ${errorMessage(e)}`);
      return;
    }
    this.array(view, "certs", dss, "Certs", "/DSS", revision);
    this.array(view, "ocsps", dss, "OCSPs", "/DSS", revision);
    this.array(view, "crls", dss, "CRLs", "/DSS", revision);
    for (const [key, value] of vri) {
      let d;
      if (!this.once(view, value, revision)) continue;
      try {
        d = view.resolve(value);
      } catch (e) {
        if (e instanceof LimitError) return void this.reached(e);
        this.problems.push(`revision ${revision} /DSS /VRI ${quoteName(key)} cannot be read: ${errorMessage(e)}`);
        continue;
      }
      if (d === undefined) continue;
      if (d.kind !== "dict") {
        this.problems.push(`revision ${revision} /DSS /VRI ${quoteName(key)} is a ${d.kind}, not a dictionary`);
        continue;
      }
      const where = `/DSS /VRI ${quoteName(key)}`;
      this.array(view, "certs", d, "Cert", where, revision);
      this.array(view, "ocsps", d, "OCSP", where, revision);
      this.array(view, "crls", d, "CRL", where, revision);
      const ts = rawGet(d, "TS");
      if (ts) this.item(view, "timestamps", ts, { revision, array: `${where} /TS`, index: 0, ...(ts.kind === "ref" ? { ref: ts } : {}) });
    }
  }
}

/**
 * The validation data of every revision's DSS, item by item (see the head of this file). Never throws for
 * what the file holds: an unreadable item is a problem, a limit reached is `limit`. `max`: the limits'
 * maxValidationDataItems.
 */
export function readDssData(doc: PdfDocument, session: PkiSession, max: number): DssData {
  const r = new Reading(session, max, doc.limits.maxDecodedStreamBytes);
  for (let i = 0; i < doc.revisions.length && !r.stopped; i++) {
    let view: PdfView;
    try {
      view = doc.at(i);
    } catch (e) {
      if (e instanceof LimitError) {
        r.limit ??= e.message;
        break;
      }
      r.problems.push(`revision ${i + 1} cannot be read: ${errorMessage(e)}`);
      continue;
    }
    r.revision(view, i + 1);
  }
  return {
    certs: r.certs,
    ocsps: r.ocsps,
    crls: r.crls,
    listed: r.listed,
    problems: r.problems,
    unread: r.unread,
    ...(r.limit !== undefined ? { limit: r.limit } : {}),
  };
}

/** The problems in a sentence's worth of words: the first few named, the rest counted. */
export function dssProblemsText(problems: readonly string[], shown = 3): string {
  const named = problems.slice(0, shown).join("; ");
  return problems.length > shown ? `${named}; and ${problems.length - shown} more` : named;
}

/** A stream's /Filter as names (one name, or an array of names), or null when it is neither. */
function filterNames(dict: PdfDict): string[] | null {
  const f = dict.entries.get("Filter");
  if (f?.kind === "name") return [f.value];
  if (f?.kind === "array" && f.items.every((x) => x.kind === "name")) return f.items.map((x) => (x as { value: string }).value);
  return null;
}
