// The validation data an archive needs for long-term validation (ETSI EN 319 102-1 §5.5, EN 319 142-1 §5.4):
// for the seal, its signature timestamp, the Workflow token's certificate (with its archived OCSP response)
// and every earlier document timestamp, the path of certificates to a trust anchor and, for every
// certificate on those paths but the anchors, an OCSP response or CRL about it. What the archive holds (the
// CMS, the timestamp tokens, the sealed attachments, an existing DSS) is gathered here; augment weighs it with
// what the user gives (--certs, --ocsp, --crl) and what is fetched (--fetch-revocation) by the one revocation
// rule long-term validation uses (pki/revocation.ts statusAt: attack36b A1c).
import { createHash } from "node:crypto";
import type * as pkijs from "pkijs";
import { ATTACHMENT_NAMES } from "../evidence/broker.js";
import { type PdfView, listEmbeddedFiles, type SignatureInfo } from "../input/pdf/index.js";
import type { DssData } from "../evidence/dss-items.js";
import { OID, certificateDer, certificateFromDer, certificateFromPem, shownSubject, extension, serialHex } from "../pki/certificate.js";
import { validateChain } from "../pki/chain.js";
import { renewedKeyTrust, type RenewedKeyTrust } from "../pki/revocation.js";
import { decodeSignedData, findSignerCertificate, revocationArchival, timestampTokens } from "../pki/cms.js";
import type { PkiSession } from "../pki/session.js";
import { anchorsFor, type IndexedTrustStore, type TrustRole } from "../pki/trust-store.js";
import { quoteName } from "../report/quoted-name.js";

/** A certificate whose validity must be provable later, and why. */
export interface Subject {
  readonly cert: pkijs.Certificate;
  readonly role: TrustRole;
  /** "the seal", "the signature timestamp's TSA", ... */
  readonly what: string;
  /** When its path is built (the time the archive proves for it). */
  readonly at: Date;
}

/** Validation data as DER, each item once. */
export class DataSet {
  private readonly seen = new Set<string>();
  readonly certs: Uint8Array[] = [];
  readonly ocsps: Uint8Array[] = [];
  readonly crls: Uint8Array[] = [];
  add(kind: "certs" | "ocsps" | "crls", der: Uint8Array): boolean {
    const key = `${kind}:${createHash("sha256").update(der).digest("hex")}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this[kind].push(Uint8Array.from(der));
    return true;
  }
  has(kind: "certs" | "ocsps" | "crls", der: Uint8Array): boolean {
    return this.seen.has(`${kind}:${createHash("sha256").update(der).digest("hex")}`);
  }
}

/** What the archive itself holds: certificates, OCSP responses and CRLs, and the subjects to prove. */
export interface ArchiveData {
  readonly held: DataSet;
  readonly subjects: Subject[];
}

function signatureCms(sig: SignatureInfo, session: PkiSession) {
  if (!sig.contents) throw new Error(`signature ${quoteName(sig.fieldName ?? "?")} has no /Contents`);
  return decodeSignedData(sig.contents, `the CMS of ${sig.fieldName ? quoteName(sig.fieldName) : "a signature"}`, session, true);
}

/** The signer of a timestamp token and the certificates it carries. */
function timestampSigner(
  token: Uint8Array,
  session: PkiSession,
  padded: boolean,
): { signer: pkijs.Certificate | null; certs: pkijs.Certificate[]; genTime?: Date } {
  const d = decodeSignedData(token, "a timestamp token", session, padded);
  const si = d.signedData.signerInfos[0];
  return { signer: si ? findSignerCertificate(si, d.certificates) : null, certs: d.certificates };
}

/**
 * Reads what the archive holds: the seal's CMS (certificates, adbe-revocationInfoArchival, its signature
 * timestamp), the sealed attachments (token certificate, its OCSP response), every document timestamp and
 * every revision's DSS as verify reads it (`dss`). `sealTime` is the seal timestamp's genTime; `docTimes` each
 * document timestamp's.
 */
export function archiveData(
  dss: DssData,
  sealed: PdfView,
  seal: SignatureInfo,
  docTimestamps: readonly { sig: SignatureInfo; genTime: Date }[],
  sealTime: Date,
  session: PkiSession,
): ArchiveData {
  const held = new DataSet();
  const subjects: Subject[] = [];
  const cms = signatureCms(seal, session);
  for (const c of cms.certificates) held.add("certs", certificateDer(c));
  // The seal's SignerInfo: verify decides only when it is the first (seal-signature, a18 S4), and augment refuses
  // a seal whose signature is not decided.
  const si = cms.signedData.signerInfos[0];
  if (si) {
    const signer = findSignerCertificate(si, cms.certificates);
    if (signer) subjects.push({ cert: signer, role: "seal", what: "the seal", at: sealTime });
    const rev = revocationArchival(si);
    for (const o of rev.ocsps) held.add("ocsps", o);
    for (const c of rev.crls) held.add("crls", c);
    for (const t of timestampTokens(si)) {
      const ts = timestampSigner(t, session, false);
      for (const c of ts.certs) held.add("certs", certificateDer(c));
      if (ts.signer) subjects.push({ cert: ts.signer, role: "tsa", what: "the seal timestamp's TSA", at: sealTime });
    }
  }
  // The token certificate and its OCSP response, as the sealed revision has them.
  for (const f of listEmbeddedFiles(sealed).files) {
    try {
      if (f.name.text === ATTACHMENT_NAMES.certPem) {
        const cert = certificateFromPem(Buffer.from(f.decode()).toString("latin1"), "the token certificate", session);
        held.add("certs", certificateDer(cert));
        subjects.push({ cert, role: "token", what: "the Workflow token's certificate", at: sealTime });
      } else if (f.name.text === ATTACHMENT_NAMES.ocspBase64) {
        const der = Buffer.from(Buffer.from(f.decode()).toString("latin1").trim(), "base64");
        held.add("ocsps", der);
      }
    } catch {
      /* an unreadable attachment is verify's to report; here it only means less data */
    }
  }
  for (const { sig, genTime } of docTimestamps) {
    if (!sig.contents) continue;
    const ts = timestampSigner(sig.contents, session, true);
    for (const c of ts.certs) held.add("certs", certificateDer(c));
    if (ts.signer) subjects.push({ cert: ts.signer, role: "tsa", what: `the document timestamp in ${quoteName(sig.fieldName ?? "?")}`, at: genTime });
  }
  // Every revision's DSS, item by item: the one reading verify's stages take (evidence/dss-items.ts, attack-s5 P1c).
  for (const d of dss.listed.certs) held.add("certs", d.der);
  for (const d of dss.listed.ocsps) held.add("ocsps", d.der);
  for (const d of dss.listed.crls) held.add("crls", d.der);
  return { held, subjects };
}

/** One certificate on a path that needs revocation data, and what it has. */
export interface Need {
  readonly cert: pkijs.Certificate;
  readonly issuer: pkijs.Certificate;
  /** The subjects whose paths hold it. */
  readonly for: string[];
  /** The latest time it must be shown unrevoked at (its subject's proven time). */
  at: Date;
  /**
   * On a timestamp's path: the latest genTime of those timestamps. Long-term validation takes only revocation
   * data issued after a timestamp's time as speaking for the time after it (the POE a later timestamp gives),
   * so only such data proves it here (attack36 A1).
   */
  issuedAfter?: Date;
  /**
   * The trust context of its path (the first subject's that holds it): a CRL or OCSP response signed by a renewed
   * key of its CA counts when that key's certificate has its own path to the same anchor, as verify reads it (s6
   * edge d; revocation.ts renewedKeyTrust).
   */
  readonly renewed?: RenewedKeyTrust;
}

export interface Paths {
  /** Every certificate on every path, anchors included. */
  readonly certs: pkijs.Certificate[];
  /** Non-anchor certificates on the paths, each once. */
  readonly needs: Need[];
  /** Subjects without a path to a trust anchor. */
  readonly unanchored: string[];
}

const der = (c: pkijs.Certificate) => Buffer.from(certificateDer(c)).toString("hex");

/** The path of each subject to an anchor of its role, built from every certificate available. */
export async function buildPaths(
  subjects: readonly Subject[],
  pool: readonly pkijs.Certificate[],
  store: IndexedTrustStore,
  session: PkiSession,
): Promise<Paths> {
  const certs = new Map<string, pkijs.Certificate>();
  const needs = new Map<string, Need>();
  const unanchored: string[] = [];
  for (const s of subjects) {
    const input = { anchors: anchorsFor(store, s.role, s.at), intermediates: [...pool, ...store.intermediates], index: store.index.anchors };
    const chain = await validateChain(s.cert, { ...input, at: s.at, session });
    if (!chain.path.length || chain.status === "no-chain") {
      unanchored.push(`${s.what} (${shownSubject(s.cert)}): ${chain.message}`);
      continue;
    }
    chain.path.forEach((c, i) => {
      certs.set(der(c), c);
      const issuer = chain.path[i + 1];
      if (!issuer) return; // the anchor
      const key = der(c);
      const n = needs.get(key);
      const after = s.role === "tsa" ? s.at : undefined;
      if (n) {
        n.for.push(s.what);
        if (s.at > n.at) n.at = s.at;
        if (after && (!n.issuedAfter || after > n.issuedAfter)) n.issuedAfter = after;
      } else {
        const renewed = chain.status === "valid" ? renewedKeyTrust(session, chain.path.at(-1), input) : undefined;
        needs.set(key, { cert: c, issuer, for: [s.what], at: s.at, ...(after ? { issuedAfter: after } : {}), ...(renewed ? { renewed } : {}) });
      }
    });
  }
  return { certs: [...certs.values()], needs: [...needs.values()], unanchored };
}

/** True when `cert` needs no revocation data of its own (an OCSP responder with id-pkix-ocsp-nocheck). */
export function exempt(cert: pkijs.Certificate): boolean {
  return Boolean(extension(cert, OID.ocspNoCheck));
}

export function describe(cert: pkijs.Certificate): string {
  return `${shownSubject(cert)} (serial ${serialHex(cert)})`;
}

export function certificatesOf(set: DataSet, session: PkiSession): pkijs.Certificate[] {
  const out: pkijs.Certificate[] = [];
  for (const d of set.certs) {
    try {
      out.push(certificateFromDer(d, "a certificate of the archive", session));
    } catch {
      /* not a certificate: not used for paths */
    }
  }
  return out;
}
