// What makes a revocation item "unread" (a13 U2's rest): an OCSP response or CRL this reader refuses, or cannot
// read within its limits, keeps the seal certificate's status not decided only when a reader could use it, and a
// reader uses only what its issuer signed. The outline BouncyCastle reads (ber.ts readerMayRead) is not enough:
// anyone can write SEQUENCE { tbsCertList { alg, issuer, thisUpdate }, alg, BIT STRING } without a key, and EU DSS
// passes a genuine archive holding it (its signature verifies with no key). So the item's own signature is checked:
// its outer signatureAlgorithm and signatureValue over its tbs bytes as framed (and as DER, when the item is BER:
// BouncyCastle verifies the DER), by the session's engine, with the key of a certificate whose subject is the
// item's issuer (a CRL's issuer; an OCSP response's responderID, by name or key hash, among the response's own
// certificates, the evidence's and the trust store's) and which has a path to a trust anchor (chain.ts, from the
// anchors down: no key anyone adds is ever used, and a candidate with no path costs no signature check). Only
// then is it a statement a reader may rely on ("issued"); otherwise it is junk, named and ignored. Bounded: one
// signature check per candidate key with a path, counted per run (at most 4 per item the limits let a file hold,
// and 4,096 at least); past that, what is left is not decided (a limit reached), never junk.
import { createHash } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { LimitError, errorMessage } from "../errors.js";
import { berChildren, berValue, readerMayRead, type Ber } from "./ber.js";
import { certificateDer, certificateFromDer, nameDer, sameName, shownName, shownSubject } from "./certificate.js";
import { validateChain, type AnchorIndex } from "./chain.js";
import { bytesEqual, decodeDer, derFramed, isDerFramed, ownBuffer, toHex } from "./der.js";
import type { PkiSession, RunWork } from "./session.js";

/** Where a proof looks for its issuer: the certificates that may have signed, the anchors a path must reach. */
export interface ProofContext {
  readonly session: PkiSession;
  /** Certificates that may have signed (the evidence's, the trust store's intermediates). */
  readonly pool: readonly pkijs.Certificate[];
  readonly anchors: readonly pkijs.Certificate[];
  readonly index?: AnchorIndex;
  /** The time a path is judged at when the item's own date (thisUpdate, producedAt) cannot be read. */
  readonly at: Date;
}

/** Whether a reader may rely on the item: its issuer signed it, it is junk (why), or that is not decided (why). */
export type Proof =
  | { readonly verdict: "issued"; readonly by: pkijs.Certificate }
  | { readonly verdict: "junk"; readonly why: string }
  | { readonly verdict: "undecided"; readonly why: string; readonly limit?: true };

const OCSP_BASIC_DER = Uint8Array.from([0x06, 0x09, 0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01, 0x01]);
/** Responder certificates of one OCSP response looked at: a real responder sends its own and its CA's. */
const MAX_RESPONSE_CERTS = 8;

/** Signature checks made for proofs in a run (RunWork), and the run's budget of them. */
const spent = new WeakMap<RunWork, { n: number }>();
const budgetOf = (work: RunWork) => Math.max(4096, 4 * work.maxValidationDataItems);

/**
 * The budget spent (h10b): a limit, named with the option that raises it (4 checks per maxValidationDataItems, so a
 * value above a quarter of the budget raises it). Measured on the real archive: 4,096 junk CRLs under its CA's name
 * (RSA-2048, 1.1 MB) take 1.8 s to verify (0.18 s without), so the budget costs the attacker bytes and this reader
 * seconds, and what it stops is never passed: the seal certificate's status is not decided (seal-certificate).
 */
function budgetMessage(work: RunWork): string {
  const budget = budgetOf(work);
  return new LimitError(
    "maxValidationDataItems",
    `more than ${budget} signature checks of revocation items this reader cannot read, the budget of one run (4 per maxValidationDataItems, 4096 at least: ${Math.floor(budget / 4) + 1} or more raises it)`,
  ).message;
}

/** The signed parts of an item: its tbs bytes as framed (and as DER when they are not), algorithm, signature. */
interface Signed {
  tbs: Uint8Array[];
  algorithm: pkijs.AlgorithmIdentifier;
  signature: asn1js.BitString;
  /** Why the DER of a BER tbs could not be made (a limit other than depth): then not decided, if nothing verifies. */
  reframe?: string;
}

/** One small value (a name, a time, an algorithm) in BER at `v`, decoded as DER within the limits; null otherwise. */
function small(ctx: ProofContext, b: Uint8Array, v: Ber | undefined, what: string): asn1js.AsnType | null {
  if (!v) return null;
  try {
    const raw = b.subarray(v.start, v.end);
    const f = isDerFramed(raw, ctx.session.limits.maxAsn1Depth) ? { der: raw, end: raw.length } : derFramed(raw, ctx.session.limits, what);
    return f && f.end === raw.length ? decodeDer(f.der, what, ctx.session.limits) : null;
  } catch {
    return null;
  }
}

function signedParts(ctx: ProofContext, b: Uint8Array, parts: Ber[], what: string): Signed | string {
  const [tbs, alg, sig] = parts;
  if (!tbs || !alg || !sig) return "it has no signed parts";
  let algorithm: pkijs.AlgorithmIdentifier;
  let signature: asn1js.BitString;
  try {
    algorithm = new pkijs.AlgorithmIdentifier({ schema: small(ctx, b, alg, what) });
    const s = small(ctx, b, sig, what);
    if (!(s instanceof asn1js.BitString)) return "its signature value cannot be read";
    signature = s;
  } catch {
    return "its signature algorithm cannot be read";
  }
  const raw = b.subarray(tbs.start, tbs.end);
  const out: Signed = { tbs: [raw], algorithm, signature };
  if (!isDerFramed(raw, ctx.session.limits.maxAsn1Depth)) {
    try {
      const f = derFramed(raw, ctx.session.limits, what);
      if (f && f.end === raw.length && !bytesEqual(f.der, raw)) out.tbs.push(f.der);
    } catch (e) {
      // Deeper than the limit: no issuer signs that, and re-framing keeps the depth. Too many values: not decided.
      if (e instanceof LimitError && e.limit !== "maxAsn1Depth") out.reframe = errorMessage(e);
    }
  }
  return out;
}

/** The date a path is judged at: the item's own (a CRL's thisUpdate, an OCSP response's producedAt), else ctx.at. */
function dateOf(ctx: ProofContext, b: Uint8Array, v: Ber | undefined): Date {
  const t = small(ctx, b, v, "a time");
  return t instanceof asn1js.UTCTime || t instanceof asn1js.GeneralizedTime ? t.toDate() : ctx.at;
}

/** The certificates named by an item's issuer or responder (`match`), each once (by DER). */
function named(pool: readonly pkijs.Certificate[], match: (c: pkijs.Certificate) => boolean): pkijs.Certificate[] {
  const seen = new Set<string>();
  return pool.filter((c) => {
    if (!match(c)) return false;
    const k = Buffer.from(certificateDer(c)).toString("base64");
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The context's certificates (pool and anchors) named by `key` (a name's DER or a key hash), found once per context. */
function candidatesOf(ctx: ProofContext, own: readonly pkijs.Certificate[], key: string, match: (c: pkijs.Certificate) => boolean): pkijs.Certificate[] {
  const byKey = memoOf(ctx).named;
  let known = byKey.get(key);
  if (!known) byKey.set(key, (known = named([...ctx.pool, ...ctx.anchors], match)));
  return own.length ? named([...own, ...known], match) : known;
}

const keyHash = (c: pkijs.Certificate) => createHash("sha1").update(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();

/**
 * Whether `der` (an OCSPResponse or a CertificateList this reader refused or could not read within its limits) was
 * signed by its issuer (see the head of this file). Never throws for what the bytes hold.
 */
export async function issuedProof(ctx: ProofContext, kind: "ocsp" | "crl", der: Uint8Array): Promise<Proof> {
  if (!readerMayRead(kind, der)) return { verdict: "junk", why: `it has the outline of no ${kind === "crl" ? "CRL" : "OCSP response"} a reader reads` };
  const top = berValue(der, 0, der.length)!;
  const f = berChildren(der, top)!;
  if (kind === "crl") {
    const tbs = berChildren(der, f[0]!)!;
    const i = tbs[0]!.tag === 0x02 ? 1 : 0;
    const issuer = nameOf(ctx, der, tbs[i + 1]);
    if (!issuer) return { verdict: "junk", why: "its issuer name cannot be read" };
    const signed = signedParts(ctx, der, f, "a CRL");
    if (typeof signed === "string") return { verdict: "junk", why: signed };
    const at = dateOf(ctx, der, tbs[i + 2]);
    const candidates = candidatesOf(ctx, [], `name:${toHex(nameDer(issuer))}`, (c) => sameName(c.subject, issuer));
    return prove(ctx, signed, candidates, [], at, `its issuer ${shownName(issuer)}`);
  }
  if (f.length === 1) return { verdict: "junk", why: "it carries no signed response (no responseBytes)" };
  // readerMayRead checked the outline: [0] { SEQUENCE { id-pkix-ocsp-basic, OCTET STRING { BasicOCSPResponse } } }.
  const rb = berChildren(der, berChildren(der, f[1]!)![0]!)!;
  if (!bytesEqual(der.subarray(rb[0]!.start, rb[0]!.end), OCSP_BASIC_DER)) return { verdict: "junk", why: "its response type is not id-pkix-ocsp-basic" };
  const inner = der.subarray(rb[1]!.body, rb[1]!.contentEnd);
  const basic = berChildren(inner, berValue(inner, 0, inner.length)!)!;
  const data = berChildren(inner, basic[0]!)!;
  const i = data[0]!.tag === 0xa0 ? 1 : 0;
  const rid = data[i]!;
  const signed = signedParts(ctx, inner, basic, "an OCSP response");
  if (typeof signed === "string") return { verdict: "junk", why: signed };
  const own = responseCertificates(ctx, inner, basic[3]);
  const at = dateOf(ctx, inner, data[i + 1]);
  let candidates: pkijs.Certificate[];
  let who: string;
  if (rid.tag === 0xa1) {
    const name = nameOf(ctx, inner, berChildren(inner, rid)?.[0]);
    if (!name) return { verdict: "junk", why: "its responder name cannot be read" };
    candidates = candidatesOf(ctx, own, `name:${toHex(nameDer(name))}`, (c) => sameName(c.subject, name));
    who = `its responder ${shownName(name)}`;
  } else {
    const hash = small(ctx, inner, berChildren(inner, rid)?.[0], "a responder key hash");
    if (!(hash instanceof asn1js.OctetString)) return { verdict: "junk", why: "its responder key hash cannot be read" };
    const h = hash.valueBlock.valueHexView;
    candidates = candidatesOf(ctx, own, `key:${toHex(h)}`, (c) => bytesEqual(keyHash(c), h));
    who = `its responder (by key hash ${Buffer.from(h).toString("hex")})`;
  }
  return prove(ctx, signed, candidates, own, at, who);
}

function nameOf(ctx: ProofContext, b: Uint8Array, v: Ber | undefined): pkijs.RelativeDistinguishedNames | null {
  try {
    const n = small(ctx, b, v, "a name");
    return n ? new pkijs.RelativeDistinguishedNames({ schema: n }) : null;
  } catch {
    return null;
  }
}

/** The certificates an OCSP response carries ([0] EXPLICIT SEQUENCE OF Certificate), the first few, those that decode. */
function responseCertificates(ctx: ProofContext, b: Uint8Array, v: Ber | undefined): pkijs.Certificate[] {
  const seq = v?.tag === 0xa0 ? berChildren(b, v)?.[0] : undefined;
  const els = seq?.tag === 0x30 ? berChildren(b, seq) : null;
  const out: pkijs.Certificate[] = [];
  for (const el of (els ?? []).slice(0, MAX_RESPONSE_CERTS)) {
    try {
      const raw = b.subarray(el.start, el.end);
      const f = isDerFramed(raw, ctx.session.limits.maxAsn1Depth)
        ? { der: raw, end: raw.length }
        : derFramed(raw, ctx.session.limits, "a responder certificate");
      if (f && f.end === raw.length) out.push(certificateFromDer(f.der.slice(), "a responder certificate", ctx.session));
    } catch {
      /* not a certificate: no candidate */
    }
  }
  return out;
}

/**
 * What one context (one check) found once: paths judged per candidate and time, each once; the certificates of the
 * pool and anchors named by an issuer's name or key hash.
 */
interface ContextMemo {
  readonly paths: Map<pkijs.Certificate, Map<number, Promise<"valid" | "budget" | "none">>>;
  readonly named: Map<string, pkijs.Certificate[]>;
}
const paths = new WeakMap<ProofContext, ContextMemo>();

function memoOf(ctx: ProofContext): ContextMemo {
  let m = paths.get(ctx);
  if (!m) paths.set(ctx, (m = { paths: new Map(), named: new Map() }));
  return m;
}

function pathOf(ctx: ProofContext, cert: pkijs.Certificate, own: readonly pkijs.Certificate[], at: Date): Promise<"valid" | "budget" | "none"> {
  const byCert = memoOf(ctx).paths;
  let byTime = byCert.get(cert);
  if (!byTime) byCert.set(cert, (byTime = new Map()));
  let r = byTime.get(at.getTime());
  if (!r) {
    // Through certificates of other names (those of its own name are anyone's to add: a11 U1f), from the anchors down.
    const intermediates = [...own, ...ctx.pool].filter((c) => !sameName(c.subject, cert.subject));
    r = validateChain(cert, { anchors: ctx.anchors, intermediates, at, session: ctx.session, ...(ctx.index ? { index: ctx.index } : {}) }).then((p) =>
      p.budgetReached ? "budget" : p.status === "valid" ? "valid" : "none",
    );
    byTime.set(at.getTime(), r);
  }
  return r;
}

async function prove(
  ctx: ProofContext,
  signed: Signed,
  candidates: readonly pkijs.Certificate[],
  own: readonly pkijs.Certificate[],
  at: Date,
  who: string,
): Promise<Proof> {
  if (!candidates.length) return { verdict: "junk", why: `no certificate of ${who} is known` };
  const work = ctx.session.work;
  let count = spent.get(work);
  if (!count) spent.set(work, (count = { n: 0 }));
  let undecided: string | null = null;
  let withPath = 0;
  const tried: string[] = [];
  for (const c of candidates) {
    const path = await pathOf(ctx, c, own, at);
    if (path === "budget") undecided ??= `path building for ${shownSubject(c)} stopped at its budget`;
    if (path !== "valid") continue;
    withPath++;
    for (const tbs of signed.tbs) {
      if (++count.n > budgetOf(work)) return { verdict: "undecided", why: budgetMessage(work), limit: true };
      try {
        if (await ctx.session.engine.verifyWithPublicKey(ownBuffer(tbs), signed.signature, c.subjectPublicKeyInfo, signed.algorithm))
          return { verdict: "issued", by: c };
      } catch (e) {
        tried.push(`${shownSubject(c)}: ${errorMessage(e)}`);
      }
    }
  }
  if (undecided) return { verdict: "undecided", why: undecided };
  if (!withPath) return { verdict: "junk", why: `no certificate of ${who} has a path to a trust anchor` };
  if (signed.reframe) return { verdict: "undecided", why: `its signed part in BER cannot be re-framed: ${signed.reframe}` };
  return { verdict: "junk", why: `its signature does not verify with the key of ${who}${tried.length ? ` (${tried.join("; ")})` : ""}` };
}
