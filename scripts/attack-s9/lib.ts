// Helpers of the attack-s9 scripts (a13), on top of scripts/attack36/lib.ts and scripts/attack-s8/lib.ts: a CMS
// SignedData rewritten in fields no signature covers other than `certificates` and `crls`.
import { derChildren, readTlv } from "../../src/pki/der.js";
import { encode, explicit, raw, seq } from "../generator/der.js";
import * as asn1js from "asn1js";

/** The DER of a CMS ContentInfo's SignedData fields, and a function writing it back with new fields. */
export function signedDataFields(contentInfo: Uint8Array): { fields: Uint8Array[]; rebuild: (fields: Uint8Array[]) => Uint8Array } {
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

/** The elements of a SET (DER). */
export function setElements(set: Uint8Array): Uint8Array[] {
  const t = readTlv(set, 0, set.length)!;
  return derChildren(set, t.body, t.end)!.map((x) => set.subarray(x.start, x.end));
}

/**
 * A CMS ContentInfo with `extra` appended to its SignedData's `digestAlgorithms` (field 1) or `signerInfos` (the
 * last field): both SETs lie outside every signature of the CMS (RFC 5652 §5.1, §5.4), so anyone may add to them.
 */
export function withSetElement(contentInfo: Uint8Array, which: "digestAlgorithms" | "signerInfos", extra: Uint8Array[]): Uint8Array {
  const { fields, rebuild } = signedDataFields(contentInfo);
  const at = which === "digestAlgorithms" ? 1 : fields.length - 1;
  const els = [...setElements(fields[at]!), ...extra];
  // A SET OF in DER is sorted; the junk is appended as anyone would (a BER set), the rest byte for byte.
  fields[at] = encode(new asn1js.Set({ value: els.map(raw) }));
  return rebuild(fields);
}

/** The CMS with `extra` SignerInfos before (`first`) or after the genuine one. */
export function withSigners(cms: Uint8Array, extra: Uint8Array[], first: boolean): Uint8Array {
  const { fields, rebuild } = signedDataFields(cms);
  const own = setElements(fields.at(-1)!);
  const all = first ? [...extra, ...own] : [...own, ...extra];
  fields[fields.length - 1] = encode(new asn1js.Set({ value: all.map(raw) }));
  return rebuild(fields);
}

/** The genuine SignerInfo's version, sid and algorithms, no attributes, an empty signature (a13's signer-min). */
export function minimalSigner(cms: Uint8Array): Uint8Array {
  const si = setElements(signedDataFields(cms).fields.at(-1)!)[0]!;
  const t = readTlv(si, 0, si.length)!;
  const kept = derChildren(si, t.body, t.end)!
    .map((x) => si.subarray(x.start, x.end))
    .filter((p) => p[0] !== 0xa0 && p[0] !== 0xa1);
  kept[kept.length - 1] = Uint8Array.from([0x04, 0x00]);
  return encode(seq(...kept.map(raw)));
}
