// Helpers of the attack-s8 scripts (a11), on top of scripts/attack36/lib.ts (verify, show, dss, save, work,
// sealGap, withSealContents) and scripts/attack-s6/lib.ts: CMS SignedData rewritten in its unsigned fields only.
import { withContentsIn } from "../attack36/lib.js";
import { derChildren, readTlv, type Tlv } from "../../src/pki/der.js";
import * as asn1js from "asn1js";
import { createPublicKey, randomBytes, type KeyObject } from "node:crypto";
import { NumberAllocator, appendUpdate, arr, dict, int, name, ref, withEntry, type NewObject } from "../../src/augment/writer.js";
import { parsePdf, walkPages } from "../../src/input/pdf/index.js";
import { rawGet } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";
import { locateSignature, sealPrepared } from "../generator/pdf.js";
import type { TestPki } from "../generator/pki.js";
import { encode, explicit, implicitConstructed, raw, seq } from "../generator/der.js";

/**
 * A CMS ContentInfo (SignedData) with `extra` (DER of whole elements) appended to its `[0] certificates` (tag 0xa0)
 * or `[1] crls` (0xa1) field, created when absent; every other field byte for byte. Both fields lie outside every
 * signature of the CMS (RFC 5652 §5.1), so anyone may add to them. Trailing zero padding is dropped.
 */
export function withCmsField(contentInfo: Uint8Array, tag: 0xa0 | 0xa1, extra: Uint8Array[], first = false): Uint8Array {
  const top = readTlv(contentInfo, 0, contentInfo.length, true);
  if (!top || top.tag !== 0x30) throw new Error("not a ContentInfo");
  const ci = derChildren(contentInfo, top.body, top.end);
  const wrapped = ci?.[1];
  if (!ci || !wrapped || wrapped.tag !== 0xa0) throw new Error("no [0] content");
  const sd = readTlv(contentInfo, wrapped.body, wrapped.end);
  const parts = sd ? derChildren(contentInfo, sd.body, sd.end) : null;
  if (!sd || !parts) throw new Error("no SignedData");
  const bytes = (t: Tlv) => contentInfo.subarray(t.start, t.end);
  const at = parts.findIndex((t) => t.tag === tag);
  const old = at >= 0 ? (derChildren(contentInfo, parts[at]!.body, parts[at]!.end) ?? []).map(bytes) : [];
  const field = implicitConstructed(tag & 0x1f, (first ? [...extra, ...old] : [...old, ...extra]).map(raw));
  const fields = parts.map((t, i) => (i === at ? field : raw(bytes(t))));
  if (at < 0) {
    // version, digestAlgorithms, encapContentInfo, [0] certificates, [1] crls, signerInfos
    const certsAt = parts.findIndex((t) => t.tag === 0xa0);
    fields.splice(tag === 0xa0 ? 3 : certsAt >= 0 ? certsAt + 1 : 3, 0, field);
  }
  return encode(seq(raw(bytes(ci[0]!)), explicit(0, seq(...fields))));
}

/** The last signature's /Contents gap (a document timestamp appended last): the bytes no signature covers. */
export function lastGap(pdf: Uint8Array): { start: number; end: number; der: Uint8Array } {
  const text = Buffer.from(pdf).toString("latin1");
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const m = all.at(-1);
  if (!m) throw new Error("no /ByteRange");
  const start = Number(m[1]);
  const end = Number(m[2]);
  return { start, end, der: new Uint8Array(Buffer.from(text.slice(start + 1, end - 1), "hex")) };
}

/** `pdf` with the last signature's /Contents replaced by `der`, zero-padded to the same length. */
export function withLastContents(pdf: Uint8Array, der: Uint8Array): Uint8Array {
  return withContentsIn(pdf, lastGap(pdf), der);
}

/** The DER of a CMS ContentInfo's SignedData fields, and a function writing it back with new fields. */
function signedDataFields(contentInfo: Uint8Array): { fields: Uint8Array[]; rebuild: (fields: Uint8Array[]) => Uint8Array } {
  const top = readTlv(contentInfo, 0, contentInfo.length, true);
  if (!top || top.tag !== 0x30) throw new Error("not a ContentInfo");
  const ci = derChildren(contentInfo, top.body, top.end);
  const wrapped = ci?.[1];
  if (!ci || !wrapped || wrapped.tag !== 0xa0) throw new Error("no [0] content");
  const sd = readTlv(contentInfo, wrapped.body, wrapped.end);
  const parts = sd ? derChildren(contentInfo, sd.body, sd.end) : null;
  if (!sd || !parts) throw new Error("no SignedData");
  const oid = contentInfo.subarray(ci[0]!.start, ci[0]!.end);
  return {
    fields: parts.map((t) => contentInfo.subarray(t.start, t.end)),
    rebuild: (fields) => encode(seq(raw(oid), explicit(0, seq(...fields.map(raw))))),
  };
}

/**
 * A CMS ContentInfo whose first SignerInfo gains `attribute` (DER of an Attribute) among its unsigned attributes
 * (`[1] unsignedAttrs`, created when absent): outside the signature (RFC 5652 §5.3), so anyone may add one.
 */
export function withUnsignedAttribute(contentInfo: Uint8Array, attribute: Uint8Array): Uint8Array {
  const { fields, rebuild } = signedDataFields(contentInfo);
  const infos = fields.at(-1)!;
  const setTlv = readTlv(infos, 0, infos.length)!;
  const sis = derChildren(infos, setTlv.body, setTlv.end)!;
  const si = infos.subarray(sis[0]!.start, sis[0]!.end);
  const siTlv = readTlv(si, 0, si.length)!;
  const siParts = derChildren(si, siTlv.body, siTlv.end)!.map((t) => si.subarray(t.start, t.end));
  const last = siParts.at(-1)!;
  if (last[0] === 0xa1) {
    const t = readTlv(last, 0, last.length)!;
    const attrs = derChildren(last, t.body, t.end)!.map((x) => last.subarray(x.start, x.end));
    siParts[siParts.length - 1] = encode(implicitConstructed(1, [...attrs, attribute].map(raw)));
  } else siParts.push(encode(implicitConstructed(1, [raw(attribute)])));
  const newSi = encode(seq(...siParts.map(raw)));
  const rest = sis.slice(1).map((t) => raw(infos.subarray(t.start, t.end)));
  return rebuild([...fields.slice(0, -1), encode(new asn1js.Set({ value: [raw(newSi), ...rest] }))]);
}

/** The BasicOCSPResponse inside a DER OCSPResponse (responseBytes' OCTET STRING). */
export function basicOcspOf(ocspResponse: Uint8Array): Uint8Array {
  const top = readTlv(ocspResponse, 0, ocspResponse.length)!;
  const parts = derChildren(ocspResponse, top.body, top.end)!;
  const rb = parts[1]!; // [0] EXPLICIT ResponseBytes
  const rbSeq = readTlv(ocspResponse, rb.body, rb.end)!;
  const rbParts = derChildren(ocspResponse, rbSeq.body, rbSeq.end)!;
  const os = rbParts[1]!;
  return ocspResponse.subarray(os.body, os.end);
}

/**
 * `pdf` plus a document timestamp revision as augment writes one (src/augment/augment.ts prepareTimestamp: a
 * signature dictionary, an invisible widget field on page 1, /Annots and /Fields), with a /Contents of `reserve`
 * bytes (the generator's addDocumentTimestamp has 8 kB), filled with `token(signed bytes)`.
 */
export function withDocTimestamp(
  pdf: Uint8Array,
  pki: TestPki,
  reserve: number,
  token: (signed: Uint8Array) => Uint8Array,
  field = "ArchiveTimestamp1",
): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const catalog = view.catalog();
  const page = walkPages(view)[0]!;
  const pageDict = view.resolve(page.ref!);
  if (pageDict?.kind !== "dict") throw new Error("no page 1");
  const acroRaw = rawGet(catalog, "AcroForm");
  const acro = view.resolve(acroRaw);
  if (acroRaw?.kind !== "ref" || acro?.kind !== "dict") throw new Error("no indirect /AcroForm");
  const fields = view.resolve(rawGet(acro, "Fields"));
  const annots = view.resolve(rawGet(pageDict, "Annots"));
  const sigNum = alloc.take();
  const widgetNum = alloc.take();
  const objects: NewObject[] = [
    {
      num: sigNum,
      raw: `<</Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange [0 9999999999 9999999999 9999999999] /Contents <${"0".repeat(reserve * 2)}>>>`,
    },
    {
      num: widgetNum,
      value: dict({
        Type: name("Annot"),
        Subtype: name("Widget"),
        FT: name("Sig"),
        T: { kind: "string", bytes: Buffer.from(field, "latin1"), hex: false },
        V: ref(sigNum),
        F: int(132),
        Rect: arr([int(0), int(0), int(0), int(0)]),
        P: page.ref!,
      }),
    },
    { num: page.ref!.num, gen: page.ref!.gen, value: withEntry(pageDict, "Annots", arr([...(annots?.kind === "array" ? annots.items : []), ref(widgetNum)])) },
    { num: acroRaw.num, gen: acroRaw.gen, value: withEntry(acro, "Fields", arr([...(fields?.kind === "array" ? fields.items : []), ref(widgetNum)])) },
  ];
  const bytes = appendUpdate(doc, objects, alloc).bytes;
  return sealPrepared(locateSignature(bytes, sigNum), pki, { cms: token });
}

/**
 * One LTV-only revision whose DSS /Certs (or /OCSPs, /CRLs) lists one new stream `times` times (the same reference
 * repeated; the stream written with FlateDecode), after what the latest DSS lists.
 */
export function withRepeatedStream(pdf: Uint8Array, data: Uint8Array, times: number, key: "Certs" | "OCSPs" | "CRLs" = "Certs"): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const catalogRaw = rawGet(view.trailer, "Root");
  if (catalogRaw?.kind !== "ref") throw new Error("no /Root reference");
  const catalog = view.catalog();
  const dssRaw = rawGet(catalog, "DSS");
  const old = view.resolve(dssRaw);
  const num = alloc.take();
  const objects: NewObject[] = [{ num, stream: data }];
  const before = old?.kind === "dict" ? view.resolve(rawGet(old, key)) : undefined;
  const listed = [...(before?.kind === "array" ? before.items : []), ...Array.from({ length: times }, () => ref(num))];
  const d = withEntry(old?.kind === "dict" ? old : dict({ Type: name("DSS") }), key, arr(listed));
  if (dssRaw?.kind === "ref" && old?.kind === "dict") objects.push({ num: dssRaw.num, gen: dssRaw.gen, value: d });
  else {
    const dssNum = alloc.take();
    objects.push({ num: dssNum, value: d });
    objects.push({ num: catalogRaw.num, gen: catalogRaw.gen, value: withEntry(catalog, "DSS", ref(dssNum)) });
  }
  return appendUpdate(doc, objects, alloc).bytes;
}

/**
 * A CMS ContentInfo whose first SignerInfo's unsigned attribute `type` (OID, dotted) has each value replaced by
 * `map(value DER)`: e.g. the seal's signature timestamp token (id-aa-signatureTimeStampToken), rewritable by anyone.
 */
export function mapUnsignedAttribute(contentInfo: Uint8Array, type: string, map: (value: Uint8Array) => Uint8Array): Uint8Array {
  const { fields, rebuild } = signedDataFields(contentInfo);
  const infos = fields.at(-1)!;
  const setTlv = readTlv(infos, 0, infos.length)!;
  const sis = derChildren(infos, setTlv.body, setTlv.end)!;
  const si = infos.subarray(sis[0]!.start, sis[0]!.end);
  const siTlv = readTlv(si, 0, si.length)!;
  const siParts = derChildren(si, siTlv.body, siTlv.end)!.map((t) => si.subarray(t.start, t.end));
  const last = siParts.at(-1)!;
  if (last[0] !== 0xa1) throw new Error("no unsigned attributes");
  const t = readTlv(last, 0, last.length)!;
  const want = encode(new asn1js.ObjectIdentifier({ value: type }));
  const attrs = derChildren(last, t.body, t.end)!.map((x) => {
    const a = last.subarray(x.start, x.end);
    const at = readTlv(a, 0, a.length)!;
    const [oidTlv, valuesTlv] = derChildren(a, at.body, at.end)!;
    if (!Buffer.from(a.subarray(oidTlv!.start, oidTlv!.end)).equals(Buffer.from(want))) return a;
    const values = derChildren(a, valuesTlv!.body, valuesTlv!.end)!.map((v) => map(a.subarray(v.start, v.end)));
    return encode(seq(raw(a.subarray(oidTlv!.start, oidTlv!.end)), new asn1js.Set({ value: values.map(raw) })));
  });
  siParts[siParts.length - 1] = encode(implicitConstructed(1, attrs.map(raw)));
  const rest = sis.slice(1).map((x) => raw(infos.subarray(x.start, x.end)));
  return rebuild([...fields.slice(0, -1), encode(new asn1js.Set({ value: [raw(encode(seq(...siParts.map(raw)))), ...rest] }))]);
}

/** A CMS ContentInfo whose first certificate in `[0] certificates` is replaced by `cert` (DER, or any bytes). */
export function replaceFirstCertificate(contentInfo: Uint8Array, cert: Uint8Array): Uint8Array {
  const { fields, rebuild } = signedDataFields(contentInfo);
  const at = fields.findIndex((f) => f[0] === 0xa0);
  const f = fields[at]!;
  const t = readTlv(f, 0, f.length)!;
  const certs = derChildren(f, t.body, t.end)!.map((c) => f.subarray(c.start, c.end));
  certs[0] = cert;
  fields[at] = encode(implicitConstructed(0, certs.map(raw)));
  return rebuild(fields);
}

/**
 * An OCSPResponse (DER) whose inner BasicOCSPResponse has its tbsResponseData in BER indefinite length, every other
 * byte as it was: what was signed (the DER of tbsResponseData) is unchanged in content, only framed otherwise.
 */
export function withIndefiniteTbs(ocspResponse: Uint8Array): Uint8Array {
  const basic = basicOcspOf(ocspResponse);
  const top = readTlv(basic, 0, basic.length)!;
  const parts = derChildren(basic, top.body, top.end)!;
  const tbs = parts[0]!;
  const ber = new Uint8Array([0x30, 0x80, ...basic.subarray(tbs.body, tbs.end), 0, 0]);
  const rest = parts.slice(1).map((t) => basic.subarray(t.start, t.end));
  const body = new Uint8Array([...ber, ...rest.flatMap((r) => [...r])]);
  const newBasic = derWrap(0x30, body);
  return encode(
    seq(
      new asn1js.Enumerated({ value: 0 }),
      explicit(0, seq(new asn1js.ObjectIdentifier({ value: "1.3.6.1.5.5.7.48.1.1" }), new asn1js.OctetString({ valueHex: newBasic }))),
    ),
  );
}

/** A DER TLV of `tag` around `body`. */
function derWrap(tag: number, body: Uint8Array): Uint8Array {
  const n = body.length;
  const len =
    n < 0x80
      ? [n]
      : (() => {
          const out: number[] = [];
          for (let v = n; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
          return [0x80 | out.length, ...out];
        })();
  return new Uint8Array([tag, ...len, ...body]);
}

/**
 * A public RSA key of a 16,384-bit modulus and a 63-bit public exponent (OpenSSL's largest; no private key exists):
 * a signature of 2,048 bytes checked with it costs a full modular exponentiation, ~20 ms (a8 D2's SLOW keys).
 */
export function slowRsaKey(): KeyObject {
  const n = new Uint8Array(randomBytes(2048));
  n[0]! |= 0x80;
  n[2047]! |= 1;
  const e = new Uint8Array(randomBytes(8));
  e[0] = (e[0]! & 0x7f) | 0x40;
  e[7]! |= 1;
  const rsa = derWrap(0x30, new Uint8Array([...derWrap(0x02, new Uint8Array([0, ...n])), ...derWrap(0x02, e)]));
  const alg = derWrap(0x30, new Uint8Array([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00]));
  const spki = derWrap(0x30, new Uint8Array([...alg, ...derWrap(0x03, new Uint8Array([0, ...rsa]))]));
  return createPublicKey({ key: Buffer.from(spki), format: "der", type: "spki" });
}

/** A CRL, certificate or OCSP BasicOCSPResponse-like SEQUENCE { tbs, algorithm, BIT STRING } with a signature of `bytes` random bytes. */
export function withSignatureOf(signed: Uint8Array, bytes: number): Uint8Array {
  const top = readTlv(signed, 0, signed.length)!;
  const [tbs, alg, , ...rest] = derChildren(signed, top.body, top.end)!;
  const sig = new Uint8Array(randomBytes(bytes));
  sig[0] = 0x01;
  const part = (t: Tlv) => signed.subarray(t.start, t.end);
  return derWrap(0x30, new Uint8Array([...part(tbs!), ...part(alg!), ...derWrap(0x03, new Uint8Array([0, ...sig])), ...rest.flatMap((t) => [...part(t)])]));
}
