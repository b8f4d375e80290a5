// Junk in a DSS, for the tests and attack scripts on reading it item by item (attack-s5 P1c): one LTV-only
// revision that appends entries to the latest DSS's /OCSPs or /Certs, and DER of a chosen number of values.
import { NumberAllocator, appendUpdate, arr, ref, withEntry, type NewObject } from "../../src/augment/writer.js";
import { parsePdf, readDss } from "../../src/input/pdf/index.js";
import { rawGet, type PdfObject } from "../../src/input/pdf/objects.js";
import { wholeSource } from "../../src/input/source.js";
import { resolveLimits } from "../../src/limits.js";

/** One LTV-only revision: the latest DSS with `count` entries appended to its /OCSPs (or /Certs, /CRLs), each made by `make` from a fresh number. */
export function appendDssEntries(
  pdf: Uint8Array,
  count: number,
  make: (num: number, i: number) => NewObject,
  key: "OCSPs" | "Certs" | "CRLs" = "OCSPs",
): Uint8Array {
  const doc = parsePdf(wholeSource(pdf), resolveLimits());
  const view = doc.latest();
  const alloc = new NumberAllocator(doc);
  const old = readDss(view);
  const objects: NewObject[] = [];
  const fresh: PdfObject[] = [];
  for (let i = 0; i < count; i++) {
    const num = alloc.take();
    objects.push(make(num, i));
    fresh.push(ref(num));
  }
  const dssRaw = rawGet(view.catalog(), "DSS");
  const oldDict = view.resolve(dssRaw);
  if (dssRaw?.kind !== "ref" || oldDict?.kind !== "dict") throw new Error("the archive has no DSS to extend");
  const listed = [...(((key === "OCSPs" ? old?.ocsps : key === "CRLs" ? old?.crls : old?.certs) ?? []) as PdfObject[]), ...fresh];
  objects.push({ num: dssRaw.num, gen: dssRaw.gen, value: withEntry(oldDict, key, arr(listed)) });
  return appendUpdate(doc, objects, alloc).bytes;
}

/** A DER SEQUENCE of `n` NULLs: n + 1 ASN.1 values (under the per-certificate cap of 20,000 when n < 20,000). */
export function manyNulls(n: number): Uint8Array {
  const body = new Uint8Array(n * 2).map((_, i) => (i % 2 === 0 ? 0x05 : 0x00));
  const len = body.length;
  return new Uint8Array([0x30, 0x83, (len >> 16) & 0xff, (len >> 8) & 0xff, len & 0xff, ...body]);
}
