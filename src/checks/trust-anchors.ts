// Check "trust-anchors": a warning when a certificate given as a trust anchor is one the evidence itself
// carries (anywhere `sealcheck extract` writes certificates from: every signature's CMS and its timestamp
// tokens and archived OCSP responses, document timestamps, every revision's DSS with its OCSP responses and
// VRI, the token certificate and its OCSP response). Taking anchors from the archive being judged is the natural shortcut and proves nothing: whoever
// made the archive chose them. The anchor may also have come from its publisher (a CMS often carries its whole
// chain), so this is a remark with the fingerprint to compare, never a verdict (docs/trust-anchors.md).
import type * as pkijs from "pkijs";
import { certificateDer, summarize, shownSubject } from "../pki/certificate.js";
import { hasTsaAnchors, type IndexedTrustStore } from "../pki/trust-store.js";
import type { TimestampInfo } from "../pki/timestamp.js";
import { warning } from "../report/check.js";
import type { CheckResult } from "../report/types.js";
import type { CarriedCertificates, KeysOf } from "../evidence/carried-certificates.js";
import { xmlKeys } from "../trustlist/identity.js";
import { bytesEqual } from "../pki/der.js";
import { quoteName } from "../report/quoted-name.js";

const ID = "trust-anchors";

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

/** The timestamps the evidence holds, as their paths were built (leaf first, anchor last). */
export interface TimestampPaths {
  readonly seal?: TimestampInfo;
  readonly documents?: readonly { readonly field: string | null; readonly info?: TimestampInfo }[];
}

/** A TSA a general anchor vouches for: the names in full (details) and `shown` as the words quote them (shownName). */
interface GeneralTsa {
  tsa: string;
  timestamp: string;
  anchor: string;
  sha256: string;
  shown: [tsa: string, anchor: string];
}

/**
 * TSAs whose path ends at an anchor given for every role (--trust) and not for TSAs: a general anchor vouches for a
 * TSA (as EU DSS lets any anchor vouch for any role), but a TSA's genTime decides sealing times and proofs of
 * existence, so the report names the anchor that let it. Only when no anchor is given for TSAs alone with
 * --trust-tsa (anchorsFor: then only those vouch for TSAs); a trusted list's time-stamping services do not end
 * what the user's own --trust anchors vouch for, so beside them the remark stays.
 */
function tsasByGeneralAnchors(trust: IndexedTrustStore, ts: TimestampPaths): GeneralTsa[] {
  if (hasTsaAnchors(trust)) return [];
  const listed = new Set((trust.listAnchors ?? []).filter((a) => a.windows.some((w) => w.role === "tsa")).map((a) => summarize(a.cert).sha256));
  const general = new Set(trust.anchors.map((a) => summarize(a).sha256));
  const out: GeneralTsa[] = [];
  const seen = new Set<string>();
  const look = (what: string, info: TimestampInfo | undefined) => {
    const anchor = info?.chain?.at(-1);
    if (!info?.signer || !anchor) return;
    const sha256 = summarize(anchor).sha256;
    const key = `${summarize(info.signer).sha256}:${sha256}`;
    if (!general.has(sha256) || listed.has(sha256) || seen.has(key)) return;
    seen.add(key);
    out.push({
      tsa: summarize(info.signer).subject,
      timestamp: what,
      anchor: summarize(anchor).subject,
      sha256,
      shown: [shownSubject(info.signer), shownSubject(anchor)],
    });
  };
  look("the signature timestamp", ts.seal);
  for (const d of ts.documents ?? []) look(`the document timestamp${d.field ? ` ${quoteName(d.field)}` : ""}`, d.info);
  return out;
}

/** A list service's certificate at which one of `paths` ended: an anchor given through a trusted list (a14 X1i). */
function decidingListAnchors(trust: IndexedTrustStore, paths: readonly (readonly pkijs.Certificate[] | undefined)[]): pkijs.Certificate[] {
  const out = new Map<string, pkijs.Certificate>();
  for (const path of paths) {
    const end = path?.at(-1);
    if (!end) continue;
    const sha256 = summarize(end).sha256;
    const listed = trust.index.listsBySha256.get(sha256)?.[0];
    if (listed) out.set(sha256, listed.anchor.cert);
  }
  return [...out.values()];
}

/** What a trusted list's trust rests on, found in the evidence: a pinned signer, or a list file. */
interface CarriedBasis {
  kind: "signer" | "list";
  file: string | null;
  subject: string | null;
  sha256: string;
  carriedIn: string[];
  /** Of carriedIn, the places that hold a list's content without its signature (found by the content key alone). */
  withoutSignatureIn?: string[];
}

/**
 * `carriedBy`: every certificate the evidence carries, with where (evidence/carried-certificates.ts, the list
 * `sealcheck extract` writes from), the given anchors' DER looked for in every attachment's bytes too: an
 * anchor equal to one of them is named with every place it is in. Where an attachment was not all read as
 * certificates (a size limit), the warning says so; where one was not read at all, an anchor given may be
 * carried there, and that is a warning of its own (attack-s5c X1). The anchors looked for are the --trust and
 * --trust-<role> ones, the trusted lists' service certificates at which a path of `paths` ended, and what the
 * lists' trust rests on (a14 X1i): each pinned signer, and each list file (by its signature value as written).
 * `keysOf` (given to carriedBy) finds them in an XML the evidence carries however it is encoded: a list by its
 * canonical content or its signature value, a certificate base64 in an X509Certificate element (a list's KeyInfo).
 */
export function checkTrustAnchors(
  trust: IndexedTrustStore,
  carriedBy: (anchors: readonly Uint8Array[], keysOf: KeysOf) => Pick<CarriedCertificates, "certificates" | "unread">,
  timestamps: TimestampPaths = {},
  paths: readonly (readonly pkijs.Certificate[] | undefined)[] = [],
): CheckResult[] {
  const found: { subject: string; sha256: string; carriedIn: string[]; shown: string }[] = [];
  const given = givenAnchors(trust);
  const known = new Set(given.map((a) => summarize(a).sha256));
  const listed = decidingListAnchors(trust, [...paths, timestamps.seal?.chain, ...(timestamps.documents ?? []).map((d) => d.info?.chain)]).filter(
    (c) => !known.has(summarize(c).sha256),
  );
  const anchors = [...given, ...listed];
  const basis = trust.listBasis ?? [];
  const ders = anchors.map((a) => certificateDer(a));
  const needles = [...ders, ...basis.flatMap((b) => [b.bytes, ...(b.keys ?? [])])];
  const { certificates: carried, unread } = needles.length ? carriedBy(needles, xmlKeys) : { certificates: [], unread: [] };
  const placesOf = (...bytes: Uint8Array[]) => [...new Set(carried.filter((c) => bytes.some((b) => bytesEqual(c.der, b))).map((c) => c.where))];
  anchors.forEach((anchor, i) => {
    const where = placesOf(ders[i]!);
    if (where.length) found.push({ ...pick(summarize(anchor)), carriedIn: where, shown: shownSubject(anchor) });
  });
  const basisFound: CarriedBasis[] = basis.flatMap((b) => {
    const where = placesOf(b.bytes, ...(b.keys ?? []));
    if (!where.length) return [];
    // A list's first key is its content's (ListTrustBasis.keys): a place found by it alone holds the list unsigned.
    const signed = b.kind === "list" ? placesOf(b.bytes, ...(b.keys ?? []).slice(1)) : where;
    const unsigned = where.filter((w) => !signed.includes(w));
    return [
      { kind: b.kind, file: b.file, subject: b.subject, sha256: b.sha256, carriedIn: where, ...(unsigned.length ? { withoutSignatureIn: unsigned } : {}) },
    ];
  });
  const unsearched = unread.filter((u) => !u.searched);
  const tsas = tsasByGeneralAnchors(trust, timestamps);
  if (!found.length && !basisFound.length && !tsas.length && !unsearched.length) return [];
  const parts: string[] = [];
  const details: Record<string, unknown> = {};
  if (found.length) {
    const list = found.map((a) => `${a.shown} (SHA-256 ${a.sha256}, in ${a.carriedIn.join(" and ")})`).join("; ");
    const one = found.length === 1;
    parts.push(
      `${one ? "A trust anchor given is a certificate" : `${found.length} trust anchors given are certificates`} the evidence itself carries: ${list}. An anchor taken from the evidence vouches for nothing (whoever made the file chose it): compare ${one ? "its" : "each"} SHA-256 with the fingerprint its certification authority publishes (docs/trust-anchors.md) before relying on this verdict.`,
    );
    details.anchorsCarriedByEvidence = found.map(({ shown: _, ...a }) => a);
  }
  if (basisFound.length) {
    const list = basisFound
      .map((b) =>
        b.kind === "signer"
          ? `the pinned list signer ${b.subject === null ? "(a person's certificate)" : quoteName(b.subject, 64)}${b.file ? ` from ${quoteName(fileName(b.file))}` : ""} (SHA-256 ${b.sha256}, in ${b.carriedIn.join(" and ")})`
          : `the trusted list ${quoteName(fileName(b.file ?? "?"))} (SHA-256 ${b.sha256}, in ${b.carriedIn
              .map((w) => (b.withoutSignatureIn?.includes(w) ? `${w} without its signature` : w))
              .join(" and ")})`,
      )
      .join("; ");
    const unsignedNote = basisFound.some((b) => b.withoutSignatureIn)
      ? " A copy without its signature vouches for nothing and the list given cannot be taken from it, but it is that list: the evidence shows which version of the list to use (take the one its scheme operator publishes for the validation time)."
      : "";
    parts.push(
      `The trusted lists' trust rests on what the evidence itself carries: ${list}. A list or a list signer taken from the evidence vouches for nothing (whoever made the file chose it): pin the signer its scheme operator publishes (the EU list of lists' signers are published in the Official Journal) and compare its SHA-256 before relying on this verdict (docs/trust-anchors.md).${unsignedNote}`,
    );
    details.listTrustCarriedByEvidence = basisFound;
  }
  if (unread.length && (found.length || basisFound.length || unsearched.length)) {
    const list = unread.map((u) => u.what).join("; ");
    parts.push(
      unsearched.length
        ? `Not all ${unread.every((u) => u.attachment) ? "attachments" : "of the evidence"} read: ${list}. A trust anchor given may be a certificate the evidence carries there: compare each anchor's SHA-256 with the fingerprint its certification authority publishes (docs/trust-anchors.md).`
        : `Not all attachments read as certificates (${list}). The anchors given were looked for in their bytes, which does not find one a file holds compressed or encoded (inside an archive, as page text): that no other place is named proves nothing.`,
    );
    details.attachmentsNotRead = unread.map((u) => u.what);
  }
  if (tsas.length) {
    parts.push(
      `${tsas.map((t) => `The TSA ${t.shown[0]} (${t.timestamp}) is vouched for by ${t.shown[1]} (SHA-256 ${t.sha256}, an anchor given for every role with --trust, not for time-stamping)`).join("; ")}: its time is believed for the sealing time and the proofs of existence. Give the TSA's root with --trust-tsa to say it may vouch for times; then only such anchors do.`,
    );
    details.tsaVouchedByGeneralAnchor = tsas.map(({ shown: _, ...t }) => t);
  }
  return [warning(ID, parts.join(" "), { details })];
}

/** A file's name without its folder (the folder is the auditor's, the name may be the evidence's). */
const fileName = (f: string) => f.slice(Math.max(f.lastIndexOf("/"), f.lastIndexOf("\\")) + 1);

const pick = (s: { subject: string; sha256: string }) => ({ subject: s.subject, sha256: s.sha256 });
