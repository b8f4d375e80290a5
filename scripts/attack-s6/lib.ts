// Helpers of the attack-s6 scripts, on top of scripts/attack36/lib.ts (verify, dss, save, work): a DSS revision
// whose streams carry a chosen stream dictionary (a filter other readers decode), and P1c's scenario file.
import { NumberAllocator, appendUpdate, arr, dict, int, name, ref, withEntry, type NewObject } from "../../src/augment/writer.js";
import { parsePdf, readDss } from "../../src/input/pdf/index.js";
import { rawGet, type PdfObject } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { buildArchive } from "../generator/archive.js";
import { addDocumentTimestamp } from "../generator/attacks.js";
import { createOcspResponse } from "../generator/ocsp.js";
import { serialBytes } from "../generator/pki.js";
import { TIMELINE } from "../generator/timeline.js";
import { pki, scopedCrl } from "../attack36/lib.js";
import { derChildren, derLength, readTlv, type Tlv } from "../../src/pki/der.js";
import { bits, encode, explicit, implicitConstructed, raw, seq } from "../generator/der.js";
import { sign, type KeyObject } from "node:crypto";
import { PDFArray, PDFDict, PDFHexString, PDFName, type PDFRef } from "pdf-lib";
import { utf8Bytes } from "../generator/der.js";
import { appendIncrementalUpdate, loadForUpdate } from "../generator/incremental.js";

/** A DSS stream: DER (written as augment writes it, FlateDecode), or an object body written as is (`raw`, latin1). */
export type Stream = { readonly bytes: Uint8Array } | { readonly raw: string };

/** One LTV-only revision: the latest DSS (or a new one) with `add`'s streams appended, each with its own stream dictionary. */
export function withDssStreams(pdf: Uint8Array, add: { certs?: Stream[]; ocsps?: Stream[]; crls?: Stream[] }): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const old = readDss(view);
  const objects: NewObject[] = [];
  const refs = (kind: "certs" | "ocsps" | "crls"): PdfObject[] => [
    ...((old?.[kind] ?? []) as PdfObject[]),
    ...(add[kind] ?? []).map((s) => {
      const num = alloc.take();
      objects.push("raw" in s ? { num, raw: s.raw } : { num, stream: s.bytes });
      return ref(num);
    }),
  ];
  const certs = refs("certs");
  const ocsps = refs("ocsps");
  const crls = refs("crls");
  const catalogRaw = rawGet(view.trailer, "Root");
  if (catalogRaw?.kind !== "ref") throw new Error("no /Root reference");
  const catalog = view.catalog();
  const dssRaw = rawGet(catalog, "DSS");
  const oldDict = view.resolve(dssRaw);
  let d = oldDict?.kind === "dict" ? oldDict : dict({ Type: name("DSS") });
  d = withEntry(withEntry(withEntry(d, "Certs", arr(certs)), "OCSPs", arr(ocsps)), "CRLs", arr(crls));
  if (dssRaw?.kind === "ref" && oldDict?.kind === "dict") objects.push({ num: dssRaw.num, gen: dssRaw.gen, value: d });
  else {
    const num = alloc.take();
    objects.push({ num, value: d });
    objects.push({ num: catalogRaw.num, gen: catalogRaw.gen, value: withEntry(catalog, "DSS", ref(num)) });
  }
  return appendUpdate(doc, objects, alloc).bytes;
}

/** A stream object's body with `filter` and the encoded bytes as they are (latin1). */
export const rawStream = (filter: string, data: string): Stream => ({
  raw: `<< /Filter /${filter} /Length ${Buffer.byteLength(data, "latin1")} >>\nstream\n${data}\nendstream`,
});

/** ASCIIHexDecode (ISO 32000-1 §7.4.2): the bytes as hex pairs, ">" at the end. */
export const asciiHex = (der: Uint8Array): Stream =>
  rawStream(
    "ASCIIHexDecode",
    `${Buffer.from(der)
      .toString("hex")
      .replace(/(.{64})/g, "$1\n")}>`,
  );

/**
 * attack-s5 P1c's scenario: the seal key stolen, the CA revokes the seal at 08:06 (keyCompromise), the thief seals
 * at 08:36 with the CA's "good" of 07:36 in the CMS. `crl`: the CA's CRL of 2025-12-10 that lists the seal.
 */
export async function revokedSealed(): Promise<{ sealed: Uint8Array; crl: Uint8Array; compromise: Date }> {
  const P = pki();
  const sealing = TIMELINE.timestampAt;
  const compromise = new Date(sealing.getTime() - 30 * 60_000);
  const cmsGood = createOcspResponse({ subject: P.seal, issuer: P.sealRoot, responder: P.sealRoot, producedAt: new Date(sealing.getTime() - 3600_000) });
  const sealed = (await buildArchive(P, { seal: { revocation: { crls: [], ocsps: [cmsGood] } } })).pdf;
  const crl = scopedCrl({
    issuer: P.sealRoot,
    number: 42,
    thisUpdate: new Date("2025-12-10T08:36:38Z"),
    nextUpdate: new Date("2025-12-17T08:36:38Z"),
    revoked: [{ serial: serialBytes(P.seal), at: compromise }],
  });
  return { sealed, crl, compromise };
}

/** The archivist's revision: `crl` in a DSS (encoded by `enc`), then an archive timestamp of 2025-12-10 09:36:38 over it. */
export async function archivedWith(sealed: Uint8Array, crl: Stream): Promise<Uint8Array> {
  return addDocumentTimestamp(withDssStreams(sealed, { crls: [crl] }), pki(), new Date("2025-12-10T09:36:38Z"));
}

/**
 * A CMS ContentInfo (SignedData) with `extra` certificates put first (or `last`) in its certificates field, the rest as it was
 * (signed attributes, signature, unsigned attributes byte for byte): the certificate set lies outside every
 * signature of a CMS (RFC 5652 §5.1), so anyone may add to it. Trailing zero padding (a /Contents gap) is dropped.
 */
export function withCmsCertificates(contentInfo: Uint8Array, extra: Uint8Array[], last = false): Uint8Array {
  const top = readTlv(contentInfo, 0, contentInfo.length, true);
  if (!top || top.tag !== 0x30) throw new Error("not a ContentInfo");
  const ci = derChildren(contentInfo, top.body, top.end);
  const wrapped = ci?.[1];
  if (!ci || !wrapped || wrapped.tag !== 0xa0) throw new Error("no [0] content");
  const sd = readTlv(contentInfo, wrapped.body, wrapped.end);
  const parts = sd ? derChildren(contentInfo, sd.body, sd.end) : null;
  if (!sd || !parts) throw new Error("no SignedData");
  const bytes = (t: Tlv) => contentInfo.subarray(t.start, t.end);
  const certsAt = parts.findIndex((t) => t.tag === 0xa0);
  const certs = certsAt >= 0 ? (derChildren(contentInfo, parts[certsAt]!.body, parts[certsAt]!.end) ?? []).map(bytes) : [];
  const field = implicitConstructed(0, (last ? [...certs, ...extra] : [...extra, ...certs]).map(raw));
  const fields = parts.map((t, i) => (i === certsAt ? field : raw(bytes(t))));
  if (certsAt < 0) fields.splice(3, 0, field);
  return encode(seq(raw(bytes(ci[0]!)), explicit(0, seq(...fields))));
}

/**
 * `cert` (DER) with its issuer name replaced by `issuerName` (DER of a Name) and re-signed with `key`: the subject,
 * the public key and every extension as they were. Anyone can make one of any certificate: the public key is public,
 * and the signature is one's own.
 */
export function reissuedBy(cert: Uint8Array, issuerName: Uint8Array, key: KeyObject): Uint8Array {
  const top = readTlv(cert, 0, cert.length, true);
  const parts = top ? derChildren(cert, top.body, top.end) : null;
  const tbs = parts?.[0];
  const fields = tbs ? derChildren(cert, tbs.body, tbs.end) : null;
  if (!parts || !tbs || !fields) throw new Error("not a certificate");
  const bytes = (t: Tlv) => cert.subarray(t.start, t.end);
  const at = fields[0]!.tag === 0xa0 ? 3 : 2; // [0] version, serial, signature, issuer
  const newTbs = encode(seq(...fields.map((t, i) => raw(i === at ? issuerName : bytes(t)))));
  const alg = bytes(parts[1]!);
  const hash = { "2a864886f70d01010b": "sha256", "2a864886f70d01010c": "sha384", "2a864886f70d01010d": "sha512" }[
    Buffer.from(alg)
      .toString("hex")
      .match(/06092a864886f70d01010[bcd]/)?.[0]
      .slice(4) ?? ""
  ];
  if (!hash) throw new Error("only RSA PKCS#1 v1.5 with SHA-2 is re-signed here");
  return encode(seq(raw(newTbs), raw(alg), bits(new Uint8Array(sign(hash, newTbs, key)))));
}

/** a8 D3: one revision whose DSS has a VRI of `E` entries sharing one /OCSP array of `R` references to one junk stream. */
export function withRepeatedDss(pdf: Uint8Array, E: number, R: number): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const root = rawGet(view.trailer, "Root");
  if (root?.kind !== "ref") throw new Error("no /Root reference");
  const objects: NewObject[] = [];
  const junk = alloc.take();
  objects.push({ num: junk, stream: new Uint8Array([0x30, 0x03, 0x0a, 0x01, 0x03]) }); // an OCSPResponse "tryLater"
  const shared = alloc.take();
  objects.push({ num: shared, value: arr(Array.from({ length: R }, () => ref(junk))) });
  const vri: Record<string, PdfObject> = {};
  for (let i = 0; i < E; i++) vri[`K${i.toString(16).toUpperCase()}`] = dict({ OCSP: ref(shared) });
  const vriNum = alloc.take();
  objects.push({ num: vriNum, value: dict(vri) });
  const dssNum = alloc.take();
  objects.push({ num: dssNum, value: dict({ Type: name("DSS"), OCSPs: ref(shared), VRI: ref(vriNum) }) });
  objects.push({ num: root.num, gen: root.gen, value: withEntry(view.catalog(), "DSS", ref(dssNum)) });
  return appendUpdate(doc, objects, alloc).bytes;
}

/** One more revision that writes the DSS dictionary again, unchanged. */
export function withDssRewritten(pdf: Uint8Array): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const raw = rawGet(view.catalog(), "DSS");
  const d = view.resolve(raw);
  if (raw?.kind !== "ref" || d?.kind !== "dict") throw new Error("no DSS");
  return appendUpdate(doc, [{ num: raw.num, gen: raw.gen, value: d }], alloc).bytes;
}

/** a8 W5: `base` plus one revision adding a fourth embedded file named `name` to the name tree. */
export async function withAttachmentNamed(base: Uint8Array, name: string): Promise<Uint8Array> {
  const doc = await loadForUpdate(base);
  const ctx = doc.context;
  const objects: { num: number; gen?: number; body: Parameters<typeof ctx.register>[0] }[] = [];
  const add = (o: Parameters<typeof ctx.register>[0]): PDFRef => {
    const ref = ctx.register(o);
    objects.push({ num: ref.objectNumber, body: o });
    return ref;
  };
  const treeRef = doc.catalog.lookup(PDFName.of("Names"), PDFDict).get(PDFName.of("EmbeddedFiles")) as PDFRef;
  const tree = (ctx.lookup(treeRef) as PDFDict).clone(ctx);
  const bytes = utf8Bytes("added after sealing\n");
  const stream = add(ctx.flateStream(bytes, { Type: "EmbeddedFile", Params: { Size: bytes.length } }));
  const spec = add(ctx.obj({ Type: "Filespec", F: PDFHexString.fromText(name), UF: PDFHexString.fromText(name), EF: { F: stream } }));
  const arr = tree.lookup(PDFName.of("Names"), PDFArray).clone(ctx);
  arr.push(PDFHexString.fromText(name));
  arr.push(spec);
  tree.set(PDFName.of("Names"), arr);
  objects.push({ num: treeRef.objectNumber, gen: treeRef.generationNumber, body: tree });
  return appendIncrementalUpdate(base, { objects, xref: "table" }).bytes;
}

/** One LTV-only revision giving the catalog a /DSS of an odd shape (no item at all): what verify reads past. */
export function oddDss(pdf: Uint8Array, shape: "dss-number" | "ocsps-number" | "vri-number" | "vri-entry-number" | string): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const root = rawGet(view.trailer, "Root");
  if (root?.kind !== "ref") throw new Error("no /Root reference");
  const objects: NewObject[] = [];
  let value: PdfObject = int(5);
  if (shape !== "dss-number") {
    const key = shape === "ocsps-number" ? "OCSPs" : "VRI";
    const num = alloc.take();
    objects.push({ num, value: withEntry(dict({ Type: name("DSS") }), key, shape === "vri-entry-number" ? dict({ ABC: int(3) }) : int(7)) });
    value = ref(num);
  }
  objects.push({ num: root.num, gen: root.gen, value: withEntry(view.catalog(), "DSS", value) });
  return appendUpdate(doc, objects, alloc).bytes;
}

/** ASCII85 (ISO 32000-1 §7.4.3): 4 bytes as 5 characters from "!", "z" for four zeros, "~>" at the end. */
export function ascii85(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 4) {
    const n4 = Math.min(4, b.length - i);
    let n = [0, 1, 2, 3].reduce((acc, k) => acc * 256 + (b[i + k] ?? 0), 0);
    if (n === 0 && n4 === 4) {
      s += "z";
      continue;
    }
    const d: string[] = [];
    for (let k = 0; k < 5; k++) {
      d.unshift(String.fromCharCode(33 + (n % 85)));
      n = Math.floor(n / 85);
    }
    s += d.join("").slice(0, n4 + 1);
  }
  return `${s}~>`;
}

/** RunLengthDecode (§7.4.5): literal runs of up to 128 bytes, 128 at the end. */
export function runLength(b: Uint8Array): string {
  const out: number[] = [];
  for (let i = 0; i < b.length; i += 128) {
    const run = b.subarray(i, i + 128);
    out.push(run.length - 1, ...run);
  }
  out.push(128);
  return Buffer.from(out).toString("latin1");
}

/** How `toBer` re-frames DER as BER (a10): contents unchanged, so a signature over the DER still verifies in BER readers. */
export type BerStyle = "indefinite" | "long" | "split";

/**
 * The DER re-written in BER: every constructed value in indefinite length ("indefinite"), every length in 5
 * bytes ("long"), or every BIT STRING and OCTET STRING longer than 16 bytes split into segments ("split").
 * `depth` levels only (1: the outer value's framing), the rest as DER.
 */
export function toBer(der: Uint8Array, style: BerStyle, depth = Infinity): Uint8Array {
  const len = (n: number) => (style === "long" ? [0x84 + 1, 0, n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] : derLength(n));
  const one = (t: Tlv, level: number): number[] => {
    const body = der.subarray(t.body, t.end);
    if (level > depth) return [...der.subarray(t.start, t.end)];
    if (t.tag & 0x20) {
      const inner = (derChildren(der, t.body, t.end) ?? []).flatMap((c) => one(c, level + 1));
      return style === "indefinite" ? [t.tag, 0x80, ...inner, 0, 0] : [t.tag, ...len(inner.length), ...inner];
    }
    if (style !== "split" || (t.tag !== 0x03 && t.tag !== 0x04) || body.length <= 16) return [t.tag, ...len(body.length), ...body];
    const segments: number[] = [];
    const data = t.tag === 0x03 ? body.subarray(1) : body;
    for (let i = 0; i < data.length; i += 16) {
      const chunk = [...data.subarray(i, i + 16)];
      const last = i + 16 >= data.length;
      const seg = t.tag === 0x03 ? [last ? body[0]! : 0, ...chunk] : chunk;
      segments.push(t.tag, ...derLength(seg.length), ...seg);
    }
    return [t.tag | 0x20, 0x80, ...segments, 0, 0];
  };
  return Uint8Array.from(one(readTlv(der, 0, der.length)!, 1));
}
