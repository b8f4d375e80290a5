// Check "trust-anchors": a warning when a certificate given as a trust anchor is one the evidence itself
// carries (in the seal's CMS with its timestamp, the DSS, the token certificate attachment or the OCSP
// response). Taking anchors from the archive being judged is the natural shortcut and proves nothing: whoever
// made the archive chose them. The anchor may also have come from its publisher (a CMS often carries its whole
// chain), so this is a remark with the fingerprint to compare, never a verdict (docs/trust-anchors.md).
import type * as pkijs from "pkijs";
import { certificateDer, summarize } from "../pki/certificate.js";
import type { IndexedTrustStore } from "../pki/trust-store.js";
import { warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { ArchiveFacts } from "./facts.js";

const ID = "trust-anchors";

/** Where the evidence carries certificates: each place as the bytes that hold them verbatim (DER). */
interface CarriedCertificates {
  /** The seal's CMS (hex-decoded /Contents): its certificates and those of its signature timestamp. */
  sealCms?: Uint8Array | null;
  /** Certificates decoded from the PDF's DSS. */
  dss?: readonly pkijs.Certificate[];
}

/** The anchors the user gave (every role), each once. */
function givenAnchors(trust: IndexedTrustStore): pkijs.Certificate[] {
  const all = [...trust.anchors, ...Object.values(trust.roleAnchors ?? {}).flat()];
  const seen = new Set<string>();
  return all.filter((c) => {
    const h = summarize(c).sha256;
    if (seen.has(h)) return false;
    seen.add(h);
    return true;
  });
}

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  return needle.length > 0 && Buffer.from(hay.buffer, hay.byteOffset, hay.byteLength).indexOf(Buffer.from(needle)) >= 0;
}

export function checkTrustAnchors(trust: IndexedTrustStore, f: ArchiveFacts, carried: CarriedCertificates): CheckResult[] {
  const places: { what: string; bytes: Uint8Array }[] = [];
  if (carried.sealCms) places.push({ what: "the seal's CMS", bytes: carried.sealCms });
  for (const c of carried.dss ?? []) places.push({ what: "the PDF's DSS", bytes: certificateDer(c) });
  if (f.tokenCert) places.push({ what: "the token certificate attachment", bytes: certificateDer(f.tokenCert) });
  if (f.evidence?.ocspBase64) {
    const ocsp = Buffer.from(f.evidence.ocspBase64.replace(/\s+/g, ""), "base64");
    if (ocsp.length) places.push({ what: "the OCSP response", bytes: ocsp });
  }
  const found: { subject: string; sha256: string; carriedIn: string[] }[] = [];
  for (const anchor of givenAnchors(trust)) {
    const der = certificateDer(anchor);
    const where = [...new Set(places.filter((p) => contains(p.bytes, der)).map((p) => p.what))];
    if (where.length) found.push({ ...pick(summarize(anchor)), carriedIn: where });
  }
  if (!found.length) return [];
  const list = found.map((a) => `"${a.subject}" (SHA-256 ${a.sha256}, in ${a.carriedIn.join(" and ")})`).join("; ");
  const one = found.length === 1;
  return [
    warning(
      ID,
      `${one ? "A trust anchor given is a certificate" : `${found.length} trust anchors given are certificates`} the evidence itself carries: ${list}. An anchor taken from the evidence vouches for nothing (whoever made the file chose it): compare ${one ? "its" : "each"} SHA-256 with the fingerprint its certification authority publishes (docs/trust-anchors.md) before relying on this verdict.`,
      { details: { anchorsCarriedByEvidence: found } },
    ),
  ];
}

const pick = (s: { subject: string; sha256: string }) => ({ subject: s.subject, sha256: s.sha256 });
